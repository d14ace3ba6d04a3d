/* sendmsg(fd, msghdr, flags) and recvmsg(fd, msghdr, flags).
 *
 * struct msghdr is {name; int namelen; iov; size_t iovlen; control; size_t controllen; int
 * flags} in the guest's words (7 words: the int fields padded to a word), struct iovec {base;
 * size_t len}, and each control message a struct cmsghdr {size_t len; int level; int type}
 * followed by its data at the next word boundary. Control messages are rebuilt in the host's
 * layout and back: SOL_SOCKET (the ABI's number) becomes the host's; SCM_RIGHTS (an array of
 * descriptors, the same descriptors here) and SCM_CREDENTIALS (struct ucred) have their ints
 * in the guest's byte order; the data of any other message passes as bytes.
 *
 * With threads, a receive that would wait, or a send to a socket with no room, waits in its
 * thread only (thread.h). */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include "../emu/byteorder.h"
#include "abi_flags.h"
#include "handlers.h"
#include "sockaddr.h"
#include "sys_args.h"
#include "thread.h"

#define IOV_MAX_GUEST 1024u		/* the kernel's UIO_MAXIOV */
#define CONTROL_MAX 65536u		/* the kernel's own bound on a message's control data */
#define SCM_RIGHTS_NR 1			/* the same on every ABI (include/linux/socket.h) */
#define SCM_CREDENTIALS_NR 2

struct guest_msghdr {
	uint64_t name, namelen, iov, iovlen, control, controllen, flags;
};

static int get_msghdr(struct process *p, uint64_t addr, struct guest_msghdr *m)
{
	unsigned w = p->mem.word_size;
	uint64_t *f[7] = { &m->name, &m->namelen, &m->iov, &m->iovlen, &m->control,
			   &m->controllen, &m->flags };
	for (unsigned i = 0; i < 7; i++) {
		unsigned width = (i == 1 || i == 6) ? 4 : w;	/* the two ints */
		if (gm_get(&p->mem, addr + (uint64_t)i * w, width, f[i]) < 0)
			return -EFAULT;
	}
	return 0;
}

/* The iovecs' total length (capped at SYS_MAX_RW_COUNT, as the kernel moves no more), or
 * -errno; the vector stays in guest memory and is walked again by copy_iov. */
static int64_t iov_total(struct process *p, const struct guest_msghdr *m)
{
	unsigned w = p->mem.word_size;
	if (m->iovlen > IOV_MAX_GUEST)
		return -EMSGSIZE;
	uint64_t total = 0;
	for (uint64_t i = 0; i < m->iovlen; i++) {
		uint64_t len;
		if (gm_get(&p->mem, m->iov + i * 2 * w + w, w, &len) < 0)
			return -EFAULT;
		if ((int64_t)sys_arg_long(p, len) < 0)
			return -EINVAL;
		total += len;
		if (total > SYS_MAX_RW_COUNT)
			total = SYS_MAX_RW_COUNT;
	}
	return (int64_t)total;
}

/* Gathers (to_guest false) or scatters (true) n bytes between buf and the guest's iovecs. */
static int copy_iov(struct process *p, const struct guest_msghdr *m, uint8_t *buf, uint64_t n,
		    bool to_guest)
{
	unsigned w = p->mem.word_size;
	for (uint64_t i = 0; i < m->iovlen && n; i++) {
		uint64_t base, len;
		if (gm_get_word(&p->mem, m->iov + i * 2 * w, &base) < 0 ||
		    gm_get(&p->mem, m->iov + i * 2 * w + w, w, &len) < 0)
			return -EFAULT;
		uint64_t k = len < n ? len : n;
		int r = to_guest ? gm_write(&p->mem, base, buf, k) : gm_read(&p->mem, base, buf, k);
		if (r < 0)
			return -EFAULT;
		buf += k;
		n -= k;
	}
	return 0;
}

static uint64_t align_up(uint64_t v, unsigned a)
{
	return (v + a - 1) / a * a;
}

/* Each int of an SCM_RIGHTS or SCM_CREDENTIALS message's data from (to_host) or to the guest's
 * byte order; other messages' data is copied as it is. */
