/* The x86 back end on Unicorn: x86-64, i386 and 8086 real mode (UC_MODE_16, for DOS).
 *
 * Retired instructions are counted with one block hook: each translated block's instruction
 * count comes from the block cache (Capstone, decoded once). At any event the exact count is
 * the total before the current block plus the index of the pc inside it. Unicorn's `count=`
 * is never used: it installs a per-instruction hook (about 10x slower). All hooks are added
 * before the first run, since Unicorn does not show hooks to code translated earlier. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicorn/unicorn.h>

#include "../byteorder.h"
#include "../cpu.h"
#include "regs.h"
#include "x86_blocks.h"
#include "x86_fault.h"
#include "x87_host.h"
#include <capstone/capstone.h>

/* The bench's engine-floor build (meson.build: profemu-engine-floor) installs no block hook, so
 * it measures Unicorn alone; every other build counts. */
#ifdef PROFEMU_ENGINE_FLOOR
static const bool count_blocks = false;
#else
static const bool count_blocks = true;
#endif

/* The i386 GDT lives in the top page of the guest's 4 GiB, which the layouts keep free. */
#define I386_GDT_ADDR 0xfffff000u
#define I386_GDT_ENTRIES 32

struct cpu {
	enum cpu_arch arch;
	uc_engine *uc;
	struct guest_mem *mem;
	struct cpu_events ev;
	struct block_cache blocks;

	/* Counting: `base` instructions retired before the current block `cur` began; its count
	 * is copied to cur_icount (0 when there is none) so the block hook never reads `cur`. */
	uint64_t base;
	struct block_info *cur;
	uint64_t cur_icount;
	uint64_t next_tick;	/* absolute retired count of the next tick; 0: none */
	uint64_t max_insns;
	uint64_t event_at;	/* min(next_tick, max_insns) */
	bool track_calls;	/* events.call or events.ret is set */
	/* The block hook's fast path may count up to here: event_at, or 0 when every block must
	 * take the slow path (call tracking), which spares the fast path a test. */
	uint64_t fast_until;

	bool stop_requested;
	/* cpu_request_stop_at_tick: a stop asked for during a tick event leaves the pc of the
	 * tick's instruction in stop_at; cpu_run then runs the block up to it (see there). */
	bool stop_at_tick;
	uint64_t stop_at;
	/* A stop from the block hook leaves the CPU before that block, but Unicorn 2.1 does not
	 * always bring its pc register there (it is the pc of an earlier block once a register
	 * write set its "quit" flag): the hook notes the block and cpu_run puts the pc back. */
	uint64_t stopped_before;
	bool stopped_in_hook;
	bool insn_limit_hit;
	bool faulted;
	struct cpu_fault fault;
	bool mem_fault_seen;	/* the invalid-memory hook filled fault.addr */
	bool mem_fault_write;

	/* Addresses whose x87 instruction runs on the host (x87_host.h), each with a code hook. */
	uint64_t *x87_sites;
	size_t x87_count, x87_cap;
	bool retranslate;	/* a hook was added for code already translated: run it again */

	/* QEMU remembers a divide error or general protection fault as "in flight" until an
	 * exception is delivered through the IDT, which Unicorn never does: the next such fault
	 * would become a double fault, the one after a triple fault. When the guest goes on after
	 * one (its signal handler runs), the CPU state is reloaded over the context saved at
	 * creation, which has none in flight, and the guest's registers are put back. */
	uc_context *pristine;
	bool exception_in_flight;
};

static const int uc_regs_64[X86_REG_COUNT] = {
	[X86_RAX] = UC_X86_REG_RAX, [X86_RBX] = UC_X86_REG_RBX, [X86_RCX] = UC_X86_REG_RCX,
	[X86_RDX] = UC_X86_REG_RDX, [X86_RSI] = UC_X86_REG_RSI, [X86_RDI] = UC_X86_REG_RDI,
	[X86_RBP] = UC_X86_REG_RBP, [X86_RSP] = UC_X86_REG_RSP, [X86_R8] = UC_X86_REG_R8,
	[X86_R9] = UC_X86_REG_R9, [X86_R10] = UC_X86_REG_R10, [X86_R11] = UC_X86_REG_R11,
	[X86_R12] = UC_X86_REG_R12, [X86_R13] = UC_X86_REG_R13, [X86_R14] = UC_X86_REG_R14,
	[X86_R15] = UC_X86_REG_R15, [X86_RIP] = UC_X86_REG_RIP, [X86_RFLAGS] = UC_X86_REG_EFLAGS,
	[X86_CS] = UC_X86_REG_CS, [X86_DS] = UC_X86_REG_DS, [X86_ES] = UC_X86_REG_ES,
	[X86_SS] = UC_X86_REG_SS, [X86_FS] = UC_X86_REG_FS, [X86_GS] = UC_X86_REG_GS,
	[X86_FS_BASE] = UC_X86_REG_FS_BASE, [X86_GS_BASE] = UC_X86_REG_GS_BASE,
};

static const int uc_regs_32[X86_REG_COUNT] = {
	[X86_RAX] = UC_X86_REG_EAX, [X86_RBX] = UC_X86_REG_EBX, [X86_RCX] = UC_X86_REG_ECX,
	[X86_RDX] = UC_X86_REG_EDX, [X86_RSI] = UC_X86_REG_ESI, [X86_RDI] = UC_X86_REG_EDI,
	[X86_RBP] = UC_X86_REG_EBP, [X86_RSP] = UC_X86_REG_ESP, [X86_R8] = UC_X86_REG_INVALID,
	[X86_RIP] = UC_X86_REG_EIP, [X86_RFLAGS] = UC_X86_REG_EFLAGS,
	[X86_CS] = UC_X86_REG_CS, [X86_DS] = UC_X86_REG_DS, [X86_ES] = UC_X86_REG_ES,
	[X86_SS] = UC_X86_REG_SS, [X86_FS] = UC_X86_REG_FS, [X86_GS] = UC_X86_REG_GS,
	[X86_FS_BASE] = UC_X86_REG_FS_BASE, [X86_GS_BASE] = UC_X86_REG_GS_BASE,
};

/* 8086 real mode: the 16-bit registers (regs.h); no r8-r15, no segment bases. */
static const int uc_regs_16[X86_REG_COUNT] = {
	[X86_RAX] = UC_X86_REG_AX, [X86_RBX] = UC_X86_REG_BX, [X86_RCX] = UC_X86_REG_CX,
	[X86_RDX] = UC_X86_REG_DX, [X86_RSI] = UC_X86_REG_SI, [X86_RDI] = UC_X86_REG_DI,
	[X86_RBP] = UC_X86_REG_BP, [X86_RSP] = UC_X86_REG_SP, [X86_R8] = UC_X86_REG_INVALID,
	[X86_RIP] = UC_X86_REG_IP, [X86_RFLAGS] = UC_X86_REG_FLAGS,
	[X86_CS] = UC_X86_REG_CS, [X86_DS] = UC_X86_REG_DS, [X86_ES] = UC_X86_REG_ES,
	[X86_SS] = UC_X86_REG_SS, [X86_FS] = UC_X86_REG_FS, [X86_GS] = UC_X86_REG_GS,
	[X86_FS_BASE] = UC_X86_REG_INVALID, [X86_GS_BASE] = UC_X86_REG_INVALID,
};

