/* The IA-64 interpreter behind emu/cpu.h (ia64_cpu_ops): state, the run loop over decoded
 * bundles, the clock, and the register access the OS layer uses.
 *
 * Counting: every slot that is reached retires one instruction, whether its predicate is
 * true or false and nops included; an MLX bundle's movl (L+X) is one instruction; the slots
 * after a taken branch in its bundle do not run and do not count. The clock's pc is the
 * bundle address of the next instruction. Bundles are decoded once into a direct-mapped
 * cache keyed by address, emptied when the memory map changes. Whole bundles run on the fast
 * path (ia64_uops.c) while no event is due; the loop here runs one slot at a time otherwise
 * (ticks, limits, time slices, breakpoints, per-address counts, a bundle resumed mid-way). */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ia64_cpu_internal.h"
#include "ia64_disasm.h"

static struct ia64_cpu *ia64_cpu_of(struct cpu *cpu)
{
	return (struct ia64_cpu *)cpu;
}

/* What was decoded of pages that were executable and were unmapped, mapped over or given
 * another protection, or that profemu wrote into (a read() into code, a signal frame), is
 * dropped: Ski, which has no instruction cache, would run the new bytes. Other changes (the
 * heap growing, data mapped, windows moving on the host) leave decoded bundles as they are:
 * they hold no host addresses. */
static int ia64_op_mem_changed(struct cpu *cpu, const struct gm_change *ch)
{
	if (((ch->what == GM_PAGES_CHANGED && ch->had_exec) || ch->what == GM_CODE_WRITTEN) &&
	    ch->end > ch->start)
		ia64_code_flushed(ia64_cpu_of(cpu), ch->start, ch->end - ch->start);
	return 0;
}

/* A CPU that does not hear the memory map's changes (made by its create op alone, as the
 * fuzzer does) empties the cache whenever the map changed since it was filled. */
static void cache_sync(struct ia64_cpu *c)
{
	if (c->base.mem != c->mem && c->mem->generation != c->last_generation) {
		ia64_code_cache_clear(c);
		c->last_generation = c->mem->generation;
	}
}

/* The thread's time slice (cpu_set_quantum) ends before the next instruction: true, and the
 * run stops there. Out of line, behind the loop's one clock.limit test. */
static bool slice_ended(struct ia64_cpu *c)
{
	if (c->clock.retired < c->clock.quantum_end)
		return false;
	clock_end_slice(&c->clock);
	return true;
}

static struct cpu *ia64_op_create(const struct cpu_config *cfg, char *err, size_t errlen)
{
	struct ia64_cpu *c = calloc(1, sizeof *c);
	if (c) {
		c->cache = calloc(IA64_CACHE_SIZE, sizeof *c->cache);	/* empty */
		c->stacked = calloc(IA64_STACKED_MAX, sizeof *c->stacked);
		c->stacked_nat = calloc(IA64_STACKED_MAX, sizeof *c->stacked_nat);
	}
	if (!c || !c->cache || !c->stacked || !c->stacked_nat) {
		if (c) {
			free(c->cache);
			free(c->stacked);
			free(c->stacked_nat);
		}
		free(c);
		snprintf(err, errlen, "IA-64 CPU: out of memory");
		return NULL;
	}
	c->base.arch = cfg->arch;
	c->mem = cfg->mem;
	c->ev = cfg->events;
	clock_init(&c->clock, cfg->first_tick, cfg->max_insns, cfg->events.tick, cfg->events.ctx);
	c->pr = 1;
	c->ar[IA64_AR_FPSR] = 0x0009804c0270033fULL;	/* Linux's initial FPSR */
	c->last_generation = c->mem->generation;
	for (unsigned w = 0; w < IA64_TLB_WAYS; w++)
		c->rd_tlb[w].start = c->wr_tlb[w].start = 1;	/* empty: start > end */
	c->code_lo = UINT64_MAX;	/* no code decoded: the cache is empty */
	return &c->base;
}

static void ia64_op_destroy(struct cpu *cpu)
{
	struct ia64_cpu *c = ia64_cpu_of(cpu);
	free(c->breakpoints);
	free(c->counts);
	free(c->cache);
	free(c->stacked);
	free(c->stacked_nat);
	free(c);
}

/* Per-address execution counts (cpu_count_insns): an open-addressing table of bundles, each
 * with a counter per slot, grown at half full. The run loop looks a bundle up once per visit
 * and bumps its slots' counters as they retire. */
