/* One emulated process: its memory, its CPU, its ABI and the kernel-side state the system calls
 * keep. Passed explicitly everywhere; there is no global emulator state. */
#ifndef PROFEMU_PROCESS_H
#define PROFEMU_PROCESS_H

#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../emu/cpu.h"
#include "../emu/guest_mem.h"
#include "../profil/profil.h"
#include "../symbols/objmap.h"
#include "abi_flags.h"
#include "proc_tree.h"
#include "syscall.h"

struct symtab;
struct symbolizer;
struct sched;

#define GUEST_NSIG 65

struct guest_sigaction {
	uint64_t handler;	/* 0 = SIG_DFL, 1 = SIG_IGN, else a guest address */
	uint64_t flags;		/* neutral sa_flags (ABI_SA_*, abi_flags.h) */
	uint64_t restorer;
	uint64_t mask;
};

/* What a handler's siginfo_t tells: how the signal came (si_code) and from whom or where. */
struct guest_siginfo {
	int32_t code;		/* SI_USER, SI_TKILL, or the fault's SEGV_MAPERR... */
	int32_t pid, uid;	/* for signals sent by a process */
	uint64_t addr;		/* for faults: the address (si_addr) */
	bool is_fault;		/* addr is meaningful; the frame records trapno and cr2 */
	bool has_status;	/* SIGCHLD: si_status (exit code, or a guest signal number) */
	int32_t status;
	bool has_value;		/* a timer's: pid, uid are si_timerid, si_overrun; then si_value */
	uint64_t value;
	int trapno;		/* x86 exception vector of a fault */
};

/* One signalfd: the guest's descriptor is the read end of a host pipe (identified by its
 * inode, so that dup'ed copies are recognised), holding one byte while a signal of its mask
 * is pending, so that the host's poll, select and epoll see it ready. */
#define SIGNALFDS_MAX 16
struct guest_signalfd {
	bool used;
	int guest_fd;		/* the pipe's read end, as signalfd returned it */
	int rfd, wfd;		/* private copies of its read end and its write end */
	uint64_t dev, ino;	/* the pipe's */
	uint64_t mask;		/* guest signals (bit sig-1) */
};

/* One delivery, as the ABI's signal_push needs it. */
struct signal_frame {
	int sig;				/* guest number */
	const struct guest_sigaction *sa;
	const struct guest_siginfo *info;
	uint64_t saved_mask;			/* restored by sigreturn */
	uint64_t altstack_sp, altstack_size;	/* sigaltstack; size 0: none */
};

/* Where a frame goes: below sp (less the ABI's red zone), or at the top of the alternate stack
 * when the action asks for it and sp is not already on it. *ss_flags gets uc_stack.ss_flags. */
uint64_t signal_frame_sp(const struct signal_frame *f, uint64_t sp, uint64_t red_zone, int *ss_flags);

/* signal_siginfo.c: f's siginfo_t at si, for a guest of word_bytes (4 or 8) and byte order. */
void signal_fill_siginfo(uint8_t *si, const struct signal_frame *f, unsigned word_bytes,
			 bool big_endian);

/* Options that shape the process, fixed at start (set by the command line). */
struct process_config {
	const char *sysroot;		/* -L: prefix for absolute guest paths; "/" = none */
	uint64_t seed;			/* --seed: AT_RANDOM and getrandom */
	uint64_t hz;			/* --hz: ticks per second of guest time */
	uint64_t tick;			/* --tick: instructions per tick */
	bool host_time;			/* --host-time: guest clocks read the host's */
	FILE *strace;			/* --strace destination, or NULL */
	uint64_t epoch_ns;		/* guest CLOCK_REALTIME at instruction 0 */
	int32_t pid;			/* the guest's own pid (deterministic) */
	bool jitter;			/* --jitter: tick intervals uniform in [N/2, 3N/2] */
	bool explain;			/* --explain: one line per tick on stderr */
	/* To run execve'd programs: profemu itself and the options to pass on. */
	char *const *pass_on;
	int pass_on_count;
	const char *sysroot_option;	/* -L as given, NULL if defaulted */
	/* Threads (thread.h): --quantum (0: the default) and --sched-seed. */
	uint64_t quantum;
	bool sched_seeded;
	uint64_t sched_seed;
};

