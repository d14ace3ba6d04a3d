/* frcpa and frsqrta: the Itanium's reciprocal and reciprocal-square-root approximations,
 * bit for bit. Both read an 8-bit index from the top of the divisor's (radicand's) normalized
 * significand and return an 11-bit table entry as the new significand; glibc's libm indexes
 * its own tables by that result, so only the architected entries give its log, pow, cbrt and
 * log10 their last bits. Where an operand is special (zero, infinity, NaN) or its exponent
 * leaves too little range for the Newton-Raphson sequence that follows, the predicate is
 * cleared and the result is the full IEEE quotient or square root instead (on Linux the
 * software-assist cases reach the kernel's FPSWA handler, which computes exactly that; the
 * caller does it here, being the one who knows the status field's precision and rounding). */
#include "ia64_frcpa.h"

#include <math.h>

enum { EXP_BIAS = 0xffff, EXP_SPECIAL = 0x1ffff, EXP_DENORMAL = 0xc001, EXP_INTEGER = 0x1003e };

/* Entry i is 2^11 / (1 + (i + 1/2) / 256) rounded to nearest: the reciprocal of the middle of
 * the significand interval [1 + i/256, 1 + (i+1)/256). */
static const uint16_t recip_table[256] = {
	0x7fc, 0x7f4, 0x7ec, 0x7e4, 0x7dd, 0x7d5, 0x7cd, 0x7c6,
	0x7be, 0x7b7, 0x7af, 0x7a8, 0x7a1, 0x799, 0x792, 0x78b,
	0x784, 0x77d, 0x776, 0x76f, 0x768, 0x761, 0x75b, 0x754,
	0x74d, 0x746, 0x740, 0x739, 0x733, 0x72c, 0x726, 0x720,
	0x719, 0x713, 0x70d, 0x707, 0x700, 0x6fa, 0x6f4, 0x6ee,
	0x6e8, 0x6e2, 0x6dc, 0x6d7, 0x6d1, 0x6cb, 0x6c5, 0x6bf,
	0x6ba, 0x6b4, 0x6af, 0x6a9, 0x6a3, 0x69e, 0x699, 0x693,
	0x68e, 0x688, 0x683, 0x67e, 0x679, 0x673, 0x66e, 0x669,
	0x664, 0x65f, 0x65a, 0x655, 0x650, 0x64b, 0x646, 0x641,
	0x63c, 0x637, 0x632, 0x62e, 0x629, 0x624, 0x61f, 0x61b,
	0x616, 0x611, 0x60d, 0x608, 0x604, 0x5ff, 0x5fb, 0x5f6,
	0x5f2, 0x5ed, 0x5e9, 0x5e5, 0x5e0, 0x5dc, 0x5d8, 0x5d4,
	0x5cf, 0x5cb, 0x5c7, 0x5c3, 0x5bf, 0x5bb, 0x5b6, 0x5b2,
	0x5ae, 0x5aa, 0x5a6, 0x5a2, 0x59e, 0x59a, 0x597, 0x593,
	0x58f, 0x58b, 0x587, 0x583, 0x57f, 0x57c, 0x578, 0x574,
	0x571, 0x56d, 0x569, 0x566, 0x562, 0x55e, 0x55b, 0x557,
	0x554, 0x550, 0x54d, 0x549, 0x546, 0x542, 0x53f, 0x53b,
	0x538, 0x534, 0x531, 0x52e, 0x52a, 0x527, 0x524, 0x520,
	0x51d, 0x51a, 0x517, 0x513, 0x510, 0x50d, 0x50a, 0x507,
	0x503, 0x500, 0x4fd, 0x4fa, 0x4f7, 0x4f4, 0x4f1, 0x4ee,
	0x4eb, 0x4e8, 0x4e5, 0x4e2, 0x4df, 0x4dc, 0x4d9, 0x4d6,
	0x4d3, 0x4d0, 0x4cd, 0x4ca, 0x4c8, 0x4c5, 0x4c2, 0x4bf,
	0x4bc, 0x4b9, 0x4b7, 0x4b4, 0x4b1, 0x4ae, 0x4ac, 0x4a9,
	0x4a6, 0x4a4, 0x4a1, 0x49e, 0x49c, 0x499, 0x496, 0x494,
	0x491, 0x48e, 0x48c, 0x489, 0x487, 0x484, 0x482, 0x47f,
	0x47c, 0x47a, 0x477, 0x475, 0x473, 0x470, 0x46e, 0x46b,
	0x469, 0x466, 0x464, 0x461, 0x45f, 0x45d, 0x45a, 0x458,
	0x456, 0x453, 0x451, 0x44f, 0x44c, 0x44a, 0x448, 0x445,
	0x443, 0x441, 0x43f, 0x43c, 0x43a, 0x438, 0x436, 0x433,
	0x431, 0x42f, 0x42d, 0x42b, 0x429, 0x426, 0x424, 0x422,
	0x420, 0x41e, 0x41c, 0x41a, 0x418, 0x415, 0x413, 0x411,
	0x40f, 0x40d, 0x40b, 0x409, 0x407, 0x405, 0x403, 0x401,
};

