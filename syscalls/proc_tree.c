/* The guest's process tree (see proc_tree.h). */
#include "proc_tree.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/futex.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define TREE_MAGIC 0x31454552u	/* "REE1": the layout below, version 1 */
#define TREE_ROWS 4096
#define TREE_PREFIX "profemu-tree."

enum { ROW_RUNNING = 1, ROW_EXITED = 2 };

/* One process; 256 bytes. pid 0: a free row. host_pid 0: the fork has not returned yet. */
struct tree_row {
	int32_t pid;
	int32_t host_pid;
	int32_t ppid;
	int32_t state;
	uint64_t end_realtime_ns;	/* its CLOCK_REALTIME when it ended */
	char comm[16];
	uint32_t cmdline_len;
	char cmdline[212];
};

struct tree_shared {
	uint32_t magic;
	int32_t next_pid;		/* the next guest pid of the tree */
	int32_t first_pid;		/* the guest pid of the tree's first process */
	int32_t first_parent_host;	/* the host pid of its parent (the guest's first_pid - 1) */
	uint32_t rows_used;		/* no row at or past this index was ever taken */
	uint32_t guest_lock;		/* tree_guest_lock: the holder's host pid, or 0 */
	uint32_t guest_lock_waiters;	/* processes in (or entering) FUTEX_WAIT on guest_lock */
	uint32_t strace_lock;		/* tree_strace_lock: as guest_lock */
	uint32_t strace_lock_waiters;
	int32_t strace_open;		/* the guest tid whose --strace line is open, or 0 */
	uint32_t reserved[6];
	struct tree_row rows[TREE_ROWS];
};

static struct tree_row *own_row(const struct proc_tree *t)
{
	return t->map && t->slot >= 0 ? &t->map->rows[t->slot] : NULL;
}

static uint32_t rows_used(const struct proc_tree *t)
{
	uint32_t n = __atomic_load_n(&t->map->rows_used, __ATOMIC_ACQUIRE);
	return n < TREE_ROWS ? n : TREE_ROWS;
}

/* A row whose process is gone for good (its host pid no longer exists: reaped by someone, or
 * never seen by a guest parent that ended first) may be taken again. */
static bool row_reusable(const struct tree_row *r)
{
	int32_t pid = __atomic_load_n(&r->pid, __ATOMIC_ACQUIRE);
	if (pid == 0)
		return true;
	return r->state == ROW_EXITED && r->host_pid > 0 && kill(r->host_pid, 0) != 0 && errno == ESRCH;
}

/* Takes a row for pid: -1 when the table is full. */
static int claim_row(struct proc_tree *t, int32_t pid)
{
	for (int i = 0; i < TREE_ROWS; i++) {
		struct tree_row *r = &t->map->rows[i];
		int32_t seen = __atomic_load_n(&r->pid, __ATOMIC_ACQUIRE);
		if (seen != 0 && !row_reusable(r))
			continue;
		if (!__atomic_compare_exchange_n(&r->pid, &seen, pid, false, __ATOMIC_ACQ_REL,
						 __ATOMIC_ACQUIRE))
			continue;
		r->host_pid = 0;
		r->state = ROW_RUNNING;
		uint32_t used = __atomic_load_n(&t->map->rows_used, __ATOMIC_ACQUIRE);
		while (used < (uint32_t)i + 1 &&
		       !__atomic_compare_exchange_n(&t->map->rows_used, &used, (uint32_t)i + 1, true,
						    __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
			;
		return i;
	}
	return -1;
}

static void set_command(struct tree_row *r, char *const *argv, int argc)
{
	const char *base = argc > 0 && argv[0] ? strrchr(argv[0], '/') : NULL;
	snprintf(r->comm, sizeof r->comm, "%s", base ? base + 1 : argc > 0 && argv[0] ? argv[0] : "");
	size_t n = 0;
	for (int i = 0; i < argc && argv[i]; i++) {
		size_t len = strlen(argv[i]) + 1;
		if (n + len > sizeof r->cmdline)
			len = sizeof r->cmdline - n;
		memcpy(r->cmdline + n, argv[i], len);
		n += len;
		if (n == sizeof r->cmdline) {
			r->cmdline[n - 1] = 0;
			break;
		}
	}
	r->cmdline_len = (uint32_t)n;
}

/* Removes the tables of trees whose first process is gone (a run killed with SIGKILL). */
static void remove_stale(const char *dir)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (strncmp(e->d_name, TREE_PREFIX, sizeof TREE_PREFIX - 1) != 0)
			continue;
		long owner = strtol(e->d_name + sizeof TREE_PREFIX - 1, NULL, 10);
		if (owner > 0 && kill((pid_t)owner, 0) != 0 && errno == ESRCH)
			unlinkat(dirfd(d), e->d_name, 0);
	}
	closedir(d);
}

