/* Descriptor calls with nothing to translate but their arguments' widths: flock, fallocate
 * (and the 32-bit ABIs' two-register offsets), fdatasync, sync, syncfs, sendfile (the offset a
 * guest off_t or, for sendfile64, a 64-bit loff_t), copy_file_range (loff_t offsets) and
 * memfd_create (MFD_* are generic). */
#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <unistd.h>

#include "handlers.h"
#include "path.h"
#include "sys_args.h"

static int64_t result(long r)
{
	return r < 0 ? -errno : r;
}

int64_t sys_flock(struct process *p, const uint64_t *a)
{
	(void)p;
	return result(flock(sys_arg_int(a[0]), sys_arg_int(a[1])));
}

static int64_t fallocate_at(int fd, int mode, int64_t offset, int64_t len)
{
	return result(fallocate(fd, mode, (off_t)offset, (off_t)len));
}

int64_t sys_fallocate(struct process *p, const uint64_t *a)
{
	(void)p;
	return fallocate_at(sys_arg_int(a[0]), sys_arg_int(a[1]), (int64_t)a[2], (int64_t)a[3]);
}

/* fallocate(fd, mode, offset low, offset high, len low, len high): 32-bit ABIs that pass a
 * 64-bit value in two registers low word first (i386). */
int64_t sys_fallocate_lo_hi(struct process *p, const uint64_t *a)
{
	(void)p;
	return fallocate_at(sys_arg_int(a[0]), sys_arg_int(a[1]), sys_arg_pair(a[2], a[3]),
			    sys_arg_pair(a[4], a[5]));
}

int64_t sys_fdatasync(struct process *p, const uint64_t *a)
{
	(void)p;
	return result(fdatasync(sys_arg_int(a[0])));
}

int64_t sys_sync(struct process *p, const uint64_t *a)
{
	(void)p;
	(void)a;
	sync();
	return 0;
}

int64_t sys_syncfs(struct process *p, const uint64_t *a)
{
	(void)p;
	return result(syncfs(sys_arg_int(a[0])));
}

/* sendfile(out, in, offset pointer, count): the offset read before and written after, in
 * off_bytes (the guest's off_t, or 8 for sendfile64). */
static int64_t sendfile_with(struct process *p, const uint64_t *a, unsigned off_bytes)
{
	uint64_t count = sys_arg_size(p, a[3]);
	if (count > SYS_MAX_RW_COUNT)
		count = SYS_MAX_RW_COUNT;
	if (!a[2])
		return result(sendfile(sys_arg_int(a[0]), sys_arg_int(a[1]), NULL, count));
	uint64_t raw;
	if (gm_get(&p->mem, a[2], off_bytes, &raw) < 0)
		return -EFAULT;
	off_t off = off_bytes == 4 ? (off_t)(int32_t)(uint32_t)raw : (off_t)(int64_t)raw;
	if (off < 0)
		return -EINVAL;
	int64_t r = result(sendfile(sys_arg_int(a[0]), sys_arg_int(a[1]), &off, count));
	if (r >= 0 && gm_put(&p->mem, a[2], off_bytes, (uint64_t)off) < 0)
		return -EFAULT;
	return r;
}

int64_t sys_sendfile(struct process *p, const uint64_t *a)
{
	return sendfile_with(p, a, p->mem.word_size);
}

int64_t sys_sendfile64(struct process *p, const uint64_t *a)
{
	return sendfile_with(p, a, 8);
}

/* memfd_create(name, flags): MFD_CLOEXEC 1, MFD_ALLOW_SEALING 2, MFD_HUGETLB 4 on every ABI. */
int64_t sys_memfd_create(struct process *p, const uint64_t *a)
{
	char name[256];
	long n = gm_read_str(&p->mem, a[0], name, sizeof(name));
	if (n == -EFAULT)
		return -EFAULT;
	if (n < 0 || n > 249)	/* the kernel's MFD_NAME_MAX_LEN */
		return -EINVAL;
	return result(memfd_create(name, (unsigned)a[1]));
}

/* copy_file_range(in, off_in pointer, out, off_out pointer, len, flags): each offset, when
 * given, a 64-bit loff_t read before and written after; without one the file position moves. */
int64_t sys_copy_file_range(struct process *p, const uint64_t *a)
{
	loff_t off[2];
	uint64_t where[2] = { a[1], a[3] };
	for (int i = 0; i < 2; i++) {
		uint64_t raw;
		if (where[i] && gm_get(&p->mem, where[i], 8, &raw) < 0)
			return -EFAULT;
		off[i] = where[i] ? (loff_t)raw : 0;
	}
	uint64_t len = sys_arg_size(p, a[4]);
	if (len > SYS_MAX_RW_COUNT)
		len = SYS_MAX_RW_COUNT;
	int64_t r = result(copy_file_range(sys_arg_int(a[0]), where[0] ? &off[0] : NULL,
					   sys_arg_int(a[2]), where[1] ? &off[1] : NULL, len,
					   (unsigned)a[5]));
	for (int i = 0; i < 2 && r >= 0; i++)
		if (where[i] && gm_put(&p->mem, where[i], 8, (uint64_t)off[i]) < 0)
			return -EFAULT;
	return r;
}
