/* The whole-program profile's shadow call stack, one per guest thread: the scheduler tells of
 * every switch (struct process's on_thread_switch) and the profile's stack is swapped for the
 * incoming thread's, so --gmon, --callgrind, --folded and --counts see each thread's calls on
 * its own stack. */
#ifndef PROFEMU_THREAD_STACKS_H
#define PROFEMU_THREAD_STACKS_H

#include "../emu/cpu.h"
#include "../output/icount.h"
#include "../output/wprof.h"

struct thread_stack {
	struct wprof_frame *frames;	/* NULL: not made yet (the thread has not run) */
	uint32_t depth;
	uint64_t lost;
};

struct thread_stacks {
	struct wprof *w;		/* NULL: no --gmon, --callgrind or --folded */
	struct icount *ic;		/* NULL: no --counts */
	struct cpu *cpu;		/* whose retired count --counts reads at a switch */
	struct thread_stack *v;		/* by thread index, in creation order */
	unsigned n;
	unsigned cur;			/* whose stack w holds */
};

void thread_stacks_init(struct thread_stacks *ts, struct wprof *w, struct icount *ic,
			struct cpu *cpu);
/* The on_thread_switch callback (ctx: a struct thread_stacks). Out of memory: the stack stays
 * shared, as without threads. */
void thread_stacks_switch(void *ctx, unsigned from, unsigned to);
/* Frees every stack but the one w holds (wprof_free frees that one). */
void thread_stacks_free(struct thread_stacks *ts);

#endif
