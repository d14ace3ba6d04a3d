/* The 82-bit floating-point register's format (struct ia64_fr: a 64-bit significand, a 17-bit
 * exponent biased 0xffff, a sign) against the host's long double (ia64_fp.c's general path and
 * ia64_fp_fast.c's checks compute on it), ldfe/stfe's 10-byte memory format (ia64_exec.c) and the
 * IEEE singles and doubles of ldfs/ldfd/stfs/stfd/setf/getf (ia64_exec.c, ia64_uops.c). */
#include <math.h>

#include "ia64_cpu_internal.h"

enum { EXP_BIAS = 0xffff, EXP_SPECIAL = 0x1ffff };

long double ia64_fr_value(struct ia64_fr r)
{
	long double v;
	if (r.exp == EXP_SPECIAL)
		v = (r.sig << 1) ? NAN : INFINITY;
	else if (r.sig == 0)
		v = 0.0L;
	else
		v = ldexpl((long double)r.sig, (int)r.exp - EXP_BIAS - 63);
	return r.sign ? -v : v;
}

struct ia64_fr ia64_fr_of(long double v)
{
	struct ia64_fr r = { 0, 0, signbit(v) != 0 };
	if (isnan(v)) {
		r.exp = EXP_SPECIAL;
		r.sig = 0xc000000000000000ULL;	/* the QNaN indefinite */
	} else if (isinf(v)) {
		r.exp = EXP_SPECIAL;
		r.sig = 1ULL << 63;
	} else if (v != 0) {
		int e;
		long double m = frexpl(fabsl(v), &e);	/* [0.5, 1) */
		r.sig = (uint64_t)ldexpl(m, 64);
		r.exp = (uint32_t)(e - 1 + EXP_BIAS);
	}
	return r;
}

/* ldfe/stfe's memory format, the 10-byte double-extended (significand, then sign and a
 * 15-bit exponent biased 0x3fff), against the register's 17-bit exponent biased 0xffff: the
 * biases differ by 0xc000; all ones is NaT/infinity/NaN on both sides; a memory exponent of
 * 0 is zero with a zero significand and a denormal otherwise, which the register holds with
 * the smallest extended exponent (0xc001, unnormalized). */
struct ia64_fr ia64_fr_from_ext80(uint64_t sig, uint16_t se)
{
	uint32_t e = se & 0x7fff;
	struct ia64_fr r = { sig, 0, se >> 15 & 1 };
	if (e == 0x7fff)
		r.exp = EXP_SPECIAL;
	else if (e != 0)
		r.exp = e + 0xc000;
	else if (sig != 0)
		r.exp = 0xc001;
	return r;
}

uint16_t ia64_fr_to_ext80(struct ia64_fr r)
{
	uint32_t e = r.exp == EXP_SPECIAL ? 0x7fff : r.exp >= 0xc001 ? r.exp - 0xc000 : 0;
	if (r.sig >> 63 == 0 && e == 1)
		e = 0;	/* an unnormalized value at the bottom of the range: a denormal */
	return (uint16_t)((e & 0x7fff) | (uint32_t)r.sign << 15);
}

/* An IEEE single or double (bits, exp_bits, frac_bits) into register format. */
struct ia64_fr ia64_fr_from_ieee(uint64_t bits, unsigned ebits, unsigned fbits)
{
	struct ia64_fr r = { 0, 0, bits >> (ebits + fbits) & 1 };
	uint64_t e = bits >> fbits & ((1ULL << ebits) - 1), frac = bits & ((1ULL << fbits) - 1);
	unsigned bias = (1u << (ebits - 1)) - 1;
	if (e == 0 && frac == 0)
		return r;
	if (e == (1ULL << ebits) - 1) {
		r.exp = 0x1ffff;
		r.sig = 1ULL << 63 | frac << (63 - fbits);
		return r;
	}
	if (e == 0) {			/* denormal: normalize */
		int lz = __builtin_clzll(frac) - (63 - fbits);
		frac <<= lz;
		r.exp = (uint32_t)(0xffff - bias + 1 - lz);
		r.sig = frac << (63 - fbits);
		return r;
	}
	r.exp = (uint32_t)(e - bias + 0xffff);
	r.sig = 1ULL << 63 | frac << (63 - fbits);
	return r;
}

/* Register format to IEEE (truncating extra significand bits; exact for values that came
 * from memory, which is what spills of doubles and floats carry). */
uint64_t ia64_fr_to_ieee(struct ia64_fr v, unsigned ebits, unsigned fbits)
{
	uint64_t sign = (uint64_t)v.sign << (ebits + fbits);
	unsigned bias = (1u << (ebits - 1)) - 1;
	uint64_t emax = (1ULL << ebits) - 1;
	if (v.sig == 0)
		return sign;
	if (v.exp == 0x1ffff)
		return sign | emax << fbits | (v.sig << 1 >> (64 - fbits));
	int64_t e = (int64_t)v.exp - 0xffff + bias;
	int sh = __builtin_clzll(v.sig);
	uint64_t sig = v.sig << sh;
	e -= sh;
	if (e >= (int64_t)emax)
		return sign | emax << fbits;
	if (e <= 0) {	/* a denormal: value = frac * 2^(1 - bias - fbits) */
		if (-e >= (int64_t)fbits)
			return sign;
		return sign | (sig >> (64 - fbits - e));
	}
	return sign | (uint64_t)e << fbits | (sig << 1 >> (64 - fbits));
}

struct ia64_fr ia64_fr_setf(uint64_t v, unsigned sz)
{
	switch (sz) {
	case 0: return (struct ia64_fr){ v, IA64_FR_INTEGER_EXP, false };
	case 1: return (struct ia64_fr){ 1ULL << 63, (uint32_t)(v & 0x1ffff), v >> 17 & 1 };
	case 2: return ia64_fr_from_ieee(v & 0xffffffff, 8, 23);
	default: return ia64_fr_from_ieee(v, 11, 52);
	}
}
