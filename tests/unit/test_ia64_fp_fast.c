/* The IA-64 FP fast path (emu/ia64/ia64_fp_fast.c) against the general one (ia64_fp.c, on the
 * host's long doubles, checked against Ski by test_ia64_cpu and the lock-step suite): for
 * random operands of every shape the fast path takes (fma/fms/fnma in each precision and
 * rounding, with cancellation, f0 addends, operands exact in single or double, division's
 * frcpa-fma chains, fcvt.xf, fcvt.fx(u).trunc, fmerge), where the fast path answers it must
 * write the same register, predicate and status flags as the general path; and it must
 * answer most of them, or it would not be a fast path. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "emu/ia64/ia64_fp_fast.h"

enum { BIAS = 0xffff, CASES = 200000 };

static struct ia64_fr get(const struct ia64_cpu *c, unsigned r)
{
	if (r == 0)
		return (struct ia64_fr){ 0, 0, false };
	if (r == 1)
		return (struct ia64_fr){ 1ULL << 63, BIAS, false };
	return c->fr[r];
}

static void set(struct ia64_cpu *c, unsigned r, struct ia64_fr v)
{
	if (r >= 2)
		c->fr[r] = v;
}

static uint64_t state = 0x9e3779b97f4a7c15ULL;
static uint64_t rnd(void)	/* xorshift64*: the same cases on every run */
{
	state ^= state >> 12;
	state ^= state << 25;
	state ^= state >> 27;
	return state * 0x2545f4914f6cdd1dULL;
}

/* A random operand: mostly normalized, near 1 or spread over the range, sometimes exact in
 * single or double, sometimes an integer, zero, unnormalized or special. */
static struct ia64_fr operand(void)
{
	uint64_t k = rnd() % 16;
	struct ia64_fr r = { rnd() | 1ULL << 63, BIAS, rnd() & 1 };
	int spread = k < 6 ? 8 : k < 10 ? 200 : k < 12 ? 2000 : 20000;
	r.exp = (uint32_t)(BIAS + (int)(rnd() % (2 * spread + 1)) - spread);
	if (k == 12)
		r.sig &= ~0x7ffULL;			/* a double */
	if (k == 13)
		r.sig &= ~0xffffffffffULL;		/* a single */
	if (k == 14)
		r = (struct ia64_fr){ rnd() >> (rnd() % 64), 0x1003e, false };	/* setf.sig */
	if (k == 15 && rnd() % 4 == 0)
		r = (struct ia64_fr){ rnd() % 3 == 0 ? 0 : 1ULL << 63, 0x1ffff, rnd() & 1 };
	return r;
}

static struct ia64_cpu *cpu(void)
{
	struct ia64_cpu *c = calloc(1, sizeof *c);
	cr_assert(c);
	c->ar[IA64_AR_FPSR] = 0x0009804c0270033fULL;
	for (unsigned r = 2; r < 128; r++)
		c->fr[r] = operand();
	return c;
}

