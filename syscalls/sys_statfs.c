/* statfs, fstatfs, and the 32-bit ABIs' statfs64 and fstatfs64 (path or fd, size, buffer).
 *
 * struct statfs is asm-generic's on every ABI served here: f_type and f_bsize are "long"s, the
 * five counts (blocks, free, available, files, free files) "long"s in statfs and 64-bit in
 * statfs64, then f_fsid (two ints), f_namelen, f_frsize, f_flags and f_spare[4], "long"s
 * again. That is 120 bytes on a 64-bit ABI, 64 for a 32-bit statfs and 84 for its statfs64
 * (i386 packs it to that; hppa pads it to 88, so both sizes are accepted). A count a 32-bit
 * statfs cannot hold is EOVERFLOW, as in the kernel. */
#include <errno.h>
#include <string.h>
#include <sys/statfs.h>
#include <sys/vfs.h>

#include "handlers.h"
#include "path.h"
#include "sys_args.h"

struct statfs_field {
	uint64_t v;
	unsigned bytes;
};

static int64_t put_statfs(struct process *p, uint64_t addr, const struct statfs *st,
			  unsigned count_bytes)
{
	unsigned w = p->mem.word_size;
	const uint64_t counts[5] = { st->f_blocks, st->f_bfree, st->f_bavail, st->f_files,
				     st->f_ffree };
	int fsid[2];
	memcpy(fsid, &st->f_fsid, sizeof(fsid));
	struct statfs_field f[16] = {
		{ (uint64_t)st->f_type, w }, { (uint64_t)st->f_bsize, w },
	};
	unsigned n = 2;
	for (int i = 0; i < 5; i++) {
		if (count_bytes == 4 && counts[i] > UINT32_MAX)
			return -EOVERFLOW;
		f[n++] = (struct statfs_field){ counts[i], count_bytes };
	}
	f[n++] = (struct statfs_field){ (uint32_t)fsid[0], 4 };
	f[n++] = (struct statfs_field){ (uint32_t)fsid[1], 4 };
	f[n++] = (struct statfs_field){ (uint64_t)st->f_namelen, w };
	f[n++] = (struct statfs_field){ (uint64_t)st->f_frsize, w };
	f[n++] = (struct statfs_field){ (uint64_t)st->f_flags, w };
	for (int i = 0; i < 4; i++)
		f[n++] = (struct statfs_field){ 0, w };
	uint64_t at = addr;
	for (unsigned i = 0; i < n; i++) {
		if (gm_put(&p->mem, at, f[i].bytes, f[i].v) < 0)
			return -EFAULT;
		at += f[i].bytes;
	}
	return 0;
}

/* The host's statfs of the path at path_addr, or of fd when path_addr is 0. */
static int64_t host_statfs(struct process *p, uint64_t path_addr, int fd, struct statfs *st)
{
	if (!path_addr)
		return fstatfs(fd, st) < 0 ? -errno : 0;
	struct sys_path_buf b;
	const char *host;
	int err = sys_read_path(p, path_addr, &b, &host);
	if (err)
		return err;
	return statfs(host, st) < 0 ? -errno : 0;
}

/* statfs / fstatfs: the counts in the ABI's longs. */
static int64_t statfs_native(struct process *p, uint64_t path_addr, int fd, uint64_t buf)
{
	struct statfs st;
	int64_t r = host_statfs(p, path_addr, fd, &st);
	return r ? r : put_statfs(p, buf, &st, p->mem.word_size);
}

/* statfs64 / fstatfs64: the counts in 64 bits, the size the guest names checked. */
static int64_t statfs_64(struct process *p, uint64_t path_addr, int fd, uint64_t size,
			 uint64_t buf)
{
	unsigned w = p->mem.word_size;
	uint64_t want = w == 8 ? 120 : 84;
	if (size != want && !(w == 4 && size == 88))
		return -EINVAL;
	struct statfs st;
	int64_t r = host_statfs(p, path_addr, fd, &st);
	return r ? r : put_statfs(p, buf, &st, 8);
}

int64_t sys_statfs(struct process *p, const uint64_t *a)
{
	return a[0] ? statfs_native(p, a[0], -1, a[1]) : -EFAULT;
}

int64_t sys_fstatfs(struct process *p, const uint64_t *a)
{
	return statfs_native(p, 0, sys_arg_int(a[0]), a[1]);
}

int64_t sys_statfs64(struct process *p, const uint64_t *a)
{
	return a[0] ? statfs_64(p, a[0], -1, a[1], a[2]) : -EFAULT;
}

int64_t sys_fstatfs64(struct process *p, const uint64_t *a)
{
	return statfs_64(p, 0, sys_arg_int(a[0]), a[1], a[2]);
}
