#include <stdio.h>
#include <string.h>

static const char *greeting(int n)
{
	return n > 1 ? "hello, programs" : "hello, program";
}

int main(int argc, char **argv)
{
	printf("%s (%d args, %zu bytes of argv[0])\n", greeting(argc), argc, strlen(argv[0]));
	return 3;
}