static const int *reg_map(const struct cpu *cpu)
{
	switch (cpu->arch) {
	case CPU_ARCH_X86_64: return uc_regs_64;
	case CPU_ARCH_I8086: return uc_regs_16;
	default: return uc_regs_32;
	}
}

/* Unused slots of the maps are 0, which is UC_X86_REG_INVALID. */
uint64_t cpu_reg(struct cpu *cpu, int reg)
{
	uint64_t v = 0;
	if (reg >= 0 && reg < X86_REG_COUNT && reg_map(cpu)[reg] != UC_X86_REG_INVALID)
		uc_reg_read(cpu->uc, reg_map(cpu)[reg], &v);
	if (cpu->arch == CPU_ARCH_I8086)
		v &= 0xffffu;
	else if (cpu->arch != CPU_ARCH_X86_64 && reg != X86_FS_BASE && reg != X86_GS_BASE)
		v &= 0xffffffffu;
	return v;
}

void cpu_set_reg(struct cpu *cpu, int reg, uint64_t value)
{
	if (reg >= 0 && reg < X86_REG_COUNT && reg_map(cpu)[reg] != UC_X86_REG_INVALID)
		uc_reg_write(cpu->uc, reg_map(cpu)[reg], &value);
	if (cpu->arch == CPU_ARCH_I8086 && reg == X86_CS) {
		/* A CS write alone does not make Unicorn leave the current translation (an IP
		 * write does): rewrite IP so that the new CS:IP takes effect at once. */
		uint64_t ip = cpu_reg(cpu, X86_RIP);
		uc_reg_write(cpu->uc, UC_X86_REG_IP, &ip);
	}
}

/* In real mode the pc is linear: CS*16 + IP (what Unicorn's block hooks report too). */
uint64_t cpu_pc(struct cpu *cpu)
{
	if (cpu->arch == CPU_ARCH_I8086)
		return (cpu_reg(cpu, X86_CS) << 4) + cpu_reg(cpu, X86_RIP);
	return cpu_reg(cpu, X86_RIP);
}

/* Real mode: keep CS when the linear pc lies in its 64 KiB, else take CS = pc / 16. */
void cpu_set_pc(struct cpu *cpu, uint64_t pc)
{
	if (cpu->arch == CPU_ARCH_I8086) {
		uint64_t base = cpu_reg(cpu, X86_CS) << 4;
		if (pc < base || pc - base > 0xffffu) {
			uint64_t cs = (pc >> 4) & 0xffffu;
			uc_reg_write(cpu->uc, UC_X86_REG_CS, &cs);
			base = cs << 4;
		}
		cpu_set_reg(cpu, X86_RIP, pc - base);
		return;
	}
	cpu_set_reg(cpu, X86_RIP, pc);
}

/* Exact count at pc: inside the current block, the instructions before pc; elsewhere (the next
 * block has not started), the whole current block. */
static void update_event_at(struct cpu *cpu);

static inline void set_cur(struct cpu *cpu, struct block_info *b)
{
	cpu->cur = b;
	cpu->cur_icount = b ? b->icount : 0;
}

static uint64_t retired_at(const struct cpu *cpu, uint64_t pc)
{
	if (!cpu->cur)
		return cpu->base;
	return cpu->base + block_index_of(cpu->cur, pc);
}

uint64_t cpu_retired(struct cpu *cpu)
{
	return retired_at(cpu, cpu_pc(cpu));
}

void cpu_set_next_tick(struct cpu *cpu, uint64_t interval)
{
	cpu->next_tick = interval ? cpu_retired(cpu) + interval : 0;
	update_event_at(cpu);
}

/* Ticks are kept as absolute retired counts, so a charge raises those due inside it and then
 * moves the next one `instructions` earlier: the clock ran on while no instruction retired. */
void cpu_charge(struct cpu *cpu, uint64_t instructions, uint64_t pc)
{
	uint64_t now = cpu_retired(cpu);
	if (!instructions || !cpu->next_tick || cpu->next_tick < now)
		return;
	while (cpu->next_tick && cpu->next_tick - now < instructions) {
		uint64_t at = cpu->next_tick;
		uint64_t interval = cpu->ev.tick ? cpu->ev.tick(cpu->ev.ctx, pc, now) : 0;
		cpu->next_tick = interval ? at + interval : 0;
	}
	if (cpu->next_tick) {
		/* Due at or after the end of the charge, so the shift keeps it >= now. Only before
		 * the first instruction can it land on 0, which would read as "no tick": raise it
		 * here, naming the instruction about to run. */
		cpu->next_tick -= instructions;
		if (cpu->next_tick == 0)
			cpu->next_tick = cpu->ev.tick ? cpu->ev.tick(cpu->ev.ctx, cpu_pc(cpu), now) : 0;
	}
	update_event_at(cpu);
}

/* A stop asked for from the block hook: before the block being entered. */
static void stop_before_block(struct cpu *cpu, uint64_t addr)
{
	cpu->stopped_in_hook = true;
	cpu->stopped_before = addr;
	uc_emu_stop(cpu->uc);
}

void cpu_request_stop(struct cpu *cpu)
{
	cpu->stop_requested = true;
	uc_emu_stop(cpu->uc);
}

/* Outside a tick event the flag has no effect: the stop is where the CPU is, and cpu_run
 * clears the flag when it starts again. */
void cpu_request_stop_at_tick(struct cpu *cpu)
{
	cpu->stop_at_tick = true;
	cpu_request_stop(cpu);
}

/* The nearest retired count at which the block hook has something to do besides counting:
 * the next tick or the instruction limit, whichever comes first. */
static void update_event_at(struct cpu *cpu)
{
	uint64_t at = UINT64_MAX;
	if (cpu->next_tick)
		at = cpu->next_tick;
	if (cpu->max_insns && cpu->max_insns < at)
		at = cpu->max_insns;
	cpu->event_at = at;
	cpu->fast_until = cpu->track_calls ? 0 : at;
}

/* The block at addr: through the hot table, else looked up (decoded on first sight). */
static __attribute__((noinline)) struct block_info *find_block(struct cpu *cpu, uint64_t addr,
							       uint32_t size)
{
	struct block_info *b = (struct block_info *)block_cache_lookup(&cpu->blocks, cpu->mem, addr, size);
	if (cpu->retranslate) {
		/* Decoding found an instruction that needs a new hook: this translation lacks it.
		 * Stop before the block's first instruction (not counted) and translate it anew. */
		uc_ctl_remove_cache(cpu->uc, addr, addr + size);
		stop_before_block(cpu, addr);
		return NULL;
	}
	if (!b) {
		snprintf(cpu->fault.detail, sizeof(cpu->fault.detail), "out of memory in block cache");
		cpu->faulted = true;
		cpu->fault.kind = CPU_FAULT_ILL;
		stop_before_block(cpu, addr);
	}
	return b;
}

