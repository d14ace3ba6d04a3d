/* A program deaf to the signals that ask it to stop (issue 18): it ignores SIGINT, SIGTERM and
 * SIGHUP (or blocks them, or counts them in a handler), says "ready" on stdout, and then runs
 * until something ends it. tests/e2e/run_hostile.py sends those signals to the profemu running
 * it. Modes:
 *   spin     ignores them and computes for ever (the CPU always busy)
 *   read     ignores them and waits in read(2) on stdin for ever (a host call that restarts
 *            after a signal the guest ignores)
 *   block    has a handler for them but blocks them, and computes for ever
 *   handle N has a handler that counts them and computes until N have come, then prints how
 *            many came and exits 0: a guest that takes every one must get every one */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t came;

static void count(int sig)
{
	(void)sig;
	came++;
}

/* Work a profile can see: a call in a loop. */
static __attribute__((noinline)) unsigned long step(unsigned long x)
{
	return x * 6364136223846793005ul + 1442695040888963407ul;
}

static void on_all(void (*handler)(int))
{
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	int want = argc > 2 ? atoi(argv[2]) : 0;
	volatile unsigned long x = 1;
	if (!strcmp(mode, "spin") || !strcmp(mode, "read")) {
		on_all(SIG_IGN);
	} else if (!strcmp(mode, "block")) {
		on_all(count);
		sigset_t set;
		sigemptyset(&set);
		sigaddset(&set, SIGINT);
		sigaddset(&set, SIGTERM);
		sigaddset(&set, SIGHUP);
		sigprocmask(SIG_BLOCK, &set, NULL);
	} else if (!strcmp(mode, "handle") && want > 0) {
		on_all(count);
	} else {
		fprintf(stderr, "usage: deaf spin|read|block|handle N\n");
		return 2;
	}
	printf("ready\n");
	fflush(stdout);
	if (!strcmp(mode, "read")) {
		char c;
		for (;;)
			if (read(0, &c, 1) == 0)
				pause();	/* stdin closed: nothing but a signal could come */
	}
	while (want == 0 || came < want)
		x = step(x);
	printf("%d signals came\n", (int)came);
	return 0;
}
