/*
 * realcalls: system calls that real programs make and that the programs of tests/realprogs do
 * not all reach, each checked for what a program relies on.
 *
 * Usage: realcalls timer | timerfd | eventfd | inotify | mincore | copyrange | mmsg | mremap |
 *                  signalfd | signalfdfork | mmsgtimeout | timerids | stracetree |
 *                  signalfdthreads
 *   timer      POSIX timers: a periodic SIGEV_SIGNAL timer (si_code, si_value, si_timerid), an
 *              absolute CLOCK_REALTIME expiry, SIGEV_NONE counting down, SIGEV_THREAD_ID, a
 *              CPU-time timer, old values, overruns, delete, bad ids and clocks.
 *   timerfd    timerfd_create/settime/gettime: a periodic timer read through poll and read,
 *              an absolute one, a disarmed one, TFD_NONBLOCK's EAGAIN.
 *   eventfd    eventfd2: the counter written and read back (initial value, sums, 2^32 and
 *              more: the byte order of the 8 bytes), EFD_SEMAPHORE's reads of 1, EFD_NONBLOCK's
 *              EAGAIN, poll readiness, EINVAL for a short buffer and for 2^64-1.
 *   inotify    inotify_init1/add_watch/rm_watch: create, write, rename and delete in a watched
 *              directory, the events read back in order, IN_IGNORED after rm_watch.
 *   mincore    resident pages of touched and untouched memory, ENOMEM for a hole, EINVAL for
 *              an unaligned address.
 *   copyrange  copy_file_range with and without offsets, the file positions after it.
 *   mmsg       sendmmsg/recvmmsg over a datagram socket pair, MSG_WAITFORONE.
 *   mmsgtimeout  recvmmsg's timeout: zero, ten seconds with the time left, invalid.
 *   timerids   timer_create's ids: 0, 1, 2... never a deleted one again; deleted ids EINVAL.
 *   mremap     a MAP_SHARED region shrunk, grown back and moved by mremap keeps its contents and
 *              stays shared with a forked child.
 *   signalfd   signalfd4 of blocked signals: kill read back as records (signo, SI_USER, pid,
 *              uid), poll/select/epoll readiness, SFD_NONBLOCK's EAGAIN, SFD_CLOEXEC, the
 *              mask replaced by a second call, two records in one read, a blocking read of
 *              setitimer's SIGALRM and of a POSIX timer's signal (SI_TIMER, sival_int),
 *              SIGKILL in the mask ignored, EINVAL cases.
 *   signalfdfork  the signalfd in a forked child: none of the parent's signals, its own.
 *   signalfdthreads  a signalfd read by each thread: a process-directed signal every thread
 *              blocks is read by any, a thread-directed one only by its thread (poll too).
 *   stracetree  for --strace: a forked child makes its calls (an openat of AT_FDCWD) while
 *              the parent waits in wait4 (the child waits until the parent sleeps there).
 * The output is deterministic (no pids, addresses or times) and the same on every
 * architecture. Exit status: 0 if every check passed, 1 otherwise (the failing step is printed).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/mman.h>
#include <sys/select.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/timerfd.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int failed;

static void check(int ok, const char *what)
{
	if (!ok) {
		printf("FAILED: %s (errno %d)\n", what, errno);
		failed = 1;
	}
}

/* CLOCK_REALTIME ns from now. */
static struct timespec realtime_in_ns(long ns)
{
	struct timespec t;
	clock_gettime(CLOCK_REALTIME, &t);
	t.tv_nsec += ns;
	if (t.tv_nsec >= 1000000000) {
		t.tv_sec++;
		t.tv_nsec -= 1000000000;
	}
	return t;
}

/* ---- timer ----------------------------------------------------------------------------- */

static volatile sig_atomic_t timer_hits, last_code, last_value, last_timerid;

static void on_timer(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	timer_hits++;
	last_code = si->si_code;
	last_value = si->si_value.sival_int;
	last_timerid = si->si_timerid;
}

static void wait_hits(int n, sigset_t *during)
{
	while (timer_hits < n)
		sigsuspend(during);
}

