/* Sockets: socket, socketpair, bind, listen, accept, accept4, connect, sendto, recvfrom,
 * shutdown, getsockname, getpeername, and i386's socketcall, which multiplexes them.
 *
 * Addresses: the guest's struct sockaddr is copied as bytes with its sa_family (a short in the
 * guest's byte order) rewritten in the host's; the families' numbers (AF_UNIX 1, AF_INET 2,
 * AF_INET6 10) and the layouts after the family are the same in every Linux ABI. The type's
 * SOCK_NONBLOCK and SOCK_CLOEXEC are the ABI's O_NONBLOCK and O_CLOEXEC (translated like
 * open's flags); the base types (SOCK_STREAM 1, SOCK_DGRAM 2, SOCK_SEQPACKET 5) are the same
 * in every ABI we serve. Socket options are sys_sockopt.c's, sendmsg and recvmsg sys_msg.c's.
 *
 * With threads, a call that would wait on the host waits in its thread only (thread.h): an
 * accept or a receive until the socket has something, a send until it has room, a connect in
 * progress until it completes. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "handlers.h"
#include "sockaddr.h"
#include "path.h"
#include "sys_args.h"
#include "thread.h"

#define GUEST_SOCK_TYPE_MASK 0xfu	/* the base type; the bits above are flags */

static int type_to_host(struct process *p, uint64_t type)
{
	uint32_t t = (uint32_t)type;
	int flags = sys_open_flags_to_host(p, t & ~GUEST_SOCK_TYPE_MASK);
	return (int)(t & GUEST_SOCK_TYPE_MASK) | (flags & O_NONBLOCK ? SOCK_NONBLOCK : 0) |
	       (flags & O_CLOEXEC ? SOCK_CLOEXEC : 0);
}

int64_t sys_socket(struct process *p, const uint64_t *a)
{
	int fd = socket(sys_arg_int(a[0]), type_to_host(p, a[1]), sys_arg_int(a[2]));
	return fd < 0 ? -errno : fd;
}

int64_t sys_socketpair(struct process *p, const uint64_t *a)
{
	int sv[2];
	if (socketpair(sys_arg_int(a[0]), type_to_host(p, a[1]), sys_arg_int(a[2]), sv) < 0)
		return -errno;
	if (gm_put(&p->mem, a[3], 4, (uint32_t)sv[0]) < 0 ||
	    gm_put(&p->mem, a[3] + 4, 4, (uint32_t)sv[1]) < 0) {
		close(sv[0]);
		close(sv[1]);
		return -EFAULT;
	}
	return 0;
}

int64_t sys_bind(struct process *p, const uint64_t *a)
{
	struct sockaddr_storage sa;
	socklen_t len;
	int err = sys_sockaddr_in(p, a[1], (uint32_t)a[2], &sa, &len);
	if (err)
		return err;
	return bind(sys_arg_int(a[0]), (struct sockaddr *)&sa, len) < 0 ? -errno : 0;
}

int64_t sys_listen(struct process *p, const uint64_t *a)
{
	(void)p;
	return listen(sys_arg_int(a[0]), sys_arg_int(a[1])) < 0 ? -errno : 0;
}

int64_t sys_accept4(struct process *p, const uint64_t *a)
{
	int fd = sys_arg_int(a[0]);
	if (sched_would_block(p, fd, POLLIN))
		return sched_block_fd(p, fd, POLLIN);
	struct sockaddr_storage sa;
	socklen_t len = sizeof(sa);
	int flags = type_to_host(p, a[3]) & (SOCK_NONBLOCK | SOCK_CLOEXEC);
	int nfd = accept4(fd, (struct sockaddr *)&sa, &len, flags);
	if (nfd < 0)
		return -errno;
	int err = sys_sockaddr_out(p, a[1], a[2], &sa, len);
	if (err) {
		close(nfd);
		return err;
	}
	return nfd;
}

