/* Owners and modes by path or descriptor: chown, fchown, lchown, fchownat, fchmodat. uid_t and
 * gid_t are 32-bit on every ABI served here (i386's 16-bit chown family is not: glibc uses the
 * chown32 calls); -1 leaves an id unchanged. AT_* flags are Linux's generic numbers. */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "handlers.h"
#include "path.h"
#include "sys_args.h"

static int64_t result(int r)
{
	return r < 0 ? -errno : 0;
}

static int64_t chown_at(struct process *p, int dir, uint64_t path, uint64_t uid, uint64_t gid,
			int flags)
{
	struct sys_path_buf b;
	const char *host = "";
	int err = 0;
	/* AT_EMPTY_PATH with an empty path names dir itself */
	if (path || !(flags & AT_EMPTY_PATH))
		err = sys_read_path(p, path, &b, &host);
	return err ? err : result(fchownat(dir, host, (uid_t)(uint32_t)uid, (gid_t)(uint32_t)gid,
					   flags));
}

int64_t sys_chown(struct process *p, const uint64_t *a)
{
	return chown_at(p, AT_FDCWD, a[0], a[1], a[2], 0);
}

int64_t sys_lchown(struct process *p, const uint64_t *a)
{
	return chown_at(p, AT_FDCWD, a[0], a[1], a[2], AT_SYMLINK_NOFOLLOW);
}

int64_t sys_fchownat(struct process *p, const uint64_t *a)
{
	return chown_at(p, sys_arg_int(a[0]), a[1], a[2], a[3], sys_arg_int(a[4]));
}

int64_t sys_fchown(struct process *p, const uint64_t *a)
{
	(void)p;
	return result(fchown(sys_arg_int(a[0]), (uid_t)(uint32_t)a[1], (gid_t)(uint32_t)a[2]));
}

/* fchmodat(dir, path, mode): the system call has no flags argument (glibc's flags are its own). */
int64_t sys_fchmodat(struct process *p, const uint64_t *a)
{
	struct sys_path_buf b;
	const char *host;
	int err = sys_read_path(p, a[1], &b, &host);
	return err ? err : result(fchmodat(sys_arg_int(a[0]), host, (mode_t)(a[2] & 07777), 0));
}
