/* Signals from outside reach the guest, as under qemu-user: every signal one process may send
 * another (SIGINT from a terminal, SIGTERM from kill, a signal another guest process sent with
 * kill(2), which profemu turns into a host signal to the process running it), and SIGCHLD when
 * a host child, which is a guest child, stops, continues or ends. Not forwarded: SIGKILL and
 * SIGSTOP, which the kernel keeps, the synchronous signals profemu's own faults would raise
 * (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGSYS, SIGABRT: they keep their default action),
 * and glibc's two internal real-time signals.
 *
 * The host handler only notes the signal with its siginfo and stops the CPU; the run loop then
 * hands it to the guest between two runs (host_signals_take), so the guest sees it at an
 * instruction boundary: its handler runs (a --strace line shows the delivery), or its default
 * action applies, and an ending guest still has every requested profile written. SIGINT with
 * the default action keeps profemu's own meaning: the run stops as "interrupted" (status 130).
 * A stop signal (SIGINT, SIGTERM, SIGHUP) the guest does not take (it ignores it, or every
 * thread blocks it for a handler) changes nothing but a message; a second one it does not take
 * either ends the run as if it had killed the guest: a user can always end a deaf guest and
 * keep its profile (only SIGKILL loses it). After an ignored one, no host call restarts after
 * a stop signal any more: the second must end a read the guest waits in.
 * A sender that is a process of the guest's tree is named by its guest pid; another, by 0 (a
 * deterministic stand-in). Where the signal lands depends on the host's timing, as for any
 * signal from outside.
 *
 * A host call profemu makes for the guest (a read, a wait) is interrupted by a forwarded signal
 * only when the guest would be: when the guest has a handler for it or its action ends the
 * process; a signal the guest ignores (SIGCHLD by default) restarts the call (SA_RESTART). */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "guest_signal.h"
#include "host_signals.h"
#include "thread.h"

#define HOST_NSIG 65

struct arrival {
	volatile sig_atomic_t pending, count;
	volatile pid_t pid;
	volatile uid_t uid;
	volatile int code, status;
};

static struct arrival arrived[HOST_NSIG];
static volatile sig_atomic_t any_arrived;
static struct cpu *volatile running_cpu;
static struct sigaction saved[HOST_NSIG];
static bool installed[HOST_NSIG];
/* A stop signal (SIGINT, SIGTERM, SIGHUP) the guest ignored has come: from then on another
 * untaken one ends the run, and no host call restarts after one (else a read the guest waits
 * in would swallow the second). Set by the handler itself, for a call it already interrupts. */
static volatile sig_atomic_t stop_unheeded;

/* One of them was taken (host_signals_take) while the guest ignored it. */
static bool stop_ignored_taken;

static bool is_stop_signal(int sig)
{
	return sig == SIGINT || sig == SIGTERM || sig == SIGHUP;
}

static bool forwarded(int sig)
{
	switch (sig) {
	case SIGKILL: case SIGSTOP: case SIGSEGV: case SIGBUS: case SIGFPE: case SIGILL:
	case SIGTRAP: case SIGSYS: case SIGABRT:
		return false;
	default:
		/* 32 and 33: glibc's own (thread cancellation, set*id broadcast) */
		return sig >= 1 && sig < HOST_NSIG && (sig < 32 || sig >= SIGRTMIN);
	}
}

static void on_host_signal(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	struct arrival *a = &arrived[sig];
	a->pid = si->si_pid;
	a->uid = si->si_uid;
	a->code = si->si_code;
	a->status = si->si_status;
	a->pending = 1;
	a->count++;
	any_arrived = 1;
	if (is_stop_signal(sig) && !stop_unheeded) {
		struct sigaction now;
		if (sigaction(sig, NULL, &now) == 0 && (now.sa_flags & SA_RESTART)) {
			/* only a signal the guest ignores is installed with SA_RESTART */
			stop_unheeded = 1;
			now.sa_flags &= ~SA_RESTART;
			sigaction(SIGINT, &now, NULL);
			sigaction(SIGTERM, &now, NULL);
			sigaction(SIGHUP, &now, NULL);
		}
	}
	if (running_cpu)
		cpu_request_stop_async(running_cpu);
}