static void convert_data(const struct process *p, bool ints, const uint8_t *from, uint8_t *to,
			 uint64_t len, bool to_host)
{
	if (!ints) {
		memcpy(to, from, len);
		return;
	}
	bool be = p->mem.big_endian;
	for (uint64_t i = 0; i + 4 <= len; i += 4) {
		uint32_t v;
		if (to_host) {
			v = bo_get32(from + i, be);
			memcpy(to + i, &v, 4);
		} else {
			memcpy(&v, from + i, 4);
			bo_put32(to + i, v, be);
		}
	}
}

/* The guest's control messages as host ones in host (room bytes); the host length, or -errno. */
static int64_t control_to_host(struct process *p, const struct guest_msghdr *m, uint8_t *host,
			       uint64_t room)
{
	unsigned w = p->mem.word_size, hdr = w + 8, data_at = (unsigned)align_up(hdr, w);
	uint64_t at = 0, used = 0;
	if (m->controllen > CONTROL_MAX)
		return -ENOBUFS;
	uint8_t *g = malloc(m->controllen ? m->controllen : 1);
	if (!g)
		return -ENOMEM;
	if (m->controllen && gm_read(&p->mem, m->control, g, m->controllen) < 0) {
		free(g);
		return -EFAULT;
	}
	int64_t r = 0;
	while (at + hdr <= m->controllen) {
		uint64_t len = bo_get(g + at, w, p->mem.big_endian);
		uint32_t level = bo_get32(g + at + w, p->mem.big_endian);
		uint32_t type = bo_get32(g + at + w + 4, p->mem.big_endian);
		if (len < data_at || at + len > m->controllen) {
			r = -EINVAL;
			break;
		}
		uint64_t dlen = len - data_at;
		if (used + CMSG_SPACE(dlen) > room) {
			r = -ENOBUFS;
			break;
		}
		struct cmsghdr *c = (struct cmsghdr *)(host + used);
		bool sol = level == p->abi->flags->sol_socket;
		c->cmsg_len = CMSG_LEN(dlen);
		c->cmsg_level = sol ? SOL_SOCKET : (int)level;
		c->cmsg_type = (int)type;
		convert_data(p, sol && (type == SCM_RIGHTS_NR || type == SCM_CREDENTIALS_NR),
			     g + at + data_at, CMSG_DATA(c), dlen, true);
		used += CMSG_SPACE(dlen);
		at += align_up(len, w);
	}
	free(g);
	return r ? r : (int64_t)used;
}

/* The host's control messages into the guest's buffer; the bytes written, with MSG_CTRUNC
 * added to *flags when they did not all fit. */
static int64_t control_to_guest(struct process *p, const struct guest_msghdr *m,
				struct msghdr *hm, int *flags)
{
	unsigned w = p->mem.word_size, hdr = w + 8, data_at = (unsigned)align_up(hdr, w);
	bool be = p->mem.big_endian;
	uint64_t at = 0;
	uint8_t buf[CONTROL_MAX / 16];
	for (struct cmsghdr *c = CMSG_FIRSTHDR(hm); c; c = CMSG_NXTHDR(hm, c)) {
		uint64_t dlen = c->cmsg_len - CMSG_LEN(0);
		uint64_t len = data_at + dlen;
		if (at + len > m->controllen || len > sizeof(buf)) {
			*flags |= MSG_CTRUNC;
			break;
		}
		bool sol = c->cmsg_level == SOL_SOCKET;
		bo_put(buf, len, w, be);
		bo_put32(buf + w, sol ? p->abi->flags->sol_socket : (uint32_t)c->cmsg_level, be);
		bo_put32(buf + w + 4, (uint32_t)c->cmsg_type, be);
		memset(buf + hdr, 0, data_at - hdr);
		convert_data(p, sol && (c->cmsg_type == SCM_RIGHTS || c->cmsg_type == SCM_CREDENTIALS),
			     CMSG_DATA(c), buf + data_at, dlen, false);
		if (gm_write(&p->mem, m->control + at, buf, len) < 0)
			return -EFAULT;
		at += align_up(len, w);
		if (at > m->controllen)
			at = m->controllen;
	}
	return (int64_t)at;
}

/* The message header at addr and its data's total length, checked; 0 or -errno. */
static int64_t msg_read(struct process *p, uint64_t addr, struct guest_msghdr *m, uint64_t *total)
{
	int64_t r = get_msghdr(p, addr, m);
	if (r)
		return r;
	r = iov_total(p, m);
	if (r < 0)
		return r;
	*total = (uint64_t)r;
	return 0;
}

