/* The x86 back end's state and the functions its files share (x86_cpu.c: creation and the run
 * loop; x86_count.c: the block hook and the clock; x86_regs.c: registers and the pc;
 * x86_traps.c: system calls, interrupts, faults, breakpoints; x86_real_mode.c: 8086 interrupts;
 * x86_fpu.c: x87/SSE state; x86_gdt.c: the i386 GDT and thread pointers). Only emu/x86/
 * includes it: everything else reaches the back end through emu/cpu.h. */
#ifndef PROFEMU_X86_CPU_INTERNAL_H
#define PROFEMU_X86_CPU_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <unicorn/unicorn.h>

#include "../cpu_backend.h"
#include "../addr_counts.h"
#include "../clock.h"
#include "regs.h"
#include "../page_set.h"
#include "x86_blocks.h"

struct x86_cpu {
	struct cpu base;	/* first: a struct cpu * is a struct x86_cpu * (cpu_backend.h) */
	uc_engine *uc;
	struct guest_mem *mem;
	struct cpu_events ev;
	struct block_cache blocks;

	/* Counting: `retired_base` instructions retired before the current block `cur` began; its
	 * count is copied to cur_icount (0 when none) so the block hook never reads `cur`. */
	uint64_t retired_base;
	struct block_info *cur;
	uint64_t cur_icount;
	/* cpu_insn_counts: every block entered counts once in its execs; when it is left before
	 * its end (retired_base then says how far it ran: cur_base is retired_base at its entry),
	 * the instructions that did not run are taken off in `insns`, where forgotten blocks'
	 * counts go too. */
	uint64_t cur_base;
	bool counting;
	struct addr_counts insns;
	/* Ticks, --max-insns and the time slice; its limit is what the block hook compares
	 * retired_base plus the block's count with. Its retired is written only before the
	 * clock is called (cpu_retired is retired_base and the pc's place in the block). */
	struct emu_clock clock;
	bool track_calls;	/* events.call or events.ret is set: x86_on_block_calls is the hook */
	uint8_t cur_ends_with;	/* cur->ends_with & ends_watched (PLAIN without cur), read without cur */
	uint8_t ends_watched;	/* BLOCK_ENDS_CALL | BLOCK_ENDS_RET: the kinds with an event */

	bool stop_requested;
	/* cpu_request_stop_async: a host signal handler asked for a stop (and zeroed the clock's limit so
	 * that the next block takes the slow path, which stops before it). Unicorn's own stop
	 * from a signal handler could land anywhere in a block, where its pc is not to be
	 * trusted (stopped_before below). */
	volatile bool async_stop;
	/* cpu_request_stop_at_tick: a stop asked for during a tick event leaves the pc of the
	 * tick's instruction in stop_at; cpu_run then runs the block up to it (see there). */
	bool stop_at_tick;
	uint64_t stop_at;
	/* A tick inside the current block (past its first instruction) waits until the block is
	 * left (tick_deferred), or with exact_ticks (cpu_exact_ticks) the block runs up to it
	 * first (tick_split), so that no tick names an instruction a fault kept from running. */
	bool tick_deferred, tick_split, exact_ticks;
	/* A stop from the block hook leaves the CPU before that block, but Unicorn 2.1 does not
	 * always bring its pc register there (it is the pc of an earlier block once a register
	 * write set its "quit" flag): the hook notes the block and cpu_run puts the pc back. */
	uint64_t stopped_before;
	bool stopped_in_hook;
	bool insn_limit_hit;
	bool limit_stop;	/* the stop asked for is the instruction limit's, inside a block */
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

	/* x86_mem.c: the pages blocks were decoded from, watched for writes; a store into one
	 * stopped the engine (code_write_pending, at code_write_page); the TLB fill hook serves
	 * uc_ctl_remove_cache's lookups (invalidating). */
	struct page_set code_pages;
	/* pages whose code stores into itself (a store refused twice at the same pc with
	 * nothing retired between: its own block came back before it could run); never
	 * watched again until guest_mem changes them */
	struct page_set self_writing;
	uint64_t refused_pc, refused_retired;
	uint64_t code_write_page;
	bool code_write_pending;
	bool invalidating;
};

extern const struct cpu_ops x86_cpu_ops;

/* The x86 state behind a struct cpu of this back end; NULL for another back end's. */
static inline struct x86_cpu *x86_cpu_of(struct cpu *cpu)
{
	return cpu && cpu->ops == &x86_cpu_ops ? (struct x86_cpu *)cpu : NULL;
}

/* x86_count.c: the current block and the clock. */
void x86_uncount_tail(struct x86_cpu *cpu, const struct block_info *b, uint64_t ran);
void x86_raise_deferred_ticks(struct x86_cpu *cpu);
static inline void x86_set_cur(struct x86_cpu *cpu, struct block_info *b)
{
	if (cpu->tick_deferred)
		x86_raise_deferred_ticks(cpu);
	if (cpu->counting && cpu->cur && cpu->retired_base - cpu->cur_base < cpu->cur->icount)
		x86_uncount_tail(cpu, cpu->cur, cpu->retired_base - cpu->cur_base);
	cpu->cur = b;
	cpu->cur_ends_with = b ? b->ends_with & cpu->ends_watched : BLOCK_ENDS_PLAIN;
	cpu->cur_icount = b ? b->icount : 0;
	cpu->cur_base = cpu->retired_base;
	if (b && cpu->counting)
		b->execs++;
}
int x86_op_count_insns(struct cpu *base);
int x86_op_insn_counts(struct cpu *base, void (*fn)(void *ctx, uint64_t addr, uint64_t count), void *ctx);
/* Exact count at pc: inside the current block, the instructions before pc; elsewhere (the next
 * block has not started), the whole current block. */