/* What a clock tick inside a system call is charged to (the --prf cost model). */
enum sys_charge {
	SYS_CHARGE_NONE,	/* not in a system call */
	SYS_CHARGE_IO,		/* an I/O call: read, write, open... */
	SYS_CHARGE_OTHER,	/* any other call */
};

/* A glibc entry point served natively (profil_glibc.c). */
struct glibc_hook {
	uint64_t addr;
	uint64_t syscall_fn;	/* glibc's syscall() in the same image: it sets errno for us */
	uint32_t nr;		/* SYS_PROFEMU_PROFIL or SYS_PROFEMU_SPROFIL */
	/* Without syscall() (static programs): errno's place, thread pointer + this, if known */
	bool has_errno;
	int64_t errno_from_tp;
};

/* One POSIX timer (timer_create; posix_timers.c), in ns of guest time: the value left when it
 * was last looked at, at guest time since_ns of its clock. Its id is the process's next one (0,
 * 1, 2...: as Linux, a deleted timer's id is not given again until the count wraps), not its
 * slot. */
#define POSIX_TIMERS_MAX 32
/* sigev_notify, the same on every Linux ABI (SIGEV_THREAD is glibc's, over _THREAD_ID). */
enum { GUEST_SIGEV_SIGNAL = 0, GUEST_SIGEV_NONE = 1, GUEST_SIGEV_THREAD_ID = 4 };
struct posix_timer {
	bool used;
	int32_t id;		/* what timer_create gave the guest */
	int clock;		/* its clock id, for absolute times */
	bool cpu_clock;		/* counts the process's CPU time, else guest wall time */
	int notify;		/* sigev_notify: GUEST_SIGEV_SIGNAL, _NONE, _THREAD_ID */
	int sig;		/* guest signal number */
	int32_t tid;		/* SIGEV_THREAD_ID's thread */
	uint64_t value;		/* sigev_value, handed back in si_value */
	uint64_t interval_ns, value_ns, since_ns;
	int32_t overrun;	/* expirations the last signal stood for, less one */
};

struct child_process {
	int32_t vpid;		/* the pid the guest knows */
	int host_pid;
};

struct process {
	struct process_config cfg;
	enum cpu_arch arch;
	const struct sys_abi *abi;
	struct guest_mem mem;
	struct cpu *cpu;

	char exe_path[PATH_MAX];	/* host path of the program: /proc/self/exe */
	char exe_guest_path[PATH_MAX];	/* as the guest named it (AT_EXECFN) */
	char comm[16];			/* prctl's PR_SET_NAME; empty: the program's file name */
	/* What the initial stack holds, for /proc/self/environ and auxv (proc_view.c): the
	 * environment strings' guest range (read live, as the kernel reads env_start..env_end)
	 * and a copy of the auxiliary vector as built (the kernel's saved_auxv), AT_NULL included. */
	uint64_t env_start, env_end;
	uint8_t saved_auxv[1024];
	size_t saved_auxv_len;

	uint64_t brk_start, brk_cur;	/* program break; brk_cur page-rounded lazily */
	uint64_t mmap_lo, mmap_hi;	/* where mmap without a hint places mappings */
	uint64_t mmap_floor, mmap_ceiling;	/* and where next (addr_layout) */

	uint64_t sleep_ns;		/* guest time added by nanosleep and friends */
	uint64_t rng_state;		/* getrandom stream, from --seed */
	uint64_t clear_child_tid;
	uint64_t robust_list;		/* set_robust_list's head */

	struct guest_sigaction sigactions[GUEST_NSIG];
	uint64_t sigmask;
	/* Signals raised for a handler and not yet delivered (bit sig-1), each with its info;
	 * delivered between runs of the CPU (signal_deliver.c). */
	uint64_t sigpending;
	struct guest_siginfo siginfo[GUEST_NSIG];
	/* rt_sigsuspend replaced the mask: the first frame delivered saves this one instead. */
	bool suspend_mask_active;
	uint64_t suspend_saved_mask;
	/* A sigreturn call asked for its frame to be restored: 1 rt_sigreturn, 2 sigreturn. */
	int sigreturn_due;
	/* sigaltstack; size 0: none. */
	uint64_t altstack_sp, altstack_size;