static void timer_mode(void)
{
	struct sigaction sa = { .sa_sigaction = on_timer, .sa_flags = SA_SIGINFO };
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	sigaction(SIGALRM, &sa, NULL);
	sigset_t block, during;
	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	sigaddset(&block, SIGALRM);
	sigprocmask(SIG_BLOCK, &block, &during);

	/* periodic, SIGEV_SIGNAL with a value */
	struct sigevent ev = { .sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGUSR1 };
	ev.sigev_value.sival_int = 42;
	timer_t t;
	check(timer_create(CLOCK_MONOTONIC, &ev, &t) == 0, "timer_create monotonic");
	struct itimerspec its = { { 0, 10000000 }, { 0, 20000000 } }, old;
	check(timer_settime(t, 0, &its, NULL) == 0, "timer_settime periodic");
	wait_hits(3, &during);
	printf("periodic: 3 signals, si_code SI_TIMER %d, si_value %d\n", last_code == SI_TIMER,
	       (int)last_value);
	check(timer_settime(t, 0, &(struct itimerspec){ { 0, 0 }, { 0, 0 } }, &old) == 0,
	      "timer_settime disarm");
	printf("old interval %ld.%09ld, value left %d\n", (long)old.it_interval.tv_sec,
	       old.it_interval.tv_nsec, old.it_value.tv_sec == 0 && old.it_value.tv_nsec > 0 &&
	       old.it_value.tv_nsec <= 10000000);
	check(timer_gettime(t, &old) == 0, "timer_gettime disarmed");
	printf("disarmed: %ld %ld %ld %ld\n", (long)old.it_interval.tv_sec, old.it_interval.tv_nsec,
	       (long)old.it_value.tv_sec, old.it_value.tv_nsec);
	int over = timer_getoverrun(t);
	printf("overrun >= 0: %d\n", over >= 0);

	/* absolute expiry on CLOCK_REALTIME; no sigevent: SIGALRM, si_value the timer id */
	timer_t r;
	check(timer_create(CLOCK_REALTIME, NULL, &r) == 0, "timer_create realtime");
	struct timespec now = realtime_in_ns(30000000);
	its = (struct itimerspec){ { 0, 0 }, now };
	check(timer_settime(r, TIMER_ABSTIME, &its, NULL) == 0, "timer_settime absolute");
	int before = timer_hits;
	wait_hits(before + 1, &during);
	struct timespec after;
	clock_gettime(CLOCK_REALTIME, &after);
	printf("absolute: fired not early %d, SIGALRM value is the id %d, si_timerid %d\n",
	       after.tv_sec > now.tv_sec || (after.tv_sec == now.tv_sec && after.tv_nsec >= now.tv_nsec),
	       (int)last_value == (int)(intptr_t)r, (int)last_timerid == (int)(intptr_t)r);

	/* SIGEV_NONE counts down without a signal */
	timer_t n;
	ev = (struct sigevent){ .sigev_notify = SIGEV_NONE };
	check(timer_create(CLOCK_MONOTONIC, &ev, &n) == 0, "timer_create none");
	its = (struct itimerspec){ { 0, 0 }, { 1, 0 } };
	check(timer_settime(n, 0, &its, NULL) == 0, "timer_settime none");
	usleep(100000);
	check(timer_gettime(n, &old) == 0, "timer_gettime none");
	printf("none: counts down %d\n", old.it_value.tv_sec == 0 && old.it_value.tv_nsec > 0 &&
	       old.it_value.tv_nsec <= 900000000);

	/* SIGEV_THREAD_ID to this (only) thread */
	timer_t d;
	ev = (struct sigevent){ .sigev_notify = SIGEV_THREAD_ID, .sigev_signo = SIGUSR1 };
	ev._sigev_un._tid = (pid_t)syscall(SYS_gettid);
	ev.sigev_value.sival_int = 7;
	check(timer_create(CLOCK_MONOTONIC, &ev, &d) == 0, "timer_create thread id");
	its = (struct itimerspec){ { 0, 0 }, { 0, 5000000 } };
	check(timer_settime(d, 0, &its, NULL) == 0, "timer_settime thread id");
	before = timer_hits;
	wait_hits(before + 1, &during);
	printf("thread id: value %d\n", (int)last_value);
	ev._sigev_un._tid = 0x7ffffff0;
	errno = 0;
	check(timer_create(CLOCK_MONOTONIC, &ev, &d) == -1 && errno == EINVAL, "no such thread");

	/* CPU time: expires only while the process runs */
	timer_t c;
	ev = (struct sigevent){ .sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGUSR1 };
	ev.sigev_value.sival_int = 3;
	check(timer_create(CLOCK_PROCESS_CPUTIME_ID, &ev, &c) == 0, "timer_create cpu");
	its = (struct itimerspec){ { 0, 0 }, { 0, 10000000 } };
	check(timer_settime(c, 0, &its, NULL) == 0, "timer_settime cpu");
	sigprocmask(SIG_SETMASK, &during, NULL);
	before = timer_hits;
	for (volatile unsigned long spin = 0; timer_hits == before; spin++)
		;
	sigprocmask(SIG_BLOCK, &block, NULL);
	printf("cpu: value %d\n", (int)last_value);

	/* deleting, and what a deleted or unknown id gets */
	check(timer_delete(t) == 0 && timer_delete(r) == 0 && timer_delete(n) == 0 &&
	      timer_delete(c) == 0, "timer_delete");
	errno = 0;
	check(syscall(SYS_timer_delete, (int)(intptr_t)t) == -1 && errno == EINVAL, "delete twice");
	errno = 0;
	check(syscall(SYS_timer_getoverrun, 1000) == -1 && errno == EINVAL, "getoverrun bad id");
	int kid;
	errno = 0;
	check(syscall(SYS_timer_create, 99, NULL, &kid) == -1 && errno == EINVAL, "bad clock");
	errno = 0;
	check(syscall(SYS_timer_create, CLOCK_MONOTONIC_RAW, NULL, &kid) == -1 &&
	      errno == EOPNOTSUPP, "raw clock");
	ev = (struct sigevent){ .sigev_notify = SIGEV_SIGNAL, .sigev_signo = 0 };
	errno = 0;
	check(syscall(SYS_timer_create, CLOCK_MONOTONIC, &ev, &kid) == -1 && errno == EINVAL,
	      "signal 0");
	printf("timer: done\n");
}

