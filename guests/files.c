/*
 * files: exercises the file-system calls through glibc.
 *
 * Usage: files [BASE]
 * Works in BASE (default "."), which must exist: creates BASE/pfdir and files in it, writes,
 * reads, seeks, pread/pwrite, stat/fstat, renames, lists the directory sorted, removes it
 * all again and finally leaves BASE/result.txt behind (so a test can compare the tree).
 * On the way it asks poll, ppoll, select, pselect and epoll which ends of a pipe are ready,
 * sets and reads socket options and passes a descriptor over a socket pair, and makes links,
 * owners, file times, locks, the file system's sizes, a FIFO and a memfd in BASE/pfx (removed
 * again); last, the calls a process asks about itself (priority, policy, name, groups).
 * The output is deterministic: no inode numbers, times, addresses or absolute paths.
 * Exit status: 0 if every check passed, 1 otherwise (the failing step is printed).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/select.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>
#include <utime.h>

static int failures;
static char base[4096];

static const char *errno_name(int e)
{
	switch (e) {
	case 0: return "OK";
	case ENOENT: return "ENOENT";
	case EEXIST: return "EEXIST";
	case ENOTEMPTY: return "ENOTEMPTY";
	case ENOTDIR: return "ENOTDIR";
	case EISDIR: return "EISDIR";
	case EBADF: return "EBADF";
	case EINVAL: return "EINVAL";
	case ENOPROTOOPT: return "ENOPROTOOPT";
	case EWOULDBLOCK: return "EWOULDBLOCK";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	case ESRCH: return "ESRCH";
	case EPERM: return "EPERM";
	case EACCES: return "EACCES";
	case ESPIPE: return "ESPIPE";
	case EOVERFLOW: return "EOVERFLOW";
	default: return "E?";
	}
}

/* Path of NAME inside BASE. Returns a static buffer (one of a few, used in rotation). */
static const char *P(const char *name)
{
	static char bufs[4][4200];
	static int next;
	char *b = bufs[next++ & 3];
	snprintf(b, sizeof bufs[0], "%s/%s", base, name);
	return b;
}

static void check(int ok, const char *fmt, ...)
{
	va_list ap;
	printf("%s: ", ok ? "ok" : "FAIL");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	if (!ok)
		failures++;
}

/* Expects a call that failed with ERR: prints the errno name it got. */
static void expect_err(int ret, int err, const char *what)
{
	int e = ret < 0 ? errno : 0;
	check(ret < 0 && e == err, "%s -> %s (want %s)", what, errno_name(e), errno_name(err));
}

static long long file_size(const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0)
		return -1;
	return (long long)st.st_size;
}

