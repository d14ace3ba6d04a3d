/* What profemu tells the user when a run ends: fault messages and the --stats file. */
#ifndef PROFEMU_REPORT_H
#define PROFEMU_REPORT_H

#include <stdint.h>

#include "../emu/cpu.h"
#include "../loader/loader.h"
#include "../symbols/symbolizer.h"

struct run_outcome {
	const char *program;
	enum cpu_arch arch;
	uint64_t instructions;
	uint64_t ticks;		/* clock ticks taken (--tick, --jitter, --prf's cost model) */
	int exit_status;	/* profemu's own exit status */
	int guest_exit_code;	/* valid when signal == 0 and the guest exited */
	int signal;		/* the guest was ended by this signal, 0 if not */
	const char *stop;	/* "exit", "signal", "fault", "insn-limit", "interrupted" */
	/* A threaded program's threads, in creation order (none: not listed). */
	const struct run_thread *threads;
	unsigned thread_count;
};

struct run_thread {
	int32_t tid;
	uint64_t instructions;
};

/* The host signal number a fault kind raises, as the Linux kernel would. */
int report_fault_signal(enum cpu_fault_kind kind);
/* "profemu: PROGRAM: Segmentation fault (SIGSEGV) at pc 0x... (main+0x12 in prog at
 * prog.c:7): ..." on stderr (names may be NULL). */
void report_fault(const char *program, const struct cpu_fault *f, int signal,
		  struct symbolizer *names);
/* Writes the --stats JSON; 0 or -1 with a message on stderr. */
int report_stats(const char *path, const struct run_outcome *r);

#endif