/* ---- timerfd ---------------------------------------------------------------------------- */

static void timerfd_mode(void)
{
	int fd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
	check(fd >= 0, "timerfd_create");
	check((fcntl(fd, F_GETFD) & FD_CLOEXEC) != 0, "TFD_CLOEXEC");
	struct itimerspec its = { { 0, 10000000 }, { 0, 10000000 } }, cur;
	check(timerfd_settime(fd, 0, &its, NULL) == 0, "timerfd_settime");
	uint64_t total = 0, count;
	while (total < 3) {
		struct pollfd pfd = { fd, POLLIN, 0 };
		check(poll(&pfd, 1, 5000) == 1 && (pfd.revents & POLLIN), "poll timerfd");
		check(read(fd, &count, sizeof count) == sizeof count && count >= 1, "read timerfd");
		total += count;
	}
	printf("periodic: at least 3 expirations read\n");
	check(timerfd_gettime(fd, &cur) == 0, "timerfd_gettime");
	printf("interval %ld.%09ld, armed %d\n", (long)cur.it_interval.tv_sec, cur.it_interval.tv_nsec,
	       cur.it_value.tv_sec == 0 && cur.it_value.tv_nsec > 0);
	check(timerfd_settime(fd, 0, &(struct itimerspec){ { 0, 0 }, { 0, 0 } }, &cur) == 0,
	      "timerfd disarm");
	check(timerfd_gettime(fd, &cur) == 0, "timerfd_gettime disarmed");
	printf("disarmed: %ld %ld\n", (long)cur.it_value.tv_sec, cur.it_value.tv_nsec);
	close(fd);

	/* absolute, on CLOCK_REALTIME, non-blocking */
	fd = timerfd_create(CLOCK_REALTIME, TFD_NONBLOCK);
	check(fd >= 0, "timerfd_create realtime");
	errno = 0;
	check(read(fd, &count, sizeof count) == -1 && errno == EAGAIN, "EAGAIN before expiry");
	struct timespec now = realtime_in_ns(20000000);
	its = (struct itimerspec){ { 0, 0 }, now };
	check(timerfd_settime(fd, TFD_TIMER_ABSTIME, &its, NULL) == 0, "timerfd absolute");
	struct pollfd pfd = { fd, POLLIN, 0 };
	check(poll(&pfd, 1, 5000) == 1, "poll absolute");
	check(read(fd, &count, sizeof count) == sizeof count && count == 1, "one expiry");
	errno = 0;
	check(read(fd, &count, 4) == -1 && errno == EINVAL, "short read");
	close(fd);
	errno = 0;
	check(timerfd_create(CLOCK_MONOTONIC, 0x40000) == -1 && errno == EINVAL, "bad flag");
	printf("timerfd: done\n");
}

/* ---- eventfd ---------------------------------------------------------------------------- */

static void eventfd_mode(void)
{
	int fd = eventfd(3, EFD_CLOEXEC | EFD_NONBLOCK);
	check(fd >= 0, "eventfd");
	uint64_t v = 5;
	check(write(fd, &v, sizeof v) == sizeof v, "write 5");
	v = 0x100000000ull;	/* above 32 bits: a swapped counter shows it */
	check(write(fd, &v, sizeof v) == sizeof v, "write 2^32");
	struct pollfd pfd = { .fd = fd, .events = POLLIN | POLLOUT };
	check(poll(&pfd, 1, 0) == 1 && pfd.revents == (POLLIN | POLLOUT), "poll full");
	check(read(fd, &v, sizeof v) == sizeof v, "read");
	printf("counter: %llu\n", (unsigned long long)v);
	check(read(fd, &v, sizeof v) == -1 && errno == EAGAIN, "read empty: EAGAIN");
	pfd.revents = 0;
	check(poll(&pfd, 1, 0) == 1 && pfd.revents == POLLOUT, "poll empty");
	uint32_t small = 1;
	check(write(fd, &small, sizeof small) == -1 && errno == EINVAL, "short write: EINVAL");
	v = UINT64_MAX;
	check(write(fd, &v, sizeof v) == -1 && errno == EINVAL, "2^64-1: EINVAL");
	close(fd);

	fd = eventfd(2, EFD_SEMAPHORE | EFD_NONBLOCK);
	check(fd >= 0, "eventfd semaphore");
	int reads = 0;
	while (read(fd, &v, sizeof v) == sizeof v) {
		printf("semaphore read: %llu\n", (unsigned long long)v);
		reads++;
	}
	check(reads == 2 && errno == EAGAIN, "two reads of 1, then EAGAIN");
	close(fd);
	check(eventfd(0, 0x40000) == -1 && errno == EINVAL, "bad flag");
	printf("eventfd: done\n");
}

