/* The hppa back end's events out of the run loop: the gateway page, pending call and return
 * reports, and the stops at --max-insns and the end of a time slice. */
#include "hppa_events.h"
#include "hppa_mem.h"

/* The kernel's gateway page. Returns true to go on running. */
bool hppa_gateway(struct hppa_cpu *c, struct cpu_fault *f, enum cpu_stop *stop)
{
	uint32_t pc = c->iaoq_f;
	if ((pc != 0x100 && pc != 0xb0 && pc != 0xe0) || c->iaoq_b != pc + 4) {
		if (pc == 0x100 || pc == 0xb0 || pc == 0xe0)
			*stop = hppa_fault(c, f, CPU_FAULT_ILL, "gateway entered from a delay slot", pc);
		else
			*stop = hppa_mem_fault(c, f, pc, GM_PROT_EXEC);
		return false;
	}
	c->iaoq_f = c->gr[31] & ~3u;
	c->iaoq_b = c->iaoq_f + 4;
	if (c->iaoq_f < 4096) {
		/* a return into the gateway page itself would run no instruction forever */
		*stop = hppa_mem_fault(c, f, c->iaoq_f, GM_PROT_EXEC);
		c->iaoq_f = pc;
		c->iaoq_b = pc + 4;
		return false;
	}
	if (pc == 0xe0)
		c->cr27 = c->gr[26];
	else if (pc == 0x100 && c->ev.syscall)
		c->ev.syscall(c->ev.ctx);
	else if (pc == 0xb0 && c->ev.interrupt)
		c->ev.interrupt(c->ev.ctx, 0xb0);
	return true;
}

void hppa_raise_pending(struct hppa_cpu *c)
{
	int kind = c->pend_kind;
	c->pend_kind = 0;
	c->clock.event_at = CLOCK_NEVER;
	clock_update(&c->clock);
	if (c->held_due) {
		c->held_due = false;
		c->ev.call(c->ev.ctx, c->due_site, c->due_ret, c->due_target, c->clock.retired);
	}
	if (kind == 1)
		c->ev.call(c->ev.ctx, c->pend_site, c->pend_ret, c->pend_target, c->clock.retired);
	else if (kind == 2)
		c->ev.ret(c->ev.ctx, c->pend_target, c->clock.retired);
}

/* stop_at is reached (the count written back): --max-insns' CPU_STOP_INSN_LIMIT, or the end
 * of the time slice (cpu_set_quantum), CPU_STOP_REQUESTED -- unless a tick is due at the same
 * count, which is raised first (-1) so that it samples this thread's pc, not the next one's.
 * Out of line and sharing --max-insns' test, the loop's code is what it was without slices
 * (measured: a separate inlined check made a plain loop 4% slower). */
int hppa_bound_reached(struct hppa_cpu *c)
{
	if (c->clock.retired >= c->clock.max_insns)
		return CPU_STOP_INSN_LIMIT;
	if (clock_tick_due(&c->clock))
		return -1;
	clock_end_slice(&c->clock);
	return CPU_STOP_REQUESTED;
}
