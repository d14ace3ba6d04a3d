/* The x86 back end on Unicorn: x86-64, i386 and 8086 real mode (UC_MODE_16, for DOS), behind
 * emu/cpu.h as x86_cpu_ops. This file creates the engine and runs it; the block hook and the
 * clock are in x86_count.c, the other pieces as x86_cpu_internal.h lists them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "regs.h"
#include "x86_cpu_internal.h"
#include "x86_cpuid.h"

/* The bench's engine-floor build (meson.build: profemu-engine-floor) installs no block hook, so
 * it measures Unicorn alone; every other build counts. */
#ifdef PROFEMU_ENGINE_FLOOR
static const bool count_blocks = false;
#else
static const bool count_blocks = true;
#endif

static void x86_op_destroy(struct cpu *base);

/* All hooks are added here, before the first run, since Unicorn does not show hooks to code
 * translated earlier. */
static struct cpu *x86_op_create(const struct cpu_config *cfg, char *err, size_t errlen)
{
	if (cfg->arch != CPU_ARCH_X86_64 && cfg->arch != CPU_ARCH_I386 && cfg->arch != CPU_ARCH_I8086) {
		snprintf(err, errlen, "the x86 back end cannot run architecture %d", (int)cfg->arch);
		return NULL;
	}
	struct x86_cpu *cpu = calloc(1, sizeof(*cpu));
	if (!cpu) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	cpu->base.ops = &x86_cpu_ops;
	cpu->base.arch = cfg->arch;
	cpu->mem = cfg->mem;
	cpu->ev = cfg->events;
	cpu->track_calls = cfg->events.call || cfg->events.ret;
	/* a block ending with an unwatched kind is entered as a plain one (bit values of
	 * BLOCK_ENDS_CALL and _RET) */
	cpu->ends_watched = (uint8_t)((cfg->events.call ? BLOCK_ENDS_CALL : 0) |
				      (cfg->events.ret ? BLOCK_ENDS_RET : 0));
	clock_init(&cpu->clock, cfg->first_tick, cfg->max_insns, cfg->events.tick, cfg->events.ctx);
	bool is64 = cfg->arch == CPU_ARCH_X86_64;
	bool real = cfg->arch == CPU_ARCH_I8086;

	/* UC_MODE_16 starts in real mode (CR0.PE clear) with the A20 line enabled. */
	uc_err e = uc_open(UC_ARCH_X86, is64 ? UC_MODE_64 : real ? UC_MODE_16 : UC_MODE_32, &cpu->uc);
	if (e != UC_ERR_OK) {
		snprintf(err, errlen, "uc_open: %s", uc_strerror(e));
		free(cpu);
		return NULL;
	}
	/* The CPU model before anything else runs: Unicorn builds its CPU from it. */
	if (x86_cpuid_has_model(cfg->arch) &&
	    (e = uc_ctl_set_cpu_model(cpu->uc, x86_cpuid_unicorn_model(cfg->arch))) != UC_ERR_OK) {
		snprintf(err, errlen, "cannot select Unicorn's CPU model: %s", uc_strerror(e));
		x86_op_destroy(&cpu->base);
		return NULL;
	}
	if (block_cache_init(&cpu->blocks, is64 ? 64 : real ? 16 : 32)) {
		snprintf(err, errlen, "capstone: cannot open the x86 decoder");
		x86_op_destroy(&cpu->base);
		return NULL;
	}
	if (!real)
		x86_enable_sse(cpu);	/* DOS programs set up the x87 themselves (fninit) */
	cpu->blocks.found_x87 = x86_found_x87;
	cpu->blocks.decoded = x86_code_decoded;
	cpu->blocks.ctx = cpu;