/* ---- inotify ---------------------------------------------------------------------------- */

static void inotify_mode(void)
{
	mkdir("watched", 0755);
	int fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	check(fd >= 0, "inotify_init1");
	int wd = inotify_add_watch(fd, "watched", IN_CREATE | IN_MODIFY | IN_MOVED_FROM |
				   IN_MOVED_TO | IN_DELETE | IN_CLOSE_WRITE);
	check(wd >= 0, "inotify_add_watch");
	int f = open("watched/a.txt", O_CREAT | O_WRONLY, 0644);
	check(write(f, "hello\n", 6) == 6, "write");
	close(f);
	rename("watched/a.txt", "watched/b.txt");
	unlink("watched/b.txt");
	check(inotify_rm_watch(fd, wd) == 0, "inotify_rm_watch");
	char buf[4096] __attribute__((aligned(8)));
	ssize_t n = read(fd, buf, sizeof buf);
	check(n > 0, "read events");
	uint32_t cookie_from = 0;
	for (char *q = buf; n > 0 && q < buf + n;) {
		struct inotify_event *e = (struct inotify_event *)q;
		printf("event wd-same %d mask 0x%x name '%s'", e->wd == wd, e->mask,
		       e->len ? e->name : "");
		if (e->mask & IN_MOVED_FROM)
			cookie_from = e->cookie;
		if (e->mask & IN_MOVED_TO)
			printf(" cookie matches %d", e->cookie == cookie_from && e->cookie != 0);
		printf("\n");
		q += sizeof *e + e->len;
	}
	errno = 0;
	check(read(fd, buf, sizeof buf) == -1 && errno == EAGAIN, "no more events");
	errno = 0;
	check(inotify_add_watch(fd, "no-such-dir", IN_CREATE) == -1 && errno == ENOENT, "ENOENT");
	close(fd);
	rmdir("watched");
	printf("inotify: done\n");
}

/* ---- mincore ---------------------------------------------------------------------------- */

