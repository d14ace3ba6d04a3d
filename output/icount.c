/* Per-function instruction counts from call and return events (see icount.h). */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "output/icount.h"

#define ICOUNT_INITIAL_FUNCS 1024
#define ICOUNT_INITIAL_DEPTH 64u

static uint32_t func_index(struct icount *c, uint64_t start)
{
	uint32_t i;
	if (!pairtab_get(&c->funcs, start, 0, &i)) {
		c->dropped++;
		return UINT32_MAX;
	}
	return i;
}

/* The function of a call target: resolved once per target (when its record is new), then
 * read from the table. */
static uint32_t target_func_slow(struct icount *c, uint64_t target)
{
	size_t known = c->targets.len;
	uint32_t i;
	struct icount_target *t = pairtab_get(&c->targets, target, 0, &i);
	if (t && c->targets.len == known)
		return t->func;
	uint32_t f = func_index(c, c->resolve ? c->resolve(c->resolve_ctx, target) : target);
	if (t)
		t->func = f;	/* still there: funcs is another table */
	return f;
}

static uint32_t target_func(struct icount *c, uint64_t target)
{
	struct icount_target_hint *h =
		&c->target_hints[(target * UINT64_C(0x9e3779b97f4a7c15)) >> (64 - ICOUNT_TARGET_HINT_BITS)];
	if (h->target == target && h->func1)
		return h->func1 - 1;
	uint32_t f = target_func_slow(c, target);
	*h = (struct icount_target_hint){ target, f + 1 };	/* UINT32_MAX (none): not kept */
	return f;
}

static struct icount_func *func_at(struct icount *c, uint32_t i)
{
	return i == UINT32_MAX ? NULL : pairtab_at(&c->funcs, i);
}

/* The instructions since the last event belong to the function on top (its frame keeps
 * them until it is popped). */
static void charge(struct icount *c, uint64_t retired)
{
	c->stack[c->depth].self += retired - c->mark;
	c->mark = retired;
}

/* A frame's self instructions go to its function. */
static void flush_self(struct icount *c, struct icount_frame *fr)
{
	struct icount_func *f = func_at(c, fr->func);
	if (f)
		f->self += fr->self;
	fr->self = 0;
}

/* Room for one more frame; false when the stack cannot grow. */
static bool stack_room(struct icount *c)
{
	if (c->depth + 1 < c->cap)
		return true;
	if (c->cap >= ICOUNT_MAX_DEPTH + 1)
		return false;
	uint32_t cap = c->cap * 2 > ICOUNT_MAX_DEPTH + 1 ? ICOUNT_MAX_DEPTH + 1 : c->cap * 2;
	struct icount_frame *n = realloc(c->stack, cap * sizeof(*n));
	if (!n)
		return false;
	c->stack = n;
	c->cap = cap;
	return true;
}

static void push(struct icount *c, uint32_t func, uint64_t return_addr, uint64_t retired)
{
	struct icount_frame *top = &c->stack[++c->depth];
	top->return_addr = return_addr;
	top->entered = retired;
	top->self = 0;
	top->func = func;
	struct icount_func *f = func_at(c, func);
	if (f)
		f->active++;
}

/* Closes the top frame: the outermost activation of its function gets the inclusive count. */
static void pop(struct icount *c, uint64_t retired)
{
	struct icount_frame *top = &c->stack[c->depth];
	struct icount_func *f = func_at(c, top->func);
	if (f) {
		f->self += top->self;
		if (--f->active == 0)
			f->incl += retired - top->entered;
	}
	c->depth--;
}

int icount_init(struct icount *c, uint64_t entry, icount_resolve_fn resolve, void *resolve_ctx)
{
	memset(c, 0, sizeof(*c));
	c->resolve = resolve;
	c->resolve_ctx = resolve_ctx;
	c->cap = ICOUNT_INITIAL_DEPTH;
	c->stack = malloc(c->cap * sizeof(*c->stack));
	if (!c->stack || pairtab_init(&c->funcs, sizeof(struct icount_func), ICOUNT_INITIAL_FUNCS) ||
	    pairtab_init(&c->targets, sizeof(struct icount_target), ICOUNT_INITIAL_FUNCS)) {
		icount_free(c);
		return -ENOMEM;
	}
	c->stack[0] = (struct icount_frame){ .return_addr = UINT64_MAX, .entered = 0,
					     .func = target_func(c, entry) };
	struct icount_func *f = func_at(c, c->stack[0].func);
	if (f)
		f->active = 1;
	return 0;
}

