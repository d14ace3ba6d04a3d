/* Opening files and moving data: open/openat/creat, read/write and their vector and positional
 * forms, lseek, and the i386 forms that split 64-bit offsets over two registers.
 *
 * Guest fds are host fds. Data moves straight between the host fd and the guest's own pages:
 * a guest buffer is cut at region boundaries into a host iovec, so no bounce copy is needed and
 * a buffer that runs into unmapped memory transfers its valid prefix (a short count, as the
 * kernel gives) or fails with EFAULT when not even its first byte is usable. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#include "abi_flags.h"
#include "dir_cookie.h"
#include "fd_records.h"
#include "signalfd.h"
#include "handlers.h"
#include "path.h"
#include "proc_view.h"
#include "sys_args.h"
#include "thread.h"

/* ---- open flags ---------------------------------------------------------------------------- */

/* Guest O_* bits go to the neutral numbering through the ABI's table (abi_flags.h), then to the
 * host's. */
struct open_flag {
	uint32_t neutral;
	int host;
};

/* The neutral (Linux generic) bits and the host's. O_SYNC and O_TMPFILE are two bits each
 * (with O_DSYNC, O_DIRECTORY): the table lists the bit they add. */
static const struct open_flag host_open_flags[] = {
	{ ABI_O_CREAT, O_CREAT },	{ ABI_O_EXCL, O_EXCL },		{ ABI_O_NOCTTY, O_NOCTTY },
	{ ABI_O_TRUNC, O_TRUNC },	{ ABI_O_APPEND, O_APPEND },	{ ABI_O_NONBLOCK, O_NONBLOCK },
	{ ABI_O_DSYNC, O_DSYNC },	{ ABI_O_ASYNC, O_ASYNC },	{ ABI_O_DIRECT, O_DIRECT },
	{ ABI_O_LARGEFILE, O_LARGEFILE }, /* 0 in a 64-bit host's headers: the host forces it */
	{ ABI_O_DIRECTORY, O_DIRECTORY }, { ABI_O_NOFOLLOW, O_NOFOLLOW },
	{ ABI_O_NOATIME, O_NOATIME },	{ ABI_O_CLOEXEC, O_CLOEXEC },
	{ ABI_O_SYNC_BIT, O_SYNC & ~O_DSYNC }, { ABI_O_PATH, O_PATH },
	{ ABI_O_TMPFILE_BIT, O_TMPFILE & ~O_DIRECTORY },
};

#if defined(__x86_64__) || defined(__i386__)
/* An x86 host's values are the neutral ones bit for bit, including the kernel-internal ones
 * F_GETFL reports (O_LARGEFILE on a 64-bit kernel): no second step. */
enum { HOST_HAS_NEUTRAL_OPEN_FLAGS = 1 };
#else
enum { HOST_HAS_NEUTRAL_OPEN_FLAGS = 0 };
#endif

int sys_open_flags_to_host(const struct process *p, uint64_t guest_flags)
{
	uint64_t neutral = (guest_flags & ABI_O_ACCMODE) |
			   abi_bits_to_neutral(&p->abi->flags->open, guest_flags);
	if (HOST_HAS_NEUTRAL_OPEN_FLAGS)
		return (int)(uint32_t)neutral;
	int host = (int)(neutral & ABI_O_ACCMODE);
	for (size_t i = 0; i < sizeof host_open_flags / sizeof host_open_flags[0]; i++)
		if (neutral & host_open_flags[i].neutral)
			host |= host_open_flags[i].host;
	return host;
}

uint64_t sys_open_flags_to_guest(const struct process *p, int host_flags)
{
	uint64_t neutral = (uint32_t)host_flags;
	if (!HOST_HAS_NEUTRAL_OPEN_FLAGS) {
		neutral = (uint32_t)host_flags & ABI_O_ACCMODE;
		for (size_t i = 0; i < sizeof host_open_flags / sizeof host_open_flags[0]; i++)
			if (host_open_flags[i].host &&
			    (host_flags & host_open_flags[i].host) == host_open_flags[i].host)
				neutral |= host_open_flags[i].neutral;
	}
	return (neutral & ABI_O_ACCMODE) | abi_bits_to_guest(&p->abi->flags->open, neutral);
}

/* ---- opening ------------------------------------------------------------------------------- */

static int64_t open_at(struct process *p, int dirfd, uint64_t path_addr, int host_flags,
		       uint64_t mode)
{
	struct sys_path_buf pb;
	const char *host;
	int err = sys_read_path(p, path_addr, &pb, &host);
	if (err)
		return err;
	int own = proc_view_open(p, pb.guest, host_flags);
	if (own != 0)
		return own;
	int fd = openat(dirfd, host, host_flags, (mode_t)(mode & 07777));
	return fd < 0 ? -errno : proc_view_opened(p, fd, host_flags);
}