static bool counts_grow(struct ia64_cpu *c)
{
	size_t cap = c->count_cap ? 2 * c->count_cap : 4096;
	struct ia64_bundle_counts *t = calloc(cap, sizeof *t);
	if (!t)
		return false;
	for (size_t i = 0; i < c->count_cap; i++) {
		const struct ia64_bundle_counts *o = &c->counts[i];
		if (!o->used)
			continue;
		size_t k = (o->bundle >> 4) & (cap - 1);
		while (t[k].used)
			k = (k + 1) & (cap - 1);
		t[k] = *o;
	}
	free(c->counts);
	c->counts = t;
	c->count_cap = cap;
	return true;
}

static uint64_t *count_entry(struct ia64_cpu *c, uint64_t bundle)
{
	size_t k = (bundle >> 4) & (c->count_cap - 1);
	while (c->counts[k].used) {
		if (c->counts[k].bundle == bundle)
			return c->counts[k].count;
		k = (k + 1) & (c->count_cap - 1);
	}
	if (2 * (c->count_used + 1) > c->count_cap) {
		if (!counts_grow(c))
			return c->counts[k].count;	/* out of memory: counted, at worst, here */
		return count_entry(c, bundle);
	}
	c->counts[k].used = true;
	c->counts[k].bundle = bundle;
	c->count_used++;
	return c->counts[k].count;
}

static int ia64_op_count_insns(struct cpu *cpu)
{
	struct ia64_cpu *c = ia64_cpu_of(cpu);
	if (!c->counts && !counts_grow(c))
		return -ENOMEM;
	return 0;
}

static int ia64_op_insn_counts(struct cpu *cpu, void (*fn)(void *ctx, uint64_t addr, uint64_t count),
			    void *ctx)
{
	struct ia64_cpu *c = ia64_cpu_of(cpu);
	for (size_t i = 0; i < c->count_cap; i++)
		for (unsigned s = 0; s < 3; s++)
			if (c->counts[i].used && c->counts[i].count[s])
				fn(ctx, c->counts[i].bundle | s, c->counts[i].count[s]);
	return 0;
}

static bool is_breakpoint(const struct ia64_cpu *c, uint64_t addr)
{
	for (size_t i = 0; i < c->breakpoint_count; i++)
		if (c->breakpoints[i] == addr)
			return true;
	return false;
}

/* The decoded bundle at addr, or NULL if it cannot be fetched. */
static const struct ia64_cached_bundle *fetch(struct ia64_cpu *c, uint64_t addr)
{
	cache_sync(c);
	struct ia64_cached_bundle *e = &c->cache[(addr >> 4) & (IA64_CACHE_SIZE - 1)];
	if (e->tag != ~addr) {
		const uint8_t *bytes = gm_host(c->mem, addr, 16, GM_PROT_EXEC);
		if (!bytes)
			return NULL;
		ia64_decode_bundle(&e->b, bytes);
		e->tag = ~addr;
		c->cache_used = true;
		const struct gm_region *r = gm_region_at(c->mem, addr);
		if (r && (r->prot & GM_PROT_WRITE)) {	/* code the program may rewrite */
			if (addr < c->code_lo)
				c->code_lo = addr;
			if (addr + 16 > c->code_hi)
				c->code_hi = addr + 16;
		}
		e->has_breakpoint = false;
		for (unsigned s = 0; s < 3; s++)
			e->has_breakpoint |= is_breakpoint(c, addr | s);
		if (e->b.slot[1].unit == IA64_UNIT_L)	/* L+X is slot 1 */
			e->has_breakpoint |= is_breakpoint(c, addr | 1);
		e->fast_tag = !e->b.reserved && !e->has_breakpoint ? ~addr : 0;
		ia64_uops_build(e, addr);
	}
	return e;
}

/* Raises the ticks due before the next instruction (at bundle `pc`). */
static void raise_ticks(struct ia64_cpu *c, uint64_t pc)
{
	while (clock_tick_due(&c->clock))
		clock_tick(&c->clock, pc, c->clock.retired);
}

