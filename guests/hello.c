/* hello: the smallest guest. Prints a greeting with printf and exits 0. */
#include <stdio.h>

int main(void)
{
	printf("Hello, world!\n");
	printf("%s %d %u %x %c %5.2f|%-6s|\n", "printf", -42, 42u, 0xbeefu, 'z', 3.14159, "pad");
	return 0;
}
