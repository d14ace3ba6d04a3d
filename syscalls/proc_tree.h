/* The guest's process tree: every process profemu runs for one command (the first one, what it
 * forks, what those exec) shares one table of its processes, so that a guest pid names the same
 * process in each of them.
 *
 * Guest pids are deterministic (the first process is --pid, 1000; then a counter shared by the
 * whole tree gives each fork and each thread the next number) while the host's are not: the
 * table maps one to the other both ways, for kill, wait, getppid, process groups, /proc/<pid>
 * and ps. A pid that is no guest process's passes unchanged either way (another process of the
 * host), except the first process's parent, which the guest knows as its pid - 1.
 *
 * The table is a file in /dev/shm (or $TMPDIR), mapped shared by every process of the tree: a
 * fork inherits the mapping, an execve'd profemu maps it again by the name passed on
 * (--tree=PATH, internal). The first process removes it when it ends; a process that cannot
 * map it (its tree's first process has ended) starts a tree of its own. A table left by a run
 * killed with SIGKILL is removed by the next run that starts a tree. */
#ifndef PROFEMU_PROC_TREE_H
#define PROFEMU_PROC_TREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct tree_shared;

/* One process's view of the table (in struct process). */
struct proc_tree {
	struct tree_shared *map;	/* NULL: no table (each lookup answers as if alone) */
	int slot;			/* this process's row */
	bool owner;			/* the tree's first process: removes the file at its end */
	char path[128];			/* the file, for an execve'd profemu */
};

/* What the tree knows of one process, for /proc/<pid> and ps. */
struct tree_info {
	int32_t pid, ppid;		/* guest pids */
	pid_t host_pid;
	bool exited;			/* a zombie: ended, its parent has not waited for it */
	char comm[16];
	char cmdline[256];		/* argv, each string NUL-terminated, cut to fit */
	size_t cmdline_len;
};

/* Joins the tree named by path (--tree), or starts one (path NULL, or not mappable) as its
 * first process; pid is this process's guest pid, argv its command line. A table that cannot
 * be made leaves t->map NULL: the process then runs alone, as before trees. */
void tree_attach(struct proc_tree *t, const char *path, int32_t pid, char *const *argv, int argc);
/* This process ended, at guest CLOCK_REALTIME realtime_ns: its row says so (its parent reaps
 * it); the first process removes the file. The mapping stays (a forked child ends the same
 * way). */
void tree_detach(struct proc_tree *t, uint64_t realtime_ns);

/* fork: a row for the child of guest pid `pid` (from tree_next_pid), taken before the host
 * fork (-1: no table, or it is full); after it, the parent records the child's host pid (or
 * frees the row when fork failed) and the child takes the row as its own. */
int tree_fork_prepare(struct proc_tree *t, int32_t pid);
void tree_fork_parent(struct proc_tree *t, int slot, pid_t host_pid);
void tree_fork_child(struct proc_tree *t, int slot);
/* One lock for the whole tree, held by a process that has memory shared with others while it
 * runs guest code (not in system calls, nor while it waits): the x86 back end (Unicorn's TCG
 * for one CPU) does a locked read-modify-write as a plain load and store, so two processes
 * updating one shared word at once would lose updates (measured: 3 694 599 of 4 000 000
 * atomic increments by two processes). Without a table, no lock. */
void tree_guest_lock(struct proc_tree *t);
void tree_guest_unlock(struct proc_tree *t);
/* --strace's stream (stderr), shared by the tree's processes (strace.c): the lock over
 * writing to it, and the guest tid whose line is open (written up to its result, which
 * comes when its call returns; 0: none). NULL without a table (the caller keeps its own). */
int32_t *tree_strace_lock(struct proc_tree *t);
void tree_strace_unlock(struct proc_tree *t);
/* The next guest pid, for a fork or a thread (without a table: from *fallback). */
int32_t tree_next_pid(struct proc_tree *t, int32_t *fallback);
/* The parent waited for its child: the row goes. The child's CLOCK_REALTIME when it ended
 * (0: unknown), which the parent's clock then catches up with (process_sleep's rule). */
uint64_t tree_reaped(struct proc_tree *t, int32_t pid);

/* Guest pid -> host pid and back (see the top comment). self_pid: this process's guest pid.
 * Without a table (a process made by hand, as in the unit tests) only the process itself is
 * known: tree_host_pid gives -1 for any other pid, so that nothing reaches the host's. */
pid_t tree_host_pid(const struct proc_tree *t, int32_t pid, int32_t self_pid);
int32_t tree_guest_pid(const struct proc_tree *t, pid_t host, int32_t self_pid);
/* Whether host is a process of the tree (its /proc/<host> is not for the guest to see). */
bool tree_has_host_pid(const struct proc_tree *t, pid_t host);
/* The processes of the tree, in guest pid order, up to max; their number. */
size_t tree_list(const struct proc_tree *t, struct tree_info *out, size_t max);
/* One process by guest pid; false when it is no process of the tree. */
bool tree_lookup(const struct proc_tree *t, int32_t pid, struct tree_info *out);
/* This process's name after prctl(PR_SET_NAME). */
void tree_set_comm(struct proc_tree *t, const char *comm);

#endif
