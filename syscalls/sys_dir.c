/* Directories and the names in them: getdents64, access, unlink, rename, mkdir, rmdir, cwd,
 * readlink, and the metadata calls that take a path or an fd (chmod, truncate, fsync, umask).
 * Absolute guest paths go through sys_path (the -L sysroot); relative ones resolve against the
 * host cwd, which is the guest's. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "dir_cookie.h"
#include "handlers.h"
#include "path.h"
#include "proc_view.h"
#include "sys_args.h"

/* ---- getdents64 ----------------------------------------------------------------------------- */

/* struct linux_dirent64 is fixed width everywhere: u64 d_ino, s64 d_off, u16 d_reclen,
 * u8 d_type, then the name; records are 8-byte aligned. Only the byte order can differ. */
enum { DIRENT64_INO = 0, DIRENT64_OFF = 8, DIRENT64_RECLEN = 16, DIRENT64_NAME = 19 };

/* One call never needs more than this; a bigger guest buffer just gets fewer entries. */
#define GETDENTS_MAX (1u << 20)

static void dirents_to_guest(uint8_t *buf, size_t len, bool guest_be)
{
	const bool host_be = __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__;
	if (host_be == guest_be)
		return;
	for (size_t off = 0; off + DIRENT64_NAME <= len;) {
		uint8_t *d = buf + off;
		uint16_t reclen = bo_get16(d + DIRENT64_RECLEN, host_be);
		bo_put64(d + DIRENT64_INO, bo_get64(d + DIRENT64_INO, host_be), guest_be);
		bo_put64(d + DIRENT64_OFF, bo_get64(d + DIRENT64_OFF, host_be), guest_be);
		bo_put16(d + DIRENT64_RECLEN, reclen, guest_be);
		if (reclen == 0)
			break;
		off += reclen;
	}
}

/* How many bytes from addr (up to len) the guest could have written. */
static uint64_t writable_prefix(struct process *p, uint64_t addr, uint64_t len)
{
	uint64_t done = 0;
	while (done < len) {
		const struct gm_region *r = gm_region_at(&p->mem, addr + done);
		if (!r || !(r->prot & GM_PROT_WRITE))
			break;
		done += r->end - (addr + done);
	}
	return done < len ? done : len;
}

int64_t sys_getdents64(struct process *p, const uint64_t *a)
{
	int fd = sys_arg_int(a[0]);
	uint64_t count = sys_arg_size(p, a[2]);
	if (count > GETDENTS_MAX)
		count = GETDENTS_MAX;
	/* Ask the host for no more than the guest can take: entries read and then not stored
	 * would be skipped for good. Like the kernel, an unusable buffer is EFAULT. */
	count = writable_prefix(p, a[1], count);
	if (count == 0 && sys_arg_size(p, a[2]) != 0)
		return -EFAULT;
	uint8_t *buf = malloc(count ? count : 1);
	if (!buf)
		return -ENOMEM;
	long n = syscall(SYS_getdents64, fd, buf, (size_t)count);
	int64_t r = n < 0 ? -errno : n;
	if (n > 0) {
		proc_view_dirents(p, fd, buf, (size_t)n);
		if (p->mem.word_size == 4)
			dir_cookies_to_guest32(buf, (size_t)n);
		dirents_to_guest(buf, (size_t)n, p->mem.big_endian);
		if (gm_write(&p->mem, a[1], buf, (uint64_t)n) < 0)
			r = -EFAULT;
	}
	free(buf);
	return r;
}

/* ---- calls on one path ---------------------------------------------------------------------- */

static int64_t result(int r)
{
	return r < 0 ? -errno : r;
}

static int64_t faccess(struct process *p, int dirfd, uint64_t path, int mode, int flags)
{
	struct sys_path_buf pb;
	const char *host;
	int err = sys_read_path(p, path, &pb, &host);
	if (err)
		return err;
	/* The raw faccessat2 keeps the kernel's answer for flags; glibc's faccessat would emulate
	 * AT_EACCESS from stat bits. Old hosts without it get the flag-less call. */
	long r = syscall(SYS_faccessat2, dirfd, host, mode, flags);
	if (r < 0 && errno == ENOSYS && flags == 0)
		r = syscall(SYS_faccessat, dirfd, host, mode);
	return r < 0 ? -errno : 0;
}

