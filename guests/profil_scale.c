/* profil_scale: profil(2) at several scales, offsets and sizes over the program's own hot
 * functions, through glibc's profil() and the raw calls; prints every phase's bins.
 *
 * Usage: profil_scale scale [ROUNDS [VIA...]]
 *          phases at scales 0x10000, 0x8000, 0x4000, 0xC000, 2 and a few more, each via glibc,
 *          raw (0x6000) and, on i386, raw98 (unless VIAs are given); ROUNDS of hot_driver
 *          (about 700 instructions each, default 1500) per phase; then phases "oddK" with an
 *          odd bufsiz 2K+1 over the 10-instruction loop (run 2*ROUNDS+1 times)
 *        profil_scale alias N
 *          one phase over the 10-instruction loop run N times, the buffer covering exactly the
 *          loop body at scale 0x10000 (one bin per 2 bytes)
 * Each phase: the array is zeroed, profiling is turned on, the work runs, profiling is turned
 * off by the same way with scale 0 (every personality's off switch), and the phase is printed
 * (see profil_common.h). The runner computes the bins from profemu's --explain ticks and the
 * personality's formula, and compares. Exit status 0, 2 on a usage error. */
#define _GNU_SOURCE
#include "profil_common.h"

#define NBINS 8192
static unsigned short bins[NBINS];

static void phase(const char *name, const char *via, size_t bufsiz, size_t offset, unsigned scale,
		  unsigned rounds)
{
	char full[64];
	snprintf(full, sizeof full, "%s-%s", name, via);
	memset(bins, 0, sizeof bins);
	phase_begin(full);
	do_profil(via, bins, bufsiz, offset, scale);
	hot_driver(rounds);
	do_profil(via, bins, bufsiz, offset, 0);
	print_buffer("bins", bins, 2, NBINS);
	phase_end(full);
}

static void scale_phases(const char *via, unsigned rounds)
{
	unsigned long f[4];
	hot_addresses(f);
	size_t lo = f[0], mid = f[1], hi = ADDR(__stop_profhot);
	size_t size = hi - lo;

	phase("s10000", via, even(size) + 2, lo, 0x10000, rounds);
	phase("s8000", via, even(size / 2) + 2, lo, 0x8000, rounds);
	phase("s4000", via, even(size / 4) + 2, lo, 0x4000, rounds);
	phase("sC000", via, even(size * 3 / 4) + 2, lo, 0xC000, rounds);
	phase("s2", via, 8, lo, 2, rounds);
	phase("s6000", via, even(size * 3 / 8) + 2, lo, 0x6000, rounds);
	phase("s1235", via, even(size * 0x1235 / 0x10000) + 2, lo, 0x1235, rounds);
	/* offset in the middle: the functions below it are out of range, and so is the upper
	 * half of what lies above it */
	phase("partial", via, even((hi - mid) / 2), mid, 0x10000, rounds);
	/* an odd size whose last byte falls inside the hot code */
	phase("oddsize", via, even((mid - lo) / 2) + 1, lo, 0x10000, rounds);
	/* odd offsets: d's parity flips, where glibc's arithmetic and the others' part */
	phase("sC000odd", via, even(size) + 2, lo + 1, 0xC000, rounds);
	phase("s9000odd", via, even(size) + 2, lo - 3, 0x9000, rounds);

	/* odd sizes 2k+1 over the 10-instruction loop, for every k: the tick (not a multiple of
	 * 10 instructions) visits all of its instructions, so some of these last counters are
	 * hot -- the counter that sticks out one byte past the buffer */
	size_t body = ADDR(profil_alias_body), body_len = ADDR(profil_alias_body_end) - body;
	for (size_t k = 1; 2 * k + 1 < body_len; k++) {
		char name[32];
		snprintf(name, sizeof name, "odd%zu-%s", k, via);
		memset(bins, 0, sizeof bins);
		phase_begin(name);
		do_profil(via, bins, 2 * k + 1, body, 0x10000);
		profil_alias_loop(rounds * 2 + 1);
		do_profil(via, bins, 2 * k + 1, body, 0);
		print_buffer("bins", bins, 2, NBINS);
		phase_end(name);
	}
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";

	print_symbols();
	if (strcmp(mode, "scale") == 0) {
		unsigned rounds = (unsigned)parse_ulong(argc > 2 ? argv[2] : NULL, 1500);
		if (argc > 3) {
			for (int i = 3; i < argc; i++)
				scale_phases(argv[i], rounds);
		} else {
			scale_phases("glibc", rounds);
			scale_phases("raw", rounds);
#if defined(__i386__)
			scale_phases("raw98", rounds);
#endif
		}
	} else if (strcmp(mode, "alias") == 0) {
		unsigned long n = parse_ulong(argc > 2 ? argv[2] : NULL, 100000);
		size_t off = ADDR(profil_alias_body);
		size_t len = even(ADDR(profil_alias_body_end) - off) + 2;
		memset(bins, 0, sizeof bins);
		phase_begin("alias");
		do_profil("raw", bins, len, off, 0x10000);
		profil_alias_loop(n ? n : 1);
		do_profil("raw", bins, len, off, 0);
		print_buffer("bins", bins, 2, NBINS);
		phase_end("alias");
	} else {
		fprintf(stderr, "usage: profil_scale scale [ROUNDS [VIA...]] | alias N\n");
		return 2;
	}
	return 0;
}
