/* Property test: the profil core against the naive reference (profil_reference.c) on at least
 * 100 000 random argument sets per personality, fixed seed. Each scenario makes one to three
 * calls (profil or sprofil) on a fresh state, and after each call ticks at several pcs; the
 * call's return value, each tick's return value and outcome, whether profiling is on, and every
 * byte of guest memory must agree. Arguments mix small and huge offsets, scales 0..0x20000 and
 * beyond, sizes, element flags, 0..6 regions in and out of order, overlapping and not, overflow
 * bins, pcs in and out of range, and buffers, struct arrays and tvp in unmapped or read-only
 * memory, on 32- and 64-bit guests of both byte orders. */
#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <stdio.h>

#include <errno.h>

#include "profil_reference.h"
#include "profil_testmem.h"

#define CASES 100000	/* argument sets (calls) per personality, at least */
#define MEM_BASE 0x10000ull
#define MEM_SIZE 0x1000ull
#define PROFP_AT (MEM_BASE + 0xc00)
#define TVP_AT (MEM_BASE + 0xf00)
#define TICKS_PER_CALL 8

/* splitmix64: small, fixed, good enough to spread cases. */
struct rng {
	uint64_t s;
};

static uint64_t rnd(struct rng *g)
{
	uint64_t z = (g->s += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static uint64_t below(struct rng *g, uint64_t n)
{
	return n ? rnd(g) % n : 0;
}

static bool chance(struct rng *g, unsigned percent)
{
	return below(g, 100) < percent;
}

static uint64_t pick(struct rng *g, const uint64_t *v, size_t n)
{
	return v[below(g, n)];
}
#define PICK(g, ...) pick(g, (const uint64_t[]){ __VA_ARGS__ }, \
			  sizeof((const uint64_t[]){ __VA_ARGS__ }) / sizeof(uint64_t))

/* Two memories that must stay byte-identical: one for the core, one for the reference. */
static struct tmem core_mem, ref_mem;

static void mem_setup(struct rng *g, bool be)
{
	struct tmem *t = &core_mem;
	t->base = MEM_BASE;
	t->size = MEM_SIZE;
	t->big_endian = be;
	/* Bytes biased towards the values where counters saturate, wrap or hit 32767. */
	for (uint64_t i = 0; i < MEM_SIZE; i++)
		t->bytes[i] = (uint8_t)PICK(g, 0x00, 0x00, 0xff, 0xff, 0x7f, 0xfe, 0x80, 0x01, rnd(g));
	t->hole_lo = t->hole_hi = t->ro_lo = t->ro_hi = 0;
	if (chance(g, 40)) {
		t->hole_lo = MEM_BASE + below(g, MEM_SIZE);
		t->hole_hi = t->hole_lo + 1 + below(g, 256);
	}
	if (chance(g, 40)) {
		t->ro_lo = MEM_BASE + below(g, MEM_SIZE);
		t->ro_hi = t->ro_lo + 1 + below(g, 256);
	}
	ref_mem.base = t->base;
	ref_mem.size = t->size;
	ref_mem.big_endian = be;
	ref_mem.hole_lo = t->hole_lo;
	ref_mem.hole_hi = t->hole_hi;
	ref_mem.ro_lo = t->ro_lo;
	ref_mem.ro_hi = t->ro_hi;
	memcpy(ref_mem.bytes, t->bytes, MEM_SIZE);
}

static void put_both(uint64_t addr, unsigned width, uint64_t v)
{
	if (addr >= MEM_BASE && addr + width <= MEM_BASE + MEM_SIZE) {
		tmem_put(&core_mem, addr, width, v);
		tmem_put(&ref_mem, addr, width, v);
	}
}

static uint64_t gen_buf(struct rng *g)
{
	switch (below(g, 10)) {
	case 0: return 0;
	case 1: return core_mem.hole_hi ? core_mem.hole_lo - below(g, 8) : rnd(g);
	case 2: {
		uint64_t top32 = 0xfffffff0ull + below(g, 16), any = rnd(g), end = MEM_BASE + MEM_SIZE - below(g, 8);
		return PICK(g, top32, any, end);
	}
	default: {
		uint64_t at = MEM_BASE + below(g, MEM_SIZE);
		return chance(g, 70) ? at & ~1ull : at;
	}
	}
}

static uint64_t gen_size(struct rng *g)
{
	switch (below(g, 20)) {
	case 0: case 1: return 0;
	case 2: {
		uint64_t any = rnd(g);
		return any >> below(g, 64);
	}
	case 3: case 4: case 5: return below(g, MEM_SIZE);
	default: return below(g, 64);
	}
}

static uint64_t gen_offset(struct rng *g)
{
	switch (below(g, 10)) {
	case 0: return 0;
	case 1: return 0x4000000000000000ull + below(g, 0x10000);
	case 2: return 0xffffff00ull + below(g, 0x200);
	case 3: return rnd(g);
	case 4: return UINT64_MAX - below(g, 0x1000);
	case 5: case 6: return 0x400000 + below(g, 0x1000);
	default: return below(g, 0x10000);
	}
}

static uint64_t gen_scale(struct rng *g)
{
	switch (below(g, 10)) {
	case 0: case 1: case 2:
		return PICK(g, 0, 1, 2, 3, 0x4000, 0x6000, 0x8000, 0xc000, 0xffff, 0x10000, 0x10001, 0x20000);
	case 3: {
		uint64_t any = rnd(g);
		return chance(g, 50) ? any & 0xffffffffull : any;
	}
	default: return below(g, chance(g, 50) ? 0x10001 : 0x20001);
	}
}

/* munmap or mprotect after the call: the next update may fault. Same change in both memories. */
static uint64_t last_buf;	/* the buffer the last profil call named: a likely target */

static void move_protection(struct rng *g)
{
	uint64_t lo = chance(g, 60) ? last_buf + below(g, 64) : MEM_BASE + below(g, MEM_SIZE);
	uint64_t hi = lo + 1 + below(g, 512);
	if (chance(g, 50)) {
		core_mem.hole_lo = ref_mem.hole_lo = lo;
		core_mem.hole_hi = ref_mem.hole_hi = hi;
	} else {
		core_mem.ro_lo = ref_mem.ro_lo = lo;
		core_mem.ro_hi = ref_mem.ro_hi = hi;
	}
}

/* What the generator meant to profile, to aim pcs at. */
struct aim {
	uint64_t offset, span;
};

static struct aim aims[16];
static unsigned naims;

static void add_aim(uint64_t offset, uint64_t size, uint64_t scale)
{
	if (naims == 16)
		return;
	unsigned __int128 span = scale >= 2 ? ((unsigned __int128)size << 16) / scale : size;
	aims[naims++] = (struct aim){ offset, span > (1u << 20) ? (1u << 20) : (uint64_t)span };
}

static uint64_t gen_pc(struct rng *g)
{
	if (naims && chance(g, 60)) {
		struct aim a = aims[below(g, naims)];
		uint64_t span = a.span + a.span / 4 + 4;
		switch (below(g, 8)) {
		case 0: return a.offset - 1 - below(g, 8);
		case 1: return a.offset + a.span - below(g, 3);
		default: return a.offset + below(g, span);
		}
	}
	switch (below(g, 4)) {
	case 0: return rnd(g);
	case 1: return 0x400000 + below(g, 0x2000);
	default: return below(g, 0x10000);
	}
}

/* Writes entries at PROFP_AT in the personality's layout, in both memories. */
static void put_entry(enum prof_personality p, unsigned w, unsigned i, struct prof_region e)
{
	unsigned u = p == PROF_PERSONALITY_HPUX ? 4 : w;
	uint64_t at = PROFP_AT + 4ull * w * i;
	put_both(at, w, e.base);
	put_both(at + w, u, e.size);
	put_both(at + 2 * w, w, e.offset);
	put_both(at + 3 * w, u, e.scale);
}

/* n entries, often ascending and disjoint (else hpux refuses nearly everything), sometimes
 * shuffled or overlapping, with ignored entries and overflow bins here and there. */
static void gen_entries(struct rng *g, enum prof_personality p, unsigned w, unsigned n, unsigned es)
{
	bool orderly = chance(g, 70);
	uint64_t cur = gen_offset(g) & (w == 4 ? 0xffffffffull : UINT64_MAX);
	struct prof_region e[8];
	for (unsigned i = 0; i < n; i++) {
		struct prof_region r;
		r.base = gen_buf(g);
		r.size = chance(g, 70) ? es * (1 + below(g, 32)) : gen_size(g);
		r.scale = gen_scale(g);
		if (p == PROF_PERSONALITY_HPUX || chance(g, 50))
			r.scale &= 0xffffffff;
		if (orderly) {
			r.offset = cur;
			uint64_t span = r.scale >= 2 ? (uint64_t)((((unsigned __int128)r.size << 16) + r.scale - 1) / r.scale) : 1;
			uint64_t gap = chance(g, 20) ? below(g, 64) : 0;
			uint64_t overlap = chance(g, 10) ? 1 : 0;
			cur = r.offset + span + gap - overlap;
		} else {
			r.offset = gen_offset(g);
		}
		if (chance(g, 12))
			r.scale = below(g, 2);	/* ignored / skipped */
		if (chance(g, 10) || (i == n - 1 && chance(g, 25))) {
			/* an overflow bin, usually one element */
			r.offset = 0;
			r.scale = 2;
			r.size = chance(g, 80) ? es : PICK(g, 2, 4, 8, 0);
		}
		e[i] = r;
		add_aim(r.offset, r.size, r.scale);
	}
	if (!orderly && n > 1 && chance(g, 50)) {
		unsigned a = (unsigned)below(g, n), b = (unsigned)below(g, n);
		struct prof_region t = e[a];
		e[a] = e[b];
		e[b] = t;
	}
	for (unsigned i = 0; i < n; i++)
		put_entry(p, w, i, e[i]);
}

struct counts {
	uint64_t cases, ticks, counted;
	uint64_t outcome[PROF_TICK_SIGSEGV + 1];	/* how often each tick outcome was compared */
	uint64_t ret[5];	/* calls returning 0, EINVAL, EFAULT, E2BIG or ENOSYS, SIGSEGV */
};

static unsigned ret_slot(int r)
{
	switch (r) {
	case 0: return 0;
	case -EINVAL: return 1;
	case -EFAULT: return 2;
	case PROF_RAISE_SIGSEGV: return 4;
	default: return 3;
	}
}

static void check_same(const struct prof_state *st, const struct ref_state *ref, const char *what,
		       uint64_t scenario)
{
	cr_assert_eq(st->enabled, ref_enabled(ref), "scenario %llu, %s: enabled %d vs %d",
		     (unsigned long long)scenario, what, st->enabled, ref_enabled(ref));
	if (memcmp(core_mem.bytes, ref_mem.bytes, MEM_SIZE) != 0) {
		uint64_t i = 0;
		while (core_mem.bytes[i] == ref_mem.bytes[i])
			i++;
		cr_assert_fail("scenario %llu, %s: memory differs at %#llx: %02x vs %02x",
			       (unsigned long long)scenario, what, (unsigned long long)(MEM_BASE + i),
			       core_mem.bytes[i], ref_mem.bytes[i]);
	}
}

static void one_call(struct rng *g, struct prof_state *st, struct ref_state *ref, struct counts *c,
		     uint64_t scenario)
{
	enum prof_personality p = st->cfg.personality;
	unsigned w = st->cfg.word_size;
	struct prof_mem cm = tmem_mem(&core_mem), rm = tmem_mem(&ref_mem);
	bool sprofil_ok = p == PROF_PERSONALITY_HPUX || p == PROF_PERSONALITY_LINUX;
	int rc, rr;
	char what[160];
	naims = 0;
	if (chance(g, sprofil_ok ? 45 : 95)) {
		uint64_t buf = gen_buf(g), size = gen_size(g), off = gen_offset(g), scale = gen_scale(g);
		if (p == PROF_PERSONALITY_HPUX && chance(g, 50))
			size &= ~1ull;
		add_aim(off, size, scale);
		last_buf = buf;
		rc = prof_profil(st, &cm, buf, size, off, scale);
		rr = ref_profil(ref, &rm, buf, size, off, scale);
		snprintf(what, sizeof(what), "profil(%#llx, %#llx, %#llx, %#llx)", (unsigned long long)buf,
			 (unsigned long long)size, (unsigned long long)off, (unsigned long long)scale);
	} else {
		uint64_t flags;
		if (chance(g, 70)) {
			flags = PICK(g, 0, 1, 4);
		} else {
			uint64_t low = rnd(g) & 7, any = rnd(g);
			flags = PICK(g, 2, 3, 5, 8, low, any);
		}
		unsigned es = p == PROF_PERSONALITY_HPUX ? (flags == 1 ? 4 : flags == 4 ? 8 : 2)
							: (flags & 1 ? 4 : 2);
		int64_t profcnt;
		switch (below(g, 20)) {
		case 0: profcnt = -1 - (int64_t)below(g, 3); break;
		case 1: profcnt = (int64_t)st->cfg.profil_max + 1 + (int64_t)below(g, 2); break;
		case 2: profcnt = (int64_t)1 << 40; break;
		default: profcnt = (int64_t)below(g, 7); break;
		}
		if (profcnt > 0 && profcnt <= 8)
			gen_entries(g, p, w, (unsigned)profcnt, es);
		uint64_t profp = PROFP_AT;
		if (chance(g, 10))
			profp = PICK(g, 0, core_mem.hole_lo ? core_mem.hole_lo - 8 : 0,
				     MEM_BASE + MEM_SIZE - 4ull * w, rnd(g));
		uint64_t tvp = 0;
		if (chance(g, 50))
			tvp = chance(g, 70) ? TVP_AT : PICK(g, core_mem.ro_lo, core_mem.hole_lo,
							     MEM_BASE + MEM_SIZE - w, rnd(g));
		rc = prof_sprofil(st, &cm, profp, profcnt, tvp, flags);
		rr = ref_sprofil(ref, &rm, profp, profcnt, tvp, flags);
		snprintf(what, sizeof(what), "sprofil(%#llx, %lld, %#llx, %#llx)", (unsigned long long)profp,
			 (long long)profcnt, (unsigned long long)tvp, (unsigned long long)flags);
	}
	c->cases++;
	c->ret[ret_slot(rc)]++;
	cr_assert_eq(rc, rr, "scenario %llu: %s returns %d, reference %d", (unsigned long long)scenario,
		     what, rc, rr);
	check_same(st, ref, what, scenario);
	if (chance(g, 15))
		move_protection(g);
	for (unsigned t = 0; t < TICKS_PER_CALL; t++) {
		uint64_t pc = gen_pc(g);
		struct prof_explain ex;
		enum prof_tick_outcome ro;
		int tc = prof_tick(st, &cm, pc, &ex);
		int tr = ref_tick(ref, &rm, pc, &ro);
		c->ticks++;
		c->counted += ex.outcome == PROF_TICK_COUNTED;
		c->outcome[ex.outcome]++;
		cr_assert_eq(tc, tr, "scenario %llu: after %s, tick at %#llx returns %d, reference %d",
			     (unsigned long long)scenario, what, (unsigned long long)pc, tc, tr);
		cr_assert_eq(ex.outcome, ro, "scenario %llu: after %s, tick at %#llx: outcome %d, reference %d",
			     (unsigned long long)scenario, what, (unsigned long long)pc, ex.outcome, ro);
	}
	check_same(st, ref, what, scenario);
}

static void run(enum prof_personality p, uint64_t seed)
{
	struct rng g = { seed };
	struct counts c = { 0 };
	uint64_t scenario = 0;
	while (c.cases < CASES) {
		/* One random draw per statement: the order of draws inside one expression or
		 * initializer list is unspecified in C, and the case stream must not depend on the
		 * compiler. */
		struct prof_config cfg = { .personality = p };
		cfg.word_size = chance(&g, 50) ? 4 : 8;
		cfg.profil_max = PICK(&g, 0, 1, 2, 3, 4, 5, 6, 8, 64, 64);
		uint64_t any_usec = below(&g, 5000000);
		cfg.tick_usec = PICK(&g, 10000, 1000, 1500000, any_usec);
		mem_setup(&g, chance(&g, 50));
		struct prof_state st;
		static struct ref_state ref;
		cr_assert_eq(prof_init(&st, &cfg), 0);
		ref_init(&ref, &cfg);
		unsigned calls = 1 + (unsigned)below(&g, 3);
		for (unsigned k = 0; k < calls; k++)
			one_call(&g, &st, &ref, &c, scenario);
		prof_free(&st);
		scenario++;
	}
	const uint64_t *o = c.outcome;
	cr_log_info("property %s: %llu cases (argument sets) in %llu scenarios, %llu ticks compared",
		    prof_personality_name(p), (unsigned long long)c.cases, (unsigned long long)scenario,
		    (unsigned long long)c.ticks);
	/* Also on stdout (a TAP comment), for the log the lead quotes. */
	printf("# property %s: %llu cases, %llu ticks; calls: %llu ok, %llu EINVAL, %llu EFAULT, "
	       "%llu E2BIG/ENOSYS, %llu SIGSEGV; ticks: %llu off, %llu counted, %llu saturated, "
	       "%llu out of range, %llu fault-off, %llu limit-off, %llu SIGSEGV\n",
	       prof_personality_name(p), (unsigned long long)c.cases, (unsigned long long)c.ticks,
	       (unsigned long long)c.ret[0], (unsigned long long)c.ret[1], (unsigned long long)c.ret[2],
	       (unsigned long long)c.ret[3], (unsigned long long)c.ret[4],
	       (unsigned long long)o[PROF_TICK_OFF], (unsigned long long)o[PROF_TICK_COUNTED],
	       (unsigned long long)o[PROF_TICK_SATURATED], (unsigned long long)o[PROF_TICK_OUT_OF_RANGE],
	       (unsigned long long)o[PROF_TICK_FAULT_DISABLED], (unsigned long long)o[PROF_TICK_LIMIT_DISABLED],
	       (unsigned long long)o[PROF_TICK_SIGSEGV]);
	fflush(stdout);
	cr_assert_geq(c.cases, CASES);
	/* Every outcome the personality can produce must have been compared many times. */
	bool can[PROF_TICK_SIGSEGV + 1] = { [PROF_TICK_OFF] = true, [PROF_TICK_COUNTED] = true,
					   [PROF_TICK_OUT_OF_RANGE] = true };
	can[PROF_TICK_SATURATED] = p == PROF_PERSONALITY_HPUX || p == PROF_PERSONALITY_LINUX;
	can[PROF_TICK_FAULT_DISABLED] = p != PROF_PERSONALITY_LINUX;
	can[PROF_TICK_LIMIT_DISABLED] = p == PROF_PERSONALITY_SVR4;
	can[PROF_TICK_SIGSEGV] = p == PROF_PERSONALITY_LINUX;
	for (int k = 0; k <= PROF_TICK_SIGSEGV; k++)
		cr_assert(can[k] ? o[k] >= 500 : o[k] == 0, "%s: outcome %d seen %llu times",
			  prof_personality_name(p), k, (unsigned long long)o[k]);
}

Test(property, svr4_core_matches_reference, .timeout = 100) { run(PROF_PERSONALITY_SVR4, 0x5e4); }
Test(property, bsd_core_matches_reference, .timeout = 100) { run(PROF_PERSONALITY_BSD, 0xb5d); }
Test(property, linux_core_matches_reference, .timeout = 100) { run(PROF_PERSONALITY_LINUX, 0x11e); }
Test(property, hpux_core_matches_reference, .timeout = 100) { run(PROF_PERSONALITY_HPUX, 0x4b0); }