/* The block reaches the instruction limit or contains ticks. */
static __attribute__((noinline)) void block_events(struct cpu *cpu, struct block_info *b, uint64_t addr)
{
	if (cpu->max_insns && cpu->base + b->icount > cpu->max_insns) {
		/* Stop before the block that would pass the limit: the count stays exact. */
		cpu->insn_limit_hit = true;
		set_cur(cpu, NULL);
		stop_before_block(cpu, addr);
		return;
	}
	while (cpu->next_tick && cpu->next_tick - cpu->base < b->icount) {
		uint64_t at = cpu->next_tick;
		uint64_t pc = addr + b->offsets[at - cpu->base];
		uint64_t interval = cpu->ev.tick ? cpu->ev.tick(cpu->ev.ctx, pc, at) : 0;
		cpu->next_tick = interval ? at + interval : 0;
		if (cpu->stop_requested) {
			/* The block does not run (the stop is at its start); at the tick's own
			 * instruction if asked, cpu_run runs it up to there. Later ticks wait for
			 * the next run. */
			cpu->stopped_in_hook = true;
			cpu->stopped_before = addr;
			if (cpu->stop_at_tick)
				cpu->stop_at = pc;
			cpu->stop_at_tick = false;
			break;
		}
	}
	update_event_at(cpu);
}

/* The block before this one ended with a call or a return, which always end a block: this
 * block is its target. Reads `prev` before anything can move the block cache. */
static __attribute__((noinline)) void call_events(struct cpu *cpu, const struct block_info *prev,
						  uint64_t target)
{
	if (prev->ends_with == BLOCK_ENDS_CALL && cpu->ev.call)
		cpu->ev.call(cpu->ev.ctx, prev->addr + prev->offsets[prev->icount - 1],
			     prev->addr + prev->size, target);
	else if (prev->ends_with == BLOCK_ENDS_RET && cpu->ev.ret)
		cpu->ev.ret(cpu->ev.ctx, target);
}

/* Per block, when the fast path cannot finish: calls and returns to report, a block missing
 * from the hot table, a tick or the instruction limit inside this block. */
static __attribute__((noinline)) void on_block_slow(struct cpu *cpu, uint64_t addr, uint32_t size)
{
	cpu->base += cpu->cur_icount;
	if (cpu->track_calls && cpu->cur && cpu->cur->ends_with)
		call_events(cpu, cpu->cur, addr);	/* before anything can move the cache */
	set_cur(cpu, find_block(cpu, addr, size));	/* the hot table first, as below */
	if (!cpu->cur)
		return;
	if (cpu->base + cpu->cur_icount > cpu->event_at)
		block_events(cpu, cpu->cur, addr);
}

/* Per block: count, and raise the ticks whose instruction lies in this block. This runs once
 * per executed block (about a billion times a second of guest time), so the common case is
 * a leaf of a dozen instructions: the hot-table entry for this address, no call tracking, no
 * event inside the block; everything else goes to on_block_slow. */
static void on_block(uc_engine *uc, uint64_t addr, uint32_t size, void *user)
{
	struct cpu *cpu = user;
	(void)uc;
	const struct block_hot *h = block_cache_hot_slot(&cpu->blocks, addr);
	uint64_t base = cpu->base + cpu->cur_icount;
	if (h->addr == addr && h->size == size && base + h->icount <= cpu->fast_until) {
		cpu->base = base;
		cpu->cur = h->b;
		cpu->cur_icount = h->icount;
		return;
	}
	on_block_slow(cpu, addr, size);
}

/* The x87 registers as an FSAVE image and back (the tag word is Unicorn's full form). */
static void x87_load(struct cpu *cpu, struct x87_state *st)
{
	memset(st, 0, sizeof(*st));
	uc_reg_read(cpu->uc, UC_X86_REG_FPCW, &st->fcw);
	uc_reg_read(cpu->uc, UC_X86_REG_FPSW, &st->fsw);
	uc_reg_read(cpu->uc, UC_X86_REG_FPTAG, &st->ftw);
	for (int i = 0; i < 8; i++)
		uc_reg_read(cpu->uc, UC_X86_REG_ST0 + i, st->st[i]);
}

static void x87_store(struct cpu *cpu, const struct x87_state *st)
{
	uc_reg_write(cpu->uc, UC_X86_REG_FPSW, &st->fsw);	/* first: it moves the stack top */
	uc_reg_write(cpu->uc, UC_X86_REG_FPTAG, &st->ftw);
	for (int i = 0; i < 8; i++)
		uc_reg_write(cpu->uc, UC_X86_REG_ST0 + i, st->st[i]);
}

int x86_fxsave(struct cpu *cpu, uint8_t image[X86_FXSAVE_BYTES])
{
	struct x87_state st;
	uint32_t mxcsr = 0;
	memset(image, 0, X86_FXSAVE_BYTES);
	if (cpu->arch == CPU_ARCH_I8086)
		return -1;
	x87_load(cpu, &st);
	bo_put16(image + 0, st.fcw, false);
	bo_put16(image + 2, st.fsw, false);
	uint8_t abridged = 0;	/* one bit per physical register: 1 = not empty */
	for (int i = 0; i < 8; i++)
		if (((st.ftw >> (2 * i)) & 3) != 3)
			abridged |= (uint8_t)(1u << i);
	image[4] = abridged;
	uc_reg_read(cpu->uc, UC_X86_REG_MXCSR, &mxcsr);
	bo_put32(image + 24, mxcsr, false);
	bo_put32(image + 28, 0xffff, false);	/* MXCSR_MASK: the bits a restore may set */
	for (int i = 0; i < 8; i++)
		memcpy(image + 32 + 16 * i, st.st[i], 10);
	int nxmm = cpu->arch == CPU_ARCH_X86_64 ? 16 : 8;
	for (int i = 0; i < nxmm; i++)
		uc_reg_read(cpu->uc, UC_X86_REG_XMM0 + i, image + 160 + 16 * i);
	return 0;
}

int x86_fxrstor(struct cpu *cpu, const uint8_t image[X86_FXSAVE_BYTES])
{
	if (cpu->arch == CPU_ARCH_I8086)
		return -1;
	struct x87_state st;
	memset(&st, 0, sizeof(st));
	st.fcw = bo_get16(image + 0, false);
	st.fsw = bo_get16(image + 2, false);
	for (int i = 0; i < 8; i++)	/* Unicorn keeps only empty or not from the full tags */
		st.ftw |= (uint16_t)(((image[4] >> i) & 1 ? 0u : 3u) << (2 * i));
	for (int i = 0; i < 8; i++)
		memcpy(st.st[i], image + 32 + 16 * i, 10);
	uc_reg_write(cpu->uc, UC_X86_REG_FPCW, &st.fcw);
	x87_store(cpu, &st);
	uint32_t mxcsr = bo_get32(image + 24, false) & 0xffff;
	uc_reg_write(cpu->uc, UC_X86_REG_MXCSR, &mxcsr);
	int nxmm = cpu->arch == CPU_ARCH_X86_64 ? 16 : 8;
	for (int i = 0; i < nxmm; i++)
		uc_reg_write(cpu->uc, UC_X86_REG_XMM0 + i, image + 160 + 16 * i);
	return 0;
}