static enum cpu_stop ia64_op_run(struct cpu *cpu, struct cpu_fault *fault)
{
	struct ia64_cpu *c = ia64_cpu_of(cpu);
	c->stop_requested = false;
	for (;;) {
		enum cpu_stop stop;
		cache_sync(c);
		if (c->slot == 0 && ia64_run_fast(c, fault, &stop))
			return stop;
		/* one bundle the slow way */
		uint64_t bundle = c->ip;
		const struct ia64_cached_bundle *e = fetch(c, bundle);
		const struct ia64_bundle *b = e ? &e->b : NULL;
		if (!b) {
			const struct gm_region *r = gm_region_at(c->mem, bundle);
			fault->kind = r ? CPU_FAULT_SEGV_ACCERR : CPU_FAULT_SEGV_MAPERR;
			fault->pc = bundle | c->slot;
			fault->addr = bundle;
			fault->has_addr = true;
			fault->detail[0] = 0;
			return CPU_STOP_FAULT;
		}
		if (b->reserved) {
			fault->kind = CPU_FAULT_ILL;
			fault->pc = bundle;
			fault->has_addr = false;
			snprintf(fault->detail, sizeof fault->detail, "reserved IA-64 template 0x%02x",
				 b->template_code);
			return CPU_STOP_FAULT;
		}
		/* Slots run from c->slot; exec sees c->slot for fault pcs. A taken branch has
		 * moved c->ip and c->slot itself. */
		uint64_t *counts = c->counts ? count_entry(c, bundle) : NULL;
		unsigned s = c->slot;
		for (; s < 3; s++) {
			const struct ia64_insn *in = &b->slot[s];
			if (in->unit == IA64_UNIT_L)	/* the X slot's first half */
				continue;
			/* The slot number the architecture gives it (psr.ri): an MLX bundle's L+X
			 * instruction is slot 1. */
			unsigned ri = in->unit == IA64_UNIT_X ? 1 : s;
			if (c->clock.retired >= c->clock.limit) {
				c->slot = ri;
				if (clock_tick_due(&c->clock)) {
					c->stop_at_tick = false;
					raise_ticks(c, bundle);
					if (c->stop_at_tick || c->stop_requested)
						return CPU_STOP_REQUESTED;
				}
				if (c->clock.retired >= c->clock.max_insns)
					return CPU_STOP_INSN_LIMIT;
				if (slice_ended(c))
					return CPU_STOP_REQUESTED;
			}
			c->slot = ri;
			if (e->has_breakpoint && c->ev.breakpoint && is_breakpoint(c, bundle | ri)) {
				c->ev.breakpoint(c->ev.ctx, bundle | ri);
				if (c->stop_requested)
					return CPU_STOP_REQUESTED;
				if (c->ip != bundle || c->slot != ri)
					break;	/* moved: this instruction does not run */
			}
			enum ia64_outcome o = ia64_exec(c, in, bundle, fault);
			if (o == IA64_FAULT)
				return CPU_STOP_FAULT;
			c->clock.retired++;
			if (counts)
				counts[ri]++;
			if (o == IA64_NEXT)
				continue;
			if (o == IA64_TAKEN)
				break;
			/* a system call: the pc is past the break when the event runs */
			if (s == 2) {
				c->ip = bundle + 16;
				c->slot = 0;
			} else {
				c->slot = s + 1;
			}
			if (c->ev.syscall)
				c->ev.syscall(c->ev.ctx);
			if (c->stop_requested)
				return CPU_STOP_REQUESTED;
			if (c->ip != bundle || c->slot != s + 1)
				break;		/* the handler moved the pc */
		}
		if (s == 3) {
			c->ip = bundle + 16;
			c->slot = 0;
		}
	}
}

static void ia64_op_request_stop(struct cpu *cpu)
{
	ia64_cpu_of(cpu)->stop_requested = true;
}

static void ia64_op_request_stop_at_tick(struct cpu *cpu)
{
	ia64_cpu_of(cpu)->stop_at_tick = true;
	ia64_cpu_of(cpu)->stop_requested = true;
}

static uint64_t ia64_op_pc(struct cpu *cpu)
{
	return ia64_cpu_of(cpu)->ip | ia64_cpu_of(cpu)->slot;
}

static void ia64_op_set_pc(struct cpu *cpu, uint64_t pc)
{
	ia64_cpu_of(cpu)->ip = pc & ~15ULL;
	ia64_cpu_of(cpu)->slot = (pc & 15) < 3 ? (unsigned)(pc & 15) : 0;
}

/* The caller's output register k (a system call's argument k): r32 + sol + k. */
static unsigned sysarg_reg(const struct ia64_cpu *c, unsigned k)
{
	return 32 + c->sol + k;
}

