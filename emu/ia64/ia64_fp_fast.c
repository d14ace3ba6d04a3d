/* The common IA-64 FP operations without the host's floating-point environment.
 *
 * ia64_fp.c computes on x87 long doubles between fesetround, feclearexcept and
 * fetestexcept, and its fma is glibc's software fmal: about 1 us an operation, which made
 * IA-64 integer division (frcpa, a chain of fma, fcvt.fx.trunc: gcc inlines it) cost
 * more than half of a Lua interpreter's run. Here the same operations are computed on the
 * register format's integers, for operands whose conversion to long double is exact and
 * raises nothing (no NaN, exponent far from the ends of the range) and results that stay
 * normal and nonzero: exactly what ia64_fp.c gives there, result and flags (only inexact
 * can arise). Anything else returns false and goes the general way. The unit test
 * ia64_fp_fast compares the two on random and division-shaped operands. */
#include "ia64_fp_fast.h"

#include <math.h>
#include <string.h>

#include "ia64_frcpa.h"

enum { EXP_BIAS = 0xffff, EXP_SPECIAL = 0x1ffff, EXP_INTEGER = 0x1003e, FLAG_I = 32 };

/* A register whose long double value is exact, normal and raises nothing to compute:
 * zero, or a finite value far inside the x87 exponent range. */
static bool quiet(struct ia64_fr r)
{
	return r.exp != EXP_SPECIAL &&
	       (r.sig == 0 || (r.exp >= EXP_BIAS - 16000 && r.exp <= EXP_BIAS + 16000));
}

/* A normalized value the precision of p bits holds exactly (exponent within range). */
static bool held_in(struct ia64_fr r, unsigned p, int range)
{
	int e = (int)r.exp - EXP_BIAS;
	return e >= -range && e <= range && (r.sig << p) == 0;
}

/* *r normalized (integer bit set: an unnormalized one, as setf.sig leaves integers, is shifted
 * and *unnormal set, for the d flag ia64_fp.c reports), nonzero and finite, with an exponent
 * at most `range` from 0. */
static bool normal_in(struct ia64_fr *r, int range, bool *unnormal)
{
	if (r->sig == 0 || r->exp == EXP_SPECIAL || !quiet(*r))
		return false;
	if (!(r->sig >> 63)) {
		int lz = __builtin_clzll(r->sig);
		r->sig <<= lz;
		r->exp -= (uint32_t)lz;
		*unnormal = true;
	}
	int e = (int)r->exp - EXP_BIAS;
	return e >= -range && e <= range;
}

/* A 256-bit unsigned integer, w[0] least significant. */
struct u256 {
	uint64_t w[4];
};

/* v (up to 128 bits) shifted left by s into 256 bits; s < 0 shifts right, and the bits that
 * fall off set bit 0 (sticky). */
static struct u256 place(unsigned __int128 v, int s)
{
	struct u256 r = { { 0, 0, 0, 0 } };
	if (s < 0) {
		unsigned rs = (unsigned)-s;
		bool sticky;
		if (rs >= 128) {
			sticky = v != 0;
			v = 0;
		} else {
			sticky = (v & (((unsigned __int128)1 << rs) - 1)) != 0;
			v >>= rs;
		}
		r.w[0] = (uint64_t)v | sticky;
		r.w[1] = (uint64_t)(v >> 64);
		return r;
	}
	unsigned limb = (unsigned)s / 64, bit = (unsigned)s % 64;
	uint64_t lo = (uint64_t)v, hi = (uint64_t)(v >> 64);
	uint64_t parts[3] = { lo << bit, bit ? (hi << bit) | (lo >> (64 - bit)) : hi,
			      bit ? hi >> (64 - bit) : 0 };
	for (unsigned k = 0; k < 3 && limb + k < 4; k++)
		r.w[limb + k] = parts[k];
	return r;
}

static int cmp256(const struct u256 *a, const struct u256 *b)
{
	for (int k = 3; k >= 0; k--)
		if (a->w[k] != b->w[k])
			return a->w[k] < b->w[k] ? -1 : 1;
	return 0;
}

static struct u256 add256(const struct u256 *a, const struct u256 *b)
{
	struct u256 r;
	unsigned carry = 0;
	for (unsigned k = 0; k < 4; k++) {
		uint64_t s = a->w[k] + b->w[k];
		unsigned c1 = s < a->w[k];
		r.w[k] = s + carry;
		carry = c1 | (r.w[k] < s);
	}
	return r;
}

