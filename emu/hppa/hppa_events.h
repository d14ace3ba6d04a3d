/* The hppa back end's events: calls and returns reported after their branch's delay slot
 * (pend, raised by hppa_raise_pending), the kernel's gateway page, and the bounds of a run. */
#ifndef PROFEMU_HPPA_EVENTS_H
#define PROFEMU_HPPA_EVENTS_H

#include "hppa_state.h"

/* The kernel's gateway page at iaoq_f (a system call, the thread pointer, light-weight
 * syscalls). Returns true to go on running, else *stop says why not. */
bool hppa_gateway(struct hppa_cpu *c, struct cpu_fault *f, enum cpu_stop *stop);

/* Raises the pending call or return (pend_kind) and the held call made due before it. */
void hppa_raise_pending(struct hppa_cpu *c);

/* The clock's max_insns or quantum_end is reached: CPU_STOP_INSN_LIMIT, CPU_STOP_REQUESTED at
 * the slice's end, or -1 when a tick due at the same count must be raised first. */
int hppa_bound_reached(struct hppa_cpu *c);

/* A call or return is reported when the queue reaches its target, after the delay slot (which
 * belongs to the caller's side) has retired or been nullified: run() raises it from its slow
 * path, as the x86 back end does at the target block. */
static inline bool pend(struct hppa_cpu *c, int kind, uint32_t site, uint32_t ret, uint32_t target)
{
	if (kind == 1 ? !c->ev.call : !c->ev.ret)
		return false;
	c->pend_kind = kind;
	c->pend_site = site;
	c->pend_ret = ret;
	c->pend_target = target;
	return true;
}

/* A call's branch; one through r31 is held (struct hppa_cpu: held). Returns whether an event
 * is now pending. */
static inline bool pend_call(struct hppa_cpu *c, unsigned link, uint32_t site, uint32_t ret,
		      uint32_t target)
{
	if (link != 31)
		return pend(c, 1, site, ret, target);
	if (c->ev.call) {
		c->held = true;
		c->held_site = site;
		c->held_ret = ret;
		c->held_target = target;
	}
	return false;
}

/* A branch in a held call's callee: the call is reported as made, before this branch's own
 * event if it has one. Returns whether an event is now pending. */
static inline bool release_held_call(struct hppa_cpu *c)
{
	if (!c->held)
		return false;
	c->held = false;
	c->held_due = true;
	c->due_site = c->held_site;
	c->due_ret = c->held_ret;
	c->due_target = c->held_target;
	if (!c->pend_kind)
		c->pend_kind = 3;
	return true;
}

/* A BV: $$dyncall's jump on (through neither rp nor r31, a held call's first branch), a
 * return (through rp or r31), or neither. */
static inline bool pend_bv(struct hppa_cpu *c, const struct hppa_insn *in, uint32_t site,
		    uint32_t target)
{
	if (c->held && in->r1 == 0 && in->r2 != 2 && in->r2 != 31) {
		c->held = false;
		return pend(c, 1, c->held_site, c->held_ret, target);
	}
	bool event = release_held_call(c);
	if (in->r1 == 0 && (in->r2 == 2 || in->r2 == 31))
		event |= pend(c, 2, site, 0, target);
	return event;
}

#endif