int64_t sys_open(struct process *p, const uint64_t *a)
{
	return open_at(p, AT_FDCWD, a[0], sys_open_flags_to_host(p, a[1]), a[2]);
}

int64_t sys_openat(struct process *p, const uint64_t *a)
{
	return open_at(p, sys_arg_int(a[0]), a[1], sys_open_flags_to_host(p, a[2]), a[3]);
}

int64_t sys_creat(struct process *p, const uint64_t *a)
{
	return open_at(p, AT_FDCWD, a[0], O_CREAT | O_WRONLY | O_TRUNC, a[1]);
}

/* ---- guest buffers as host iovecs ------------------------------------------------------------ */

/* Enough pieces for any real buffer; beyond it a transfer is just short. */
#define MAX_HOST_PIECES 1024

struct host_iov {
	struct iovec v[MAX_HOST_PIECES];
	uint64_t guest[MAX_HOST_PIECES];	/* the guest address of each piece */
	int n;
	uint64_t bytes;		/* total of the pieces */
	bool truncated;		/* stopped at memory the guest may not access this way */
};

/* Appends [addr, addr+len) cut at region boundaries; stops at the first byte that is unmapped
 * or lacks prot. Returns false once nothing more can be appended. */
static bool iov_append(struct process *p, struct host_iov *h, uint64_t addr, uint64_t len,
		       int prot)
{
	while (len > 0) {
		const struct gm_region *r = gm_region_at(&p->mem, addr);
		if (!r || (r->prot & prot) != prot || h->n == MAX_HOST_PIECES) {
			h->truncated = true;
			return false;
		}
		uint64_t piece = r->end - addr < len ? r->end - addr : len;
		void *host = gm_host(&p->mem, addr, piece, prot);
		if (!host) {
			h->truncated = true;
			return false;
		}
		h->v[h->n].iov_base = host;
		h->v[h->n].iov_len = piece;
		h->guest[h->n] = addr;
		h->n++;
		h->bytes += piece;
		addr += piece;
		len -= piece;
	}
	return true;
}

/* A read put n bytes into the pieces: guest_mem hears of it, in case they hold code. */
static void iov_wrote(struct process *p, const struct host_iov *h, int64_t n)
{
	for (int i = 0; i < h->n && n > 0; i++) {
		uint64_t len = h->v[i].iov_len < (uint64_t)n ? h->v[i].iov_len : (uint64_t)n;
		gm_wrote(&p->mem, h->guest[i], len);
		n -= (int64_t)len;
	}
}

/* The kernel's rule for a buffer it cannot use: EFAULT only when nothing could move. */
static bool iov_unusable(const struct host_iov *h)
{
	return h->bytes == 0 && h->truncated;
}

enum io_dir { IO_READ, IO_WRITE };

/* One host transfer over the pieces; offset < 0 means the file position.
 * GCC 12 with -fsanitize=address misreads h->v as the 8-byte iov_base of its first element and
 * warns that readv reads past it (-Wstringop-overread); the array really has h->n elements. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstringop-overread"
static int64_t host_transfer(int fd, enum io_dir dir, const struct host_iov *h, int64_t offset)
{
	ssize_t r;
	/* A single piece takes plain read/write: exactly the guest's call for the common case. */
	void *buf = h->n ? h->v[0].iov_base : NULL;
	size_t len = h->n ? h->v[0].iov_len : 0;
	if (dir == IO_READ) {
		if (h->n <= 1)
			r = offset < 0 ? read(fd, buf, len) : pread(fd, buf, len, offset);
		else
			r = offset < 0 ? readv(fd, h->v, h->n) : preadv(fd, h->v, h->n, offset);
	} else {
		if (h->n <= 1)
			r = offset < 0 ? write(fd, buf, len) : pwrite(fd, buf, len, offset);
		else
			r = offset < 0 ? writev(fd, h->v, h->n) : pwritev(fd, h->v, h->n, offset);
	}
	return r < 0 ? -errno : r;
}
#pragma GCC diagnostic pop

static int prot_for(enum io_dir dir)
{
	/* Reading a file writes guest memory, and the other way round. */
	return dir == IO_READ ? GM_PROT_WRITE : GM_PROT_READ;
}