/* Whether the guest's action for host signal hs lets a host call go on (SA_RESTART): it
 * ignores the signal, by SIG_IGN or by a default action that ignores. */
static bool guest_ignores(const struct process *p, int hs)
{
	int gs = p ? guest_sig(p, hs) : 0;
	if (gs < 1 || gs >= GUEST_NSIG)
		return default_ignored(hs);
	uint64_t h = p->sigactions[gs].handler;
	return h == SIG_IGN_ || (h == SIG_DFL_ && default_ignored(hs));
}

static void install_one(const struct process *p, int hs)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_host_signal;
	bool restart = guest_ignores(p, hs) && !(stop_unheeded && is_stop_signal(hs));
	sa.sa_flags = SA_SIGINFO | (restart ? SA_RESTART : 0);
	sigfillset(&sa.sa_mask);
	sigaction(hs, &sa, installed[hs] ? NULL : &saved[hs]);
	installed[hs] = true;
}

/* What execve keeps, as Linux does: a signal ignored stays ignored, the mask stays (the
 * profemu that ran the program before the exec left both on the host for this one). */
static void inherit(struct process *p)
{
	sigset_t mask, none;
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, &mask);
	for (int hs = 1; hs < HOST_NSIG; hs++) {
		int gs = guest_sig(p, hs);
		if (!forwarded(hs) || gs < 1 || gs >= GUEST_NSIG)
			continue;
		struct sigaction old;
		if (sigaction(hs, NULL, &old) == 0 && old.sa_handler == SIG_IGN &&
		    p->sigactions[gs].handler == SIG_DFL_)
			p->sigactions[gs].handler = SIG_IGN_;
		if (sigismember(&mask, hs) && hs != SIGKILL && hs != SIGSTOP)
			p->sigmask |= sig_bit(gs);
	}
}

void host_signals_pass_on(const struct process *p)
{
	host_signals_restore();
	sigset_t mask;
	sigemptyset(&mask);
	for (int hs = 1; hs < HOST_NSIG; hs++) {
		int gs = guest_sig(p, hs);
		if (!forwarded(hs) || gs < 1 || gs >= GUEST_NSIG)
			continue;
		signal(hs, p->sigactions[gs].handler == SIG_IGN_ ? SIG_IGN : SIG_DFL);
		if (p->sigmask & sig_bit(gs))
			sigaddset(&mask, hs);
	}
	sigprocmask(SIG_SETMASK, &mask, NULL);
}

void host_signals_install(struct process *p)
{
	inherit(p);
	running_cpu = p->cpu;
	for (int hs = 1; hs < HOST_NSIG; hs++)
		if (forwarded(hs))
			install_one(p, hs);
}

void host_signals_update(const struct process *p, int guest_signal)
{
	int hs = host_sig(p, guest_signal);
	if (hs >= 1 && hs < HOST_NSIG && installed[hs])
		install_one(p, hs);
}

void host_signals_restore(void)
{
	running_cpu = NULL;
	for (int hs = 1; hs < HOST_NSIG; hs++)
		if (installed[hs]) {
			sigaction(hs, &saved[hs], NULL);
			installed[hs] = false;
		}
}

/* Whether the guest takes stop signal hs (guest sig) now: it neither ignores it nor has every
 * thread block it (a blocked one stays pending, whatever its action, as in Linux). */
static bool taken(struct process *p, int hs, int sig)
{
	if (guest_ignores(p, hs))
		return false;
	return !(p->sigmask & sig_bit(sig)) || sched_signal_target(p, sig) != NULL;
}

/* An earlier stop signal the guest did not take: one it ignored, or one still pending. */
static bool stop_unheeded_before(struct process *p)
{
	if (stop_ignored_taken)
		return true;
	int stops[] = { SIGINT, SIGTERM, SIGHUP };
	for (size_t i = 0; i < sizeof(stops) / sizeof(stops[0]); i++) {
		int gs = guest_sig(p, stops[i]);
		if (gs >= 1 && gs < GUEST_NSIG && (p->sigpending & sig_bit(gs)))
			return true;
	}
	return false;
}

