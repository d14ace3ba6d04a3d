/* gprof_demo: a program for gprof, built with -pg (tests/e2e/run_profil.py). Its functions are
 * called a known number of times: top 10, mid 50, leaf 1000, spin 3; spin does the work that
 * the histogram must see. glibc's gmon start-up turns profil on; gmon.out is written in the
 * working directory at exit. Prints one line; exit status 0. */
#include <stdio.h>

volatile unsigned gprof_sink;

__attribute__((noipa)) void leaf(unsigned i)
{
	gprof_sink += i * 3u;
}

__attribute__((noipa)) void mid(unsigned n)
{
	for (unsigned i = 0; i < 20; i++)
		leaf(i + n);
}

__attribute__((noipa)) void top(void)
{
	for (unsigned i = 0; i < 5; i++)
		mid(i);
}

__attribute__((noipa)) unsigned spin(unsigned n)
{
	unsigned x = n;
	for (unsigned i = 0; i < n; i++)
		x = x * 2654435761u + (x >> 7);
	return x;
}

int main(void)
{
	for (int i = 0; i < 10; i++)
		top();
	for (int i = 0; i < 3; i++)
		gprof_sink += spin(300000);
	printf("gprof_demo: calls top 10 mid 50 leaf 1000 spin 3\n");
	return 0;
}
