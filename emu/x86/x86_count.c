/* The x86 back end's count: retired instructions counted per translated block by one block
 * hook, which raises the clock's ticks (emu/clock.h) and stops at its limits.
 *
 * Each translated block's instruction count comes from the block cache (Capstone, decoded
 * once). At any event the exact count is the total before the current block plus the index of
 * the pc inside it. Unicorn's `count=` is never used: it installs a per-instruction hook (about
 * 10x slower). */
#include <stdio.h>

#include "x86_cpu_internal.h"

uint64_t x86_retired_at(const struct x86_cpu *cpu, uint64_t pc)
{
	if (!cpu->cur)
		return cpu->retired_base;
	return cpu->retired_base + block_index_of(cpu->cur, pc);
}

uint64_t x86_retired(struct x86_cpu *cpu)
{
	/* between blocks (call and return events) the pc need not be read from Unicorn */
	return cpu->cur ? x86_retired_at(cpu, x86_pc(cpu)) : cpu->retired_base;
}

/* After the clock recomputed its limit: a signal handler's stop stays asked for. */
static void keep_async_stop(struct x86_cpu *cpu)
{
	if (cpu->async_stop)
		__atomic_store_n(&cpu->clock.limit, 0, __ATOMIC_RELAXED);
}

/* The clock's operations need the exact count: the block hook's, brought up to the pc. */
static struct emu_clock *synced_clock(struct x86_cpu *cpu)
{
	cpu->clock.retired = x86_retired(cpu);
	return &cpu->clock;
}

void x86_set_next_tick(struct x86_cpu *cpu, uint64_t interval)
{
	clock_set_next_tick(synced_clock(cpu), interval);
	keep_async_stop(cpu);
}

void x86_charge(struct x86_cpu *cpu, uint64_t instructions, uint64_t pc)
{
	clock_charge(synced_clock(cpu), instructions, pc);
	keep_async_stop(cpu);
}

/* A stop asked for from the block hook: before the block being entered. */
static void stop_before_block(struct x86_cpu *cpu, uint64_t addr)
{
	cpu->stopped_in_hook = true;
	cpu->stopped_before = addr;
	uc_emu_stop(cpu->uc);
}

void x86_request_stop(struct x86_cpu *cpu)
{
	cpu->stop_requested = true;
	uc_emu_stop(cpu->uc);
}

/* From a host signal handler: the clock's limit at 0 sends the next block to the slow path,
 * which stops before it. */
void x86_request_stop_async(struct x86_cpu *cpu)
{
	cpu->async_stop = true;
	__atomic_store_n(&cpu->clock.limit, 0, __ATOMIC_RELAXED);
}


/* Outside a tick event the flag has no effect: the stop is where the CPU is, and cpu_run
 * clears the flag when it starts again. */
void x86_request_stop_at_tick(struct x86_cpu *cpu)
{
	cpu->stop_at_tick = true;
	x86_request_stop(cpu);
}

void x86_set_exact_ticks(struct x86_cpu *cpu, bool on)
{
	cpu->exact_ticks = on;
}

void x86_set_quantum(struct x86_cpu *cpu, uint64_t n)
{
	clock_set_quantum(synced_clock(cpu), n);
	keep_async_stop(cpu);
}