static void warn_unheeded(const struct process *p, int hs, int sig)
{
	if (p->forked)
		return;
	fprintf(stderr, "profemu: %s: the program %s SIG%s; a second SIGINT, SIGTERM or SIGHUP "
		"ends the run (the outputs are written)\n", p->exe_guest_path,
		p->sigactions[sig].handler == SIG_IGN_ ? "ignores" : "blocks", sigabbrev_np(hs));
}

/* A stop signal the guest does not take, after one it did not take either: the run ends as if
 * the guest had been killed by it (status 128 + the signal), with every output written. */
static void end_unheeded(struct process *p, int hs, int sig)
{
	if (!p->forked)
		fprintf(stderr, "profemu: %s: SIG%s, a second stop signal the program %s: the run "
			"ends\n",
			p->exe_guest_path, sigabbrev_np(hs),
			p->sigactions[sig].handler == SIG_IGN_ ? "ignores" : "blocks");
	process_kill(p, sig);
}

bool host_signals_take(struct process *p)
{
	bool interrupt = false;
	if (!any_arrived)
		return false;
	any_arrived = 0;
	for (int hs = 1; hs < HOST_NSIG && !p->ended; hs++) {
		struct arrival *a = &arrived[hs];
		if (!a->pending)
			continue;
		a->pending = 0;
		int times = a->count;
		a->count = 0;
		int sig = guest_sig(p, hs);
		if (sig < 1 || sig >= GUEST_NSIG)
			continue;
		if (is_stop_signal(hs) && !taken(p, hs, sig)) {
			if (stop_unheeded_before(p) || times > 1) {
				end_unheeded(p, hs, sig);
				break;
			}
			warn_unheeded(p, hs, sig);
			stop_ignored_taken = stop_ignored_taken || guest_ignores(p, hs);
		}
		if (hs == SIGINT && p->sigactions[sig].handler == SIG_DFL_) {
			interrupt = true;
			continue;
		}
		bool tree = tree_has_host_pid(&p->tree, a->pid);
		struct guest_siginfo info = {
			.code = a->code, .uid = (int32_t)a->uid,
			.pid = tree ? tree_guest_pid(&p->tree, a->pid, p->cfg.pid) : 0,
		};
		if (hs == SIGCHLD) {
			info.has_status = true;
			info.status = a->code == CLD_EXITED ? a->status : guest_sig(p, a->status);
		} else if (!tree) {
			info.code = a->code <= 0 ? a->code : 0;	/* SI_USER, SI_QUEUE, SI_TKILL... */
		}
		process_signal_send(p, sig, &info);
	}
	return interrupt;
}

bool host_signals_could_wake(const struct process *p, uint64_t mask)
{
	for (int hs = 1; hs < HOST_NSIG; hs++) {
		if (!forwarded(hs))
			continue;
		int sig = guest_sig(p, hs);
		if (sig < 1 || sig >= GUEST_NSIG || (mask & sig_bit(sig)))
			continue;
		uint64_t h = p->sigactions[sig].handler;
		if (h != SIG_IGN_ && h != SIG_DFL_)
			return true;
		/* A process among others (process_has_company) may be ended by one of them: a
		 * default action that ends it ends the wait too. Alone, only a handler can. */
		if (h == SIG_DFL_ && !default_ignored(hs) && hs != SIGINT && process_has_company(p))
			return true;
	}
	return false;
}

/* Waits until a forwarded signal arrives, at most ns (UINT64_MAX: no limit), without missing
 * one that arrives just before: the check and the wait happen with them blocked. */
bool host_signals_wait_for(uint64_t ns)
{
	sigset_t block, old;
	sigemptyset(&block);
	for (int hs = 1; hs < HOST_NSIG; hs++)
		if (installed[hs])
			sigaddset(&block, hs);
	sigprocmask(SIG_BLOCK, &block, &old);
	if (!any_arrived) {
		sigset_t during = old;
		for (int hs = 1; hs < HOST_NSIG; hs++)
			if (installed[hs])
				sigdelset(&during, hs);
		if (ns == UINT64_MAX) {
			sigsuspend(&during);
		} else {
			struct timespec ts = { (time_t)(ns / 1000000000u), (long)(ns % 1000000000u) };
			pselect(0, NULL, NULL, NULL, &ts, &during);
		}
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	return any_arrived;
}

void host_signals_wait(void)
{
	host_signals_wait_for(UINT64_MAX);
}
