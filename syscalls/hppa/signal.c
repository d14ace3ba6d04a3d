/* hppa signal numbers (arch/parisc/include/uapi/asm/signal.h): 1-6, 8, 9, 11, 13-15 are the
 * generic ones, the rest moved (SIGBUS 10, SIGUSR1 16, SIGCHLD 18, SIGSTOP 24, SIGSYS 31 ...);
 * real-time signals start at 32 on both sides and keep their numbers. */
#include <signal.h>

#include "abi.h"

static const struct { int host, guest; } moved[] = {
	{ SIGSTKFLT, 7 }, { SIGBUS, 10 }, { SIGXCPU, 12 }, { SIGUSR1, 16 }, { SIGUSR2, 17 },
	{ SIGCHLD, 18 }, { SIGPWR, 19 }, { SIGVTALRM, 20 }, { SIGPROF, 21 }, { SIGIO, 22 },
	{ SIGWINCH, 23 }, { SIGSTOP, 24 }, { SIGTSTP, 25 }, { SIGCONT, 26 }, { SIGTTIN, 27 },
	{ SIGTTOU, 28 }, { SIGURG, 29 }, { SIGXFSZ, 30 }, { SIGSYS, 31 },
};

int hppa_signal_to_guest(int host_signal)
{
	for (unsigned i = 0; i < sizeof moved / sizeof moved[0]; i++)
		if (moved[i].host == host_signal)
			return moved[i].guest;
	return host_signal;
}

int hppa_signal_to_host(int guest_signal)
{
	for (unsigned i = 0; i < sizeof moved / sizeof moved[0]; i++)
		if (moved[i].guest == guest_signal)
			return moved[i].host;
	return guest_signal;
}
