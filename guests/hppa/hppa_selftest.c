/* A freestanding PA-RISC self-test: integer, 64-bit, millicode division, switch tables,
 * indirect calls, shifts and bit fields, floating point and conversions, each result printed
 * as a line of hex. Built for hppa with -nostdlib (no C library, its own _start and write/exit
 * system calls), it runs under profemu's interpreter alone; the unit test compiles the same
 * functions natively and compares every line (tests/unit/test_hppa_selftest.c). */
#include <stdint.h>

typedef void (*selftest_emit)(const char *s, unsigned len);

static selftest_emit out;

static void line(const char *name, uint64_t v)
{
	char buf[64];
	unsigned n = 0;
	while (*name)
		buf[n++] = *name++;
	buf[n++] = ' ';
	for (int i = 15; i >= 0; i--)
		buf[n++] = "0123456789abcdef"[(v >> (4 * i)) & 15];
	buf[n++] = '\n';
	out(buf, n);
}

/* Values the compiler cannot fold: an LCG the tests draw from. */
static uint32_t seed = 12345;
static uint32_t rnd(void)
{
	seed = seed * 1103515245u + 12345u;
	return seed;
}

static __attribute__((noinline)) uint32_t udiv_sum(void)
{
	uint32_t acc = 0;
	for (int i = 0; i < 200; i++) {
		uint32_t a = rnd(), b = rnd() >> (i % 31);
		if (b == 0)
			b = 7;
		acc += a / b + a % b;
	}
	return acc;
}

static __attribute__((noinline)) uint32_t sdiv_sum(void)
{
	uint32_t acc = 0;
	for (int i = 0; i < 200; i++) {
		int32_t a = (int32_t)rnd(), b = (int32_t)rnd() >> (i % 29);
		if (b == 0 || (a == INT32_MIN && b == -1))
			b = 3;
		acc = acc * 31 + (uint32_t)(a / b) + (uint32_t)(a % b);
		acc += (uint32_t)(a / 10) + (uint32_t)(a / 7) + (uint32_t)(a % 3);
	}
	return acc;
}

static __attribute__((noinline)) uint64_t wide_sum(void)
{
	uint64_t acc = 0;
	for (int i = 0; i < 100; i++) {
		uint64_t a = (uint64_t)rnd() << 32 | rnd(), b = (uint64_t)rnd() << (i % 40) | 1;
		int64_t sa = (int64_t)a, sb = (int64_t)b;
		acc += a * b;
		acc ^= a / b + a % b;
		acc += (uint64_t)(sa / (sb | 1)) - (uint64_t)(sa % (sb | 1));
		acc += a >> (i % 64);
		acc -= a << (i % 63);
		acc += (uint64_t)(sa >> (i % 64));
	}
	return acc;
}

static __attribute__((noinline)) uint32_t mul_sum(void)
{
	uint32_t acc = 1;
	for (int i = 0; i < 300; i++) {
		uint32_t a = rnd();
		int32_t s = (int32_t)rnd();
		acc = acc * a + (uint32_t)s * 7u + (uint32_t)((int64_t)s * (int64_t)(int32_t)a >> 32);
		acc += (uint32_t)(((uint64_t)a * acc) >> 32);
	}
	return acc;
}

static __attribute__((noinline)) uint32_t shifts(void)
{
	uint32_t acc = 0;
	for (int i = 0; i < 64; i++) {
		uint32_t v = rnd();
		int32_t s = (int32_t)v;
		unsigned n = rnd() % 32;
		acc += v >> n;
		acc ^= v << n;
		acc += (uint32_t)(s >> n);
		acc += (v >> n) | (v << ((32 - n) & 31));
		acc += (v >> 5) & 0x3ff;
		acc ^= (uint32_t)((int32_t)((uint32_t)s << 3) >> 20);
	}
	return acc;
}

struct bits {
	unsigned a : 3, b : 11, c : 7;
	signed d : 5, e : 6;
};

static __attribute__((noinline)) uint32_t bitfields(void)
{
	struct bits x = {0, 0, 0, 0, 0};
	uint32_t acc = 0;
	for (int i = 0; i < 50; i++) {
		uint32_t r = rnd();
		x.a = r;
		x.b += r >> 7;
		x.c ^= r >> 13;
		x.d = (int)(r >> 20);
		x.e -= (int)(r >> 26);
		acc = acc * 3 + x.a + x.b + x.c + (uint32_t)x.d + (uint32_t)x.e;
	}
	return acc;
}

static __attribute__((noinline)) uint32_t dispatch(unsigned k, uint32_t v)
{
	switch (k) {
	case 0: return v + 1;
	case 1: return v * 3;
	case 2: return v ^ 0x5a5a5a5a;
	case 3: return v >> 3;
	case 4: return v - 77;
	case 5: return ~v;
	case 6: return v << 2;
	case 7: return v | 0x80000001;
	case 8: return v & 0xffff;
	case 9: return v / 3;
	default: return v;
	}
}

static uint32_t f_add(uint32_t x) { return x + 0x1234; }
static uint32_t f_rot(uint32_t x) { return x << 7 | x >> 25; }
static uint32_t f_neg(uint32_t x) { return 0u - x; }

static __attribute__((noinline)) uint32_t calls(void)
{
	uint32_t (*volatile fns[3])(uint32_t) = {f_add, f_rot, f_neg};
	uint32_t acc = 0;
	for (int i = 0; i < 90; i++) {
		acc = fns[rnd() % 3](acc) + dispatch(rnd() % 12, acc);
	}
	return acc;
}