/* Code hook on an x87 site: run the instruction on the host and go on after it. */
static void on_x87(uc_engine *uc, uint64_t addr, uint32_t size, void *user)
{
	struct cpu *cpu = user;
	uint8_t insn[2];
	(void)uc;
	if (size != 2 || gm_read(cpu->mem, addr, insn, 2) != 0 || !x87_host_handles(insn))
		return;	/* other code now lives at this address */
	struct x87_state st;
	x87_load(cpu, &st);
	x87_host_execute(&st, insn[1]);
	x87_store(cpu, &st);
	/* The instruction has retired; the rest of its block runs as a new block, which the
	 * block hook counts, so count this block only up to here. */
	if (cpu->cur) {
		cpu->base += block_index_of(cpu->cur, addr) + 1;
		set_cur(cpu, NULL);
	}
	cpu_set_pc(cpu, addr + 2);
}

/* Code hook on a breakpoint: tell the OS layer; if it moved the pc, the instruction at addr
 * did not run and the rest of its block will run (and be counted) as a new block. */
static void on_breakpoint(uc_engine *uc, uint64_t addr, uint32_t size, void *user)
{
	struct cpu *cpu = user;
	(void)uc;
	(void)size;
	if (!cpu->ev.breakpoint)
		return;
	cpu->ev.breakpoint(cpu->ev.ctx, addr);
	if (cpu_pc(cpu) != addr && cpu->cur) {
		cpu->base += block_index_of(cpu->cur, addr);
		set_cur(cpu, NULL);
	}
}

int cpu_add_breakpoint(struct cpu *cpu, uint64_t addr)
{
	uc_hook h;
	if (uc_hook_add(cpu->uc, &h, UC_HOOK_CODE, (void *)on_breakpoint, cpu, addr, addr) != UC_ERR_OK)
		return -22;
	uc_ctl_remove_cache(cpu->uc, addr, addr + 1);
	return 0;
}

static void found_x87(void *ctx, uint64_t addr)
{
	struct cpu *cpu = ctx;
	for (size_t i = 0; i < cpu->x87_count; i++)
		if (cpu->x87_sites[i] == addr)
			return;
	if (cpu->x87_count == cpu->x87_cap) {
		size_t cap = cpu->x87_cap ? cpu->x87_cap * 2 : 16;
		uint64_t *n = realloc(cpu->x87_sites, cap * sizeof(*n));
		if (!n)
			return;
		cpu->x87_sites = n;
		cpu->x87_cap = cap;
	}
	uc_hook h;
	if (uc_hook_add(cpu->uc, &h, UC_HOOK_CODE, (void *)on_x87, cpu, addr, addr) != UC_ERR_OK)
		return;
	cpu->x87_sites[cpu->x87_count++] = addr;
	cpu->retranslate = true;
}

/* A trap instruction always ends its translated block, so when it runs the whole block has
 * retired: count it now, so that events see the trap itself counted. */
static void retire_current_block(struct cpu *cpu)
{
	cpu->base += cpu->cur_icount;
	set_cur(cpu, NULL);
}

static void on_syscall(uc_engine *uc, void *user)
{
	struct cpu *cpu = user;
	(void)uc;
	retire_current_block(cpu);
	if (cpu->ev.syscall)
		cpu->ev.syscall(cpu->ev.ctx);
}

static void set_fault(struct cpu *cpu, enum cpu_fault_kind kind, uint64_t pc, const char *what)
{
	cpu->faulted = true;
	cpu->fault.kind = kind;
	cpu->fault.pc = pc;
	snprintf(cpu->fault.detail, sizeof(cpu->fault.detail), "%s", what);
	uc_emu_stop(cpu->uc);
}

/* Real mode: was `intno` raised by an `int n`, `int3` or `into` that just ran (Unicorn then
 * leaves the pc after it), or by the CPU at the faulting instruction (the pc on it)? The bytes
 * before the pc tell; a CPU exception whose instruction happens to follow such bytes is taken
 * for a software interrupt, a harmless confusion since no vector here has both meanings. */
static bool real_mode_software_int(struct cpu *cpu, uint64_t pc, uint32_t intno)
{
	uint8_t b[2];
	if (pc >= 2 && gm_read(cpu->mem, pc - 2, b, 2) == 0 && b[0] == 0xcd && b[1] == intno)
		return true;
	if (pc >= 1 && gm_read(cpu->mem, pc - 1, b + 1, 1) == 0)
		return (intno == 3 && b[1] == 0xcc) || (intno == 4 && b[1] == 0xce);
	return false;
}

/* 8086 real mode: every software interrupt, whatever its vector, goes to the OS layer (DOS
 * serves them through its interrupt vector table); a divide error and an invalid opcode are
 * always faults, as are the other exceptions the CPU raises itself. */
/* Whether the instruction at pc divides (div, idiv, aam): a #DE there is the CPU's own. */
static bool real_mode_divides_at(struct cpu *cpu, uint64_t pc)
{
	uint8_t b[8];
	if (gm_read(cpu->mem, pc, b, sizeof(b)) != 0)
		return false;
	unsigned i = 0;
	while (i < 6 && (b[i] == 0x26 || b[i] == 0x2e || b[i] == 0x36 || b[i] == 0x3e || b[i] == 0x64 ||
			 b[i] == 0x65 || b[i] == 0x66 || b[i] == 0x67 || b[i] == 0xf0 || b[i] == 0xf2 ||
			 b[i] == 0xf3))
		i++;
	return ((b[i] == 0xf6 || b[i] == 0xf7) && ((b[i + 1] >> 3) & 7) >= 6) || b[i] == 0xd4;
}

static void real_mode_interrupt(struct cpu *cpu, uint32_t intno, uint64_t pc)
{
	if (intno == 0 || intno == 6) {
		/* An explicit `int 0` or `int 6` faults too, reported at the int itself (which
		 * then has not retired), as the CPU's own exceptions are. */
		bool cpu_raised = intno == 0 ? real_mode_divides_at(cpu, pc)
					     : !real_mode_software_int(cpu, pc, intno);
		if (!cpu_raised && real_mode_software_int(cpu, pc, intno)) {
			pc -= 2;
			cpu_set_pc(cpu, pc);
		}
		set_fault(cpu, intno == 0 ? CPU_FAULT_FPE : CPU_FAULT_ILL, pc,
			  intno == 0 ? "divide error" : "invalid opcode");
		return;
	}
	if (real_mode_software_int(cpu, pc, intno)) {
		retire_current_block(cpu);
		if (cpu->ev.interrupt) {
			cpu->ev.interrupt(cpu->ev.ctx, intno);
			return;
		}
		char what[48];
		snprintf(what, sizeof(what), "unexpected interrupt 0x%x", intno);
		set_fault(cpu, CPU_FAULT_SEGV_ACCERR, pc, what);
		return;
	}
	char what[48];
	switch (intno) {
	case 1:
		set_fault(cpu, CPU_FAULT_TRAP, pc, "single-step trap");
		return;
	case 7:
		set_fault(cpu, CPU_FAULT_ILL, pc, "no coprocessor");
		return;
	case 16:
		set_fault(cpu, CPU_FAULT_FPE, pc, "x87 floating-point error");
		return;
	default:
		/* 5 (bound), 12 and 13 (an access across the end of a 64 KiB segment), ... */
		snprintf(what, sizeof(what), "CPU exception %u", intno);
		set_fault(cpu, CPU_FAULT_SEGV_ACCERR, pc, what);
		return;
	}
}

