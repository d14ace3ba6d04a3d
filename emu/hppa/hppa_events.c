/* The hppa back end's events out of the run loop: the gateway page, pending call and return
 * reports, and the stops at --max-insns and the end of a time slice. */
#include "hppa_dcache.h"
#include "hppa_events.h"
#include "hppa_mem.h"

enum {
	B_L_DOT8_R1 = 0xe8200000u,	/* b,l .+8,%r1: the pc into r1 */
	LDIL_MAJOR = 0x08,
	R1 = 1,
};

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

/* The decoded page holding addr, when it is one that is not writable: what will run there (a
 * change to it drops it: hppa_op_mem_changed). NULL otherwise (a page not decoded yet or
 * decoded before the memory map last changed, or a writable one, whose words are checked
 * against memory only as they run). */
static inline const struct hppa_code_page *decoded_page(const struct hppa_cpu *c, uint32_t addr)
{
	const struct hppa_code_page *p = hppa_cached_page(c, addr);
	return p && !p->writable ? p : NULL;
}

/* The word at an aligned addr, false if it cannot be read: the decoded page's, else read
 * through the read TLB. */
static inline bool stub_word(struct hppa_cpu *c, uint32_t addr, uint32_t *w)
{
	const struct hppa_code_page *p = decoded_page(c, addr);
	if (p) {
		*w = p->raw[(addr & PAGE_MASK) >> 2];
		return true;
	}
	const uint8_t *h = data_host_aligned(c, c->rtlb, addr, GM_PROT_READ, 3);
	if (h)
		*w = bo_get32(h, BO_BIG);
	return h != NULL;
}

/* The instruction at addr, whose word is w, as hppa_decode gives it: the decoded page's when
 * there is one, as hppa_specialise leaves the three ops a stub is made of (ldil, addil, be)
 * as they were, bar a target r0 made the sink, which no stub has; a breakpoint's marker is
 * decoded again. */
static void stub_insn(const struct hppa_cpu *c, uint32_t addr, uint32_t w, struct hppa_insn *in)
{
	const struct hppa_code_page *p = decoded_page(c, addr);
	const struct hppa_insn *d = p ? &p->insn[(addr & PAGE_MASK) >> 2] : NULL;
	if (d && d->op != HOP_BKPT)
		*in = *d;
	else
		hppa_decode(w, in);
}

/* Where a call's target goes on to when it is a linker's long-branch stub, which stands
 * between a B,L and a function beyond its reach: "b,l .+8,%r1; addil L%X,%r1; be,n
 * R%X(%sr4,%r1)" in a shared object (pc-relative), "ldil L%X,%r1; be R%X(%sr4,%r1)" in a
 * program. Its BE links nothing, so no event names the function: the call is reported as one
 * of the function itself (the stub's instructions run on the function's side), as gprof's
 * and valgrind's arcs name it. Any other target is returned as it is. Out of the run loop,
 * once per reported call: the first word, from the decoded page the call runs into when
 * there is one, tells most calls apart (measured: hppa_raise_pending's host instructions 30 %
 * fewer than with two words read through the TLB and decoded). */
static uint32_t call_destination(struct hppa_cpu *c, uint32_t target)
{
	uint32_t w0, w1, w2;
	struct hppa_insn a, b;
	if ((target & 3) || !stub_word(c, target, &w0) ||
	    (w0 != B_L_DOT8_R1 && w0 >> 26 != LDIL_MAJOR) || !stub_word(c, target + 4, &w1))
		return target;
	if (w0 == B_L_DOT8_R1) {
		if (!stub_word(c, target + 8, &w2))
			return target;
		stub_insn(c, target + 4, w1, &a);
		stub_insn(c, target + 8, w2, &b);
		if (a.op == HOP_ADDIL && a.r2 == R1 && b.op == HOP_BE && b.r2 == R1)
			return ((((target + 8) | PRIV_USER) + (uint32_t)a.imm) + (uint32_t)b.imm) & ~3u;
	} else {
		stub_insn(c, target, w0, &a);
		stub_insn(c, target + 4, w1, &b);
		if (a.t == R1 && b.op == HOP_BE && b.r2 == R1)
			return ((uint32_t)a.imm + (uint32_t)b.imm) & ~3u;
	}
	return target;
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
		c->ev.call(c->ev.ctx, c->pend_site, c->pend_ret, call_destination(c, c->pend_target),
			   c->clock.retired);
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
