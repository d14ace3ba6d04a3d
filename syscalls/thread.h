/* Guest threads on a deterministic scheduler (sched.c), their system calls (sys_thread.c) and
 * futexes (sys_futex.c).
 *
 * Every thread of a process runs on the one host thread and the one struct cpu: a thread not
 * running keeps its registers in a cpu_context. The running thread changes only between runs
 * of the CPU, at points the guest's own instructions decide (a slice of --quantum retired
 * instructions ends, the thread blocks or exits), so the same program, input and options
 * interleave the same way on every run. A process that never calls clone for a thread has no
 * struct sched at all (p->sched NULL) and runs exactly as before threads existed. */
#ifndef PROFEMU_THREAD_H
#define PROFEMU_THREAD_H

#include <poll.h>
#include <stdbool.h>
#include <stdint.h>

struct process;
struct cpu_context;

/* What a blocked thread waits for. */
enum thread_wait {
	WAIT_NONE,
	WAIT_FUTEX,	/* a futex word (futex_addr, bitset) */
	WAIT_SLEEP,	/* guest time (deadline_ns) */
	WAIT_SIGNAL,	/* pause, rt_sigsuspend: a signal it does not block */
	WAIT_FD,	/* a host fd to become ready (fd, events); the call then runs again */
	WAIT_CHILD,	/* a host child to change state (child: its host pid, -1 any); likewise */
	WAIT_POLL,	/* poll: any of a set of host fds (pollset), or its timeout; likewise */
};

/* The thread pointer as an ABI keeps it per thread when the CPU context does not hold it all
 * (i386: the base of a GDT entry, which is guest memory every thread shares). */
struct thread_tls {
	bool set;
	int which;
	uint64_t base;
};

struct sys_entry;

/* --strace's record of the call a thread is in (strace.c): its line is written up to the
 * result ("<unfinished ...>" when another line comes first) while it waits, and finished
 * ("<... name resumed>") when the call returns. */
struct strace_call {
	const struct sys_entry *e;	/* NULL: a call the ABI does not know (nr) */
	uint64_t nr;
	uint64_t args[6];
	int32_t tid;			/* whose line: the guest tid that entered the call */
	int64_t result;			/* what it returned when it began to wait */
	bool written;			/* the line is on the stream up to the result */
	bool waiting;			/* the thread waits in the call */
};

struct guest_thread {
	int32_t tid;
	bool exited;
	enum thread_wait wait;
	uint64_t futex_addr;
	uint32_t bitset;
	uint64_t deadline_ns;	/* guest CLOCK_MONOTONIC; UINT64_MAX: none */
	uint64_t wait_seq;	/* FIFO order among futex waiters */
	/* The system call's result once it wakes, set by whoever ends the wait (0: woken). */
	int64_t wake_result;
	bool wake_result_due;
	int fd;
	short events;
	int child;
	bool restart_due;	/* run the call `restart_nr` again when switched in */
	uint64_t restart_nr;
	/* Bytes a write to a full pipe or socket has moved so far: the call runs again for the
	 * rest (sched_write_in_thread), and a signal ends it with this partial count. */
	uint64_t io_done;
	/* A connect that waits for its handshake: the call runs again to learn the outcome. */
	bool connecting;
	/* poll's set while it waits (pollset, npoll; the buffer stays for the next poll), and
	 * whether its timeout came: the call then runs again without waiting. */
	struct pollfd *pollset;
	unsigned npoll, pollcap;
	bool poll_timed_out;

	struct cpu_context *ctx;	/* registers while not running */
	bool ctx_valid;
	uint64_t pc;			/* where it was when it last stopped running */
	uint64_t retired;		/* instructions it retired */
	struct thread_tls tls;

	/* Kernel state per thread; while it runs, the process's fields of the same names hold
	 * the truth (sched.c swaps them). */
	uint64_t sigmask, sigpending, suspend_saved_mask, altstack_sp, altstack_size;
	bool suspend_mask_active;
	int sigreturn_due;
	uint64_t clear_child_tid;
	uint64_t robust_list;
	struct strace_call strace;
};

