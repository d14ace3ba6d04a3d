/* pthread programs, one per case named by argv[1], each printing what a correct run prints
 * (the e2e tests compare it with a native run): tests/e2e/run_threads.py. `racy` prints a
 * count that depends on the interleaving, and `deadlock` never ends by itself. */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>

#define NTHREADS 8

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static long counter;
static long iterations = 20000;

static void *add_locked(void *arg)
{
	(void)arg;
	for (long i = 0; i < iterations; i++) {
		pthread_mutex_lock(&lock);
		counter++;
		pthread_mutex_unlock(&lock);
	}
	return NULL;
}

static int run_mutex(void)
{
	pthread_t t[NTHREADS];
	for (int i = 0; i < NTHREADS; i++)
		pthread_create(&t[i], NULL, add_locked, NULL);
	for (int i = 0; i < NTHREADS; i++)
		pthread_join(t[i], NULL);
	printf("mutex counter %ld (expected %ld)\n", counter, NTHREADS * iterations);
	return counter == NTHREADS * iterations ? 0 : 1;
}

/* A bounded queue: one producer, one consumer, two condition variables. */
enum { QCAP = 4, ITEMS = 1000 };
static int queue[QCAP], qhead, qcount;
static pthread_cond_t not_empty = PTHREAD_COND_INITIALIZER, not_full = PTHREAD_COND_INITIALIZER;

static void *producer(void *arg)
{
	(void)arg;
	for (int i = 1; i <= ITEMS; i++) {
		pthread_mutex_lock(&lock);
		while (qcount == QCAP)
			pthread_cond_wait(&not_full, &lock);
		queue[(qhead + qcount++) % QCAP] = i;
		pthread_cond_signal(&not_empty);
		pthread_mutex_unlock(&lock);
	}
	return NULL;
}

static int run_condvar(void)
{
	pthread_t t;
	pthread_create(&t, NULL, producer, NULL);
	long sum = 0;
	for (int i = 0; i < ITEMS; i++) {
		pthread_mutex_lock(&lock);
		while (qcount == 0)
			pthread_cond_wait(&not_empty, &lock);
		sum += queue[qhead];
		qhead = (qhead + 1) % QCAP;
		qcount--;
		pthread_cond_signal(&not_full);
		pthread_mutex_unlock(&lock);
	}
	pthread_join(t, NULL);
	printf("condvar sum %ld\n", sum);
	return 0;
}

static pthread_barrier_t barrier;
static int phase_seen[NTHREADS][3];
static int phase;

static void *barrier_worker(void *arg)
{
	int id = (int)(long)arg;
	for (int k = 0; k < 3; k++) {
		phase_seen[id][k] = __atomic_load_n(&phase, __ATOMIC_SEQ_CST);
		if (pthread_barrier_wait(&barrier) == PTHREAD_BARRIER_SERIAL_THREAD)
			__atomic_add_fetch(&phase, 1, __ATOMIC_SEQ_CST);
		pthread_barrier_wait(&barrier);
	}
	return NULL;
}

static int run_barrier(void)
{
	pthread_t t[NTHREADS];
	pthread_barrier_init(&barrier, NULL, NTHREADS);
	for (long i = 0; i < NTHREADS; i++)
		pthread_create(&t[i], NULL, barrier_worker, (void *)i);
	for (int i = 0; i < NTHREADS; i++)
		pthread_join(t[i], NULL);
	int bad = 0;
	for (int i = 0; i < NTHREADS; i++)
		for (int k = 0; k < 3; k++)
			bad += phase_seen[i][k] != k;
	printf("barrier phases %d, out of step %d\n", phase, bad);
	return bad != 0;
}

static __thread int tls_value = 7;
static __thread char tls_name[16];

static void *tls_worker(void *arg)
{
	int id = (int)(long)arg;
	tls_value += id;
	snprintf(tls_name, sizeof(tls_name), "thread-%d", id);
	sched_yield();
	return (void *)(long)(tls_value * 100 + (int)strlen(tls_name));
}