	uc_hook h;
	void *on_block = cpu->track_calls ? (void *)x86_on_block_calls : (void *)x86_on_block;
	e = count_blocks ? uc_hook_add(cpu->uc, &h, UC_HOOK_BLOCK, on_block, cpu, 1, 0) : UC_ERR_OK;
	if (e == UC_ERR_OK)
		e = uc_hook_add(cpu->uc, &h, UC_HOOK_INTR, (void *)x86_on_interrupt, cpu, 1, 0);
	if (e == UC_ERR_OK && is64)
		e = uc_hook_add(cpu->uc, &h, UC_HOOK_INSN, (void *)x86_on_syscall, cpu, 1, 0, UC_X86_INS_SYSCALL);
	if (e == UC_ERR_OK && x86_cpuid_has_model(cfg->arch))
		e = uc_hook_add(cpu->uc, &h, UC_HOOK_INSN, (void *)x86_on_cpuid, cpu, 1, 0, UC_X86_INS_CPUID);
	if (e == UC_ERR_OK)
		e = uc_hook_add(cpu->uc, &h, UC_HOOK_MEM_INVALID, (void *)x86_on_bad_memory, cpu, 1, 0);
	if (e != UC_ERR_OK) {
		snprintf(err, errlen, "uc_hook_add: %s", uc_strerror(e));
		x86_op_destroy(&cpu->base);
		return NULL;
	}
	if (x86_mem_setup(cpu)) {
		snprintf(err, errlen, "Unicorn has no TLB fill hook (2.1 or later needed)");
		x86_op_destroy(&cpu->base);
		return NULL;
	}
	/* the windows in Unicorn now: the GDT below is read through them */
	if (cpu_listen_to_mem(&cpu->base, cpu->mem)) {
		snprintf(err, errlen, "Unicorn cannot map the guest's memory");
		x86_op_destroy(&cpu->base);
		return NULL;
	}
	if (!is64 && !real && x86_setup_gdt(cpu)) {
		snprintf(err, errlen, "cannot map the i386 GDT page");
		x86_op_destroy(&cpu->base);
		return NULL;
	}
	if (uc_context_alloc(cpu->uc, &cpu->pristine) != UC_ERR_OK ||
	    uc_context_save(cpu->uc, cpu->pristine) != UC_ERR_OK) {
		snprintf(err, errlen, "cannot save the initial CPU context");
		x86_op_destroy(&cpu->base);
		return NULL;
	}
	return &cpu->base;
}

static void x86_op_destroy(struct cpu *base)
{
	struct x86_cpu *cpu = (struct x86_cpu *)base;
	if (!cpu)
		return;
	if (cpu->base.mem) {
		struct gm_listener none = { 0 };
		cpu->base.mem->listener = none;
	}
	if (cpu->pristine)
		uc_context_free(cpu->pristine);
	if (cpu->uc)
		uc_close(cpu->uc);
	block_cache_destroy(&cpu->blocks);
	page_set_free(&cpu->code_pages);
	page_set_free(&cpu->self_writing);
	addr_counts_free(&cpu->insns);
	free(cpu->x87_sites);
	free(cpu);
}

static enum cpu_fault_kind fault_kind_of(uc_err e)
{
	switch (e) {
	case UC_ERR_READ_UNMAPPED:
	case UC_ERR_WRITE_UNMAPPED:
	case UC_ERR_FETCH_UNMAPPED:
		return CPU_FAULT_SEGV_MAPERR;
	case UC_ERR_READ_PROT:
	case UC_ERR_WRITE_PROT:
	case UC_ERR_FETCH_PROT:
		return CPU_FAULT_SEGV_ACCERR;
	case UC_ERR_READ_UNALIGNED:
	case UC_ERR_WRITE_UNALIGNED:
	case UC_ERR_FETCH_UNALIGNED:
		return CPU_FAULT_BUS;
	default:
		return CPU_FAULT_ILL;
	}
}