static uint64_t ia64_op_reg(struct cpu *cpu, int reg)
{
	struct ia64_cpu *c = ia64_cpu_of(cpu);
	if (reg >= IA64_GR0 && reg < IA64_GR0 + 128)
		return ia64_gr(c, (unsigned)reg);
	if (reg >= IA64_BR0 && reg < IA64_BR0 + 8)
		return c->br[reg - IA64_BR0];
	if (reg == IA64_AR(IA64_AR_BSP))
		return ia64_rse_bsp(c);
	if (reg == IA64_AR(IA64_AR_BSPSTORE))
		return ia64_rse_bspstore(c);
	if (reg == IA64_AR(IA64_AR_RNAT))
		return c->rnat;
	if (reg >= IA64_AR0 && reg < IA64_AR0 + 128)
		return c->ar[reg - IA64_AR0];
	if (reg >= IA64_SYSARG0 && reg < IA64_SYSARG0 + 8) {
		unsigned r = sysarg_reg(c, (unsigned)(reg - IA64_SYSARG0));
		/* the arguments beyond the frame are still in the stacked array */
		if (r - 32 < c->sof)
			return ia64_gr(c, r);
		return c->bof + (r - 32) < IA64_STACKED_MAX ? c->stacked[c->bof + (r - 32)] : 0;
	}
	if (reg >= IA64_FR_SIG0 && reg < IA64_FR_SIG0 + 128)
		return c->fr[reg - IA64_FR_SIG0].sig;
	if (reg >= IA64_FR_SE0 && reg < IA64_FR_SE0 + 128) {
		const struct ia64_fr *f = &c->fr[reg - IA64_FR_SE0];
		return (uint64_t)f->sign << 17 | f->exp;
	}
	switch (reg) {
	case IA64_PR: return c->pr | 1;
	case IA64_IP: return ia64_op_pc(cpu);
	case IA64_CFM: return ia64_cfm(c);
	default: return 0;
	}
}

static void ia64_op_set_reg(struct cpu *cpu, int reg, uint64_t value)
{
	struct ia64_cpu *c = ia64_cpu_of(cpu);
	if (reg >= IA64_GR0 && reg < IA64_GR0 + 128)
		ia64_set_gr(c, (unsigned)reg, value);
	else if (reg >= IA64_BR0 && reg < IA64_BR0 + 8)
		c->br[reg - IA64_BR0] = value;
	else if (reg == IA64_AR(IA64_AR_BSP) || reg == IA64_AR(IA64_AR_BSPSTORE)) {
		/* A new backing store (process entry, a clone's): the current frame starts it. */
		ia64_rse_reset(c, value);
	} else if (reg == IA64_AR(IA64_AR_RNAT))
		c->rnat = value;
	else if (reg >= IA64_AR0 && reg < IA64_AR0 + 128)
		c->ar[reg - IA64_AR0] = value;
	else if (reg >= IA64_SYSARG0 && reg < IA64_SYSARG0 + 8)
		ia64_set_gr(c, sysarg_reg(c, (unsigned)(reg - IA64_SYSARG0)), value);
	else if (reg >= IA64_FR_SIG0 + 2 && reg < IA64_FR_SIG0 + 128)	/* f0, f1 are fixed */
		c->fr[reg - IA64_FR_SIG0].sig = value;
	else if (reg >= IA64_FR_SE0 + 2 && reg < IA64_FR_SE0 + 128) {
		c->fr[reg - IA64_FR_SE0].exp = (uint32_t)(value & 0x1ffff);
		c->fr[reg - IA64_FR_SE0].sign = value >> 17 & 1;
	} else if (reg == IA64_PR)
		c->pr = value | 1;
	else if (reg == IA64_IP)
		ia64_op_set_pc(cpu, value);
	else if (reg == IA64_CFM) {
		ia64_set_cfm(c, value);
		if (c->bof + c->sof > IA64_STACKED_MAX)	/* keep the frame inside the array */
			ia64_set_cfm(c, 0);
	}
}

/* The thread pointer is r13 (the TLS ABI's tp). */
static int ia64_op_set_tls(struct cpu *cpu, int which, uint64_t base)
{
	(void)which;
	ia64_set_gr(ia64_cpu_of(cpu), 13, base);
	return 0;
}

