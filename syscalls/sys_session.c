/* Sessions and process groups: setsid, getsid, setpgid, getpgid, getpgrp. They act on the
 * host processes that run the guest's, with ids in the guest's view both ways (proc_tree.h):
 * a process group or session is named by its leader's pid. */
#include <errno.h>
#include <unistd.h>

#include "handlers.h"

static int64_t guest_id(struct process *p, pid_t host)
{
	if (host < 0)
		return -errno;
	return tree_guest_pid(&p->tree, host, p->cfg.pid);
}

/* A guest pid argument: 0 is the caller, as in every one of these calls. */
static pid_t host_id(struct process *p, uint64_t v)
{
	int32_t pid = (int32_t)v;
	return pid == 0 ? 0 : tree_host_pid(&p->tree, pid, p->cfg.pid);
}

int64_t sys_setsid(struct process *p, const uint64_t *a)
{
	(void)a;
	return guest_id(p, setsid());
}

int64_t sys_getsid(struct process *p, const uint64_t *a)
{
	if ((int32_t)a[0] < 0)
		return -ESRCH;
	return guest_id(p, getsid(host_id(p, a[0])));
}

int64_t sys_getpgid(struct process *p, const uint64_t *a)
{
	if ((int32_t)a[0] < 0)
		return -ESRCH;
	return guest_id(p, getpgid(host_id(p, a[0])));
}

int64_t sys_getpgrp(struct process *p, const uint64_t *a)
{
	(void)a;
	return guest_id(p, getpgid(0));
}

/* setpgid(pid, pgid): pid 0 the caller, pgid 0 the pid's own. */
int64_t sys_setpgid(struct process *p, const uint64_t *a)
{
	int32_t pid = (int32_t)a[0], pgid = (int32_t)a[1];
	if (pid < 0 || pgid < 0)
		return -EINVAL;
	return setpgid(host_id(p, a[0]), host_id(p, a[1])) < 0 ? -errno : 0;
}
