/* Per-thread shadow call stacks for the whole-program profile: see thread_stacks.h. */
#include "thread_stacks.h"

#include <stdlib.h>

void thread_stacks_init(struct thread_stacks *ts, struct wprof *w, struct icount *ic,
			struct cpu *cpu)
{
	*ts = (struct thread_stacks){ .w = w, .ic = ic, .cpu = cpu };
}

static bool reserve(struct thread_stacks *ts, unsigned i)
{
	if (i < ts->n)
		return true;
	unsigned n = i + 16;
	struct thread_stack *v = realloc(ts->v, n * sizeof(*v));
	if (!v)
		return false;
	for (unsigned k = ts->n; k < n; k++)
		v[k] = (struct thread_stack){ 0 };
	ts->v = v;
	ts->n = n;
	return true;
}

void thread_stacks_switch(void *ctx, unsigned from, unsigned to)
{
	struct thread_stacks *ts = ctx;
	struct wprof *w = ts->w;
	/* --counts keeps its stacks itself, each thread with its own clock. */
	if (ts->ic && from == ts->ic->cur)
		icount_switch_thread(ts->ic, to, cpu_retired(ts->cpu));
	if (!w || from != ts->cur || !reserve(ts, from > to ? from : to))
		return;
	if (!ts->v[to].frames) {
		/* A new thread starts with an empty stack (its start routine's frame comes first). */
		ts->v[to].frames = malloc(WPROF_MAX_DEPTH * sizeof(*ts->v[to].frames));
		if (!ts->v[to].frames)
			return;
	}
	ts->v[from] = (struct thread_stack){ w->stack, w->depth, w->lost };
	w->stack = ts->v[to].frames;
	w->depth = ts->v[to].depth;
	w->lost = ts->v[to].lost;
	ts->cur = to;
}

void thread_stacks_free(struct thread_stacks *ts)
{
	for (unsigned i = 0; i < ts->n; i++)
		if (i != ts->cur)
			free(ts->v[i].frames);
	free(ts->v);
	ts->v = NULL;
	ts->n = 0;
}
