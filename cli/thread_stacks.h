/* The whole-program profile's shadow call stack, one per guest thread: the scheduler tells of
 * every switch (struct process's on_thread_switch) and the profile's stack is swapped for the
 * incoming thread's, so --callgrind and --folded see each thread's calls on its own stack. */
#ifndef PROFEMU_THREAD_STACKS_H
#define PROFEMU_THREAD_STACKS_H

#include "../output/wprof.h"

struct thread_stack {
	struct wprof_frame *frames;	/* NULL: not made yet (the thread has not run) */
	uint32_t depth;
	uint64_t lost;
};

struct thread_stacks {
	struct wprof *w;
	struct thread_stack *v;		/* by thread index, in creation order */
	unsigned n;
	unsigned cur;			/* whose stack w holds */
};

void thread_stacks_init(struct thread_stacks *ts, struct wprof *w);
/* The on_thread_switch callback (ctx: a struct thread_stacks). Out of memory: the stack stays
 * shared, as without threads. */
void thread_stacks_switch(void *ctx, unsigned from, unsigned to);
/* Frees every stack but the one w holds (wprof_free frees that one). */
void thread_stacks_free(struct thread_stacks *ts);

#endif
