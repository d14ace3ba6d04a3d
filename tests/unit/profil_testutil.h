/* Shared set-up for the profil rule tests: one state over one test memory, the struct prof
 * writer in each personality's guest layout, and tick helpers. Header-only (static inline). */
#ifndef PROFEMU_TEST_PROFIL_TESTUTIL_H
#define PROFEMU_TEST_PROFIL_TESTUTIL_H

#include <criterion/criterion.h>

#include "profil_testmem.h"

#define BUF 0x10000ull		/* the test memory: [BUF, BUF + 0x10000) */
#define PROFP (BUF + 0x8000)	/* where tests put struct prof arrays */
#define TVP (BUF + 0xf000)	/* where tests put a struct timeval */
#define TEXT 0x400000ull	/* a typical text offset */

static struct tmem mem;
static struct prof_state st;
static struct prof_mem pm;

static inline void start_with(enum prof_personality p, unsigned word, bool be, uint64_t profil_max)
{
	struct prof_config cfg = { .personality = p, .word_size = word, .profil_max = profil_max,
				   .tick_usec = 10000 };
	tmem_init(&mem, BUF, 0x10000, be);
	pm = tmem_mem(&mem);
	cr_assert_eq(prof_init(&st, &cfg), 0);
}

static inline void restart(unsigned word, bool be)
{
	enum prof_personality p = st.cfg.personality;
	uint64_t max = st.cfg.profil_max;
	prof_free(&st);
	start_with(p, word, be, max);
}

static inline void stop(void)
{
	prof_free(&st);
}

/* One tick that must not raise SIGSEGV. */
static inline struct prof_explain tick(uint64_t pc)
{
	struct prof_explain ex;
	cr_assert_eq(prof_tick(&st, &pm, pc, &ex), 0, "tick at %#llx", (unsigned long long)pc);
	return ex;
}

static inline enum prof_tick_outcome tick_outcome(uint64_t pc)
{
	return tick(pc).outcome;
}

static inline uint64_t ctr(unsigned i)
{
	return tmem_get(&mem, BUF + 2 * i, 2);
}

static inline uint64_t elem(uint64_t base, unsigned es, unsigned i)
{
	return tmem_get(&mem, base + (uint64_t)es * i, es);
}

/* struct prof entry i at PROFP in the personality's guest layout: field k at k guest words,
 * hpux's pr_size and pr_scale 4-byte unsigned ints (with padding on 64-bit guests). */
static inline void put_prof(unsigned i, struct prof_region r)
{
	unsigned w = st.cfg.word_size;
	unsigned u = st.cfg.personality == PROF_PERSONALITY_HPUX ? 4 : w;
	uint64_t at = PROFP + 4ull * w * i;
	tmem_put(&mem, at, w, r.base);
	tmem_put(&mem, at + w, u, r.size);
	tmem_put(&mem, at + 2 * w, w, r.offset);
	tmem_put(&mem, at + 3 * w, u, r.scale);
}

static inline int sprof(const struct prof_region *r, int n, uint64_t tvp, uint64_t flags)
{
	for (int i = 0; i < n; i++)
		put_prof((unsigned)i, r[i]);
	return prof_sprofil(&st, &pm, PROFP, n, tvp, flags);
}

/* Ticks at TEXT + d for d in [0, bytes * n) and checks that counter d / bytes takes each. */
static inline void check_bytes_per_counter(unsigned bytes, unsigned n)
{
	for (unsigned d = 0; d < bytes * n; d++) {
		struct prof_explain ex = tick(TEXT + d);
		cr_assert_eq(ex.outcome, PROF_TICK_COUNTED, "d=%u", d);
		cr_assert_eq(ex.index, d / bytes, "d=%u: index %llu", d, (unsigned long long)ex.index);
		cr_assert_eq(ex.bin_addr, BUF + 2 * (d / bytes));
	}
	for (unsigned i = 0; i < n; i++)
		cr_assert_eq(ctr(i), bytes, "counter %u", i);
}

#endif
