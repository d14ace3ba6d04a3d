/* Swapping the records of timerfd and inotify descriptors for guests of the other byte order
 * (fd_records.h). */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../emu/byteorder.h"
#include "fd_records.h"

static bool other_byte_order(const struct process *p)
{
	return p->mem.big_endian != (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__);
}

int64_t fd_records_mark(struct process *p, int fd, enum fd_records_kind kind)
{
	if (!other_byte_order(p))
		return fd;
	if (fd < 0 || (size_t)fd >= sizeof(p->fd_records)) {
		close(fd);
		return -EMFILE;
	}
	p->fd_records[fd] = (uint8_t)kind;
	return fd;
}

/* What the host says fd is: the link of /proc/self/fd/N. */
static bool fd_is(int fd, const char *what)
{
	char path[64], link[64];
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	ssize_t n = readlink(path, link, sizeof(link) - 1);
	if (n < 0)
		return false;
	link[n] = 0;
	return strcmp(link, what) == 0;
}

/* Whether fd is still what fd_records_mark marked (the mark goes when it is not: closed, and
 * the number reused). */
static bool still_marked(struct process *p, int fd)
{
	static const char *const links[] = {
		[FD_RECORDS_COUNTER] = "anon_inode:[timerfd]",
		[FD_RECORDS_INOTIFY] = "anon_inode:inotify",
		[FD_RECORDS_EVENTFD] = "anon_inode:[eventfd]",
	};
	enum fd_records_kind kind = p->fd_records[fd];
	if (kind != FD_RECORDS_NONE && fd_is(fd, links[kind]))
		return true;
	p->fd_records[fd] = FD_RECORDS_NONE;
	return false;
}

#define HOST_ORDER (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__ ? BO_BIG : BO_LITTLE)
#define GUEST_ORDER (HOST_ORDER == BO_BIG ? BO_LITTLE : BO_BIG)	/* the other one */

static void swap32_at(uint8_t *b)
{
	bo_put32(b, bo_get32(b, HOST_ORDER), GUEST_ORDER);
}

void fd_records_after_read(struct process *p, int fd, uint64_t addr, int64_t n)
{
	if (n <= 0 || fd < 0 || (size_t)fd >= sizeof(p->fd_records) || !p->fd_records[fd])
		return;
	enum fd_records_kind kind = p->fd_records[fd];
	if (!still_marked(p, fd))
		return;
	uint8_t *b = gm_host(&p->mem, addr, (uint64_t)n, GM_PROT_WRITE);
	if (!b)
		return;
	if ((kind == FD_RECORDS_COUNTER || kind == FD_RECORDS_EVENTFD) && n == 8) {
		bo_put64(b, bo_get64(b, HOST_ORDER), GUEST_ORDER);
	} else if (kind == FD_RECORDS_INOTIFY) {
		for (int64_t at = 0; at + 16 <= n;) {
			uint32_t len = bo_get32(b + at + 12, HOST_ORDER);
			for (int f = 0; f < 4; f++)	/* wd, mask, cookie, len */
				swap32_at(b + at + 4 * f);
			at += 16 + (int64_t)len;
		}
	}
	gm_wrote(&p->mem, addr, (uint64_t)n);
}

bool fd_records_write(struct process *p, int fd, uint64_t addr, uint64_t count, int64_t *result)
{
	if (fd < 0 || (size_t)fd >= sizeof(p->fd_records) ||
	    p->fd_records[fd] != FD_RECORDS_EVENTFD || !still_marked(p, fd))
		return false;
	uint8_t b[8];
	if (count < sizeof b) {
		*result = -EINVAL;	/* as the kernel: the counter is 8 bytes */
		return true;
	}
	if (gm_read(&p->mem, addr, b, sizeof b) != 0) {
		*result = -EFAULT;
		return true;
	}
	bo_put64(b, bo_get64(b, GUEST_ORDER), HOST_ORDER);
	ssize_t r = write(fd, b, sizeof b);
	*result = r < 0 ? -errno : r;
	return true;
}
