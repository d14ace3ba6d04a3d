/* The command line of profemu. */
#ifndef PROFEMU_OPTIONS_H
#define PROFEMU_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>

#include "../output/formats.h"
#include "usage.h"

struct options {
	const char *sysroot;		/* -L; NULL: the architecture's default */
	char **env;			/* the guest's environment (host's, with -E/-U applied) */
	bool strace;
	uint64_t seed;
	uint64_t hz;
	uint64_t tick;
	bool host_time;
	/* Guest CLOCK_REALTIME in ns at instruction 0: --epoch, else SOURCE_DATE_EPOCH from
	 * profemu's own environment, else 2000-01-01; an execve'd program gets its parent's
	 * CLOCK_REALTIME at the exec (--epoch-ns, internal), so the calendar goes on. */
	uint64_t epoch_ns;
	uint64_t max_insns;
	const char *stats_path;
	int personality;		/* enum prof_personality */
	bool jitter;
	bool explain;
	bool keep_plt;		/* --skip-plt=no: --callgrind keeps PLT stubs as functions */
	/* --trace-insns (hidden, for lock-step tests against qemu): one stderr line per retired
	 * instruction with the next pc and registers 0..31; profiling ticks are off meanwhile. */
	bool trace_insns;
	uint64_t profil_max;
	bool syscall_cost;		/* --syscall-cost: system calls cost guest time */
	int32_t pid;			/* the guest's pid (kept across execve) */
	const char *tree_path;		/* --tree (internal): the process tree's table */
	bool child;			/* --child (internal): a guest process made it (fork, then
				 * perhaps execve): it dies of the signal that kills the guest */
	/* The PROFIL program: --prf=FILE, --bucket-size=N; --interval=USEC (0: not given), which
	 * sets the tick for every run, with or without --prf. */
	const char *prf_path;
	uint64_t bucket_size;
	uint64_t interval_us;
	/* The whole-program profiles of the output registry: --NAME=FILE, NULL if not asked. */
	const char *out_paths[OUT_FORMAT_COUNT];
	/* Threads: --quantum (0: the default), --sched-seed. */
	uint64_t quantum;
	bool sched_seeded;
	uint64_t sched_seed;
	const char *argv0;		/* -0: the guest's argv[0], if not PROGRAM */
	/* Options to pass on when the guest execs another program (no -E/-U/-0/--pid). */
	char **pass_on;
	int pass_on_count;
	int pass_on_first;		/* parsing state: argv index where the current option began */
	const char *program;
	int argc;			/* the guest's argv, program name first */
	char **argv;
};

/* Exit statuses of profemu's own errors (the guest's own status passes through). */
enum {
	EXIT_USAGE = USAGE_EXIT_STATUS,	/* usage.h: every profemu program's */
	EXIT_CANNOT_EXECUTE = 126,
	EXIT_NOT_FOUND = 127,
	EXIT_INTERRUPTED = 130,
	EXIT_INSN_LIMIT = 137,
};

/* Parses argv; on a bad option prints a message and returns EXIT_USAGE, on --help/--version
 * prints and returns 0 with *done set; returns -1 when the program should run. */
int options_parse(struct options *o, int argc, char **argv, bool *done);
void options_free(struct options *o);
/* Guest CLOCK_REALTIME at instruction 0 when neither --epoch nor SOURCE_DATE_EPOCH says:
 * 2000-01-01T00:00:00Z, the same on every run. */
#define OPTIONS_DEFAULT_EPOCH 946684800u

/* The tick from interval_us at the virtual CPU's speed (hz x tick instructions per second). */
void options_apply_interval(struct options *o);

#endif