/* See `pristine` in struct x86_cpu: every register a program can change, around the reload. */
static void clear_exception_in_flight(struct x86_cpu *cpu)
{
	static const int saved[] = { X86_RAX, X86_RBX, X86_RCX, X86_RDX, X86_RSI, X86_RDI, X86_RBP,
				     X86_RSP, X86_R8, X86_R9, X86_R10, X86_R11, X86_R12, X86_R13,
				     X86_R14, X86_R15, X86_RFLAGS, X86_RIP };
	uint64_t v[sizeof(saved) / sizeof(saved[0])];
	uint8_t fx[X86_FXSAVE_BYTES];
	bool is64 = cpu->base.arch == CPU_ARCH_X86_64;
	cpu->exception_in_flight = false;
	if (!cpu->pristine || cpu->base.arch == CPU_ARCH_I8086)
		return;
	size_t n = is64 ? sizeof(saved) / sizeof(saved[0]) : 8;
	for (size_t i = 0; i < n; i++)
		v[i] = x86_read_reg(cpu, saved[i]);
	uint64_t flags = x86_read_reg(cpu, X86_RFLAGS), pc = x86_read_reg(cpu, X86_RIP);
	uint64_t fs = x86_read_reg(cpu, X86_FS), gs = x86_read_reg(cpu, X86_GS);
	uint64_t fs_base = is64 ? x86_read_reg(cpu, X86_FS_BASE) : 0, gs_base = is64 ? x86_read_reg(cpu, X86_GS_BASE) : 0;
	x86_fpu_save(cpu, fx);
	if (uc_context_restore(cpu->uc, cpu->pristine) != UC_ERR_OK)
		return;
	if (is64) {
		x86_write_reg(cpu, X86_FS_BASE, fs_base);
		x86_write_reg(cpu, X86_GS_BASE, gs_base);
	} else {
		/* i386: the selectors reload their bases from the GDT (set_thread_area's entries). */
		x86_write_reg(cpu, X86_FS, fs);
		x86_write_reg(cpu, X86_GS, gs);
	}
	for (size_t i = 0; i < n; i++)
		x86_write_reg(cpu, saved[i], v[i]);
	x86_write_reg(cpu, X86_RFLAGS, flags);
	x86_write_reg(cpu, X86_RIP, pc);
	x86_fpu_restore(cpu, fx);
}

/* regs.h: the FXSAVE image of this back end's CPU (x86_fpu.c); -1 for another back end's. */
int x86_fxsave(struct cpu *base, uint8_t image[X86_FXSAVE_BYTES])
{
	struct x86_cpu *cpu = x86_cpu_of(base);
	if (!cpu) {
		memset(image, 0, X86_FXSAVE_BYTES);
		return -1;
	}
	return x86_fpu_save(cpu, image);
}

int x86_fxrstor(struct cpu *base, const uint8_t image[X86_FXSAVE_BYTES])
{
	struct x86_cpu *cpu = x86_cpu_of(base);
	return cpu ? x86_fpu_restore(cpu, image) : -1;
}

