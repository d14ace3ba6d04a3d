/* Signal bookkeeping and signals a process sends itself: the system calls (sending is
 * signal_deliver.c's process_signal_send).
 *
 * A signal sent to the process goes to its running thread unless that thread blocks it and
 * another does not (thread.h); tgkill reaches any thread. A signal sent to ourselves that has a guest
 * handler becomes pending and is delivered when it is not blocked, at the end of the system
 * call (signal_deliver.c): so raise() runs the handler before it returns, and a signal sent
 * while blocked runs when rt_sigprocmask unblocks it. A signal with the default action acts at
 * once, ignored or fatal, even while blocked: glibc's raise() and abort() block every signal
 * around tgkill and would take it when they unblock a few instructions later, so acting at
 * once ends such a program the same way. Signal numbers: guest_signal.h. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

#include "guest_signal.h"
#include "handlers.h"
#include "host_signals.h"
#include "poll_wait.h"
#include "signal_remote.h"
#include "signalfd.h"
#include "thread.h"

/* The kernel's sigset_t for every ABI we serve: 64 signals, 8 bytes. */
#define SIGSET_BYTES 8

enum { SIG_BLOCK_ = 0, SIG_UNBLOCK_ = 1, SIG_SETMASK_ = 2 };	/* generic and hppa values */
#define MINSIGSTKSZ_ 2048					/* x86 and hppa */

/* A sigset_t is an array of guest "long"s with signal 1 in bit 0 of the first: on a 32-bit
 * big-endian guest the two halves are not one 64-bit big-endian value. */
static int get_sigset(struct process *p, uint64_t addr, uint64_t *set)
{
	unsigned w = p->mem.word_size;
	*set = 0;
	for (unsigned i = 0; i < SIGSET_BYTES / w; i++) {
		uint64_t v;
		int r = gm_get(&p->mem, addr + i * w, w, &v);
		if (r)
			return r;
		*set |= v << (8 * w * i);
	}
	return 0;
}

int sys_get_sigset(struct process *p, uint64_t addr, uint64_t *set)
{
	return get_sigset(p, addr, set);
}

static int put_sigset(struct process *p, uint64_t addr, uint64_t set)
{
	unsigned w = p->mem.word_size;
	for (unsigned i = 0; i < SIGSET_BYTES / w; i++) {
		uint64_t v = w == 8 ? set : (set >> (32 * i)) & 0xffffffffu;
		int r = gm_put(&p->mem, addr + i * w, w, v);
		if (r)
			return r;
	}
	return 0;
}

/* The kernel's struct sigaction for rt_sigaction: {handler, flags, restorer, mask} in longs;
 * an ABI without SA_RESTORER (hppa, IA-64) has no restorer field either. */
static bool has_restorer(const struct process *p)
{
	return abi_bits_to_guest(&p->abi->flags->sa, ABI_SA_RESTORER) != 0;
}

static int get_sigaction(struct process *p, uint64_t addr, struct guest_sigaction *sa)
{
	unsigned w = p->mem.word_size;
	int r = gm_get_word(&p->mem, addr, &sa->handler);
	if (!r)
		r = gm_get_word(&p->mem, addr + w, &sa->flags);
	sa->flags = abi_bits_to_neutral(&p->abi->flags->sa, sa->flags);
	sa->restorer = 0;
	if (!r && has_restorer(p))
		r = gm_get_word(&p->mem, addr + 2 * w, &sa->restorer);
	if (!r)
		r = get_sigset(p, addr + (has_restorer(p) ? 3 : 2) * w, &sa->mask);
	return r;
}

static int put_sigaction(struct process *p, uint64_t addr, const struct guest_sigaction *sa)
{
	unsigned w = p->mem.word_size;
	int r = gm_put_word(&p->mem, addr, sa->handler);
	if (!r)
		r = gm_put_word(&p->mem, addr + w, abi_bits_to_guest(&p->abi->flags->sa, sa->flags));
	if (!r && has_restorer(p))
		r = gm_put_word(&p->mem, addr + 2 * w, sa->restorer);
	if (!r)
		r = put_sigset(p, addr + (has_restorer(p) ? 3 : 2) * w, sa->mask);
	return r;
}

/* rt_sigaction(sig, act, oact, sigsetsize). As in the kernel: act is read before anything
 * changes, oact reports the previous action, and SIGKILL/SIGSTOP never enter a mask. */
int64_t sys_rt_sigaction(struct process *p, const uint64_t *a)
{
	int64_t sig = (int64_t)(int32_t)a[0];
	uint64_t act = a[1], oact = a[2];
	if (a[3] != SIGSET_BYTES || sig < 1 || sig >= GUEST_NSIG)
		return -EINVAL;
	int hsig = host_sig(p, (int)sig);
	if (act && (hsig == SIGKILL || hsig == SIGSTOP))
		return -EINVAL;

	struct guest_sigaction new_sa;
	if (act) {
		int r = get_sigaction(p, act, &new_sa);
		if (r)
			return r;
		new_sa.mask &= ~unblockable(p);
	}
	struct guest_sigaction old_sa = p->sigactions[sig];
	if (act) {
		p->sigactions[sig] = new_sa;
		host_signals_update(p, (int)sig);
	}
	return oact ? put_sigaction(p, oact, &old_sa) : 0;
}

