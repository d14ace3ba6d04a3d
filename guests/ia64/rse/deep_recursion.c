/* Deep recursion on IA-64: every call takes a register frame from the register stack, which
 * the register stack engine spills to the backing store in memory when its registers run
 * out and fills back on the way up. deep_recursion [DEPTH] recurses DEPTH deep (default
 * 50000) three ways: plain calls summing on the way back, calls that keep NaT-free values in
 * their frames across a setjmp at the bottom (flushrs) and a longjmp from the bottom to the
 * top (ar.bspstore moves), and a second recursion after that longjmp, then prints what it
 * computed. Ski runs it; profemu must print the same and retire the same count. */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

static volatile long sink;
static jmp_buf top;

/* A small frame (a few stacked registers) that the compiler cannot turn into a loop. */
__attribute__((noinline)) static long down(long n, long salt)
{
	if (n == 0)
		return salt;
	long r = down(n - 1, salt * 3 + 1);
	sink = r;
	return r + n;
}

/* Registers live across the call: checked on the way back after longjmp skipped nothing. */
__attribute__((noinline)) static long down_jump(long n, long a, long b)
{
	if (n == 0) {
		static jmp_buf bottom;
		if (setjmp(bottom) == 0)	/* flushrs here, a frame DEPTH deep */
			longjmp(bottom, 1);	/* and back to the same frame */
		return a ^ b;
	}
	long r = down_jump(n - 1, a + n, b * 7 + n);
	sink = r;
	if (n == 1000)
		longjmp(top, (int)(r & 0x7fffffff) | 1);
	return r - a + b;
}

int main(int argc, char **argv)
{
	long depth = argc > 1 ? strtol(argv[1], NULL, 10) : 50000;
	printf("depth %ld\n", depth);
	printf("down: %ld\n", down(depth, 1));
	int v = setjmp(top);
	if (v == 0)
		printf("never: %ld\n", down_jump(depth, 1, 2));
	printf("longjmp from 1000 deep: %d\n", v);
	printf("down again: %ld\n", down(depth / 2, 5));
	return 0;
}
