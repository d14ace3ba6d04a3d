/* glibc's sprofil has two long-standing bugs that the core must not have:
 *  1. after the pc moves to another region, the first sample lands in the wrong bin (its
 *     binary search falls through to the overflow region and counts with the stale region);
 *  2. enable, disable, enable double-frees (disabling frees the regions but leaves the count,
 *     so the next call "disables" again and frees again).
 * These tests tick alternately between regions and check every tick's bin exactly, and cycle
 * enable/disable many times checking the counts after each enable (run them under ASan). */
#include <criterion/criterion.h>
#include <errno.h>

#include "profil_testutil.h"

static void start_linux(void) { start_with(PROF_PERSONALITY_LINUX, 8, false, 64); }
static void start_hpux(void) { start_with(PROF_PERSONALITY_HPUX, 8, false, 64); }

TestSuite(glibc_bug_wrong_bin, .fini = stop);
TestSuite(glibc_bug_double_free, .fini = stop);

/* Our own model of the buffers: every tick must change exactly the one element expected. */
static uint8_t expect[0x400];

static void expect_tick(uint64_t pc, uint64_t bin, unsigned es)
{
	struct prof_explain ex = tick(pc);
	cr_assert_eq(ex.outcome, PROF_TICK_COUNTED, "pc %#llx", (unsigned long long)pc);
	cr_assert_eq(ex.bin_addr, bin, "pc %#llx: bin %#llx, expected %#llx", (unsigned long long)pc,
		     (unsigned long long)ex.bin_addr, (unsigned long long)bin);
	uint64_t v = bo_get(expect + (bin - BUF), es, mem.big_endian);
	bo_put(expect + (bin - BUF), v + 1, es, mem.big_endian);
	cr_assert_eq(memcmp(mem.bytes, expect, sizeof(expect)), 0, "after pc %#llx", (unsigned long long)pc);
}

/* Three regions and an overflow bin; the pc hops between them every tick. */
static void alternate(uint64_t flags, unsigned es)
{
	const struct prof_region r[] = {
		{ BUF, 0x100, TEXT, 0x10000 },
		{ BUF + 0x100, 0x100, TEXT + 0x1000, 0x8000 },
		{ BUF + 0x200, 0x100, TEXT + 0x2000, 0x4000 },
		{ BUF + 0x300, es, 0, 2 },
	};
	memset(expect, 0, sizeof(expect));
	cr_assert_eq(sprof(r, 4, 0, flags), 0);
	for (unsigned i = 0; i < 3000; i++) {
		unsigned k = (i * 7 + i / 5) % 4;	/* an irregular walk through the regions */
		uint64_t d = (i * 37) % 0x80;
		if (k == 3) {
			expect_tick(TEXT + 0x5000 + d, BUF + 0x300, es);
			continue;
		}
		uint64_t pc = r[k].offset + d;
		uint64_t byte = (uint64_t)(((unsigned __int128)d * r[k].scale) >> 16);
		if (st.cfg.personality == PROF_PERSONALITY_LINUX)
			byte = (d / es * r[k].scale >> 16) * es;
		expect_tick(pc, r[k].base + byte / es * es, es);
	}
}

Test(glibc_bug_wrong_bin, linux_every_tick_after_a_region_change_lands_in_its_bin, .init = start_linux)
{
	alternate(PROF_USHORT, 2);
	restart(4, true);
	alternate(PROF_UINT, 4);
}

Test(glibc_bug_wrong_bin, hpux_every_tick_after_a_region_change_lands_in_its_bin, .init = start_hpux)
{
	alternate(PROF_USHORT, 2);
	restart(4, true);
	alternate(PROF_UINT64, 8);
}

Test(glibc_bug_wrong_bin, first_tick_in_a_new_region_after_the_overflow_bin, .init = start_linux)
{
	const struct prof_region r[] = { { BUF, 0x40, TEXT, 0x10000 }, { BUF + 0x40, 0x40, 2 * TEXT, 0x10000 },
					 { BUF + 0x80, 2, 0, 2 } };
	memset(expect, 0, sizeof(expect));
	cr_assert_eq(sprof(r, 3, 0, 0), 0);
	expect_tick(TEXT + 6, BUF + 6, 2);
	expect_tick(0x10, BUF + 0x80, 2);
	expect_tick(2 * TEXT + 8, BUF + 0x48, 2);
	expect_tick(TEXT + 2, BUF + 2, 2);
	expect_tick(2 * TEXT + 0x40, BUF + 0x80, 2);
	expect_tick(TEXT + 0x3e, BUF + 0x3e, 2);
}

