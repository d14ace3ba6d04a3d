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
#include "syscall.h"

#define GUEST_NSIG 65

struct guest_sigaction {
	uint64_t handler;	/* 0 = SIG_DFL, 1 = SIG_IGN, else a guest address */
	uint64_t flags;
	uint64_t restorer;
	uint64_t mask;
};

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
};

struct process {
	struct process_config cfg;
	enum cpu_arch arch;
	const struct sys_abi *abi;
	struct guest_mem mem;
	struct cpu *cpu;

	char exe_path[PATH_MAX];	/* host path of the program: /proc/self/exe */
	char exe_guest_path[PATH_MAX];	/* as the guest named it (AT_EXECFN) */

	uint64_t brk_start, brk_cur;	/* program break; brk_cur page-rounded lazily */
	uint64_t mmap_lo, mmap_hi;	/* where mmap without a hint places mappings */

	uint64_t sleep_ns;		/* guest time added by nanosleep and friends */
	uint64_t rng_state;		/* getrandom stream, from --seed */
	uint64_t clear_child_tid;

	struct guest_sigaction sigactions[GUEST_NSIG];
	uint64_t sigmask;

	/* How the process ended (valid once `ended`). */
	bool ended;
	int exit_code;			/* for exit/exit_group */
	int term_signal;		/* guest signal number if killed, else 0 */
};

/* Ends the guest: records the status and stops the CPU. */
void process_exit(struct process *p, int code);
void process_kill(struct process *p, int guest_signal);

/* Guest time in nanoseconds for a clock (CLOCK_REALTIME, CLOCK_MONOTONIC, ...): derived from
 * retired instructions unless --host-time. */
uint64_t process_time_ns(struct process *p, int clock_id);

/* Next 64 bits of the deterministic random stream (getrandom, AT_RANDOM). */
uint64_t process_random(struct process *p);

#endif
