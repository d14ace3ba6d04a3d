/*
 * fault: ends in the way asked for, after printing (and flushing) one line.
 *
 * Usage: fault MODE [N]
 *   segv    store through a bad pointer          -> SIGSEGV
 *   abort   abort()                               -> SIGABRT
 *   ill     an undefined instruction (ud2)        -> SIGILL
 *   fpe     integer division by zero              -> SIGFPE
 *   divovf  INT_MIN / -1 (idiv overflow)          -> SIGFPE
 *   exit N  exit(N)
 * Unknown or missing MODE: usage on stderr, exit status 2.
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* volatile so that the compiler can neither see the fault coming nor remove it. */
static volatile uintptr_t bad_address = 16;
static volatile int zero = 0;
static volatile int seven = 7;
static volatile int minus_one = -1;
static volatile int int_min = INT_MIN;

static void say(const char *mode)
{
	printf("fault: mode %s\n", mode);
	fflush(stdout);
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";

	if (strcmp(mode, "segv") == 0) {
		say(mode);
		*(volatile int *)bad_address = 42;
	} else if (strcmp(mode, "abort") == 0) {
		say(mode);
		abort();
	} else if (strcmp(mode, "ill") == 0) {
		say(mode);
		__builtin_trap();
	} else if (strcmp(mode, "fpe") == 0) {
		say(mode);
		printf("%d\n", seven / zero);
	} else if (strcmp(mode, "divovf") == 0) {
		say(mode);
		printf("%d\n", int_min / minus_one);
	} else if (strcmp(mode, "exit") == 0 && argc > 2) {
		int n = atoi(argv[2]);
		say(mode);
		exit(n);
	} else {
		fprintf(stderr, "usage: fault segv|abort|ill|fpe|divovf|exit N\n");
		return 2;
	}
	printf("fault: still alive after %s\n", mode);
	return 1;
}