static void write_all(int fd, const void *buf, size_t n, const char *what)
{
	const char *p = buf;
	size_t done = 0;
	while (done < n) {
		ssize_t w = write(fd, p + done, n - done);
		if (w <= 0) {
			check(0, "write %s: %s", what, errno_name(errno));
			return;
		}
		done += (size_t)w;
	}
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Lists DIR sorted by name, with the type and size from lstat. */
static void list_dir(const char *dir, const char *label)
{
	DIR *d = opendir(dir);
	char *names[64];
	size_t n = 0;
	struct dirent *de;

	if (!d) {
		check(0, "opendir %s: %s", label, errno_name(errno));
		return;
	}
	errno = 0;
	while ((de = readdir(d)) != NULL) {
		if (n < 64)
			names[n++] = strdup(de->d_name);
		errno = 0;
	}
	if (errno != 0)
		check(0, "readdir %s: %s", label, errno_name(errno));
	closedir(d);
	qsort(names, n, sizeof names[0], cmp_str);
	printf("listing %s: %zu entries\n", label, n);
	for (size_t i = 0; i < n; i++) {
		char path[8400];
		struct stat st;
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		if (lstat(path, &st) != 0) {
			check(0, "lstat %s/%s: %s", label, names[i], errno_name(errno));
		} else if (strcmp(names[i], ".") == 0 || strcmp(names[i], "..") == 0) {
			printf("  %-12s %s\n", names[i], S_ISDIR(st.st_mode) ? "dir" : "not-a-dir!");
		} else {
			printf("  %-12s %s mode %03o size %lld\n", names[i],
				S_ISDIR(st.st_mode) ? "dir " : S_ISREG(st.st_mode) ? "file" : "other",
				(unsigned)(st.st_mode & 0777),
				S_ISDIR(st.st_mode) ? 0LL : (long long)st.st_size);
		}
		free(names[i]);
	}
}

/* d_type must agree with lstat when the file system reports it. */
static void check_dtypes(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int bad = 0, seen = 0;
	if (!d) {
		check(0, "opendir for d_type: %s", errno_name(errno));
		return;
	}
	while ((de = readdir(d)) != NULL) {
		char path[8400];
		struct stat st;
		seen++;
		if (de->d_type == DT_UNKNOWN)
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		if (lstat(path, &st) != 0)
			bad++;
		else if ((de->d_type == DT_DIR) != !!S_ISDIR(st.st_mode))
			bad++;
		else if ((de->d_type == DT_REG) != !!S_ISREG(st.st_mode))
			bad++;
	}
	closedir(d);
	check(bad == 0 && seen > 2, "d_type agrees with lstat for %d entries", seen);
}

static uint32_t fnv(const void *p, size_t n, uint32_t h)
{
	const unsigned char *c = p;
	for (size_t i = 0; i < n; i++)
		h = (h ^ c[i]) * 16777619u;
	return h;
}

/* Readiness of a pipe's two ends through each of the waiting calls: what is ready, the count,
 * the sets written back, the timeout written back, a closed descriptor, and select with no
 * descriptors as a delay. */
static void check_readiness(void)
{
	int pfd[2];
	check(pipe(pfd) == 0, "pipe for readiness");
	int rd = pfd[0], wr = pfd[1];
	struct pollfd pf[2] = { { rd, POLLIN, -1 }, { wr, POLLOUT, -1 } };
	int n = poll(pf, 2, 0);
	check(n == 1 && pf[0].revents == 0 && pf[1].revents == POLLOUT,
	      "poll empty pipe: %d ready, revents %#x %#x", n, pf[0].revents, pf[1].revents);

	fd_set r, w;
	FD_ZERO(&r);
	FD_ZERO(&w);
	FD_SET(rd, &r);
	struct timeval tv = { 0, 20000 };
	n = select(rd + 1, &r, NULL, NULL, &tv);
	check(n == 0 && !FD_ISSET(rd, &r) && tv.tv_sec == 0 && tv.tv_usec == 0,
	      "select empty pipe, 20 ms: %d ready, set %d, time left %ld.%06ld", n,
	      FD_ISSET(rd, &r), (long)tv.tv_sec, (long)tv.tv_usec);

	check(write(wr, "x", 1) == 1, "write one byte to the pipe");
	FD_SET(rd, &r);
	FD_SET(wr, &w);
	FD_SET(rd, &w);	/* the read end is never writable */
	n = select(wr + 1, &r, &w, NULL, NULL);
	check(n == 2 && FD_ISSET(rd, &r) && FD_ISSET(wr, &w) && !FD_ISSET(rd, &w),
	      "select pipe with a byte: %d ready, read %d, write %d, read end writable %d", n,
	      FD_ISSET(rd, &r), FD_ISSET(wr, &w), FD_ISSET(rd, &w));

	struct timespec ts = { 1, 0 };
	sigset_t none;
	sigemptyset(&none);
	FD_ZERO(&r);
	FD_SET(rd, &r);
	n = pselect(rd + 1, &r, NULL, NULL, &ts, &none);
	check(n == 1 && FD_ISSET(rd, &r), "pselect with a mask: %d ready", n);

	pf[0].revents = pf[1].revents = -1;
	n = ppoll(pf, 2, &ts, NULL);
	check(n == 2 && pf[0].revents == POLLIN && pf[1].revents == POLLOUT,
	      "ppoll: %d ready, revents %#x %#x", n, pf[0].revents, pf[1].revents);

	close(wr);
	char c;
	check(read(rd, &c, 1) == 1, "read the byte back");
	pf[0].revents = -1;
	n = poll(pf, 1, 0);
	check(n == 1 && (pf[0].revents & POLLHUP), "poll after the writer closed: %d, revents %#x",
	      n, pf[0].revents & (POLLIN | POLLHUP));
	FD_ZERO(&r);
	FD_SET(rd, &r);
	tv = (struct timeval){ 0, 0 };
	n = select(rd + 1, &r, NULL, NULL, &tv);
	check(n == 1 && FD_ISSET(rd, &r), "select after the writer closed: %d ready (end of file)", n);

	FD_ZERO(&r);
	FD_SET(wr, &r);	/* closed above */
	expect_err(select(wr + 1, &r, NULL, NULL, &tv), EBADF, "select on a closed descriptor");
	pf[0] = (struct pollfd){ wr, POLLIN, 0 };
	n = poll(pf, 1, 0);
	check(n == 1 && pf[0].revents == POLLNVAL, "poll on a closed descriptor: %d, revents %#x",
	      n, pf[0].revents);
	tv = (struct timeval){ -1, 0 };
	expect_err(select(0, NULL, NULL, NULL, &tv), EINVAL, "select with a negative timeout");
	tv = (struct timeval){ 0, 1000 };
	check(select(0, NULL, NULL, NULL, &tv) == 0, "select with no descriptors: a 1 ms delay");
	close(rd);
}

/* The same pipe through epoll: the events and the data word each registration carries back,
 * level- and edge-triggered, and the errors of epoll_ctl. */
static void check_epoll(void)
{
	int pfd[2];
	check(pipe(pfd) == 0, "pipe for epoll");
	int rd = pfd[0], wr = pfd[1];
	int ep = epoll_create1(EPOLL_CLOEXEC);
	check(ep >= 0, "epoll_create1(EPOLL_CLOEXEC)");
	check(fcntl(ep, F_GETFD) == FD_CLOEXEC, "the epoll descriptor is close-on-exec");
	expect_err(epoll_create1(0x1), EINVAL, "epoll_create1 with an unknown flag");
	struct epoll_event ev = { .events = EPOLLIN, .data.u64 = 0x1122334455667788ull };
	check(epoll_ctl(ep, EPOLL_CTL_ADD, rd, &ev) == 0, "epoll_ctl add the read end");
	ev = (struct epoll_event){ .events = EPOLLOUT | EPOLLET, .data.u64 = 0xabcdef };
	check(epoll_ctl(ep, EPOLL_CTL_ADD, wr, &ev) == 0, "epoll_ctl add the write end, edge-triggered");
	expect_err(epoll_ctl(ep, EPOLL_CTL_ADD, wr, &ev), EEXIST, "epoll_ctl add it again");
	expect_err(epoll_ctl(ep, EPOLL_CTL_MOD, 100, &ev), EBADF, "epoll_ctl a closed descriptor");

	struct epoll_event got[4];
	memset(got, 0, sizeof got);
	int n = epoll_wait(ep, got, 4, 0);
	check(n == 1 && got[0].events == EPOLLOUT && got[0].data.u64 == 0xabcdef,
	      "epoll_wait empty pipe: %d ready, events %#x, data %#llx", n, got[0].events,
	      (unsigned long long)got[0].data.u64);
	n = epoll_wait(ep, got, 4, 10);
	check(n == 0, "epoll_wait again, 10 ms: %d ready (the edge was taken)", n);

	check(write(wr, "yz", 2) == 2, "write two bytes");
	memset(got, 0, sizeof got);
	n = epoll_wait(ep, got, 4, -1);
	/* writing used room: no new edge for the write end */
	check(n == 1 && got[0].events == EPOLLIN && got[0].data.u64 == 0x1122334455667788ull,
	      "epoll_wait with bytes in the pipe: %d ready, events %#x, data %#llx", n,
	      got[0].events, (unsigned long long)got[0].data.u64);
	sigset_t none;
	sigemptyset(&none);
	n = epoll_pwait(ep, got, 1, 0, &none);
	check(n == 1 && got[0].events == EPOLLIN, "epoll_pwait, room for one: %d, events %#x", n,
	      got[0].events);
	check(epoll_ctl(ep, EPOLL_CTL_DEL, rd, NULL) == 0, "epoll_ctl delete the read end");
	n = epoll_wait(ep, got, 4, 0);
	check(n == 0, "epoll_wait after the delete: %d ready", n);
	close(ep);
	close(rd);
	close(wr);
}

static int int_opt(int fd, int level, int name)
{
	int v = -1;
	socklen_t len = sizeof(v);
	if (getsockopt(fd, level, name, &v, &len) != 0 || len != sizeof(v))
		return -1000 - errno;
	return v;
}

/* Socket options at SOL_SOCKET (whose numbers are the ABI's own) and at IPPROTO_TCP, and
 * sendmsg/recvmsg with two iovecs and a descriptor passed in SCM_RIGHTS. */
static void check_sockets(void)
{
	int sv[2];
	check(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) == 0, "socketpair");
	check(int_opt(sv[0], SOL_SOCKET, SO_TYPE) == SOCK_STREAM, "SO_TYPE is SOCK_STREAM");
	check(int_opt(sv[0], SOL_SOCKET, SO_DOMAIN) == AF_UNIX, "SO_DOMAIN is AF_UNIX");
	check(int_opt(sv[0], SOL_SOCKET, SO_ERROR) == 0, "SO_ERROR is 0");
	check(int_opt(sv[0], SOL_SOCKET, SO_ACCEPTCONN) == 0, "SO_ACCEPTCONN is 0");
	int on = 1;
	check(setsockopt(sv[0], SOL_SOCKET, SO_KEEPALIVE, &on, sizeof(on)) == 0 &&
	      int_opt(sv[0], SOL_SOCKET, SO_KEEPALIVE) == 1, "SO_KEEPALIVE set and read back");
	struct linger l = { 1, 5 }, l2 = { 0, 0 };
	socklen_t len = sizeof(l2);
	int ok = setsockopt(sv[0], SOL_SOCKET, SO_LINGER, &l, sizeof(l)) == 0 &&
		 getsockopt(sv[0], SOL_SOCKET, SO_LINGER, &l2, &len) == 0 && len == sizeof(l2);
	check(ok && l2.l_onoff == 1 && l2.l_linger == 5, "SO_LINGER {1, 5} read back as {%d, %d}",
	      l2.l_onoff, l2.l_linger);
	struct timeval tv = { 2, 500000 }, tv2 = { 0, 0 };
	len = sizeof(tv2);
	ok = setsockopt(sv[0], SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)) == 0 &&
	     getsockopt(sv[0], SOL_SOCKET, SO_RCVTIMEO, &tv2, &len) == 0;
	check(ok && tv2.tv_sec == 2 && tv2.tv_usec == 500000,
	      "SO_RCVTIMEO 2.5 s read back as %ld.%06ld", (long)tv2.tv_sec, (long)tv2.tv_usec);
	struct ucred cred;
	len = sizeof(cred);
	check(getsockopt(sv[0], SOL_SOCKET, SO_PEERCRED, &cred, &len) == 0 &&
	      cred.pid == getpid() && cred.uid == getuid() && cred.gid == getgid(),
	      "SO_PEERCRED names this process");
	int v = -1;
	len = sizeof(v);
	expect_err(getsockopt(sv[0], SOL_SOCKET, 0x7777, &v, &len), ENOPROTOOPT,
		   "getsockopt of an unknown option");
	short small = -1;
	len = sizeof(small);
	check(getsockopt(sv[0], SOL_SOCKET, SO_TYPE, &small, &len) == 0 && len == sizeof(small),
	      "getsockopt into a short: %u bytes", (unsigned)len);

	int tcp = socket(AF_INET, SOCK_STREAM, 0);
	check(tcp >= 0, "a TCP socket");
	check(setsockopt(tcp, IPPROTO_TCP, TCP_NODELAY, &on, sizeof(on)) == 0 &&
	      int_opt(tcp, IPPROTO_TCP, TCP_NODELAY) == 1, "TCP_NODELAY set and read back");
	close(tcp);

	/* a pipe's read end travels over the pair */
	int pfd[2];
	check(pipe(pfd) == 0, "pipe to pass");
	/* control buffers aligned for struct cmsghdr (a strict-alignment CPU such as PA-RISC
	 * faults on a bare char array's header fields) */
	union {
		char buf[CMSG_SPACE(sizeof(int))];
		struct cmsghdr align;
	} ctl;
	memset(&ctl, 0, sizeof ctl);
	struct iovec out[2] = { { "pass", 4 }, { "ed!", 3 } };
	struct msghdr m = { .msg_iov = out, .msg_iovlen = 2, .msg_control = ctl.buf,
			    .msg_controllen = sizeof ctl.buf };
	struct cmsghdr *c = CMSG_FIRSTHDR(&m);
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(c), &pfd[0], sizeof(int));
	check(sendmsg(sv[0], &m, 0) == 7, "sendmsg of 7 bytes in two pieces and a descriptor");
	close(pfd[0]);
	check(write(pfd[1], "through", 7) == 7, "write into the passed pipe");

	char a[3], b[10];
	union {
		char buf[CMSG_SPACE(sizeof(int)) + 16];
		struct cmsghdr align;
	} rctl;
	struct iovec in[2] = { { a, sizeof a }, { b, sizeof b } };
	struct msghdr r = { .msg_iov = in, .msg_iovlen = 2, .msg_control = rctl.buf,
			    .msg_controllen = sizeof rctl.buf };
	ssize_t n = recvmsg(sv[1], &r, 0);
	c = CMSG_FIRSTHDR(&r);
	int got = -1;
	if (c && c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS)
		memcpy(&got, CMSG_DATA(c), sizeof(int));
	int rflags = r.msg_flags;
	check(n == 7 && !memcmp(a, "pas", 3) && !memcmp(b, "sed!", 4) && !(rflags & MSG_CTRUNC),
	      "recvmsg: %zd bytes scattered, flags %#x", n, rflags);
	check(r.msg_controllen == CMSG_SPACE(sizeof(int)) && c && c->cmsg_len == CMSG_LEN(sizeof(int)),
	      "one control message of one descriptor");
	char buf[8] = "";
	check(got >= 0 && read(got, buf, 7) == 7 && !memcmp(buf, "through", 7),
	      "the received descriptor reads what went into the pipe");
	if (got >= 0)
		close(got);

	/* no room for the control message: it is cut and the descriptor dropped */
	check(pipe(pfd) == 0, "another pipe to pass");
	memcpy(CMSG_DATA(CMSG_FIRSTHDR(&m)), &pfd[0], sizeof(int));
	check(sendmsg(sv[0], &m, 0) == 7, "sendmsg again");
	r.msg_control = NULL;
	r.msg_controllen = 0;
	r.msg_flags = 0;
	n = recvmsg(sv[1], &r, 0);
	rflags = r.msg_flags;
	check(n == 7 && (rflags & MSG_CTRUNC), "recvmsg with no control buffer: %zd, MSG_CTRUNC %s",
	      n, rflags & MSG_CTRUNC ? "set" : "clear");
	close(pfd[0]);
	close(pfd[1]);
	close(sv[0]);
	close(sv[1]);
}

