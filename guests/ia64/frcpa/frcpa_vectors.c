/* Prints frcpa's and frsqrta's results, bit for bit, over every table index, both signs, both
 * exponent parities, the exponent extremes and the special operands (zeros, infinities, NaNs,
 * unsupported encodings, pseudo-zeros, unnormals, denormals), so that Ski's output is the
 * oracle of emu/ia64/ia64_frcpa.c. Operands are built with ldf.fill (any register encoding) and
 * results read back with stf.spill; each line holds the target register (sign+exponent,
 * significand), the predicate and sf0's six status flags (v d z o u i from bit 0). Then the
 * parallel forms, fprcpa and fprsqrta, on pairs of singles (table indices, special values,
 * the single range's ends), operands loaded with setf.sig.
 * With the argument "assist" it also runs the operands whose results need the software-assist
 * handler (a Linux kernel's FPSWA), which Ski in user mode does not emulate. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct spill {
	uint64_t sig;
	uint64_t sign_exp;	/* bits 0-16 the exponent, bit 17 the sign */
} __attribute__((aligned(16)));

static struct spill reg(unsigned sign, unsigned exp, uint64_t sig)
{
	return (struct spill){ sig, (uint64_t)sign << 17 | exp };
}

static unsigned run(int sqrt, const struct spill *num, const struct spill *den, struct spill *out)
{
	uint64_t pr, fpsr;
	if (sqrt)
		__asm__ volatile("ldf.fill f7=[%[d]]\n\tfclrf.s0\n\t;;\n\t"
				 "cmp.eq p6,p0=r0,r0\n\t;;\n\t"
				 "frsqrta.s0 f8,p6=f7\n\t;;\n\t"
				 "stf.spill [%[o]]=f8\n\tmov %[pr]=pr\n\tmov.m %[fpsr]=ar.fpsr\n\t;;"
				 : [pr] "=r"(pr), [fpsr] "=r"(fpsr)
				 : [d] "r"(den), [o] "r"(out)
				 : "f7", "f8", "p6", "memory");
	else
		__asm__ volatile("ldf.fill f6=[%[n]]\n\tldf.fill f7=[%[d]]\n\tfclrf.s0\n\t;;\n\t"
				 "cmp.eq p6,p0=r0,r0\n\t;;\n\t"
				 "frcpa.s0 f8,p6=f6,f7\n\t;;\n\t"
				 "stf.spill [%[o]]=f8\n\tmov %[pr]=pr\n\tmov.m %[fpsr]=ar.fpsr\n\t;;"
				 : [pr] "=r"(pr), [fpsr] "=r"(fpsr)
				 : [n] "r"(num), [d] "r"(den), [o] "r"(out)
				 : "f6", "f7", "f8", "p6", "memory");
	return (unsigned)(pr >> 6 & 1) | (unsigned)(fpsr >> 13 & 0x3f) << 1;
}

static void show(int sqrt, struct spill num, struct spill den)
{
	struct spill out = { 0, 0 };
	if (sqrt)
		printf("frsqrta %05llx:%016llx", (unsigned long long)den.sign_exp, (unsigned long long)den.sig);
	else
		printf("frcpa %05llx:%016llx / %05llx:%016llx", (unsigned long long)num.sign_exp,
		       (unsigned long long)num.sig, (unsigned long long)den.sign_exp, (unsigned long long)den.sig);
	fflush(stdout);		/* a simulator that faults shows which operands did it */
	unsigned r = run(sqrt, &num, &den, &out);
	printf(" = %05llx:%016llx p%u flags %02x\n", (unsigned long long)(out.sign_exp & 0x3ffff),
	       (unsigned long long)out.sig, r & 1, r >> 1);
}

