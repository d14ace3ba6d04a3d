/* Sending signals and running guest signal handlers.
 *
 * A signal for a handler is made pending where it is raised (kill, tgkill, a fault) and is
 * delivered between two runs of the CPU, never from inside one: the CPU stops at the end of
 * the system call that made something due, and the run loop calls process_signal_work, which
 * builds the kernel's frame on the guest stack through the ABI (syscalls/<abi>/sigframe.c)
 * and points the registers at the handler. The handler returns through its sa_restorer into
 * rt_sigreturn (or i386's sigreturn), which only marks the frame for restoring; the stop that
 * follows restores it here. Since every signal comes from the program itself, delivery points
 * are exact and a run is as reproducible as without signals.
 *
 * As in Linux: the handler runs with sa_mask and the signal itself blocked (unless
 * SA_NODEFER), SA_RESETHAND restores the default action, SA_ONSTACK uses the sigaltstack, and
 * a frame that cannot be written kills the process with SIGSEGV. */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "guest_signal.h"
#include "process.h"
#include "signalfd.h"
#include "strace.h"
#include "thread.h"

void process_signal_raise(struct process *p, int sig, const struct guest_siginfo *info)
{
	p->sigpending |= sig_bit(sig);
	p->siginfo[sig] = *info;
	signalfd_sync(p);
}

/* A signalfd read that waits (sigwait_mask) is woken by the blocked signals it waits for. */
bool process_signal_due(const struct process *p)
{
	return p->sigreturn_due || (p->sigpending & (~p->sigmask | p->sigwait_mask));
}

/* A signal for a handler, to thread t (NULL: the running one). */
static void raise_for(struct process *p, struct guest_thread *t, int sig, const struct guest_siginfo *info)
{
	if (!t || t == sched_current(p)) {
		process_signal_raise(p, sig, info);
		return;
	}
	t->sigpending |= sig_bit(sig);
	p->siginfo[sig] = *info;
}

/* to_process: a process-directed signal, which waits for any thread to unblock it. */
static void send(struct process *p, struct guest_thread *t, int sig, const struct guest_siginfo *info,
		 bool to_process)
{
	uint64_t handler = p->sigactions[sig].handler;
	if (handler == SIG_IGN_ || (handler == SIG_DFL_ && default_ignored(host_sig(p, sig))))
		return;
	/* A blocked signal stays pending even when its action is the default one: a signalfd
	 * read may take it, or its delivery once unblocked applies that action (deliver). */
	uint64_t mask = t && t != sched_current(p) ? t->sigmask : p->sigmask;
	bool blocked = (mask & sig_bit(sig)) != 0;
	if ((handler != SIG_DFL_ || blocked) && p->abi && p->abi->signal_push) {
		if (to_process && !t && sched_hold_shared(p, sig)) {
			p->siginfo[sig] = *info;
			signalfd_sync(p);	/* a signalfd read sees the process-wide set */
		} else
			raise_for(p, t, sig, info);
		return;
	}
	if (handler != SIG_DFL_)
		fprintf(stderr, "profemu: signal %d delivery to a guest handler is not supported; "
			"terminating\n", sig);
	process_kill(p, sig);
}

void process_signal_send_to(struct process *p, struct guest_thread *t, int sig,
			    const struct guest_siginfo *info)
{
	send(p, t, sig, info, false);
}

/* Process-directed: the running thread, unless it blocks the signal and another does not. */
void process_signal_send(struct process *p, int sig, const struct guest_siginfo *info)
{
	send(p, sched_signal_target(p, sig), sig, info, true);
}

/* The --strace line for a delivery, as strace and qemu print it. */
static void strace_delivery(struct process *p, int sig, const struct guest_siginfo *info)
{
	if (!p->cfg.strace)
		return;
	const char *name = sigabbrev_np(host_sig(p, sig));
	char line[256];
	int n = snprintf(line, sizeof line, "%d --- SIG%s {si_signo=SIG%s, si_code=%d",
			 (int)sched_current_tid(p), name ? name : "?", name ? name : "?", (int)info->code);
	if (n < 0 || (size_t)n >= sizeof line)
		n = 0;
	if (info->is_fault)
		snprintf(line + n, sizeof line - (size_t)n, ", si_addr=0x%llx} ---\n",
			 (unsigned long long)info->addr);
	else
		snprintf(line + n, sizeof line - (size_t)n, ", si_pid=%d, si_uid=%d} ---\n",
			 (int)info->pid, (int)info->uid);
	strace_line(p, line);
}

uint64_t signal_frame_sp(const struct signal_frame *f, uint64_t sp, uint64_t red_zone, int *ss_flags)
{
	bool has = f->altstack_size != 0;
	bool on = sp_on_altstack(sp, f->altstack_sp, f->altstack_size);	/* nested: stay there */
	*ss_flags = !has ? SS_DISABLE_ : on ? SS_ONSTACK_ : 0;
	if (has && !on && (f->sa->flags & ABI_SA_ONSTACK))
		return f->altstack_sp + f->altstack_size;
	return sp - red_zone;
}

