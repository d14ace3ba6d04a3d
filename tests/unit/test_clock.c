/* The virtual clock every back end counts on (emu/clock.h), without a back end: where ticks
 * fall, what a charge raises and moves, the one limit a back end's hot counter is compared
 * with, and a charge from inside a tick. The back ends' own tests (test_x86_real_mode,
 * test_hppa_cpu, test_ia64_cpu) check that their instructions reach it the same way. */
#include <criterion/criterion.h>

#include "emu/clock.h"

struct ticks {
	struct emu_clock *clk;
	uint64_t interval;
	uint64_t pcs[16], retired[16], clock[16];
	int n;
	uint64_t charge_inside;	/* charged from inside the next tick, if set */
};

static uint64_t on_tick(void *ctx, uint64_t pc, uint64_t retired)
{
	struct ticks *t = ctx;
	if (t->n < 16) {
		t->pcs[t->n] = pc;
		t->retired[t->n] = retired;
		t->clock[t->n] = t->clk->retired + t->clk->charged;
	}
	t->n++;
	if (t->charge_inside) {
		clock_charge(t->clk, t->charge_inside, 0xdead);
		t->charge_inside = 0;
	}
	return t->interval;
}

static void start(struct emu_clock *clk, struct ticks *t, uint64_t first_tick, uint64_t max)
{
	t->clk = clk;
	clock_init(clk, first_tick, max, on_tick, t);
}

Test(clock, none_is_never)
{
	struct emu_clock clk;
	struct ticks t = { 0 };
	start(&clk, &t, 0, 0);
	cr_assert_eq(clk.limit, CLOCK_NEVER);
	cr_assert_not(clock_tick_due(&clk));
	clk.retired = 1000;
	clock_charge(&clk, 500, 0x100);
	cr_assert_eq(t.n, 0);
	cr_assert_eq(clk.limit, CLOCK_NEVER);
	clock_set_next_tick(&clk, 10);	/* from now: clock 1500 */
	cr_assert_eq(clk.tick_at, 1510);
	cr_assert_eq(clk.limit, 1010, "the tick as a retired count");
	clock_set_next_tick(&clk, 0);
	cr_assert_eq(clk.limit, CLOCK_NEVER);
}

Test(clock, limit_is_the_nearest_bound)
{
	struct emu_clock clk;
	struct ticks t = { .interval = 100 };
	start(&clk, &t, 100, 250);
	cr_assert_eq(clk.limit, 100);
	clock_tick(&clk, 0x10, 100);
	cr_assert_eq(t.n, 1);
	cr_assert_eq(clk.tick_at, 200);
	clk.retired = 180;
	clock_set_quantum(&clk, 5);
	cr_assert_eq(clk.limit, 185);
	clk.event_at = 181;
	clock_update(&clk);
	cr_assert_eq(clk.limit, 181);
	clk.event_at = CLOCK_NEVER;
	clk.retired = 185;
	clock_end_slice(&clk);
	cr_assert(clk.quantum_hit);
	cr_assert_eq(clk.limit, 200);
	clk.retired = 200;
	clock_tick(&clk, 0x20, 200);
	cr_assert_eq(clk.limit, 250, "--max-insns");
	clock_set_quantum(&clk, 1);
	cr_assert_not(clk.quantum_hit);
}

/* cpu.h, cpu_charge: the ticks inside the charged work are raised at its pc with the count
 * of now; the next comes that many instructions earlier in real instructions; one due
 * exactly at its end belongs to the next real instruction. */
Test(clock, charge_raises_the_ticks_inside_and_brings_the_next_nearer)
{
	struct emu_clock clk;
	struct ticks t = { .interval = 10 };
	start(&clk, &t, 10, 0);
	clk.retired = 6;
	clock_charge(&clk, 25, 0xf00);	/* clock [6, 31): ticks at 10, 20, 30 */
	cr_assert_eq(t.n, 3);
	for (int i = 0; i < 3; i++) {
		cr_assert_eq(t.pcs[i], 0xf00);
		cr_assert_eq(t.retired[i], 6);
		cr_assert_eq(t.clock[i], 10 * (uint64_t)(i + 1));
	}
	cr_assert_eq(clk.charged, 25);
	cr_assert_eq(clk.limit, 15, "clock 40 is 25 real instructions nearer");
	clk.retired = 15;
	cr_assert(clock_tick_due(&clk));

	struct emu_clock c2;
	struct ticks t2 = { .interval = 10 };
	start(&c2, &t2, 10, 0);
	clock_charge(&c2, 10, 0xf00);	/* clock [0, 10): the tick at 10 is at its end */
	cr_assert_eq(t2.n, 0);
	cr_assert(clock_tick_due(&c2), "due before the next real instruction");
	cr_assert_eq(c2.limit, 0);
}

/* Charged work right after charged work starts where a tick is due: it takes it, as work
 * charged right after real instructions does. */
Test(clock, a_charge_takes_the_tick_due_where_it_starts)
{
	struct emu_clock clk;
	struct ticks t = { .interval = 5 };
	start(&clk, &t, 5, 0);
	clock_charge(&clk, 5, 0x700);
	cr_assert_eq(t.n, 0);
	clock_charge(&clk, 3, 0x800);
	cr_assert_eq(t.n, 1);
	cr_assert_eq(t.pcs[0], 0x800);
	cr_assert_eq(clk.limit, 2, "clock 10: 8 charged and 2 real");
}

/* A charge from inside a tick's handler (no caller does that) only moves the clock: raising
 * ticks from there would recurse. The next tick counts from the clock the handler left, and
 * work being charged goes on from there. */
Test(clock, a_charge_inside_a_tick_only_moves_the_clock)
{
	struct emu_clock clk;
	struct ticks t = { .interval = 10, .charge_inside = 100 };
	start(&clk, &t, 10, 0);
	clk.retired = 10;
	clock_tick(&clk, 0x40, 10);
	cr_assert_eq(t.n, 1);
	cr_assert_eq(clk.charged, 100);
	cr_assert_eq(clk.tick_at, 120);
	cr_assert_eq(clk.limit, 20);
	cr_assert_not(clk.busy);

	clk.retired = 15;
	t.charge_inside = 7;
	/* clock [115, 135), then 7 more from the handler at 120: the rest of the work, [127,
	 * 142), holds the next tick, 10 after the clock the handler left */
	clock_charge(&clk, 20, 0x50);
	cr_assert_eq(t.n, 3);
	cr_assert_eq(t.pcs[1], 0x50);
	cr_assert_eq(t.clock[1], 120);
	cr_assert_eq(t.pcs[2], 0x50);
	cr_assert_eq(t.clock[2], 137);
	cr_assert_eq(clk.charged, 127, "20 charged and 7 from the handler");
	cr_assert_eq(clk.tick_at, 147);
	cr_assert_eq(clk.limit, 20);
}