/* Runs in on copies of *c both ways; true if the fast path answered (then both agree). */
static bool compare(const struct ia64_cpu *c, const struct ia64_insn *in)
{
	static struct ia64_cpu fast, general;
	memcpy(&fast, c, sizeof fast);
	memcpy(&general, c, sizeof general);
	if (!ia64_fp_fast(&fast, in, get, set, in->ldtype & 3,
			  (unsigned)(c->ar[IA64_AR_FPSR] >> (6 + 13 * (in->ldtype & 3))) & 0x1fff)) {
		cr_assert(!memcmp(&fast, c, sizeof fast), "op %u: declined but changed the state",
			  in->op);
		return false;
	}
	cr_assert(ia64_fp_general(&general, in, get, set), "op %u: the general path refuses it", in->op);
	const struct ia64_fr *f = &fast.fr[in->r1], *g = &general.fr[in->r1];
	cr_assert(f->sig == g->sig && f->exp == g->exp && f->sign == g->sign,
		  "op %u variant %u btype %u sf %u fpsr %016llx: fast %016llx/%05x/%d, general %016llx/%05x/%d "
		  "(f%u=%016llx/%05x/%d f%u=%016llx/%05x/%d f%u=%016llx/%05x/%d)",
		  in->op, in->variant, in->btype, in->ldtype, (unsigned long long)c->ar[IA64_AR_FPSR],
		  (unsigned long long)f->sig, f->exp, f->sign, (unsigned long long)g->sig, g->exp, g->sign,
		  in->r2, (unsigned long long)get(c, in->r2).sig, get(c, in->r2).exp, get(c, in->r2).sign,
		  in->r3, (unsigned long long)get(c, in->r3).sig, get(c, in->r3).exp, get(c, in->r3).sign,
		  in->pos, (unsigned long long)get(c, in->pos).sig, get(c, in->pos).exp, get(c, in->pos).sign);
	cr_assert_eq(fast.ar[IA64_AR_FPSR], general.ar[IA64_AR_FPSR], "op %u: status flags differ", in->op);
	cr_assert_eq(fast.pr, general.pr, "op %u: predicates differ (%016llx %016llx, p1 %u p2 %u imm %llx f%u %016llx/%05x/%d)", in->op, (unsigned long long)fast.pr, (unsigned long long)general.pr, in->p1, in->p2, (unsigned long long)in->imm, in->r2, (unsigned long long)get(c, in->r2).sig, get(c, in->r2).exp, get(c, in->r2).sign);
	return true;
}

/* Each status field gets its own random rounding and precision control. */
static void random_controls(struct ia64_cpu *c)
{
	for (unsigned sf = 0; sf < 4; sf++) {
		unsigned shift = 6 + 13 * sf;
		uint64_t controls = (rnd() % 4) << 4 | (rnd() % 4) << 2 | 0x40;	/* rc, pc, td */
		c->ar[IA64_AR_FPSR] = (c->ar[IA64_AR_FPSR] & ~(0x1fffULL << shift)) | controls << shift;
	}
}

Test(ia64_fp_fast, fma_forms_agree_with_the_general_path)
{
	struct ia64_cpu *c = cpu();
	static const unsigned ops[] = { IA64_OP_FMA, IA64_OP_FMS, IA64_OP_FNMA };
	unsigned answered = 0;
	for (unsigned i = 0; i < CASES; i++) {
		if (i % 64 == 0) {
			for (unsigned r = 2; r < 16; r++)
				c->fr[r] = operand();
			random_controls(c);
		}
		struct ia64_insn in = { .op = (uint16_t)ops[rnd() % 3], .r1 = 20,
					.r2 = (uint8_t)(rnd() % 4 == 0 ? 0 : 2 + rnd() % 14),
					.r3 = (uint8_t)(1 + rnd() % 15), .pos = (uint8_t)(1 + rnd() % 15),
					.ldtype = (uint8_t)(rnd() % 4), .btype = (uint8_t)(rnd() % 3) };
		if (rnd() % 4 == 0 && in.r2) {
			/* the addend near the product: cancellation */
			struct ia64_fr x = get(c, in.r3), y = get(c, in.pos);
			unsigned __int128 p = (unsigned __int128)x.sig * y.sig;
			uint64_t hi = (uint64_t)(p >> 64);
			c->fr[in.r2] = (struct ia64_fr){ hi >> 63 ? hi : hi << 1 | (uint64_t)(p >> 63 & 1),
							 x.exp + y.exp - BIAS + (hi >> 63 ? 1 : 0),
							 (x.sign ^ y.sign) ^ (rnd() & 1) };
			c->fr[in.r2].sig ^= rnd() % 4 == 0 ? 0 : rnd() >> (rnd() % 64);
		}
		answered += compare(c, &in);
	}
	cr_assert_gt(answered, CASES / 10, "the fast path answered only %u of %u", answered, CASES);
	free(c);
}

/* A double near 1 or spread up to 2^600 (the host-fma path takes |e| <= 400), few bits set
 * or all 53, so that sums and products are often exact and sometimes cancel. */
