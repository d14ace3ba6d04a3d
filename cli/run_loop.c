/* The shared run loop: see run_loop.h. */
#include "run_loop.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "options.h"
#include "../syscalls/host_signals.h"
#include "../syscalls/thread.h"

/* Per-thread counts for --stats; kept (and reused) until the next run, which is after the
 * stats are written. */
static struct run_thread *thread_stats;

static void count_threads(struct process *p, struct run_outcome *out)
{
	unsigned n = sched_thread_count(p);
	struct run_thread *t = n ? realloc(thread_stats, n * sizeof(*t)) : NULL;
	if (!t)
		return;
	thread_stats = t;
	for (unsigned i = 0; i < n; i++)
		sched_thread_stat(p, i, &t[i].tid, &t[i].instructions);
	out->threads = t;
	out->thread_count = n;
}

void run_loop(struct process *p, const char *program, uint64_t max_insns,
	      const struct run_messages *m, struct run_outcome *out)
{
	bool interrupted = false;
	host_signals_install(p);

	for (;;) {
		struct cpu_fault fault;
		enum cpu_stop stop = cpu_run(p->cpu, &fault);
		/* Signals from outside reach the guest here, between two instructions. */
		if (stop == CPU_STOP_REQUESTED && !p->ended)
			interrupted = host_signals_take(p);
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
		count_threads(p, out);
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
	sched_forget_others(p);	/* the threads' records, now that --stats has their counts */
	host_signals_restore();
}
