/* Signals from outside: SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1/2, SIGWINCH and SIGPIPE sent
 * to profemu reach the guest, as under qemu-user.
 *
 * The host handler only notes the signal and stops the CPU; the run loop then hands it to the
 * guest between two runs (host_signals_take), so the guest sees it at an instruction boundary:
 * its handler runs (a --strace line shows the delivery), or its default action applies, and an
 * ending guest still has every requested profile written. SIGINT with the default action keeps
 * profemu's own meaning: the run stops as "interrupted" (status 130). Where the signal lands
 * depends on the host's timing, as for any signal from outside. */
#include <string.h>
#include <unistd.h>

#include "guest_signal.h"
#include "host_signals.h"

static const int forwarded[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGWINCH, SIGPIPE };
enum { NFORWARDED = sizeof(forwarded) / sizeof(forwarded[0]) };

static volatile sig_atomic_t arrived[NFORWARDED];
static volatile sig_atomic_t any_arrived;
static struct cpu *volatile running_cpu;
static struct sigaction saved[NFORWARDED];

static void on_host_signal(int sig)
{
	for (int i = 0; i < NFORWARDED; i++)
		if (forwarded[i] == sig)
			arrived[i] = 1;
	any_arrived = 1;
	if (running_cpu)
		cpu_request_stop(running_cpu);
}

void host_signals_install(struct cpu *cpu)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_host_signal;
	sigemptyset(&sa.sa_mask);
	for (int i = 0; i < NFORWARDED; i++)
		sigaddset(&sa.sa_mask, forwarded[i]);
	running_cpu = cpu;
	for (int i = 0; i < NFORWARDED; i++)
		sigaction(forwarded[i], &sa, &saved[i]);
}

void host_signals_restore(void)
{
	running_cpu = NULL;
	for (int i = 0; i < NFORWARDED; i++)
		sigaction(forwarded[i], &saved[i], NULL);
}

bool host_signals_take(struct process *p)
{
	bool interrupt = false;
	if (!any_arrived)
		return false;
	any_arrived = 0;
	for (int i = 0; i < NFORWARDED && !p->ended; i++) {
		if (!arrived[i])
			continue;
		arrived[i] = 0;
		int sig = guest_sig(p, forwarded[i]);
		if (sig < 1 || sig >= GUEST_NSIG)
			continue;
		if (forwarded[i] == SIGINT && p->sigactions[sig].handler == SIG_DFL_) {
			interrupt = true;
			continue;
		}
		/* From outside: si_code SI_USER, sender unknown (0), as a deterministic stand-in. */
		struct guest_siginfo info = { .code = 0, .pid = 0, .uid = (int32_t)getuid() };
		process_signal_send(p, sig, &info);
	}
	return interrupt;
}

bool host_signals_could_wake(const struct process *p, uint64_t mask)
{
	for (int i = 0; i < NFORWARDED; i++) {
		int sig = guest_sig(p, forwarded[i]);
		if (sig < 1 || sig >= GUEST_NSIG || (mask & sig_bit(sig)))
			continue;
		uint64_t h = p->sigactions[sig].handler;
		if (h != SIG_IGN_ && h != SIG_DFL_)
			return true;
	}
	return false;
}

void host_signals_wait(void)
{
	sigset_t none;
	sigemptyset(&none);
	if (!any_arrived)
		sigsuspend(&none);
}