	/* profil and sprofil, served by the profil core on the instruction clock. */
	struct prof_state prof;
	uint64_t ticks;			/* clock ticks so far */
	uint64_t jitter_state;		/* the --jitter stream, from --seed */
	const struct symtab *syms;	/* the program's symbols, for --explain (may be NULL) */
	struct symbolizer *names;	/* every object's names, for messages (may be NULL) */
	/* The ELF objects mapped into the guest (the program, its interpreter, and every
	 * executable file mapping since): what the symbolizer names addresses from. */
	struct objmap objects;
	/* Every file mapping now live, executable or not, with its offset, device and inode
	 * (no history): what /proc/self/maps names (proc_maps.c). */
	struct objmap files;
	struct glibc_hook glibc_hooks[8];
	unsigned glibc_hook_count;
	uint64_t trampoline;		/* the ABI's stub page, once mapped (i386: returning from a
				 * redirected call; hppa: the signal return trampoline) */

	/* The --prf system-call cost model: while a call's cost is charged to the clock, ticks
	 * are charged to `charging`; `charged` instructions of guest time have been added. */
	bool syscall_costs;
	enum sys_charge charging;
	uint64_t charged;

	/* setitimer/getitimer (ITIMER_REAL, _VIRTUAL, _PROF), in µs of guest time: the value
	 * left when it was last looked at, at guest time itimer_since_us. */
	uint64_t itimer_interval_us[3], itimer_value_us[3], itimer_since_us[3];
	struct posix_timer timers[POSIX_TIMERS_MAX];
	int32_t next_timer_id;		/* timer_create's next id */
	/* Descriptors whose records a read swaps (fd_records.h; enum fd_records_kind): only for
	 * a guest of the other byte order. */
	uint8_t fd_records[256];
	/* signalfd descriptors (signalfd.h): emulated over host pipes, since the signals they
	 * report are the emulator's own; and the signals a signalfd read waits for (taken as due
	 * by process_signal_due while it waits, though blocked). */
	struct guest_signalfd signalfds[SIGNALFDS_MAX];
	unsigned signalfd_count;
	uint64_t sigwait_mask;

	/* This process was made by the guest (fork, then perhaps execve): a guest killed by a
	 * signal kills it with the same signal, so that the parent's wait sees WIFSIGNALED. */
	bool forked;
	/* It has MAP_SHARED memory (gm_map_shared): runs guest code holding the tree's lock
	 * (tree_guest_lock; guest_locked: now held). */
	bool shared_mem, guest_locked;
	struct proc_tree tree;		/* the guest's process tree (proc_tree.h) */

	/* Children made by fork, for wait4. */
	struct child_process children[64];
	unsigned child_count;
	int32_t next_child_pid;

	/* Its threads, once it has more than one (thread.h); NULL until then. */
	struct sched *sched;
	/* Told of every thread switch, by thread index in creation order (the whole-program
	 * profile keeps a call stack per thread); NULL: nobody listens. */
	void (*on_thread_switch)(void *ctx, unsigned from, unsigned to);
	void *on_thread_switch_ctx;

	/* How the process ended (valid once `ended`). */
	bool ended;
	int exit_code;			/* for exit/exit_group */
	int term_signal;		/* guest signal number if killed, else 0 */
};

/* Whether other guest processes live beside this one: it has children, or a guest process
 * made it. Then its waits take host time (see sys_itimer.c, process_sleep) and a signal from
 * one of them may end a wait. */
static inline bool process_has_company(const struct process *p)
{
	return p->forked || p->child_count > 0;
}

/* Ends the guest: records the status and stops the CPU. */
void process_exit(struct process *p, int code);
void process_kill(struct process *p, int guest_signal);

/* Signals for guest handlers (signal_deliver.c). process_signal_raise makes sig pending with
 * its info (the caller has checked a handler is installed); the CPU stops at the end of the
 * current system call when something is due. Between runs the run loop calls
 * process_signal_work, which restores a sigreturn frame and delivers every due signal, and
 * process_signal_fault for a fault, which delivers it if the guest handles that signal.
 * Both return false when the process ended instead (a frame that could not be written). */
void process_signal_raise(struct process *p, int sig, const struct guest_siginfo *info);
/* Sends sig to the process (signal_deliver.c): ignored, fatal at once (default action), or
 * raised for the guest's handler. */
