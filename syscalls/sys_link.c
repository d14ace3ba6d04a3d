/* New names in the file system: link, linkat, symlink, symlinkat, mknod, mknodat. Paths that
 * name existing files go through sys_path (the -L sysroot) like every other path; a symbolic
 * link's target is text stored in the link and is written as the guest gave it. The AT_*
 * flags and the S_IF* file types are Linux's generic numbers on every ABI. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "handlers.h"
#include "path.h"
#include "sys_args.h"

static int64_t result(int r)
{
	return r < 0 ? -errno : 0;
}

static int64_t link_at(struct process *p, int olddir, uint64_t from, int newdir, uint64_t to,
		       int flags)
{
	struct sys_path_buf a, b;
	const char *host_from, *host_to;
	int err = sys_read_path(p, from, &a, &host_from);
	if (!err)
		err = sys_read_path(p, to, &b, &host_to);
	return err ? err : result(linkat(olddir, host_from, newdir, host_to, flags));
}

int64_t sys_link(struct process *p, const uint64_t *a)
{
	return link_at(p, AT_FDCWD, a[0], AT_FDCWD, a[1], 0);
}

int64_t sys_linkat(struct process *p, const uint64_t *a)
{
	return link_at(p, sys_arg_int(a[0]), a[1], sys_arg_int(a[2]), a[3], sys_arg_int(a[4]));
}

static int64_t symlink_at(struct process *p, uint64_t target, int newdir, uint64_t to)
{
	struct sys_path_buf t, b;
	const char *unused, *host_to;
	int err = sys_read_path(p, target, &t, &unused);	/* the text, not translated */
	if (!err)
		err = sys_read_path(p, to, &b, &host_to);
	return err ? err : result(symlinkat(t.guest, newdir, host_to));
}

int64_t sys_symlink(struct process *p, const uint64_t *a)
{
	return symlink_at(p, a[0], AT_FDCWD, a[1]);
}

int64_t sys_symlinkat(struct process *p, const uint64_t *a)
{
	return symlink_at(p, a[0], sys_arg_int(a[1]), a[2]);
}

/* dev is the kernel's new encoding (major in bits 8-19, minor in 0-7 and 20-31), the same as
 * the host's dev_t packing of those bits. */
static int64_t mknod_at(struct process *p, int dir, uint64_t path, uint64_t mode, uint64_t dev)
{
	struct sys_path_buf b;
	const char *host;
	int err = sys_read_path(p, path, &b, &host);
	uint32_t d = (uint32_t)dev;
	return err ? err
		   : result(mknodat(dir, host, (mode_t)(uint32_t)mode,
				    makedev((d >> 8) & 0xfff, (d & 0xff) | ((d >> 12) & 0xfff00))));
}

int64_t sys_mknod(struct process *p, const uint64_t *a)
{
	return mknod_at(p, AT_FDCWD, a[0], a[1], a[2]);
}

int64_t sys_mknodat(struct process *p, const uint64_t *a)
{
	return mknod_at(p, sys_arg_int(a[0]), a[1], a[2], a[3]);
}