/* CPU exceptions and `int n` both arrive here (Unicorn's interrupt hook). */
static void on_interrupt(uc_engine *uc, uint32_t intno, void *user)
{
	struct cpu *cpu = user;
	(void)uc;
	uint64_t pc = cpu_pc(cpu);
	if (cpu->arch == CPU_ARCH_I8086) {
		real_mode_interrupt(cpu, intno, pc);
		return;
	}
	switch (intno) {
	case 0x80:
		if (cpu->arch == CPU_ARCH_I386) {
			retire_current_block(cpu);
			if (cpu->ev.syscall)
				cpu->ev.syscall(cpu->ev.ctx);
			return;
		}
		break;
	case 0:
		cpu->exception_in_flight = true;
		set_fault(cpu, CPU_FAULT_FPE, pc, "divide error");
		return;
	case 1:
	case 3:
		set_fault(cpu, CPU_FAULT_TRAP, pc, "breakpoint");
		return;
	case 6:
		set_fault(cpu, CPU_FAULT_ILL, pc, "illegal instruction");
		return;
	case 10: case 11: case 12: case 13: case 8:
		cpu->exception_in_flight = true;
		set_fault(cpu, CPU_FAULT_SEGV_ACCERR, pc, intno == 13 ? "general protection fault"
							 : intno == 8 ? "double fault" : "segment fault");
		return;
	default:
		break;
	}
	if (cpu->ev.interrupt && intno >= 0x20) {
		retire_current_block(cpu);
		cpu->ev.interrupt(cpu->ev.ctx, intno);
		return;
	}
	char what[48];
	snprintf(what, sizeof(what), "unexpected interrupt 0x%x", intno);
	/* Linux answers a stray `int n` with SIGSEGV (a #GP from the IDT's privilege check). */
	set_fault(cpu, CPU_FAULT_SEGV_ACCERR, pc, what);
}

static bool on_bad_memory(uc_engine *uc, uc_mem_type type, uint64_t addr, int size, int64_t value,
			  void *user)
{
	struct cpu *cpu = user;
	(void)uc;
	(void)size;
	(void)value;
	bool unmapped = type == UC_MEM_READ_UNMAPPED || type == UC_MEM_WRITE_UNMAPPED ||
			type == UC_MEM_FETCH_UNMAPPED;
	const char *what = type == UC_MEM_WRITE_UNMAPPED || type == UC_MEM_WRITE_PROT ? "write"
			 : type == UC_MEM_FETCH_UNMAPPED || type == UC_MEM_FETCH_PROT ? "execute"
			 : "read";
	cpu->mem_fault_seen = true;
	cpu->mem_fault_write = type == UC_MEM_WRITE_UNMAPPED || type == UC_MEM_WRITE_PROT;
	cpu->fault.kind = unmapped ? CPU_FAULT_SEGV_MAPERR : CPU_FAULT_SEGV_ACCERR;
	cpu->fault.addr = addr;
	cpu->fault.has_addr = true;
	snprintf(cpu->fault.detail, sizeof(cpu->fault.detail), "invalid %s at 0x%" PRIx64 " (%s)",
		 what, addr, unmapped ? "not mapped" : "not permitted");
	return false;
}

/* Guest-memory listener: mirror each region into Unicorn over the same host buffer. */
static uint32_t uc_perms(int prot)
{
	return (prot & GM_PROT_READ ? UC_PROT_READ : 0) | (prot & GM_PROT_WRITE ? UC_PROT_WRITE : 0) |
	       (prot & GM_PROT_EXEC ? UC_PROT_EXEC : 0);
}

static int region_added(void *ctx, const struct gm_region *r)
{
	struct cpu *cpu = ctx;
	uc_err e = uc_mem_map_ptr(cpu->uc, r->start, r->end - r->start, uc_perms(r->prot), r->host);
	return e == UC_ERR_OK ? 0 : -12 /* ENOMEM */;
}

static int region_removed(void *ctx, const struct gm_region *r)
{
	struct cpu *cpu = ctx;
	uc_mem_unmap(cpu->uc, r->start, r->end - r->start);
	if (r->prot & GM_PROT_EXEC) {
		/* Code may come back at the same address: forget what was decoded there. */
		uc_ctl_remove_cache(cpu->uc, r->start, r->end);
		retire_current_block(cpu);	/* only traps change the map, and they end blocks */
		block_cache_clear(&cpu->blocks);
	}
	return 0;
}

/* SSE is how every x86 glibc works: enable it (CR0.MP, CR4.OSFXSR | OSXMMEXCPT, no CR0.EM). */
static void enable_sse(struct cpu *cpu)
{
	uint64_t cr0 = 0, cr4 = 0;
	uc_reg_read(cpu->uc, UC_X86_REG_CR0, &cr0);
	uc_reg_read(cpu->uc, UC_X86_REG_CR4, &cr4);
	cr0 = (cr0 & ~(uint64_t)0x4) | 0x2;
	cr4 |= (1u << 9) | (1u << 10);
	uc_reg_write(cpu->uc, UC_X86_REG_CR0, &cr0);
	uc_reg_write(cpu->uc, UC_X86_REG_CR4, &cr4);
	/* The x87 and SSE control words Linux gives a new process (glibc never sets them):
	 * 64-bit precision, round to nearest, every exception masked. */
	uint64_t fpcw = 0x37f, mxcsr = 0x1f80;
	uc_reg_write(cpu->uc, UC_X86_REG_FPCW, &fpcw);
	uc_reg_write(cpu->uc, UC_X86_REG_MXCSR, &mxcsr);
}

/* A flat 4 GiB, 32-bit, user-mode (DPL 3) descriptor with the given base: `type` 0xf3 is a
 * writable data segment, 0xfb a readable code segment. The accessed bit is preset so the CPU
 * never writes back to the (read-only) GDT page. */
static uint64_t flat_descriptor(uint32_t base, unsigned type)
{
	uint64_t limit = 0xfffff;
	uint64_t d = (limit & 0xffff) | ((uint64_t)(base & 0xffffff) << 16);
	d |= (uint64_t)type << 40;
	d |= ((limit >> 16) & 0xf) << 48;
	d |= (uint64_t)0xc << 52;		/* 4 KiB granularity, 32-bit */
	d |= (uint64_t)(base >> 24) << 56;
	return d;
}