static struct u256 sub256(const struct u256 *a, const struct u256 *b)	/* a >= b */
{
	struct u256 r;
	unsigned borrow = 0;
	for (unsigned k = 0; k < 4; k++) {
		uint64_t d = a->w[k] - b->w[k];
		unsigned b1 = a->w[k] < b->w[k];
		r.w[k] = d - borrow;
		borrow = b1 | (d < borrow);
	}
	return r;
}

static bool bit256(const struct u256 *v, int n)
{
	return n >= 0 && (v->w[n / 64] >> (n % 64) & 1);
}

/* Any bit below position n (n may be <= 0: none). */
static bool below256(const struct u256 *v, int n)
{
	for (int k = 0; k < 4 && 64 * k < n; k++) {
		int top = n - 64 * k;	/* bits [0, top) of limb k */
		uint64_t m = top >= 64 ? ~0ULL : (1ULL << top) - 1;
		if (v->w[k] & m)
			return true;
	}
	return false;
}

/* p bits of v from position top down (top - p + 1 may be negative: zeros come in). */
static uint64_t bits256(const struct u256 *v, int top, unsigned p)
{
	int lo = top - (int)p + 1;
	if (lo < 0)	/* then v < 2^p: all of it is in w[0] */
		return v->w[0] << -lo;
	unsigned limb = (unsigned)lo / 64, off = (unsigned)lo % 64;
	uint64_t w = v->w[limb] >> off;
	if (off && limb < 3)
		w |= v->w[limb + 1] << (64 - off);
	return p == 64 ? w : w & ((1ULL << p) - 1);
}

/* Rounds sign * v * 2^f to p bits in rounding rc (0 nearest, 1 down, 2 up, 3 zero); false if
 * v is 0 or the result's exponent leaves [-range, range]. */
static bool round_to(const struct u256 *v, int f, bool sign, unsigned p, unsigned rc, int range,
		     struct ia64_fr *out, bool *inexact)
{
	int top = -1;
	for (int k = 3; k >= 0 && top < 0; k--)
		if (v->w[k])
			top = 64 * k + 63 - __builtin_clzll(v->w[k]);
	if (top < 0)
		return false;
	uint64_t m = bits256(v, top, p);
	bool guard = bit256(v, top - (int)p), sticky = below256(v, top - (int)p);
	*inexact = guard || sticky;
	bool up;
	switch (rc & 3) {
	case 0: up = guard && (sticky || (m & 1)); break;
	case 1: up = *inexact && sign; break;
	case 2: up = *inexact && !sign; break;
	default: up = false; break;
	}
	int e = f + top;	/* the exponent of the result's leading bit */
	if (up) {
		m++;
		if (p < 64 ? m >> p : m == 0) {	/* carried out: 1.000... */
			m = 1ULL << (p - 1);
			e++;
		}
	}
	if (e < -range || e > range)
		return false;
	*out = (struct ia64_fr){ p == 64 ? m : m << (64 - p), (uint32_t)(e + EXP_BIAS), sign };
	return true;
}

/* A normalized register value with a 53-bit significand and exponent e as a host double. */
static double fr_double(struct ia64_fr r)
{
	uint64_t bits = (uint64_t)r.sign << 63 | (uint64_t)((int)r.exp - EXP_BIAS + 1023) << 52 |
			((r.sig << 1) >> 12);
	double d;
	memcpy(&d, &bits, sizeof d);
	return d;
}

/* fma.d in round-to-nearest on double operands far inside the range: the host's fma (what
 * ia64_fp.c's fused() calls there too), about twenty times cheaper than the 256-bit path.
 * Inexact is exact arithmetic: x*y = ph + pl (the fma residual) and r - a = u + v (TwoSum)
 * are each split as (round-to-nearest of the value, the remainder), which is unique, so the
 * sum was exact (r == x*y + a) iff both pairs are equal. */
static bool fma_double(struct ia64_fr x, struct ia64_fr y, struct ia64_fr a, bool add_zero,
		       bool negate_product, bool negate_addend, struct ia64_fr *out, bool *inexact)
{
	static const int range = 400;	/* products and sums stay normal, residuals exact */
	if (!(x.sig >> 63) || !(y.sig >> 63) || !held_in(x, 53, range) || !held_in(y, 53, range) ||
	    (!add_zero && (!(a.sig >> 63) || !held_in(a, 53, range))))
		return false;
	double dx = fr_double(x), dy = fr_double(y), da = add_zero ? 0.0 : fr_double(a);
	if (negate_product)
		dx = -dx;
	if (negate_addend)
		da = -da;
	double r = fma(dx, dy, da);
	if (r == 0)
		return false;	/* an exact zero: its sign has rules of its own */
	double ph = dx * dy, pl = fma(dx, dy, -ph);
	double u = r - da, rv = u - r, v = (r - (u - rv)) + (-da - rv);
	*inexact = !(ph == u && pl == v);
	uint64_t bits;
	memcpy(&bits, &r, sizeof bits);
	int e = (int)(bits >> 52 & 0x7ff) - 1023;
	if (e < -1000 || e > 1000)
		return false;
	*out = (struct ia64_fr){ (bits << 11) | 1ULL << 63, (uint32_t)(e + EXP_BIAS), bits >> 63 };
	return true;
}