static void mincore_mode(void)
{
	long page = sysconf(_SC_PAGESIZE);
	unsigned char vec[8];
	char *m = mmap(NULL, 8 * (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		       -1, 0);
	check(m != MAP_FAILED, "mmap");
	m[0] = 1;
	m[3 * page] = 1;
	check(mincore(m, 8 * (size_t)page, vec) == 0, "mincore");
	printf("resident:");
	for (int i = 0; i < 8; i++)
		printf(" %d", vec[i] & 1);
	printf("\n");
	check(munmap(m + 4 * page, (size_t)page) == 0, "munmap");
	errno = 0;
	check(mincore(m, 8 * (size_t)page, vec) == -1 && errno == ENOMEM, "hole: ENOMEM");
	errno = 0;
	check(mincore(m + 1, (size_t)page, vec) == -1 && errno == EINVAL, "unaligned: EINVAL");
	check(mincore(m, 0, vec) == 0, "length 0");
	printf("mincore: done\n");
}

/* ---- copy_file_range -------------------------------------------------------------------- */

static void copyrange_mode(void)
{
	int in = open("cfr-in", O_CREAT | O_RDWR | O_TRUNC, 0644);
	int out = open("cfr-out", O_CREAT | O_RDWR | O_TRUNC, 0644);
	check(in >= 0 && out >= 0, "open");
	check(write(in, "0123456789abcdefghij", 20) == 20, "write");
	lseek(in, 0, SEEK_SET);
	check(copy_file_range(in, NULL, out, NULL, 5, 0) == 5, "copy at positions");
	printf("positions after: %ld %ld\n", (long)lseek(in, 0, SEEK_CUR), (long)lseek(out, 0, SEEK_CUR));
	loff_t off_in = 10, off_out = 20;
	check(copy_file_range(in, &off_in, out, &off_out, 100, 0) == 10, "copy at offsets");
	printf("offsets after: %ld %ld, positions %ld %ld\n", (long)off_in, (long)off_out,
	       (long)lseek(in, 0, SEEK_CUR), (long)lseek(out, 0, SEEK_CUR));
	char buf[64] = { 0 };
	ssize_t n = pread(out, buf, sizeof buf, 0);
	for (ssize_t i = 0; i < n; i++)
		if (!buf[i])
			buf[i] = '.';
	printf("out: %zd '%s'\n", n, buf);
	errno = 0;
	check(copy_file_range(in, NULL, out, NULL, 5, 1) == -1 && errno == EINVAL, "flags: EINVAL");
	errno = 0;
	check(copy_file_range(-1, NULL, out, NULL, 5, 0) == -1 && errno == EBADF, "EBADF");
	close(in);
	close(out);
	unlink("cfr-in");
	unlink("cfr-out");
	printf("copyrange: done\n");
}

/* ---- sendmmsg / recvmmsg ---------------------------------------------------------------- */

/* Four receive buffers of 15 bytes each (zeroed, so that they read as strings). */
static void receive_into(struct mmsghdr in[4], struct iovec iov[4], char bufs[4][16])
{
	memset(in, 0, 4 * sizeof in[0]);
	memset(bufs, 0, 4 * sizeof bufs[0]);
	for (int i = 0; i < 4; i++) {
		iov[i] = (struct iovec){ bufs[i], 15 };
		in[i].msg_hdr.msg_iov = &iov[i];
		in[i].msg_hdr.msg_iovlen = 1;
	}
}

static void mmsg_mode(void)
{
	int sv[2];
	check(socketpair(AF_UNIX, SOCK_DGRAM, 0, sv) == 0, "socketpair");
	static const char *words[3] = { "one", "two!", "three" };
	struct iovec iov[3];
	struct mmsghdr out[3];
	memset(out, 0, sizeof out);
	for (int i = 0; i < 3; i++) {
		iov[i] = (struct iovec){ (void *)words[i], strlen(words[i]) };
		out[i].msg_hdr.msg_iov = &iov[i];
		out[i].msg_hdr.msg_iovlen = 1;
	}
	check(sendmmsg(sv[0], out, 3, 0) == 3, "sendmmsg");
	printf("sent lengths: %u %u %u\n", out[0].msg_len, out[1].msg_len, out[2].msg_len);
	char bufs[4][16];
	struct iovec riov[4];
	struct mmsghdr in[4];
	receive_into(in, riov, bufs);
	int n = recvmmsg(sv[1], in, 4, MSG_WAITFORONE, NULL);
	printf("received %d:", n);
	for (int i = 0; i < n; i++)
		printf(" %s(%u)", bufs[i], in[i].msg_len);
	printf("\n");
	errno = 0;
	check(recvmmsg(sv[1], in, 4, MSG_DONTWAIT, NULL) == -1 && errno == EAGAIN, "EAGAIN");

	close(sv[0]);
	close(sv[1]);
	printf("mmsg: done\n");
}

/* recvmmsg's timeout, looked at after each datagram: a zero one takes one of three, a long one
 * the two asked for, with the time left written back; a bad one is EINVAL. (x86-64 only:
 * qemu-user ignores the timeout.) */
static void mmsg_timeout_mode(void)
{
	int sv[2];
	check(socketpair(AF_UNIX, SOCK_DGRAM, 0, sv) == 0, "socketpair");
	char bufs[4][16];
	struct iovec iov[4];
	struct mmsghdr msgs[4];
	receive_into(msgs, iov, bufs);
	for (int i = 0; i < 3; i++)
		check(send(sv[0], "abc" + i, 3 - (size_t)i, 0) == 3 - i, "send");
	struct timespec zero = { 0, 0 }, ten = { 10, 0 }, bad = { 0, 2000000000 };
	int n = recvmmsg(sv[1], msgs, 4, 0, &zero);
	printf("zero timeout: %d (%s), left %ld.%09ld\n", n, bufs[0], (long)zero.tv_sec,
	       zero.tv_nsec);
	n = recvmmsg(sv[1], msgs, 2, 0, &ten);
	/* (no guest time passes inside one call on profemu's instruction clock: 10 s is left) */
	printf("ten seconds: %d (%.*s %.*s), left at most 10 s: %d, at least 9 s: %d\n", n,
	       (int)msgs[0].msg_len, bufs[0], (int)msgs[1].msg_len, bufs[1],
	       ten.tv_sec < 10 || (ten.tv_sec == 10 && ten.tv_nsec == 0), ten.tv_sec >= 9);
	errno = 0;
	check(recvmmsg(sv[1], msgs, 4, MSG_DONTWAIT, &bad) == -1 && errno == EINVAL, "bad timeout");
	close(sv[0]);
	close(sv[1]);
	printf("mmsgtimeout: done\n");
}

/* ---- mremap of shared memory ------------------------------------------------------------ */

static void mremap_mode(void)
{
	long page = sysconf(_SC_PAGESIZE);
	size_t len = 4 * (size_t)page, second = (size_t)page / 2;	/* uint32_t index: page 2 */
	volatile uint32_t *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
				    -1, 0);
	check(m != MAP_FAILED, "mmap shared");
	m[0] = 1;
	m[second] = 2;
	/* shrunk in place, grown back (an anonymous shared object keeps its first size), then
	 * moved to a fixed place: the contents and the sharing stay */
	check(mremap((void *)m, len, (size_t)page, 0) == m, "mremap shrink");
	volatile uint32_t *g = mremap((void *)m, (size_t)page, len, MREMAP_MAYMOVE);
	check(g != MAP_FAILED, "mremap grow");
	void *spot = mmap(NULL, len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	volatile uint32_t *f = mremap((void *)g, len, len, MREMAP_MAYMOVE | MREMAP_FIXED, spot);
	check(f == spot, "mremap fixed");
	printf("kept: %u %u\n", f[0], f[second]);
	pid_t pid = fork();
	if (pid == 0) {
		f[0] += 10;
		f[second] += 20;
		_exit(0);
	}
	int status;
	check(waitpid(pid, &status, 0) == pid && WIFEXITED(status), "child");
	printf("after the child: %u %u\n", f[0], f[second]);
	printf("mremap: done\n");
}

/* ---- signalfd ------------------------------------------------------------------------------ */

static const char *sig_name(int sig)
{
	return sig == SIGUSR1 ? "SIGUSR1" : sig == SIGUSR2 ? "SIGUSR2" : sig == SIGALRM ? "SIGALRM"
		: sig == SIGRTMIN + 1 ? "SIGRTMIN+1" : "other";
}

/* One read of up to n records: the number read (-1 on error), each printed. */
static int read_records(int fd, int n)
{
	struct signalfd_siginfo si[2];
	ssize_t got = read(fd, si, (size_t)n * sizeof si[0]);
	if (got < 0)
		return -1;
	for (int i = 0; i < got / (ssize_t)sizeof si[0]; i++) {
		printf("record: %s code %d", sig_name((int)si[i].ssi_signo), si[i].ssi_code);
		if (si[i].ssi_code == SI_USER)
			printf(" pid %s uid %s", si[i].ssi_pid == (uint32_t)getpid() ? "ours" : "other",
			       si[i].ssi_uid == (uint32_t)getuid() ? "ours" : "other");
		if (si[i].ssi_code == SI_TIMER)
			printf(" int %d overrun %u", si[i].ssi_int, si[i].ssi_overrun);
		printf("\n");
	}
	return (int)(got / (ssize_t)sizeof si[0]);
}

static int readable(int fd)
{
	struct pollfd pf = { fd, POLLIN, 0 };
	return poll(&pf, 1, 0) == 1 && (pf.revents & POLLIN);
}

static void signalfd_mode(void)
{
	sigset_t block, usr1, usr2, both;
	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	sigaddset(&block, SIGUSR2);
	sigaddset(&block, SIGALRM);
	sigaddset(&block, SIGRTMIN + 1);
	check(sigprocmask(SIG_BLOCK, &block, NULL) == 0, "sigprocmask");
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	sigemptyset(&usr2);
	sigaddset(&usr2, SIGUSR2);
	both = usr1;
	sigaddset(&both, SIGUSR2);

	int fd = signalfd(-1, &usr1, SFD_NONBLOCK | SFD_CLOEXEC);
	check(fd >= 0, "signalfd");
	printf("cloexec %d nonblock %d\n", (fcntl(fd, F_GETFD) & FD_CLOEXEC) != 0,
	       (fcntl(fd, F_GETFL) & O_NONBLOCK) != 0);
	errno = 0;
	struct signalfd_siginfo si;
	check(read(fd, &si, sizeof si) == -1 && errno == EAGAIN, "EAGAIN");
	printf("readable before kill: %d\n", readable(fd));
	kill(getpid(), SIGUSR1);	/* blocked, default action: stays pending */
	printf("readable after kill: %d\n", readable(fd));
	errno = 0;
	check(read(fd, &si, sizeof si / 2) == -1 && errno == EINVAL, "short buffer");
	check(read_records(fd, 1) == 1, "read one");
	printf("readable after read: %d\n", readable(fd));

	/* the mask replaced: USR2 only; USR1 stays pending until asked for */
	check(signalfd(fd, &usr2, 0) == fd, "signalfd update");
	kill(getpid(), SIGUSR1);
	kill(getpid(), SIGUSR2);
	check(read_records(fd, 2) == 1, "read usr2");
	sigset_t pending;
	sigpending(&pending);
	printf("USR1 pending: %d\n", sigismember(&pending, SIGUSR1));
	check(signalfd(fd, &both, 0) == fd, "signalfd both");
	kill(getpid(), SIGUSR2);
	check(read_records(fd, 2) == 2, "two records");

	/* select and epoll */
	fd_set r;
	FD_ZERO(&r);
	FD_SET(fd, &r);
	struct timeval tv = { 0, 0 };
	printf("select before: %d\n", select(fd + 1, &r, NULL, NULL, &tv));
	kill(getpid(), SIGUSR2);
	FD_ZERO(&r);
	FD_SET(fd, &r);
	printf("select after: %d\n", select(fd + 1, &r, NULL, NULL, &tv));
	int ep = epoll_create1(EPOLL_CLOEXEC);
	struct epoll_event ev = { .events = EPOLLIN, .data.u32 = 7 }, got;
	check(epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev) == 0, "epoll_ctl");
	int n = epoll_wait(ep, &got, 1, 0);
	printf("epoll: %d data %u\n", n, n == 1 ? got.data.u32 : 0);
	check(read_records(fd, 2) == 1, "read after epoll");
	printf("epoll after read: %d\n", epoll_wait(ep, &got, 1, 0));
	close(ep);

	close(fd);

	/* blocking reads: setitimer's SIGALRM, then a POSIX timer's signal */
	sigset_t alrm;
	sigemptyset(&alrm);
	sigaddset(&alrm, SIGALRM);
	sigaddset(&alrm, SIGKILL);	/* ignored, as Linux does */
	int bfd = signalfd(-1, &alrm, 0);
	printf("same number again: %d\n", bfd == fd);
	struct itimerval it = { { 0, 0 }, { 0, 20000 } };
	check(setitimer(ITIMER_REAL, &it, NULL) == 0, "setitimer");
	check(read_records(bfd, 1) == 1, "blocking read alarm");
	sigset_t rt;
	sigemptyset(&rt);
	sigaddset(&rt, SIGRTMIN + 1);
	check(signalfd(bfd, &rt, 0) == bfd, "signalfd rt");
	struct sigevent sev = { .sigev_notify = SIGEV_SIGNAL, .sigev_signo = SIGRTMIN + 1,
				.sigev_value.sival_int = 42 };
	timer_t tid;
	check(timer_create(CLOCK_MONOTONIC, &sev, &tid) == 0, "timer_create");
	struct itimerspec its = { { 0, 0 }, { 0, 5000000 } };
	check(timer_settime(tid, 0, &its, NULL) == 0, "timer_settime");
	check(read_records(bfd, 1) == 1, "blocking read timer");
	timer_delete(tid);

	/* EINVAL: not a signalfd, a sigset of another size, an unknown flag */
	errno = 0;
	check(signalfd(1, &usr1, 0) == -1 && errno == EINVAL, "not a signalfd");
	errno = 0;
	long r4 = syscall(SYS_signalfd4, -1, &usr1, 4, 0);	/* printed: qemu-user takes it */
	printf("sizemask 4: %s\n", r4 == -1 && errno == EINVAL ? "EINVAL" : "taken");
	if (r4 >= 0)
		close((int)r4);
	errno = 0;
	check(signalfd(-1, &usr1, 1) == -1 && errno == EINVAL, "flags");
	close(bfd);
	printf("signalfd: done\n");
}