/* Host buffers for the data (total bytes) and the control messages (room bytes: host headers
 * may be wider than the guest's); false if they cannot be had. */
static bool msg_buffers(uint64_t total, uint64_t controllen, uint8_t **data, uint8_t **control,
			uint64_t *room)
{
	*room = controllen * 2 + 64;
	*data = malloc(total ? (size_t)total : 1);
	*control = malloc(*room);
	if (*data && *control)
		return true;
	free(*data);
	free(*control);
	return false;
}

int64_t sys_sendmsg(struct process *p, const uint64_t *a)
{
	int fd = sys_arg_int(a[0]), flags = sys_arg_int(a[2]);
	struct guest_msghdr m;
	uint64_t total;
	int64_t r = msg_read(p, a[1], &m, &total);
	if (r)
		return r;
	if (!(flags & MSG_DONTWAIT) && sched_would_block(p, fd, POLLOUT))
		return sched_block_fd(p, fd, POLLOUT);
	struct sockaddr_storage sa;
	socklen_t salen = 0;
	if (m.name && m.namelen) {
		if (m.namelen > sizeof(sa))
			return -EINVAL;
		r = sys_sockaddr_in(p, m.name, m.namelen, &sa, &salen);
		if (r)
			return r;
	}
	uint8_t *data, *control;
	uint64_t room;
	if (!msg_buffers(total, m.controllen, &data, &control, &room))
		return -ENOMEM;
	r = copy_iov(p, &m, data, total, false);
	int64_t clen = r ? r : control_to_host(p, &m, control, room);
	if (clen >= 0) {
		struct iovec v = { data, (size_t)total };
		struct msghdr hm = { .msg_name = salen ? &sa : NULL, .msg_namelen = salen,
				     .msg_iov = &v, .msg_iovlen = 1,
				     .msg_control = clen ? control : NULL, .msg_controllen = (size_t)clen };
		ssize_t n = sendmsg(fd, &hm, flags);
		r = n < 0 ? -errno : n;
	} else {
		r = clen;
	}
	free(data);
	free(control);
	return r;
}

int64_t sys_recvmsg(struct process *p, const uint64_t *a)
{
	int fd = sys_arg_int(a[0]), flags = sys_arg_int(a[2]);
	struct guest_msghdr m;
	uint64_t total;
	int64_t r = msg_read(p, a[1], &m, &total);
	if (r)
		return r;
	if (m.controllen > CONTROL_MAX)
		m.controllen = CONTROL_MAX;
	if (!(flags & MSG_DONTWAIT) && sched_would_block(p, fd, POLLIN))
		return sched_block_fd(p, fd, POLLIN);
	uint8_t *data, *control;
	uint64_t room;
	if (!msg_buffers(total, m.controllen, &data, &control, &room))
		return -ENOMEM;
	struct sockaddr_storage sa;
	struct iovec v = { data, (size_t)total };
	struct msghdr hm = { .msg_name = m.name ? &sa : NULL, .msg_namelen = sizeof(sa),
			     .msg_iov = &v, .msg_iovlen = 1,
			     .msg_control = m.controllen ? control : NULL,
			     .msg_controllen = m.controllen ? room : 0 };
	ssize_t n = recvmsg(fd, &hm, flags);
	r = n < 0 ? -errno : n;
	if (r >= 0) {
		uint64_t copied = (uint64_t)n < total ? (uint64_t)n : total;
		int out_flags = hm.msg_flags;
		int64_t clen = m.controllen ? control_to_guest(p, &m, &hm, &out_flags) : 0;
		unsigned w = p->mem.word_size;
		if (copy_iov(p, &m, data, copied, true) < 0 || clen < 0 ||
		    gm_put(&p->mem, a[1] + 5 * w, w, (uint64_t)clen) < 0 ||
		    gm_put(&p->mem, a[1] + 6 * w, 4, (uint32_t)out_flags) < 0)
			r = -EFAULT;
		else if (m.name && sys_sockaddr_out(p, m.name, a[1] + w, &sa, hm.msg_namelen) < 0)
			r = -EFAULT;
	}
	free(data);
	free(control);
	return r;
}