/* Rounds sign * s * 2^e0 (s's bit 127 set; bit 0 may be a sticky bit: s odd stands for any
 * value strictly between s - 1 and s + 1) to 64 bits in rounding rc; false if the exponent
 * leaves [-16000, 16000]. */
static bool round128(unsigned __int128 s, int e0, bool sign, unsigned rc, struct ia64_fr *out,
		     bool *inexact)
{
	uint64_t m = (uint64_t)(s >> 64), lo = (uint64_t)s;
	bool guard = lo >> 63, sticky = (lo << 1) != 0, up;
	*inexact = guard || sticky;
	switch (rc & 3) {
	case 0: up = guard && (sticky || (m & 1)); break;
	case 1: up = *inexact && sign; break;
	case 2: up = *inexact && !sign; break;
	default: up = false; break;
	}
	int e = e0 + 127;
	if (up && ++m == 0) {
		m = 1ULL << 63;
		e++;
	}
	if (e < -16000 || e > 16000)
		return false;
	*out = (struct ia64_fr){ m, (uint32_t)(e + EXP_BIAS), sign };
	return true;
}

/* Extended precision (the division and square-root sequences' sf1) in 128 bits: the product
 * (its leading bit at 127) and the addend aligned with the bits shifted out of the smaller
 * jammed into bit 0, which rounds as the exact sum does when the two leading bits are at
 * least 3 apart (at most one bit cancels, the rounding position stays far above bit 0).
 * Closer ones, where much may cancel, return false for the 256-bit path. */
static bool fma_extended(unsigned __int128 prod, int pe, bool ps, const struct ia64_fr *a,
			 bool as, unsigned rc, struct ia64_fr *out, bool *inexact)
{
	if (!(prod >> 127)) {
		prod <<= 1;
		pe--;
	}
	if (!a)
		return round128(prod, pe, ps, rc, out, inexact);
	unsigned __int128 av = (unsigned __int128)a->sig << 64;
	int ae = (int)a->exp - EXP_BIAS - 127, d = pe - ae;
	if (d > -3 && d < 3)
		return false;
	unsigned __int128 big = d > 0 ? prod : av, small = d > 0 ? av : prod;
	int e0 = d > 0 ? pe : ae;
	unsigned sh = (unsigned)(d > 0 ? d : -d);
	bool sign = d > 0 ? ps : as;
	if (sh >= 128)
		small = 1;
	else
		small = small >> sh | ((small & (((unsigned __int128)1 << sh) - 1)) != 0);
	unsigned __int128 s;
	if (ps == as) {
		s = big + small;
		if (s < big) {	/* carried out */
			s = s >> 1 | (s & 1) | (unsigned __int128)1 << 127;
			e0++;
		}
	} else {
		s = big - small;	/* at least 2^126: big >= 2^127 > 4 * small */
		if (!(s >> 127)) {
			s <<= 1;
			e0--;
		}
	}
	return round128(s, e0, sign, rc, out, inexact);
}