/* Segment selectors of a 32-bit process on x86-64 Linux (user code and data), and a ring-0
 * stack segment: Unicorn keeps the CPU at privilege level 0 after the CS load, and SS must
 * match that level. */
enum { I386_USER_CS = 4 << 3 | 3, I386_USER_DS = 5 << 3 | 3, I386_STACK_SS = 6 << 3 };

/* i386 programs run on flat segments, as under Linux, with a GDT in guest memory: TLS goes
 * through a descriptor that glibc loads into %gs after set_thread_area. Loading the code and
 * stack segments from real descriptors also keeps the stack 32-bit: without them, the first
 * segment load (glibc's %gs) recomputes the CPU's flags to a 16-bit stack pointer. */
static int setup_gdt(struct cpu *cpu)
{
	int err = gm_map(cpu->mem, I386_GDT_ADDR, 4096, GM_PROT_READ);
	if (err)
		return err;
	uint8_t desc[8];
	bo_put64(desc, flat_descriptor(0, 0xfb), false);
	gm_poke(cpu->mem, I386_GDT_ADDR + (I386_USER_CS >> 3) * 8, desc, 8);
	bo_put64(desc, flat_descriptor(0, 0xf3), false);
	gm_poke(cpu->mem, I386_GDT_ADDR + (I386_USER_DS >> 3) * 8, desc, 8);
	bo_put64(desc, flat_descriptor(0, 0x93), false);
	gm_poke(cpu->mem, I386_GDT_ADDR + (I386_STACK_SS >> 3) * 8, desc, 8);
	uc_x86_mmr gdtr = { .base = I386_GDT_ADDR, .limit = I386_GDT_ENTRIES * 8 - 1 };
	if (uc_reg_write(cpu->uc, UC_X86_REG_GDTR, &gdtr) != UC_ERR_OK)
		return -22;
	static const struct { int reg; uint64_t sel; } segs[] = {
		{ UC_X86_REG_CS, I386_USER_CS }, { UC_X86_REG_SS, I386_STACK_SS },
		{ UC_X86_REG_DS, I386_USER_DS }, { UC_X86_REG_ES, I386_USER_DS },
	};
	for (size_t i = 0; i < sizeof(segs) / sizeof(segs[0]); i++)
		if (uc_reg_write(cpu->uc, segs[i].reg, &segs[i].sel) != UC_ERR_OK)
			return -22;
	return 0;
}

int cpu_set_tls(struct cpu *cpu, int which, uint64_t base)
{
	if (cpu->arch == CPU_ARCH_I8086)
		return -22;	/* real mode has no thread pointer */
	if (cpu->arch == CPU_ARCH_X86_64) {
		int reg = which == X86_TLS_FS ? UC_X86_REG_FS_BASE : which == X86_TLS_GS ? UC_X86_REG_GS_BASE : -1;
		if (reg < 0)
			return -22;
		return uc_reg_write(cpu->uc, reg, &base) == UC_ERR_OK ? 0 : -22;
	}
	if (which < X86_GDT_TLS_FIRST || which >= X86_GDT_TLS_FIRST + X86_GDT_TLS_COUNT)
		return -22;
	uint8_t desc[8];
	bo_put64(desc, flat_descriptor((uint32_t)base, 0xf3), false);
	int err = gm_poke(cpu->mem, I386_GDT_ADDR + (uint64_t)which * 8, desc, 8);
	/* If %gs already holds this selector, reload it so the new base takes effect. */
	uint64_t gs = cpu_reg(cpu, X86_GS);
	if (!err && gs == ((uint64_t)which << 3 | 3))
		cpu_set_reg(cpu, X86_GS, gs);
	return err;
}

const char *cpu_arch_name(enum cpu_arch arch)
{
	switch (arch) {
	case CPU_ARCH_X86_64: return "x86_64";
	case CPU_ARCH_I386: return "i386";
	case CPU_ARCH_I8086: return "i8086";
	case CPU_ARCH_HPPA: return "hppa";
	case CPU_ARCH_IA64: return "ia64";
	}
	return "?";
}

struct cpu *cpu_create(const struct cpu_config *cfg, char *err, size_t errlen)
{
	if (cfg->arch != CPU_ARCH_X86_64 && cfg->arch != CPU_ARCH_I386 && cfg->arch != CPU_ARCH_I8086) {
		snprintf(err, errlen, "no back end for %s yet", cpu_arch_name(cfg->arch));
		return NULL;
	}
	struct cpu *cpu = calloc(1, sizeof(*cpu));
	if (!cpu) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	cpu->arch = cfg->arch;
	cpu->mem = cfg->mem;
	cpu->ev = cfg->events;
	cpu->track_calls = cfg->events.call || cfg->events.ret;
	cpu->max_insns = cfg->max_insns;
	cpu->next_tick = cfg->first_tick;
	update_event_at(cpu);
	bool is64 = cfg->arch == CPU_ARCH_X86_64;
	bool real = cfg->arch == CPU_ARCH_I8086;

	/* UC_MODE_16 starts in real mode (CR0.PE clear) with the A20 line enabled. */
	uc_err e = uc_open(UC_ARCH_X86, is64 ? UC_MODE_64 : real ? UC_MODE_16 : UC_MODE_32, &cpu->uc);
	if (e != UC_ERR_OK) {
		snprintf(err, errlen, "uc_open: %s", uc_strerror(e));
		free(cpu);
		return NULL;
	}
	if (block_cache_init(&cpu->blocks, is64 ? 64 : real ? 16 : 32)) {
		snprintf(err, errlen, "capstone: cannot open the x86 decoder");
		cpu_destroy(cpu);
		return NULL;
	}
	if (!real)
		enable_sse(cpu);	/* DOS programs set up the x87 themselves (fninit) */
	cpu->blocks.found_x87 = found_x87;
	cpu->blocks.ctx = cpu;

	uc_hook h;
	e = count_blocks ? uc_hook_add(cpu->uc, &h, UC_HOOK_BLOCK, (void *)on_block, cpu, 1, 0) : UC_ERR_OK;
	if (e == UC_ERR_OK)
		e = uc_hook_add(cpu->uc, &h, UC_HOOK_INTR, (void *)on_interrupt, cpu, 1, 0);
	if (e == UC_ERR_OK && is64)
		e = uc_hook_add(cpu->uc, &h, UC_HOOK_INSN, (void *)on_syscall, cpu, 1, 0, UC_X86_INS_SYSCALL);
	if (e == UC_ERR_OK)
		e = uc_hook_add(cpu->uc, &h, UC_HOOK_MEM_INVALID, (void *)on_bad_memory, cpu, 1, 0);
	if (e != UC_ERR_OK) {
		snprintf(err, errlen, "uc_hook_add: %s", uc_strerror(e));
		cpu_destroy(cpu);
		return NULL;
	}
	struct gm_listener l = { .ctx = cpu, .added = region_added, .removed = region_removed };
	gm_set_listener(cpu->mem, &l);
	if (!is64 && !real && setup_gdt(cpu)) {
		snprintf(err, errlen, "cannot map the i386 GDT page");
		cpu_destroy(cpu);
		return NULL;
	}
	if (uc_context_alloc(cpu->uc, &cpu->pristine) != UC_ERR_OK ||
	    uc_context_save(cpu->uc, cpu->pristine) != UC_ERR_OK) {
		snprintf(err, errlen, "cannot save the initial CPU context");
		cpu_destroy(cpu);
		return NULL;
	}
	return cpu;
}