static struct ia64_fr double_operand(void)
{
	uint64_t sig = (rnd() | 1ULL << 63) & ~0x7ffULL;
	if (rnd() % 3 == 0)
		sig &= ~(~0ULL >> (1 + rnd() % 8));	/* a short significand: exact results */
	int spread = rnd() % 2 ? 4 : 600;
	return (struct ia64_fr){ sig | 1ULL << 63, (uint32_t)(BIAS + (int)(rnd() % (2 * spread + 1)) - spread),
				 rnd() & 1 };
}

/* fma.d in round-to-nearest on double operands (fpkernels' whole diet): the fast path's
 * host fma and its exact test for inexact against the general path. */
Test(ia64_fp_fast, double_fma_agrees_with_the_general_path)
{
	struct ia64_cpu *c = cpu();
	static const unsigned ops[] = { IA64_OP_FMA, IA64_OP_FMS, IA64_OP_FNMA };
	unsigned answered = 0;
	for (unsigned i = 0; i < CASES; i++) {
		if (i % 16 == 0) {
			for (unsigned r = 2; r < 16; r++)
				c->fr[r] = double_operand();
			c->ar[IA64_AR_FPSR] = 0x0009804c0270033fULL;	/* sf0..3 round to nearest */
		}
		struct ia64_insn in = { .op = (uint16_t)ops[rnd() % 3], .r1 = 20,
					.r2 = (uint8_t)(rnd() % 4 == 0 ? 0 : 2 + rnd() % 14),
					.r3 = (uint8_t)(1 + rnd() % 15), .pos = (uint8_t)(1 + rnd() % 15),
					.ldtype = (uint8_t)(rnd() % 4), .btype = 2 };
		if (rnd() % 2 == 0 && in.r2) {	/* the addend a rounding of the product: cancels */
			struct ia64_fr x = get(c, in.r3), y = get(c, in.pos);
			unsigned __int128 p = (unsigned __int128)x.sig * y.sig;
			uint64_t hi = (uint64_t)(p >> 64);
			uint64_t sig = hi >> 63 ? hi : hi << 1 | (uint64_t)(p >> 63 & 1);
			c->fr[in.r2] = (struct ia64_fr){ (sig & ~0x7ffULL) + (rnd() % 3 == 0 ? 0x800 : 0),
							 x.exp + y.exp - BIAS + (hi >> 63 ? 1 : 0),
							 (x.sign ^ y.sign) ^ (rnd() & 1) };
			if (!(c->fr[in.r2].sig >> 63))
				c->fr[in.r2] = double_operand();
		}
		answered += compare(c, &in);
	}
	cr_assert_gt(answered, CASES / 2, "the fast path answered only %u of %u", answered, CASES);
	free(c);
}

/* libgcc's unsigned 64-bit division (__udivdi3): fcvt.xuf of both (fma by f1), frcpa, the
 * fma chain on sf1 and fcvt.fxu.trunc; each step compared, the general path's result of each
 * step feeding the next, and the quotient checked. */