/* fma/fms/fnma: f3 * f4 + f2 (f2 zero when r2 is f0), correctly rounded once. */
static bool fast_fma(struct ia64_cpu *c, const struct ia64_insn *in,
		     struct ia64_fr (*get)(const struct ia64_cpu *, unsigned),
		     void (*set)(struct ia64_cpu *, unsigned, struct ia64_fr), unsigned sf,
		     unsigned bits)
{
	unsigned pc = in->btype == 1 ? 0 : in->btype == 2 ? 2 : (bits >> 2 & 3);
	/* ia64_fp.c's fused(): single and double use fmaf and fma on operands they hold
	 * exactly, else fmal's result is rounded again to the precision; extended is fmal */
	unsigned p = pc == 0 ? 24 : pc == 2 ? 53 : 64;
	int p_range = pc == 0 ? 126 : pc == 2 ? 1022 : 8000;
	int res_range = pc == 0 ? 120 : pc == 2 ? 1000 : 16000;
	struct ia64_fr x = get(c, in->r3), y = get(c, in->pos), a = get(c, in->r2);
	struct ia64_fr r;
	bool inexact;
	if (p == 53 && (bits >> 4 & 3) == 0 &&
	    fma_double(x, y, a, in->r2 == 0, in->op == IA64_OP_FNMA, in->op == IA64_OP_FMS, &r, &inexact)) {
		set(c, in->r1, r);
		if (inexact)
			c->ar[IA64_AR_FPSR] |= (uint64_t)FLAG_I << (13 + 13 * sf);
		return true;
	}
	bool unnormal = false;
	if (!normal_in(&x, 8000, &unnormal) || !normal_in(&y, 8000, &unnormal))
		return false;
	bool add_zero = in->r2 == 0;
	if (!add_zero && !normal_in(&a, 8000, &unnormal))
		return false;
	/* fused() asks (float)v == v or (double)v == v of x, y, then the addend, and stops at the
	 * first it does not hold: that conversion raised inexact (and no more, its exponent being
	 * inside the range) */
	bool once = true, check_inexact = false;
	if (p < 64) {
		const struct ia64_fr ops[3] = { x, y, add_zero ? (struct ia64_fr){ 1ULL << 63, EXP_BIAS, false } : a };
		for (unsigned k = 0; k < 3 && once; k++) {
			if (held_in(ops[k], p, p_range))
				continue;
			int e = (int)ops[k].exp - EXP_BIAS;
			if (e <= -p_range || e >= p_range)
				return false;
			once = false;
			check_inexact = true;
		}
	}
	bool ps = x.sign ^ y.sign ^ (in->op == IA64_OP_FNMA);
	unsigned __int128 prod = (unsigned __int128)x.sig * y.sig;
	int pe = (int)x.exp + (int)y.exp - 2 * EXP_BIAS - 126;	/* exponent of prod's bit 0 */
	bool done = p == 64 && fma_extended(prod, pe, ps, add_zero ? NULL : &a,
					    a.sign ^ (in->op == IA64_OP_FMS), bits >> 4, &r, &inexact);
	if (done) {
		/* the 128-bit path answered */
	} else if (add_zero) {
		struct u256 v = place(prod, 0);
		if (!round_to(&v, pe, ps, once ? p : 64, bits >> 4, once ? res_range : 16000, &r, &inexact))
			return false;
	} else {
		bool as = a.sign ^ (in->op == IA64_OP_FMS);
		int ae = (int)a.exp - EXP_BIAS - 63;
		int ptop = pe + 127 - (__builtin_clzll((uint64_t)(prod >> 64)) ? 1 : 0);
		int atop = ae + 63;
		/* the frame: the larger operand's leading bit at position 253 */
		int frame = (ptop > atop ? ptop : atop) - 253;
		struct u256 pv = place(prod, pe - frame), av = place(a.sig, ae - frame), v;
		bool sign;
		if (ps == as) {
			v = add256(&pv, &av);
			sign = ps;
		} else {
			int k = cmp256(&pv, &av);
			if (k == 0)
				return false;	/* an exact zero: its sign has rules of its own */
			v = k > 0 ? sub256(&pv, &av) : sub256(&av, &pv);
			sign = k > 0 ? ps : as;
		}
		if (!round_to(&v, frame, sign, once ? p : 64, bits >> 4, once ? res_range : 16000, &r, &inexact))
			return false;
	}
	if (!once) {	/* fmal's extended result, rounded again */
		struct u256 v = { { r.sig, 0, 0, 0 } };
		bool again;
		if (!round_to(&v, (int)r.exp - EXP_BIAS - 63, r.sign, p, bits >> 4, res_range, &r, &again))
			return false;
		inexact |= again | check_inexact;
	}
	set(c, in->r1, r);
	c->ar[IA64_AR_FPSR] |= (uint64_t)((inexact ? FLAG_I : 0) | (unnormal ? IA64_FLAG_D : 0))
			       << (13 + 13 * sf);
	return true;
}

/* fcvt.xf: a signed 64-bit integer significand to a normalized value (exact). */
static struct ia64_fr int_to_fr(uint64_t sig)
{
	int64_t v = (int64_t)sig;
	if (v == 0)
		return (struct ia64_fr){ 0, 0, false };
	uint64_t m = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
	int lz = __builtin_clzll(m);
	return (struct ia64_fr){ m << lz, (uint32_t)(EXP_BIAS + 63 - lz), v < 0 };
}

/* fcvt.fx.trunc, fcvt.fxu.trunc of a finite value: truncation toward zero, the integer
 * indefinite (bit 63) out of range; inexact when bits were dropped. */
