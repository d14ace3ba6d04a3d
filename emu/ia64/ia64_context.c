/* Thread contexts for the IA-64 back end (cpu_context_new/save/restore, emu/cpu.h): a copy of
 * one thread's architectural user state, so one CPU runs every thread of a process in turn.
 *
 * A context is what a user program can see: ip and slot (psr.ri), the static registers r0-r31
 * with their NaT bits, the predicates, b0-b7, every application register (ar.rsc, bspstore,
 * rnat, ccv, unat, fpsr, pfs, lc, ec, ...), f0-f127, the frame marker (sof, sol, sor and the
 * three rotating bases) and the register stack itself. The back end keeps the stacked
 * registers of every frame in one host array (ia64_cpu_internal.h): the dirty partition the
 * RSE has not written to the backing store yet, which on real hardware the kernel keeps per
 * thread in its own register backing store. Each thread has its own backing store in guest
 * memory (rbs_base: the process's for the first thread, the bottom of clone2's stack area for
 * the others, as arch/ia64/kernel/process.c's copy_thread sets ar.bspstore), so ar.bsp and
 * flushrs stay per thread; a context carries its thread's dirty partition (bof + sof
 * registers and their NaT bits) in an array of its own, grown when a deeper call chain needs
 * it. The clock, the decode cache, the data translations and the per-address counts stay with
 * the CPU: every thread shares them. A switch copies under 4 KiB plus 9 bytes per stacked
 * register of the thread (a few hundred in a typical call chain). */
#include <stdlib.h>
#include <string.h>

#include "ia64_cpu_internal.h"

/* The fields a context copies, the same name and type in struct ia64_cpu and ia64_context;
 * the stacked registers are copied by hand. */
#define IA64_CONTEXT_SCALARS(X) \
	X(ip) X(slot) X(pr) X(bof) X(sof) X(sol) X(sor) X(rrb_gr) X(rrb_fr) X(rrb_pr) X(rbs_base) \
	X(win_base) X(rnat)
#define IA64_CONTEXT_ARRAYS(X) X(gr) X(nat) X(br) X(ar) X(fr)

struct ia64_context {
	uint64_t ip;
	unsigned slot;
	uint64_t gr[32];
	bool nat[32];
	uint64_t pr;
	uint64_t br[8];
	uint64_t ar[128];
	struct ia64_fr fr[128];
	unsigned bof, sof, sol, sor, rrb_gr, rrb_fr, rrb_pr;
	uint64_t rbs_base, win_base, rnat;
	/* stacked[0 .. bof + sof): the thread's frames, oldest first (the CPU's layout) */
	uint64_t *stacked;
	bool *stacked_nat;
	size_t cap;
};

static struct ia64_cpu *I(struct cpu *c)
{
	return (struct ia64_cpu *)c;
}

struct cpu_context *ia64_op_context_new(struct cpu *cpu)
{
	(void)cpu;
	return calloc(1, sizeof(struct ia64_context));
}

void ia64_op_context_free(struct cpu *cpu, struct cpu_context *ctx)
{
	(void)cpu;
	struct ia64_context *x = (struct ia64_context *)ctx;
	if (x) {
		free(x->stacked);
		free(x->stacked_nat);
	}
	free(x);
}

/* Room for n stacked registers; false when out of memory (the context is unchanged). */
static bool reserve(struct ia64_context *x, size_t n)
{
	if (n <= x->cap)
		return true;
	size_t cap = (n + 255) & ~(size_t)255;
	uint64_t *v = realloc(x->stacked, cap * sizeof *v);
	if (!v)
		return false;
	x->stacked = v;
	bool *nat = realloc(x->stacked_nat, cap * sizeof *nat);
	if (!nat)
		return false;
	x->stacked_nat = nat;
	x->cap = cap;
	return true;
}

int ia64_op_context_save(struct cpu *cpu, struct cpu_context *ctx)
{
	const struct ia64_cpu *c = I(cpu);
	struct ia64_context *x = (struct ia64_context *)ctx;
	size_t n = (size_t)c->bof + c->sof;
	if (!reserve(x, n))
		return -12;	/* ENOMEM */
	memcpy(x->stacked, c->stacked, n * sizeof *x->stacked);
	memcpy(x->stacked_nat, c->stacked_nat, n * sizeof *x->stacked_nat);
#define SAVE(f) x->f = c->f;
#define SAVE_ARRAY(f) memcpy(x->f, c->f, sizeof x->f);
	IA64_CONTEXT_SCALARS(SAVE)
	IA64_CONTEXT_ARRAYS(SAVE_ARRAY)
#undef SAVE
#undef SAVE_ARRAY
	return 0;
}

int ia64_op_context_restore(struct cpu *cpu, const struct cpu_context *ctx)
{
	struct ia64_cpu *c = I(cpu);
	const struct ia64_context *x = (const struct ia64_context *)ctx;
	size_t n = (size_t)x->bof + x->sof;
	if (n > IA64_STACKED_MAX || n > x->cap)
		return -22;	/* EINVAL: never saved, or not by this back end */
	if (n) {
		memcpy(c->stacked, x->stacked, n * sizeof *c->stacked);
		memcpy(c->stacked_nat, x->stacked_nat, n * sizeof *c->stacked_nat);
	}
#define RESTORE(f) c->f = x->f;
#define RESTORE_ARRAY(f) memcpy(c->f, x->f, sizeof c->f);
	IA64_CONTEXT_SCALARS(RESTORE)
	IA64_CONTEXT_ARRAYS(RESTORE_ARRAY)
#undef RESTORE
#undef RESTORE_ARRAY
	c->gr[0] = 0;		/* r0 and p0 read as constants whatever a context held */
	c->nat[0] = false;
	c->pr |= 1;
	return 0;
}