static int ia64_op_add_breakpoint(struct cpu *cpu, uint64_t addr)
{
	struct ia64_cpu *c = ia64_cpu_of(cpu);
	if (c->breakpoint_count == c->breakpoint_cap) {
		size_t cap = c->breakpoint_cap ? 2 * c->breakpoint_cap : 8;
		uint64_t *n = realloc(c->breakpoints, cap * sizeof *n);
		if (!n)
			return -1;
		c->breakpoints = n;
		c->breakpoint_cap = cap;
	}
	c->breakpoints[c->breakpoint_count++] = addr;
	ia64_code_cache_clear(c);		/* bundles decoded before learn of it */
	return 0;
}

static uint64_t ia64_op_thread_pointer(struct cpu *cpu)
{
	return ia64_gr(ia64_cpu_of(cpu), 13);
}

static uint64_t ia64_op_retired(struct cpu *cpu)
{
	return ia64_cpu_of(cpu)->clock.retired;
}

static void ia64_op_set_next_tick(struct cpu *cpu, uint64_t interval)
{
	clock_set_next_tick(&ia64_cpu_of(cpu)->clock, interval);
}

static void ia64_op_charge(struct cpu *cpu, uint64_t instructions, uint64_t pc)
{
	clock_charge(&ia64_cpu_of(cpu)->clock, instructions, pc);
}

/* The slice ends before the instruction at retired count retired + n (0: no slice). */
static void ia64_op_set_quantum(struct cpu *cpu, uint64_t n)
{
	clock_set_quantum(&ia64_cpu_of(cpu)->clock, n);
}

static bool ia64_op_quantum_expired(struct cpu *cpu)
{
	return ia64_cpu_of(cpu)->clock.quantum_hit;
}

static void ia64_op_dump_regs(struct cpu *cpu, char *buf, size_t len)
{
	struct ia64_cpu *c = ia64_cpu_of(cpu);
	size_t pos = 0;
	int n = snprintf(buf, len, "ip %016" PRIx64 " slot %u  cfm sof %u sol %u sor %u  pr %016" PRIx64 "\n",
			 c->ip, c->slot, c->sof, c->sol, c->sor, c->pr | 1);
	pos = n > 0 ? (size_t)n : 0;
	for (unsigned r = 0; r < 32 && pos < len; r += 4) {
		n = snprintf(buf + pos, len - pos, "r%-2u %016" PRIx64 " r%-2u %016" PRIx64
			     " r%-2u %016" PRIx64 " r%-2u %016" PRIx64 "\n",
			     r, ia64_gr(c, r), r + 1, ia64_gr(c, r + 1), r + 2, ia64_gr(c, r + 2),
			     r + 3, ia64_gr(c, r + 3));
		pos += n > 0 ? (size_t)n : 0;
	}
	if (pos < len)
		snprintf(buf + pos, len - pos, "b0 %016" PRIx64 " ar.pfs %016" PRIx64 " ar.lc %" PRIu64
			 " ar.ec %" PRIu64 " ar.bsp %016" PRIx64 "\n", c->br[0], c->ar[IA64_AR_PFS],
			 c->ar[IA64_AR_LC], c->ar[IA64_AR_EC], ia64_rse_bsp(c));
}

const struct cpu_ops ia64_cpu_ops = {
	.create = ia64_op_create,
	.destroy = ia64_op_destroy,
	.run = ia64_op_run,
	.request_stop = ia64_op_request_stop,
	.request_stop_at_tick = ia64_op_request_stop_at_tick,
	.pc = ia64_op_pc,
	.set_pc = ia64_op_set_pc,
	.reg = ia64_op_reg,
	.set_reg = ia64_op_set_reg,
	.set_tls = ia64_op_set_tls,
	.add_breakpoint = ia64_op_add_breakpoint,
	.thread_pointer = ia64_op_thread_pointer,
	.retired = ia64_op_retired,
	.set_next_tick = ia64_op_set_next_tick,
	.charge = ia64_op_charge,
	.dump_regs = ia64_op_dump_regs,
	.disasm = ia64_op_disasm,
	.context_new = ia64_op_context_new,
	.context_free = ia64_op_context_free,
	.context_save = ia64_op_context_save,
	.context_restore = ia64_op_context_restore,
	.set_quantum = ia64_op_set_quantum,
	.quantum_expired = ia64_op_quantum_expired,
	.count_insns = ia64_op_count_insns,
	.insn_counts = ia64_op_insn_counts,
	.mem_changed = ia64_op_mem_changed,
};