static struct ia64_fr trunc_to_int(struct ia64_fr a, bool is_unsigned, bool *inexact)
{
	*inexact = false;
	if (a.sig == 0)
		return (struct ia64_fr){ 0, EXP_INTEGER, false };
	int e = (int)a.exp - EXP_BIAS;	/* value = sig * 2^(e - 63) */
	uint64_t mag;
	if (e < 0) {
		mag = 0;
		*inexact = true;
	} else if (e <= 63) {
		unsigned sh = 63 - (unsigned)e;
		mag = sh ? a.sig >> sh : a.sig;
		*inexact = sh && (a.sig << (64 - sh)) != 0;
	} else {
		/* at least 2^64 in magnitude (if sig's top bit is set; else smaller, but that
		 * only happens for unnormalized values, which the caller leaves out) */
		return (struct ia64_fr){ 1ULL << 63, EXP_INTEGER, false };
	}
	uint64_t i;
	if (is_unsigned)
		i = a.sign && mag ? 1ULL << 63 : mag;
	else if (a.sign)
		i = mag > (1ULL << 63) ? 1ULL << 63 : 0 - mag;
	else
		i = mag >= (1ULL << 63) ? 1ULL << 63 : mag;
	return (struct ia64_fr){ i, EXP_INTEGER, false };
}

bool ia64_fp_fast(struct ia64_cpu *c, const struct ia64_insn *in,
		  struct ia64_fr (*get)(const struct ia64_cpu *, unsigned),
		  void (*set)(struct ia64_cpu *, unsigned, struct ia64_fr), unsigned sf, unsigned bits)
{
	switch (in->op) {
	case IA64_OP_FMA: case IA64_OP_FMS: case IA64_OP_FNMA:
		return fast_fma(c, in, get, set, sf, bits);
	case IA64_OP_FRCPA: case IA64_OP_FRSQRTA: {
		if (in->cmp4)
			return false;
		struct ia64_approx r = in->op == IA64_OP_FRCPA ? ia64_frcpa(get(c, in->r2), get(c, in->r3))
							     : ia64_frsqrta(get(c, in->r3));
		if (r.ieee)
			return false;
		set(c, in->r1, r.value);
		ia64_set_pr(c, in->p2, r.pred);
		c->ar[IA64_AR_FPSR] |= (uint64_t)r.flags << (13 + 13 * sf);
		return true;
	}
	default:
		break;
	}
	struct ia64_fr ra = get(c, in->r2), rb = get(c, in->r3);
	if (!quiet(ra) || !quiet(rb))
		return false;
	switch (in->op) {
	case IA64_OP_FCVT_XF:
		set(c, in->r1, int_to_fr(ra.sig));
		return true;
	case IA64_OP_FCVT_FX: {
		/* the truncating forms only (the others round in the status field's mode), of
		 * normalized values or zero */
		unsigned x6 = 0x18 + in->variant;
		if (!(x6 & 2) || (ra.sig != 0 && !(ra.sig >> 63)))
			return false;
		bool inexact;
		set(c, in->r1, trunc_to_int(ra, x6 & 1, &inexact));
		if (inexact)
			c->ar[IA64_AR_FPSR] |= (uint64_t)FLAG_I << (13 + 13 * sf);
		return true;
	}
	case IA64_OP_FCLASS: {	/* neither NaN nor infinity here */
		unsigned fc = (unsigned)in->imm;
		bool cls = ra.sig == 0 ? fc & 0x04 : !(ra.sig >> 63) ? fc & 0x08 : fc & 0x10;
		bool res = (ra.sign ? fc & 2 : fc & 1) && cls;
		ia64_set_pr(c, in->p1, res);
		ia64_set_pr(c, in->p2, !res);
		return true;
	}
	case IA64_OP_FCMP: {	/* exact values, no NaN: the compares raise nothing */
		long double a = ia64_fr_value(ra), b = ia64_fr_value(rb);
		bool res = in->crel == IA64_CREL_EQ ? a == b : in->crel == IA64_CREL_LT ? a < b
			   : in->crel == IA64_CREL_LE ? a <= b : false;
		ia64_set_pr(c, in->p1, res);
		ia64_set_pr(c, in->p2, !res);
		return true;
	}
	case IA64_OP_FMERGE: {
		struct ia64_fr r = rb;
		switch (in->variant) {
		case 0: r.sign = ra.sign; break;			/* fmerge.s */
		case 1: r.sign = !ra.sign; break;			/* fmerge.ns */
		case 2: r.sign = ra.sign; r.exp = ra.exp; break;	/* fmerge.se */
		default: return false;
		}
		set(c, in->r1, r);
		return true;
	}
	default:
		return false;
	}
}
