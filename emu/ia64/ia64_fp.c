/* IA-64 floating-point arithmetic on the host's x87 extended format: both have a 64-bit
 * significand, so fma/fms/fnma in extended precision (fmal), conversions and compares give
 * IA-64's results wherever the exponent stays in the x87 range (15 bits; IA-64 has 17, which
 * only the widest-range status fields reach at the extremes). frcpa and frsqrta return the
 * Itanium's own table values (ia64_frcpa.c), so division, square-root and libm's table-driven
 * sequences give an Itanium's results in every intermediate register. */
#include <fenv.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include "ia64_cpu_internal.h"
#include "ia64_fp_fast.h"
#include "ia64_frcpa.h"

_Static_assert(LDBL_MANT_DIG == 64, "the IA-64 FP unit needs an x87-style long double");

enum { EXP_BIAS = 0xffff, EXP_SPECIAL = 0x1ffff, EXP_INTEGER = 0x1003e };

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

/* The status field's precision (pc) and rounding (rc), from ar.fpsr. */
static unsigned sf_bits(const struct ia64_cpu *c, unsigned sf)
{
	return (unsigned)(c->ar[IA64_AR_FPSR] >> (6 + 13 * sf)) & 0x1fff;
}

static int host_rounding(unsigned rc)
{
	static const int modes[4] = { FE_TONEAREST, FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO };
	return modes[rc & 3];
}

/* a*b+c rounded once to the precision (0 single, 2 double, 3 extended). */
static long double fused(long double a, long double b, long double cc, unsigned pc)
{
	if (pc == 0 && (float)a == a && (float)b == b && (float)cc == cc)
		return fmaf((float)a, (float)b, (float)cc);
	if (pc == 2 && (double)a == a && (double)b == b && (double)cc == cc)
		return fma((double)a, (double)b, (double)cc);
	long double r = fmal(a, b, cc);
	return pc == 0 ? (float)r : pc == 2 ? (double)r : r;
}

/* The forms on a significand holding two 32-bit halves (fswap, fmix, fsxt), by x6. */
static uint64_t pair_op(unsigned x6, uint64_t a, uint64_t b)
{
	uint64_t ah = a >> 32, al = a & 0xffffffff, bh = b >> 32, bl = b & 0xffffffff;
	switch (x6) {
	case 0x34: return bl << 32 | ah;				/* fswap */
	case 0x35: return (bl ^ 0x80000000) << 32 | ah;		/* fswap.nl */
	case 0x36: return bl << 32 | (ah ^ 0x80000000);		/* fswap.nr */
	case 0x39: return ah << 32 | bl;				/* fmix.lr */
	case 0x3a: return al << 32 | bl;				/* fmix.r */
	case 0x3b: return ah << 32 | bh;				/* fmix.l */
	case 0x3c: return (al >> 31 ? 0xffffffff00000000ULL : 0) | bl;	/* fsxt.r */
	default: return (ah >> 31 ? 0xffffffff00000000ULL : 0) | bh;	/* fsxt.l */
	}
}

/* The F-unit miscellaneous forms by their x6 code (ia64.decode's operation and variant). */
static unsigned misc_x6(const struct ia64_insn *in)
{
	switch (in->op) {
	case IA64_OP_FMERGE: return 0x10 + in->variant;
	case IA64_OP_FMIN: return 0x14 + in->variant;
	case IA64_OP_FCVT_FX: return 0x18 + in->variant;
	case IA64_OP_FCVT_XF: return 0x1c;
	case IA64_OP_FPACK: return 0x28;
	case IA64_OP_FLOGIC: return 0x2c + in->variant;
	default: return in->variant;	/* FPAIR: fswap, fmix, fsxt */
	}
}

/* A value as the bits of an IEEE single (exact for the values fpack is given). */
static uint32_t single_bits(long double v)
{
	float f = (float)v;
	uint32_t u;
	memcpy(&u, &f, sizeof u);
	return u;
}

static bool fclass_match(struct ia64_fr r, unsigned fc)
{
	long double v = ia64_fr_value(r);
	if (isnan(v))
		return (fc & 0xc0) != 0;	/* sNaN/qNaN bits */
	bool sign_ok = r.sign ? fc & 2 : fc & 1;
	bool cls;
	if (isinf(v))
		cls = fc & 0x20;
	else if (r.sig == 0)
		cls = fc & 0x04;
	else if (!(r.sig >> 63))
		cls = fc & 0x08;	/* unnormalized */
	else
		cls = fc & 0x10;
	return sign_ok && cls;
}

/* A status field's six flags (v d z o u i) sit above its seven controls: bits 13 + 13 * sf
 * of ar.fpsr up. The host's exception flags after an operation give them (d, the denormal
 * operand flag, has no C99 counterpart: ia64_fp_exec sets it from the operands). */
