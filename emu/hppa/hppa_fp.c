/* The PA-RISC floating-point unit on the host's IEEE arithmetic: the status register's
 * rounding mode is applied around each rounded operation, its compare bit is set by FCMP and
 * read by FTEST, its sticky exception flags accrue from the host's. Exception traps are never
 * enabled by Linux programs, so none is raised. */
#include <fenv.h>
#include <math.h>
#include <string.h>

#include "../host_fenv.h"
#include "hppa_fp.h"
#include "hppa_state.h"

#define FPSR_C 0x04000000u	/* compare bit (status bit 5) */
#define FPSR_RM_SHIFT 9		/* rounding mode, status bits 21..22 */
/* The sticky exception flags, status bits 0..4: invalid, divide by zero, overflow, underflow,
 * inexact (what host_fenv_test reads). */
#define FPSR_V 0x80000000u
#define FPSR_Z 0x40000000u
#define FPSR_O 0x20000000u
#define FPSR_U 0x10000000u
#define FPSR_I 0x08000000u
/* PA-RISC's NaNs are the other way round from x86's: the most significant fraction bit SET
 * marks a signaling NaN, clear a quiet one (HP-UX Floating-Point Guide, "Not-a-Number"). The
 * host's arithmetic therefore never sees a NaN operand: the guest's rule is applied first
 * (nan_result). An invalid operation on numbers makes the default quiet NaN, positive, with
 * only the fraction's second bit set: 7ff40000 00000000 and 7fa00000, as HP's floating-point
 * emulation (Linux arch/parisc/math-emu, makequietnan) and qemu-hppa give it. */
struct fp_format {
	uint64_t exp, frac, signaling, default_nan;
};
static const struct fp_format FMT_D = {
	0x7ff0000000000000ull, 0x000fffffffffffffull, 1ull << 51, 0x7ff4000000000000ull,
};
static const struct fp_format FMT_S = {0x7f800000u, 0x007fffffu, 1u << 22, 0x7fa00000u};

static uint32_t fpsr(const struct hppa_cpu *c)
{
	return (uint32_t)(c->fr[0] >> 32);
}

static void set_fpsr(struct hppa_cpu *c, uint32_t v)
{
	c->fr[0] = (uint64_t)v << 32 | (uint32_t)c->fr[0];
}

/* Operand reads. fr0 (the status register and exception registers) reads as zero as an
 * operand of an arithmetic, conversion or copy instruction: glibc copies fr0 to make 0.0. */
static uint32_t get_w(const struct hppa_cpu *c, unsigned slot)
{
	if (slot < 2)
		return 0;
	uint64_t r = c->fr[slot >> 1];
	return (slot & 1) ? (uint32_t)r : (uint32_t)(r >> 32);
}

static void set_w(struct hppa_cpu *c, unsigned slot, uint32_t v)
{
	uint64_t *r = &c->fr[slot >> 1];
	if (slot & 1)
		*r = (*r & 0xffffffff00000000ull) | v;
	else
		*r = (*r & 0xffffffffull) | (uint64_t)v << 32;
}

static float get_s(const struct hppa_cpu *c, unsigned slot)
{
	uint32_t w = get_w(c, slot);
	float f;
	memcpy(&f, &w, 4);
	return f;
}

static void set_s(struct hppa_cpu *c, unsigned slot, float f)
{
	uint32_t w;
	memcpy(&w, &f, 4);
	set_w(c, slot, w);
}

static double get_d(const struct hppa_cpu *c, unsigned reg)
{
	double d = 0.0;
	if (reg)
		memcpy(&d, &c->fr[reg], 8);
	return d;
}

static void set_d(struct hppa_cpu *c, unsigned reg, double d)
{
	memcpy(&c->fr[reg], &d, 8);
}

/* An operand's or a result's bits: a double register, or a single's 32-bit half. */
static uint64_t get_raw(const struct hppa_cpu *c, unsigned reg, bool dbl)
{
	if (dbl)
		return reg ? c->fr[reg] : 0;
	return get_w(c, reg);
}

static void set_raw(struct hppa_cpu *c, unsigned reg, bool dbl, uint64_t v)
{
	if (dbl)
		c->fr[reg] = v;
	else
		set_w(c, reg, (uint32_t)v);
}

/* Host rounding for the guest's mode (0 nearest, 1 toward zero, 2 up, 3 down). */
static int enter_rounding(const struct hppa_cpu *c)
{
	static const int modes[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD};
	unsigned rm = (fpsr(c) >> FPSR_RM_SHIFT) & 3;
	if (rm)
		fesetround(modes[rm]);
	return (int)rm;
}

static void leave_rounding(int rm)
{
	if (rm)
		fesetround(FE_TONEAREST);
}

