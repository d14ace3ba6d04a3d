/* The shared run loop: see run_loop.h. */
#include "run_loop.h"

#include <inttypes.h>
#include <signal.h>
#include <stdio.h>

#include "options.h"
#include "../syscalls/thread.h"

/* SIGINT must reach the CPU that is running; a signal handler has no other way to find it. */
static struct cpu *volatile interruptible_cpu;
static volatile sig_atomic_t interrupted;

static void on_sigint(int sig)
{
	(void)sig;
	interrupted = 1;
	if (interruptible_cpu)
		cpu_request_stop(interruptible_cpu);
}

void run_loop(struct process *p, const char *program, uint64_t max_insns,
	      const struct run_messages *m, struct run_outcome *out)
{
	struct sigaction sa = { .sa_handler = on_sigint };
	sigemptyset(&sa.sa_mask);
	struct sigaction old_int;
	interruptible_cpu = p->cpu;
	sigaction(SIGINT, &sa, &old_int);

	for (;;) {
		struct cpu_fault fault;
		enum cpu_stop stop = cpu_run(p->cpu, &fault);
		if (stop == CPU_STOP_REQUESTED && !p->ended && !interrupted) {
			/* A stop for the back end's own reasons, for signal work or for the
			 * scheduler (a slice ran out, a thread blocked): go on. */
			if (process_signal_work(p) && process_schedule(p))
				continue;
		} else if (stop == CPU_STOP_FAULT && !p->ended &&
			   process_signal_fault(p, &fault, report_fault_signal(fault.kind))) {
			continue;	/* the guest's handler runs */
		}
		out->instructions = cpu_retired(p->cpu);
		out->ticks = p->ticks;
		if (stop == CPU_STOP_FAULT || stop == CPU_STOP_ERROR) {
			int sig = report_fault_signal(fault.kind);
			m->fault(m->ctx, p->cpu, &fault, sig);
			out->signal = sig;
			out->exit_status = 128 + sig;
			out->stop = "fault";
		} else if (stop == CPU_STOP_INSN_LIMIT) {
			fprintf(stderr, "profemu: %s: stopped after %" PRIu64 " instructions (--max-insns=%" PRIu64 ")\n",
				program, out->instructions, max_insns);
			out->exit_status = EXIT_INSN_LIMIT;
			out->stop = "insn-limit";
		} else if (p->ended && p->term_signal) {
			int sig = p->abi->signal_to_host(p->term_signal);
			m->killed(m->ctx, p->cpu, sig);
			out->signal = sig;
			out->exit_status = 128 + sig;
			out->stop = "signal";
		} else if (p->ended) {
			out->guest_exit_code = p->exit_code;
			out->exit_status = p->exit_code;
			out->stop = "exit";
		} else {
			fprintf(stderr, "profemu: %s: interrupted after %" PRIu64 " instructions\n",
				program, out->instructions);
			out->exit_status = EXIT_INTERRUPTED;
			out->stop = "interrupted";
		}
		break;
	}
	interruptible_cpu = NULL;
	sigaction(SIGINT, &old_int, NULL);
}