void cpu_destroy(struct cpu *cpu)
{
	if (!cpu)
		return;
	if (cpu->mem) {
		struct gm_listener none = { 0 };
		cpu->mem->listener = none;
	}
	if (cpu->pristine)
		uc_context_free(cpu->pristine);
	if (cpu->uc)
		uc_close(cpu->uc);
	block_cache_destroy(&cpu->blocks);
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

/* Capstone's register names onto Unicorn's, for the registers an address can use. */
static bool read_capstone_reg(void *ctx, int reg, uint64_t *value)
{
	static const struct { int cs, uc; } map[] = {
		{ X86_REG_RAX, UC_X86_REG_RAX }, { X86_REG_RBX, UC_X86_REG_RBX },
		{ X86_REG_RCX, UC_X86_REG_RCX }, { X86_REG_RDX, UC_X86_REG_RDX },
		{ X86_REG_RSI, UC_X86_REG_RSI }, { X86_REG_RDI, UC_X86_REG_RDI },
		{ X86_REG_RBP, UC_X86_REG_RBP }, { X86_REG_RSP, UC_X86_REG_RSP },
		{ X86_REG_R8, UC_X86_REG_R8 }, { X86_REG_R9, UC_X86_REG_R9 },
		{ X86_REG_R10, UC_X86_REG_R10 }, { X86_REG_R11, UC_X86_REG_R11 },
		{ X86_REG_R12, UC_X86_REG_R12 }, { X86_REG_R13, UC_X86_REG_R13 },
		{ X86_REG_R14, UC_X86_REG_R14 }, { X86_REG_R15, UC_X86_REG_R15 },
		{ X86_REG_EAX, UC_X86_REG_EAX }, { X86_REG_EBX, UC_X86_REG_EBX },
		{ X86_REG_ECX, UC_X86_REG_ECX }, { X86_REG_EDX, UC_X86_REG_EDX },
		{ X86_REG_ESI, UC_X86_REG_ESI }, { X86_REG_EDI, UC_X86_REG_EDI },
		{ X86_REG_EBP, UC_X86_REG_EBP }, { X86_REG_ESP, UC_X86_REG_ESP },
		{ X86_REG_R8D, UC_X86_REG_R8D }, { X86_REG_R9D, UC_X86_REG_R9D },
		{ X86_REG_R10D, UC_X86_REG_R10D }, { X86_REG_R11D, UC_X86_REG_R11D },
		{ X86_REG_R12D, UC_X86_REG_R12D }, { X86_REG_R13D, UC_X86_REG_R13D },
		{ X86_REG_R14D, UC_X86_REG_R14D }, { X86_REG_R15D, UC_X86_REG_R15D },
	};
	struct cpu *cpu = ctx;
	*value = 0;
	if (reg == X86_REG_FS || reg == X86_REG_GS) {
		if (cpu->arch == CPU_ARCH_X86_64)
			return uc_reg_read(cpu->uc, reg == X86_REG_FS ? UC_X86_REG_FS_BASE
								     : UC_X86_REG_GS_BASE, value) == UC_ERR_OK;
		uint64_t sel = cpu_reg(cpu, reg == X86_REG_FS ? X86_FS : X86_GS);
		uint8_t desc[8];
		if (gm_read(cpu->mem, I386_GDT_ADDR + (sel >> 3) * 8, desc, 8) != 0)
			return false;
		uint64_t d = bo_get64(desc, false);
		*value = ((d >> 16) & 0xffffff) | ((d >> 56) << 24);
		return true;
	}
	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (map[i].cs == reg)
			return uc_reg_read(cpu->uc, map[i].uc, value) == UC_ERR_OK;
	return false;
}

uint64_t cpu_thread_pointer(struct cpu *cpu)
{
	uint64_t tp = 0;
	if (cpu->arch == CPU_ARCH_X86_64)
		return cpu_reg(cpu, X86_FS_BASE);
	if (cpu->arch == CPU_ARCH_I8086)
		return 0;
	if (cpu_reg(cpu, X86_GS) >> 3 == 0 || !read_capstone_reg(cpu, X86_REG_GS, &tp))
		return 0;
	return tp;
}

/* After a memory fault the pc names the block's start: find the instruction (x86_fault.h). */
static uint64_t locate_faulting_pc(struct cpu *cpu, uint64_t pc)
{
	const struct block_info *b = cpu->cur;
	/* Real mode: addresses need segment bases the decoder does not add; and DOS maps all of
	 * the 8086's memory, so only tests see such faults. The block start is near enough. */
	if (!b || pc != b->addr || cpu->arch == CPU_ARCH_I8086)
		return pc;
	const uint8_t *code = gm_host(cpu->mem, b->addr, b->size, GM_PROT_NONE);
	if (!code)
		return pc;
	uint32_t i = x86_locate_fault(b, code, cpu->arch == CPU_ARCH_X86_64 ? 64 : 32,
				      cpu->fault.addr, cpu->mem_fault_write, read_capstone_reg, cpu);
	return i < b->icount ? b->addr + b->offsets[i] : pc;
}

/* See `pristine` in struct cpu: every register a program can change, around the reload. */
static void clear_exception_in_flight(struct cpu *cpu)
{
	static const int saved[] = { X86_RAX, X86_RBX, X86_RCX, X86_RDX, X86_RSI, X86_RDI, X86_RBP,
				     X86_RSP, X86_R8, X86_R9, X86_R10, X86_R11, X86_R12, X86_R13,
				     X86_R14, X86_R15, X86_RFLAGS, X86_RIP };
	uint64_t v[sizeof(saved) / sizeof(saved[0])];
	uint8_t fx[X86_FXSAVE_BYTES];
	bool is64 = cpu->arch == CPU_ARCH_X86_64;
	cpu->exception_in_flight = false;
	if (!cpu->pristine || cpu->arch == CPU_ARCH_I8086)
		return;
	size_t n = is64 ? sizeof(saved) / sizeof(saved[0]) : 8;
	for (size_t i = 0; i < n; i++)
		v[i] = cpu_reg(cpu, saved[i]);
	uint64_t flags = cpu_reg(cpu, X86_RFLAGS), pc = cpu_reg(cpu, X86_RIP);
	uint64_t fs = cpu_reg(cpu, X86_FS), gs = cpu_reg(cpu, X86_GS);
	uint64_t fs_base = is64 ? cpu_reg(cpu, X86_FS_BASE) : 0, gs_base = is64 ? cpu_reg(cpu, X86_GS_BASE) : 0;
	x86_fxsave(cpu, fx);
	if (uc_context_restore(cpu->uc, cpu->pristine) != UC_ERR_OK)
		return;
	if (is64) {
		cpu_set_reg(cpu, X86_FS_BASE, fs_base);
		cpu_set_reg(cpu, X86_GS_BASE, gs_base);
	} else {
		/* i386: the selectors reload their bases from the GDT (set_thread_area's entries). */
		cpu_set_reg(cpu, X86_FS, fs);
		cpu_set_reg(cpu, X86_GS, gs);
	}
	for (size_t i = 0; i < n; i++)
		cpu_set_reg(cpu, saved[i], v[i]);
	cpu_set_reg(cpu, X86_RFLAGS, flags);
	cpu_set_reg(cpu, X86_RIP, pc);
	x86_fxrstor(cpu, fx);
}

enum cpu_stop cpu_run(struct cpu *cpu, struct cpu_fault *fault)
{
	if (cpu->exception_in_flight)
		clear_exception_in_flight(cpu);
	cpu->stop_requested = cpu->insn_limit_hit = cpu->faulted = cpu->mem_fault_seen = false;
	cpu->stop_at = 0;
	cpu->stop_at_tick = cpu->stopped_in_hook = false;
	memset(&cpu->fault, 0, sizeof(cpu->fault));
	for (;;) {
		cpu->retranslate = false;
		uint64_t pc = cpu_pc(cpu);
		/* `until` is an address no instruction can start at: emulation ends only by a stop. */
		uint64_t until = cpu->arch == CPU_ARCH_X86_64 ? 0xffffffffffffffffu : 0xffffffffu;
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
				cpu_set_pc(cpu, cpu->stopped_before);
		}
		if (to_tick) {
			/* Unicorn translated a block at `until` that only stops there (it imitates
			 * hlt); left cached, it would end a later run at that address. */
			uc_ctl_remove_cache(cpu->uc, until, until + 1);
			if (e == UC_ERR_OK && !cpu->faulted && !cpu->stop_requested && cpu_pc(cpu) == until)
				cpu->stop_requested = true;	/* there: the requested stop */
		}
		if (cpu->faulted) {
			/* The faulting instruction did not retire. */
			cpu->base = retired_at(cpu, cpu->fault.pc);
			set_cur(cpu, NULL);
			*fault = cpu->fault;
			return CPU_STOP_FAULT;
		}
		if (e != UC_ERR_OK) {
			uint64_t at = cpu_pc(cpu);
			if (cpu->mem_fault_seen) {
				at = locate_faulting_pc(cpu, at);
				cpu->fault.pc = at;
				cpu_set_pc(cpu, at);
			} else {
				snprintf(cpu->fault.detail, sizeof(cpu->fault.detail), "%s", uc_strerror(e));
				cpu->fault.kind = fault_kind_of(e);
				cpu->fault.pc = at;
			}
			cpu->base = retired_at(cpu, at);
			set_cur(cpu, NULL);
			*fault = cpu->fault;
			return CPU_STOP_FAULT;
		}
		if (cpu->insn_limit_hit)
			return CPU_STOP_INSN_LIMIT;
		if (cpu->retranslate && !cpu->stop_requested)
			continue;	/* the pc is at the block to translate again */
		if (cpu->stop_requested) {
			/* Make the count exact at the stop point and start afresh on resume. */
			cpu->base = cpu_retired(cpu);
			set_cur(cpu, NULL);
			if (cpu->stop_at && cpu->arch != CPU_ARCH_I8086 && cpu->stop_at != cpu_pc(cpu)) {
				cpu->stop_requested = false;
				continue;	/* to the tick's instruction first */
			}
			cpu->stop_at = 0;
			return CPU_STOP_REQUESTED;
		}
		/* Unicorn returned without a stop of ours: after `hlt`, which Linux answers in user
		 * mode with SIGSEGV (glibc's abort() ends in one); otherwise go on. */
		uint64_t at = cpu_pc(cpu);
		uint8_t op = 0;
		cpu->base = retired_at(cpu, at);
		set_cur(cpu, NULL);
		if (at && gm_read(cpu->mem, at - 1, &op, 1) == 0 && op == 0xf4) {
			cpu->base--;
			cpu_set_pc(cpu, at - 1);
			memset(fault, 0, sizeof(*fault));
			fault->kind = CPU_FAULT_SEGV_ACCERR;
			fault->pc = at - 1;
			snprintf(fault->detail, sizeof(fault->detail), "privileged instruction (hlt)");
			return CPU_STOP_FAULT;
		}
	}
}