/* A forked child inherits a signalfd and none of the parent's pending signals; its own signal
 * is its own (x86-64 only: qemu-i386 hangs in the fork with a dynamic glibc). */
static void signalfd_fork_mode(void)
{
	sigset_t usr1;
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	check(sigprocmask(SIG_BLOCK, &usr1, NULL) == 0, "sigprocmask");
	int fd = signalfd(-1, &usr1, SFD_NONBLOCK);
	check(fd >= 0, "signalfd");
	kill(getpid(), SIGUSR1);
	pid_t pid = fork();
	if (pid == 0) {
		struct signalfd_siginfo c;
		int inherited = signalfd(fd, &usr1, 0) == fd && !readable(fd) &&
				read(fd, &c, sizeof c) == -1 && errno == EAGAIN;
		kill(getpid(), SIGUSR1);
		_exit(inherited && read(fd, &c, sizeof c) == sizeof c && c.ssi_signo == SIGUSR1 &&
		      c.ssi_pid == (uint32_t)getpid() ? 0 : 1);
	}
	int status;
	check(waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0,
	      "child's signalfd");
	printf("parent readable after the child: %d\n", readable(fd));
	check(read_records(fd, 1) == 1, "parent's own");
	close(fd);
	printf("signalfdfork: done\n");
}