/* rt_sigprocmask(how, set, oset, sigsetsize). A pending signal it unblocks is delivered as the
 * call returns (sys_dispatch stops the CPU for it). */
int64_t sys_rt_sigprocmask(struct process *p, const uint64_t *a)
{
	int how = (int)a[0];
	uint64_t set_addr = a[1], oset_addr = a[2];
	if (a[3] != SIGSET_BYTES)
		return -EINVAL;
	uint64_t old = p->sigmask;
	if (set_addr) {
		uint64_t set;
		int r = get_sigset(p, set_addr, &set);
		if (r)
			return r;
		set &= ~unblockable(p);
		switch (how) {
		case SIG_BLOCK_: p->sigmask |= set; break;
		case SIG_UNBLOCK_: p->sigmask &= ~set; break;
		case SIG_SETMASK_: p->sigmask = set; break;
		default: return -EINVAL;
		}
		sched_claim_shared(p);
	}
	return oset_addr ? put_sigset(p, oset_addr, old) : 0;
}

/* sigaltstack(ss, old_ss): where handlers with SA_ONSTACK run. stack_t = {void *sp; int
 * flags; size_t size}, the int padded to a word on 64-bit. The old stack is read before the
 * new one is set; SS_ONSTACK is reported while running on it (changing it then is EPERM). */
int64_t sys_sigaltstack(struct process *p, const uint64_t *a)
{
	unsigned w = p->mem.word_size;
	uint64_t ss = a[0], old = a[1];
	uint64_t old_sp = p->altstack_sp, old_size = p->altstack_size;
	bool on = p->cpu && sp_on_altstack(cpu_reg(p->cpu, p->abi->stack_reg), old_sp, old_size);
	if (old) {
		uint64_t flags = !old_size ? SS_DISABLE_ : on ? SS_ONSTACK_ : 0;
		int r = gm_put_word(&p->mem, old, old_sp);
		if (!r)
			r = gm_put(&p->mem, old + w, 4, flags);
		if (!r && w == 8)
			r = gm_put(&p->mem, old + 12, 4, 0);
		if (!r)
			r = gm_put_word(&p->mem, old + 2 * w, old_size);
		if (r)
			return r;
	}
	if (ss) {
		uint64_t sp, flags, size;
		int r = gm_get_word(&p->mem, ss, &sp);
		if (!r)
			r = gm_get(&p->mem, ss + w, 4, &flags);
		if (!r)
			r = gm_get_word(&p->mem, ss + 2 * w, &size);
		if (r)
			return r;
		uint64_t mode = flags & ~(uint64_t)SS_AUTODISARM_;
		if (mode != 0 && mode != SS_ONSTACK_ && mode != SS_DISABLE_)
			return -EINVAL;
		if (on)
			return -EPERM;
		if (mode != SS_DISABLE_ && size < MINSIGSTKSZ_)
			return -ENOMEM;
		p->altstack_sp = mode == SS_DISABLE_ ? 0 : sp;
		p->altstack_size = mode == SS_DISABLE_ ? 0 : size;
	}
	return 0;
}

/* rt_sigpending(set, sigsetsize): the signals raised while blocked. */
int64_t sys_rt_sigpending(struct process *p, const uint64_t *a)
{
	if (a[1] > SIGSET_BYTES)
		return -EINVAL;
	return put_sigset(p, a[0], p->sigpending & p->sigmask);
}

/* Waiting for a signal (pause, rt_sigsuspend): one is due now, or ITIMER_REAL brings one (guest
 * time passes until it expires), or one from outside could (a handler is installed for it):
 * then profemu waits on the host. Nothing else could ever send one: Linux would wait forever,
 * so the process ends as after a deadlock, with a message. */
static int64_t wait_for_signal(struct process *p, const char *call)
{
	uint64_t left;
	if (process_signal_due(p) || p->ended)
		return -EINTR;
	if (p->sched) {
		/* Only this thread waits; the scheduler wakes it for a signal (thread.h). */
		sched_block(p, WAIT_SIGNAL, UINT64_MAX);
		return -EINTR;
	}
	if (process_sleep(p, UINT64_MAX, &left) || p->ended)
		return -EINTR;
	if (host_signals_could_wake(p, p->sigmask)) {
		host_signals_wait();	/* the signal's handler stops the CPU: it is taken then */
		return -EINTR;
	}
	fprintf(stderr, "profemu: %s with no signal that could come: deadlock\n", call);
	process_kill(p, guest_sig(p, SIGABRT));
	return -EINTR;
}

int64_t sys_pause(struct process *p, const uint64_t *a)
{
	(void)a;
	return wait_for_signal(p, "pause");
}

