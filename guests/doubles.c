/*
 * doubles: floating point through glibc's printf, strtod and libm.
 *
 * Usage: doubles [SECTION]...   (default: all of them, in this order)
 * Sections: fpu (the initial x87 control word and MXCSR), formats (doubles printed with
 * %f %e %g %a), libm (sqrt/exp/log/sin/...), rounding (the four rounding modes), fpexcept
 * (the sticky exception flags), longdouble (x87 arithmetic), strtod (round trips).
 * Everything printed is a pure function of the program: any difference from a native run
 * is an emulation bug (SSE, x87, MXCSR/FPU control word, or a libc path).
 * Exit status: 0 if every round trip held, 1 otherwise.
 */
#define _GNU_SOURCE
#include <fenv.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int errors;

/* volatile so that the compiler cannot fold the arithmetic at build time. */
static volatile double v_one = 1.0, v_three = 3.0, v_zero = 0.0, v_ten = 10.0;

/* The FPU state the program starts with (Linux: x87 control word 0x037f, MXCSR 0x1f80; on
 * hppa the rounding mode and enabled traps of the fr0 status word, all clear). */
static void initial_fpu_state(void)
{
#if defined(__x86_64__) || defined(__i386__)
	unsigned short cw = 0;
	__asm__ volatile("fnstcw %0" : "=m"(cw));
	printf("== initial FPU state ==\nx87 control word 0x%04x (precision %s)\n", cw,
		(cw & 0x300) == 0x300 ? "extended" : (cw & 0x300) == 0x200 ? "double" : "single/bad");
	if (__builtin_cpu_supports("sse")) {
		unsigned mx = 0;
		__asm__ volatile("stmxcsr %0" : "=m"(mx));
		printf("mxcsr control 0x%04x\n", mx & ~0x3fu);
	}
#else
	printf("== initial FPU state ==\nrounding mode %d, traps enabled %#x, flags %#x\n",
		fegetround(), (unsigned)fegetexcept(), (unsigned)fetestexcept(FE_ALL_EXCEPT));
#endif
}

static void formats(void)
{
	const double values[] = {
		0.0, -0.0, 1.0, -2.5, 0.1, 1.0 / 3.0, 2.0 / 3.0, 123456789.125, 1e300, 1e-300,
		5e-324, DBL_MIN, DBL_MAX, DBL_EPSILON, 6.02214076e23, -1.602176634e-19, 0.5, 1e22,
		9007199254740993.0, 4.35, 2.675,
	};
	printf("== formats ==\n");
	for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
		double d = values[i];
		printf("%.6f | %e | %g | %a | %.17g | %.3f | %12.4e | %-10.3g|\n", d < 1e30 ? d : 0.0, d,
			d, d, d, d, d, d);
	}
	/* Special values computed at run time. */
	double inf = v_one / v_zero, nan = v_zero / v_zero;
	printf("%f %e %g %a | %f %e %g %a\n", inf, inf, -inf, -inf, nan, nan, -nan, -nan);
	printf("signbit(0/0) %d, isnan %d, isinf %d\n", signbit(nan) != 0, isnan(nan) != 0,
		isinf(inf) != 0);
	printf("%.0f %.0f %.0f %.0f %.1f %.2f\n", 0.5, 1.5, 2.5, -0.5, 0.25, 1.005);
	printf("%#g %#.3e %+f % f %08.3f %A\n", 1.0, 100.0, 3.0, 4.0, -3.14159, 255.5);
	printf("%.30f\n%.40e\n", 0.1, 1.0 / 7.0);
	printf("float: %a %.9g %a\n", (double)(float)0.1, (double)(1.0f / 3.0f), (double)FLT_MAX);
	printf("int conv: %.1f %.1f %lld %lld %u\n", (double)INT64_MAX, (double)(uint64_t)UINT64_MAX,
		(long long)(v_ten * 1e17), (long long)-2.9999, (unsigned)(v_three * 1e9));
}