static struct tree_shared *map_file(int fd)
{
	void *m = mmap(NULL, sizeof(struct tree_shared), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	return m == MAP_FAILED ? NULL : m;
}

/* A new table in the first writable of /dev/shm, $TMPDIR, /tmp. */
static bool create_tree(struct proc_tree *t, int32_t pid)
{
	const char *dirs[] = { "/dev/shm", getenv("TMPDIR"), "/tmp" };
	for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
		if (!dirs[i] || !*dirs[i])
			continue;
		remove_stale(dirs[i]);
		int n = snprintf(t->path, sizeof t->path, "%s/" TREE_PREFIX "%d.XXXXXX", dirs[i], (int)getpid());
		if (n < 0 || (size_t)n >= sizeof t->path)
			continue;
		int fd = mkostemp(t->path, O_CLOEXEC);
		if (fd < 0)
			continue;
		struct tree_shared *m = NULL;
		if (ftruncate(fd, sizeof(struct tree_shared)) == 0)
			m = map_file(fd);
		close(fd);
		if (!m) {
			unlink(t->path);
			continue;
		}
		m->next_pid = pid + 1;
		m->first_pid = pid;
		m->first_parent_host = getppid();
		__atomic_store_n(&m->magic, TREE_MAGIC, __ATOMIC_RELEASE);
		t->map = m;
		t->owner = true;
		return true;
	}
	t->path[0] = 0;
	return false;
}

static bool join_tree(struct proc_tree *t, const char *path)
{
	if (snprintf(t->path, sizeof t->path, "%s", path) >= (int)sizeof t->path)
		return false;
	int fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return false;
	struct tree_shared *m = map_file(fd);
	close(fd);
	if (!m)
		return false;
	if (m->magic != TREE_MAGIC) {
		munmap(m, sizeof *m);
		return false;
	}
	t->map = m;
	/* The first process that execs stays the first: it removes the file at its end. */
	t->owner = m->first_parent_host == getppid() && tree_guest_pid(t, getpid(), 0) == m->first_pid;
	return true;
}

void tree_attach(struct proc_tree *t, const char *path, int32_t pid, char *const *argv, int argc)
{
	memset(t, 0, sizeof *t);
	t->slot = -1;
	if (!(path && join_tree(t, path)) && !create_tree(t, pid))
		return;
	/* An execve'd process has its row already (made at the fork, or its own before the
	 * exec); a process that joins without one takes one. */
	pid_t self = getpid();
	for (uint32_t i = 0; i < rows_used(t); i++) {
		struct tree_row *r = &t->map->rows[i];
		if (__atomic_load_n(&r->pid, __ATOMIC_ACQUIRE) == pid && r->host_pid == self)
			t->slot = (int)i;
	}
	if (t->slot < 0) {
		t->slot = claim_row(t, pid);
		if (t->slot < 0)
			return;
		struct tree_row *r = own_row(t);
		r->ppid = t->owner ? pid - 1 : tree_guest_pid(t, getppid(), pid);
		__atomic_store_n(&r->host_pid, self, __ATOMIC_RELEASE);
	}
	set_command(own_row(t), argv, argc);
}

void tree_detach(struct proc_tree *t, uint64_t realtime_ns)
{
	struct tree_row *r = own_row(t);
	if (r) {
		r->end_realtime_ns = realtime_ns;
		__atomic_store_n(&r->state, ROW_EXITED, __ATOMIC_RELEASE);
	}
	if (t->owner && t->path[0])
		unlink(t->path);
	t->owner = false;
}

int32_t tree_next_pid(struct proc_tree *t, int32_t *fallback)
{
	if (!t->map)
		return (*fallback)++;
	return __atomic_fetch_add(&t->map->next_pid, 1, __ATOMIC_SEQ_CST);
}

