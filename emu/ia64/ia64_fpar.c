/* IA-64 parallel floating point: a register whose significand holds two IEEE singles (the
 * high half element 1) and whose exponent is the integer one, as fpma, fpms, fpnma, fpmerge,
 * fpmin/fpmax/fpamin/fpamax, fpcvt and fpcmp read and write it. Each half is computed in
 * single precision with the status field's rounding; the host's float arithmetic is IEEE
 * single, so the halves are exact. (fpack, fprcpa and fprsqrta are in ia64_fp.c.) */
#include <fenv.h>
#include <math.h>
#include <string.h>

#include "ia64_cpu_internal.h"

enum { EXP_INTEGER = 0x1003e };

static float half(struct ia64_fr r, unsigned k)
{
	uint32_t u = (uint32_t)(r.sig >> (32 * k));
	float f;
	memcpy(&f, &u, sizeof f);
	return f;
}

static uint32_t bits_of(float f)
{
	uint32_t u;
	memcpy(&u, &f, sizeof u);
	return u;
}

/* fpcvt: a half to a 32-bit integer (variant: 1 unsigned, 2 truncating, 3 both); the
 * integer indefinite 0x80000000 when it does not fit. */
static uint32_t to_int(float v, unsigned variant)
{
	float t = variant & 2 ? truncf(v) : nearbyintf(v);
	if (t != v && !isnan(v))
		feraiseexcept(FE_INEXACT);
	if (variant & 1) {
		if (isnan(t) || t < 0 || t >= 4294967296.0f) {
			feraiseexcept(FE_INVALID);
			return 0x80000000u;
		}
		return (uint32_t)t;
	}
	if (isnan(t) || t < -2147483648.0f || t >= 2147483648.0f) {
		feraiseexcept(FE_INVALID);
		return 0x80000000u;
	}
	return (uint32_t)(int32_t)t;
}

static bool compare(float a, float b, unsigned rel)
{
	bool r;
	switch (rel & 3) {
	case 0: r = a == b; break;
	case 1: r = a < b; break;
	case 2: r = a <= b; break;
	default: r = isnan(a) || isnan(b); break;
	}
	return rel & 4 ? !r : r;	/* neq, nlt, nle, ord */
}

bool ia64_fpar_exec(struct ia64_cpu *c, const struct ia64_insn *in,
		    struct ia64_fr (*get)(const struct ia64_cpu *, unsigned),
		    void (*set)(struct ia64_cpu *, unsigned, struct ia64_fr), unsigned bits)
{
	struct ia64_fr f2 = get(c, in->r2), f3 = get(c, in->r3), f4 = get(c, in->pos);
	uint64_t out = 0;
	for (unsigned k = 0; k < 2; k++) {
		float a = half(f2, k), b = half(f3, k), r;
		uint32_t ua = (uint32_t)(f2.sig >> (32 * k)), ub = (uint32_t)(f3.sig >> (32 * k)), u;
		switch (in->op) {
		case IA64_OP_FPMA: case IA64_OP_FPMS: case IA64_OP_FPNMA: {
			float m = in->op == IA64_OP_FPNMA ? -b : b;
			float add = in->op == IA64_OP_FPMS ? -a : a;
			if (in->r2 == 0)	/* f0: a multiply alone (see ia64_fp.c) */
				add = (bits >> 4 & 3) == 1 ? 0.0f : -0.0f;
			r = fmaf(m, half(f4, k), add);
			u = bits_of(r);
			break;
		}
		case IA64_OP_FPMERGE:	/* .s sign, .ns inverted sign, .se sign and exponent */
			if (in->variant == 2)
				u = (ua & 0xff800000u) | (ub & 0x007fffffu);
			else
				u = ((ua ^ (in->variant ? 0x80000000u : 0)) & 0x80000000u) |
				    (ub & 0x7fffffffu);
			break;
		case IA64_OP_FPMIN: {	/* min, max, amin, amax: f3 unless f2 compares true */
			float x = in->variant >= 2 ? fabsf(a) : a, y = in->variant >= 2 ? fabsf(b) : b;
			bool take_a = in->variant & 1 ? x > y : x < y;
			if (isnan(a) || isnan(b))
				feraiseexcept(FE_INVALID);
			u = take_a ? ua : ub;
			break;
		}
		case IA64_OP_FPCVT_FX: u = to_int(a, in->variant); break;
		case IA64_OP_FPCMP: u = compare(a, b, in->variant) ? 0xffffffffu : 0; break;
		default: return false;
		}
		out |= (uint64_t)u << (32 * k);
	}
	set(c, in->r1, (struct ia64_fr){ out, EXP_INTEGER, false });
	return true;
}