/* read/write/pread64/pwrite64 on one guest buffer. */
static int64_t transfer(struct process *p, int fd, enum io_dir dir, uint64_t addr,
			uint64_t count, int64_t offset)
{
	struct host_iov *h = calloc(1, sizeof *h);
	if (!h)
		return -ENOMEM;
	if (count > SYS_MAX_RW_COUNT)
		count = SYS_MAX_RW_COUNT;
	iov_append(p, h, addr, count, prot_for(dir));
	int64_t r = iov_unusable(h) ? -EFAULT : host_transfer(fd, dir, h, offset);
	if (dir == IO_READ)
		iov_wrote(p, h, r);
	free(h);
	return r;
}

/* readv/writev (and their positional forms, should an ABI want them): the guest's iovec array
 * is pairs of guest words {base, len}. */
static int64_t transfer_vec(struct process *p, int fd, enum io_dir dir, uint64_t iov_addr,
			    uint64_t iovcnt_arg, int64_t offset)
{
	int iovcnt = sys_arg_int(iovcnt_arg);
	if (iovcnt < 0 || iovcnt > 1024)	/* the kernel's UIO_MAXIOV */
		return -EINVAL;

	unsigned ws = p->mem.word_size;
	uint8_t *raw = malloc((size_t)iovcnt * 2 * ws + 1);
	struct host_iov *h = calloc(1, sizeof *h);
	int64_t r;
	if (!raw || !h) {
		r = -ENOMEM;
		goto out;
	}
	if (gm_read(&p->mem, iov_addr, raw, (uint64_t)iovcnt * 2 * ws) < 0) {
		r = -EFAULT;
		goto out;
	}

	/* Validate every length first, as the kernel does before any transfer: a length that is
	 * negative as the guest's ssize_t is refused. */
	for (int i = 0; i < iovcnt; i++) {
		uint64_t len = bo_get(raw + (size_t)(2 * i + 1) * ws, ws, p->mem.big_endian);
		if (sys_arg_long(p, len) < 0) {
			r = -EINVAL;
			goto out;
		}
	}

	uint64_t room = SYS_MAX_RW_COUNT;	/* longer vectors are cut, not refused */
	for (int i = 0; i < iovcnt && room > 0; i++) {
		uint64_t base = bo_get(raw + (size_t)(2 * i) * ws, ws, p->mem.big_endian);
		uint64_t len = bo_get(raw + (size_t)(2 * i + 1) * ws, ws, p->mem.big_endian);
		if (len > room)
			len = room;
		room -= len;
		if (!iov_append(p, h, base, len, prot_for(dir)))
			break;
	}
	r = iov_unusable(h) ? -EFAULT : host_transfer(fd, dir, h, offset);
	if (dir == IO_READ)
		iov_wrote(p, h, r);
out:
	free(raw);
	free(h);
	return r;
}

/* ---- the handlers ------------------------------------------------------------------------- */

/* With threads, a read that would wait on the host waits in its thread only (thread.h). */
int64_t sys_read(struct process *p, const uint64_t *a)
{
	int slot = signalfd_find(p, sys_arg_int(a[0]));
	if (slot >= 0)
		return signalfd_read(p, slot, sys_arg_int(a[0]), a[1], sys_arg_size(p, a[2]));
	if (sched_would_block(p, sys_arg_int(a[0]), POLLIN))
		return sched_block_fd(p, sys_arg_int(a[0]), POLLIN);
	int64_t r = transfer(p, sys_arg_int(a[0]), IO_READ, a[1], sys_arg_size(p, a[2]), -1);
	fd_records_after_read(p, sys_arg_int(a[0]), a[1], r);
	return r;
}

/* With threads, a write to a full pipe or socket waits in its thread only (thread.h): what
 * fits goes now without waiting, the rest once the reader has made room (the call runs again
 * from where it stopped), so the guest still sees one write of every byte, as from a blocking
 * pipe. The fd is non-blocking only for the moment of the write: no other thread runs then. */
static int64_t write_in_thread(struct process *p, int fd, uint64_t addr, uint64_t count)
{
	uint64_t *done = sched_io_done(p);
	if (count > SYS_MAX_RW_COUNT)
		count = SYS_MAX_RW_COUNT;
	int fl = fcntl(fd, F_GETFL);
	if (fl < 0 || fcntl(fd, F_SETFL, fl | O_NONBLOCK) < 0)
		return transfer(p, fd, IO_WRITE, addr, count, -1);
	int64_t r = transfer(p, fd, IO_WRITE, addr + *done, count - *done, -1);
	fcntl(fd, F_SETFL, fl);
	if (r == -EAGAIN)
		r = 0;
	if (r < 0 || *done + (uint64_t)r >= count) {
		uint64_t moved = *done;
		*done = 0;
		return r < 0 ? (moved ? (int64_t)moved : r) : (int64_t)(moved + (uint64_t)r);
	}
	*done += (uint64_t)r;
	return sched_block_fd(p, fd, POLLOUT);
}