uint64_t x86_retired_at(const struct x86_cpu *cpu, uint64_t pc);
uint64_t x86_retired(struct x86_cpu *cpu);
void x86_set_next_tick(struct x86_cpu *cpu, uint64_t interval);
void x86_charge(struct x86_cpu *cpu, uint64_t instructions, uint64_t pc);
void x86_request_stop_async(struct x86_cpu *cpu);
void x86_set_quantum(struct x86_cpu *cpu, uint64_t n);
void x86_request_stop(struct x86_cpu *cpu);
void x86_request_stop_at_tick(struct x86_cpu *cpu);
void x86_set_exact_ticks(struct x86_cpu *cpu, bool on);
/* A trap instruction always ends its translated block, so when it runs the whole block has
 * retired: count it now, so that events see the trap itself counted. */
void x86_retire_current_block(struct x86_cpu *cpu);
/* Unicorn's block hook (user = the x86_cpu). */
void x86_on_block(uc_engine *uc, uint64_t addr, uint32_t size, void *user);
void x86_on_block_calls(uc_engine *uc, uint64_t addr, uint32_t size, void *user);

/* x86_mem.c: guest memory in Unicorn (windows, the TLB fill hook, code never stale). */
int x86_mem_setup(struct x86_cpu *cpu);
int x86_op_mem_changed(struct cpu *base, const struct gm_change *c);
void x86_code_decoded(void *ctx, uint64_t addr, uint32_t size);	/* block_cache.decoded */
void x86_code_write_seen(struct x86_cpu *cpu);
/* Physical addresses of the pages the guest may not access (x86_mem.c's trap pages): above
 * every guest address. */
#define X86_TRAP_PHYS (UINT64_C(1) << 48)

/* x86_regs.c: registers by regs.h numbering, and the (linear) pc. */
uint64_t x86_read_reg(struct x86_cpu *cpu, int reg);
void x86_write_reg(struct x86_cpu *cpu, int reg, uint64_t value);
uint64_t x86_pc(struct x86_cpu *cpu);
void x86_set_pc(struct x86_cpu *cpu, uint64_t pc);
void x86_dump_regs(struct x86_cpu *cpu, char *buf, size_t len);

/* A fault ends the run: its kind, pc and detail for cpu_run's caller. */
static inline void x86_set_fault(struct x86_cpu *cpu, enum cpu_fault_kind kind, uint64_t pc,
				 const char *what)
{
	cpu->faulted = true;
	cpu->fault.kind = kind;
	cpu->fault.pc = pc;
	snprintf(cpu->fault.detail, sizeof(cpu->fault.detail), "%s", what);
	uc_emu_stop(cpu->uc);
}

/* x86_traps.c: Unicorn's hooks for traps and bad accesses, and breakpoints. */
void x86_on_syscall(uc_engine *uc, void *user);
void x86_on_interrupt(uc_engine *uc, uint32_t intno, void *user);
bool x86_on_bad_memory(uc_engine *uc, uc_mem_type type, uint64_t addr, int size, int64_t value,
		       void *user);
/* An access the guest may not make, at guest address addr: the fault it raises. */
void x86_bad_access(struct x86_cpu *cpu, uint64_t addr, bool write, bool fetch);
int x86_add_breakpoint(struct x86_cpu *cpu, uint64_t addr);
/* After a memory fault the pc names the block's start: the faulting instruction (x86_fault.h). */
uint64_t x86_locate_faulting_pc(struct x86_cpu *cpu, uint64_t pc);

/* x86_real_mode.c: an interrupt or CPU exception in 8086 real mode. */
void x86_real_mode_interrupt(struct x86_cpu *cpu, uint32_t intno, uint64_t pc);

/* x86_fpu.c: SSE as Linux enables it, x87 instructions the host runs (x87_host.h), and the
 * FXSAVE image of the FPU state (regs.h's x86_fxsave and x86_fxrstor, which x86_cpu.c serves):
 * 0, or -1 in real mode. */
void x86_enable_sse(struct x86_cpu *cpu);
int x86_fpu_save(struct x86_cpu *cpu, uint8_t image[X86_FXSAVE_BYTES]);
int x86_fpu_restore(struct x86_cpu *cpu, const uint8_t image[X86_FXSAVE_BYTES]);
void x86_found_x87(void *ctx, uint64_t addr);	/* block_cache.found_x87 */

/* x86_gdt.c: i386 flat segments and thread pointers. */
int x86_setup_gdt(struct x86_cpu *cpu);
int x86_set_tls(struct x86_cpu *cpu, int which, uint64_t base);
uint64_t x86_thread_pointer(struct x86_cpu *cpu);
/* The base of the segment selector `sel` names in the i386 GDT; false if unreadable. */
bool x86_gdt_segment_base(struct x86_cpu *cpu, uint64_t sel, uint64_t *base);

#endif