static __attribute__((noinline)) uint32_t fib(uint32_t n)
{
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

static __attribute__((noinline)) int compare_mix(int32_t a, int32_t b, uint32_t ua, uint32_t ub)
{
	int r = 0;
	r |= (a < b) << 0;
	r |= (a <= b) << 1;
	r |= (a > b) << 2;
	r |= (a >= b) << 3;
	r |= (ua < ub) << 4;
	r |= (ua <= ub) << 5;
	r |= (ua > ub) << 6;
	r |= (a == b) << 7;
	r |= ((a & b) == 0) << 8;
	r |= ((a ^ b) < 0) << 9;
	r |= ((int32_t)((uint32_t)a + (uint32_t)b) < 0) << 10;
	return r;
}

static __attribute__((noinline)) uint32_t compares(void)
{
	uint32_t acc = 0;
	for (int i = 0; i < 200; i++) {
		uint32_t a = rnd() >> (i % 32), b = rnd() >> (i % 17);
		acc = acc * 5 + (uint32_t)compare_mix((int32_t)a, (int32_t)b, a, b);
		acc += (uint32_t)compare_mix((int32_t)a, (int32_t)a, a, a);
	}
	return acc;
}

static __attribute__((noinline)) uint32_t memops(void)
{
	uint8_t buf[256];
	uint16_t half[64];
	uint32_t acc = 0;
	for (int i = 0; i < 256; i++)
		buf[i] = (uint8_t)rnd();
	for (int i = 0; i < 64; i++)
		half[i] = (uint16_t)(buf[i * 2] << 8 | buf[i * 2 + 1]);
	for (int i = 255; i > 0; i--)
		buf[i] = (uint8_t)(buf[i] + buf[i - 1] * 3);
	for (int i = 0; i < 256; i++)
		acc = acc * 33 + buf[i];
	for (int i = 0; i < 64; i++)
		acc += (uint32_t)(int16_t)half[i];
	return acc;
}

static uint64_t bits_of(double d)
{
	union { double d; uint64_t u; } u = {.d = d};
	return u.u;
}

#ifdef SELFTEST_NATIVE
#include <math.h>
#define square_root sqrt
#else
static double square_root(double x)
{
	double r;
	__asm__("fsqrt,dbl %1,%0" : "=f"(r) : "f"(x));
	return r;
}
#endif

static __attribute__((noinline)) uint64_t floats(void)
{
	double acc = 1.0;
	float facc = 2.0f;
	uint64_t iacc = 0;
	for (int i = 0; i < 100; i++) {
		int32_t r = (int32_t)rnd();
		uint32_t u = rnd();
		double d = (double)r / 65536.0;
		acc = acc * 0.75 + d;
		acc += (double)u * 1e-9;
		facc = facc * 0.5f + (float)d;
		iacc += (uint64_t)(int64_t)(int32_t)d;
		iacc += (uint32_t)(int32_t)(acc * 3.0);
		iacc ^= bits_of(acc / (d == 0.0 ? 1.0 : d));
		iacc += bits_of((double)facc);
		iacc += (uint64_t)(u % 1000) * (uint64_t)(double)(u % 1000);
		iacc += (acc < d) + (acc > d) * 2 + (acc == d) * 4;
		iacc += bits_of(square_root(d < 0 ? -d : d));
		iacc += (uint64_t)(int64_t)(d * 1000.0);
		iacc += (uint32_t)(float)(u >> 8);
	}
	return iacc ^ bits_of(acc);
}

void selftest_run(selftest_emit emit)
{
	out = emit;
	line("udiv", udiv_sum());
	line("sdiv", sdiv_sum());
	line("wide", wide_sum());
	line("mul", mul_sum());
	line("shifts", shifts());
	line("bitfields", bitfields());
	line("calls", calls());
	line("fib", fib(20));
	line("compares", compares());
	line("memops", memops());
	line("floats", floats());
}

#ifndef SELFTEST_NATIVE
static long hppa_syscall3(long nr, long a, long b, long c)
{
	register long r20 __asm__("r20") = nr;
	register long r26 __asm__("r26") = a;
	register long r25 __asm__("r25") = b;
	register long r24 __asm__("r24") = c;
	register long r28 __asm__("r28");
	__asm__ volatile("ble 0x100(%%sr2, %%r0)\n\tnop"
			 : "=r"(r28)
			 : "r"(r20), "r"(r26), "r"(r25), "r"(r24)
			 : "r1", "r2", "r29", "r31", "memory");
	return r28;
}

static void emit_write(const char *s, unsigned len)
{
	hppa_syscall3(4, 1, (long)s, (long)len);	/* write(1, s, len) */
}

/* _start: data is addressed from dp (r27), which the program loads itself; the stack grows
 * up, so the first frame is made above the initial sp. */
__asm__(".text\n"
	"\t.globl _start\n"
	"_start:\n"
	"\tldil L%$global$,%dp\n"
	"\tldo R%$global$(%dp),%dp\n"
	"\tb,l selftest_main,%rp\n"
	"\tldo 128(%sp),%sp\n");

void selftest_main(void);
void selftest_main(void)
{
	selftest_run(emit_write);
	hppa_syscall3(1, 0, 0, 0);	/* exit(0) */
	for (;;)
		;
}
#endif