/* fprcpa / fprsqrta on two singles per significand, loaded with setf.sig */
static void show_parallel(int sqrt, uint64_t num, uint64_t den)
{
	uint64_t pr, fpsr, sig, se;
	if (sqrt)
		printf("fprsqrta %016llx", (unsigned long long)den);
	else
		printf("fprcpa %016llx / %016llx", (unsigned long long)num, (unsigned long long)den);
	fflush(stdout);
	if (sqrt)
		__asm__ volatile("setf.sig f7=%[d]\n\tfclrf.s0\n\t;;\n\t"
				 "cmp.eq p6,p0=r0,r0\n\t;;\n\t"
				 "fprsqrta.s0 f8,p6=f7\n\t;;\n\t"
				 "getf.sig %[sig]=f8\n\tgetf.exp %[se]=f8\n\tmov %[pr]=pr\n\t"
				 "mov.m %[fpsr]=ar.fpsr\n\t;;"
				 : [pr] "=r"(pr), [fpsr] "=r"(fpsr), [sig] "=r"(sig), [se] "=r"(se)
				 : [d] "r"(den)
				 : "f7", "f8", "p6");
	else
		__asm__ volatile("setf.sig f6=%[n]\n\tsetf.sig f7=%[d]\n\tfclrf.s0\n\t;;\n\t"
				 "cmp.eq p6,p0=r0,r0\n\t;;\n\t"
				 "fprcpa.s0 f8,p6=f6,f7\n\t;;\n\t"
				 "getf.sig %[sig]=f8\n\tgetf.exp %[se]=f8\n\tmov %[pr]=pr\n\t"
				 "mov.m %[fpsr]=ar.fpsr\n\t;;"
				 : [pr] "=r"(pr), [fpsr] "=r"(fpsr), [sig] "=r"(sig), [se] "=r"(se)
				 : [n] "r"(num), [d] "r"(den)
				 : "f6", "f7", "f8", "p6");
	printf(" = %05llx:%016llx p%u flags %02x\n", (unsigned long long)se, (unsigned long long)sig,
	       (unsigned)(pr >> 6 & 1), (unsigned)(fpsr >> 13 & 0x3f));
}

static void parallel_vectors(void)
{
	const uint64_t ones = 0x3f8000003f800000ULL;	/* 1.0f, 1.0f */
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t a = 0x3f800000 | i << 15, b = 0xc0000000 | i << 15 | 0x7fff;
		show_parallel(0, ones, (uint64_t)a << 32 | b);
		show_parallel(1, 0, (uint64_t)a << 32 | (b & 0x7fffffff));
	}
	const uint32_t special[] = {
		0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00123, 0xffa00000,
		0x00000001, 0x80400000, 0x00800000, 0x7f7fffff, 0x7e800000, 0x7e7fffff,
		0x0c000000, 0x0c800000, 0x3f800000, 0xc0490fdb,
	};
	unsigned n = sizeof special / sizeof special[0];
	for (unsigned i = 0; i < n; i++) {
		show_parallel(1, 0, (uint64_t)special[i] << 32 | 0x40000000);
		show_parallel(1, 0, 0x40000000ULL << 32 | special[i]);
		for (unsigned j = 0; j < n; j++) {
			show_parallel(0, (uint64_t)special[i] << 32 | 0x3f800000,
				      (uint64_t)special[j] << 32 | 0x3f800000);
			show_parallel(0, 0x3f800000ULL << 32 | special[i], 0x3f800000ULL << 32 | special[j]);
		}
	}
}