/* Index (exponent parity << 7) | top 7 fraction bits. An even biased exponent puts the value
 * in [2, 4) relative to a power of 4: entry i < 128 is 2^11 / sqrt(2 (1 + (i + 1/2) / 128));
 * entry i >= 128 is 2^11 / sqrt(1 + (i - 128 + 1/2) / 128), both rounded to nearest. */
static const uint16_t recip_sqrt_table[256] = {
	0x5a5, 0x5a0, 0x59a, 0x595, 0x58f, 0x58a, 0x585, 0x580,
	0x57a, 0x575, 0x570, 0x56b, 0x566, 0x561, 0x55d, 0x558,
	0x553, 0x54e, 0x54a, 0x545, 0x540, 0x53c, 0x538, 0x533,
	0x52f, 0x52a, 0x526, 0x522, 0x51e, 0x51a, 0x515, 0x511,
	0x50d, 0x509, 0x505, 0x501, 0x4fd, 0x4fa, 0x4f6, 0x4f2,
	0x4ee, 0x4ea, 0x4e7, 0x4e3, 0x4df, 0x4dc, 0x4d8, 0x4d5,
	0x4d1, 0x4ce, 0x4ca, 0x4c7, 0x4c3, 0x4c0, 0x4bd, 0x4b9,
	0x4b6, 0x4b3, 0x4b0, 0x4ad, 0x4a9, 0x4a6, 0x4a3, 0x4a0,
	0x49d, 0x49a, 0x497, 0x494, 0x491, 0x48e, 0x48b, 0x488,
	0x485, 0x482, 0x47f, 0x47d, 0x47a, 0x477, 0x474, 0x471,
	0x46f, 0x46c, 0x469, 0x467, 0x464, 0x461, 0x45f, 0x45c,
	0x45a, 0x457, 0x454, 0x452, 0x44f, 0x44d, 0x44a, 0x448,
	0x445, 0x443, 0x441, 0x43e, 0x43c, 0x43a, 0x437, 0x435,
	0x433, 0x430, 0x42e, 0x42c, 0x429, 0x427, 0x425, 0x423,
	0x420, 0x41e, 0x41c, 0x41a, 0x418, 0x416, 0x414, 0x411,
	0x40f, 0x40d, 0x40b, 0x409, 0x407, 0x405, 0x403, 0x401,
	0x7fc, 0x7f4, 0x7ec, 0x7e5, 0x7dd, 0x7d5, 0x7ce, 0x7c7,
	0x7bf, 0x7b8, 0x7b1, 0x7aa, 0x7a3, 0x79c, 0x795, 0x78e,
	0x788, 0x781, 0x77a, 0x774, 0x76d, 0x767, 0x761, 0x75a,
	0x754, 0x74e, 0x748, 0x742, 0x73c, 0x736, 0x730, 0x72b,
	0x725, 0x71f, 0x71a, 0x714, 0x70f, 0x709, 0x704, 0x6fe,
	0x6f9, 0x6f4, 0x6ee, 0x6e9, 0x6e4, 0x6df, 0x6da, 0x6d5,
	0x6d0, 0x6cb, 0x6c6, 0x6c1, 0x6bd, 0x6b8, 0x6b3, 0x6ae,
	0x6aa, 0x6a5, 0x6a1, 0x69c, 0x698, 0x693, 0x68f, 0x68a,
	0x686, 0x682, 0x67d, 0x679, 0x675, 0x671, 0x66d, 0x668,
	0x664, 0x660, 0x65c, 0x658, 0x654, 0x650, 0x64c, 0x649,
	0x645, 0x641, 0x63d, 0x639, 0x635, 0x632, 0x62e, 0x62a,
	0x627, 0x623, 0x620, 0x61c, 0x618, 0x615, 0x611, 0x60e,
	0x60a, 0x607, 0x604, 0x600, 0x5fd, 0x5f9, 0x5f6, 0x5f3,
	0x5f0, 0x5ec, 0x5e9, 0x5e6, 0x5e3, 0x5df, 0x5dc, 0x5d9,
	0x5d6, 0x5d3, 0x5d0, 0x5cd, 0x5ca, 0x5c7, 0x5c4, 0x5c1,
	0x5be, 0x5bb, 0x5b8, 0x5b5, 0x5b2, 0x5af, 0x5ac, 0x5aa,
};