/* sigsuspend, ppoll and pselect6 wait with a mask of their own: a handler's frame saves
 * the mask from before; a call that ends without a signal puts it back (signal_wait_mask_end). */
int signal_wait_mask_begin(struct process *p, uint64_t addr, uint64_t size)
{
	uint64_t mask;
	if (size != SIGSET_BYTES)
		return -EINVAL;
	int r = get_sigset(p, addr, &mask);
	if (r)
		return r;
	p->suspend_saved_mask = p->sigmask;
	p->suspend_mask_active = true;
	p->sigmask = mask & ~unblockable(p);
	sched_claim_shared(p);
	return 0;
}

void signal_wait_mask_end(struct process *p)
{
	/* a signal due under the call's mask keeps it: the run loop delivers the signal and the
	 * frame saves the mask from before (signal_deliver.c) */
	if (p->suspend_mask_active && !process_signal_due(p)) {
		p->sigmask = p->suspend_saved_mask;
		p->suspend_mask_active = false;
	}
}

/* rt_sigsuspend(mask, sigsetsize): waits with mask; the first handler's frame saves the mask
 * from before, which sigreturn brings back (signal_deliver.c). */
int64_t sys_rt_sigsuspend(struct process *p, const uint64_t *a)
{
	int r = signal_wait_mask_begin(p, a[0], a[1]);
	return r ? r : wait_for_signal(p, "sigsuspend");
}

/* rt_sigreturn and i386's sigreturn: the frame is restored between runs of the CPU
 * (signal_deliver.c); the registers the call would set are all in it. */
int64_t sys_rt_sigreturn(struct process *p, const uint64_t *a)
{
	(void)a;
	p->sigreturn_due = 1;
	return 0;
}

int64_t sys_sigreturn(struct process *p, const uint64_t *a)
{
	(void)a;
	p->sigreturn_due = 2;
	return 0;
}

enum { SI_USER_ = 0, SI_TKILL_ = -6 };	/* si_code: sent by kill, by tkill or tgkill */

/* A signal sent to ourselves (sig already range-checked). SIGKILL and SIGSTOP always have the
 * default action: rt_sigaction refuses to change it. */
static int64_t signal_self(struct process *p, int64_t sig, int32_t code)
{
	if (sig == 0)
		return 0;	/* existence and permission check only */
	struct guest_siginfo info = { .code = code, .pid = p->cfg.pid, .uid = (int32_t)getuid() };
	process_signal_send(p, (int)sig, &info);
	return 0;
}

/* kill(pid, sig): to ourselves, synchronously; to another process of the tree or of the host,
 * or to a group, through the host (signal_remote.c). */
int64_t sys_kill(struct process *p, const uint64_t *a)
{
	int32_t pid = (int32_t)a[0];
	int64_t sig = (int64_t)(int32_t)a[1];
	if (sig < 0 || sig >= GUEST_NSIG)
		return -EINVAL;
	if (pid == p->cfg.pid)
		return signal_self(p, sig, SI_USER_);
	if (pid > 0)
		return signal_remote(p, pid, (int)sig);
	if (pid == INT32_MIN)
		return -ESRCH;
	bool self_too;
	int64_t r = signal_group(p, pid, (int)sig, &self_too);
	return r == 0 && self_too ? signal_self(p, sig, SI_USER_) : r;
}

/* To one thread (tgkill, tkill): the running one, or another of ours. */
static int64_t signal_thread(struct process *p, int32_t tid, int64_t sig)
{
	if (tid == sched_current_tid(p))
		return signal_self(p, sig, SI_TKILL_);
	struct guest_thread *t = sched_find(p, tid);
	if (!t)
		return -ESRCH;
	if (sig == 0)
		return 0;
	struct guest_siginfo info = { .code = SI_TKILL_, .pid = p->cfg.pid, .uid = (int32_t)getuid() };
	process_signal_send_to(p, t, (int)sig, &info);
	return 0;
}

/* tgkill(tgid, tid, sig): the thread group is the process (tgid == pid). */
int64_t sys_tgkill(struct process *p, const uint64_t *a)
{
	int64_t tgid = (int64_t)(int32_t)a[0], tid = (int64_t)(int32_t)a[1];
	int64_t sig = (int64_t)(int32_t)a[2];
	if (tgid <= 0 || tid <= 0 || sig < 0 || sig >= GUEST_NSIG)
		return -EINVAL;
	if (tgid != p->cfg.pid)	/* another process's main thread, or none */
		return tid == tgid ? signal_remote(p, (int32_t)tgid, (int)sig) : -ESRCH;
	return signal_thread(p, (int32_t)tid, sig);
}

int64_t sys_tkill(struct process *p, const uint64_t *a)
{
	int64_t tid = (int64_t)(int32_t)a[0], sig = (int64_t)(int32_t)a[1];
	if (tid <= 0 || sig < 0 || sig >= GUEST_NSIG)
		return -EINVAL;
	return signal_thread(p, (int32_t)tid, sig);
}
