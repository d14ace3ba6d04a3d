/* profil_time: guest time runs on the instruction clock.
 *
 * Usage: profil_time CLOCK until TICKS HZ [report]
 *          loop until CLOCK has advanced by TICKS clock ticks of 1/HZ s each
 *        profil_time CLOCK count K [report]
 *          the same loop body exactly K times (K >= 1): calibrates one iteration
 * CLOCK: gettimeofday or monotonic (clock_gettime(CLOCK_MONOTONIC)). Numbers are decimal;
 * leading zeros are allowed, so that runs to compare can give arguments of one length (parsing
 * a longer one takes more instructions).
 * Prints "clk_tck N" (sysconf(_SC_CLK_TCK)) and "done"; with "report" also the iterations and
 * the time elapsed (which vary with the loop, so the instruction counts of runs to compare
 * must leave it out). Exit status 0, 2 on a usage error. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

static int use_monotonic;

static long long now_ns(void)
{
	if (use_monotonic) {
		struct timespec ts;
		clock_gettime(CLOCK_MONOTONIC, &ts);
		return ts.tv_sec * 1000000000LL + ts.tv_nsec;
	}
	struct timeval tv;
	gettimeofday(&tv, NULL);
	return tv.tv_sec * 1000000000LL + tv.tv_usec * 1000LL;
}

int main(int argc, char **argv)
{
	if (argc < 4) {
		fprintf(stderr, "usage: profil_time gettimeofday|monotonic until TICKS HZ | count K\n");
		return 2;
	}
	use_monotonic = strcmp(argv[1], "monotonic") == 0;
	int until = strcmp(argv[2], "until") == 0;
	long long a = strtoll(argv[3], NULL, 10);
	long long hz = argc > 4 ? strtoll(argv[4], NULL, 10) : 100;
	int report = argc > (until ? 5 : 4) && strcmp(argv[until ? 5 : 4], "report") == 0;
	if (hz <= 0 || a < 0 || (!until && a < 1)) {
		fprintf(stderr, "profil_time: bad arguments\n");
		return 2;
	}
	long long target = until ? a * 1000000000LL / hz : 0;
	long long limit = until ? -1 : a;

	printf("clk_tck %ld\n", sysconf(_SC_CLK_TCK));
	long long t0 = now_ns(), t;
	long long k = 0;
	do {
		t = now_ns();
		k++;
	} while (until ? t - t0 < target : k < limit);
	printf("done\n");
	if (report)
		printf("iterations %lld elapsed_ns %lld target_ns %lld\n", k, t - t0, target);
	return 0;
}
