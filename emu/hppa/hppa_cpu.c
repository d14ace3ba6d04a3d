/* The hppa back end's struct cpu_ops: creating the CPU, its registers as the system-call layer
 * and the debugger see them, breakpoints, the clock's operations; run() is hppa_run.c's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../guest_mem.h"
#include "hppa_context.h"
#include "hppa_cpu.h"
#include "hppa_dcache.h"
#include "hppa_disasm.h"
#include "hppa_jit.h"
#include "hppa_run.h"
#include "regs.h"

/* ---- the rest of cpu_ops ---- */

static struct cpu *hppa_op_create(const struct cpu_config *cfg, char *err, size_t errlen)
{
	struct hppa_cpu *c = calloc(1, sizeof *c);
	if (!c) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	c->base.ops = &hppa_cpu_ops;
	c->base.arch = CPU_ARCH_HPPA;
	c->mem = cfg->mem;
	c->ev = cfg->events;
	clock_init(&c->clock, cfg->first_tick, cfg->max_insns, cfg->events.tick, cfg->events.ctx);
	c->cache_gen = cfg->mem->generation;
	for (unsigned i = 0; i < HPPA_TLB_SLOTS; i++)
		c->rtlb[i].vaddr = c->wtlb[i].vaddr = HPPA_TLB_EMPTY;
	return &c->base;
}

static void hppa_op_destroy(struct cpu *cpu)
{
	struct hppa_cpu *c = hppa_cpu_of(cpu);
	if (!c)
		return;
	for (unsigned i = 0; i < HPPA_DCACHE_SLOTS; i++)
		free(c->pages[i]);
	hppa_jit_free(&c->jit);
	free(c);
}

static void hppa_op_request_stop(struct cpu *cpu)
{
	hppa_cpu_of(cpu)->stop_req = true;
}

static void hppa_op_request_stop_at_tick(struct cpu *cpu)
{
	struct hppa_cpu *c = hppa_cpu_of(cpu);
	if (c->in_tick)
		c->stop_at_tick = true;
	else
		c->stop_req = true;
}

static uint64_t hppa_op_pc(struct cpu *cpu)
{
	return hppa_cpu_of(cpu)->iaoq_f;
}

static void hppa_op_set_pc(struct cpu *cpu, uint64_t pc)
{
	struct hppa_cpu *c = hppa_cpu_of(cpu);
	c->iaoq_f = (uint32_t)pc & ~3u;
	c->iaoq_b = c->iaoq_f + 4;
	c->psw_n = false;
}

static uint32_t psw_get(const struct hppa_cpu *c)
{
	uint32_t psw = (c->psw_n ? HPPA_PSW_N : 0) | (c->psw_v >> 31 ? HPPA_PSW_V : 0);
	for (unsigned k = 0; k < 8; k++)
		psw |= ((c->psw_cb >> (4 * k + 3)) & 1) << (8 + k);
	return psw;
}

static void psw_set(struct hppa_cpu *c, uint32_t psw)
{
	c->psw_n = (psw & HPPA_PSW_N) != 0;
	c->psw_v = (psw & HPPA_PSW_V) ? 1u << 31 : 0;
	c->psw_cb = 0;
	for (unsigned k = 0; k < 8; k++)
		c->psw_cb |= ((psw >> (8 + k)) & 1) << (4 * k + 3);
}

static uint64_t hppa_op_reg(struct cpu *cpu, int r)
{
	struct hppa_cpu *c = hppa_cpu_of(cpu);
	if (r >= 0 && r < 32)
		return c->gr[r];
	if (r >= HPPA_REG_FR0 && r < HPPA_REG_FR0 + 32)
		return c->fr[r - HPPA_REG_FR0];
	switch (r) {
	case HPPA_REG_PC: return c->iaoq_f;
	case HPPA_REG_SAR: return c->sar;
	case HPPA_REG_CR27: return c->cr27;
	case HPPA_REG_IAOQ_B: return c->iaoq_b;
	case HPPA_REG_PSW: return psw_get(c);
	default: return 0;
	}
}