/* The block at addr: through the hot table, else looked up (decoded on first sight). */
static __attribute__((noinline)) struct block_info *find_block(struct x86_cpu *cpu, uint64_t addr,
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
static __attribute__((noinline)) void block_events(struct x86_cpu *cpu, struct block_info *b, uint64_t addr)
{
	struct emu_clock *clk = &cpu->clock;
	if (cpu->retired_base + b->icount > clk->max_insns) {
		/* The limit falls in this block: it does not run, and cpu_run runs it up to the
		 * limit's instruction (as for a tick's stop), then stops there (x86_op_run). In real
		 * mode `until` would need the segment: stop before the block instead. */
		uint64_t left = clk->max_insns - cpu->retired_base;
		if (left && cpu->base.arch != CPU_ARCH_I8086) {
			cpu->stop_requested = true;
			cpu->limit_stop = true;
			cpu->stop_at = addr + b->offsets[left];
		} else {
			cpu->insn_limit_hit = true;
		}
		x86_set_cur(cpu, NULL);
		stop_before_block(cpu, addr);
		return;
	}
	if (cpu->retired_base + b->icount > clk->quantum_end) {
		/* The time slice ends at an exact instruction, so that a preemption can fall
		 * between a load and its store as on a real machine: the block does not run, and
		 * cpu_run runs it up to that instruction (as for a tick's stop). A slice ending at
		 * the block's start stops right here. */
		uint64_t at = clk->quantum_end;
		clock_end_slice(clk);
		cpu->stop_requested = true;
		if (at > cpu->retired_base)
			cpu->stop_at = addr + b->offsets[at - cpu->retired_base];
		x86_set_cur(cpu, NULL);
		stop_before_block(cpu, addr);
		return;
	}
	/* A tick at the block's first instruction is raised on entering it; one further in
	 * when the block is left having reached its instruction (x86_raise_deferred_ticks), or,
	 * with exact ticks, on entering the rest of the block, run separately. */
	for (uint64_t at; (at = clock_tick_retired(clk)) != CLOCK_NEVER &&
			  at - cpu->retired_base < b->icount;) {
		uint64_t k = at - cpu->retired_base;
		uint64_t pc = addr + b->offsets[k];
		if (k && cpu->base.arch != CPU_ARCH_I8086) {
			/* Not yet: the block may end by a fault before the tick's instruction,
			 * which then never comes after exactly `at` instructions (issue 18). */
			if (!cpu->exact_ticks) {
				cpu->tick_deferred = true;	/* raised when the block is left */
				break;
			}
			/* A handler may stop at the tick's instruction (cpu_exact_ticks): run the
			 * block up to it first; the tick is then raised at the start of the block
			 * Unicorn translates there. */
			cpu->tick_split = true;
			cpu->stop_requested = true;
			cpu->stop_at = pc;
			stop_before_block(cpu, addr);
			return;
		}
		clock_tick(clk, pc, at);
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
}

/* The current block is being left with retired_base counting what of it ran: its ticks whose
 * instruction was reached (the faulting one included) are raised now, each at its own count
 * and instruction. A stop asked for by one of them is where the CPU is (cpu_exact_ticks is the
 * way to stop at a tick's instruction). */
void x86_raise_deferred_ticks(struct x86_cpu *cpu)
{
	const struct block_info *b = cpu->cur;
	uint64_t base = cpu->cur_base;
	cpu->tick_deferred = false;
	if (!b)
		return;
	for (uint64_t at; (at = clock_tick_retired(&cpu->clock)) != CLOCK_NEVER && at <= cpu->retired_base &&
			  at - base < b->icount;) {
		clock_tick(&cpu->clock, b->addr + b->offsets[at - base], at);
		cpu->stop_at_tick = false;
	}
	keep_async_stop(cpu);
}

/* Per block, when the fast path cannot finish: a block missing from the hot table, a tick or
 * the instruction limit inside this block. */
static __attribute__((noinline)) void on_block_slow(struct x86_cpu *cpu, uint64_t addr, uint32_t size)
{
	cpu->retired_base += cpu->cur_icount;
	x86_set_cur(cpu, NULL);
	if (cpu->async_stop) {
		/* A host signal's stop: before this block, as for the instruction limit. */
		cpu->async_stop = false;
		cpu->stop_requested = true;
		clock_update(&cpu->clock);
		stop_before_block(cpu, addr);
		return;
	}
	if (cpu->stop_requested) {
		stop_before_block(cpu, addr);	/* by a tick of the block just left */
		return;
	}
	const struct block_hot *h = block_cache_hot_slot(&cpu->blocks, addr);
	struct block_info *b = h->addr == addr && h->b && h->size == size && !cpu->retranslate
				       ? h->b : find_block(cpu, addr, size);
	x86_set_cur(cpu, b);
	if (b && cpu->retired_base + cpu->cur_icount > cpu->clock.limit) {
		block_events(cpu, b, addr);	/* may stop */
		keep_async_stop(cpu);
	}
}

/* Enters the block from the hot table: the common case of both hooks (`calls`: the
 * call-watching hook's, which keeps the block's kind at hand for the next block). */
static inline bool enter_hot(struct x86_cpu *cpu, uint64_t addr, uint32_t size, bool calls)
{
	const struct block_hot *h = block_cache_hot_slot(&cpu->blocks, addr);
	uint64_t base = cpu->retired_base + cpu->cur_icount;
	if (h->addr != addr || h->size != size || base + h->icount > cpu->clock.limit)
		return false;
	cpu->retired_base = base;
	cpu->cur_base = base;
	cpu->cur = h->b;
	cpu->cur_icount = h->icount;
	if (calls)
		cpu->cur_ends_with = h->ends_with & cpu->ends_watched;
	/* only for --callgrind: the store goes through a pointer to a line that is otherwise
	 * not read here (a quarter of python3's run under profemu sat on it) */
	if (cpu->counting)
		h->b->execs++;
	return true;
}

/* Per block: count, and raise the ticks whose instruction lies in this block. This runs once
 * per executed block (about a billion times a second of guest time), so the common case is
 * a leaf of a dozen instructions: the hot-table entry for this address, no event inside the
 * block; everything else goes to on_block_slow. */
void x86_on_block(uc_engine *uc, uint64_t addr, uint32_t size, void *user)
{
	struct x86_cpu *cpu = user;
	(void)uc;
	if (!enter_hot(cpu, addr, size, false))
		on_block_slow(cpu, addr, size);
}

/* The block before this one ended with a call or a return (both always end a block), so this
 * block is its target: the previous block has retired whole, and the event sees the count
 * between the two (cpu_retired must not add the previous block a second time). Then this
 * block is entered as by the fast path. */
static __attribute__((noinline)) void after_call_or_return(struct x86_cpu *cpu, uint64_t addr,
							   uint32_t size, uint8_t ends_with)
{
	const struct block_info *prev = cpu->cur;
	cpu->retired_base += cpu->cur_icount;
	x86_set_cur(cpu, NULL);
	if (ends_with == BLOCK_ENDS_CALL && cpu->ev.call)
		cpu->ev.call(cpu->ev.ctx, prev->addr + prev->last_offset, prev->addr + prev->size, addr,
			     cpu->retired_base);
	else if (ends_with == BLOCK_ENDS_RET && cpu->ev.ret)
		cpu->ev.ret(cpu->ev.ctx, addr, cpu->retired_base);
	if (!enter_hot(cpu, addr, size, true))
		on_block_slow(cpu, addr, size);
}

/* The block hook when calls and returns are watched (cpu.h's call and ret events): the same
 * as x86_on_block, with the event raised first when the previous block ended with a call or
 * a return. A separate hook keeps that test off the plain runs' path. */
void x86_on_block_calls(uc_engine *uc, uint64_t addr, uint32_t size, void *user)
{
	struct x86_cpu *cpu = user;
	(void)uc;
	uint8_t ends_with = cpu->cur_ends_with;	/* prev->ends_with, without reading prev */
	if (ends_with)
		after_call_or_return(cpu, addr, size, ends_with);
	else if (!enter_hot(cpu, addr, size, true))
		on_block_slow(cpu, addr, size);
}

void x86_retire_current_block(struct x86_cpu *cpu)
{
	cpu->retired_base += cpu->cur_icount;
	x86_set_cur(cpu, NULL);
}

/* The block was left after `ran` of its instructions: the rest did not retire this time. */
void x86_uncount_tail(struct x86_cpu *cpu, const struct block_info *b, uint64_t ran)
{
	for (uint64_t i = ran; i < b->icount; i++)
		addr_counts_add(&cpu->insns, b->addr + b->offsets[i], UINT64_MAX);	/* -1 */
}

/* A block's entries go to the per-address counts (before it is forgotten, or when read). */
static void fold_block(void *ctx, struct block_info *b)
{
	struct x86_cpu *cpu = ctx;
	for (uint32_t i = 0; b->execs && i < b->icount; i++)
		addr_counts_add(&cpu->insns, b->addr + b->offsets[i], b->execs);
	b->execs = 0;
}

int x86_op_count_insns(struct cpu *base)
{
	struct x86_cpu *cpu = (struct x86_cpu *)base;
	if (!cpu->counting && addr_counts_init(&cpu->insns))
		return -12;	/* ENOMEM */
	/* Entries before now do not count. */
	for (size_t i = 0; i < cpu->blocks.cap; i++)
		cpu->blocks.slots[i].execs = 0;
	cpu->counting = true;
	cpu->blocks.forget = fold_block;
	return 0;
}

/* Exact once cpu_run has returned (the current block is then none); inside an event, the
 * current block counts as run to its end. */
int x86_op_insn_counts(struct cpu *base, void (*fn)(void *ctx, uint64_t addr, uint64_t count), void *ctx)
{
	struct x86_cpu *cpu = (struct x86_cpu *)base;
	if (!cpu->counting)
		return -22;	/* EINVAL */
	for (size_t i = 0; i < cpu->blocks.cap; i++)
		if (cpu->blocks.slots[i].offsets)
			fold_block(cpu, &cpu->blocks.slots[i]);
	addr_counts_each(&cpu->insns, fn, ctx);
	return 0;
}