static int run_tls(void)
{
	pthread_t t[4];
	for (long i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, tls_worker, (void *)(i + 1));
	for (int i = 0; i < 4; i++) {
		void *r;
		pthread_join(t[i], &r);
		printf("tls thread %d: %ld\n", i + 1, (long)r);
	}
	printf("tls main: %d '%s'\n", tls_value, tls_name);
	return 0;
}

static int detached_done;

static void *detached(void *arg)
{
	(void)arg;
	__atomic_store_n(&detached_done, 1, __ATOMIC_SEQ_CST);
	return NULL;
}

static void *joined(void *arg)
{
	return (void *)((long)arg * 3);
}

static int run_join(void)
{
	pthread_t d, j;
	pthread_attr_t attr;
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	pthread_create(&d, &attr, detached, NULL);
	pthread_create(&j, NULL, joined, (void *)14L);
	void *r;
	pthread_join(j, &r);
	while (!__atomic_load_n(&detached_done, __ATOMIC_SEQ_CST))
		sched_yield();
	printf("join %ld, detached ran %d\n", (long)r, detached_done);
	return 0;
}

/* Sleeping threads wake in deadline order while the others run. */
static void *sleep_then_print(void *arg)
{
	long ms = (long)arg;
	struct timespec ts = { ms / 1000, ms % 1000 * 1000000 };
	nanosleep(&ts, NULL);
	pthread_mutex_lock(&lock);
	printf("slept %ld ms\n", ms);
	pthread_mutex_unlock(&lock);
	return NULL;
}

static int run_sleep(void)
{
	pthread_t t[3];
	long ms[3] = { 300, 100, 200 };
	for (int i = 0; i < 3; i++)
		pthread_create(&t[i], NULL, sleep_then_print, (void *)ms[i]);
	for (int i = 0; i < 3; i++)
		pthread_join(t[i], NULL);
	return 0;
}

/* A thread reading an empty pipe waits for the writer without stopping it. */
static int pipe_fds[2];

static void *pipe_reader(void *arg)
{
	(void)arg;
	char buf[8];
	long total = 0;
	for (int i = 0; i < 3; i++) {
		ssize_t n = read(pipe_fds[0], buf, sizeof(buf));
		if (n != (ssize_t)sizeof(buf))
			return (void *)-1L;
		total += buf[0] - '0';
		pthread_mutex_lock(&lock);
		printf("reader got %.7s\n", buf);
		pthread_mutex_unlock(&lock);
	}
	return (void *)total;
}

static int run_pipe(void)
{
	pthread_t t;
	void *r;
	if (pipe(pipe_fds) != 0)
		return 1;
	pthread_create(&t, NULL, pipe_reader, NULL);
	for (int i = 1; i <= 3; i++) {
		volatile long spin = 0;
		for (long k = 0; k < 300000; k++)
			spin += k;
		char msg[8];
		snprintf(msg, sizeof(msg), "%d-piece", i);
		if (write(pipe_fds[1], msg, sizeof(msg)) != (ssize_t)sizeof(msg))
			return 1;
	}
	pthread_join(t, &r);
	printf("pipe total %ld\n", (long)r);
	return 0;
}

static void *nothing(void *arg)
{
	return arg;
}

static int run_many(void)
{
	long sum = 0;
	for (long i = 0; i < 200; i++) {
		pthread_t t;
		void *r;
		if (pthread_create(&t, NULL, nothing, (void *)i) != 0) {
			printf("create %ld failed\n", i);
			return 1;
		}
		pthread_join(t, &r);
		sum += (long)r;
	}
	printf("200 threads, sum %ld\n", sum);
	return 0;
}

static void *forker(void *arg)
{
	(void)arg;
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		printf("child of a thread\n");
		fflush(stdout);
		_exit(3);
	}
	int status;
	waitpid(pid, &status, 0);
	return (void *)(long)WEXITSTATUS(status);
}

