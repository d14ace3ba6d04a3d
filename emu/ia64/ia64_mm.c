/* IA-64 multimedia (parallel integer) instructions: a general register as 8 bytes, 4
 * halfwords or 2 words, element 0 the least significant. Semantics of the Itanium manual,
 * volume 3 (padd, psub, pavg, pavgsub, pcmp, pshladd2, pshradd2, pmpyshr2, pmpy2, mix, pack,
 * unpack, pmin, pmax, psad1, mux1, mux2, pshr, pshl, mpy4, mpyshl4, popcnt, clz). */
#include "ia64_cpu_internal.h"

static inline uint64_t elem(uint64_t v, unsigned sz, unsigned i)
{
	return sz == 8 ? v : v >> (8 * sz * i) & ((1ULL << (8 * sz)) - 1);
}

static inline int64_t selem(uint64_t v, unsigned sz, unsigned i)
{
	unsigned bits = 8 * sz;
	return bits == 64 ? (int64_t)v : (int64_t)(elem(v, sz, i) << (64 - bits)) >> (64 - bits);
}

static inline uint64_t put_elem(uint64_t r, unsigned sz, unsigned i, uint64_t e)
{
	if (sz == 8)
		return e;
	uint64_t m = (1ULL << (8 * sz)) - 1;
	return r | (e & m) << (8 * sz * i);
}