/* Host exception flags as the guest's sticky status bits. */
static uint32_t fpsr_flags_of(int host)
{
	uint32_t f = 0;
	if (host & FE_INVALID)
		f |= FPSR_V;
	if (host & FE_DIVBYZERO)
		f |= FPSR_Z;
	if (host & FE_OVERFLOW)
		f |= FPSR_O;
	if (host & FE_UNDERFLOW)
		f |= FPSR_U;
	if (host & FE_INEXACT)
		f |= FPSR_I;
	return f;
}

/* Before an operation: the host's flags cleared, unless every flag the host holds is one
 * the guest's status already has; then what the host holds after the operation adds to the
 * guest's status exactly what the operation raised. Clearing costs more than reading (MXCSR
 * reload, fnclex) and FP code keeps the inexact flag set, so most operations skip it. */
static void start_flags(const struct hppa_cpu *c)
{
	int held = host_fenv_test();
	if (fpsr_flags_of(held) & ~fpsr(c))
		host_fenv_clear();
}

/* The host's exception flags after one operation, made sticky in the guest's status. */
static void accrue_flags(struct hppa_cpu *c)
{
	uint32_t f = fpsr_flags_of(host_fenv_test());
	if (f)
		set_fpsr(c, fpsr(c) | f);
}

static bool is_nan(const struct fp_format *f, uint64_t v)
{
	return (v & f->exp) == f->exp && (v & f->frac);
}

/* A signaling NaN made quiet: its top two fraction bits become 01 (so that the fraction
 * stays non-zero), the rest of it and the sign kept. */
static uint64_t quieted(const struct fp_format *f, uint64_t v)
{
	return (v & ~f->signaling) | f->signaling >> 1;
}

/* The result of an operation with a NaN among its `n` operands (given as bits, in operand
 * order): the first signaling NaN made quiet, and the invalid flag, or else the first quiet
 * NaN as it is (HP's emulation: the signaling one wins over an earlier quiet one). False when
 * no operand is a NaN. */
static bool nan_result(struct hppa_cpu *c, const struct fp_format *f, const uint64_t *ops,
		       unsigned n, uint64_t *result)
{
	const uint64_t *first = NULL;
	for (unsigned i = 0; i < n; i++) {
		if (!is_nan(f, ops[i]))
			continue;
		if (ops[i] & f->signaling) {
			set_fpsr(c, fpsr(c) | FPSR_V);
			*result = quieted(f, ops[i]);
			return true;
		}
		if (!first)
			first = &ops[i];
	}
	if (first)
		*result = *first;
	return first != NULL;
}

/* The operands were numbers: a NaN result is an invalid operation's, the default NaN (the
 * host's own default NaN is x86's, a signaling one on PA-RISC). */
static void invalid_makes_default_nan(struct hppa_cpu *c, unsigned t, bool dbl)
{
	const struct fp_format *f = dbl ? &FMT_D : &FMT_S;
	if (is_nan(f, get_raw(c, t, dbl)))
		set_raw(c, t, dbl, f->default_nan);
}

/* FCNV between the formats of a NaN: made quiet first if signaling (the invalid flag), its
 * fraction's top bits kept, and made quiet again if narrowing left no fraction bit. */
static uint64_t converted_nan(struct hppa_cpu *c, bool from_dbl, bool to_dbl, uint64_t v)
{
	const struct fp_format *from = from_dbl ? &FMT_D : &FMT_S, *to = to_dbl ? &FMT_D : &FMT_S;
	if (v & from->signaling) {
		set_fpsr(c, fpsr(c) | FPSR_V);
		v = quieted(from, v);
	}
	uint64_t frac = v & from->frac, sign = from_dbl ? v >> 63 : v >> 31;
	if (from_dbl && !to_dbl)
		frac >>= 29;
	else if (!from_dbl && to_dbl)
		frac <<= 29;
	if (!frac)
		frac = to->signaling >> 1;
	return sign << (to_dbl ? 63 : 31) | to->exp | frac;
}

static double arith_d(unsigned op, double a, double b)
{
	volatile double x = a, y = b, r;
	switch (op) {
	case HOP_FADD: r = x + y; break;
	case HOP_FSUB: r = x - y; break;
	case HOP_FMPY: r = x * y; break;
	case HOP_FDIV: r = x / y; break;
	case HOP_FREM: r = remainder(x, y); break;
	case HOP_FSQRT: r = sqrt(x); break;
	default: r = nearbyint(x); break;	/* HOP_FRND */
	}
	return r;
}

static float arith_s(unsigned op, float a, float b)
{
	volatile float x = a, y = b, r;
	switch (op) {
	case HOP_FADD: r = x + y; break;
	case HOP_FSUB: r = x - y; break;
	case HOP_FMPY: r = x * y; break;
	case HOP_FDIV: r = x / y; break;
	case HOP_FREM: r = remainderf(x, y); break;
	case HOP_FSQRT: r = sqrtf(x); break;
	default: r = nearbyintf(x); break;
	}
	return r;
}