int64_t sys_accept(struct process *p, const uint64_t *a)
{
	uint64_t args[6] = { a[0], a[1], a[2], 0 };
	return sys_accept4(p, args);
}

/* With threads, the connect is made without waiting; one in progress (a TCP handshake) waits
 * in its thread until the socket is writable, then the call runs again to learn the outcome.
 * `connecting` marks that second part (a connect on a connected socket is otherwise EISCONN). */
int64_t sys_connect(struct process *p, const uint64_t *a)
{
	int fd = sys_arg_int(a[0]);
	struct sockaddr_storage sa;
	socklen_t len;
	int err = sys_sockaddr_in(p, a[1], (uint32_t)a[2], &sa, &len);
	if (err)
		return err;
	if (!sched_write_must_not_block(p, fd))
		return connect(fd, (struct sockaddr *)&sa, len) < 0 ? -errno : 0;
	bool *pending = sched_connecting(p);
	int fl = fcntl(fd, F_GETFL);
	if (fl < 0 || fcntl(fd, F_SETFL, fl | O_NONBLOCK) < 0)
		return -errno;
	int r = connect(fd, (struct sockaddr *)&sa, len) < 0 ? -errno : 0;
	fcntl(fd, F_SETFL, fl);
	if (r == -EINPROGRESS || r == -EALREADY) {
		*pending = true;
		return sched_block_fd(p, fd, POLLOUT);
	}
	if (*pending) {
		*pending = false;
		if (r == -EISCONN)
			return 0;	/* the connect it waited for completed */
	}
	return r;
}

/* Sends what fits without waiting; with threads, a send to a socket with no room waits in its
 * thread and runs again for the rest, as write does (sys_file.c). */
int64_t sys_sendto(struct process *p, const uint64_t *a)
{
	int fd = sys_arg_int(a[0]), flags = sys_arg_int(a[3]);
	uint64_t count = sys_arg_size(p, a[2]);
	if (count > SYS_MAX_RW_COUNT)
		count = SYS_MAX_RW_COUNT;
	struct sockaddr_storage sa;
	socklen_t len = 0;
	if (a[4]) {
		int err = sys_sockaddr_in(p, a[4], (uint32_t)a[5], &sa, &len);
		if (err)
			return err;
	}
	bool threaded = !(flags & MSG_DONTWAIT) && sched_write_must_not_block(p, fd);
	uint64_t *done = threaded ? sched_io_done(p) : NULL;
	uint64_t skip = done ? *done : 0, left = count - skip;
	void *buf = malloc(left ? left : 1);
	if (!buf)
		return -ENOMEM;
	int64_t n = -EFAULT;
	if (gm_read(&p->mem, a[1] + skip, buf, left) == 0) {
		n = sendto(fd, buf, left, flags | (threaded ? MSG_DONTWAIT : 0),
			   a[4] ? (struct sockaddr *)&sa : NULL, len);
		if (n < 0)
			n = -errno;
	}
	free(buf);
	if (!threaded)
		return n;
	if (n == -EAGAIN)
		n = 0;
	if (n < 0 || skip + (uint64_t)n >= count) {
		*done = 0;
		return n < 0 ? (skip ? (int64_t)skip : n) : (int64_t)(skip + (uint64_t)n);
	}
	*done = skip + (uint64_t)n;
	return sched_block_fd(p, fd, POLLOUT);
}

/* With threads, a receive that would wait waits in its thread only. */
int64_t sys_recvfrom(struct process *p, const uint64_t *a)
{
	int fd = sys_arg_int(a[0]), flags = sys_arg_int(a[3]);
	if (!(flags & MSG_DONTWAIT) && sched_would_block(p, fd, POLLIN))
		return sched_block_fd(p, fd, POLLIN);
	uint64_t count = sys_arg_size(p, a[2]);
	if (count > SYS_MAX_RW_COUNT)
		count = SYS_MAX_RW_COUNT;
	void *buf = malloc(count ? count : 1);
	if (!buf)
		return -ENOMEM;
	struct sockaddr_storage sa;
	socklen_t len = sizeof(sa);
	ssize_t n = recvfrom(fd, buf, count, flags, (struct sockaddr *)&sa, &len);
	int64_t r = n < 0 ? -errno : n;
	uint64_t copied = n < 0 ? 0 : (uint64_t)n < count ? (uint64_t)n : count;	/* MSG_TRUNC */
	if (copied && gm_write(&p->mem, a[1], buf, copied) < 0)
		r = -EFAULT;
	free(buf);
	if (r >= 0 && a[4]) {
		int err = sys_sockaddr_out(p, a[4], a[5], &sa, len);
		if (err)
			return err;
	}
	return r;
}