static int64_t clamp(int64_t v, int64_t lo, int64_t hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* padd/psub: variant 0 modulo, 1 sss (signed), 2 uuu (unsigned), 3 uus (r3 signed, result
 * unsigned), each saturating to the element's range. */
static uint64_t add_sub(uint64_t a, uint64_t b, unsigned sz, unsigned variant, bool sub)
{
	unsigned n = 8 / sz;
	int64_t smax = (1LL << (8 * sz - 1)) - 1, smin = -smax - 1, umax = (1LL << (8 * sz)) - 1;
	uint64_t r = 0;
	for (unsigned i = 0; i < n; i++) {
		int64_t x = variant == 1 ? selem(a, sz, i) : (int64_t)elem(a, sz, i);
		int64_t y = variant == 0 || variant == 2 ? (int64_t)elem(b, sz, i) : selem(b, sz, i);
		int64_t v = sub ? x - y : x + y;
		if (variant == 1)
			v = clamp(v, smin, smax);
		else if (variant >= 2)
			v = clamp(v, 0, umax);
		r = put_elem(r, sz, i, (uint64_t)v);
	}
	return r;
}

/* mix, unpack: interleave elements of r2 (odd positions) and r3 (even positions); mix takes
 * the odd (.l) or even (.r) elements of each pair, unpack the high (.h) or low (.l) half. */
static uint64_t interleave(uint64_t a, uint64_t b, unsigned sz, bool mix, bool high)
{
	unsigned n = 8 / sz;
	uint64_t r = 0;
	for (unsigned j = 0; j < n / 2; j++) {
		unsigned from = mix ? 2 * j + (high ? 1 : 0) : j + (high ? n / 2 : 0);
		r = put_elem(r, sz, 2 * j + 1, elem(a, sz, from));
		r = put_elem(r, sz, 2 * j, elem(b, sz, from));
	}
	return r;
}

/* pack2.sss, pack2.uss, pack4.sss: r2's elements saturated to half width form the low half
 * of r1, r3's the high half. */
static uint64_t pack(uint64_t a, uint64_t b, unsigned sz, bool sss)
{
	unsigned n = 8 / sz, half = sz / 2;
	int64_t smax = (1LL << (8 * half - 1)) - 1, smin = -smax - 1, umax = (1LL << (8 * half)) - 1;
	uint64_t r = 0;
	for (unsigned i = 0; i < 2 * n; i++) {
		int64_t v = selem(i < n ? a : b, sz, i % n);
		v = sss ? clamp(v, smin, smax) : clamp(v, 0, umax);
		r = put_elem(r, half, i, (uint64_t)v);
	}
	return r;
}

static uint64_t mux1(uint64_t v, unsigned mbtype)
{
	static const uint8_t mix[8] = { 0, 4, 2, 6, 1, 5, 3, 7 };
	static const uint8_t shuf[8] = { 0, 4, 1, 5, 2, 6, 3, 7 };
	static const uint8_t alt[8] = { 0, 2, 4, 6, 1, 3, 5, 7 };
	uint64_t r = 0;
	for (unsigned i = 0; i < 8; i++) {
		unsigned from;
		switch (mbtype) {
		case 0: from = 0; break;		/* @brcst */
		case 8: from = mix[i]; break;
		case 9: from = shuf[i]; break;
		case 10: from = alt[i]; break;
		default: from = 7 - i; break;	/* @rev (and the reserved types) */
		}
		r = put_elem(r, 1, i, elem(v, 1, from));
	}
	return r;
}

static uint64_t mux2(uint64_t v, unsigned mhtype)
{
	uint64_t r = 0;
	for (unsigned i = 0; i < 4; i++)
		r = put_elem(r, 2, i, elem(v, 2, mhtype >> (2 * i) & 3));
	return r;
}

/* pshr (variant 1: .u) and pshl: a count at or past the element width gives 0, or all sign
 * bits for a signed right shift. */
static uint64_t shift(uint64_t v, unsigned sz, uint64_t count, bool left, bool logical)
{
	unsigned n = 8 / sz, bits = 8 * sz;
	uint64_t r = 0;
	for (unsigned i = 0; i < n; i++) {
		uint64_t e;
		if (left)
			e = count >= bits ? 0 : elem(v, sz, i) << count;
		else if (logical)
			e = count >= bits ? 0 : elem(v, sz, i) >> count;
		else
			e = (uint64_t)(selem(v, sz, i) >> (count >= bits ? bits - 1 : count));
		r = put_elem(r, sz, i, e);
	}
	return r;
}

/* r1 of the parallel operations on a and b (r2 and r3 as each form reads them). */
bool ia64_mm_exec(struct ia64_cpu *c, const struct ia64_insn *in)
{
	uint64_t a = ia64_gr(c, in->r2), b = ia64_gr(c, in->r3), r = 0;
	unsigned sz = in->sz, n = sz ? 8 / sz : 0;
	switch (in->op) {
	case IA64_OP_PADD: r = add_sub(a, b, sz, in->variant, false); break;
	case IA64_OP_PSUB: r = add_sub(a, b, sz, in->variant, true); break;
	case IA64_OP_PAVG: case IA64_OP_PAVGSUB:
		for (unsigned i = 0; i < n; i++) {
			int64_t x = (int64_t)elem(a, sz, i), y = (int64_t)elem(b, sz, i);
			int64_t s = in->op == IA64_OP_PAVGSUB ? x - y : x + y;
			int64_t avg = in->variant ? (s + 1) >> 1 : s >> 1 | (s & 1);
			r = put_elem(r, sz, i, (uint64_t)avg);
		}
		break;
	case IA64_OP_PCMP:
		for (unsigned i = 0; i < n; i++) {
			bool t = in->crel == IA64_CREL_EQ ? elem(a, sz, i) == elem(b, sz, i)
							  : selem(a, sz, i) > selem(b, sz, i);
			r = put_elem(r, sz, i, t ? ~0ULL : 0);
		}
		break;
	case IA64_OP_PSHLADD2: case IA64_OP_PSHRADD2:
		for (unsigned i = 0; i < 4; i++) {
			int64_t x = selem(a, 2, i), y = selem(b, 2, i);
			if (in->op == IA64_OP_PSHLADD2)
				x = clamp(x * (1LL << in->pos), -32768, 32767);
			else
				x >>= in->pos;
			r = put_elem(r, 2, i, (uint64_t)clamp(x + y, -32768, 32767));
		}
		break;
	case IA64_OP_PMPYSHR2:
		for (unsigned i = 0; i < 4; i++) {
			int64_t p = in->variant ? (int64_t)(elem(a, 2, i) * elem(b, 2, i))
						: selem(a, 2, i) * selem(b, 2, i);
			r = put_elem(r, 2, i, (uint64_t)(p >> in->pos));
		}
		break;
	case IA64_OP_PMPY2:	/* .r: halfwords 0 and 2; .l: 1 and 3 */
		for (unsigned k = 0; k < 2; k++) {
			unsigned h = 2 * k + in->variant;
			r = put_elem(r, 4, k, (uint64_t)(selem(a, 2, h) * selem(b, 2, h)));
		}
		break;
	case IA64_OP_MIX: r = interleave(a, b, sz, true, in->variant); break;
	case IA64_OP_UNPACK: r = interleave(a, b, sz, false, in->variant); break;
	case IA64_OP_PACK: r = pack(a, b, sz, in->variant); break;
	case IA64_OP_PMIN: case IA64_OP_PMAX:	/* pmin1.u/pmax1.u unsigned, pmin2/pmax2 signed */
		for (unsigned i = 0; i < n; i++) {
			int64_t x = sz == 1 ? (int64_t)elem(a, sz, i) : selem(a, sz, i);
			int64_t y = sz == 1 ? (int64_t)elem(b, sz, i) : selem(b, sz, i);
			bool take_x = in->op == IA64_OP_PMIN ? x < y : x > y;
			r = put_elem(r, sz, i, (uint64_t)(take_x ? x : y));
		}
		break;
	case IA64_OP_PSAD1:
		for (unsigned i = 0; i < 8; i++) {
			int64_t d = (int64_t)elem(a, 1, i) - (int64_t)elem(b, 1, i);
			r += (uint64_t)(d < 0 ? -d : d);
		}
		break;
	case IA64_OP_MUX1: r = mux1(a, in->pos); break;
	case IA64_OP_MUX2: r = mux2(a, in->pos); break;
	case IA64_OP_PSHR:	/* r1 = r3 >> (r2 or count) */
		r = shift(b, sz, in->imm_form ? in->pos : a, false, in->variant);
		break;
	case IA64_OP_PSHL:	/* r1 = r2 << (r3 or count) */
		r = shift(a, sz, in->imm_form ? in->pos : b, true, false);
		break;
	case IA64_OP_MPY4: r = (a & 0xffffffffULL) * (b & 0xffffffffULL); break;
	case IA64_OP_MPYSHL4: r = (a & 0xffffffffULL) * (b >> 32) << 32; break;
	case IA64_OP_POPCNT: r = (uint64_t)__builtin_popcountll(b); break;
	case IA64_OP_CLZ: r = b ? (uint64_t)__builtin_clzll(b) : 64; break;
	default: return false;
	}
	ia64_set_gr(c, in->r1, r);
	return true;
}
