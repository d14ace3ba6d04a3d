/* Priorities and scheduling policies. The guest runs on profemu's one virtual CPU in the order
 * the scheduler gives (thread.h), so a policy changes nothing: every thread reports
 * SCHED_OTHER at priority 0, the ordinary policies are accepted and the real-time ones
 * refused (EPERM, as for an unprivileged process). The nice value is the host process's own
 * (getpriority and setpriority of this process pass through, with the kernel's 20 - nice
 * convention for getpriority); another process is ESRCH. The SCHED_* and PRIO_* numbers are
 * the same on every ABI. */
#include <errno.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "handlers.h"
#include "sys_args.h"
#include "thread.h"

enum { POLICY_OTHER = 0, POLICY_FIFO = 1, POLICY_RR = 2, POLICY_BATCH = 3, POLICY_IDLE = 5 };
enum { PRIO_PROCESS_ = 0, PRIO_PGRP_ = 1, PRIO_USER_ = 2 };

/* A pid argument naming this process or one of its threads (0 is the caller). */
static bool is_own(struct process *p, int32_t pid)
{
	return pid == 0 || pid == p->cfg.pid || sched_find(p, pid);
}

static int64_t host_result(long r)
{
	return r < 0 ? -errno : r;
}

int64_t sys_getpriority(struct process *p, const uint64_t *a)
{
	int which = sys_arg_int(a[0]);
	int32_t who = (int32_t)a[1];
	if (which == PRIO_PROCESS_ && !is_own(p, who))
		return -ESRCH;
	return host_result(syscall(SYS_getpriority, which, which == PRIO_PROCESS_ ? 0 : who));
}

int64_t sys_setpriority(struct process *p, const uint64_t *a)
{
	int which = sys_arg_int(a[0]);
	int32_t who = (int32_t)a[1];
	if (which == PRIO_PROCESS_ && !is_own(p, who))
		return -ESRCH;
	return host_result(syscall(SYS_setpriority, which, which == PRIO_PROCESS_ ? 0 : who,
				   sys_arg_int(a[2])));
}

static bool policy_known(int policy)
{
	return policy == POLICY_OTHER || policy == POLICY_FIFO || policy == POLICY_RR ||
	       policy == POLICY_BATCH || policy == POLICY_IDLE;
}

/* A policy's priority range: 1..99 for the real-time ones, 0..0 for the others. */
static int64_t priority_bound(const uint64_t *a, bool max)
{
	int policy = sys_arg_int(a[0]);
	if (!policy_known(policy))
		return -EINVAL;
	bool real_time = policy == POLICY_FIFO || policy == POLICY_RR;
	return real_time ? (max ? 99 : 1) : 0;
}

int64_t sys_sched_get_priority_max(struct process *p, const uint64_t *a)
{
	(void)p;
	return priority_bound(a, true);
}

int64_t sys_sched_get_priority_min(struct process *p, const uint64_t *a)
{
	(void)p;
	return priority_bound(a, false);
}

int64_t sys_sched_getscheduler(struct process *p, const uint64_t *a)
{
	int32_t pid = (int32_t)a[0];
	if (pid < 0)
		return -EINVAL;
	return is_own(p, pid) ? POLICY_OTHER : -ESRCH;
}

/* struct sched_param is one int. */
int64_t sys_sched_getparam(struct process *p, const uint64_t *a)
{
	int32_t pid = (int32_t)a[0];
	if (pid < 0 || !a[1])
		return -EINVAL;
	if (!is_own(p, pid))
		return -ESRCH;
	return gm_put(&p->mem, a[1], 4, 0) < 0 ? -EFAULT : 0;
}

static int64_t set_policy(struct process *p, int32_t pid, int policy, uint64_t param)
{
	uint64_t prio;
	if (pid < 0 || !param)
		return -EINVAL;
	if (gm_get(&p->mem, param, 4, &prio) < 0)
		return -EFAULT;
	if (!is_own(p, pid))
		return -ESRCH;
	if (!policy_known(policy))
		return -EINVAL;
	if (policy == POLICY_FIFO || policy == POLICY_RR)
		return (int32_t)prio < 1 || (int32_t)prio > 99 ? -EINVAL : -EPERM;
	return prio ? -EINVAL : 0;
}

int64_t sys_sched_setscheduler(struct process *p, const uint64_t *a)
{
	/* SCHED_RESET_ON_FORK (0x40000000) may be or'ed into the policy */
	return set_policy(p, (int32_t)a[0], sys_arg_int(a[1]) & ~0x40000000, a[2]);
}

int64_t sys_sched_setparam(struct process *p, const uint64_t *a)
{
	return set_policy(p, (int32_t)a[0], POLICY_OTHER, a[1]);
}