Test(ia64_fp_fast, division_chains_agree_with_the_general_path)
{
	struct ia64_cpu *c = cpu();
	unsigned answered = 0, steps = 0;
#define FMA(o, d, f3, f4, f2) { .op = IA64_OP_##o, .r1 = d, .r3 = f3, .pos = f4, .r2 = f2, .ldtype = 1 }
	static const struct ia64_insn chain[] = {
		FMA(FMA, 8, 8, 1, 0), FMA(FMA, 9, 9, 1, 0),
		{ .op = IA64_OP_FRCPA, .r1 = 10, .r2 = 8, .r3 = 9, .p2 = 6, .ldtype = 1 },
		FMA(FMA, 11, 8, 10, 0), FMA(FNMA, 12, 9, 10, 1), FMA(FMA, 11, 12, 11, 11),
		FMA(FMA, 13, 12, 12, 0), FMA(FMA, 10, 12, 10, 10), FMA(FMA, 11, 13, 11, 11),
		FMA(FMA, 10, 13, 10, 10), FMA(FNMA, 12, 9, 11, 8), FMA(FMA, 8, 12, 10, 11),
		{ .op = IA64_OP_FCVT_FX, .variant = 3, .r1 = 8, .r2 = 8, .ldtype = 1 },
	};
#undef FMA
	for (unsigned i = 0; i < CASES / 10; i++) {
		uint64_t a = (rnd() >> (rnd() % 64)) | 1, b = (rnd() >> (rnd() % 64)) | 1;
		c->fr[8] = (struct ia64_fr){ a, 0x1003e, false };
		c->fr[9] = (struct ia64_fr){ b, 0x1003e, false };
		c->pr = 1;
		for (size_t k = 0; k < sizeof chain / sizeof chain[0]; k++) {
			answered += compare(c, &chain[k]);
			steps++;
			ia64_fp_general(c, &chain[k], get, set);
		}
		/* fcvt.fx.trunc, signed, and fmerge on what the chain left */
		struct ia64_insn more[] = {
			{ .op = IA64_OP_FCVT_FX, .variant = 2, .r1 = 15, .r2 = 12, .ldtype = 1 },
			{ .op = IA64_OP_FCVT_XF, .r1 = 16, .r2 = 8, .ldtype = 1 },
			{ .op = IA64_OP_FMERGE, .variant = (uint8_t)(rnd() % 3), .r1 = 17, .r2 = 12, .r3 = 11 },
		};
		for (size_t k = 0; k < sizeof more / sizeof more[0]; k++) {
			answered += compare(c, &more[k]);
			steps++;
		}
		if (c->pr >> 6 & 1)
			cr_assert_eq(c->fr[8].sig, a / b, "%llu / %llu: the chain gave %llu",
				     (unsigned long long)a, (unsigned long long)b,
				     (unsigned long long)c->fr[8].sig);
	}
	cr_assert_gt(answered, steps * 9 / 10, "the fast path answered only %u of %u", answered, steps);
	free(c);
}

/* The one-operand and compare forms on random registers: fclass, fcmp, frcpa, frsqrta,
 * fcvt.xf, fcvt.fx in its four variants (the rounding ones decline), fmerge. */
Test(ia64_fp_fast, other_forms_agree_with_the_general_path)
{
	struct ia64_cpu *c = cpu();
	static const unsigned crels[] = { IA64_CREL_EQ, IA64_CREL_LT, IA64_CREL_LE };
	unsigned answered = 0;
	for (unsigned i = 0; i < CASES / 4; i++) {
		if (i % 64 == 0) {
			for (unsigned r = 2; r < 16; r++)
				c->fr[r] = operand();
			random_controls(c);
		}
		struct ia64_insn in = { .r1 = 20, .r2 = (uint8_t)(rnd() % 16), .r3 = (uint8_t)(rnd() % 16),
					.p1 = (uint8_t)(1 + rnd() % 63), .p2 = (uint8_t)(1 + rnd() % 63),
					.ldtype = (uint8_t)(rnd() % 4) };
		switch (rnd() % 7) {
		case 0: in.op = IA64_OP_FCLASS; in.imm = (int64_t)(rnd() % 0x200); break;
		case 1: in.op = IA64_OP_FCMP; in.crel = (uint8_t)crels[rnd() % 3]; break;
		case 2: in.op = IA64_OP_FRCPA; break;
		case 3: in.op = IA64_OP_FRSQRTA; break;
		case 4: in.op = IA64_OP_FCVT_XF; break;
		case 5: in.op = IA64_OP_FCVT_FX; in.variant = (uint8_t)(rnd() % 4); break;
		default: in.op = IA64_OP_FMERGE; in.variant = (uint8_t)(rnd() % 3); break;
		}
		c->pr = rnd() | 1;
		answered += compare(c, &in);
	}
	cr_assert_gt(answered, CASES / 8, "the fast path answered only %u of %u", answered, CASES / 4);
	free(c);
}
