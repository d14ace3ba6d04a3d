/* Per-function instruction counts from call and return events (see icount.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "output/icount.h"

#define ICOUNT_INITIAL_FUNCS 1024

static uint32_t func_index(struct icount *c, uint64_t start)
{
	uint32_t i;
	if (!pairtab_get(&c->funcs, start, 0, &i)) {
		c->dropped++;
		return UINT32_MAX;
	}
	return i;
}

/* The function of a call target: looked up once per target, then from the table. */
static uint32_t target_func(struct icount *c, uint64_t target)
{
	const struct icount_target *t = pairtab_find(&c->targets, target, 0);
	if (t)
		return t->func;
	uint32_t f = func_index(c, c->resolve ? c->resolve(c->resolve_ctx, target) : target);
	uint32_t i;
	struct icount_target *nt = pairtab_get(&c->targets, target, 0, &i);
	if (nt)
		nt->func = f;
	return f;
}

static struct icount_func *func_at(struct icount *c, uint32_t i)
{
	return i == UINT32_MAX ? NULL : pairtab_at(&c->funcs, i);
}

/* The instructions since the last event belong to the function on top. */
static void charge(struct icount *c, uint64_t retired)
{
	struct icount_func *f = func_at(c, c->stack[c->depth].func);
	if (f)
		f->self += retired - c->mark;
	c->mark = retired;
}

static void push(struct icount *c, uint32_t func, uint64_t return_addr, uint64_t retired)
{
	struct icount_frame *top = &c->stack[++c->depth];
	top->return_addr = return_addr;
	top->entered = retired;
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
	if (f && --f->active == 0)
		f->incl += retired - top->entered;
	c->depth--;
}

int icount_init(struct icount *c, uint64_t entry, icount_resolve_fn resolve, void *resolve_ctx)
{
	memset(c, 0, sizeof(*c));
	c->resolve = resolve;
	c->resolve_ctx = resolve_ctx;
	c->stack = malloc((ICOUNT_MAX_DEPTH + 1) * sizeof(*c->stack));
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
	free(c->stack);
	pairtab_free(&c->funcs);
	pairtab_free(&c->targets);
	memset(c, 0, sizeof(*c));
}

void icount_call(struct icount *c, uint64_t return_addr, uint64_t target, uint64_t retired)
{
	charge(c, retired);
	uint32_t i = target_func(c, target);
	struct icount_func *f = func_at(c, i);
	if (f)
		f->calls++;
	if (c->depth == ICOUNT_MAX_DEPTH) {
		c->lost++;
		return;
	}
	push(c, i, return_addr, retired);
}

void icount_return(struct icount *c, uint64_t target, uint64_t retired)
{
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

void icount_finish(struct icount *c, uint64_t retired)
{
	charge(c, retired);
	while (c->depth > 0)
		pop(c, retired);
	struct icount_func *root = func_at(c, c->stack[0].func);
	if (root && root->active) {
		root->active = 0;
		root->incl += retired;
	}
	c->total = retired;
}