enum operand_class {
	OPERAND_FINITE, OPERAND_ZERO, OPERAND_INF, OPERAND_QNAN, OPERAND_SNAN, OPERAND_UNSUPPORTED
};

/* A register operand as the approximations see it: the significand shifted until its integer
 * bit is set and the exponent lowered to match (a register exponent of 0 holding a nonzero
 * significand is an extended denormal, worth the smallest extended exponent). unnormal is the
 * d flag's condition: an unnormalized significand, a pseudo-zero or a denormal. */
struct operand {
	enum operand_class cls;
	bool sign, unnormal;
	int32_t exp;
	uint64_t sig;
};

static struct operand classify(struct ia64_fr r)
{
	struct operand o = { OPERAND_FINITE, r.sign, false, (int32_t)r.exp, r.sig };
	if (r.exp == EXP_SPECIAL) {
		o.cls = r.sig == 1ULL << 63 ? OPERAND_INF : r.sig >= 0xc000000000000000ULL ? OPERAND_QNAN
			: r.sig >> 63 ? OPERAND_SNAN : OPERAND_UNSUPPORTED;
	} else if (r.sig == 0) {
		o.cls = OPERAND_ZERO;
		o.unnormal = r.exp != 0;	/* pseudo-zero */
	} else {
		int lz = __builtin_clzll(r.sig);
		o.exp = (r.exp ? (int32_t)r.exp : EXP_DENORMAL) - lz;
		o.sig = r.sig << lz;
		o.unnormal = lz != 0 || r.exp == 0;
	}
	return o;
}

static const struct ia64_fr qnan_indefinite = { 0xc000000000000000ULL, EXP_SPECIAL, true };

static struct ia64_approx special(struct ia64_fr value, unsigned flags)
{
	return (struct ia64_approx){ value, false, false, flags };
}

static struct ia64_fr quieted(struct ia64_fr r)
{
	r.sig |= 1ULL << 62;
	return r;
}

/* The NaN result of a NaN operand (first NaN in operand order wins; a signaling one is
 * quieted and raises v), or false when neither operand is one. */
static bool nan_result(struct ia64_fr a, struct ia64_fr b, bool two, struct ia64_approx *out)
{
	enum operand_class ca = classify(a).cls, cb = two ? classify(b).cls : OPERAND_FINITE;
	unsigned flags = ca == OPERAND_SNAN || cb == OPERAND_SNAN ? IA64_FLAG_V : 0;
	if (ca == OPERAND_SNAN || ca == OPERAND_QNAN)
		*out = special(ca == OPERAND_SNAN ? quieted(a) : a, flags);
	else if (cb == OPERAND_SNAN || cb == OPERAND_QNAN)
		*out = special(cb == OPERAND_SNAN ? quieted(b) : b, flags);
	else
		return false;
	return true;
}

/* The quotients every form of frcpa gives in full, with the predicate cleared: NaN operands,
 * the invalid 0/0 and inf/inf, division by zero, an infinite dividend, a zero dividend or an
 * infinite divisor; false (and out->flags the d flag) when the table must serve. */
static bool special_quotient(struct ia64_fr num, struct ia64_fr den, struct ia64_approx *out)
{
	struct operand n = classify(num), d = classify(den);
	bool sign = n.sign != d.sign;
	const struct ia64_fr inf = { 1ULL << 63, EXP_SPECIAL, sign }, zero = { 0, 0, sign };
	if (n.cls == OPERAND_UNSUPPORTED || d.cls == OPERAND_UNSUPPORTED)
		*out = special(qnan_indefinite, IA64_FLAG_V);
	else if (nan_result(num, den, true, out))
		;
	else if ((n.cls == OPERAND_INF && d.cls == OPERAND_INF) || (n.cls == OPERAND_ZERO && d.cls == OPERAND_ZERO))
		*out = special(qnan_indefinite, IA64_FLAG_V);
	else if (n.cls != OPERAND_INF && d.cls == OPERAND_ZERO)
		*out = special(inf, IA64_FLAG_Z);
	else {
		unsigned flags = n.unnormal || d.unnormal ? IA64_FLAG_D : 0;
		*out = special(n.cls == OPERAND_INF ? inf : zero, flags);
		return n.cls == OPERAND_INF || n.cls == OPERAND_ZERO || d.cls == OPERAND_INF;
	}
	return true;
}