/* A thread made by clone whose registers are built between runs (sched.c). */
struct thread_start {
	struct guest_thread *t;
	uint64_t sp;		/* 0: the parent's */
	uint64_t stack_size;	/* IA-64's clone2: the stack area is [sp, sp + stack_size) */
	bool settls;
	uint64_t tls;		/* clone's tls argument, as the ABI reads it */
};

struct sched {
	struct guest_thread **threads;	/* in creation order: the fixed order */
	unsigned count, cap;
	unsigned cur;			/* index of the running thread */
	uint64_t quantum;		/* --quantum */
	bool seeded;			/* --sched-seed given */
	uint64_t rng;			/* its stream */
	uint64_t wait_seq;
	uint64_t slice_start;		/* cpu_retired when the running thread was switched in */
	bool switch_due;		/* the running thread blocked, exited or yielded */
	struct thread_start start;	/* start.t: a clone to complete */
	uint64_t switches;
	/* Process-directed signals every thread blocks: the first to unblock one takes it. */
	uint64_t shared_pending;
};

/* The default --quantum: instructions a thread runs before the next one's turn. */
#define SCHED_DEFAULT_QUANTUM 100000u

/* The running thread, or NULL when the process has never had a second thread. */
struct guest_thread *sched_current(struct process *p);
int32_t sched_current_tid(struct process *p);
struct guest_thread *sched_find(struct process *p, int32_t tid);
/* Makes p->sched (the calling thread becomes thread 0); false when out of memory or when the
 * back end cannot save contexts. */
bool sched_init(struct process *p);
/* Adds a thread to complete between runs (the CPU is stopped for it). NULL: out of memory. */
struct guest_thread *sched_add_thread(struct process *p, int32_t tid, const struct thread_start *st);
/* The running thread waits: the CPU stops and another thread runs. The call's result is 0 if
 * woken, else what the waker or the timeout sets in wake_result. */
void sched_block(struct process *p, enum thread_wait wait, uint64_t deadline_ns);
/* A read (events POLLIN) or write (POLLOUT) on a blocking host fd that is not ready and would
 * block the host, while other threads could run: true. */
bool sched_would_block(struct process *p, int fd, short events);
/* The running thread waits for fd; its call runs again once fd is ready. Returns the call's
 * provisional result (the restart replaces it). */
int64_t sched_block_fd(struct process *p, int fd, short events);
/* A write to a blocking host pipe, FIFO or socket while other threads could run: true. Such a
 * write must never wait on the host, since the thread that would drain it may be this
 * process's own. */
bool sched_write_must_not_block(struct process *p, int fd);
/* The running thread's io_done (sched_write_must_not_block true), for the write handler: it
 * writes what fits without waiting, adds it here, and either returns the whole count (and
 * clears it) or calls sched_block_fd(fd, POLLOUT) to run again once the fd has room. */
uint64_t *sched_io_done(struct process *p);
/* The running thread's `connecting` (sched_write_must_not_block true), for connect. */
bool *sched_connecting(struct process *p);
/* poll with threads: whether a poll that finds nothing ready should wait in its thread
 * (else it waits on the host), and the wait itself: the running thread waits for any fd of
 * fds[0..n) or timeout_ms (-1: none) of guest time, and its call runs again; the provisional
 * result (-ENOMEM: the set could not be kept). sched_poll_timed_out: the timeout came (and
 * this reads it once), so the call runs again with timeout 0. */
bool sched_poll_may_block(struct process *p);
int64_t sched_block_poll(struct process *p, const struct pollfd *fds, unsigned n, int timeout_ms);
bool sched_poll_timed_out(struct process *p);
/* wait4/waitid for a host child (-1: any) that has not ended yet, while other threads could
 * run: the running thread waits for it and its call runs again; the call's provisional
 * result. NULL-safe: false when the process has no threads. */