/* sprofil enable -> ticks -> counts checked -> disable -> ticks off, many times, with different
 * regions each time (so a stale or freed region would show). */
static void cycle(bool linux)
{
	for (unsigned round = 0; round < 200; round++) {
		uint64_t base = BUF + (round % 8) * 0x100;
		memset(mem.bytes, 0, 0x1000);
		struct prof_region r[] = { { base, 0x40, TEXT + round * 0x100, 0x10000 },
					   { base + 0x40, 2, 0, 2 } };
		cr_assert_eq(sprof(r, 2, 0, PROF_USHORT), 0, "round %u: enable", round);
		cr_assert(st.enabled);
		for (unsigned j = 0; j < round % 5 + 1; j++)
			tick(TEXT + round * 0x100 + 2 * j);
		tick(1);
		for (unsigned j = 0; j < round % 5 + 1; j++)
			cr_assert_eq(tmem_get(&mem, base + 2 * j, 2), 1, "round %u bin %u", round, j);
		cr_assert_eq(tmem_get(&mem, base + 0x40, 2), 1, "round %u: overflow", round);
		/* disable: linux by a second call (arguments ignored), hpux by profcnt 0 */
		if (linux)
			cr_assert_eq(sprof(r, 2, 0, PROF_USHORT), 0);
		else
			cr_assert_eq(prof_sprofil(&st, &pm, 0, 0, 0, 0), 0);
		cr_assert_not(st.enabled, "round %u: disabled", round);
		cr_assert_eq(tick_outcome(TEXT + round * 0x100), PROF_TICK_OFF);
		if (round % 3 == 0) {	/* and exec's disable on top of it */
			prof_disable(&st);
			prof_disable(&st);
		}
	}
}

Test(glibc_bug_double_free, linux_enable_disable_enable_cycles, .init = start_linux)
{
	cycle(true);
}

Test(glibc_bug_double_free, hpux_enable_disable_enable_cycles, .init = start_hpux)
{
	cycle(false);
}

Test(glibc_bug_double_free, profil_and_sprofil_take_turns, .init = start_linux)
{
	for (unsigned round = 0; round < 100; round++) {
		memset(mem.bytes, 0, 0x100);
		cr_assert_eq(prof_profil(&st, &pm, BUF, 0x40, TEXT, 0x10000), 0);
		tick(TEXT + 4);
		cr_assert_eq(ctr(2), 1);
		struct prof_region r = { BUF + 0x80, 0x40, TEXT, 0x10000 };
		cr_assert_eq(sprof(&r, 1, 0, 0), 0);
		tick(TEXT + 4);
		cr_assert_eq(tmem_get(&mem, BUF + 0x84, 2), 1);
		cr_assert_eq(ctr(2), 1);
		cr_assert_eq(sprof(&r, 1, 0, 0), 0);	/* disables */
		cr_assert_not(st.enabled);
	}
}

Test(glibc_bug_double_free, init_clone_free_cycles, .init = start_hpux)
{
	const struct prof_region r[] = { { BUF, 0x40, TEXT, 0x10000 }, { BUF + 0x40, 2, 0, 2 } };
	cr_assert_eq(sprof(r, 2, 0, 0), 0);
	for (unsigned i = 0; i < 100; i++) {
		struct prof_state child;
		cr_assert_eq(prof_clone(&child, &st), 0);
		struct prof_explain ex;
		cr_assert_eq(prof_tick(&child, &pm, TEXT, &ex), 0);
		cr_assert_eq(ex.outcome, PROF_TICK_COUNTED);
		prof_disable(&child);
		prof_free(&child);
		prof_free(&child);	/* freeing twice is harmless */
	}
	cr_assert_eq(ctr(0), 100);
}
