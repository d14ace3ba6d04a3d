/* The virtual clock every back end counts on: retired instructions, the next tick, the end of
 * the thread's time slice, --max-insns, and the instructions charged to emulated work
 * (cpu.h: cpu_charge). Written once here for x86 (and DOS, which runs on it), hppa and IA-64.
 *
 * The clock reads retired + charged; a tick is due when it reaches tick_at, so a charge brings
 * the next tick nearer in real instructions, as cpu.h documents. Every bound a back end must
 * stop at is folded into one retired count, `limit`: a back end keeps its own count in a local
 * on its hot path, compares it with limit alone, and calls the clock only there (or from an
 * event), after writing its exact count back to `retired`. "None" is CLOCK_NEVER everywhere
 * (no tick, no limit, no slice); cpu.h's 0 for "none" is translated at the interface. */
#ifndef PROFEMU_CLOCK_H
#define PROFEMU_CLOCK_H

#include <stdbool.h>
#include <stdint.h>

#define CLOCK_NEVER UINT64_MAX

struct emu_clock {
	/* The nearest of the tick (as a retired count), max_insns, quantum_end and event_at:
	 * the one field a back end's hot path reads, first. */
	uint64_t limit;
	/* Instructions retired: exact whenever the back end calls the clock (x86 keeps its own
	 * per-block count and writes it here first). */
	uint64_t retired;
	uint64_t charged;	/* instructions charged by cpu_charge, never retired */
	uint64_t tick_at;	/* retired + charged at the next tick */
	uint64_t max_insns;	/* --max-insns as a retired count */
	uint64_t quantum_end;	/* the time slice ends before the instruction at this count */
	bool quantum_hit;	/* the last stop was the slice's end (cpu_quantum_expired) */
	/* A bound of the back end's own in retired counts (hppa: a call report due after a
	 * delay slot); the back end sets it and calls clock_update. */
	uint64_t event_at;
	/* A tick's handler is running: a charge from there (no documented caller does that)
	 * only moves the clock, since raising ticks from inside a tick would recurse. */
	bool busy;
	uint64_t (*tick)(void *ctx, uint64_t pc, uint64_t retired);	/* cpu_events.tick */
	void *ctx;
};

/* The clock of a new CPU: nothing retired, cfg's first tick and limit. */
/* A run's clock: the first tick (0: none), the instruction limit (0: none), and the tick event
 * (cpu_events.tick and its ctx, from the back end's cpu_config). */
void clock_init(struct emu_clock *clk, uint64_t first_tick, uint64_t max_insns,
		uint64_t (*tick)(void *ctx, uint64_t pc, uint64_t retired), void *ctx);

/* Recomputes limit after a field changed. */
static inline void clock_update(struct emu_clock *clk)
{
	uint64_t at = clk->tick_at == CLOCK_NEVER ? CLOCK_NEVER :
		clk->tick_at > clk->charged ? clk->tick_at - clk->charged : 0;
	if (clk->max_insns < at)
		at = clk->max_insns;
	if (clk->quantum_end < at)
		at = clk->quantum_end;
	if (clk->event_at < at)
		at = clk->event_at;
	clk->limit = at;
}

/* The retired count at which the next tick falls (CLOCK_NEVER: none; it may be behind a
 * count that has moved past it only inside a charge). */
static inline uint64_t clock_tick_retired(const struct emu_clock *clk)
{
	return clk->tick_at == CLOCK_NEVER ? CLOCK_NEVER :
		clk->tick_at > clk->charged ? clk->tick_at - clk->charged : 0;
}

/* A tick is due before the next instruction. */
static inline bool clock_tick_due(const struct emu_clock *clk)
{
	return clk->tick_at != CLOCK_NEVER && clk->retired + clk->charged >= clk->tick_at;
}

/* Raises the tick that falls at retired count `at` (the count the back end reached, or for a
 * back end that raises a block's ticks on entering it, the tick's own), naming pc, the next
 * instruction to run; the next tick is what the handler answers, counted from there. */
void clock_tick(struct emu_clock *clk, uint64_t pc, uint64_t at);

/* cpu_set_next_tick: the next tick `interval` instructions from now, 0: none. */
void clock_set_next_tick(struct emu_clock *clk, uint64_t interval);

/* cpu_charge: the clock moves n instructions at pc, raising the ticks strictly inside. */
void clock_charge(struct emu_clock *clk, uint64_t n, uint64_t pc);

/* cpu_set_quantum: the slice ends n retired instructions from now, 0: no slice. */
void clock_set_quantum(struct emu_clock *clk, uint64_t n);

/* The back end stopped at the slice's end: no slice any more, and cpu_quantum_expired says so. */
void clock_end_slice(struct emu_clock *clk);

#endif
