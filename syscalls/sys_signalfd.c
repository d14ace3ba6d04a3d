/* signalfd(fd, mask, sizemask) and signalfd4(fd, mask, sizemask, flags) (signalfd.h: a host
 * pipe stands for the descriptor; its reads are signalfd_read.c's). As in Linux, SIGKILL and
 * SIGSTOP in the mask are ignored, and signalfd on a signalfd replaces its mask. */
#include <errno.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "guest_signal.h"
#include "handlers.h"
#include "path.h"
#include "signalfd.h"
#include "sys_args.h"

#define SIGSET_BYTES 8

/* A descriptor of ours, out of the way of the numbers the guest is given (the lowest free):
 * near the top of the descriptor limit. */
static int private_fd(int fd)
{
	struct rlimit rl;
	long top = getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY &&
		   rl.rlim_cur < 1u << 20 ? (long)rl.rlim_cur : 1024;
	int moved = fcntl(fd, F_DUPFD_CLOEXEC, top > 512 ? top - 256 : top / 2);
	close(fd);
	return moved;
}

static int64_t new_signalfd(struct process *p, uint64_t mask, int host_flags)
{
	if (p->signalfd_count == SIGNALFDS_MAX)
		signalfd_sweep(p);
	int slot = 0;
	while (slot < SIGNALFDS_MAX && p->signalfds[slot].used)
		slot++;
	if (slot == SIGNALFDS_MAX)
		return -EMFILE;
	int ends[2];
	if (pipe2(ends, host_flags) != 0)
		return -errno;
	struct stat st;
	int rfd = fcntl(ends[0], F_DUPFD_CLOEXEC, 0);
	int wfd = private_fd(ends[1]);
	rfd = rfd < 0 ? rfd : private_fd(rfd);
	/* rfd shares the guest's file status flags (O_NONBLOCK): signalfd_sync reads only the
	 * bytes FIONREAD counts, so that it never waits */
	if (rfd < 0 || wfd < 0 || fstat(ends[0], &st) != 0) {
		int err = errno;
		close(ends[0]);
		if (rfd >= 0)
			close(rfd);
		if (wfd >= 0)
			close(wfd);
		return -err;
	}
	p->signalfds[slot] = (struct guest_signalfd){
		.used = true, .guest_fd = ends[0], .rfd = rfd, .wfd = wfd,
		.dev = (uint64_t)st.st_dev, .ino = (uint64_t)st.st_ino, .mask = mask,
	};
	p->signalfd_count++;
	signalfd_sync(p);
	return ends[0];
}

static int64_t make_signalfd(struct process *p, const uint64_t *a, uint64_t guest_flags)
{
	int fd = sys_arg_int(a[0]);
	if (a[2] != SIGSET_BYTES)
		return -EINVAL;
	int host_flags = sys_open_flags_to_host(p, guest_flags);
	if ((host_flags & ~(O_NONBLOCK | O_CLOEXEC)) ||
	    sys_open_flags_to_guest(p, host_flags) != guest_flags)
		return -EINVAL;	/* a bit that is neither SFD_NONBLOCK nor SFD_CLOEXEC */
	uint64_t mask;
	if (sys_get_sigset(p, a[1], &mask) != 0)
		return -EFAULT;
	mask &= ~unblockable(p);
	if (fd == -1)
		return new_signalfd(p, mask, host_flags);
	int slot = signalfd_find(p, fd);
	if (slot < 0)
		return fcntl(fd, F_GETFD) < 0 ? -EBADF : -EINVAL;
	p->signalfds[slot].mask = mask;	/* flags are those of the first call, as in Linux */
	signalfd_sync(p);
	return fd;
}

int64_t sys_signalfd4(struct process *p, const uint64_t *a)
{
	return make_signalfd(p, a, (uint32_t)a[3]);
}

int64_t sys_signalfd(struct process *p, const uint64_t *a)
{
	return make_signalfd(p, a, 0);
}
