/* The stat family. Every form asks the host with fstatat/fstat and hands the host struct stat
 * to the ABI's put_stat, which knows the guest's layouts (stat_layout.h); statx's struct is
 * the same fixed-width one everywhere and only needs the guest's byte order. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "handlers.h"
#include "path.h"
#include "sys_args.h"

/* Path-based stat through fstatat: the guest's AT_* flags are the generic ones the host has. */
static int64_t stat_at(struct process *p, int dirfd, uint64_t path_addr, uint64_t stat_addr,
		       int flags, enum stat_layout layout)
{
	struct sys_path_buf pb;
	const char *host = "";
	/* Since Linux 6.11 a NULL path with AT_EMPTY_PATH means the fd itself. */
	if (!(path_addr == 0 && (flags & AT_EMPTY_PATH))) {
		int err = sys_read_path(p, path_addr, &pb, &host);
		if (err)
			return err;
	}
	struct stat st;
	if (fstatat(dirfd, host, &st, flags) < 0)
		return -errno;
	return p->abi->put_stat(p, stat_addr, &st, layout);
}

static int64_t stat_fd(struct process *p, int fd, uint64_t stat_addr, enum stat_layout layout)
{
	struct stat st;
	if (fstat(fd, &st) < 0)
		return -errno;
	return p->abi->put_stat(p, stat_addr, &st, layout);
}

int64_t sys_stat(struct process *p, const uint64_t *a)
{
	return stat_at(p, AT_FDCWD, a[0], a[1], 0, STAT_NATIVE);
}

int64_t sys_lstat(struct process *p, const uint64_t *a)
{
	return stat_at(p, AT_FDCWD, a[0], a[1], AT_SYMLINK_NOFOLLOW, STAT_NATIVE);
}

int64_t sys_fstat(struct process *p, const uint64_t *a)
{
	return stat_fd(p, sys_arg_int(a[0]), a[1], STAT_NATIVE);
}

int64_t sys_newfstatat(struct process *p, const uint64_t *a)
{
	return stat_at(p, sys_arg_int(a[0]), a[1], a[2], sys_arg_int(a[3]), STAT_NATIVE);
}

int64_t sys_stat64(struct process *p, const uint64_t *a)
{
	return stat_at(p, AT_FDCWD, a[0], a[1], 0, STAT_64);
}

int64_t sys_lstat64(struct process *p, const uint64_t *a)
{
	return stat_at(p, AT_FDCWD, a[0], a[1], AT_SYMLINK_NOFOLLOW, STAT_64);
}

int64_t sys_fstat64(struct process *p, const uint64_t *a)
{
	return stat_fd(p, sys_arg_int(a[0]), a[1], STAT_64);
}

int64_t sys_fstatat64(struct process *p, const uint64_t *a)
{
	return stat_at(p, sys_arg_int(a[0]), a[1], a[2], sys_arg_int(a[3]), STAT_64);
}

/* ---- statx ---------------------------------------------------------------------------------- */

enum { STATX_STRUCT_SIZE = 256 };

/* struct statx (include/uapi/linux/stat.h) as the widths of its fields in order, so it can be
 * rewritten in the guest's byte order without naming each field. Each timestamp is
 * {s64 sec, u32 nsec, s32 reserved}; the tail is u64 fields and spares. */
static const uint8_t statx_field_widths[] = {
	4, 4, 8,				/* mask, blksize, attributes */
	4, 4, 4, 2, 2,				/* nlink, uid, gid, mode, spare */
	8, 8, 8, 8,				/* ino, size, blocks, attributes_mask */
	8, 4, 4, 8, 4, 4, 8, 4, 4, 8, 4, 4,	/* atime, btime, ctime, mtime */
	4, 4, 4, 4,				/* rdev major/minor, dev major/minor */
	8, 4, 4,				/* mnt_id, dio_mem_align, dio_offset_align */
	8, 4, 4, 4, 4, 4, 4,			/* subvol, atomic write and dio read limits */
	8, 8, 8, 8, 8, 8, 8, 8,			/* mnt_ns_id, spares */
};

static void statx_to_guest(uint8_t *guest, const uint8_t *host, bool guest_be)
{
	const bool host_be = __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__;
	unsigned off = 0;
	for (size_t i = 0; i < sizeof statx_field_widths; i++) {
		unsigned w = statx_field_widths[i];
		bo_put(guest + off, bo_get(host + off, w, host_be), w, guest_be);
		off += w;
	}
}

int64_t sys_statx(struct process *p, const uint64_t *a)
{
	int dirfd = sys_arg_int(a[0]);
	int flags = sys_arg_int(a[2]);
	unsigned mask = (unsigned)a[3];
	struct sys_path_buf pb;
	const char *host = "";
	if (!(a[1] == 0 && (flags & AT_EMPTY_PATH))) {
		int err = sys_read_path(p, a[1], &pb, &host);
		if (err)
			return err;
	}

	/* The raw call: the kernel fills all 256 bytes (glibc's wrapper may emulate instead). A
	 * host without statx says ENOSYS, and the guest's libc falls back to fstatat itself. */
	uint64_t raw[STATX_STRUCT_SIZE / 8];
	uint8_t guest[STATX_STRUCT_SIZE];
	memset(raw, 0, sizeof raw);
	if (syscall(SYS_statx, dirfd, host, flags, mask, raw) < 0)
		return -errno;
	statx_to_guest(guest, (const uint8_t *)raw, p->mem.big_endian);
	return gm_write(&p->mem, a[4], guest, sizeof guest) < 0 ? -EFAULT : 0;
}