static void raise_flags(struct ia64_cpu *c, unsigned sf, int host)
{
	uint64_t f = (host & FE_INVALID ? 1 : 0) | (host & FE_DIVBYZERO ? 4 : 0) |
		     (host & FE_OVERFLOW ? 8 : 0) | (host & FE_UNDERFLOW ? 16 : 0) |
		     (host & FE_INEXACT ? 32 : 0);
	c->ar[IA64_AR_FPSR] |= f << (13 + 13 * sf);
}

/* An operand the d flag (denormal/unnormal operand) reports: a nonzero significand without
 * its integer bit, as setf.sig leaves small integers and denormals are held. */
static bool unnormal(struct ia64_fr r)
{
	return r.sig != 0 && !(r.sig >> 63) && r.exp != EXP_SPECIAL;
}

/* fsetc: the field's controls become (sf0's controls & amask) | omask, sf0's even for another
 * field (glibc's rint copies sf0's rounding into sf2 that way); fclrf: its flags 0. */
static void status_field_op(struct ia64_cpu *c, const struct ia64_insn *in, unsigned sf)
{
	unsigned shift = 6 + 13 * sf;
	uint64_t controls = c->ar[IA64_AR_FPSR] >> 6 & 0x7f;
	if (in->op == IA64_OP_FSETC) {
		controls = (controls & (uint64_t)in->imm) | in->pos;
		c->ar[IA64_AR_FPSR] = (c->ar[IA64_AR_FPSR] & ~(0x7fULL << shift)) | controls << shift;
	} else {
		c->ar[IA64_AR_FPSR] &= ~(0x3fULL << (shift + 7));
	}
}

bool ia64_fp_exec_fast(struct ia64_cpu *c, const struct ia64_insn *in,
		       struct ia64_fr (*get)(const struct ia64_cpu *, unsigned),
		       void (*set)(struct ia64_cpu *, unsigned, struct ia64_fr))
{
	unsigned sf = in->ldtype & 3;
	return in->op != IA64_OP_FSETC && in->op != IA64_OP_FCLRF &&
	       ia64_fp_fast(c, in, get, set, sf, sf_bits(c, sf));
}

bool ia64_fp_exec(struct ia64_cpu *c, const struct ia64_insn *in,
		  struct ia64_fr (*get)(const struct ia64_cpu *, unsigned),
		  void (*set)(struct ia64_cpu *, unsigned, struct ia64_fr))
{
	return ia64_fp_exec_fast(c, in, get, set) || ia64_fp_general(c, in, get, set);
}

