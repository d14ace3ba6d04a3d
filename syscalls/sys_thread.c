/* Thread system calls: a new thread (for clone, sys_clone.c), exit versus exit_group, thread
 * ids, the robust list, yielding and affinity (thread.h says how threads run). */
#include <errno.h>

#include "handlers.h"
#include "thread.h"

/* A new thread: the CPU stops at the end of this call and sched.c builds its registers. */
int64_t thread_clone(struct process *p, uint64_t flags, uint64_t sp, uint64_t parent_tid,
		     uint64_t child_tid, uint64_t tls)
{
	/* As the kernel: a thread shares the signal handlers, which share the memory. */
	if ((flags & GUEST_CLONE_THREAD) && !(flags & GUEST_CLONE_SIGHAND))
		return -EINVAL;
	if ((flags & GUEST_CLONE_SIGHAND) && !(flags & GUEST_CLONE_VM))
		return -EINVAL;
	if (!(flags & GUEST_CLONE_THREAD))
		return -ENOSYS;	/* a process sharing our memory: not offered */
	if (!p->abi->clone_tls)
		return -ENOSYS;	/* the ABI has no thread conventions yet (syscall.h) */
	if (!p->sched && !sched_init(p))
		return -ENOMEM;
	int32_t tid = process_next_pid(p);
	struct thread_start st = { .sp = sp, .settls = flags & GUEST_CLONE_SETTLS, .tls = tls };
	struct guest_thread *t = sched_add_thread(p, tid, &st);
	if (!t)
		return -ENOMEM;
	if (flags & GUEST_CLONE_CHILD_CLEARTID)
		t->clear_child_tid = child_tid;
	if ((flags & GUEST_CLONE_PARENT_SETTID) && gm_put(&p->mem, parent_tid, 4, (uint32_t)tid))
		return -EFAULT;
	if ((flags & GUEST_CLONE_CHILD_SETTID) && gm_put(&p->mem, child_tid, 4, (uint32_t)tid))
		return -EFAULT;
	return tid;
}

/* A thread's end: CLONE_CHILD_CLEARTID's word gets 0 and one waiter (pthread_join), and the
 * locks on its robust list are released. The last thread's exit ends the process. */
int64_t sys_exit(struct process *p, const uint64_t *a)
{
	struct sched *s = p->sched;
	unsigned alive = 0;
	for (unsigned i = 0; s && i < s->count; i++)
		alive += !s->threads[i]->exited;
	if (alive <= 1) {
		process_exit(p, (int)(a[0] & 0xff));
		return 0;
	}
	struct guest_thread *t = sched_current(p);
	t->robust_list = p->robust_list;
	futex_release_robust(p, t);
	if (p->clear_child_tid && gm_put(&p->mem, p->clear_child_tid, 4, 0) == 0)
		futex_wake(p, p->clear_child_tid, UINT32_MAX, 1);
	sched_thread_exit(p);
	return 0;
}

int64_t sys_exit_group(struct process *p, const uint64_t *a)
{
	process_exit(p, (int)(a[0] & 0xff));
	return 0;
}

int64_t sys_gettid(struct process *p, const uint64_t *a)
{
	(void)a;
	return sched_current_tid(p);
}

/* The address is used when the thread exits (CLONE_CHILD_CLEARTID's word). */
int64_t sys_set_tid_address(struct process *p, const uint64_t *a)
{
	p->clear_child_tid = a[0];
	return sched_current_tid(p);
}

/* The length is checked as the kernel does (struct robust_list_head is three words). */
int64_t sys_set_robust_list(struct process *p, const uint64_t *a)
{
	if (a[1] != 3ull * p->mem.word_size)
		return -EINVAL;
	p->robust_list = a[0];
	return 0;
}

/* get_robust_list(tid, head_ptr, len_ptr): 0 is the caller. */
int64_t sys_get_robust_list(struct process *p, const uint64_t *a)
{
	int32_t tid = (int32_t)a[0];
	uint64_t head = p->robust_list;
	if (tid != 0 && tid != sched_current_tid(p)) {
		struct guest_thread *t = sched_find(p, tid);
		if (!t)
			return -ESRCH;
		head = t->robust_list;
	}
	int r = gm_put_word(&p->mem, a[1], head);
	return r ? r : gm_put_word(&p->mem, a[2], 3ull * p->mem.word_size);
}

/* The next thread runs (sched.c's order); alone, the call returns at once. */
int64_t sys_sched_yield(struct process *p, const uint64_t *a)
{
	(void)a;
	if (p->sched) {
		p->sched->switch_due = true;
		cpu_request_stop(p->cpu);
	}
	return 0;
}

/* sched_getaffinity(pid, len, mask): one CPU, CPU 0, whatever the host has, so that programs
 * sizing thread pools from it do the same work everywhere. The kernel writes and returns the
 * size of its cpumask, one long here. */
int64_t sys_sched_getaffinity(struct process *p, const uint64_t *a)
{
	unsigned w = p->mem.word_size;
	int32_t pid = (int32_t)a[0];
	if (a[1] < w || (a[1] & (w - 1)))
		return -EINVAL;
	if (pid != 0 && pid != p->cfg.pid && !sched_find(p, pid))
		return -ESRCH;
	int r = gm_put_word(&p->mem, a[2], 1);
	return r ? r : (int64_t)w;
}

/* sched_setaffinity(pid, len, mask): the one CPU is CPU 0; a mask without it is EINVAL, as
 * a mask of CPUs a host does not have. */
int64_t sys_sched_setaffinity(struct process *p, const uint64_t *a)
{
	int32_t pid = (int32_t)a[0];
	uint64_t first;
	if (pid != 0 && pid != p->cfg.pid && !sched_find(p, pid))
		return -ESRCH;
	if (a[1] == 0)
		return -EINVAL;
	if (gm_get(&p->mem, a[2], 1, &first) < 0)
		return -EFAULT;
	return first & 1 ? 0 : -EINVAL;
}

/* getcpu(cpu, node, cache): CPU 0 of node 0. */
int64_t sys_getcpu(struct process *p, const uint64_t *a)
{
	if ((a[0] && gm_put(&p->mem, a[0], 4, 0) < 0) || (a[1] && gm_put(&p->mem, a[1], 4, 0) < 0))
		return -EFAULT;
	return 0;
}

/* membarrier(cmd, flags, cpu_id): every thread runs on the one CPU, in turn, so every barrier
 * is already done. MEMBARRIER_CMD_QUERY (0) lists the commands served: GLOBAL (1),
 * PRIVATE_EXPEDITED (8) and its REGISTER (16). */
int64_t sys_membarrier(struct process *p, const uint64_t *a)
{
	(void)p;
	enum { QUERY = 0, SERVED = 1 | 8 | 16 };
	if (a[0] == QUERY)
		return SERVED;
	return (a[0] & SERVED) && !(a[0] & (a[0] - 1)) ? 0 : -EINVAL;
}
