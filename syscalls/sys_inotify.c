/* inotify_init, inotify_init1, inotify_add_watch, inotify_rm_watch: a host inotify descriptor
 * is the guest's, watching host paths (sys_path, the -L rule). The IN_* event bits are the same
 * on every ABI; IN_NONBLOCK and IN_CLOEXEC are the ABI's O_NONBLOCK and O_CLOEXEC. Its records,
 * {int wd; u32 mask; u32 cookie; u32 len; char name[len]}, are swapped field by field for a
 * guest of the other byte order (fd_records.c). */
#include <errno.h>
#include <sys/inotify.h>

#include "fd_records.h"
#include "handlers.h"
#include "path.h"
#include "sys_args.h"

static int64_t make_inotify(struct process *p, uint64_t guest_flags)
{
	uint64_t flags = (uint32_t)guest_flags;
	int host = sys_open_flags_to_host(p, flags);
	if (sys_open_flags_to_guest(p, host) != flags)
		return -EINVAL;
	int fd = inotify_init1(host);
	if (fd < 0)
		return -errno;
	return fd_records_mark(p, fd, FD_RECORDS_INOTIFY);
}

int64_t sys_inotify_init(struct process *p, const uint64_t *a)
{
	(void)a;
	return make_inotify(p, 0);
}

int64_t sys_inotify_init1(struct process *p, const uint64_t *a)
{
	return make_inotify(p, a[0]);
}

int64_t sys_inotify_add_watch(struct process *p, const uint64_t *a)
{
	struct sys_path_buf b;
	const char *host;
	int err = sys_read_path(p, a[1], &b, &host);
	if (err)
		return err;
	int wd = inotify_add_watch(sys_arg_int(a[0]), host, (uint32_t)a[2]);
	return wd < 0 ? -errno : wd;
}

int64_t sys_inotify_rm_watch(struct process *p, const uint64_t *a)
{
	(void)p;
	return inotify_rm_watch(sys_arg_int(a[0]), sys_arg_int(a[1])) < 0 ? -errno : 0;
}