static void hppa_op_set_reg(struct cpu *cpu, int r, uint64_t v)
{
	struct hppa_cpu *c = hppa_cpu_of(cpu);
	if (r > 0 && r < 32) {
		c->gr[r] = (uint32_t)v;
		return;
	}
	if (r >= HPPA_REG_FR0 && r < HPPA_REG_FR0 + 32) {
		c->fr[r - HPPA_REG_FR0] = v;
		return;
	}
	switch (r) {
	case HPPA_REG_PC: hppa_op_set_pc(cpu, v); break;
	case HPPA_REG_SAR: c->sar = (uint32_t)v & 31; break;
	case HPPA_REG_CR27: c->cr27 = (uint32_t)v; break;
	case HPPA_REG_IAOQ_B: c->iaoq_b = (uint32_t)v & ~3u; break;
	case HPPA_REG_PSW: psw_set(c, (uint32_t)v); break;
	default: break;
	}
}

static int hppa_op_set_tls(struct cpu *cpu, int which, uint64_t base)
{
	(void)which;
	hppa_cpu_of(cpu)->cr27 = (uint32_t)base;
	return 0;
}

static int hppa_op_add_breakpoint(struct cpu *cpu, uint64_t addr)
{
	struct hppa_cpu *c = hppa_cpu_of(cpu);
	if (c->nbkpts == HPPA_MAX_BREAKPOINTS)
		return -1;
	c->bkpts[c->nbkpts++] = (uint32_t)addr;
	hppa_drop_cache(c);
	return 0;
}

static uint64_t hppa_op_thread_pointer(struct cpu *cpu)
{
	return hppa_cpu_of(cpu)->cr27;
}

static uint64_t hppa_op_retired(struct cpu *cpu)
{
	return hppa_cpu_of(cpu)->clock.retired;
}

static void hppa_op_set_next_tick(struct cpu *cpu, uint64_t interval)
{
	clock_set_next_tick(&hppa_cpu_of(cpu)->clock, interval);
}

static void hppa_op_charge(struct cpu *cpu, uint64_t n, uint64_t pc)
{
	clock_charge(&hppa_cpu_of(cpu)->clock, n, (uint32_t)pc);
}

/* The slice ends before the instruction at retired count retired + n: run() stops at its top
 * check, which the clock's limit (bounded by the slice too) already sends it to. */
static void hppa_op_set_quantum(struct cpu *cpu, uint64_t n)
{
	clock_set_quantum(&hppa_cpu_of(cpu)->clock, n);
}

static bool hppa_op_quantum_expired(struct cpu *cpu)
{
	return hppa_cpu_of(cpu)->clock.quantum_hit;
}

static void hppa_op_dump_regs(struct cpu *cpu, char *buf, size_t len)
{
	struct hppa_cpu *c = hppa_cpu_of(cpu);
	size_t pos = 0;
	int n = snprintf(buf, len, "pc  %08x %08x  sar %2u\n", c->iaoq_f, c->iaoq_b, c->sar);
	for (int i = 1; i < 32 && n > 0 && (size_t)n < len - pos; i++) {
		pos += (size_t)n;
		n = snprintf(buf + pos, len - pos, "r%-2d %08x%s", i, c->gr[i],
			     i % 4 == 3 ? "\n" : "  ");
	}
}

const struct cpu_ops hppa_cpu_ops = {
	.create = hppa_op_create,
	.destroy = hppa_op_destroy,
	.run = hppa_op_run,
	.request_stop = hppa_op_request_stop,
	.request_stop_at_tick = hppa_op_request_stop_at_tick,
	.pc = hppa_op_pc,
	.set_pc = hppa_op_set_pc,
	.reg = hppa_op_reg,
	.set_reg = hppa_op_set_reg,
	.set_tls = hppa_op_set_tls,
	.add_breakpoint = hppa_op_add_breakpoint,
	.thread_pointer = hppa_op_thread_pointer,
	.retired = hppa_op_retired,
	.set_next_tick = hppa_op_set_next_tick,
	.charge = hppa_op_charge,
	.dump_regs = hppa_op_dump_regs,
	.disasm = hppa_op_disasm,
	.context_new = hppa_op_context_new,
	.context_free = hppa_op_context_free,
	.context_save = hppa_op_context_save,
	.context_restore = hppa_op_context_restore,
	.set_quantum = hppa_op_set_quantum,
	.quantum_expired = hppa_op_quantum_expired,
	.mem_changed = hppa_op_mem_changed,
};