/* The forking thread waits for its child while the main thread keeps computing. */
static int run_fork(void)
{
	pthread_t t;
	void *r;
	pthread_create(&t, NULL, forker, NULL);
	volatile long spin = 0;
	for (long k = 0; k < 2000000; k++)
		spin += k;
	pthread_join(t, &r);
	printf("thread's child exited %ld\n", (long)r);
	return 0;
}

static void *sleeper(void *arg)
{
	(void)arg;
	for (;;)
		pause();
	return NULL;
}

static void *cancellable(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&lock);
	for (;;) {
		pthread_mutex_unlock(&lock);
		pthread_testcancel();
		pthread_mutex_lock(&lock);
	}
	return NULL;
}

static int run_cancel(void)
{
	pthread_t t;
	void *r;
	pthread_create(&t, NULL, cancellable, NULL);
	sched_yield();
	pthread_cancel(t);
	pthread_join(t, &r);
	printf("cancelled %d\n", r == PTHREAD_CANCELED);
	(void)sleeper;
	return 0;
}

static pthread_mutex_t a_lock = PTHREAD_MUTEX_INITIALIZER, b_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_barrier_t both_hold;

static void *lock_b_then_a(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&b_lock);
	pthread_barrier_wait(&both_hold);
	pthread_mutex_lock(&a_lock);
	return NULL;
}

static int run_deadlock(void)
{
	pthread_t t;
	pthread_barrier_init(&both_hold, NULL, 2);
	pthread_create(&t, NULL, lock_b_then_a, NULL);
	pthread_mutex_lock(&a_lock);
	pthread_barrier_wait(&both_hold);
	printf("both locks taken: deadlock next\n");
	fflush(stdout);
	pthread_mutex_lock(&b_lock);
	printf("not reached\n");
	return 0;
}

static volatile long racy;

static void *add_racy(void *arg)
{
	(void)arg;
	for (long i = 0; i < iterations; i++)
		racy = racy + 1;
	return NULL;
}

static int run_racy(void)
{
	pthread_t t[4];
	for (int i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, add_racy, NULL);
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	printf("racy counter %ld of %ld\n", racy, 4 * iterations);
	return 0;
}

/* Signals from outside: the main thread blocks SIGUSR1, the worker waits for it in pause(). */
static volatile sig_atomic_t usr1_seen;
static void on_usr1(int sig)
{
	(void)sig;
	usr1_seen = 1;
}

static void *wait_usr1(void *arg)
{
	(void)arg;
	sigset_t s;
	sigemptyset(&s);
	sigaddset(&s, SIGUSR1);
	pthread_sigmask(SIG_UNBLOCK, &s, NULL);
	while (!usr1_seen)
		pause();
	return (void *)1;
}

static int run_outside(void)
{
	sigset_t s;
	sigemptyset(&s);
	sigaddset(&s, SIGUSR1);
	signal(SIGUSR1, on_usr1);
	pthread_sigmask(SIG_BLOCK, &s, NULL);
	pthread_t t;
	void *r;
	pthread_create(&t, NULL, wait_usr1, NULL);
	printf("ready\n");
	fflush(stdout);
	pthread_join(t, &r);
	printf("worker saw SIGUSR1: %ld\n", (long)r);
	return 0;
}

/* Every thread waits: guest time jumps to ITIMER_REAL's expiry, whose SIGALRM goes to the one
 * thread that does not block it. */
static volatile sig_atomic_t alarm_seen;
static void on_alarm(int sig)
{
	(void)sig;
	alarm_seen = 1;
}

static void *wait_alarm(void *arg)
{
	(void)arg;
	while (!alarm_seen)
		pause();
	return NULL;
}

