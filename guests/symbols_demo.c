#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

__attribute__((noinline)) static long work(int n)
{
	int *v = malloc(n * sizeof(*v));
	for (int i = 0; i < n; i++)
		v[i] = (i * 7919) % n;
	qsort(v, n, sizeof(*v), cmp);
	long s = 0;
	for (int i = 0; i < n; i++)
		s += v[i];
	free(v);
	return s;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 2000;
	char buf[64];
	snprintf(buf, sizeof(buf), "%ld", work(n));
	printf("%s %zu\n", buf, strlen(buf));
	return 0;
}
