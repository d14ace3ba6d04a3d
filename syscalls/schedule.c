/* The deterministic scheduler's rules (thread.h): which thread runs next, between two runs of
 * the CPU.
 *
 * Rules, in the order process_schedule applies them between two runs of the CPU:
 *  1. a clone waiting to complete gets its registers: a copy of its parent's, with the call's
 *     result 0, its own stack and its thread pointer;
 *  2. a waiting thread whose deadline has passed on the guest clock wakes (ETIMEDOUT for a
 *     futex), as does one with a signal it does not block (EINTR);
 *  3. the running thread keeps the CPU unless it blocked, exited or yielded, woke a thread
 *     waiting on a futex (sys_futex.c), or its slice of --quantum instructions ran out;
 *  4. the next thread is the first runnable one after it in creation order (--sched-seed: one
 *     drawn from the seeded stream, with a slice drawn from [quantum/2, 3*quantum/2]);
 *  5. when none can run, guest time jumps to the nearest deadline (a process among others
 *     goes there in host time, in steps that look at what its other threads wait for
 *     outside: descriptors, children, shared futexes); with no deadline either, and nothing
 *     outside, nothing can ever wake them: the deadlock report, and the process dies of SIGABRT.
 * All of it depends on retired instructions only, never on the host. */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>

#include "../loader/loader.h"
#include "../symbols/symbolizer.h"
#include "guest_signal.h"
#include "host_signals.h"
#include "process.h"
#include "signalfd.h"
#include "strace.h"
#include "thread.h"

static bool fd_ready(const struct guest_thread *t)
{
	struct pollfd pf = { .fd = t->fd, .events = t->events };
	return poll(&pf, 1, 0) != 0;
}

/* The kernel state the process keeps for its running thread, in and out of a thread record:
 * one list of fields, so that the two directions cannot drift apart. */
#define THREAD_KERNEL_STATE(X) \
	X(sigmask) X(sigpending) X(suspend_saved_mask) X(suspend_mask_active) X(sigreturn_due) \
	X(altstack_sp) X(altstack_size) X(clear_child_tid) X(robust_list)

static void swap_out(struct process *p, struct guest_thread *t)
{
#define SWAP_OUT(f) t->f = p->f;
	THREAD_KERNEL_STATE(SWAP_OUT)
#undef SWAP_OUT
}

static void swap_in(struct process *p, const struct guest_thread *t)
{
#define SWAP_IN(f) p->f = t->f;
	THREAD_KERNEL_STATE(SWAP_IN)
#undef SWAP_IN
}

/* Rule 1: the child starts as a copy of its parent, returning 0 from clone. */
static bool complete_clone(struct process *p)
{
	struct sched *s = p->sched;
	struct thread_start st = s->start;
	struct guest_thread *parent = sched_current(p), *t = st.t;
	s->start.t = NULL;
	if (cpu_context_save(p->cpu, parent->ctx) != 0)
		return false;
	p->abi->set_result(p->cpu, 0);
	if (st.sp && p->abi->clone_stack)
		p->abi->clone_stack(p, st.sp, st.stack_size);
	else if (st.sp)
		cpu_set_reg(p->cpu, p->abi->stack_reg, st.sp);
	t->tls = parent->tls;
	if (st.settls && p->abi->clone_tls)
		p->abi->clone_tls(p, st.tls, &t->tls);
	t->pc = cpu_pc(p->cpu);
	bool ok = cpu_context_save(p->cpu, t->ctx) == 0;
	t->ctx_valid = ok;
	if (cpu_context_restore(p->cpu, parent->ctx) != 0)
		return false;
	if (st.settls && p->abi->restore_tls)
		p->abi->restore_tls(p, &parent->tls);
	/* The child's kernel state: its parent's mask, nothing pending, no alternate stack. */
	t->sigmask = p->sigmask;
	return ok;
}