int tree_fork_prepare(struct proc_tree *t, int32_t pid)
{
	if (!t->map)
		return -1;
	int slot = claim_row(t, pid);
	struct tree_row *r = slot >= 0 ? &t->map->rows[slot] : NULL;
	struct tree_row *self = own_row(t);
	if (r && self) {
		r->ppid = self->pid;
		memcpy(r->comm, self->comm, sizeof r->comm);
		r->cmdline_len = self->cmdline_len;
		memcpy(r->cmdline, self->cmdline, sizeof r->cmdline);
	}
	return slot;
}

void tree_fork_parent(struct proc_tree *t, int slot, pid_t host_pid)
{
	if (!t->map || slot < 0)
		return;
	struct tree_row *r = &t->map->rows[slot];
	if (host_pid > 0)
		__atomic_store_n(&r->host_pid, host_pid, __ATOMIC_RELEASE);
	else
		__atomic_store_n(&r->pid, 0, __ATOMIC_RELEASE);
}

void tree_fork_child(struct proc_tree *t, int slot)
{
	t->slot = slot;
	t->owner = false;
	struct tree_row *r = own_row(t);
	if (r)
		__atomic_store_n(&r->host_pid, getpid(), __ATOMIC_RELEASE);
}

uint64_t tree_reaped(struct proc_tree *t, int32_t pid)
{
	uint64_t end = 0;
	if (!t->map)
		return 0;
	for (uint32_t i = 0; i < rows_used(t); i++) {
		struct tree_row *r = &t->map->rows[i];
		if ((int)i != t->slot && __atomic_load_n(&r->pid, __ATOMIC_ACQUIRE) == pid) {
			if (__atomic_load_n(&r->state, __ATOMIC_ACQUIRE) == ROW_EXITED)
				end = r->end_realtime_ns;
			r->host_pid = 0;
			__atomic_store_n(&r->pid, 0, __ATOMIC_RELEASE);
		}
	}
	return end;
}

static const struct tree_row *find_pid(const struct proc_tree *t, int32_t pid)
{
	if (!t->map || pid <= 0)
		return NULL;
	for (uint32_t i = 0; i < rows_used(t); i++) {
		const struct tree_row *r = &t->map->rows[i];
		if (__atomic_load_n(&r->pid, __ATOMIC_ACQUIRE) == pid &&
		    __atomic_load_n(&r->host_pid, __ATOMIC_ACQUIRE) > 0)
			return r;
	}
	return NULL;
}

pid_t tree_host_pid(const struct proc_tree *t, int32_t pid, int32_t self_pid)
{
	if (pid == self_pid)
		return getpid();
	if (!t->map)
		return -1;
	const struct tree_row *r = find_pid(t, pid);
	if (r)
		return r->host_pid;
	if (pid == t->map->first_pid - 1)
		return t->map->first_parent_host;
	return pid;
}

int32_t tree_guest_pid(const struct proc_tree *t, pid_t host, int32_t self_pid)
{
	if (host == getpid())
		return self_pid;
	if (!t->map)
		return host == getppid() ? self_pid - 1 : host;
	for (uint32_t i = 0; i < rows_used(t); i++) {
		const struct tree_row *r = &t->map->rows[i];
		int32_t pid = __atomic_load_n(&r->pid, __ATOMIC_ACQUIRE);
		if (pid && __atomic_load_n(&r->host_pid, __ATOMIC_ACQUIRE) == host)
			return pid;
	}
	return host == t->map->first_parent_host ? t->map->first_pid - 1 : host;
}

bool tree_has_host_pid(const struct proc_tree *t, pid_t host)
{
	if (host == getpid())
		return true;
	if (!t->map)
		return false;
	for (uint32_t i = 0; i < rows_used(t); i++) {
		const struct tree_row *r = &t->map->rows[i];
		if (__atomic_load_n(&r->pid, __ATOMIC_ACQUIRE) &&
		    __atomic_load_n(&r->host_pid, __ATOMIC_ACQUIRE) == host)
			return true;
	}
	return false;
}

static void row_info(const struct tree_row *r, struct tree_info *out)
{
	out->pid = r->pid;
	out->ppid = r->ppid;
	out->host_pid = r->host_pid;
	out->exited = r->state == ROW_EXITED;
	memcpy(out->comm, r->comm, sizeof out->comm);
	out->comm[sizeof out->comm - 1] = 0;
	out->cmdline_len = r->cmdline_len <= sizeof r->cmdline ? r->cmdline_len : sizeof r->cmdline;
	memcpy(out->cmdline, r->cmdline, out->cmdline_len);
}