static enum cpu_stop x86_op_run(struct cpu *base, struct cpu_fault *fault)
{
	struct x86_cpu *cpu = (struct x86_cpu *)base;
	if (cpu->exception_in_flight)
		clear_exception_in_flight(cpu);
	cpu->stop_requested = cpu->insn_limit_hit = cpu->faulted = cpu->mem_fault_seen = false;
	cpu->limit_stop = false;
	cpu->stop_at = 0;
	cpu->stop_at_tick = cpu->stopped_in_hook = cpu->tick_split = cpu->tick_deferred = false;
	memset(&cpu->fault, 0, sizeof(cpu->fault));
	for (;;) {
		cpu->retranslate = false;
		uint64_t pc = x86_pc(cpu);
		/* `until` is an address no instruction can start at: emulation ends only by a stop. */
		uint64_t until = cpu->base.arch == CPU_ARCH_X86_64 ? 0xffffffffffffffffu : 0xffffffffu;
		bool to_tick = false;
		if (cpu->stop_at) {
			/* A stop at a tick's instruction: run its block up to there. Unicorn checks
			 * `until` only when it translates, so the cached translations of the whole
			 * block and of one starting at `until` (a resume there leaves one) go first;
			 * Unicorn drops the shortened block after the run. */
			until = cpu->stop_at;
			cpu->stop_at = 0;
			to_tick = true;
			uc_ctl_remove_cache(cpu->uc, pc, until + 1);
		}
		uc_err e = uc_emu_start(cpu->uc, pc, until, 0, 0);
		if (cpu->stopped_in_hook) {
			cpu->stopped_in_hook = false;
			if (e == UC_ERR_OK)
				x86_set_pc(cpu, cpu->stopped_before);
		}
		if (to_tick) {
			/* Unicorn translated a block at `until` that only stops there (it imitates
			 * hlt); left cached, it would end a later run at that address. */
			uc_ctl_remove_cache(cpu->uc, until, until + 1);
			if (e == UC_ERR_OK && !cpu->faulted && !cpu->stop_requested && x86_pc(cpu) == until) {
				if (cpu->tick_split) {
					/* at the tick's instruction: go on, the tick first */
					cpu->tick_split = false;
					cpu->retired_base = x86_retired(cpu);
					x86_set_cur(cpu, NULL);
					continue;
				}
				cpu->stop_requested = true;	/* there: the requested stop */
			}
		}
		if (e == UC_ERR_EXCEPTION && cpu->code_write_pending && !cpu->faulted) {
			/* A store into a page code was decoded from (x86_mem.c): the pc is the
			 * store's, which has not run; its block counts up to there, and it runs
			 * again, after a stop asked for meanwhile if any. */
			cpu->retired_base = x86_retired_at(cpu, x86_pc(cpu));
			x86_set_cur(cpu, NULL);
			x86_code_write_seen(cpu);
			e = UC_ERR_OK;
			if (to_tick && !cpu->stop_requested)
				cpu->stop_at = until;	/* the tick's instruction is still ahead */
			if (!cpu->stop_requested && !cpu->insn_limit_hit)
				continue;
		}
		cpu->code_write_pending = false;
		if (cpu->faulted || e != UC_ERR_OK)
			uc_ctl_flush_tlb(cpu->uc);	/* no trap entry (x86_mem.c) outlives a fault */
		if (cpu->faulted) {
			/* The faulting instruction did not retire. */
			cpu->retired_base = x86_retired_at(cpu, cpu->fault.pc);
			x86_set_cur(cpu, NULL);
			*fault = cpu->fault;
			return CPU_STOP_FAULT;
		}
		if (e != UC_ERR_OK) {
			uint64_t at = x86_pc(cpu);
			if (cpu->mem_fault_seen) {
				at = x86_locate_faulting_pc(cpu, at);
				cpu->fault.pc = at;
				x86_set_pc(cpu, at);
			} else {
				snprintf(cpu->fault.detail, sizeof(cpu->fault.detail), "%s", uc_strerror(e));
				cpu->fault.kind = fault_kind_of(e);
				cpu->fault.pc = at;
			}
			cpu->retired_base = x86_retired_at(cpu, at);
			x86_set_cur(cpu, NULL);
			*fault = cpu->fault;
			return CPU_STOP_FAULT;
		}
		if (cpu->insn_limit_hit)
			return CPU_STOP_INSN_LIMIT;
		if (cpu->retranslate && !cpu->stop_requested)
			continue;	/* the pc is at the block to translate again */
		if (cpu->stop_requested) {
			/* Make the count exact at the stop point and start afresh on resume. */
			cpu->retired_base = x86_retired(cpu);
			x86_set_cur(cpu, NULL);
			if (cpu->stop_at && cpu->base.arch != CPU_ARCH_I8086 && cpu->stop_at != x86_pc(cpu)) {
				cpu->stop_requested = false;
				continue;	/* to the tick's instruction first */
			}
			cpu->stop_at = 0;
			if (cpu->limit_stop && cpu->retired_base >= cpu->clock.max_insns) {
				cpu->stop_requested = false;
				return CPU_STOP_INSN_LIMIT;	/* ran up to the limit's instruction */
			}
			return CPU_STOP_REQUESTED;
		}
		/* Unicorn returned without a stop of ours: after `hlt`, which Linux answers in user
		 * mode with SIGSEGV (glibc's abort() ends in one); otherwise go on. */
		uint64_t at = x86_pc(cpu);
		uint8_t op = 0;
		bool hlt = at && gm_read(cpu->mem, at - 1, &op, 1) == 0 && op == 0xf4;
		/* The hlt did not retire: the count stops before it, and leaving the block with
		 * that count takes the hlt off the per-address counts too (x86_set_cur). */
		cpu->retired_base = x86_retired_at(cpu, at) - (hlt ? 1 : 0);
		x86_set_cur(cpu, NULL);
		if (hlt) {
			x86_set_pc(cpu, at - 1);
			memset(fault, 0, sizeof(*fault));
			fault->kind = CPU_FAULT_SEGV_ACCERR;
			fault->pc = at - 1;
			snprintf(fault->detail, sizeof(fault->detail), "privileged instruction (hlt)");
			return CPU_STOP_FAULT;
		}
	}
}