static void math(void)
{
	const double x[] = { 0.5, 1.0, 2.0, 10.0, 100.0, 1e-8, 3.141592653589793, 0.7853981633974483 };
	printf("== libm ==\n");
	for (size_t i = 0; i < sizeof x / sizeof x[0]; i++) {
		double d = x[i];
		printf("x=%-8g sqrt %a exp %a log %a sin %a cos %a\n", d, sqrt(d), exp(d), log(d), sin(d),
			cos(d));
		printf("           tan %a atan %a pow %a cbrt %a log10 %a\n", tan(d), atan(d),
			pow(d, 1.5), cbrt(d), log10(d));
	}
	printf("sqrt(2) %.17g exp(1) %.17g log(10) %.17g sin(1) %.17g\n", sqrt(2.0), exp(v_one),
		log(v_ten), sin(v_one));
	printf("atan2 %a %a %a hypot %a fmod %a remainder %a\n", atan2(1.0, -1.0), atan2(-0.0, -1.0),
		atan2(v_one, v_zero), hypot(3e200, 4e200), fmod(10.5, 3.0), remainder(10.5, 3.0));
	printf("floor %g ceil %g round %g trunc %g rint %g nearbyint %g lround %ld\n", floor(-2.5),
		ceil(-2.5), round(-2.5), trunc(-2.5), rint(-2.5), nearbyint(3.5), lround(2.5));
	printf("sin(1e22) %a exp(-745) %a exp(710) %a log(0) %g log(-1) %g sqrt(-1) %g\n", sin(1e22),
		exp(-745.0), exp(710.0), log(v_zero), log(-v_one), sqrt(-v_one));
	int e;
	double m = frexp(1234.5, &e);
	printf("frexp %a %d ldexp %a modf ", m, e, ldexp(0.75, -1070));
	double ip, fp = modf(-3.75, &ip);
	printf("%g %g fma %a\n", ip, fp, fma(0.1, 10.0, -1.0));

	/* Accumulate: any wrong last bit anywhere changes the sum. */
	double acc = 0;
	for (int i = 1; i <= 2000; i++) {
		double t = i * 0.001;
		acc += sin(t) * exp(-t) + log1p(t) + sqrt(t) / (1.0 + t * t) + atan(t) * cos(t);
	}
	printf("accumulated %a\n", acc);
}

static void rounding_modes(void)
{
	static const struct {
		int mode;
		const char *name;
	} modes[] = {
		{ FE_TONEAREST, "nearest" }, { FE_UPWARD, "upward" },
		{ FE_DOWNWARD, "downward" }, { FE_TOWARDZERO, "towardzero" },
	};
	printf("== rounding modes ==\n");
	for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
		if (fesetround(modes[i].mode) != 0) {
			printf("fesetround %s failed\n", modes[i].name);
			errors++;
			continue;
		}
		volatile double q = v_one / v_three;
		volatile double nq = -v_one / v_three;
		volatile float fq = (float)v_one / (float)v_three;
		printf("%-10s get=%d 1/3 %a -1/3 %a float %a rint(2.5) %g rint(-2.5) %g lrint(1.5) %ld"
		       " sqrt(2) %a\n",
			modes[i].name, fegetround() == modes[i].mode, q, nq, (double)fq, rint(2.5), rint(-2.5),
			lrint(1.5), sqrt(2.0 * v_one));
	}
	fesetround(FE_TONEAREST);
}

static const char *flags(void)
{
	static char buf[64];
	int f = fetestexcept(FE_ALL_EXCEPT);
	snprintf(buf, sizeof buf, "%s%s%s%s%s", f & FE_INVALID ? " invalid" : "",
		f & FE_DIVBYZERO ? " divbyzero" : "", f & FE_OVERFLOW ? " overflow" : "",
		f & FE_UNDERFLOW ? " underflow" : "", f & FE_INEXACT ? " inexact" : "");
	return f ? buf : " none";
}

/* The sticky exception flags raised by each operation (SSE on x86-64, x87 on i386 for
 * double; x87 for long double everywhere). */
static void exception_flags(void)
{
	static volatile double d_max = DBL_MAX, d_min = DBL_MIN;
	static volatile long double l_one = 1.0L, l_zero = 0.0L, l_three = 3.0L;
	volatile double r;
	volatile long double lr;

	printf("== exception flags ==\n");
	feclearexcept(FE_ALL_EXCEPT);
	printf("cleared:%s\n", flags());
	r = v_one / v_zero;
	printf("double 1/0:%s\n", flags());
	feclearexcept(FE_ALL_EXCEPT);
	r = v_one / v_three;
	printf("double 1/3:%s\n", flags());
	feclearexcept(FE_ALL_EXCEPT);
	r = v_one * 0.5;
	printf("double 1*0.5:%s\n", flags());
	feclearexcept(FE_ALL_EXCEPT);
	r = d_max * 2.0;
	printf("double DBL_MAX*2:%s\n", flags());
	feclearexcept(FE_ALL_EXCEPT);
	r = d_min / 3.0;
	printf("double DBL_MIN/3:%s\n", flags());
	feclearexcept(FE_ALL_EXCEPT);
	r = v_zero / v_zero;
	printf("double 0/0:%s\n", flags());
	feclearexcept(FE_ALL_EXCEPT);
	r = sqrt(-v_one);
	printf("double sqrt(-1):%s\n", flags());
	feclearexcept(FE_ALL_EXCEPT);
	lr = l_one / l_zero;
	printf("long double 1/0:%s\n", flags());
	feclearexcept(FE_ALL_EXCEPT);
	lr = l_one / l_three;
	printf("long double 1/3:%s\n", flags());
	feclearexcept(FE_ALL_EXCEPT);
	feraiseexcept(FE_OVERFLOW | FE_INEXACT);
	printf("feraiseexcept(overflow|inexact):%s\n", flags());
	feclearexcept(FE_ALL_EXCEPT);
	(void)r;
	(void)lr;
}

