/* profil_sprofil: sprofil(2) with several regions, element sizes, an overflow bin, saturation,
 * errors, tvp, and the two glibc sprofil bugs profemu must not have. Phases are printed as
 * profil_common.h describes; the runner simulates them from --explain's ticks.
 *
 * Usage: profil_sprofil TEST LAYOUT VIA [FLAGS [N]]
 *   LAYOUT: linux (glibc's struct prof) or hpux (HP-UX's); VIA: glibc (linux layout) or raw
 *   regions   FLAGS N: regions over hot_a, hot_b..hot_c, hot_driver (scales 0x10000, 0xC000,
 *             0x8000), an ignored entry (scale 1), the overflow bin; linux: in a shuffled order
 *             with two more regions overlapping others (one at an equal offset); N rounds of
 *             hot_driver
 *   alternate FLAGS N: a region over each 10-instruction loop and the overflow bin, the two
 *             loops run in turn in short bursts N times: many ticks are the first after a
 *             change of region (glibc counts those in the wrong bin)
 *   reenable  FLAGS N: sprofil, work, sprofil again, work, sprofil again, work, off (glibc
 *             double-frees here); linux: the second call only disables
 *   saturate  FLAGS N: a region over the loop body while the loop runs N times (run it with a
 *             tick of 10 instructions: one bin takes every tick); then the overflow bin alone
 *             takes them
 *   profilsat N (LAYOUT, VIA ignored but present): the same with profil(): u16 wraps or not
 *   errors    MAX: (hpux) E2BIG, EINVAL and EFAULT cases; MAX is --profil-max
 *   lerrors   MAX: (linux) E2BIG; a call that keeps nothing leaves profiling off; sprofil
 *             replaces a profil() profile
 * Exit status 0. */
#define _GNU_SOURCE
#include <sys/mman.h>

#include "profil_common.h"

#define BUFWORDS 1024
static unsigned long long buf0[BUFWORDS], buf1[BUFWORDS], buf2[BUFWORDS], buf3[BUFWORDS];
static unsigned long long buf4[BUFWORDS];
static unsigned long long ovf[4], ign[4];

static unsigned elem_size(unsigned flags)
{
	return flags == PROF_UINT64 ? 8 : (flags & PROF_UINT) ? 4 : 2;
}

static size_t round_down(size_t n, size_t m)
{
	return n / m * m;
}

static void clear_all(void)
{
	memset(buf0, 0, sizeof buf0);
	memset(buf1, 0, sizeof buf1);
	memset(buf2, 0, sizeof buf2);
	memset(buf3, 0, sizeof buf3);
	memset(buf4, 0, sizeof buf4);
	memset(ovf, 0, sizeof ovf);
	memset(ign, 0, sizeof ign);
}

static void print_all(unsigned es)
{
	print_valid(buf0, buf0 + BUFWORDS);
	print_valid(buf1, buf1 + BUFWORDS);
	print_valid(buf2, buf2 + BUFWORDS);
	print_valid(buf3, buf3 + BUFWORDS);
	print_valid(buf4, buf4 + BUFWORDS);
	print_valid(ovf, ovf + 4);
	print_valid(ign, ign + 4);
	print_buffer("buf0", buf0, es, sizeof buf0 / es);
	print_buffer("buf1", buf1, es, sizeof buf1 / es);
	print_buffer("buf2", buf2, es, sizeof buf2 / es);
	print_buffer("buf3", buf3, es, sizeof buf3 / es);
	print_buffer("buf4", buf4, es, sizeof buf4 / es);
	print_buffer("ovf", ovf, es, sizeof ovf / es);
	print_buffer("ign", ign, es, sizeof ign / es);
}

static void off(const char *layout, const char *via, unsigned flags)
{
	do_sprofil(via, layout, NULL, 0, NULL, NULL, 0, flags);
}

/* The regions over the hot functions; returns the count. */
static int hot_regions(struct region *r, int linux_layout, unsigned es)
{
	unsigned long f[4];
	hot_addresses(f);
	size_t hi = ADDR(__stop_profhot);
	struct region r0 = { buf0, round_down(f[1] - f[0], es), f[0], 0x10000 };
	struct region r1 = { buf1, round_down((f[3] - f[1]) * 3 / 4, es), f[1], 0xC000 };
	struct region r2 = { buf2, round_down((hi - f[3]) / 2, es), f[3], 0x8000 };
	if (r2.size == 0)
		r2.size = es;
	struct region ig = { ign, es, hi + 0x1000, 1 };
	struct region ov = { ovf, es, 0, 2 };
	if (!linux_layout) {
		r[0] = r0, r[1] = r1, r[2] = r2, r[3] = ig, r[4] = ov;
		return 5;
	}
	/* glibc's rules: any order, the overflow bin anywhere, overlaps go to the higher offset
	 * (r3 over parts of r0 and r1) and, for equal offsets, to the later entry (r4 over the
	 * start of r0, where hot_a's loop is) */
	struct region r3 = { buf3, 48, f[0] + 24, 0x10000 };
	struct region r4 = { buf4, 16 * es, f[0], 0x10000 };
	r[0] = r2, r[1] = ov, r[2] = r0, r[3] = ig, r[4] = r3, r[5] = r1, r[6] = r4;
	return 7;
}