/* timer_create's ids: small ints counted per process, a deleted timer's id not given again
 * (x86-64 only: qemu-user hands out its own ids, reusing its slots). */
static void timer_ids_mode(void)
{
	struct sigevent sev = { .sigev_notify = SIGEV_NONE };
	timer_t t[4];
	check(timer_create(CLOCK_MONOTONIC, &sev, &t[0]) == 0, "create 0");
	check(timer_create(CLOCK_MONOTONIC, &sev, &t[1]) == 0, "create 1");
	check(timer_delete(t[0]) == 0, "delete 0");
	check(timer_create(CLOCK_MONOTONIC, &sev, &t[2]) == 0, "create 2");
	check(timer_delete(t[1]) == 0 && timer_delete(t[2]) == 0, "delete 1 2");
	check(timer_create(CLOCK_MONOTONIC, &sev, &t[3]) == 0, "create 3");
	printf("ids: %ld %ld %ld %ld\n", (long)(intptr_t)t[0], (long)(intptr_t)t[1],
	       (long)(intptr_t)t[2], (long)(intptr_t)t[3]);
	errno = 0;
	check(timer_delete(t[0]) == -1 && errno == EINVAL, "deleted id");
	struct itimerspec its;
	errno = 0;
	check(timer_gettime(t[1], &its) == -1 && errno == EINVAL, "gettime of a deleted id");
	check(timer_delete(t[3]) == 0, "delete 3");
	printf("timerids: done\n");
}