static void stat_or_fail(const char *path, struct stat *st, bool follow)
{
	memset(st, 0, sizeof(*st));
	if ((follow ? stat(path, st) : lstat(path, st)) != 0)
		check(0, "stat %s: %s", path, errno_name(errno));
}

/* Links, owners, modes and times by path and descriptor, locks, space, copies between
 * descriptors, a FIFO and a memfd, all under BASE/pfx. */
static void check_links_and_times(void)
{
	struct stat st;
	check(mkdir(P("pfx"), 0755) == 0, "mkdir pfx");
	int fd = open(P("pfx/f"), O_CREAT | O_RDWR | O_TRUNC, 0644);
	check(fd >= 0 && write(fd, "0123456789", 10) == 10, "create pfx/f with 10 bytes");
	check(link(P("pfx/f"), P("pfx/hard")) == 0, "link f hard");
	check(linkat(AT_FDCWD, P("pfx/f"), AT_FDCWD, P("pfx/hard2"), 0) == 0, "linkat f hard2");
	stat_or_fail(P("pfx/f"), &st, true);
	check(st.st_nlink == 3, "f has %u links", (unsigned)st.st_nlink);
	check(symlink("f", P("pfx/soft")) == 0, "symlink soft -> f");
	int dir = open(P("pfx"), O_RDONLY | O_DIRECTORY);
	check(symlinkat("hard", dir, "soft2") == 0, "symlinkat soft2 -> hard");
	char target[64] = "";
	ssize_t n = readlinkat(dir, "soft2", target, sizeof target - 1);
	check(n == 4 && !strcmp(target, "hard"), "soft2 reads \"%s\"", target);
	expect_err(symlink("f", P("pfx/soft")), EEXIST, "symlink over soft");

	check(chown(P("pfx/f"), getuid(), getgid()) == 0, "chown f to its owner");
	check(lchown(P("pfx/soft"), (uid_t)-1, getgid()) == 0, "lchown soft, uid unchanged");
	check(fchown(fd, getuid(), (gid_t)-1) == 0, "fchown f");
	check(fchownat(dir, "soft", getuid(), getgid(), AT_SYMLINK_NOFOLLOW) == 0,
	      "fchownat soft, not followed");
	check(fchmodat(dir, "f", 0600, 0) == 0, "fchmodat f 600");
	stat_or_fail(P("pfx/hard"), &st, true);
	check((st.st_mode & 0777) == 0600, "hard (same inode) has mode %03o",
	      (unsigned)(st.st_mode & 0777));

	struct timespec ts[2] = { { 1000000000, 123456789 }, { 1500000000, 987654321 } };
	check(utimensat(AT_FDCWD, P("pfx/f"), ts, 0) == 0, "utimensat f");
	stat_or_fail(P("pfx/f"), &st, true);
	check(st.st_atim.tv_sec == 1000000000 && st.st_atim.tv_nsec == 123456789 &&
	      st.st_mtim.tv_sec == 1500000000 && st.st_mtim.tv_nsec == 987654321,
	      "f: atime %lld.%09ld, mtime %lld.%09ld", (long long)st.st_atim.tv_sec,
	      st.st_atim.tv_nsec, (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
	ts[0].tv_nsec = UTIME_OMIT;
	ts[1] = (struct timespec){ 1600000000, 5 };
	check(futimens(fd, ts) == 0, "futimens f, atime omitted");
	stat_or_fail(P("pfx/f"), &st, true);
	check(st.st_atim.tv_sec == 1000000000 && st.st_mtim.tv_sec == 1600000000 &&
	      st.st_mtim.tv_nsec == 5, "f: atime %lld kept, mtime %lld.%09ld",
	      (long long)st.st_atim.tv_sec, (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
	struct timeval tv[2] = { { 1100000000, 250000 }, { 1200000000, 750000 } };
	check(utimes(P("pfx/hard2"), tv) == 0, "utimes hard2");
	stat_or_fail(P("pfx/f"), &st, true);
	check(st.st_atim.tv_nsec == 250000000 && st.st_mtim.tv_sec == 1200000000 &&
	      st.st_mtim.tv_nsec == 750000000, "f: atime .%09ld, mtime %lld.%09ld",
	      st.st_atim.tv_nsec, (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec);
	struct utimbuf ub = { 1300000000, 1400000000 };
	check(utime(P("pfx/hard"), &ub) == 0, "utime hard");
	stat_or_fail(P("pfx/f"), &st, true);
	check(st.st_atim.tv_sec == 1300000000 && st.st_mtim.tv_sec == 1400000000 &&
	      st.st_mtim.tv_nsec == 0, "f: atime %lld, mtime %lld", (long long)st.st_atim.tv_sec,
	      (long long)st.st_mtim.tv_sec);
	ts[0] = (struct timespec){ 0, 1000000000 };
	expect_err(utimensat(AT_FDCWD, P("pfx/f"), ts, 0), EINVAL, "utimensat with 1e9 ns");

	int fd2 = open(P("pfx/f"), O_RDONLY);
	check(flock(fd, LOCK_EX | LOCK_NB) == 0, "flock f exclusive");
	expect_err(flock(fd2, LOCK_SH | LOCK_NB), EWOULDBLOCK, "flock f shared from another open");
	check(flock(fd, LOCK_UN) == 0 && flock(fd2, LOCK_SH | LOCK_NB) == 0, "unlock, then shared");
	int r = fallocate(fd, 0, 0, 4096);
	check(r == 0 || errno == EOPNOTSUPP, "fallocate 4096 bytes: %s", r ? errno_name(errno) : "OK");
	check(fdatasync(fd) == 0 && syncfs(fd) == 0, "fdatasync and syncfs");

	int out = open(P("pfx/copy"), O_CREAT | O_WRONLY | O_TRUNC, 0644);
	off_t off = 3;
	n = sendfile(out, fd2, &off, 5);
	check(n == 5 && off == 8, "sendfile 5 bytes from offset 3: %zd, offset now %lld", n,
	      (long long)off);
	char buf[16] = "";
	int cfd = open(P("pfx/copy"), O_RDONLY);
	check(read(cfd, buf, sizeof buf) == 5 && !memcmp(buf, "34567", 5), "copy holds \"%.5s\"", buf);
	close(cfd);
	close(out);
	close(fd2);

	/* the file system's sizes: free space moves between runs, the rest does not */
	struct statfs sf, fsf;
	struct statvfs sv, fsv;
	int ok = statfs(P("pfx"), &sf) == 0 && fstatfs(fd, &fsf) == 0 &&
		 statvfs(P("pfx"), &sv) == 0 && fstatvfs(fd, &fsv) == 0;
	check(ok && sf.f_bsize > 0 && sv.f_blocks == fsv.f_blocks && sv.f_bfree <= sv.f_blocks &&
	      sv.f_namemax == fsv.f_namemax && !memcmp(&sf.f_fsid, &fsf.f_fsid, sizeof sf.f_fsid),
	      "statfs: type %#lx, block size %lu, %llu blocks, names up to %lu, flags %#lx",
	      (unsigned long)sf.f_type, (unsigned long)sv.f_bsize,
	      (unsigned long long)sv.f_blocks, (unsigned long)sv.f_namemax,
	      (unsigned long)sv.f_flag);
	check(mknodat(dir, "fifo", S_IFIFO | 0600, 0) == 0, "mknodat a FIFO");
	stat_or_fail(P("pfx/fifo"), &st, false);
	check(S_ISFIFO(st.st_mode), "fifo is a FIFO");

	int mfd = memfd_create("pfmem", MFD_CLOEXEC);
	check(mfd >= 0 && fcntl(mfd, F_GETFD) == FD_CLOEXEC, "memfd_create, close-on-exec");
	check(write(mfd, "memory", 6) == 6 && pread(mfd, buf, 6, 0) == 6 && !memcmp(buf, "memory", 6),
	      "the memfd holds what was written");
	close(mfd);

	close(fd);
	close(dir);
	static const char *const made[] = { "f", "hard", "hard2", "soft", "soft2", "copy", "fifo" };
	for (size_t i = 0; i < sizeof made / sizeof made[0]; i++) {
		char rel[64];
		snprintf(rel, sizeof rel, "pfx/%s", made[i]);
		check(unlink(P(rel)) == 0, "unlink pfx/%s", made[i]);
	}
	check(rmdir(P("pfx")) == 0, "rmdir pfx");
}

/* What a process asks about itself: its nice value, scheduling policy, name, parent-death
 * signal, process group and session. Only relations are printed: the ids differ between any
 * two runs. */
static void check_process(void)
{
	errno = 0;
	int nice0 = getpriority(PRIO_PROCESS, 0);
	check(errno == 0 && setpriority(PRIO_PROCESS, 0, nice0 + 1) == 0 &&
	      getpriority(PRIO_PROCESS, getpid()) == nice0 + 1, "nice raised by one");
	expect_err(getpriority(PRIO_PROCESS, 999999), ESRCH, "getpriority of no process");
	struct sched_param sp = { .sched_priority = 7 };
	int ok = sched_getscheduler(0) == SCHED_OTHER && sched_getparam(0, &sp) == 0;
	check(ok && sp.sched_priority == 0, "policy SCHED_OTHER, priority %d", sp.sched_priority);
	check(sched_get_priority_max(SCHED_FIFO) == 99 && sched_get_priority_min(SCHED_RR) == 1 &&
	      sched_get_priority_max(SCHED_OTHER) == 0, "priority ranges");
	check(sched_setscheduler(0, SCHED_BATCH, &sp) == 0 &&
	      sched_setscheduler(0, SCHED_OTHER, &sp) == 0, "SCHED_BATCH and back");
	expect_err(sched_setscheduler(0, SCHED_FIFO, &sp), EINVAL, "SCHED_FIFO at priority 0");
	expect_err(sched_get_priority_max(77), EINVAL, "priority range of policy 77");

	/* (the name before PR_SET_NAME is the program's: unit-tested, as qemu-user names itself) */
	char name[16] = "";
	ok = prctl(PR_SET_NAME, "pf-worker-thread-long") == 0 && prctl(PR_GET_NAME, name) == 0;
	check(ok, "PR_SET_NAME, PR_GET_NAME: \"%s\"", name);
	int sig = -1;
	check(prctl(PR_SET_PDEATHSIG, SIGUSR1) == 0 && prctl(PR_GET_PDEATHSIG, &sig) == 0 &&
	      sig == SIGUSR1 && prctl(PR_SET_PDEATHSIG, 0) == 0, "parent-death signal SIGUSR1");
	expect_err(prctl(0x7fff), EINVAL, "an unknown prctl option");

	pid_t pg = getpgrp();
	check(getpgid(0) == pg && getpgid(getpid()) == pg && getsid(0) == getsid(getpid()),
	      "group and session of 0 and of getpid() agree");
	expect_err(getpgid(999999), ESRCH, "getpgid of no process");
	check(setpgid(0, 0) == 0 && getpgrp() == getpid(), "setpgid(0, 0) leads its own group");
	/* (no fork here: qemu-i386, the oracle's own check, hangs in a forked child) */
	expect_err(setsid(), EPERM, "setsid of a process group leader");
}

int main(int argc, char **argv)
{
	char buf[256];
	struct stat st;
	int fd;
	ssize_t r;
	off_t off;

	snprintf(base, sizeof base, "%s", argc > 1 ? argv[1] : ".");
	umask(022);

	/* --- directory --- */
	check(mkdir(P("pfdir"), 0755) == 0, "mkdir pfdir");
	expect_err(mkdir(P("pfdir"), 0755), EEXIST, "mkdir pfdir again");
	memset(&st, 0, sizeof st);
	r = stat(P("pfdir"), &st);
	check(r == 0 && S_ISDIR(st.st_mode), "stat pfdir is a directory, mode %03o",
		(unsigned)(st.st_mode & 0777));

	/* --- write, lseek, read --- */
	fd = open(P("pfdir/a.txt"), O_CREAT | O_WRONLY | O_TRUNC, 0644);
	check(fd >= 0, "open a.txt for writing");
	for (int i = 0; i < 10; i++) {
		int n = snprintf(buf, sizeof buf, "line %d: hello world\n", i);
		write_all(fd, buf, (size_t)n, "a.txt");
	}
	memset(&st, 0, sizeof st);
	r = fstat(fd, &st);
	check(r == 0 && S_ISREG(st.st_mode), "fstat a.txt: size %lld", (long long)st.st_size);
	check(close(fd) == 0, "close a.txt");
	printf("stat a.txt size %lld\n", file_size(P("pfdir/a.txt")));

	fd = open(P("pfdir/a.txt"), O_RDWR);
	check(fd >= 0, "open a.txt read-write");
	off = lseek(fd, 0, SEEK_END);
	printf("lseek SEEK_END -> %lld\n", (long long)off);
	off = lseek(fd, 8, SEEK_SET);
	r = read(fd, buf, 11);
	buf[r > 0 ? r : 0] = '\0';
	printf("lseek 8, read %zd: \"%s\"\n", r, buf);
	off = lseek(fd, 0, SEEK_CUR);
	printf("lseek SEEK_CUR -> %lld\n", (long long)off);
	off = lseek(fd, -5, SEEK_END);
	r = read(fd, buf, sizeof buf - 1);
	buf[r > 0 ? r : 0] = '\0';
	printf("lseek -5 SEEK_END, read %zd: \"%.*s\"\n", r, (int)(r > 0 ? r - 1 : 0), buf);
	r = read(fd, buf, sizeof buf);
	printf("read at EOF -> %zd\n", r);

	/* --- pread / pwrite (do not move the offset) --- */
	off = lseek(fd, 3, SEEK_SET);
	r = pread(fd, buf, 6, 22);
	buf[r > 0 ? r : 0] = '\0';
	printf("pread 6 at 22: %zd \"%s\"\n", r, buf);
	r = pwrite(fd, "HELLO", 5, 15);
	printf("pwrite 5 at 15: %zd\n", r);
	printf("offset after pread/pwrite: %lld\n", (long long)lseek(fd, 0, SEEK_CUR));
	r = pread(fd, buf, 21, 0);
	buf[r > 0 ? r : 0] = '\0';
	printf("pread 21 at 0: \"%.*s\"\n", (int)(r > 0 ? r - 1 : 0), buf);
	/* pwrite past the end leaves a hole of zeros. */
	r = pwrite(fd, "END", 3, 400);
	memset(&st, 0, sizeof st);
	check(fstat(fd, &st) == 0 && st.st_size == 403, "pwrite at 400 -> 3, fstat size 403");
	printf("pwrite at 400 -> %zd, fstat size %lld\n", r, (long long)st.st_size);
	r = pread(fd, buf, 8, 396);
	printf("hole bytes: %02x %02x %02x %02x %c%c%c (%zd)\n", (unsigned char)buf[0],
		(unsigned char)buf[1], (unsigned char)buf[2], (unsigned char)buf[3], buf[4], buf[5],
		buf[6], r);
	check(ftruncate(fd, 100) == 0, "ftruncate 100");
	memset(&st, 0, sizeof st);
	r = fstat(fd, &st);
	check(r == 0 && st.st_size == 100, "fstat after ftruncate: %lld", (long long)st.st_size);
	check(fsync(fd) == 0, "fsync");
	check(close(fd) == 0, "close");
	expect_err(close(fd), EBADF, "close again");
	expect_err(read(fd, buf, 1), EBADF, "read closed fd");

	/* --- a bigger file, written in pieces and read back whole --- */
	{
		static unsigned char big[65536 + 123];
		static unsigned char back[sizeof big];
		uint32_t h1, h2;
		for (size_t i = 0; i < sizeof big; i++)
			big[i] = (unsigned char)((i * 7 + (i >> 8)) & 0xff);
		fd = open(P("pfdir/big.bin"), O_CREAT | O_WRONLY | O_TRUNC, 0600);
		check(fd >= 0, "open big.bin");
		write_all(fd, big, 1000, "big.bin");
		write_all(fd, big + 1000, sizeof big - 1000, "big.bin");
		close(fd);
		fd = open(P("pfdir/big.bin"), O_RDONLY);
		size_t got = 0;
		while (got < sizeof back && (r = read(fd, back + got, 4096)) > 0)
			got += (size_t)r;
		close(fd);
		h1 = fnv(big, sizeof big, 2166136261u);
		h2 = fnv(back, got, 2166136261u);
		check(got == sizeof big && h1 == h2, "big.bin: %zu bytes, hash %08x", got, h2);
	}

	/* --- 64-bit offsets (split across two registers on i386) --- */
	{
		const long long far = 5LL << 30; /* 5 GiB: a sparse file */
		struct stat64 st64;
		char c = 0;
		fd = open(P("pfdir/sparse"), O_CREAT | O_RDWR | O_TRUNC | O_LARGEFILE, 0644);
		check(fd >= 0, "open sparse");
		r = pwrite64(fd, "Z", 1, far);
		printf("pwrite64 at 5 GiB -> %zd\n", r);
		memset(&st64, 0, sizeof st64);
		r = fstat64(fd, &st64);
		printf("fstat64 sparse -> %zd, size %lld\n", r, (long long)st64.st_size);
		printf("lseek64 SEEK_END -> %lld\n", (long long)lseek64(fd, 0, SEEK_END));
		printf("lseek64 -1 SEEK_CUR -> %lld\n", (long long)lseek64(fd, -1, SEEK_CUR));
		r = read(fd, &c, 1);
		printf("read there -> %zd '%c'\n", r, c ? c : '0');
		r = pread64(fd, &c, 1, far - 1);
		printf("pread64 before it -> %zd %d\n", r, c);
		check(ftruncate64(fd, far + 100) == 0, "ftruncate64 to 5 GiB + 100");
		memset(&st64, 0, sizeof st64);
		r = stat64(P("pfdir/sparse"), &st64);
		printf("stat64 sparse -> %zd, size %lld\n", r, (long long)st64.st_size);
		close(fd);
		check(unlink(P("pfdir/sparse")) == 0, "unlink sparse");
	}

	/* --- stdio on files --- */
	{
		FILE *f = fopen(P("pfdir/notes.txt"), "w");
		check(f != NULL, "fopen notes.txt w");
		if (f) {
			for (int i = 1; i <= 5; i++)
				fprintf(f, "note %d of %d\n", i, 5);
			fclose(f);
		}
		f = fopen(P("pfdir/notes.txt"), "a+");
		if (f) {
			fputs("appended\n", f);
			rewind(f);
			int lines = 0;
			while (fgets(buf, sizeof buf, f))
				lines++;
			printf("notes.txt: %d lines, last \"%.*s\"\n", lines, (int)strcspn(buf, "\n"), buf);
			fclose(f);
		}
	}

	/* --- chdir and relative paths --- */
	{
		int cwd = open(".", O_RDONLY | O_DIRECTORY);
		check(cwd >= 0, "open . O_DIRECTORY");
		check(chdir(P("pfdir")) == 0, "chdir pfdir");
		fd = open("rel.txt", O_CREAT | O_WRONLY | O_EXCL, 0640);
		check(fd >= 0, "create rel.txt relative to the new cwd");
		write_all(fd, "relative\n", 9, "rel.txt");
		close(fd);
		expect_err(open("rel.txt", O_CREAT | O_WRONLY | O_EXCL, 0640), EEXIST, "O_EXCL on rel.txt");
		check(fchdir(cwd) == 0, "fchdir back");
		close(cwd);
		check(file_size(P("pfdir/rel.txt")) == 9, "rel.txt seen from the old cwd");
	}

	/* --- more files, a subdirectory, listing --- */
	fd = open(P("pfdir/Zeta"), O_CREAT | O_WRONLY, 0644);
	close(fd);
	fd = open(P("pfdir/alpha.dat"), O_CREAT | O_WRONLY, 0666);
	write_all(fd, "0123456789", 10, "alpha.dat");
	close(fd);
	check(mkdir(P("pfdir/sub"), 0700) == 0, "mkdir pfdir/sub");
	fd = open(P("pfdir/sub/inner"), O_CREAT | O_WRONLY, 0644);
	write_all(fd, "x", 1, "inner");
	close(fd);
	list_dir(P("pfdir"), "pfdir");
	check_dtypes(P("pfdir"));

	/* --- rename --- */
	check(rename(P("pfdir/a.txt"), P("pfdir/renamed.txt")) == 0, "rename a.txt -> renamed.txt");
	expect_err(stat(P("pfdir/a.txt"), &st), ENOENT, "stat a.txt after rename");
	printf("renamed.txt size %lld\n", file_size(P("pfdir/renamed.txt")));
	check(rename(P("pfdir/alpha.dat"), P("pfdir/Zeta")) == 0, "rename alpha.dat over Zeta");
	check(file_size(P("pfdir/Zeta")) == 10, "Zeta now has alpha's 10 bytes");
	list_dir(P("pfdir"), "pfdir after rename");

	/* --- readiness --- */
	check_readiness();
	check_epoll();
	check_sockets();
	check_links_and_times();

	/* --- errors --- */
	expect_err(open(P("pfdir/missing"), O_RDONLY), ENOENT, "open missing");
	expect_err(rmdir(P("pfdir")), ENOTEMPTY, "rmdir non-empty pfdir");
	expect_err(unlink(P("pfdir/sub")), EISDIR, "unlink a directory");
	expect_err(mkdir(P("pfdir/Zeta/x"), 0755), ENOTDIR, "mkdir under a file");
	expect_err(lseek(-1, 0, SEEK_SET) < 0 ? -1 : 0, EBADF, "lseek fd -1");

	/* --- cleanup --- */
	check(unlink(P("pfdir/sub/inner")) == 0, "unlink sub/inner");
	check(rmdir(P("pfdir/sub")) == 0, "rmdir sub");
	static const char *const files[] = { "renamed.txt", "big.bin", "notes.txt", "rel.txt", "Zeta" };
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		char rel[64];
		snprintf(rel, sizeof rel, "pfdir/%s", files[i]);
		check(unlink(P(rel)) == 0, "unlink %s", files[i]);
	}
	list_dir(P("pfdir"), "pfdir emptied");
	check(rmdir(P("pfdir")) == 0, "rmdir pfdir");
	expect_err(stat(P("pfdir"), &st), ENOENT, "stat pfdir after rmdir");

	/* --- leave one file behind for the tree comparison --- */
	fd = open(P("result.txt"), O_CREAT | O_WRONLY | O_TRUNC, 0644);
	if (fd >= 0) {
		int n = snprintf(buf, sizeof buf, "files: %d failures\n", failures);
		write_all(fd, buf, (size_t)n, "result.txt");
		close(fd);
	}
	check_process();
	printf("%s: %d failures\n", failures ? "FAILED" : "PASSED", failures);
	return failures ? 1 : 0;
}