bool tree_lookup(const struct proc_tree *t, int32_t pid, struct tree_info *out)
{
	const struct tree_row *r = find_pid(t, pid);
	if (!r)
		return false;
	row_info(r, out);
	return true;
}

static int by_pid(const void *a, const void *b)
{
	const struct tree_info *x = a, *y = b;
	return (x->pid > y->pid) - (x->pid < y->pid);
}

size_t tree_list(const struct proc_tree *t, struct tree_info *out, size_t max)
{
	size_t n = 0;
	if (!t->map)
		return 0;
	for (uint32_t i = 0; i < rows_used(t) && n < max; i++) {
		const struct tree_row *r = &t->map->rows[i];
		if (__atomic_load_n(&r->pid, __ATOMIC_ACQUIRE) &&
		    __atomic_load_n(&r->host_pid, __ATOMIC_ACQUIRE) > 0 && kill(r->host_pid, 0) == 0)
			row_info(r, &out[n++]);
	}
	qsort(out, n, sizeof *out, by_pid);
	return n;
}

void tree_set_comm(struct proc_tree *t, const char *comm)
{
	struct tree_row *r = own_row(t);
	if (r)
		snprintf(r->comm, sizeof r->comm, "%s", comm);
}

/* Whether host process pid has died: gone, or a zombie its parent has not reaped yet (kill
 * reaches a zombie; its parent may be the one that waits for its lock, and cannot reap it). */
static bool holder_dead(pid_t pid)
{
	if (kill(pid, 0) != 0)
		return errno == ESRCH;
	char path[32], buf[128];
	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	ssize_t n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return false;
	buf[n] = 0;
	const char *state = strrchr(buf, ')');	/* "pid (comm) S ...": comm may hold spaces */
	return state && (state[2] == 'Z' || state[2] == 'X');
}

/* A lock of host pids: 0 free, else its holder's. A holder that died (a crash, SIGKILL) is
 * found with holder_dead and its lock taken over; waits last 10 ms at most, so a wake lost to
 * that is only a delay. */
static void word_lock(uint32_t *lock, uint32_t *waiters)
{
	uint32_t self = (uint32_t)getpid();
	for (;;) {
		uint32_t owner = 0;
		if (__atomic_compare_exchange_n(lock, &owner, self, false, __ATOMIC_ACQUIRE,
						__ATOMIC_RELAXED))
			return;
		if (owner == self)
			return;
		if (holder_dead((pid_t)owner)) {
			__atomic_compare_exchange_n(lock, &owner, 0, false, __ATOMIC_RELAXED,
						    __ATOMIC_RELAXED);
			continue;
		}
		/* counted before the wait compares the word: an unlock that stores 0 first and reads
		 * no waiter makes FUTEX_WAIT return at once (the word is no longer owner) */
		struct timespec ts = { .tv_sec = 0, .tv_nsec = 10000000 };
		__atomic_add_fetch(waiters, 1, __ATOMIC_SEQ_CST);
		syscall(SYS_futex, lock, FUTEX_WAIT, owner, &ts, NULL, 0);
		__atomic_sub_fetch(waiters, 1, __ATOMIC_SEQ_CST);
	}
}

static void word_unlock(uint32_t *lock, uint32_t *waiters)
{
	/* sequentially consistent store and load: the waiter count must not be read before the
	 * lock is seen free (a release store alone may pass the load) */
	__atomic_store_n(lock, 0, __ATOMIC_SEQ_CST);
	if (__atomic_load_n(waiters, __ATOMIC_SEQ_CST))
		syscall(SYS_futex, lock, FUTEX_WAKE, 1, NULL, NULL, 0);
}

void tree_guest_lock(struct proc_tree *t)
{
	if (t->map)
		word_lock(&t->map->guest_lock, &t->map->guest_lock_waiters);
}

void tree_guest_unlock(struct proc_tree *t)
{
	if (t->map)
		word_unlock(&t->map->guest_lock, &t->map->guest_lock_waiters);
}

int32_t *tree_strace_lock(struct proc_tree *t)
{
	if (!t->map)
		return NULL;
	word_lock(&t->map->strace_lock, &t->map->strace_lock_waiters);
	return &t->map->strace_open;
}

void tree_strace_unlock(struct proc_tree *t)
{
	if (t->map)
		word_unlock(&t->map->strace_lock, &t->map->strace_lock_waiters);
}
