/* The run loop both start paths share (Linux ELF, DOS): run the CPU until the guest ends, and
 * say how it ended. Ctrl-C stops the guest cleanly (exit status 130) unless the guest handles
 * SIGINT; other signals from outside go to the guest (syscalls/host_signals.c). */
#ifndef PROFEMU_RUN_LOOP_H
#define PROFEMU_RUN_LOOP_H

#include "../syscalls/process.h"
#include "report.h"

/* How a start path words the two messages that depend on its kind of program. */
struct run_messages {
	void *ctx;
	/* A CPU fault: the message on stderr (the signal is the host's number). */
	void (*fault)(void *ctx, struct cpu *cpu, const struct cpu_fault *f, int sig);
	/* The guest was killed by a signal it sent itself (abort). */
	void (*killed)(void *ctx, struct cpu *cpu, int sig);
};

void run_loop(struct process *p, const char *program, uint64_t max_insns,
	      const struct run_messages *m, struct run_outcome *out);

#endif