bool sched_would_block_child(struct process *p, int host_pid);
int64_t sched_block_child(struct process *p, int host_pid);
/* The running thread ends (its clear_child_tid and robust futexes are handled by the caller). */
void sched_thread_exit(struct process *p);
/* Wakes t with result r. */
void sched_wake(struct guest_thread *t, int64_t r);
/* Between runs of the CPU (cli/run_loop.c): completes a clone, wakes expired timeouts and
 * switches threads when the slice ran out or the thread blocked. False when the process
 * ended instead (a deadlock: the report is on stderr, the process killed by SIGABRT).
 * schedule.c. */
bool process_schedule(struct process *p);
/* What the rules (schedule.c) take from the thread records (sched.c): the seeded stream, the
 * length of the next slice, whether a host child (-1: any) has ended, the held signals a mask
 * lets through into *pending, and the guest's monotonic clock. */
uint64_t sched_random(struct sched *s);
uint64_t sched_next_slice(struct sched *s);
bool sched_child_ready(int host_pid);
void sched_claim_shared_into(struct sched *s, uint64_t mask, uint64_t *pending);
uint64_t sched_now_ns(struct process *p);
/* The thread a process-directed signal goes to: NULL for the running one (it does not block
 * sig, or no thread does not), else the first in creation order that does not block it. */
struct guest_thread *sched_signal_target(struct process *p, int sig);
/* A process-directed signal every thread blocks stays with the process (true); else false. */
bool sched_hold_shared(struct process *p, int sig);
/* The running thread takes the held signals its mask lets through (after its mask changed). */
void sched_claim_shared(struct process *p);
/* For --stats: how many threads the process had, and thread i's id and the instructions it
 * retired, in creation order (0 threads: it never had a second). */
unsigned sched_thread_count(const struct process *p);
void sched_thread_stat(struct process *p, unsigned i, int32_t *tid, uint64_t *instructions);
/* Whether a thread other than the running one has a signal it does not block (a timer's
 * signal went to it). */
bool sched_signal_waiting(const struct process *p);
/* A forked child keeps only the thread that called fork; at the end of a run, this frees the
 * records of every thread. */
void sched_forget_others(struct process *p);
/* The futex words of a dying thread's robust list are marked FUTEX_OWNER_DIED and a waiter
 * of each is woken (sys_futex.c). */
void futex_release_robust(struct process *p, struct guest_thread *t);
/* Wakes up to n waiters of the futex at addr whose bitset meets `bitset`; the number woken. */
int futex_wake(struct process *p, uint64_t addr, uint32_t bitset, int n);
/* The host address of the futex word at addr when its page is shared with other processes
 * (MAP_SHARED: a process-shared lock or semaphore), else NULL. */
uint32_t *futex_shared_word(struct process *p, uint64_t addr);
/* The thread record's TLS after set_thread_area changed the running thread's (i386). */
void sched_tls_changed(struct process *p, int which, uint64_t base);

/* Linux's clone flags, the same on every architecture (include/uapi/linux/sched.h). */
enum {
	GUEST_CLONE_VM = 0x100,
	GUEST_CLONE_SIGHAND = 0x800,
	GUEST_CLONE_VFORK = 0x4000,
	GUEST_CLONE_THREAD = 0x10000,
	GUEST_CLONE_SETTLS = 0x80000,
	GUEST_CLONE_PARENT_SETTID = 0x100000,
	GUEST_CLONE_CHILD_CLEARTID = 0x200000,
	GUEST_CLONE_CHILD_SETTID = 0x1000000,
};

/* clone's flags ask for a thread (thread_clone, sys_thread.c), else for a process
 * (process_fork, sys_fork.c). */
static inline bool clone_makes_thread(uint64_t flags)
{
	return (flags & GUEST_CLONE_THREAD) || ((flags & GUEST_CLONE_VM) && !(flags & GUEST_CLONE_VFORK));
}
int64_t thread_clone(struct process *p, uint64_t flags, uint64_t sp, uint64_t parent_tid,
		     uint64_t child_tid, uint64_t tls);
int64_t process_fork(struct process *p, uint64_t flags, uint64_t new_sp, uint64_t parent_tid,
		     uint64_t child_tid);
/* The next pid or tid of the process tree (fork children and threads share the numbering). */
int32_t process_next_pid(struct process *p);

#endif