/* Rule 2. */
static void wake_expired(struct process *p)
{
	struct sched *s = p->sched;
	uint64_t now = UINT64_MAX;	/* read once, when a deadline needs it */
	for (unsigned i = 0; i < s->count; i++) {
		struct guest_thread *t = s->threads[i];
		if (t->exited || t->wait == WAIT_NONE)
			continue;
		sched_claim_shared_into(s, t->sigmask, &t->sigpending);
		if (t->deadline_ns != UINT64_MAX && now == UINT64_MAX)
			now = sched_now_ns(p);
		if (t->deadline_ns != UINT64_MAX && t->deadline_ns <= now) {
			t->poll_timed_out = t->wait == WAIT_POLL;	/* it runs again, not waiting */
			sched_wake(t, t->wait == WAIT_FUTEX ? -ETIMEDOUT : 0);
		} else if (t->wait == WAIT_POLL && poll(t->pollset, t->npoll, 0) != 0)
			sched_wake(t, 0);
		else if (t->wait == WAIT_FD && fd_ready(t))
			sched_wake(t, 0);
		else if (t->wait == WAIT_CHILD && sched_child_ready(t->child))
			sched_wake(t, 0);
		else if (t->sigpending & ~t->sigmask) {
			/* The call is interrupted rather than run again (no SA_RESTART here); a
			 * write that moved some bytes returns their count, as Linux's does. */
			t->restart_due = false;
			sched_wake(t, t->io_done ? (int64_t)t->io_done : -EINTR);
			t->io_done = 0;
			t->connecting = false;
		}
	}
}

static bool runnable(const struct guest_thread *t)
{
	return !t->exited && t->wait == WAIT_NONE;
}

/* Rule 4: the index of the next thread to run, or -1. */
static int pick_next(struct sched *s)
{
	unsigned n = 0;
	for (unsigned i = 0; i < s->count; i++)
		n += runnable(s->threads[i]);
	if (n == 0)
		return -1;
	if (s->seeded) {
		unsigned k = (unsigned)(sched_random(s) % n);
		for (unsigned i = 0; i < s->count; i++)
			if (runnable(s->threads[i]) && k-- == 0)
				return (int)i;
	}
	for (unsigned d = 1; d <= s->count; d++) {
		unsigned i = (s->cur + d) % s->count;
		if (runnable(s->threads[i]))
			return (int)i;
	}
	return -1;
}

static const char *wait_text(enum thread_wait w)
{
	switch (w) {
	case WAIT_FUTEX: return "futex";
	case WAIT_SLEEP: return "sleep";
	case WAIT_SIGNAL: return "a signal";
	case WAIT_FD: return "a file descriptor";
	case WAIT_CHILD: return "a child process";
	case WAIT_POLL: return "a set of file descriptors (poll)";
	case WAIT_NONE: break;
	}
	return "nothing";
}

/* Rule 5's report: every thread that is still alive, where it stopped and what it waits on. */
static void deadlock_report(struct process *p)
{
	struct sched *s = p->sched;
	fprintf(stderr, "profemu: deadlock: every thread waits and nothing can wake any of them\n");
	for (unsigned i = 0; i < s->count; i++) {
		struct guest_thread *t = s->threads[i];
		if (t->exited)
			continue;
		char where[PATH_MAX + 512];
		fprintf(stderr, "profemu:   thread %" PRId32 " at 0x%" PRIx64, t->tid, t->pc);
		if (p->names && symbolizer_describe(p->names, t->pc, where, sizeof(where)) > 0)
			fprintf(stderr, " <%s>", where);
		fprintf(stderr, ": waits on %s", wait_text(t->wait));
		if (t->wait == WAIT_FUTEX) {
			uint64_t v = 0;
			gm_get(&p->mem, t->futex_addr, 4, &v);
			fprintf(stderr, " 0x%" PRIx64 " (value %" PRIu64 ")", t->futex_addr, v);
		}
		fputc('\n', stderr);
	}
}

/* Whether a waiting thread can be woken by something outside the process: a descriptor, a
 * child, a futex word other processes share. */