void cpu_dump_regs(struct cpu *cpu, char *buf, size_t len)
{
	static const char *names64[] = { "rax", "rbx", "rcx", "rdx", "rsi", "rdi", "rbp", "rsp",
					 "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15",
					 "rip", "flags" };
	static const char *names32[] = { "eax", "ebx", "ecx", "edx", "esi", "edi", "ebp", "esp" };
	size_t n = 0;
	buf[0] = 0;
	if (cpu->arch == CPU_ARCH_I8086) {
		/* As DEBUG's R command shows them. */
		snprintf(buf, len,
			 "AX=%04" PRIx64 " BX=%04" PRIx64 " CX=%04" PRIx64 " DX=%04" PRIx64
			 " SP=%04" PRIx64 " BP=%04" PRIx64 " SI=%04" PRIx64 " DI=%04" PRIx64 "\n"
			 "DS=%04" PRIx64 " ES=%04" PRIx64 " SS=%04" PRIx64 " CS=%04" PRIx64
			 " IP=%04" PRIx64 " FLAGS=%04" PRIx64 "\n",
			 cpu_reg(cpu, X86_RAX), cpu_reg(cpu, X86_RBX), cpu_reg(cpu, X86_RCX),
			 cpu_reg(cpu, X86_RDX), cpu_reg(cpu, X86_RSP), cpu_reg(cpu, X86_RBP),
			 cpu_reg(cpu, X86_RSI), cpu_reg(cpu, X86_RDI), cpu_reg(cpu, X86_DS),
			 cpu_reg(cpu, X86_ES), cpu_reg(cpu, X86_SS), cpu_reg(cpu, X86_CS),
			 cpu_reg(cpu, X86_RIP), cpu_reg(cpu, X86_RFLAGS));
		return;
	}
	if (cpu->arch == CPU_ARCH_X86_64) {
		for (int r = 0; r <= X86_RFLAGS && n < len; r++)
			n += (size_t)snprintf(buf + n, len - n, "%s=%016" PRIx64 "%s", names64[r],
					      cpu_reg(cpu, r), r % 4 == 3 || r == X86_RFLAGS ? "\n" : " ");
	} else {
		for (int r = 0; r <= X86_RSP && n < len; r++)
			n += (size_t)snprintf(buf + n, len - n, "%s=%08" PRIx64 "%s", names32[r],
					      cpu_reg(cpu, r), r % 4 == 3 ? "\n" : " ");
		if (n < len)
			snprintf(buf + n, len - n, "eip=%08" PRIx64 " flags=%08" PRIx64 "\n",
				 cpu_reg(cpu, X86_RIP), cpu_reg(cpu, X86_RFLAGS));
	}
}
