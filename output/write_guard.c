/* See write_guard.h. The handler only uses async-signal-safe calls: write, unlink, sigaction,
 * raise. */
#include "output/write_guard.h"

#include <signal.h>
#include <stdbool.h>
#include <string.h>
#include <unistd.h>

static const int guarded[] = { SIGHUP, SIGINT, SIGTERM };
#define GUARDED (sizeof(guarded) / sizeof(guarded[0]))

static struct sigaction saved[GUARDED];
static bool active;
static bool quiet_first;
static volatile sig_atomic_t noted;
/* The temporary's name, the writer's own buffer (mkstemp fills it in place, so it is named
 * here before the file exists: no moment when the file exists unnamed). */
static const char *volatile temp_name;

static void say(const char *s)
{
	ssize_t r = write(STDERR_FILENO, s, strlen(s));
	(void)r;
}

static void on_signal(int sig)
{
	if (!noted) {
		noted = sig;
		if (!quiet_first)
			say("profemu: a signal while the outputs are written: they are completed first "
			    "(a second one stops at once)\n");
		return;
	}
	const char *t = temp_name;
	if (t)
		unlink(t);
	/* the default action once this handler returns (the signal is blocked until then) */
	struct sigaction dfl;
	memset(&dfl, 0, sizeof(dfl));
	dfl.sa_handler = SIG_DFL;
	sigaction(sig, &dfl, NULL);
	raise(sig);
}

void write_guard_begin(bool quiet)
{
	if (active)
		return;
	quiet_first = quiet;
	noted = 0;
	temp_name = NULL;
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;	/* no SA_RESTART: a blocked write ends */
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < GUARDED; i++)
		sigaddset(&sa.sa_mask, guarded[i]);
	for (size_t i = 0; i < GUARDED; i++) {
		struct sigaction old;
		sigaction(guarded[i], NULL, &old);
		saved[i] = old;
		/* a signal profemu was started ignoring (nohup) stays ignored */
		if (old.sa_handler != SIG_IGN)
			sigaction(guarded[i], &sa, NULL);
	}
	active = true;
}

int write_guard_end(void)
{
	if (!active)
		return 0;
	for (size_t i = 0; i < GUARDED; i++)
		sigaction(guarded[i], &saved[i], NULL);
	active = false;
	temp_name = NULL;
	return noted;
}

void write_guard_temp(const char *path)
{
	temp_name = active ? path : NULL;
}
