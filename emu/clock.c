/* The virtual clock (clock.h): the operations the back ends share, none on a hot path. */
#include "clock.h"

void clock_init(struct emu_clock *clk, uint64_t first_tick, uint64_t max_insns,
		uint64_t (*tick)(void *ctx, uint64_t pc, uint64_t retired), void *ctx)
{
	*clk = (struct emu_clock){
		.tick_at = first_tick ? first_tick : CLOCK_NEVER,
		.max_insns = max_insns ? max_insns : CLOCK_NEVER,
		.quantum_end = CLOCK_NEVER,
		.event_at = CLOCK_NEVER,
		.tick = tick,
		.ctx = ctx,
	};
	clock_update(clk);
}

void clock_tick(struct emu_clock *clk, uint64_t pc, uint64_t at)
{
	bool busy = clk->busy;
	clk->busy = true;
	uint64_t n = clk->tick ? clk->tick(clk->ctx, pc, at) : 0;
	clk->busy = busy;
	/* from the clock as the handler left it */
	clk->tick_at = n ? at + clk->charged + n : CLOCK_NEVER;
	clock_update(clk);
}

void clock_set_next_tick(struct emu_clock *clk, uint64_t interval)
{
	clk->tick_at = interval ? clk->retired + clk->charged + interval : CLOCK_NEVER;
	clock_update(clk);
}

/* Ticks strictly inside the charge belong to pc (the emulated work's own address); one due
 * exactly at its end belongs to the next real instruction, as every tick names the
 * instruction about to run. A charge from inside a tick's handler (busy) only moves the
 * clock, and the work being charged goes on from there. */
void clock_charge(struct emu_clock *clk, uint64_t n, uint64_t pc)
{
	uint64_t left = n;
	while (!clk->busy && clk->tick_at < clk->retired + clk->charged + left) {
		uint64_t now = clk->retired + clk->charged;
		uint64_t upto = clk->tick_at > now ? clk->tick_at - now : 0;
		clk->charged += upto;
		left -= upto;
		clock_tick(clk, pc, clk->retired);
	}
	clk->charged += left;
	clock_update(clk);
}

void clock_set_quantum(struct emu_clock *clk, uint64_t n)
{
	clk->quantum_hit = false;
	clk->quantum_end = n ? clk->retired + n : CLOCK_NEVER;
	clock_update(clk);
}

void clock_end_slice(struct emu_clock *clk)
{
	clk->quantum_end = CLOCK_NEVER;
	clk->quantum_hit = true;
	clock_update(clk);
}