static int threads_fd, go_pipe[2];

/* The second thread: its own SIGUSR2 is readable (poll and read) once the main thread lets it. */
static void *signalfd_thread(void *arg)
{
	(void)arg;
	char go;
	if (read(go_pipe[0], &go, 1) != 1)
		return (void *)1;
	printf("thread: readable %d\n", readable(threads_fd));
	return (void *)(intptr_t)(read_records(threads_fd, 1) == 1 ? 0 : 1);
}

static void signalfd_threads_mode(void)
{
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGUSR2);
	check(pthread_sigmask(SIG_BLOCK, &set, NULL) == 0, "sigmask");
	threads_fd = signalfd(-1, &set, SFD_NONBLOCK);
	check(threads_fd >= 0 && pipe(go_pipe) == 0, "signalfd, pipe");
	pthread_t t;
	check(pthread_create(&t, NULL, signalfd_thread, NULL) == 0, "pthread_create");
	kill(getpid(), SIGUSR1);	/* every thread blocks it: the process's */
	printf("main: readable %d\n", readable(threads_fd));
	check(read_records(threads_fd, 1) == 1, "main reads the process's SIGUSR1");
	pthread_kill(t, SIGUSR2);	/* the other thread's own */
	struct signalfd_siginfo r;
	errno = 0;
	printf("main: readable %d, read %s\n", readable(threads_fd),
	       read(threads_fd, &r, sizeof r) < 0 && errno == EAGAIN ? "EAGAIN" : "a record");
	check(write(go_pipe[1], "g", 1) == 1, "go");
	void *ret;
	check(pthread_join(t, &ret) == 0 && ret == NULL, "the thread reads its SIGUSR2");
	printf("signalfdthreads: done\n");
}

/* The state letter of /proc/PID/stat ("pid (comm) S ..."), or 0. */
static char process_state(pid_t pid)
{
	char path[64], buf[256];
	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return 0;
	ssize_t n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = 0;
	const char *end = strrchr(buf, ')');
	return end && end[1] == ' ' ? end[2] : 0;
}

/* A child's calls interleave its parent's wait4: the child goes on only once the parent
 * sleeps (in wait4: it does nothing else meanwhile), so --strace must show the wait4 line
 * unfinished, then the child's, then the wait4 resumed. */
static void strace_tree_mode(void)
{
	pid_t pid = fork();
	if (pid == 0) {
		for (int i = 0; i < 200000 && process_state(getppid()) != 'S'; i++)
			sched_yield();
		int fd = openat(AT_FDCWD, "/nonexistent-profemu-file", O_RDONLY);
		_exit(fd < 0 && errno == ENOENT ? 3 : 1);
	}
	int status;
	check(wait4(pid, &status, 0, NULL) == pid && WIFEXITED(status), "wait4");
	printf("child status %d\nstracetree: done\n", WEXITSTATUS(status));
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	const char *mode = argc > 1 ? argv[1] : "";
	if (!strcmp(mode, "timer"))
		timer_mode();
	else if (!strcmp(mode, "timerfd"))
		timerfd_mode();
	else if (!strcmp(mode, "eventfd"))
		eventfd_mode();
	else if (!strcmp(mode, "inotify"))
		inotify_mode();
	else if (!strcmp(mode, "mincore"))
		mincore_mode();
	else if (!strcmp(mode, "copyrange"))
		copyrange_mode();
	else if (!strcmp(mode, "mmsg"))
		mmsg_mode();
	else if (!strcmp(mode, "mmsgtimeout"))
		mmsg_timeout_mode();
	else if (!strcmp(mode, "timerids"))
		timer_ids_mode();
	else if (!strcmp(mode, "mremap"))
		mremap_mode();
	else if (!strcmp(mode, "signalfd"))
		signalfd_mode();
	else if (!strcmp(mode, "signalfdfork"))
		signalfd_fork_mode();
	else if (!strcmp(mode, "signalfdthreads"))
		signalfd_threads_mode();
	else if (!strcmp(mode, "stracetree"))
		strace_tree_mode();
	else {
		fprintf(stderr, "usage: realcalls timer|timerfd|eventfd|inotify|mincore|copyrange|mmsg|mremap|signalfd|signalfdfork|mmsgtimeout|timerids|stracetree|signalfdthreads\n");
		return 2;
	}
	return failed;
}