int64_t sys_shutdown(struct process *p, const uint64_t *a)
{
	(void)p;
	return shutdown(sys_arg_int(a[0]), sys_arg_int(a[1])) < 0 ? -errno : 0;
}

static int64_t name_of(struct process *p, const uint64_t *a,
		       int (*get)(int, struct sockaddr *, socklen_t *))
{
	struct sockaddr_storage sa;
	socklen_t len = sizeof(sa);
	if (get(sys_arg_int(a[0]), (struct sockaddr *)&sa, &len) < 0)
		return -errno;
	return a[1] ? sys_sockaddr_out(p, a[1], a[2], &sa, len) : -EFAULT;
}

int64_t sys_getsockname(struct process *p, const uint64_t *a)
{
	return name_of(p, a, getsockname);
}

int64_t sys_getpeername(struct process *p, const uint64_t *a)
{
	return name_of(p, a, getpeername);
}

/* send(fd, buf, len, flags) and recv(fd, buf, len, flags): sendto and recvfrom without an
 * address (socketcall's forms, and IA-64's own calls). */
int64_t sys_send(struct process *p, const uint64_t *a)
{
	uint64_t args[6] = { a[0], a[1], a[2], a[3], 0, 0 };
	return sys_sendto(p, args);
}

int64_t sys_recv(struct process *p, const uint64_t *a)
{
	uint64_t args[6] = { a[0], a[1], a[2], a[3], 0, 0 };
	return sys_recvfrom(p, args);
}

/* i386's socketcall(call, args): the call's arguments are guest words at args
 * (include/uapi/linux/net.h numbers the calls; net/socket.c says how many words each takes). */
int64_t sys_socketcall(struct process *p, const uint64_t *a)
{
	static const struct {
		int64_t (*fn)(struct process *p, const uint64_t *a);
		unsigned nargs;
	} calls[] = {
		[1] = { sys_socket, 3 },	[2] = { sys_bind, 3 },
		[3] = { sys_connect, 3 },	[4] = { sys_listen, 2 },
		[5] = { sys_accept, 3 },	[6] = { sys_getsockname, 3 },
		[7] = { sys_getpeername, 3 },	[8] = { sys_socketpair, 4 },
		[9] = { sys_send, 4 },	[10] = { sys_recv, 4 },
		[11] = { sys_sendto, 6 },	[12] = { sys_recvfrom, 6 },
		[13] = { sys_shutdown, 2 },	[14] = { sys_setsockopt, 5 },
		[15] = { sys_getsockopt, 5 },	[16] = { sys_sendmsg, 3 },
		[17] = { sys_recvmsg, 3 },	[18] = { sys_accept4, 4 },
		[19] = { sys_recvmmsg, 5 },	[20] = { sys_sendmmsg, 4 },
	};
	int call = sys_arg_int(a[0]);
	if (call < 1 || call > 20)
		return -EINVAL;
	if ((size_t)call >= sizeof(calls) / sizeof(calls[0]) || !calls[call].fn)
		return -ENOSYS;
	uint64_t args[6] = { 0 };
	for (unsigned i = 0; i < calls[call].nargs; i++)
		if (gm_get_word(&p->mem, a[1] + (uint64_t)i * p->mem.word_size, &args[i]) < 0)
			return -EFAULT;
	return calls[call].fn(p, args);
}
