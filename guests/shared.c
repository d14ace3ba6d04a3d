/*
 * shared: memory shared between processes (MAP_SHARED), as multiprocessing, sem_open and
 * linkers that write their output through a mapping use it.
 *
 * Usage: shared anon | file | named
 *   anon   an anonymous MAP_SHARED mapping inherited by forked children: what a child stores
 *          the parent reads; a parent and a child take turns 500 times through two
 *          process-shared semaphores in it; two children add 2000 times each to a counter
 *          under a process-shared mutex; a parent and a child add 100000 each atomically.
 *   file   a file written through a MAP_SHARED mapping (and msync), then read back with
 *          read(); a write() seen through the mapping; a forked child's stores through its
 *          inherited mapping reach the file. Leaves mapped.bin behind (a test compares it).
 *   named  a named semaphore (sem_open: a file in /dev/shm mapped MAP_SHARED) shared by a
 *          parent and two children.
 * The output is deterministic (no pids, addresses or names) and the same on every
 * architecture. Exit status: 0 if every check
 * passed, 1 otherwise (the failing step is printed).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static int failed;

static void check(int ok, const char *what)
{
	if (!ok) {
		printf("FAILED: %s (errno %d)\n", what, errno);
		failed = 1;
	}
}

/* Waits for a child; its exit status, or -1. */
static int reap(pid_t pid)
{
	int status;
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

struct anon_page {
	uint32_t from_child[16];
	sem_t ping, pong;
	pthread_mutex_t lock;
	long turns, counter;
};

static void anon(void)
{
	struct anon_page *sp = mmap(NULL, sizeof(*sp), PROT_READ | PROT_WRITE,
				    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	check(sp != MAP_FAILED, "mmap shared anonymous");
	if (sp == MAP_FAILED)
		return;
	pid_t pid = fork();
	if (pid == 0) {
		for (uint32_t i = 0; i < 16; i++)
			sp->from_child[i] = i * i + 7;
		_exit(0);
	}
	check(reap(pid) == 0, "first child");
	uint32_t sum = 0;
	for (int i = 0; i < 16; i++)
		sum += sp->from_child[i];
	printf("stored by the child: %u (last %u)\n", sum, sp->from_child[15]);

	check(sem_init(&sp->ping, 1, 0) == 0 && sem_init(&sp->pong, 1, 0) == 0, "sem_init pshared");
	pid = fork();
	if (pid == 0) {
		for (int i = 0; i < 500; i++) {
			while (sem_wait(&sp->ping) != 0)
				;
			sp->turns += 2;
			sem_post(&sp->pong);
		}
		_exit(0);
	}
	for (int i = 0; i < 500; i++) {
		sp->turns -= 1;
		sem_post(&sp->ping);
		while (sem_wait(&sp->pong) != 0)
			;
	}
	check(reap(pid) == 0, "ping-pong child");
	printf("turns: %ld\n", sp->turns);

	pthread_mutexattr_t attr;
	pthread_mutexattr_init(&attr);
	pthread_mutexattr_setpshared(&attr, PTHREAD_PROCESS_SHARED);
	check(pthread_mutex_init(&sp->lock, &attr) == 0, "process-shared mutex");
	pid_t kids[2];
	for (int k = 0; k < 2; k++) {
		kids[k] = fork();
		if (kids[k] == 0) {
			for (int i = 0; i < 2000; i++) {
				pthread_mutex_lock(&sp->lock);
				long v = sp->counter;
				if (i % 97 == 0)
					sched_yield();
				sp->counter = v + 1;
				pthread_mutex_unlock(&sp->lock);
			}
			_exit(0);
		}
	}
	for (int k = 0; k < 2; k++)
		check(reap(kids[k]) == 0, "counting child");
	printf("counter: %ld\n", sp->counter);

	/* atomic increments of one word by two processes at once: none may be lost */
	pid = fork();
	for (int i = 0; i < 100000; i++)
		__atomic_fetch_add(&sp->from_child[0], 1, __ATOMIC_SEQ_CST);
	if (pid == 0)
		_exit(0);
	check(reap(pid) == 0, "adding child");
	printf("atomic increments: %u\n", sp->from_child[0] - 7);
	munmap(sp, sizeof(*sp));
}

enum { FILE_SIZE = 3 * 4096 + 100 };

static void file(void)
{
	int fd = open("mapped.bin", O_RDWR | O_CREAT | O_TRUNC, 0644);
	check(fd >= 0 && ftruncate(fd, FILE_SIZE) == 0, "create and size mapped.bin");
	unsigned char *m = mmap(NULL, FILE_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	check(m != MAP_FAILED, "mmap the file shared");
	if (m == MAP_FAILED)
		return;
	for (int i = 0; i < FILE_SIZE; i++)
		m[i] = (unsigned char)(i * 7 + 3);
	check(msync(m, FILE_SIZE, MS_SYNC) == 0, "msync");

	unsigned char buf[FILE_SIZE];
	check(pread(fd, buf, sizeof(buf), 0) == FILE_SIZE, "read back");
	uint32_t sum = 0;	/* the same on every architecture: the output is compared with x86-64's */
	int same = 1;
	for (int i = 0; i < FILE_SIZE; i++) {
		sum = sum * 31 + buf[i];
		same &= buf[i] == (unsigned char)(i * 7 + 3);
	}
	printf("read back: %s, checksum %u\n", same ? "what was stored" : "DIFFERENT", sum);

	check(pwrite(fd, "written", 7, 5000) == 7, "pwrite");
	printf("seen through the mapping: %.7s\n", (const char *)m + 5000);

	pid_t pid = fork();
	if (pid == 0) {
		memcpy(m + 100, "from the child", 14);
		_exit(0);
	}
	check(reap(pid) == 0, "file child");
	check(pread(fd, buf, 14, 100) == 14, "read the child's bytes");
	printf("the child's store in the file: %.14s\n", (const char *)buf);
	check(munmap(m, FILE_SIZE) == 0, "munmap");

	/* mapped again after munmap: what is in the file */
	m = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 4096);
	check(m != MAP_FAILED && m[5000 - 4096] == 'w', "map the second page again");
	if (m != MAP_FAILED)
		munmap(m, 4096);
	close(fd);
}

static void named(void)
{
	/* a name no other run at the same time has: the working directory's inode */
	struct stat st;
	char name[64];
	check(stat(".", &st) == 0, "stat .");
	snprintf(name, sizeof(name), "/profemu-shared-%lx-%lx", (unsigned long)st.st_dev,
		 (unsigned long)st.st_ino);
	sem_t *s = sem_open(name, O_CREAT | O_EXCL, 0600, 0);
	check(s != SEM_FAILED, "sem_open");
	if (s == SEM_FAILED)
		return;
	sem_t *done = mmap(NULL, sizeof(sem_t), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	check(done != MAP_FAILED && sem_init(done, 1, 0) == 0, "second semaphore");
	pid_t kids[2];
	for (int k = 0; k < 2; k++) {
		kids[k] = fork();
		if (kids[k] == 0) {
			sem_t *mine = sem_open(name, 0);
			int got = 0;
			for (int i = 0; i < 100; i++)
				got += sem_wait(mine) == 0;
			sem_post(done);
			_exit(got == 100 ? 0 : 1);
		}
	}
	for (int i = 0; i < 200; i++)
		sem_post(s);
	for (int k = 0; k < 2; k++)
		while (sem_wait(done) != 0)
			;
	int value = -1;
	sem_getvalue(s, &value);
	int st0 = reap(kids[0]), st1 = reap(kids[1]);
	printf("children took 200 posts: %s; left %d\n", st0 == 0 && st1 == 0 ? "yes" : "NO", value);
	sem_close(s);
	check(sem_unlink(name) == 0, "sem_unlink");
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	const char *what = argc > 1 ? argv[1] : "";
	if (strcmp(what, "anon") == 0)
		anon();
	else if (strcmp(what, "file") == 0)
		file();
	else if (strcmp(what, "named") == 0)
		named();
	else {
		fprintf(stderr, "usage: shared anon | file | named\n");
		return 2;
	}
	return failed;
}
