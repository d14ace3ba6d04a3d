/* Loops gcc's vectorizer turns into IA-64 parallel instructions at -O3 (padd, psub, pavg,
 * pcmp, pmin, pmax, psad1, pmpy2, pmpyshr2, pshl, pshr, mix, mux, pack, unpack; fpma, fpms,
 * fpmin, fpmax, fpcmp, fpcvt, fpmerge, fpack, fswap, fmix, fsxt) over char, short, int and
 * float arrays, with values chosen to reach the saturation and sign cases. Prints one
 * checksum per loop: Ski's and profemu's must match (tests/unit/test_ia64_cpu.c). */
#include <stdint.h>
#include <stdio.h>

#define N 256

static int8_t sc[N], sd[N];
static uint8_t uc[N], ud[N], ur[N];
static int16_t ss[N], st[N], sr[N];
static uint16_t us[N];
static int32_t si[N], sj[N], sk[N];
static float fa[N], fb[N], fc[N], fr[N];
static int32_t fi[N];

static uint64_t mixsum(const void *p, size_t n)
{
	const uint8_t *b = p;
	uint64_t h = 1469598103934665603ULL;
	for (size_t i = 0; i < n; i++)
		h = (h ^ b[i]) * 1099511628211ULL;
	return h;
}

#define REPORT(name, arr) printf("%-12s %016llx\n", name, (unsigned long long)mixsum(arr, sizeof arr))

static void fill(void)
{
	uint32_t x = 12345;
	for (int i = 0; i < N; i++) {
		x = x * 1103515245 + 12345;
		sc[i] = (int8_t)(x >> 9);
		sd[i] = (int8_t)(x >> 17);
		uc[i] = (uint8_t)(x >> 13);
		ud[i] = (uint8_t)(x >> 21);
		ss[i] = (int16_t)(x >> 7);
		st[i] = (int16_t)(x >> 15);
		us[i] = (uint16_t)(x >> 11);
		si[i] = (int32_t)(x ^ (x << 7));
		sj[i] = (int32_t)(x >> 3) - 0x08000000;
		fa[i] = (float)(int32_t)(x >> 8) / 4096.0f - 1000.0f;
		fb[i] = (float)(i - 128) * 0.75f;
		fc[i] = (i % 7) ? (float)(x >> 20) : -0.0f;
	}
}