static int run_alarm(void)
{
	pthread_t t;
	signal(SIGALRM, on_alarm);
	pthread_create(&t, NULL, wait_alarm, NULL);
	sigset_t s;
	sigemptyset(&s);
	sigaddset(&s, SIGALRM);
	pthread_sigmask(SIG_BLOCK, &s, NULL);
	alarm(1);
	pthread_join(t, NULL);
	printf("the alarm woke the waiting thread\n");
	return 0;
}

/* Spins until killed from outside (SIGTERM). */
static void *spin_forever(void *arg)
{
	volatile unsigned long n = (unsigned long)arg;
	for (;;)
		n++;
	return NULL;
}

static int run_spin(void)
{
	pthread_t t[2];
	for (long i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, spin_forever, (void *)i);
	printf("ready\n");
	fflush(stdout);
	spin_forever(NULL);
	return 0;
}

/* Thread switches (bench/run.sh): `n` threads each yield `count` times; alone (n = 1), the
 * main thread makes all the calls itself, with no thread to switch to. */
static long yields;
static void *yielder(void *arg)
{
	for (long i = 0; i < yields; i++)
		sched_yield();
	return arg;
}

static int run_yield(int n, long count)
{
	pthread_t t[16];
	yields = count;
	if (n == 1) {
		yields = 2 * count;
		yielder(NULL);
	} else {
		for (long i = 0; i < n; i++)
			pthread_create(&t[i], NULL, yielder, NULL);
		for (int i = 0; i < n; i++)
			pthread_join(t[i], NULL);
	}
	printf("yield done\n");
	return 0;
}

/* CPU-bound work split over `n` threads (bench/run.sh): the same total either way. */
static long work_per_thread;
static void *spin(void *arg)
{
	unsigned long long x = (unsigned long long)(long)arg + 1;
	for (long i = 0; i < work_per_thread; i++)
		x = x * 6364136223846793005ull + 1442695040888963407ull;
	return (void *)(long)(x >> 60);
}

static int run_work(int n, long total)
{
	pthread_t t[16];
	work_per_thread = total / n;
	long sum = 0;
	for (long i = 0; i < n; i++)
		pthread_create(&t[i], NULL, spin, (void *)i);
	for (int i = 0; i < n; i++) {
		void *r;
		pthread_join(t[i], &r);
		sum += (long)r;
	}
	printf("work %d threads: %ld\n", n, sum);
	return 0;
}

int main(int argc, char **argv)
{
	const char *c = argc > 1 ? argv[1] : "mutex";
	if (argc > 2)
		iterations = atol(argv[2]);
	if (!strcmp(c, "mutex")) return run_mutex();
	if (!strcmp(c, "condvar")) return run_condvar();
	if (!strcmp(c, "barrier")) return run_barrier();
	if (!strcmp(c, "tls")) return run_tls();
	if (!strcmp(c, "join")) return run_join();
	if (!strcmp(c, "many")) return run_many();
	if (!strcmp(c, "sleep")) return run_sleep();
	if (!strcmp(c, "pipe")) return run_pipe();
	if (!strcmp(c, "fork")) return run_fork();
	if (!strcmp(c, "cancel")) return run_cancel();
	if (!strcmp(c, "deadlock")) return run_deadlock();
	if (!strcmp(c, "racy")) return run_racy();
	if (!strcmp(c, "outside")) return run_outside();
	if (!strcmp(c, "alarm")) return run_alarm();
	if (!strcmp(c, "spin")) return run_spin();
	if (!strcmp(c, "yield")) {
		int n = argc > 3 ? atoi(argv[3]) : 2;
		return run_yield(n < 1 ? 1 : n > 16 ? 16 : n, iterations);
	}
	if (!strcmp(c, "work")) {
		int n = argc > 3 ? atoi(argv[3]) : 1;
		return run_work(n < 1 ? 1 : n > 16 ? 16 : n, iterations);
	}
	fprintf(stderr, "threads: unknown case %s\n", c);
	return 2;
}
