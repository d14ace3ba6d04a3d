/* Threads that wait on the host while the others run, one case per argv[1]; each prints what
 * a correct run prints (tests/e2e/run_threads.py compares it with a native run). Under an
 * emulator that let one waiting thread stop the whole process, each case would hang: the
 * thread that ends the wait is a thread of the same process.
 *   pipefull  one thread writes 1 MiB into a pipe in one write() while another drains it
 *             slowly and a third counts until the writer is done
 *   waitid    a thread waits in waitid for a child that exits only once the main thread,
 *             still running, has written to it
 *   socket    connect/accept over a Unix socket between two threads: the server waits in
 *             accept and then in recv while the client computes, connects and sends, the
 *             client waits in recv for the reply; the main thread counts meanwhile
 *   poll      a thread polls two empty pipes (no timeout) until another thread, after
 *             computing, writes to the second; then polls an empty pipe with a 50 ms timeout
 *   select    the same wait through select, then pselect with its timeout
 *   epoll     the same wait through epoll_wait, then epoll_pwait with its timeout
 *   counts    N threads (argv[2], default 4) each call work() once, which calls leaf() 1000
 *             times: per-function instruction counts (--counts) are N times one thread's */
#define _GNU_SOURCE
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#define PIPE_BYTES (1 << 20)

static int pipe_fd[2];
static volatile int writer_done;
/* Set by a counting thread once it runs: the threads it watches start only then, so that a
 * native run on a busy host cannot finish them before the counter was ever scheduled. */
static volatile int counter_running;

static void wait_for_counter(void)
{
	while (!counter_running)
		sched_yield();
}
static char out_buf[PIPE_BYTES];

static void *pipe_writer(void *arg)
{
	(void)arg;
	for (size_t i = 0; i < sizeof(out_buf); i++)
		out_buf[i] = (char)(i * 7 + i / 4096);
	ssize_t n = write(pipe_fd[1], out_buf, sizeof(out_buf));
	writer_done = 1;
	close(pipe_fd[1]);
	return (void *)(long)n;
}

static void *pipe_reader(void *arg)
{
	(void)arg;
	static char in[4096];
	unsigned long sum = 0, total = 0;
	for (;;) {
		ssize_t n = read(pipe_fd[0], in, sizeof(in));
		if (n <= 0)
			break;
		for (ssize_t i = 0; i < n; i++)
			sum = sum * 31 + (unsigned char)in[i];
		total += (unsigned long)n;
		volatile unsigned long slow = 0;	/* drains slowly: the writer waits for room */
		for (int k = 0; k < 2000; k++)
			slow += (unsigned long)k;
	}
	printf("reader: %lu bytes, checksum %lx\n", total, sum);
	return NULL;
}

static void *counter(void *arg)
{
	(void)arg;
	volatile unsigned long n = 0;
	while (!writer_done) {
		n++;
		counter_running = 1;
	}
	return (void *)(long)(n > 0);
}

static int run_pipefull(void)
{
	if (pipe(pipe_fd) != 0)
		return 2;
	pthread_t w, r, c;
	void *written, *counted;
	pthread_create(&c, NULL, counter, NULL);
	wait_for_counter();
	pthread_create(&r, NULL, pipe_reader, NULL);
	pthread_create(&w, NULL, pipe_writer, NULL);
	pthread_join(w, &written);
	pthread_join(r, NULL);
	pthread_join(c, &counted);
	printf("writer: one write of %ld bytes\n", (long)written);
	printf("counter kept counting: %s\n", counted ? "yes" : "no");
	return (long)written == PIPE_BYTES ? 0 : 1;
}

static pid_t child;

static void *child_waiter(void *arg)
{
	(void)arg;
	siginfo_t info;
	memset(&info, 0, sizeof(info));
	if (waitid(P_PID, (id_t)child, &info, WEXITED) != 0)
		return (void *)-1L;
	return (void *)(long)(info.si_code == CLD_EXITED ? info.si_status : -2);
}

