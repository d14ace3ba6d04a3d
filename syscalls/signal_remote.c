/* Signals to other processes: kill(2) of a pid that is not the caller's, of a process group,
 * or of every process (-1). The guest pid becomes the host pid of the process of the tree that
 * has it (proc_tree.h), the guest signal number the host's, and the host delivers the signal;
 * the profemu running that process hands it to its guest (host_signals.c). */
#include <errno.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

#include "guest_signal.h"
#include "signal_remote.h"

int64_t signal_remote(struct process *p, int32_t pid, int gsig)
{
	pid_t host = tree_host_pid(&p->tree, pid, p->cfg.pid);
	if (host <= 0)
		return -ESRCH;
	return kill(host, gsig ? host_sig(p, gsig) : 0) < 0 ? -errno : 0;
}

/* kill(-pgid) of the group this process is in: the host would deliver the signal to this
 * process too, late (at its next look at host signals), where Linux delivers it before kill
 * returns. The caller delivers it to itself; the host's copy is taken back: blocked while the
 * others get theirs, then consumed, unless it was already pending from elsewhere. */
static int kill_own_group(pid_t pgid, int hs)
{
	if (hs == 0)
		return kill(-pgid, 0);
	sigset_t one, old, pending;
	sigemptyset(&one);
	sigaddset(&one, hs);
	sigprocmask(SIG_BLOCK, &one, &old);
	sigpending(&pending);
	bool already = sigismember(&pending, hs);
	int r = kill(-pgid, hs);
	int err = errno;
	if (!already) {
		struct timespec none = { 0, 0 };
		sigtimedwait(&one, NULL, &none);
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	errno = err;
	return r;
}

int64_t signal_group(struct process *p, int32_t pid, int gsig, bool *self_too)
{
	int hs = gsig ? host_sig(p, gsig) : 0;
	*self_too = false;
	if (!p->tree.map) {
		/* no tree (a process made by hand): the caller is all there is */
		*self_too = pid == 0 || pid == -p->cfg.pid;
		return *self_too ? 0 : -ESRCH;
	}
	if (pid == -1)	/* every process but the caller, as Linux */
		return kill(-1, hs) < 0 ? -errno : 0;
	pid_t own = getpgrp();
	pid_t pgid = pid == 0 ? own : tree_host_pid(&p->tree, -pid, p->cfg.pid);
	if (pgid <= 0)
		return -ESRCH;
	*self_too = pgid == own;
	int r = *self_too ? kill_own_group(pgid, hs) : kill(-pgid, hs);
	/* alone in its group, the caller is the one process the group has */
	if (r < 0 && errno == ESRCH && *self_too)
		return 0;
	return r < 0 ? -errno : 0;
}