/* cpu.h's operations onto the functions above and in the other files of the back end. */
#define x86_cpu_of(c) ((struct x86_cpu *)(c))
static void x86_op_request_stop(struct cpu *c) { x86_request_stop(x86_cpu_of(c)); }
static void x86_op_request_stop_at_tick(struct cpu *c) { x86_request_stop_at_tick(x86_cpu_of(c)); }
static void x86_op_request_stop_async(struct cpu *c) { x86_request_stop_async(x86_cpu_of(c)); }
static uint64_t x86_op_pc(struct cpu *c) { return x86_pc(x86_cpu_of(c)); }
static void x86_op_set_pc(struct cpu *c, uint64_t pc) { x86_set_pc(x86_cpu_of(c), pc); }
static uint64_t x86_op_reg(struct cpu *c, int reg) { return x86_read_reg(x86_cpu_of(c), reg); }
static void x86_op_set_reg(struct cpu *c, int reg, uint64_t v) { x86_write_reg(x86_cpu_of(c), reg, v); }
static int x86_op_set_tls(struct cpu *c, int which, uint64_t b) { return x86_set_tls(x86_cpu_of(c), which, b); }
static int x86_op_add_breakpoint(struct cpu *c, uint64_t addr) { return x86_add_breakpoint(x86_cpu_of(c), addr); }
static uint64_t x86_op_thread_pointer(struct cpu *c) { return x86_thread_pointer(x86_cpu_of(c)); }
static uint64_t x86_op_retired(struct cpu *c) { return x86_retired(x86_cpu_of(c)); }
static void x86_op_set_next_tick(struct cpu *c, uint64_t n) { x86_set_next_tick(x86_cpu_of(c), n); }
static void x86_op_charge(struct cpu *c, uint64_t n, uint64_t pc) { x86_charge(x86_cpu_of(c), n, pc); }
static void x86_op_dump_regs(struct cpu *c, char *buf, size_t len) { x86_dump_regs(x86_cpu_of(c), buf, len); }

/* One thread's registers: Unicorn's CPU state (registers, segment caches, FPU and SSE), saved
 * and restored whole; the memory map and translations stay the process's. */
static struct cpu_context *x86_op_context_new(struct cpu *c)
{
	uc_context *ctx = NULL;
	return uc_context_alloc(x86_cpu_of(c)->uc, &ctx) == UC_ERR_OK ? (struct cpu_context *)ctx : NULL;
}
static void x86_op_context_free(struct cpu *c, struct cpu_context *ctx)
{
	(void)c;
	uc_context_free((uc_context *)ctx);
}
static int x86_op_context_save(struct cpu *c, struct cpu_context *ctx)
{
	return uc_context_save(x86_cpu_of(c)->uc, (uc_context *)ctx) == UC_ERR_OK ? 0 : -22;
}
static int x86_op_context_restore(struct cpu *c, const struct cpu_context *ctx)
{
	return uc_context_restore(x86_cpu_of(c)->uc, (uc_context *)ctx) == UC_ERR_OK ? 0 : -22;
}
static void x86_op_set_quantum(struct cpu *c, uint64_t n) { x86_set_quantum(x86_cpu_of(c), n); }
static void x86_op_exact_ticks(struct cpu *c, bool on) { x86_set_exact_ticks(x86_cpu_of(c), on); }
static bool x86_op_quantum_expired(struct cpu *c) { return x86_cpu_of(c)->clock.quantum_hit; }

const struct cpu_ops x86_cpu_ops = {
	.create = x86_op_create,
	.destroy = x86_op_destroy,
	.run = x86_op_run,
	.request_stop = x86_op_request_stop,
	.request_stop_async = x86_op_request_stop_async,
	.request_stop_at_tick = x86_op_request_stop_at_tick,
	.pc = x86_op_pc,
	.set_pc = x86_op_set_pc,
	.reg = x86_op_reg,
	.set_reg = x86_op_set_reg,
	.set_tls = x86_op_set_tls,
	.add_breakpoint = x86_op_add_breakpoint,
	.thread_pointer = x86_op_thread_pointer,
	.retired = x86_op_retired,
	.set_next_tick = x86_op_set_next_tick,
	.charge = x86_op_charge,
	.dump_regs = x86_op_dump_regs,
	.context_new = x86_op_context_new,
	.context_free = x86_op_context_free,
	.context_save = x86_op_context_save,
	.context_restore = x86_op_context_restore,
	.set_quantum = x86_op_set_quantum,
	.quantum_expired = x86_op_quantum_expired,
	.exact_ticks = x86_op_exact_ticks,
	.count_insns = x86_op_count_insns,
	.insn_counts = x86_op_insn_counts,
	.mem_changed = x86_op_mem_changed,
};