int64_t sys_access(struct process *p, const uint64_t *a)
{
	return faccess(p, AT_FDCWD, a[0], sys_arg_int(a[1]), 0);
}

int64_t sys_faccessat(struct process *p, const uint64_t *a)
{
	return faccess(p, sys_arg_int(a[0]), a[1], sys_arg_int(a[2]), 0);
}

int64_t sys_faccessat2(struct process *p, const uint64_t *a)
{
	return faccess(p, sys_arg_int(a[0]), a[1], sys_arg_int(a[2]), sys_arg_int(a[3]));
}

int64_t sys_unlink(struct process *p, const uint64_t *a)
{
	struct sys_path_buf pb;
	const char *host;
	int err = sys_read_path(p, a[0], &pb, &host);
	if (err)
		return err;
	return result(unlink(host));
}

int64_t sys_unlinkat(struct process *p, const uint64_t *a)
{
	struct sys_path_buf pb;
	const char *host;
	int err = sys_read_path(p, a[1], &pb, &host);
	if (err)
		return err;
	return result(unlinkat(sys_arg_int(a[0]), host, sys_arg_int(a[2])));
}

static int64_t rename_at(struct process *p, int olddir, uint64_t oldpath, int newdir,
			 uint64_t newpath, unsigned flags)
{
	struct sys_path_buf from_buf;
	const char *from;
	int err = sys_read_path(p, oldpath, &from_buf, &from);
	if (err)
		return err;
	struct sys_path_buf to_buf;
	const char *to;
	err = sys_read_path(p, newpath, &to_buf, &to);
	if (err)
		return err;
	/* renameat2 without flags is renameat; the raw call avoids needing a libc wrapper. */
	return result((int)syscall(SYS_renameat2, olddir, from, newdir, to, flags));
}

int64_t sys_rename(struct process *p, const uint64_t *a)
{
	return rename_at(p, AT_FDCWD, a[0], AT_FDCWD, a[1], 0);
}

int64_t sys_renameat(struct process *p, const uint64_t *a)
{
	return rename_at(p, sys_arg_int(a[0]), a[1], sys_arg_int(a[2]), a[3], 0);
}

int64_t sys_renameat2(struct process *p, const uint64_t *a)
{
	return rename_at(p, sys_arg_int(a[0]), a[1], sys_arg_int(a[2]), a[3], (unsigned)a[4]);
}

int64_t sys_mkdir(struct process *p, const uint64_t *a)
{
	struct sys_path_buf pb;
	const char *host;
	int err = sys_read_path(p, a[0], &pb, &host);
	if (err)
		return err;
	return result(mkdir(host, (mode_t)(a[1] & 07777)));
}

int64_t sys_mkdirat(struct process *p, const uint64_t *a)
{
	struct sys_path_buf pb;
	const char *host;
	int err = sys_read_path(p, a[1], &pb, &host);
	if (err)
		return err;
	return result(mkdirat(sys_arg_int(a[0]), host, (mode_t)(a[2] & 07777)));
}

int64_t sys_rmdir(struct process *p, const uint64_t *a)
{
	struct sys_path_buf pb;
	const char *host;
	int err = sys_read_path(p, a[0], &pb, &host);
	if (err)
		return err;
	return result(rmdir(host));
}

int64_t sys_chdir(struct process *p, const uint64_t *a)
{
	struct sys_path_buf pb;
	const char *host;
	int err = sys_read_path(p, a[0], &pb, &host);
	if (err)
		return err;
	return result(chdir(host));
}

int64_t sys_fchdir(struct process *p, const uint64_t *a)
{
	(void)p;
	return result(fchdir(sys_arg_int(a[0])));
}