/* Float to integer. A NaN, an infinity or a number out of the format's range is an invalid
 * operation: the result is the bound on the operand's side, by its sign even for a NaN (a
 * negative NaN gives the most negative integer, or 0 unsigned), as HP's floating-point
 * emulation (Linux arch/parisc/math-emu, fcnvfx.c, fcnvfxt.c, fcnvfu.c) makes it. qemu-hppa
 * 7.2 gives the positive bound for a NaN of either sign (softfloat's generic rule). */
static uint64_t to_int(double v, bool truncate, bool is_unsigned, bool wide, bool *invalid)
{
	double r = truncate ? trunc(v) : nearbyint(v);
	bool neg = signbit(v) != 0;
	*invalid = true;
	if (is_unsigned) {
		double max = wide ? 18446744073709551615.0 : 4294967295.0;
		if (isnan(r) ? !neg : r >= max + 1.0)
			return wide ? UINT64_MAX : UINT32_MAX;
		if (isnan(r) || r < 0)
			return 0;
		*invalid = false;
		return (uint64_t)r;
	}
	if (wide) {
		if (isnan(r) ? !neg : r >= 9223372036854775808.0)
			return (uint64_t)INT64_MAX;
		if (isnan(r) || r < -9223372036854775808.0)
			return (uint64_t)INT64_MIN;
		*invalid = false;
		return (uint64_t)(int64_t)r;
	}
	if (isnan(r) ? !neg : r >= 2147483648.0)
		return (uint32_t)INT32_MAX;
	if (isnan(r) || r < -2147483648.0)
		return (uint32_t)INT32_MIN;
	*invalid = false;
	return (uint32_t)(int32_t)r;
}

static void fcnv(struct hppa_cpu *c, const struct hppa_insn *in)
{
	unsigned sf = in->len & 3, df = in->len >> 2;
	bool from_float = in->sub == HFCNV_FF || in->sub == HFCNV_FX || in->sub == HFCNV_FXT ||
		in->sub == HFCNV_FUX || in->sub == HFCNV_FUXT;
	double v = 0;
	if (in->sub == HFCNV_FF && is_nan(sf ? &FMT_D : &FMT_S, get_raw(c, in->r1, sf))) {
		set_raw(c, in->t, df, converted_nan(c, sf, df, get_raw(c, in->r1, sf)));
		return;
	}
	int rm = enter_rounding(c);
	if (from_float)
		v = sf ? get_d(c, in->r1) : (double)get_s(c, in->r1);
	switch (in->sub) {
	case HFCNV_FF:
		if (df)
			set_d(c, in->t, v);
		else
			set_s(c, in->t, (float)v);
		break;
	case HFCNV_XF: case HFCNV_UXF: {
		bool u = in->sub == HFCNV_UXF;
		if (sf) {
			uint64_t x = in->r1 ? c->fr[in->r1] : 0;
			if (df)
				set_d(c, in->t, u ? (double)x : (double)(int64_t)x);
			else
				set_s(c, in->t, u ? (float)x : (float)(int64_t)x);
		} else {
			uint32_t x = get_w(c, in->r1);
			if (df)
				set_d(c, in->t, u ? (double)x : (double)(int32_t)x);
			else
				set_s(c, in->t, u ? (float)x : (float)(int32_t)x);
		}
		break;
	}
	default: {
		bool trunc_ = in->sub == HFCNV_FXT || in->sub == HFCNV_FUXT;
		bool u = in->sub == HFCNV_FUX || in->sub == HFCNV_FUXT;
		bool invalid;
		uint64_t r = to_int(v, trunc_, u, df != 0, &invalid);
		if (invalid)
			set_fpsr(c, fpsr(c) | FPSR_V);
		if (df)
			c->fr[in->t] = r;
		else
			set_w(c, in->t, (uint32_t)r);
		break;
	}
	}
	leave_rounding(rm);
}

/* FCMP: the 5-bit condition's upper four bits select the relations that make it true
 * (8 greater, 4 less, 2 equal, 1 unordered); its low bit makes an unordered compare an
 * invalid operation (the C relations <, <=, >, >=), as a signaling NaN operand always is:
 * the invalid flag then (HP's emulation, sfcmp.c and dfcmp.c; qemu-hppa 7.2 the same). */