int64_t sys_write(struct process *p, const uint64_t *a)
{
	int64_t swapped;
	if (fd_records_write(p, sys_arg_int(a[0]), a[1], sys_arg_size(p, a[2]), &swapped))
		return swapped;
	if (sched_write_must_not_block(p, sys_arg_int(a[0])))
		return write_in_thread(p, sys_arg_int(a[0]), a[1], sys_arg_size(p, a[2]));
	return transfer(p, sys_arg_int(a[0]), IO_WRITE, a[1], sys_arg_size(p, a[2]), -1);
}

int64_t sys_readv(struct process *p, const uint64_t *a)
{
	if (sched_would_block(p, sys_arg_int(a[0]), POLLIN))
		return sched_block_fd(p, sys_arg_int(a[0]), POLLIN);
	return transfer_vec(p, sys_arg_int(a[0]), IO_READ, a[1], a[2], -1);
}

/* With threads, a writev to a pipe or socket with no room waits in its thread only; once
 * there is room it runs as on the host (a vector longer than the room still waits there). */
int64_t sys_writev(struct process *p, const uint64_t *a)
{
	if (sched_write_must_not_block(p, sys_arg_int(a[0])) &&
	    sched_would_block(p, sys_arg_int(a[0]), POLLOUT))
		return sched_block_fd(p, sys_arg_int(a[0]), POLLOUT);
	return transfer_vec(p, sys_arg_int(a[0]), IO_WRITE, a[1], a[2], -1);
}

/* A negative offset is the caller's error, not "use the file position". */
static int64_t positional(struct process *p, enum io_dir dir, const uint64_t *a, int64_t off)
{
	if (off < 0)
		return -EINVAL;
	return transfer(p, sys_arg_int(a[0]), dir, a[1], sys_arg_size(p, a[2]), off);
}

int64_t sys_pread64(struct process *p, const uint64_t *a)
{
	return positional(p, IO_READ, a, (int64_t)a[3]);
}

int64_t sys_pwrite64(struct process *p, const uint64_t *a)
{
	return positional(p, IO_WRITE, a, (int64_t)a[3]);
}

/* pread64(fd, buf, count, offset_lo, offset_hi): the offset in two registers, low word first
 * (i386). */
int64_t sys_pread64_lo_hi(struct process *p, const uint64_t *a)
{
	return positional(p, IO_READ, a, sys_arg_pair(a[3], a[4]));
}

int64_t sys_pwrite64_lo_hi(struct process *p, const uint64_t *a)
{
	return positional(p, IO_WRITE, a, sys_arg_pair(a[3], a[4]));
}

/* lseek as the guest's word size sees it: 32-bit guests get 32-bit directory cookies. */
static int64_t guest_lseek(struct process *p, int fd, int64_t offset, int whence)
{
	if (p->mem.word_size == 4)
		return dir_cookie_lseek32(fd, offset, whence);
	off_t r = lseek(fd, (off_t)offset, whence);
	return r < 0 ? -errno : r;
}

int64_t sys_lseek(struct process *p, const uint64_t *a)
{
	int64_t r = guest_lseek(p, sys_arg_int(a[0]), sys_arg_long(p, a[1]), sys_arg_int(a[2]));
	/* A 32-bit off_t cannot report the position; the kernel moves it and says EOVERFLOW. */
	if (p->mem.word_size == 4 && r > INT32_MAX)
		return -EOVERFLOW;
	return r;
}

/* _llseek(fd, offset_high, offset_low, loff_t *result, whence): 32-bit ABIs. */
int64_t sys_llseek(struct process *p, const uint64_t *a)
{
	int64_t r = guest_lseek(p, sys_arg_int(a[0]), sys_arg_pair(a[2], a[1]), sys_arg_int(a[4]));
	if (r < 0)
		return r;
	return gm_put(&p->mem, a[3], 8, (uint64_t)r) < 0 ? -EFAULT : 0;
}

/* ftruncate64(fd, length_lo, length_hi): low word first (i386). */
int64_t sys_ftruncate64_lo_hi(struct process *p, const uint64_t *a)
{
	(void)p;
	int64_t len = sys_arg_pair(a[1], a[2]);
	if (len < 0)
		return -EINVAL;
	return ftruncate(sys_arg_int(a[0]), (off_t)len) < 0 ? -errno : 0;
}
