/* Sessions and process groups: setsid, getsid, setpgid, getpgid, getpgrp. They act on the
 * host process that runs the guest; the ids they return are translated to the guest's view,
 * where this process is cfg.pid and its parent cfg.pid - 1 (sys_proc.c): a host id equal to
 * the host's own pid or its parent's becomes that, any other passes as it is. Another process
 * named by the guest is ESRCH (its children's groups are not followed). */
#include <errno.h>
#include <unistd.h>

#include "handlers.h"
#include "sys_args.h"

static int64_t guest_id(struct process *p, pid_t host)
{
	if (host < 0)
		return -errno;
	if (host == getpid())
		return p->cfg.pid;
	if (host == getppid())
		return p->cfg.pid - 1;
	return host;
}

/* 0 for this process (0 or its own pid), -1 for any other. */
static int own(struct process *p, uint64_t v)
{
	int32_t pid = (int32_t)v;
	return pid == 0 || pid == p->cfg.pid ? 0 : -1;
}

int64_t sys_setsid(struct process *p, const uint64_t *a)
{
	(void)a;
	return guest_id(p, setsid());
}

int64_t sys_getsid(struct process *p, const uint64_t *a)
{
	return own(p, a[0]) ? -ESRCH : guest_id(p, getsid(0));
}

int64_t sys_getpgid(struct process *p, const uint64_t *a)
{
	return own(p, a[0]) ? -ESRCH : guest_id(p, getpgid(0));
}

int64_t sys_getpgrp(struct process *p, const uint64_t *a)
{
	(void)a;
	return guest_id(p, getpgid(0));
}

/* setpgid(pid, pgid): this process into its own group (pgid 0 or its pid) or into the group
 * it already is in. */
int64_t sys_setpgid(struct process *p, const uint64_t *a)
{
	int32_t pgid = (int32_t)a[1];
	if (own(p, a[0]))
		return -ESRCH;
	if (pgid < 0)
		return -EINVAL;
	pid_t host_pgid = pgid == 0 || pgid == p->cfg.pid ? 0 : pgid;
	if (pgid == p->cfg.pid - 1)
		host_pgid = getppid();
	return setpgid(0, host_pgid) < 0 ? -errno : 0;
}
