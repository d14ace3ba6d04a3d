/* Thread contexts for the hppa back end (cpu_context_new/save/restore, emu/cpu.h): a copy of
 * one thread's architectural state, so one CPU runs every thread of a process in turn.
 *
 * A context is the registers a user program can see (general, floating-point with the status
 * word in fr0, space registers, SAR, cr26/cr27 and the PSW bits kept: N, V, the carries) and
 * both instruction queues, plus the call/return report still pending for the thread's flow
 * (a branch retired, its delay slot not yet), kept as a distance in retired instructions so
 * it fires at the same point of that thread when it runs again. The decode cache, the data
 * translations and the clock stay with the CPU: every thread shares them. Under 500 bytes, a
 * plain copy each way; save and restore are called between runs, where run() recomputes its
 * limit on entry. */
#include <stdlib.h>
#include <string.h>

#include "hppa_context.h"
#include "hppa_state.h"

/* The scalar fields a context copies, the same name in struct hppa_cpu and hppa_context; the
 * arrays and the pending report's clock are copied by hand. */
#define HPPA_CONTEXT_SCALARS(X) \
	X(iaoq_f) X(iaoq_b) X(sar) X(cr26) X(cr27) X(psw_cb) X(psw_v) X(psw_n) \
	X(pend_kind) X(pend_site) X(pend_ret) X(pend_target) \
	X(held) X(held_due) X(held_site) X(held_ret) X(held_target) \
	X(due_site) X(due_ret) X(due_target)

struct hppa_context {
	uint32_t gr[32];
	uint64_t fr[32];
	uint32_t sr[8];
	uint32_t iaoq_f, iaoq_b, sar, cr26, cr27, psw_cb, psw_v;
	bool psw_n;
	int pend_kind;
	uint32_t pend_site, pend_ret, pend_target;
	uint64_t pend_after;	/* event_at - retired when saved */
	bool held, held_due;	/* a call through r31 held until its callee's first branch */
	uint32_t held_site, held_ret, held_target;
	uint32_t due_site, due_ret, due_target;
};

struct cpu_context *hppa_op_context_new(struct cpu *cpu)
{
	(void)cpu;
	return calloc(1, sizeof(struct hppa_context));
}

void hppa_op_context_free(struct cpu *cpu, struct cpu_context *ctx)
{
	(void)cpu;
	free(ctx);
}

int hppa_op_context_save(struct cpu *cpu, struct cpu_context *ctx)
{
	const struct hppa_cpu *c = hppa_cpu_of(cpu);
	struct hppa_context *x = (struct hppa_context *)ctx;
	memcpy(x->gr, c->gr, sizeof x->gr);
	memcpy(x->fr, c->fr, sizeof x->fr);
	memcpy(x->sr, c->sr, sizeof x->sr);
#define SAVE(f) x->f = c->f;
	HPPA_CONTEXT_SCALARS(SAVE)
#undef SAVE
	x->pend_after = c->pend_kind && c->clock.event_at > c->clock.retired ?
		c->clock.event_at - c->clock.retired : 0;
	return 0;
}

int hppa_op_context_restore(struct cpu *cpu, const struct cpu_context *ctx)
{
	struct hppa_cpu *c = hppa_cpu_of(cpu);
	const struct hppa_context *x = (const struct hppa_context *)ctx;
	memcpy(c->gr, x->gr, sizeof x->gr);
	c->gr[0] = 0;
	memcpy(c->fr, x->fr, sizeof c->fr);
	memcpy(c->sr, x->sr, sizeof c->sr);
#define RESTORE(f) c->f = x->f;
	HPPA_CONTEXT_SCALARS(RESTORE)
#undef RESTORE
	c->clock.event_at = x->pend_kind ? c->clock.retired + x->pend_after : CLOCK_NEVER;
	return 0;
}