int main(void)
{
	fill();
	for (int i = 0; i < N; i++) ur[i] = uc[i] + ud[i];
	REPORT("add8", ur);
	for (int i = 0; i < N; i++) { int v = uc[i] + ud[i]; ur[i] = v > 255 ? 255 : v; }
	REPORT("addsat8u", ur);
	for (int i = 0; i < N; i++) { int v = uc[i] - ud[i]; ur[i] = v < 0 ? 0 : v; }
	REPORT("subsat8u", ur);
	for (int i = 0; i < N; i++) { int v = sc[i] + sd[i]; sr[i] = v > 127 ? 127 : v < -128 ? -128 : v; }
	REPORT("addsat8s", sr);
	for (int i = 0; i < N; i++) ur[i] = (uc[i] + ud[i] + 1) >> 1;
	REPORT("avg8", ur);
	for (int i = 0; i < N; i++) ur[i] = uc[i] > ud[i] ? uc[i] : ud[i];
	REPORT("max8u", ur);
	for (int i = 0; i < N; i++) ur[i] = uc[i] < ud[i] ? uc[i] : ud[i];
	REPORT("min8u", ur);
	for (int i = 0; i < N; i++) ur[i] = sc[i] == sd[i] ? 0xff : sc[i] > sd[i] ? 1 : 0;
	REPORT("cmp8", ur);
	{
		unsigned sad = 0;
		for (int i = 0; i < N; i++) sad += uc[i] > ud[i] ? uc[i] - ud[i] : ud[i] - uc[i];
		printf("%-12s %u\n", "sad8", sad);
	}
	for (int i = 0; i < N; i++) sr[i] = ss[i] + st[i];
	REPORT("add16", sr);
	for (int i = 0; i < N; i++) sr[i] = ss[i] - st[i];
	REPORT("sub16", sr);
	for (int i = 0; i < N; i++) sr[i] = ss[i] > st[i] ? ss[i] : st[i];
	REPORT("max16", sr);
	for (int i = 0; i < N; i++) sr[i] = ss[i] < st[i] ? ss[i] : st[i];
	REPORT("min16", sr);
	for (int i = 0; i < N; i++) sr[i] = (int16_t)(ss[i] * st[i]);
	REPORT("mul16", sr);
	for (int i = 0; i < N; i++) sr[i] = (int16_t)((ss[i] * st[i]) >> 16);
	REPORT("mulhi16", sr);
	for (int i = 0; i < N; i++) sr[i] = (int16_t)(us[i] >> 3);
	REPORT("shr16u", sr);
	for (int i = 0; i < N; i++) sr[i] = (int16_t)(ss[i] >> 5);
	REPORT("shr16s", sr);
	for (int i = 0; i < N; i++) sr[i] = (int16_t)(ss[i] << 3);
	REPORT("shl16", sr);
	for (int i = 0; i < N; i++) sr[i] = (int16_t)(ss[i] << (i & 15));
	REPORT("shl16v", sr);
	for (int i = 0; i < N; i++) sk[i] = si[i] + sj[i];
	REPORT("add32", sk);
	for (int i = 0; i < N; i++) sk[i] = si[i] - sj[i];
	REPORT("sub32", sk);
	for (int i = 0; i < N; i++) sk[i] = si[i] >> (i & 31);
	REPORT("shr32v", sk);
	for (int i = 0; i < N; i++) sk[i] = (int32_t)((uint32_t)si[i] << 7);
	REPORT("shl32", sk);
	for (int i = 0; i < N; i++) sk[i] = si[i] > sj[i] ? si[i] : sj[i];
	REPORT("max32", sk);
	for (int i = 0; i < N; i++) sk[i] = si[i] * sj[i];
	REPORT("mul32", sk);
	for (int i = 0; i < N; i++) sk[i] = ss[i];
	REPORT("widen16", sk);
	for (int i = 0; i < N; i++) sr[i] = (int16_t)si[i];
	REPORT("narrow32", sr);
	for (int i = 0; i < N; i++) ur[i] = (uint8_t)ss[i];
	REPORT("narrow16", ur);
	for (int i = 0; i < N; i++) sr[i] = uc[i];
	REPORT("widen8", sr);
	for (int i = 0; i < N; i++) fr[i] = fa[i] * fb[i] + fc[i];
	REPORT("fma", fr);
	for (int i = 0; i < N; i++) fr[i] = fa[i] * fb[i] - fc[i];
	REPORT("fms", fr);
	for (int i = 0; i < N; i++) fr[i] = fa[i] * fb[i];
	REPORT("fmul", fr);
	for (int i = 0; i < N; i++) fr[i] = fa[i] < fb[i] ? fa[i] : fb[i];
	REPORT("fmin", fr);
	for (int i = 0; i < N; i++) fr[i] = fa[i] > fb[i] ? fa[i] : fb[i];
	REPORT("fmax", fr);
	for (int i = 0; i < N; i++) fi[i] = fa[i] < fb[i] ? -1 : 0;
	REPORT("fcmp", fi);
	for (int i = 0; i < N; i++) fi[i] = (int32_t)fa[i];
	REPORT("fcvt", fi);
	for (int i = 0; i < N; i++) fr[i] = -fa[i];
	REPORT("fneg", fr);
	for (int i = 0; i < N; i++) fr[i] = fa[i] < 0 ? -fa[i] : fa[i];
	REPORT("fabs", fr);
	for (int i = 0; i < N; i++) fr[i] = (float)si[i];
	REPORT("i2f", fr);
	for (int i = 0; i < N; i++) fr[i] = fa[i] + fb[N - 1 - i];
	REPORT("frev", fr);
	return 0;
}
