/* clone in its forms: the kernel's generic argument order (x86-64), CLONE_BACKWARDS (i386,
 * hppa) and clone3. The flags choose a thread (sys_thread.c) or a process (sys_fork.c). */
#include <errno.h>

#include "handlers.h"
#include "thread.h"

/* clone(flags, newsp, parent_tid, child_tid, tls): x86-64 and the kernel's generic order */
int64_t sys_clone(struct process *p, const uint64_t *a)
{
	if (clone_makes_thread(a[0]))
		return thread_clone(p, a[0], a[1], a[2], a[3], a[4]);
	return process_fork(p, a[0], a[1], a[2], a[3]);
}

/* clone(flags, newsp, parent_tid, tls, child_tid): the kernel's CLONE_BACKWARDS order (i386,
 * hppa) */
int64_t sys_clone_backwards(struct process *p, const uint64_t *a)
{
	if (clone_makes_thread(a[0]))
		return thread_clone(p, a[0], a[1], a[2], a[4], a[3]);
	return process_fork(p, a[0], a[1], a[2], a[4]);
}

/* clone3(args, size): struct clone_args is u64 fields: flags, pidfd, child_tid, parent_tid,
 * exit_signal, stack, stack_size, tls, then set_tid, set_tid_size, cgroup (newer sizes). */
int64_t sys_clone3(struct process *p, const uint64_t *a)
{
	enum { VER0_SIZE = 64 };
	uint64_t f[8];
	if (a[1] < VER0_SIZE || a[1] > 4096)
		return -EINVAL;
	for (unsigned i = 0; i < 8; i++)
		if (gm_get(&p->mem, a[0] + 8 * i, 8, &f[i]))
			return -EFAULT;
	uint64_t flags = f[0], sp = f[5] ? f[5] + f[6] : 0;
	if (clone_makes_thread(flags))
		return thread_clone(p, flags, sp, f[3], f[2], f[7]);
	return process_fork(p, flags, sp, f[3], f[2]);
}