static void regions(const char *layout, const char *via, unsigned flags, unsigned rounds)
{
	struct region r[MAX_REGIONS];
	struct timeval tv;
	unsigned es = elem_size(flags);
	int n = hot_regions(r, strcmp(layout, "linux") == 0, es);
	clear_all();
	phase_begin("regions");
	do_sprofil(via, layout, r, n, NULL, &tv, 1, flags);
	hot_driver(rounds);
	off(layout, via, flags);
	print_all(es);
	phase_end("regions");
}

static void alternate(const char *layout, const char *via, unsigned flags, unsigned rounds)
{
	struct region r[3];
	unsigned es = elem_size(flags);
	size_t a = ADDR(profil_alias_body), a_end = ADDR(profil_alias_body_end);
	size_t b = ADDR(profil_alias2_body), b_end = ADDR(profil_alias2_body_end);
	r[0] = (struct region){ buf0, (a_end - a + es) / es * es * 2, a, 0x10000 };
	r[1] = (struct region){ buf1, (b_end - b + es) / es * es * 2, b, 0x10000 };
	r[2] = (struct region){ ovf, es, 0, 2 };
	/* hpux: sorted and disjoint (scale 0x10000: a region spans its size in bytes) */
	if (a + r[0].size > b)
		r[0].size = round_down(b - a, es);
	clear_all();
	phase_begin("alternate");
	do_sprofil(via, layout, r, 3, NULL, NULL, 0, flags);
	for (unsigned i = 0; i < rounds; i++) {
		profil_alias_loop(7 + i % 5);
		profil_alias_loop2(11 + i % 3);
	}
	off(layout, via, flags);
	print_all(es);
	phase_end("alternate");
}

static void reenable(const char *layout, const char *via, unsigned flags, unsigned rounds)
{
	struct region r[MAX_REGIONS];
	struct timeval tv;
	unsigned es = elem_size(flags);
	int n = hot_regions(r, strcmp(layout, "linux") == 0, es);
	clear_all();
	phase_begin("reenable");
	do_sprofil(via, layout, r, n, NULL, &tv, 1, flags);
	hot_driver(rounds);
	do_sprofil(via, layout, r, n, NULL, &tv, 1, flags);
	hot_driver(rounds);
	do_sprofil(via, layout, r, n, NULL, &tv, 1, flags);
	hot_driver(rounds);
	off(layout, via, flags);
	print_all(es);
	phase_end("reenable");
}

static void saturate(const char *layout, const char *via, unsigned flags, unsigned long n)
{
	struct region r[2];
	unsigned es = elem_size(flags);
	size_t a = ADDR(profil_alias_body), a_end = ADDR(profil_alias_body_end);
	r[0] = (struct region){ buf0, (a_end - a + es) / es * es * 2, a, 0x10000 };
	r[1] = (struct region){ ovf, es, 0, 2 };
	clear_all();
	phase_begin("saturate-region");
	do_sprofil(via, layout, r, 2, NULL, NULL, 0, flags);
	profil_alias_loop(n);
	off(layout, via, flags);
	print_all(es);
	phase_end("saturate-region");

	/* the same loop outside the only region: the overflow bin takes the ticks */
	unsigned long f[4];
	hot_addresses(f);
	r[0] = (struct region){ buf0, 2 * es, f[0], 0x10000 };
	clear_all();
	phase_begin("saturate-overflow");
	do_sprofil(via, layout, r, 2, NULL, NULL, 0, flags);
	profil_alias_loop(n);
	off(layout, via, flags);
	print_all(es);
	phase_end("saturate-overflow");
}

static void profilsat(unsigned long n)
{
	size_t a = ADDR(profil_alias_body), a_end = ADDR(profil_alias_body_end);
	clear_all();
	phase_begin("profilsat");
	do_profil("raw", buf0, even(a_end - a) + 2, a, 0x10000);
	profil_alias_loop(n);
	do_profil("raw", buf0, even(a_end - a) + 2, a, 0);
	print_all(2);
	phase_end("profilsat");
}