static struct ia64_fr table_reciprocal(struct operand d)
{
	return (struct ia64_fr){ (uint64_t)recip_table[d.sig >> 55 & 0xff] << 53,
				 (uint32_t)(2 * EXP_BIAS - 1 - d.exp), d.sign };
}

struct ia64_approx ia64_frcpa(struct ia64_fr num, struct ia64_fr den)
{
	struct ia64_approx out;
	if (special_quotient(num, den, &out))
		return out;
	struct operand n = classify(num), d = classify(den);
	/* Too little range for the iterations: a divisor at either end of the exponent range, a
	 * quotient whose exponent would leave it, or a dividend so small that its
	 * intermediate products could lose bits. */
	int32_t quotient_exp = n.exp - d.exp;
	if (d.exp <= 0 || d.exp >= 2 * EXP_BIAS - 2 || quotient_exp <= 2 - EXP_BIAS ||
	    quotient_exp >= EXP_BIAS || n.exp <= 64)
		return (struct ia64_approx){ { 0, 0, false }, false, true, out.flags };
	return (struct ia64_approx){ table_reciprocal(d), true, false, out.flags };
}

struct ia64_approx ia64_frsqrta(struct ia64_fr x)
{
	struct operand o = classify(x);
	struct ia64_approx out;
	if (o.cls == OPERAND_UNSUPPORTED)
		return special(qnan_indefinite, IA64_FLAG_V);
	if (nan_result(x, x, false, &out))
		return out;
	if (o.sign && o.cls != OPERAND_ZERO)
		return special(qnan_indefinite, IA64_FLAG_V);
	if (o.cls == OPERAND_INF)
		return special(x, 0);
	if (o.cls != OPERAND_ZERO && o.exp <= 64)
		return (struct ia64_approx){ { 0, 0, false }, false, true, o.unnormal ? IA64_FLAG_D : 0 };
	unsigned flags = o.unnormal ? IA64_FLAG_D : 0;
	if (o.cls == OPERAND_ZERO)
		return special((struct ia64_fr){ 0, 0, o.sign }, flags);
	/* 1/sqrt(2^k m) = 2^-(k/2) / sqrt(m) for even k; an odd k moves one factor 2 into m,
	 * which the table's lower half holds. The halving rounds toward minus infinity. */
	int32_t k = o.exp - EXP_BIAS;
	int32_t half = k >= 0 ? k / 2 : -((1 - k) / 2);
	unsigned index = (unsigned)(o.exp & 1) << 7 | (unsigned)(o.sig >> 56 & 0x7f);
	struct ia64_fr r = { (uint64_t)recip_sqrt_table[index] << 53,
			     (uint32_t)(EXP_BIAS - 1 - half) & EXP_SPECIAL, false };
	return (struct ia64_approx){ r, true, false, flags };
}

/* The parallel forms work on the two single-precision values a significand holds (bits
 * 63-32 and 31-0), each widened to a register value, and return two singles in an integer
 * register form (exponent 0x1003e). Their approximations are reciprocals throughout: a zero
 * radicand gives infinity, a denormal divisor infinity, a divisor too large for the single
 * range zero. There is no software assist: where the single range is too narrow for the
 * iterations the predicate is cleared and the table value stays. */
enum { SINGLE_BIAS = 127, SINGLE_FRACTION = 23 };

static struct ia64_fr single_to_fr(uint32_t s)
{
	uint32_t exp = s >> SINGLE_FRACTION & 0xff, fraction = s & 0x7fffff;
	struct ia64_fr r = { 0, 0, s >> 31 };
	if (exp == 0 && fraction != 0) {
		r.sig = (uint64_t)fraction << 40;
		r.exp = EXP_BIAS - SINGLE_BIAS + 1;	/* a denormal: unnormalized */
	} else if (exp != 0) {
		r.sig = (uint64_t)(1U << SINGLE_FRACTION | fraction) << 40;
		r.exp = exp == 0xff ? EXP_SPECIAL : exp + EXP_BIAS - SINGLE_BIAS;
	}
	return r;
}