static int run_waitid(void)
{
	int go[2];
	if (pipe(go) != 0)
		return 2;
	fflush(stdout);
	child = fork();
	if (child == 0) {
		char c;
		close(go[1]);
		ssize_t n = read(go[0], &c, 1);	/* until the parent's main thread says */
		_exit(n == 1 ? c - '0' : 9);
	}
	close(go[0]);
	pthread_t t;
	void *status;
	pthread_create(&t, NULL, child_waiter, NULL);
	volatile unsigned long spin = 0;
	for (unsigned long k = 0; k < 3000000; k++)
		spin += k;
	printf("main thread computed while the waiter waits\n");
	fflush(stdout);
	if (write(go[1], "7", 1) != 1)
		return 2;
	pthread_join(t, &status);
	printf("waitid: the child exited with %ld\n", (long)status);
	return 0;
}

static pthread_mutex_t sock_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t sock_ready = PTHREAD_COND_INITIALIZER;
static struct sockaddr_un sock_addr;	/* the server's, once it listens */
static socklen_t sock_addr_len;
static volatile int sock_done;
static int sock_failed;		/* the server could not listen: the client gives up */

static void *sock_server(void *arg)
{
	(void)arg;
	int s = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	struct sockaddr_un a = { .sun_family = AF_UNIX };
	socklen_t len = sizeof(a);
	/* bind with the family alone: the kernel picks a free abstract name */
	int ok = s >= 0 && bind(s, (struct sockaddr *)&a, sizeof(sa_family_t)) == 0 &&
		 listen(s, 4) == 0 && getsockname(s, (struct sockaddr *)&a, &len) == 0;
	pthread_mutex_lock(&sock_lock);
	if (!ok) {
		sock_failed = 1;
		pthread_cond_signal(&sock_ready);
		pthread_mutex_unlock(&sock_lock);
		return (void *)1L;
	}
	sock_addr = a;
	sock_addr_len = len;
	pthread_cond_signal(&sock_ready);
	pthread_mutex_unlock(&sock_lock);
	int c = accept(s, NULL, NULL);
	char buf[16] = "";
	ssize_t n = c < 0 ? -1 : recv(c, buf, sizeof(buf) - 1, 0);
	printf("server got: %.*s\n", n > 0 ? (int)n : 0, buf);
	fflush(stdout);
	if (n <= 0 || send(c, "pong", 4, 0) != 4)
		return (void *)2L;
	close(c);
	close(s);
	return NULL;
}

static void *sock_client(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&sock_lock);
	while (!sock_addr_len && !sock_failed)
		pthread_cond_wait(&sock_ready, &sock_lock);
	pthread_mutex_unlock(&sock_lock);
	if (sock_failed)
		return (void *)3L;
	volatile unsigned long spin = 0;	/* the server waits in accept meanwhile */
	for (unsigned long k = 0; k < 2000000; k++)
		spin += k;
	int s = socket(AF_UNIX, SOCK_STREAM, 0);
	if (s < 0 || connect(s, (struct sockaddr *)&sock_addr, sock_addr_len) != 0)
		return (void *)1L;
	if (send(s, "ping", 4, 0) != 4)
		return (void *)2L;
	char buf[16] = "";
	ssize_t n = recv(s, buf, sizeof(buf) - 1, 0);
	printf("client got: %.*s\n", n > 0 ? (int)n : 0, buf);
	close(s);
	return NULL;
}

static void *sock_counter(void *arg)
{
	(void)arg;
	volatile unsigned long n = 0;
	while (!sock_done) {
		n++;
		counter_running = 1;
	}
	return (void *)(long)(n > 0);
}

static int run_socket(void)
{
	pthread_t srv, cli, cnt;
	void *rs, *rc, *counted;
	pthread_create(&cnt, NULL, sock_counter, NULL);
	wait_for_counter();
	pthread_create(&srv, NULL, sock_server, NULL);
	pthread_create(&cli, NULL, sock_client, NULL);
	pthread_join(srv, &rs);
	pthread_join(cli, &rc);
	sock_done = 1;
	pthread_join(cnt, &counted);
	printf("server %ld, client %ld, counter kept counting: %s\n", (long)rs, (long)rc,
	       counted ? "yes" : "no");
	return rs || rc;
}

static int poll_a[2], poll_b[2];

static void *poller(void *arg)
{
	(void)arg;
	struct pollfd fds[2] = { { .fd = poll_a[0], .events = POLLIN },
				 { .fd = poll_b[0], .events = POLLIN } };
	int n = poll(fds, 2, -1);
	printf("poll: %d ready, first %s, second %s\n", n, fds[0].revents & POLLIN ? "in" : "-",
	       fds[1].revents & POLLIN ? "in" : "-");
	fds[1].events = 0;	/* now only the first, which stays empty: the timeout ends it */
	n = poll(fds, 2, 50);
	printf("poll with a 50 ms timeout: %d ready\n", n);
	return NULL;
}