void icount_free(struct icount *c)
{
	for (unsigned i = 0; i < c->nthreads; i++)
		if (i != c->cur)
			free(c->threads[i].frames);
	free(c->threads);
	free(c->stack);
	pairtab_free(&c->funcs);
	pairtab_free(&c->targets);
	memset(c, 0, sizeof(*c));
}

void icount_call(struct icount *c, uint64_t return_addr, uint64_t target, uint64_t retired)
{
	retired -= c->skew;	/* the running thread's own clock */
	charge(c, retired);
	uint32_t i = target_func(c, target);
	struct icount_func *f = func_at(c, i);
	if (f)
		f->calls++;
	if (c->depth == ICOUNT_MAX_DEPTH || !stack_room(c)) {
		c->lost++;
		return;
	}
	push(c, i, return_addr, retired);
}

void icount_return(struct icount *c, uint64_t target, uint64_t retired)
{
	retired -= c->skew;
	charge(c, retired);
	if (c->lost) {
		c->lost--;
		return;
	}
	for (uint32_t d = c->depth; d > 0; d--) {
		if (c->stack[d].return_addr == target) {
			while (c->depth >= d)
				pop(c, retired);
			return;
		}
	}
}

/* The running thread's frames above the root count as active, or stop counting (its
 * recursion is its own: another thread's frames of a function are not an outer call). */
static void set_active(struct icount *c, bool on)
{
	for (uint32_t d = 1; d <= c->depth; d++) {
		struct icount_func *f = func_at(c, c->stack[d].func);
		if (f)
			f->active = on ? f->active + 1 : f->active - 1;
	}
}

static bool reserve_threads(struct icount *c, unsigned i)
{
	if (i < c->nthreads)
		return true;
	unsigned n = i + 16;
	struct icount_stack *v = realloc(c->threads, n * sizeof(*v));
	if (!v)
		return false;
	for (unsigned k = c->nthreads; k < n; k++)
		v[k] = (struct icount_stack){ 0 };
	c->threads = v;
	c->nthreads = n;
	return true;
}

/* Puts the running thread's stack aside at `retired` and takes up thread `to`'s. */
static void use_stack(struct icount *c, unsigned to, uint64_t retired)
{
	struct icount_stack *in = &c->threads[to];
	set_active(c, false);
	c->threads[c->cur] = (struct icount_stack){ c->stack, c->depth, c->cap, c->lost, c->skew,
						    retired };
	c->stack = in->frames;
	c->depth = in->depth;
	c->cap = in->cap;
	c->lost = in->lost;
	c->skew = in->skew + (retired - in->left_at);
	c->mark = retired - c->skew;
	c->cur = to;
	set_active(c, true);
}

int icount_switch_thread(struct icount *c, unsigned to, uint64_t retired)
{
	if (to == c->cur)
		return 0;
	if (!reserve_threads(c, to > c->cur ? to : c->cur))
		return -ENOMEM;
	struct icount_stack *in = &c->threads[to];
	if (!in->frames) {
		/* A new thread: the root alone, its own clock starting now. */
		in->frames = malloc(ICOUNT_INITIAL_DEPTH * sizeof(*in->frames));
		if (!in->frames)
			return -ENOMEM;
		in->frames[0] = c->stack[0];
		in->frames[0].self = 0;
		*in = (struct icount_stack){ in->frames, 0, ICOUNT_INITIAL_DEPTH, 0, retired, retired };
	}
	charge(c, retired - c->skew);
	use_stack(c, to, retired);
	return 0;
}

static void close_frames(struct icount *c, uint64_t own)
{
	while (c->depth > 0)
		pop(c, own);
}

void icount_finish(struct icount *c, uint64_t retired)
{
	charge(c, retired - c->skew);
	close_frames(c, retired - c->skew);
	flush_self(c, &c->stack[0]);
	/* Threads still alive at the end: their frames close at their own last instruction. */
	for (unsigned i = 0; i < c->nthreads; i++) {
		if (i == c->cur || !c->threads[i].frames)
			continue;
		uint64_t left = c->threads[i].left_at;
		use_stack(c, i, left);
		close_frames(c, left - c->skew);
		flush_self(c, &c->stack[0]);
	}
	struct icount_func *root = func_at(c, c->stack[0].func);
	if (root && root->active) {
		root->active = 0;
		root->incl += retired;
	}
	c->total = retired;
}
