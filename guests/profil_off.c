/* profil_off: the conditions that turn profil(2) off, refuse it or make it fault, per
 * personality. Phases are printed as profil_common.h describes.
 *
 * Usage: profil_off VIA TEST [ROUNDS]     VIA: glibc, raw or raw98 (i386)
 *   basic     phases scale0, scale1, bufsiz0, null, scale20000, scaleffff, then "on" (a
 *             normal phase, to show that the earlier ones left nothing behind)
 *   partbad   the buffer's first part is writable, the rest is a PROT_NONE page: the bins of
 *             the functions below the middle one are good, those above fault
 *   unmapped  the buffer is an unmapped page
 *   readonly  the buffer is a read-only page (printed: it must stay zero)
 *   unmaplater  a good buffer unmapped while profiling (the next update faults), then
 *             mapped again, zeroed, at the same address: the new page must receive nothing
 * Under --personality=linux the last four make the guest die of SIGSEGV. Every phase prints a
 * "start NAME" line first and flushes, so that what a SIGSEGV cut short is visible.
 *
 * This guest does not use glibc's syscall() (PROFIL_MARKER_NO_SYSCALL), so that in the static
 * build profemu completes glibc's profil() itself: errno must still be set. Exit status 0. */
#define _GNU_SOURCE
#define PROFIL_MARKER_NO_SYSCALL
#include <sys/mman.h>

#include "profil_common.h"

#define NBINS 8192
static unsigned short bins[NBINS];

/* buf/bufsiz/scale: the call; valid, nvalid: the elements that may be written (zeroed before,
 * printed after); show, nshow: memory that is readable but not writable, printed too. */
static void run_phase(const char *name, const char *via, unsigned short *buf, size_t bufsiz,
		      size_t offset, unsigned scale, unsigned rounds, unsigned short *valid,
		      size_t nvalid, const unsigned short *show, size_t nshow)
{
	if (valid)
		memset(valid, 0, nvalid * sizeof *valid);
	printf("start %s\n", name);
	fflush(stdout);
	phase_begin(name);
	do_profil(via, buf, bufsiz, offset, scale);
	hot_driver(rounds);
	do_profil(via, buf, bufsiz, offset, 0);
	if (valid) {
		print_valid(valid, valid + nvalid);
		print_buffer("bins", buf, 2, (size_t)(valid + nvalid - buf));
	} else {
		printf("valid 0 0\n");
	}
	if (show)
		print_buffer("readonly", show, 2, nshow);
	phase_end(name);
	fflush(stdout);
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: profil_off VIA TEST [ROUNDS] (see the source)\n");
		return 2;
	}
	const char *via = argv[1], *test = argv[2];
	unsigned rounds = (unsigned)parse_ulong(argc > 3 ? argv[3] : NULL, 300);
	unsigned long f[4];
	hot_addresses(f);
	size_t lo = f[0], mid = f[1], hi = ADDR(__stop_profhot), size = hi - lo;
	size_t full = even(size) + 2;
	size_t page = (size_t)sysconf(_SC_PAGESIZE);

	print_symbols();
	if (strcmp(test, "basic") == 0) {
		run_phase("scale0", via, bins, full, lo, 0, rounds, bins, NBINS, NULL, 0);
		run_phase("scale1", via, bins, full, lo, 1, rounds, bins, NBINS, NULL, 0);
		run_phase("bufsiz0", via, bins, 0, lo, 0x10000, rounds, bins, NBINS, NULL, 0);
		run_phase("null", via, NULL, full, lo, 0x10000, rounds, NULL, 0, NULL, 0);
		run_phase("scale20000", via, bins, 2 * full, lo, 0x20000, rounds, bins, NBINS, NULL,
			  0);
		run_phase("scaleffff", via, bins, full, lo, 0xffff, rounds, bins, NBINS, NULL, 0);
		run_phase("on", via, bins, full, lo, 0x10000, rounds, bins, NBINS, NULL, 0);
	} else if (strcmp(test, "partbad") == 0) {
		char *m = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
			       -1, 0);
		if (m == MAP_FAILED || mprotect(m + page, page, PROT_NONE) != 0) {
			perror("mmap/mprotect");
			return 1;
		}
		/* at scale 0x10000 the bins of [lo, mid) take (mid - lo) bytes: they end where
		 * the PROT_NONE page begins */
		size_t good = even(mid - lo);
		unsigned short *buf = (unsigned short *)(void *)(m + page - good);
		run_phase("partbad", via, buf, full, lo, 0x10000, rounds, buf, good / 2, NULL, 0);
	} else if (strcmp(test, "unmapped") == 0) {
		char *m = mmap(NULL, page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1,
			       0);
		if (m == MAP_FAILED || munmap(m, page) != 0) {
			perror("mmap/munmap");
			return 1;
		}
		run_phase("unmapped", via, (unsigned short *)(void *)m, full, lo, 0x10000, rounds,
			  NULL, 0, NULL, 0);
	} else if (strcmp(test, "readonly") == 0) {
		char *m = mmap(NULL, page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (m == MAP_FAILED) {
			perror("mmap");
			return 1;
		}
		unsigned short *ro = (unsigned short *)(void *)m;
		run_phase("readonly", via, ro, full, lo, 0x10000, rounds, NULL, 0, ro, page / 2);
	} else if (strcmp(test, "unmaplater") == 0) {
		/* a good buffer, unmapped while profiling: the next update faults (svr4, bsd,
		 * hpux: profiling turns off silently; linux: SIGSEGV). Mapped again at the same
		 * address, zeroed, it must then receive nothing. */
		char *m = mmap(NULL, page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1,
			       0);
		if (m == MAP_FAILED) {
			perror("mmap");
			return 1;
		}
		unsigned short *buf = (unsigned short *)(void *)m;
		printf("start unmaplater\n");
		fflush(stdout);
		phase_begin("unmaplater");
		print_valid(buf, buf + page / 2);	/* before: a SIGSEGV may end the phase */
		do_profil(via, buf, full, lo, 0x10000);
		fflush(stdout);
		hot_driver(rounds);
		if (munmap(m, page) != 0) {
			perror("munmap");
			return 1;
		}
		hot_driver(rounds);
		if (mmap(m, page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1,
			 0) != m) {
			perror("mmap again");
			return 1;
		}
		hot_driver(rounds);
		do_profil(via, buf, full, lo, 0);
		print_buffer("remapped", buf, 2, page / 2);
		phase_end("unmaplater");
	} else {
		fprintf(stderr, "profil_off: unknown test %s\n", test);
		return 2;
	}
	return 0;
}