static void *selecter(void *arg)
{
	(void)arg;
	fd_set r;
	FD_ZERO(&r);
	FD_SET(poll_a[0], &r);
	FD_SET(poll_b[0], &r);
	int top = (poll_a[0] > poll_b[0] ? poll_a[0] : poll_b[0]) + 1;
	int n = select(top, &r, NULL, NULL, NULL);
	printf("select: %d ready, first %s, second %s\n", n, FD_ISSET(poll_a[0], &r) ? "in" : "-",
	       FD_ISSET(poll_b[0], &r) ? "in" : "-");
	FD_ZERO(&r);
	FD_SET(poll_a[0], &r);	/* stays empty: the timeout ends it */
	struct timespec ts = { 0, 50000000 };
	n = pselect(top, &r, NULL, NULL, &ts, NULL);
	printf("pselect with a 50 ms timeout: %d ready\n", n);
	return NULL;
}

static void *epoller(void *arg)
{
	(void)arg;
	int ep = epoll_create1(0);
	struct epoll_event ev = { .events = EPOLLIN, .data.u32 = 1 };
	epoll_ctl(ep, EPOLL_CTL_ADD, poll_a[0], &ev);
	ev.data.u32 = 2;
	epoll_ctl(ep, EPOLL_CTL_ADD, poll_b[0], &ev);
	struct epoll_event got[2];
	int n = epoll_wait(ep, got, 2, -1);
	printf("epoll_wait: %d ready, data %u\n", n, n > 0 ? got[0].data.u32 : 0);
	epoll_ctl(ep, EPOLL_CTL_DEL, poll_b[0], NULL);	/* the first stays empty */
	n = epoll_pwait(ep, got, 2, 50, NULL);
	printf("epoll_pwait with a 50 ms timeout: %d ready\n", n);
	close(ep);
	return NULL;
}

/* One thread waits (waiter) for two empty pipes while this one computes, then writes. */
static int run_wait(void *(*waiter)(void *))
{
	if (pipe(poll_a) != 0 || pipe(poll_b) != 0)
		return 2;
	pthread_t t;
	pthread_create(&t, NULL, waiter, NULL);
	volatile unsigned long spin = 0;	/* the poller waits meanwhile */
	for (unsigned long k = 0; k < 2000000; k++)
		spin += k;
	if (write(poll_b[1], "x", 1) != 1)
		return 2;
	pthread_join(t, NULL);
	return 0;
}

__attribute__((noinline)) static unsigned long leaf(unsigned long x)
{
	__asm__ volatile("" : "+r"(x));
	return x * 3 + 1;
}

__attribute__((noinline)) static void *work(void *arg)
{
	unsigned long acc = (unsigned long)arg;
	for (unsigned long i = 0; i < 1000; i++)
		acc += leaf(i);
	return (void *)acc;
}

static int run_counts(int n)
{
	pthread_t t[16];
	unsigned long sum = 0;
	if (n < 1 || n > 16)
		return 2;
	for (int i = 0; i < n; i++)
		pthread_create(&t[i], NULL, work, NULL);
	for (int i = 0; i < n; i++) {
		void *r;
		pthread_join(t[i], &r);
		sum += (unsigned long)r;
	}
	printf("%d threads worked: %lu\n", n, sum);
	return 0;
}

int main(int argc, char **argv)
{
	const char *c = argc > 1 ? argv[1] : "pipefull";
	if (!strcmp(c, "pipefull")) return run_pipefull();
	if (!strcmp(c, "waitid")) return run_waitid();
	if (!strcmp(c, "socket")) return run_socket();
	if (!strcmp(c, "poll")) return run_wait(poller);
	if (!strcmp(c, "select")) return run_wait(selecter);
	if (!strcmp(c, "epoll")) return run_wait(epoller);
	if (!strcmp(c, "counts")) return run_counts(argc > 2 ? atoi(argv[2]) : 4);
	fprintf(stderr, "thread_block: unknown case %s\n", c);
	return 2;
}