bool ia64_fp_general(struct ia64_cpu *c, const struct ia64_insn *in,
		     struct ia64_fr (*get)(const struct ia64_cpu *, unsigned),
		     void (*set)(struct ia64_cpu *, unsigned, struct ia64_fr))
{
	unsigned sf = in->ldtype & 3, bits = sf_bits(c, sf);
	if (in->op == IA64_OP_FSETC || in->op == IA64_OP_FCLRF) {
		status_field_op(c, in, sf);
		return true;
	}
	unsigned pc = in->btype == 1 ? 0 : in->btype == 2 ? 2 : (bits >> 2 & 3);
	int saved = fegetround();
	fesetround(host_rounding(bits >> 4));
	feclearexcept(FE_ALL_EXCEPT);
	long double a = ia64_fr_value(get(c, in->r2)), b3 = ia64_fr_value(get(c, in->r3));
	bool ok = true, denormal_operand = false;
	switch (in->op) {
	case IA64_OP_FMA: case IA64_OP_FMS: case IA64_OP_FNMA: {
		long double b4 = ia64_fr_value(get(c, in->pos));
		if (unnormal(get(c, in->r2)) || unnormal(get(c, in->r3)) || unnormal(get(c, in->pos)))
			denormal_operand = true;
		long double prod_sign = in->op == IA64_OP_FNMA ? -1.0L : 1.0L;
		long double add = in->op == IA64_OP_FMS ? -a : a;
		/* with f0 as the addend the architecture multiplies alone, keeping the sign of
		 * a zero product: an addend of -0 (+0 rounding down) leaves every product as is */
		if (in->r2 == 0)
			add = (bits >> 4 & 3) == 1 ? 0.0L : -0.0L;
		set(c, in->r1, ia64_fr_of(fused(prod_sign * b3, b4, add, pc)));
		break;
	}
	case IA64_OP_FCMP: {
		bool res = false;
		switch (in->crel) {
		case IA64_CREL_EQ: res = a == b3; break;
		case IA64_CREL_LT: res = a < b3; break;
		case IA64_CREL_LE: res = a <= b3; break;
		default: res = isnan(a) || isnan(b3); break;
		}
		ia64_set_pr(c, in->p1, res);
		ia64_set_pr(c, in->p2, !res);
		break;
	}
	case IA64_OP_FCLASS: {
		bool res = fclass_match(get(c, in->r2), (unsigned)in->imm);
		ia64_set_pr(c, in->p1, res);
		ia64_set_pr(c, in->p2, !res);
		break;
	}
	case IA64_OP_FRCPA: case IA64_OP_FRSQRTA: {
		bool rcp = in->op == IA64_OP_FRCPA;
		struct ia64_approx r = in->cmp4 ? (rcp ? ia64_fprcpa(get(c, in->r2).sig, get(c, in->r3).sig)
						       : ia64_fprsqrta(get(c, in->r3).sig))
				       : rcp ? ia64_frcpa(get(c, in->r2), get(c, in->r3))
					     : ia64_frsqrta(get(c, in->r3));
		if (r.ieee) {	/* software assist: the full quotient or square root */
			feclearexcept(FE_ALL_EXCEPT);	/* not the operands' conversions */
			long double v = rcp ? ia64_assist_quotient(get(c, in->r2), get(c, in->r3))
					    : ia64_assist_sqrt(get(c, in->r3));
			set(c, in->r1, ia64_fr_of(pc == 0 ? (float)v : pc == 2 ? (double)v : v));
		} else {
			feclearexcept(FE_ALL_EXCEPT);
			set(c, in->r1, r.value);
		}
		ia64_set_pr(c, in->p2, r.pred);
		c->ar[IA64_AR_FPSR] |= (uint64_t)r.flags << (13 + 13 * sf);
		break;
	}
	case IA64_OP_FSELECT: {
		struct ia64_fr m = get(c, in->r2), t = get(c, in->r3), e = get(c, in->pos);
		set(c, in->r1, (struct ia64_fr){ (t.sig & m.sig) | (e.sig & ~m.sig), EXP_INTEGER, false });
		break;
	}
	case IA64_OP_FMERGE: case IA64_OP_FMIN: case IA64_OP_FCVT_FX: case IA64_OP_FCVT_XF:
	case IA64_OP_FLOGIC: case IA64_OP_FPAIR: case IA64_OP_FPACK: {
		unsigned x6 = misc_x6(in);
		struct ia64_fr ra = get(c, in->r2), rb = get(c, in->r3), r = rb;
		switch (x6) {
		case 0x10: r.sign = ra.sign; break;
		case 0x11: r.sign = !ra.sign; break;
		case 0x12: r.sign = ra.sign; r.exp = ra.exp; break;
		case 0x14: r = a < b3 ? ra : rb; break;				/* fmin */
		case 0x15: r = a > b3 ? ra : rb; break;				/* fmax */
		case 0x16: r = fabsl(a) < fabsl(b3) ? ra : rb; break;		/* famin */
		case 0x17: r = fabsl(a) > fabsl(b3) ? ra : rb; break;		/* famax */
		case 0x18: case 0x19: case 0x1a: case 0x1b: {			/* fcvt.fx[u][.trunc] */
			long double v = x6 & 2 ? truncl(a) : nearbyintl(a);
			if (v != a && !isnan(a))
				feraiseexcept(FE_INEXACT);
			uint64_t i;
			if (x6 & 1)
				i = isnan(v) || v < 0 || v >= 18446744073709551616.0L ? 1ULL << 63
											 : (uint64_t)v;
			else
				i = isnan(v) || v < -9223372036854775808.0L || v >= 9223372036854775808.0L
					    ? 1ULL << 63 : (uint64_t)(int64_t)v;
			r = (struct ia64_fr){ i, EXP_INTEGER, false };
			break;
		}
		case 0x1c:							/* fcvt.xf */
			r = ia64_fr_of((long double)(int64_t)ra.sig);
			break;
		case 0x34: case 0x35: case 0x36: case 0x39: case 0x3a: case 0x3b: case 0x3c:
		case 0x3d:
			r = (struct ia64_fr){ pair_op(x6, ra.sig, rb.sig), EXP_INTEGER, false };
			break;
		case 0x28:	/* fpack: both values as singles, f2's in the high half */
			r = (struct ia64_fr){ (uint64_t)single_bits(a) << 32 | single_bits(b3),
					      EXP_INTEGER, false };
			break;
		case 0x2c: r = (struct ia64_fr){ ra.sig & rb.sig, EXP_INTEGER, false }; break;
		case 0x2d: r = (struct ia64_fr){ ra.sig & ~rb.sig, EXP_INTEGER, false }; break;
		case 0x2e: r = (struct ia64_fr){ ra.sig | rb.sig, EXP_INTEGER, false }; break;
		case 0x2f: r = (struct ia64_fr){ ra.sig ^ rb.sig, EXP_INTEGER, false }; break;
		default: ok = false; break;
		}
		if (ok)
			set(c, in->r1, r);
		break;
	}
	default:
		ok = ia64_fpar_exec(c, in, get, set, bits);
		break;
	}
	if (ok)
		raise_flags(c, sf, fetestexcept(FE_ALL_EXCEPT));
	if (ok && denormal_operand)
		c->ar[IA64_AR_FPSR] |= 2ULL << (13 + 13 * sf);	/* d */
	fesetround(saved);
	return ok;
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