/* The single's exponent is the register exponent's top bit over its low seven (exact for
 * every value the parallel forms produce); no integer bit means a zero exponent field. */
static uint32_t fr_to_single(struct ia64_fr r)
{
	uint32_t exp = r.sig >> 63 ? (r.exp >> 16 & 1) << 7 | (r.exp & 0x7f) : 0;
	return (uint32_t)r.sign << 31 | exp << SINGLE_FRACTION | (uint32_t)(r.sig >> 40 & 0x7fffff);
}

static struct ia64_approx fprcpa_half(struct ia64_fr num, struct ia64_fr den)
{
	struct ia64_approx out;
	if (special_quotient(num, den, &out))
		return out;
	struct operand n = classify(num), d = classify(den);
	if (d.unnormal)
		return special((struct ia64_fr){ 1ULL << 63, EXP_SPECIAL, d.sign }, out.flags);
	if (d.exp >= EXP_BIAS + SINGLE_BIAS - 2)
		return special((struct ia64_fr){ 0, 0, d.sign }, out.flags);
	int32_t quotient_exp = n.exp - d.exp;
	bool fits = quotient_exp < SINGLE_BIAS && quotient_exp > 2 - SINGLE_BIAS &&
		    n.exp > EXP_BIAS - SINGLE_BIAS + SINGLE_FRACTION + 1;
	return (struct ia64_approx){ table_reciprocal(d), fits, false, out.flags };
}

static struct ia64_approx fprsqrta_half(struct ia64_fr x)
{
	struct operand o = classify(x);
	struct ia64_approx out;
	if (nan_result(x, x, false, &out))
		return out;
	if (o.sign && o.cls != OPERAND_ZERO)
		return special(qnan_indefinite, IA64_FLAG_V);
	if (o.cls == OPERAND_INF)
		return special((struct ia64_fr){ 0, 0, false }, 0);
	unsigned flags = o.unnormal ? IA64_FLAG_D : 0;
	if (o.cls == OPERAND_ZERO)
		return special((struct ia64_fr){ 1ULL << 63, EXP_SPECIAL, o.sign }, flags);
	struct ia64_approx r = ia64_frsqrta(x);
	r.pred = o.exp > EXP_BIAS - SINGLE_BIAS + SINGLE_FRACTION + 1;
	r.flags = flags;
	return r;
}

static struct ia64_approx pair(struct ia64_approx high, struct ia64_approx low)
{
	uint64_t sig = (uint64_t)fr_to_single(high.value) << 32 | fr_to_single(low.value);
	return (struct ia64_approx){ { sig, EXP_INTEGER, false }, high.pred && low.pred, false,
				     high.flags | low.flags };
}

struct ia64_approx ia64_fprcpa(uint64_t num, uint64_t den)
{
	return pair(fprcpa_half(single_to_fr((uint32_t)(num >> 32)), single_to_fr((uint32_t)(den >> 32))),
		    fprcpa_half(single_to_fr((uint32_t)num), single_to_fr((uint32_t)den)));
}

struct ia64_approx ia64_fprsqrta(uint64_t x)
{
	return pair(fprsqrta_half(single_to_fr((uint32_t)(x >> 32))),
		    fprsqrta_half(single_to_fr((uint32_t)x)));
}

/* The software-assist results. The operands' exponents may lie far outside the host's
 * extended range (17 bits against 15), so the significands are divided (or the square root
 * taken) in [1, 4) and the exponent applied last: the host then rounds, overflows or
 * underflows the final result once, with the flags that go with it. */
static long double unit_significand(struct operand o)
{
	return ldexpl((long double)o.sig, -63);
}

long double ia64_assist_quotient(struct ia64_fr num, struct ia64_fr den)
{
	struct operand n = classify(num), d = classify(den);
	long double q = ldexpl(unit_significand(n) / unit_significand(d), n.exp - d.exp);
	return n.sign != d.sign ? -q : q;
}

long double ia64_assist_sqrt(struct ia64_fr x)
{
	struct operand o = classify(x);
	int32_t k = o.exp - EXP_BIAS, odd = k & 1;
	return ldexpl(sqrtl(ldexpl(unit_significand(o), odd)), (k - odd) / 2);
}