/* HP-UX's errors, each call on its own (every call disables what the previous one enabled). */
static void errors(int max)
{
	const char *L = "hpux", *V = "raw";
	unsigned long f[4];
	hot_addresses(f);
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	char *bad = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (bad == MAP_FAILED || munmap(bad, page) != 0 || mprotect(bad + page, page, PROT_READ)) {
		perror("mmap");
		exit(1);
	}
	void *unmapped = bad;
	struct timeval *rotv = (struct timeval *)(void *)(bad + page);
	struct timeval tv;

	/* max + 1 sorted, disjoint regions of 16 bytes each */
	struct region many[MAX_REGIONS];
	for (int i = 0; i < max + 1 && i < MAX_REGIONS; i++)
		many[i] = (struct region){ (char *)buf0 + 16 * i, 16, f[0] + 16 * (size_t)i,
					   0x10000 };
	struct region ok1 = { buf0, 32, f[0], 0x10000 };
	struct region ov = { ovf, 2, 0, 2 };
	struct region r[4];

	clear_all();
	phase_begin("errors");
	do_sprofil(V, L, many, max, NULL, &tv, 1, PROF_USHORT);		/* 0: at the limit */
	do_sprofil(V, L, many, max + 1, NULL, &tv, 1, PROF_USHORT);	/* E2BIG */
	do_sprofil(V, L, many, -1, NULL, NULL, 0, PROF_USHORT);		/* E2BIG */
	do_sprofil(V, L, many, 0, NULL, NULL, 0, PROF_USHORT);		/* 0: disables */
	r[0] = many[1], r[1] = many[0];
	do_sprofil(V, L, r, 2, NULL, NULL, 0, PROF_USHORT);			/* unsorted */
	r[0] = (struct region){ buf0, 32, f[0], 0x10000 };
	r[1] = (struct region){ buf1, 32, f[0] + 16, 0x10000 };
	do_sprofil(V, L, r, 2, NULL, NULL, 0, PROF_USHORT);			/* overlap */
	r[1] = (struct region){ buf1, 32, f[0] + 32, 0x10000 };
	do_sprofil(V, L, r, 2, NULL, NULL, 0, PROF_USHORT);			/* adjacent: 0 */
	r[1] = (struct region){ buf1, 32, f[0] + 31, 0xC000 };
	do_sprofil(V, L, r, 2, NULL, NULL, 0, PROF_USHORT);			/* overlap by one */
	r[0] = (struct region){ buf0, 32, f[0], 0x10000 };
	r[1] = (struct region){ buf1, 32, f[0], 0x10000 };
	do_sprofil(V, L, r, 2, NULL, NULL, 0, PROF_USHORT);			/* same offset */
	r[0] = ov, r[1] = ok1;
	do_sprofil(V, L, r, 2, NULL, NULL, 0, PROF_USHORT);			/* ovf not last */
	r[0] = ok1, r[1] = (struct region){ ovf, 4, 0, 2 };
	do_sprofil(V, L, r, 2, NULL, NULL, 0, PROF_USHORT);			/* ovf 2 elements */
	r[1] = (struct region){ ovf, 4, 0, 2 };
	do_sprofil(V, L, r, 2, NULL, NULL, 0, PROF_UINT);			/* ovf 1 element: 0 */
	r[0] = (struct region){ buf0, 0, f[0], 0x10000 };
	do_sprofil(V, L, r, 1, NULL, NULL, 0, PROF_USHORT);			/* size 0 */
	r[0] = (struct region){ buf0, 3, f[0], 0x10000 };
	do_sprofil(V, L, r, 1, NULL, NULL, 0, PROF_USHORT);			/* size odd */
	r[0] = (struct region){ buf0, 6, f[0], 0x10000 };
	do_sprofil(V, L, r, 1, NULL, NULL, 0, PROF_UINT);			/* not x4 */
	r[0] = (struct region){ buf0, 12, f[0], 0x10000 };
	do_sprofil(V, L, r, 1, NULL, NULL, 0, PROF_UINT64);			/* not x8 */
	r[0] = (struct region){ buf0, 16, f[0], 0x10000 };
	do_sprofil(V, L, r, 1, NULL, NULL, 0, PROF_UINT64);			/* 0 */
	/* pr_size at most 2^46 * scale / 65536: scale 2 -> 2^31; at an offset no code reaches */
	size_t top = (size_t)0 - 0x1000000;
	r[0] = (struct region){ buf0, 0x80000002u, top, 2 };
	do_sprofil(V, L, r, 1, NULL, NULL, 0, PROF_USHORT);			/* too big */
	r[0] = (struct region){ buf0, 0x80000000u, top, 2 };
	do_sprofil(V, L, r, 1, NULL, NULL, 0, PROF_USHORT);			/* just fits */
	do_sprofil(V, L, r, 0, NULL, NULL, 0, PROF_USHORT);
	r[0] = ok1;
	do_sprofil(V, L, r, 1, NULL, NULL, 0, 2);				/* PROF_FAST */
	do_sprofil(V, L, r, 1, NULL, NULL, 0, 3);
	do_sprofil(V, L, r, 1, NULL, NULL, 0, 5);
	do_sprofil(V, L, r, 1, NULL, NULL, 0, 8);
	do_sprofil(V, L, r, 1, NULL, NULL, 0, 0x100);
	do_sprofil(V, L, r, 1, unmapped, NULL, 0, PROF_USHORT);		/* EFAULT profp */
	do_sprofil(V, L, r, 1, NULL, (struct timeval *)unmapped, 0, PROF_USHORT); /* EFAULT */
	do_sprofil(V, L, r, 1, NULL, rotv, 0, PROF_USHORT);			/* EFAULT */
	do_sprofil(V, L, r, 1, NULL, &tv, 1, PROF_USHORT);			/* 0 */
	hot_driver(200);
	do_sprofil(V, L, r, 0, NULL, NULL, 0, PROF_USHORT);
	print_all(2);
	phase_end("errors");
}