int64_t sys_chmod(struct process *p, const uint64_t *a)
{
	struct sys_path_buf pb;
	const char *host;
	int err = sys_read_path(p, a[0], &pb, &host);
	if (err)
		return err;
	return result(chmod(host, (mode_t)(a[1] & 07777)));
}

int64_t sys_fchmod(struct process *p, const uint64_t *a)
{
	(void)p;
	return result(fchmod(sys_arg_int(a[0]), (mode_t)(a[1] & 07777)));
}

int64_t sys_truncate(struct process *p, const uint64_t *a)
{
	struct sys_path_buf pb;
	const char *host;
	int err = sys_read_path(p, a[0], &pb, &host);
	if (err)
		return err;
	return result(truncate(host, (off_t)sys_arg_long(p, a[1])));
}

int64_t sys_ftruncate(struct process *p, const uint64_t *a)
{
	return result(ftruncate(sys_arg_int(a[0]), (off_t)sys_arg_long(p, a[1])));
}

int64_t sys_fsync(struct process *p, const uint64_t *a)
{
	(void)p;
	return result(fsync(sys_arg_int(a[0])));
}

int64_t sys_umask(struct process *p, const uint64_t *a)
{
	(void)p;
	return umask((mode_t)(a[0] & 0777));
}

int64_t sys_fadvise64(struct process *p, const uint64_t *a)
{
	/* Advice only: ignoring it is always correct, and the i386 and x86-64 argument splits
	 * differ, so nothing is decoded. */
	(void)p;
	(void)a;
	return 0;
}

/* ---- getcwd, readlink ----------------------------------------------------------------------- */

int64_t sys_getcwd(struct process *p, const uint64_t *a)
{
	char cwd[PATH_MAX];
	if (!getcwd(cwd, sizeof cwd))
		return -errno;
	/* The kernel returns the length with the NUL, or ERANGE when it does not fit. */
	size_t len = strlen(cwd) + 1;
	if (len > sys_arg_size(p, a[1]))
		return -ERANGE;
	return gm_write(&p->mem, a[0], cwd, len) < 0 ? -EFAULT : (int64_t)len;
}

/* readlink writes at most bufsiz bytes and no NUL, and answers the length written. */
static int64_t put_link(struct process *p, uint64_t buf, uint64_t bufsiz, const char *target,
			size_t len)
{
	if (len > bufsiz)
		len = bufsiz;
	return gm_write(&p->mem, buf, target, len) < 0 ? -EFAULT : (int64_t)len;
}

static int64_t readlink_at(struct process *p, int dirfd, uint64_t path, uint64_t buf,
			   uint64_t bufsiz_arg)
{
	int bufsiz = sys_arg_int(bufsiz_arg);
	if (bufsiz <= 0)
		return -EINVAL;
	struct sys_path_buf pb;
	long n = gm_read_str(&p->mem, path, pb.guest, sizeof pb.guest);
	if (n < 0)
		return n;
	/* The host link would name the emulator: the guest's own program is the answer. */
	if (sys_path_is_self_exe(p, pb.guest) && p->exe_path[0])
		return put_link(p, buf, (uint64_t)bufsiz, p->exe_path, strlen(p->exe_path));
	char self[64];
	if (proc_view_self_link(p, pb.guest, self, sizeof self))
		return put_link(p, buf, (uint64_t)bufsiz, self, strlen(self));

	const char *host = sys_path(p, pb.guest, pb.host, sizeof pb.host);
	char target[PATH_MAX];
	ssize_t len = readlinkat(dirfd, host, target, sizeof target);
	if (len < 0)
		return -errno;
	return put_link(p, buf, (uint64_t)bufsiz, target, (size_t)len);
}

int64_t sys_readlink(struct process *p, const uint64_t *a)
{
	return readlink_at(p, AT_FDCWD, a[0], a[1], a[2]);
}

int64_t sys_readlinkat(struct process *p, const uint64_t *a)
{
	return readlink_at(p, sys_arg_int(a[0]), a[1], a[2], a[3]);
}