void process_signal_send(struct process *p, int sig, const struct guest_siginfo *info);
/* The same to one thread (thread.h; NULL: the running one). */
struct guest_thread;
void process_signal_send_to(struct process *p, struct guest_thread *t, int sig,
			    const struct guest_siginfo *info);
/* Interval timers on the clock (itimers.c): called on every tick, with its retired count. */
void process_itimers_tick(struct process *p, uint64_t retired);
/* After a timer was armed or disarmed: the CPU's ticks exact while one is (cpu_exact_ticks). */
void process_timers_changed(struct process *p);
/* Brings timer `which` (ITIMER_REAL 0, VIRTUAL 1, PROF 2) up to now, sending its signal if it
 * expired and `fire`; sets it (value 0 disarms it), counting from now, rounded up to ticks. */
void itimer_update(struct process *p, int which, bool fire);
void itimer_arm(struct process *p, int which, uint64_t interval_us, uint64_t value_us);
/* POSIX timers (posix_timers.c): brings every armed timer up to now (the tick's own count
 * when `at_tick`), sending the signals of those that expired when `fire`; and the ns of guest
 * wall time from their last update until the next wall-clock timer expires (UINT64_MAX: none
 * armed). Fork children start with none (posix_timers_forget). */
void posix_timers_update(struct process *p, bool fire, bool at_tick, uint64_t retired);
uint64_t posix_timers_wall_due_ns(const struct process *p);
void posix_timers_forget(struct process *p);
/* Lets ns of guest wall time pass (UINT64_MAX: until a signal), firing ITIMER_REAL on the way;
 * stops early when a signal became due or the process ended, with *left the ns not slept.
 * False for a wait no signal can ever end (no timer armed, or only ignored ones). */
bool process_sleep(struct process *p, uint64_t ns, uint64_t *left);
bool process_signal_due(const struct process *p);
bool process_signal_work(struct process *p);
bool process_signal_fault(struct process *p, const struct cpu_fault *fault, int host_sig);

/* Guest time in nanoseconds for a clock (CLOCK_REALTIME, CLOCK_MONOTONIC, ...): derived from
 * retired instructions unless --host-time. */
uint64_t process_time_ns(struct process *p, int clock_id);
/* The same when `retired` instructions have retired (a tick's own count, inside its block). */
uint64_t process_time_ns_at(struct process *p, int clock_id, uint64_t retired);

/* Around whatever may wait on the host (a system call, the scheduler's host waits): lets the
 * other processes sharing memory run, then takes the tree's lock again (sys_fork.c). */
void process_guest_unlock(struct process *p);
void process_guest_relock(struct process *p);

/* xorshift64*: small and seedable, for the clock's jitter and the scheduler's --sched-seed
 * streams (state never 0). */
uint64_t xorshift64s_next(uint64_t *state);

/* Next 64 bits of the deterministic random stream (getrandom, AT_RANDOM). */
uint64_t process_random(struct process *p);
/* Where a mapping of len bytes goes when the guest gives no usable hint (sys_mem.c): the lowest
 * room in [mmap_lo, mmap_hi), else the highest in [mmap_floor, mmap_hi) (it may reach into the
 * mmap range), else the lowest in [mmap_hi, mmap_ceiling); 0 when there is none.
 * Deterministic. */
uint64_t process_place_mapping(struct process *p, uint64_t len);

/* The clock: the number of instructions until the first tick, and the tick event itself
 * (profil_clock.c). */
uint64_t process_first_tick(struct process *p);
uint64_t process_on_tick(void *ctx, uint64_t pc, uint64_t retired);

/* The --prf cost model (sys_cost.c): instructions of guest time one call takes, and its class. */
uint64_t sys_call_cost(const struct sys_entry *e, int64_t result, enum sys_charge *charge);

/* Serving glibc's profil and sprofil natively (profil_glibc.c): finds them in an image's
 * symbols and sets breakpoints; the breakpoint event redirects the call. */
void profil_glibc_attach(struct process *p, const struct symtab *st);
void profil_glibc_attach_file(struct process *p, const char *path, uint64_t bias);
void process_on_breakpoint(void *ctx, uint64_t addr);

#endif