int main(int argc, char **argv)
{
	const struct spill one = reg(0, 0xffff, 1ULL << 63);
	/* every table index, low bits clear and set, both signs (frsqrta: both exponent parities) */
	for (unsigned i = 0; i < 256; i++) {
		for (unsigned low = 0; low < 2; low++) {
			uint64_t sig = 1ULL << 63 | (uint64_t)i << 55 | (low ? 0x7fffffffffffffULL : 0);
			for (unsigned sign = 0; sign < 2; sign++)
				show(0, one, reg(sign, 0xffff + low * 0x35, sig));
			show(1, one, reg(0, 0xffff - low, sig));
			show(1, one, reg(0, 0x1003e + low * 3, sig));
		}
	}
	/* the special operands, every pair of them for frcpa */
	const struct spill special[] = {
		reg(0, 0, 0), reg(1, 0, 0),				/* zeros */
		reg(0, 0x1ffff, 1ULL << 63), reg(1, 0x1ffff, 1ULL << 63),	/* infinities */
		reg(0, 0x1ffff, 0xc000000000000123ULL),			/* quiet NaN */
		reg(1, 0x1ffff, 0xe000000000000000ULL),			/* quiet NaN */
		reg(0, 0x1ffff, 0x8000000000000456ULL),			/* signaling NaN */
		reg(1, 0x1ffff, 0x4000000000000000ULL),			/* unsupported */
		reg(0, 0x1234, 0),					/* pseudo-zero */
		reg(0, 0xffff, 0x6000000000000000ULL),			/* unnormal */
		reg(1, 0xfc01, 0x0000000000000800ULL),			/* double denormal */
		reg(0, 0xff81, 0x4000000000000000ULL),			/* single denormal */
		reg(0, 0x1003e, 12345),					/* setf.sig integer */
		reg(0, 0xffff, 1ULL << 63), reg(1, 0x10005, 0xc90fdaa22168c235ULL),
		reg(0, 0xfc01, 0x8000000000000000ULL),			/* smallest double */
		reg(0, 0x103fe, 0xffffffffffff0000ULL),			/* largest double */
	};
	unsigned n = sizeof special / sizeof special[0];
	for (unsigned i = 0; i < n; i++) {
		show(1, one, special[i]);
		for (unsigned j = 0; j < n; j++)
			show(0, special[i], special[j]);
	}
	/* exponents near the ends of the range where the table still serves */
	const unsigned exps[] = { 65, 66, 67, 0x3fff, 0xc001, 0x1003e, 0x13fff, 0x1fffa, 0x1fffb };
	for (unsigned i = 0; i < sizeof exps / sizeof exps[0]; i++) {
		struct spill x = reg(0, exps[i], 0xb504f333f9de6484ULL);
		show(1, one, x);
		show(0, x, x);
		/* dividends putting the quotient's exponent at either end of the table's range */
		unsigned e = exps[i] + 0xfffe <= 0x1fffe ? exps[i] + 0xfffe : exps[i] - 0xfffc;
		show(0, reg(1, e, 1ULL << 63), x);
	}
	parallel_vectors();
	if (argc > 1 && strcmp(argv[1], "assist") == 0) {
		/* the ranges where the approximation cannot serve: software assist ("assist N":
		 * only the Nth case, since a simulator without the handler stops at the first) */
		struct spill cases[32][2];
		unsigned count = 0;
		const unsigned far[] = { 1, 2, 64, 0x1fffc, 0x1fffd, 0x1fffe };
		for (unsigned i = 0; i < sizeof far / sizeof far[0]; i++) {
			struct spill x = reg(0, far[i], 0xc000000000000000ULL);
			memcpy(cases[count++], (struct spill[2]){ one, x }, sizeof cases[0]);
			memcpy(cases[count++], (struct spill[2]){ x, one }, sizeof cases[0]);
		}
		/* quotient exponents just outside the table's range, and a dividend too small */
		memcpy(cases[count++], (struct spill[2]){ reg(0, 0x1fff0, 1ULL << 63),
							  reg(0, 0x1fff0 - 0xffff, 1ULL << 63) }, sizeof cases[0]);
		memcpy(cases[count++], (struct spill[2]){ reg(0, 0x100, 1ULL << 63),
							  reg(0, 0x100 + 0xfffd, 1ULL << 63) }, sizeof cases[0]);
		memcpy(cases[count++], (struct spill[2]){ reg(0, 64, 1ULL << 63), one }, sizeof cases[0]);
		int only = argc > 2 ? atoi(argv[2]) : -1;
		for (unsigned i = 0; i < count; i++) {
			if (only >= 0 && (unsigned)only != i)
				continue;
			show(0, cases[i][0], cases[i][1]);
			if (cases[i][0].sig == one.sig && cases[i][0].sign_exp == one.sign_exp)
				show(1, one, cases[i][1]);
		}
	}
	return 0;
}