/* glibc's sprofil as the linux personality has it: no checks of its own but a bound on
 * profcnt; nothing kept means still off; it replaces a profil() profile. */
static void linux_errors(const char *via, int max)
{
	const char *L = "linux";
	unsigned long f[4];
	hot_addresses(f);
	struct region many[MAX_REGIONS];
	for (int i = 0; i < max + 1 && i < MAX_REGIONS; i++)
		many[i] = (struct region){ (char *)buf0 + 16 * i, 16, f[0] + 16 * (size_t)i,
					   0x10000 };
	struct region r[2];
	struct timeval tv;

	clear_all();
	phase_begin("lerrors");
	do_sprofil(via, L, many, max + 1, NULL, &tv, 1, PROF_USHORT);	/* E2BIG */
	do_sprofil(via, L, many, -1, NULL, NULL, 0, PROF_USHORT);	/* E2BIG */
	r[0] = (struct region){ ign, 2, f[0], 1 };
	do_sprofil(via, L, r, 1, NULL, &tv, 1, PROF_USHORT);		/* nothing kept: off */
	r[0] = (struct region){ buf1, 64, f[0], 0x10000 };
	r[1] = (struct region){ ovf, 2, 0, 2 };
	do_sprofil(via, L, r, 2, NULL, &tv, 1, PROF_USHORT);		/* so this enables */
	hot_driver(300);
	do_sprofil(via, L, NULL, 0, NULL, &tv, 1, PROF_USHORT);	/* and this disables */
	hot_driver(300);
	do_profil("raw", buf2, 64, f[0], 0x10000);			/* profil, then */
	hot_driver(300);
	r[0] = (struct region){ buf3, 64, f[0], 0x10000 };
	do_sprofil(via, L, r, 1, NULL, NULL, 0, PROF_USHORT);		/* sprofil replaces it */
	hot_driver(300);
	do_sprofil(via, L, NULL, 0, NULL, NULL, 0, PROF_USHORT);	/* off */
	print_all(2);
	phase_end("lerrors");
}

int main(int argc, char **argv)
{
	if (argc < 4) {
		fprintf(stderr, "usage: profil_sprofil TEST LAYOUT VIA [FLAGS [N]]\n");
		return 2;
	}
	const char *test = argv[1], *layout = argv[2], *via = argv[3];
	unsigned flags = (unsigned)parse_ulong(argc > 4 ? argv[4] : NULL, 0);
	unsigned long n = parse_ulong(argc > 5 ? argv[5] : NULL, 1000);

	print_symbols();
	if (strcmp(test, "regions") == 0)
		regions(layout, via, flags, (unsigned)n);
	else if (strcmp(test, "alternate") == 0)
		alternate(layout, via, flags, (unsigned)n);
	else if (strcmp(test, "reenable") == 0)
		reenable(layout, via, flags, (unsigned)n);
	else if (strcmp(test, "saturate") == 0)
		saturate(layout, via, flags, n);
	else if (strcmp(test, "profilsat") == 0)
		profilsat(parse_ulong(argc > 4 ? argv[4] : NULL, 80000));
	else if (strcmp(test, "lerrors") == 0)
		linux_errors(via, (int)parse_ulong(argc > 4 ? argv[4] : NULL, 4));
	else if (strcmp(test, "errors") == 0)
		errors((int)parse_ulong(argc > 4 ? argv[4] : NULL, 4));
	else {
		fprintf(stderr, "profil_sprofil: unknown test %s\n", test);
		return 2;
	}
	return 0;
}