static void long_doubles(void)
{
	volatile long double a = 1.0L, b = 3.0L;
	long double q = a / b;
	printf("== long double (%d-bit mantissa) ==\n", LDBL_MANT_DIG);
	printf("1/3 %La %.21Lg\n", q, q);
	printf("sqrtl(2) %La expl(1) %La logl(10) %La\n", sqrtl(2.0L * a), expl(a), logl(10.0L * a));
	printf("sinl(1) %La cosl(1) %La atanl(1) %La\n", sinl(a), cosl(a), atanl(a));
	long double s = 0;
	for (int i = 1; i <= 1000; i++)
		s += 1.0L / ((long double)i * i);
	printf("sum 1/i^2 %La %.20Lg\n", s, s);
	printf("LDBL_MAX %Lg LDBL_MIN %Lg to double %a\n", LDBL_MAX, LDBL_MIN, (double)q);
}

static uint64_t rng = 0x243f6a8885a308d3ull;

static uint64_t rnd64(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static void strtod_roundtrips(void)
{
	static const char *const inputs[] = {
		"0", "-0", "0.1", "1e23", "8.98846567431158e307", "2.2250738585072011e-308",
		"2.2250738585072014e-308", "4.9e-324", "2.4703282292062327e-324", "1.7976931348623157e308",
		"1.7976931348623159e308", "123.456", "0x1.8p1", "0x.1p-4", "inf", "-Infinity", "nan",
		"1e-400", "   42.5xyz", "9007199254740993", "3.14159265358979323846264338327950288",
		"0.000000000000000000000000000000000000000000001", "1e", ".e1", "",
	};
	printf("== strtod ==\n");
	for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++) {
		char *end;
		double d = strtod(inputs[i], &end);
		printf("\"%s\" -> %a (%.17g) consumed %d\n", inputs[i], d, d, (int)(end - inputs[i]));
	}
	float f = strtof("0.1", NULL);
	long double ld = strtold("0.1", NULL);
	printf("strtof 0.1 %a strtold 0.1 %La\n", (double)f, ld);

	/* Random bit patterns: %.17g must round-trip, %a must too. */
	int bad = 0, n = 0;
	uint32_t h = 2166136261u;
	for (int i = 0; i < 3000; i++) {
		uint64_t bits = rnd64();
		double d;
		char buf[64];
		memcpy(&d, &bits, sizeof d);
		if (isnan(d))
			continue;
		n++;
		snprintf(buf, sizeof buf, i % 2 ? "%.17g" : "%a", d);
		for (char *c = buf; *c; c++)
			h = (h ^ (unsigned char)*c) * 16777619u;
		double back = strtod(buf, NULL);
		if (memcmp(&back, &d, sizeof d) != 0) {
			if (bad < 5)
				printf("round trip failed: %s\n", buf);
			bad++;
		}
		/* Shortest-ish: %.15g round trips only sometimes, count how often (deterministic). */
	}
	printf("random round trips: %d values, %d failures, text hash %08x\n", n, bad, h);
	if (bad)
		errors++;
}

static const struct {
	const char *name;
	void (*fn)(void);
} sections[] = {
	{ "fpu", initial_fpu_state },   { "formats", formats },
	{ "libm", math },               { "rounding", rounding_modes },
	{ "fpexcept", exception_flags }, { "longdouble", long_doubles },
	{ "strtod", strtod_roundtrips },
};
#define N_SECTIONS (sizeof sections / sizeof sections[0])

int main(int argc, char **argv)
{
	if (argc == 1) {
		for (size_t i = 0; i < N_SECTIONS; i++)
			sections[i].fn();
	}
	for (int a = 1; a < argc; a++) {
		size_t i = 0;
		while (i < N_SECTIONS && strcmp(argv[a], sections[i].name) != 0)
			i++;
		if (i == N_SECTIONS) {
			fprintf(stderr, "usage: doubles [SECTION]...   sections:");
			for (i = 0; i < N_SECTIONS; i++)
				fprintf(stderr, " %s", sections[i].name);
			fprintf(stderr, "\n");
			return 2;
		}
		sections[i].fn();
	}
	printf("%s: %d errors\n", errors ? "FAILED" : "PASSED", errors);
	return errors ? 1 : 0;
}