static bool waits_outside(struct process *p)
{
	struct sched *s = p->sched;
	for (unsigned i = 0; i < s->count; i++) {
		const struct guest_thread *t = s->threads[i];
		if (t->exited)
			continue;
		if (t->wait == WAIT_FD || t->wait == WAIT_POLL || t->wait == WAIT_CHILD ||
		    (t->wait == WAIT_FUTEX && futex_shared_word(p, t->futex_addr)))
			return true;
	}
	return false;
}

/* The longest step of host time a process among others (process_has_company) sleeps towards
 * a deadline while another of its threads waits for something outside: the step ends, the
 * scheduler looks at the descriptors, children and shared futexes, and sleeps again. Without
 * it a thread's 600 s timeout kept the process asleep while the pipe another thread read from
 * had long been written (python's multiprocessing Pool: apply_async(...).get(timeout=600)). */
#define OUTSIDE_STEP_NS 10000000u	/* 10 ms, as wait_outside's bounded poll */

/* Rule 5: guest time moves to the nearest deadline, or to ITIMER_REAL's expiry if that comes
 * first (its signal then wakes a waiter); the thread to run then, or -1 if nothing came.
 * *stepped: the move stopped short of the deadline (OUTSIDE_STEP_NS), the caller steps again. */
static int jump_to_deadline(struct process *p, bool *stepped)
{
	struct sched *s = p->sched;
	int best = -1;
	for (unsigned i = 0; i < s->count; i++) {
		struct guest_thread *t = s->threads[i];
		if (!t->exited && t->wait != WAIT_NONE && t->deadline_ns != UINT64_MAX &&
		    (best < 0 || t->deadline_ns < s->threads[best]->deadline_ns))
			best = (int)i;
	}
	uint64_t now = sched_now_ns(p), left;
	uint64_t ns = best < 0 ? UINT64_MAX : s->threads[best]->deadline_ns > now ? s->threads[best]->deadline_ns - now : 0;
	*stepped = best >= 0 && ns > OUTSIDE_STEP_NS && process_has_company(p) && waits_outside(p);
	if (*stepped)
		ns = OUTSIDE_STEP_NS;
	/* No guest code runs meanwhile: the tree's other processes may run theirs (the child
	 * whose answer a thread here waits for needs the lock to make it). */
	process_guest_unlock(p);
	bool moved = process_sleep(p, ns, &left);
	process_guest_relock(p);
	if (p->ended || (best < 0 && !moved))
		return -1;
	s->threads[s->cur]->sigpending = p->sigpending;
	wake_expired(p);
	return pick_next(s);
}

static bool switch_to(struct process *p, unsigned next)
{
	struct sched *s = p->sched;
	struct guest_thread *from = s->threads[s->cur], *to = s->threads[next];
	uint64_t now = cpu_retired(p->cpu);
	from->retired += now - s->slice_start;
	s->slice_start = now;
	if (next != s->cur) {
		from->pc = cpu_pc(p->cpu);
		swap_out(p, from);
		if (!from->exited && cpu_context_save(p->cpu, from->ctx) != 0)
			return false;
		if (cpu_context_restore(p->cpu, to->ctx) != 0)
			return false;
		if (p->abi->restore_tls)
			p->abi->restore_tls(p, &to->tls);
		swap_in(p, to);
		sched_claim_shared(p);
		signalfd_sync(p);	/* the signalfd pipes show this thread's view */
		if (p->on_thread_switch)
			p->on_thread_switch(p->on_thread_switch_ctx, s->cur, next);
		s->cur = next;
		s->switches++;
	}
	if (to->restart_due) {
		/* Its file descriptor is ready: the call runs again, and now completes. */
		to->restart_due = false;
		p->abi->restart_call(p, to->restart_nr);
	} else if (to->wake_result_due) {
		to->wake_result_due = false;
		int64_t r = to->wake_result;
		p->abi->set_result(p->cpu, r > 0 ? r : -(int64_t)p->abi->errno_to_guest((int)-r));
		strace_wake(p, to, &r);
	} else {
		strace_wake(p, to, NULL);	/* its result is the one it began to wait with */
	}
	cpu_set_quantum(p->cpu, sched_next_slice(s));
	return true;
}