static void fcmp(struct hppa_cpu *c, const struct hppa_insn *in)
{
	bool dbl = in->sub != 0;
	const struct fp_format *f = dbl ? &FMT_D : &FMT_S;
	uint64_t ra = get_raw(c, in->r1, dbl), rb = get_raw(c, in->r2, dbl);
	double a = dbl ? get_d(c, in->r1) : get_s(c, in->r1);
	double b = dbl ? get_d(c, in->r2) : get_s(c, in->r2);
	bool unordered = is_nan(f, ra) || is_nan(f, rb);
	unsigned rel = unordered ? 1 : a == b ? 2 : a < b ? 4 : 8;
	bool result = ((unsigned)in->cond >> 1) & rel;
	bool signaling = (is_nan(f, ra) && (ra & f->signaling)) || (is_nan(f, rb) && (rb & f->signaling));
	uint32_t s = fpsr(c);
	if (signaling || (unordered && (in->cond & 1)))
		s |= FPSR_V;
	set_fpsr(c, result ? s | FPSR_C : s & ~FPSR_C);
}

/* FMPYFADD/FMPYNFADD: the exact product plus the addend, rounded once (the host's fma); the
 * negated product's sign is that of -(r1 * r2). A NaN operand decides as for two operands
 * (factors, then addend), kept with its own sign. */
static void fmpyfadd(struct hppa_cpu *c, const struct hppa_insn *in)
{
	bool neg = in->flags & HF_NEGPROD, dbl = in->sub != 0;
	unsigned ra = (unsigned)in->imm;
	uint64_t ops[3] = {get_raw(c, in->r1, dbl), get_raw(c, in->r2, dbl), get_raw(c, ra, dbl)};
	uint64_t nan;
	if (nan_result(c, dbl ? &FMT_D : &FMT_S, ops, 3, &nan)) {
		set_raw(c, in->t, dbl, nan);
		return;
	}
	int rm = enter_rounding(c);
	start_flags(c);
	if (dbl) {
		double a = get_d(c, in->r1);
		set_d(c, in->t, fma(neg ? -a : a, get_d(c, in->r2), get_d(c, ra)));
	} else {
		float a = get_s(c, in->r1);
		set_s(c, in->t, fmaf(neg ? -a : a, get_s(c, in->r2), get_s(c, ra)));
	}
	invalid_makes_default_nan(c, in->t, dbl);
	accrue_flags(c);
	leave_rounding(rm);
}

/* FADD, FSUB, FMPY, FDIV, FREM and the one-operand FSQRT and FRND: a NaN operand decides by
 * the guest's rule, the host computes the rest under the guest's rounding mode. */
static void arith(struct hppa_cpu *c, const struct hppa_insn *in)
{
	bool dbl = in->sub != 0;
	unsigned n = in->op == HOP_FSQRT || in->op == HOP_FRND ? 1 : 2;
	uint64_t ops[2] = {get_raw(c, in->r1, dbl), get_raw(c, in->r2, dbl)}, nan;
	if (nan_result(c, dbl ? &FMT_D : &FMT_S, ops, n, &nan)) {
		set_raw(c, in->t, dbl, nan);
		return;
	}
	int rm = enter_rounding(c);
	start_flags(c);
	if (dbl)
		set_d(c, in->t, arith_d(in->op, get_d(c, in->r1), get_d(c, in->r2)));
	else
		set_s(c, in->t, arith_s(in->op, get_s(c, in->r1), get_s(c, in->r2)));
	invalid_makes_default_nan(c, in->t, dbl);
	accrue_flags(c);
	leave_rounding(rm);
}

bool hppa_fp_exec(struct hppa_cpu *c, const struct hppa_insn *in)
{
	bool dbl = in->sub != 0;
	switch (in->op) {
	case HOP_FCPY: case HOP_FABS: case HOP_FNEG: case HOP_FNEGABS: {
		uint64_t sign = dbl ? 1ull << 63 : 1ull << 31;
		uint64_t v = get_raw(c, in->r1, dbl);
		if (in->op == HOP_FABS)
			v &= ~sign;
		else if (in->op == HOP_FNEG)
			v ^= sign;
		else if (in->op == HOP_FNEGABS)
			v |= sign;
		set_raw(c, in->t, dbl, v);
		return false;
	}
	case HOP_FSQRT: case HOP_FRND: case HOP_FADD: case HOP_FSUB: case HOP_FMPY:
	case HOP_FDIV: case HOP_FREM:
		arith(c, in);
		return false;
	case HOP_FCNV:
		fcnv(c, in);
		return false;
	case HOP_FCMP:
		fcmp(c, in);
		return false;
	case HOP_FTEST:
		return (fpsr(c) & FPSR_C) != 0;
	case HOP_XMPYU:
		c->fr[in->t] = (uint64_t)get_w(c, in->r1) * get_w(c, in->r2);
		return false;
	case HOP_FMPYFADD:
		fmpyfadd(c, in);
		return false;
	default:	/* HOP_FID */
		return false;
	}
}