/* Delivers sig now. False if the process ended instead. */
static bool deliver(struct process *p, int sig)
{
	struct guest_sigaction sa = p->sigactions[sig];
	struct guest_siginfo info = p->siginfo[sig];
	p->sigpending &= ~sig_bit(sig);
	signalfd_sync(p);
	if (sa.handler == SIG_IGN_)
		return true;
	if (sa.handler == SIG_DFL_) {
		/* The handler was removed while the signal was blocked: the default action. */
		if (default_ignored(host_sig(p, sig)))
			return true;
		process_kill(p, sig);
		return false;
	}
	struct signal_frame f = {
		.sig = sig, .sa = &sa, .info = &info,
		.saved_mask = p->suspend_mask_active ? p->suspend_saved_mask : p->sigmask,
		.altstack_sp = p->altstack_sp, .altstack_size = p->altstack_size,
	};
	strace_delivery(p, sig, &info);
	if (!p->abi->signal_push || p->abi->signal_push(p, &f) != 0) {
		fprintf(stderr, "profemu: cannot write the frame of signal %d on the guest stack: killed "
			"by SIGSEGV\n", sig);
		process_kill(p, guest_sig(p, SIGSEGV));
		return false;
	}
	p->suspend_mask_active = false;	/* the frame holds it now */
	p->sigmask |= sa.mask;
	if (!(sa.flags & ABI_SA_NODEFER))
		p->sigmask |= sig_bit(sig);
	p->sigmask &= ~unblockable(p);
	if (sa.flags & ABI_SA_RESETHAND) {
		p->sigactions[sig].handler = SIG_DFL_;
		p->sigactions[sig].flags &= ~(uint64_t)ABI_SA_SIGINFO;
	}
	return true;
}

bool process_signal_work(struct process *p)
{
	/* Most stops have no signal work (a thread switch, say): leave at once. */
	if (!p->sigreturn_due && !(p->sigpending & ~p->sigmask) && !p->suspend_mask_active)
		return true;
	if (p->sigreturn_due) {
		bool rt = p->sigreturn_due == 1;
		uint64_t mask;
		p->sigreturn_due = 0;
		if (!p->abi->signal_pop || p->abi->signal_pop(p, rt, &mask) != 0) {
			fprintf(stderr, "profemu: sigreturn found no readable signal frame: killed by SIGSEGV\n");
			process_kill(p, guest_sig(p, SIGSEGV));
			return false;
		}
		p->sigmask = mask & ~unblockable(p);
	}
	/* Every due signal, lowest number first, each frame on top of the last (as Linux does:
	 * the last one delivered runs first). */
	for (int sig = 1; sig < GUEST_NSIG; sig++) {
		if ((p->sigpending & ~p->sigmask) & sig_bit(sig)) {
			if (!deliver(p, sig))
				return false;
		}
	}
	if (p->suspend_mask_active) {	/* nothing was delivered after all (now ignored) */
		p->sigmask = p->suspend_saved_mask;
		p->suspend_mask_active = false;
	}
	return true;
}

/* si_code of a fault, as x86 Linux sets them (an ABI may give its own: sys_abi.fault_code). */
static int32_t fault_code(enum cpu_fault_kind kind)
{
	switch (kind) {
	case CPU_FAULT_SEGV_MAPERR: return 1;	/* SEGV_MAPERR */
	case CPU_FAULT_SEGV_ACCERR: return 2;	/* SEGV_ACCERR */
	case CPU_FAULT_ILL: return 2;		/* ILL_ILLOPN */
	case CPU_FAULT_FPE: return 1;		/* FPE_INTDIV */
	case CPU_FAULT_BUS: return 1;		/* BUS_ADRALN */
	case CPU_FAULT_TRAP: return 0x80;	/* SI_KERNEL: int3 */
	}
	return 0;
}

static int fault_trapno(enum cpu_fault_kind kind)
{
	switch (kind) {
	case CPU_FAULT_SEGV_MAPERR:
	case CPU_FAULT_SEGV_ACCERR: return 14;	/* page fault */
	case CPU_FAULT_ILL: return 6;		/* invalid opcode */
	case CPU_FAULT_FPE: return 0;		/* divide error */
	case CPU_FAULT_BUS: return 17;		/* alignment check */
	case CPU_FAULT_TRAP: return 3;
	}
	return 0;
}

bool process_signal_fault(struct process *p, const struct cpu_fault *fault, int hsig)
{
	int sig = guest_sig(p, hsig);
	if (sig < 1 || sig >= GUEST_NSIG || !p->abi->signal_push)
		return false;
	uint64_t handler = p->sigactions[sig].handler;
	/* Linux forces the default action on a fault whose signal is blocked or ignored. */
	if (handler == SIG_DFL_ || handler == SIG_IGN_ || (p->sigmask & sig_bit(sig)))
		return false;
	/* A SIGSEGV with no address is x86's general protection fault (an `int n` the IDT
	 * refuses, a non-canonical address): Linux gives it SI_KERNEL and a null si_addr. */
	bool gp = !fault->has_addr &&
		  (fault->kind == CPU_FAULT_SEGV_MAPERR || fault->kind == CPU_FAULT_SEGV_ACCERR);
	struct guest_siginfo info = {
		.code = p->abi->fault_code ? p->abi->fault_code(fault) : gp ? 0x80 : fault_code(fault->kind),
		.is_fault = true, .trapno = gp ? 13 : fault_trapno(fault->kind),	/* 13: #GP */
		.addr = fault->has_addr ? fault->addr : gp ? 0 : fault->pc,
	};
	cpu_set_pc(p->cpu, fault->pc);	/* the handler's frame names the faulting instruction */
	process_signal_raise(p, sig, &info);
	if (!deliver(p, sig))
		return false;
	return process_signal_work(p);	/* anything else due, on top */
}