/* Every thread waits and no deadline will come: the host may still wake one, by a file
 * descriptor becoming ready or a signal from outside that has a handler (pause). Waits on the
 * host for either; false when neither could come. */
static bool wait_outside(struct process *p)
{
	struct sched *s = p->sched;
	bool could = false;
	struct pollfd fds[64];
	nfds_t n = 0;
	int child = 0;	/* a child some thread waits for (-1: any) */
	bool shared = false;	/* some thread waits on a futex other processes may wake */
	for (unsigned i = 0; i < s->count; i++) {
		struct guest_thread *t = s->threads[i];
		if (t->exited)
			continue;
		uint64_t mask = i == s->cur ? p->sigmask : t->sigmask;
		could = could || host_signals_could_wake(p, mask);
		if (t->wait == WAIT_FD && n < sizeof(fds) / sizeof(fds[0]))
			fds[n++] = (struct pollfd){ .fd = t->fd, .events = t->events };
		for (unsigned k = 0; t->wait == WAIT_POLL && k < t->npoll; k++)
			if (n < sizeof(fds) / sizeof(fds[0]))
				fds[n++] = t->pollset[k];
		if (t->wait == WAIT_CHILD)
			child = t->child;
		shared = shared || (t->wait == WAIT_FUTEX && futex_shared_word(p, t->futex_addr));
	}
	if (!could && n == 0 && child == 0 && !shared)
		return false;
	process_guest_unlock(p);
	if (n || shared)
		poll(fds, n, child || shared ? 10 : -1);	/* a host signal interrupts it */
	else if (child) {
		siginfo_t info;
		waitid(child > 0 ? P_PID : P_ALL, child > 0 ? (id_t)child : 0, &info, WEXITED | WNOWAIT);
	} else
		host_signals_wait();
	process_guest_relock(p);
	if (host_signals_take(p) && !p->ended)
		process_kill(p, guest_sig(p, SIGINT));	/* Ctrl-C, unhandled */
	s->threads[s->cur]->sigpending = p->sigpending;
	for (unsigned i = 0; shared && i < s->count; i++) {
		struct guest_thread *t = s->threads[i];
		if (!t->exited && t->wait == WAIT_FUTEX && futex_shared_word(p, t->futex_addr))
			sched_wake(t, 0);
	}
	wake_expired(p);
	return true;
}

bool process_schedule(struct process *p)
{
	struct sched *s = p->sched;
	if (!s || p->ended)
		return !p->ended;
	if (s->start.t && !complete_clone(p)) {
		fprintf(stderr, "profemu: cannot save a thread's registers\n");
		process_kill(p, guest_sig(p, SIGABRT));
		return false;
	}
	struct guest_thread *cur = s->threads[s->cur];
	/* The running thread's pending signals live in the process while it runs. */
	cur->sigpending = p->sigpending;
	cur->sigmask = p->sigmask;
	wake_expired(p);
	if (!s->switch_due && !cpu_quantum_expired(p->cpu) && runnable(cur))
		return true;
	s->switch_due = false;
	int next = pick_next(s);
	bool stepped = true;
	while (next < 0 && !p->ended && stepped)
		next = jump_to_deadline(p, &stepped);
	while (next < 0 && !p->ended && wait_outside(p))
		next = pick_next(s);
	if (p->ended)
		return false;
	if (next < 0) {
		cur->pc = cpu_pc(p->cpu);
		deadlock_report(p);
		process_kill(p, guest_sig(p, SIGABRT));
		return false;
	}
	if (!switch_to(p, (unsigned)next)) {
		fprintf(stderr, "profemu: cannot switch threads: the CPU context could not be saved\n");
		process_kill(p, guest_sig(p, SIGABRT));
		return false;
	}
	return true;
}

