/*
 * cpubench: a CPU-bound benchmark with a checksum.
 *
 * Usage: cpubench [N [SIZE [ROUNDS]]]
 * Computes fib(N) recursively (default N=42) and heapsorts ROUNDS arrays (default 10) of SIZE
 * (default 500000) pseudo-random 32-bit numbers, checking each is sorted. The defaults take
 * about a second natively. Prints the results and a checksum; exit status 0 if sorted.
 */
#define _DEFAULT_SOURCE /* profil() */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static unsigned long fib(unsigned n)
{
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

static void sift_down(uint32_t *a, size_t start, size_t end)
{
	size_t root = start;
	while (2 * root + 1 < end) {
		size_t child = 2 * root + 1;
		if (child + 1 < end && a[child] < a[child + 1])
			child++;
		if (a[root] >= a[child])
			return;
		uint32_t t = a[root];
		a[root] = a[child];
		a[child] = t;
		root = child;
	}
}

static void heapsort32(uint32_t *a, size_t n)
{
	if (n < 2)
		return;
	for (size_t i = n / 2; i-- > 0;)
		sift_down(a, i, n);
	for (size_t end = n - 1; end > 0; end--) {
		uint32_t t = a[0];
		a[0] = a[end];
		a[end] = t;
		sift_down(a, 0, end);
	}
}

int main(int argc, char **argv)
{
	unsigned n = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 0) : 42;
	size_t size = argc > 2 ? (size_t)strtoul(argv[2], NULL, 0) : 500000;
	unsigned rounds = argc > 3 ? (unsigned)strtoul(argv[3], NULL, 0) : 10;
	uint32_t *a = malloc((size ? size : 1) * sizeof *a);
	uint32_t state = 12345, checksum = 0;
	int sorted = 1;

	if (!a) {
		fprintf(stderr, "cpubench: out of memory\n");
		return 1;
	}
	/* PROFEMU_BENCH_PROFIL=1: profile the whole program text with profil(), one 16-bit bin
	 * per 2 bytes, so the bench can compare profiling on and off. */
	if (getenv("PROFEMU_BENCH_PROFIL")) {
		extern char __executable_start[], etext[];
		size_t text = (size_t)(etext - __executable_start);
		unsigned short *bins = calloc(text / 2 + 1, sizeof *bins);
		if (!bins || profil(bins, text, (size_t)__executable_start, 0x10000) != 0) {
			fprintf(stderr, "cpubench: profil failed\n");
			return 1;
		}
	}
	unsigned long f = fib(n);
	printf("fib(%u) = %lu\n", n, f);

	for (unsigned r = 0; r < rounds; r++) {
		for (size_t i = 0; i < size; i++) {
			state ^= state << 13;
			state ^= state >> 17;
			state ^= state << 5;
			a[i] = state;
		}
		heapsort32(a, size);
		for (size_t i = 1; i < size; i++)
			if (a[i - 1] > a[i])
				sorted = 0;
		for (size_t i = 0; i < size; i += 1 + size / 1000)
			checksum = checksum * 31 + a[i];
	}
	checksum ^= (uint32_t)f;
	printf("heapsort: %u x %zu elements, %s\n", rounds, size, sorted ? "sorted" : "NOT SORTED");
	printf("checksum %08x\n", checksum);
	free(a);
	return sorted ? 0 : 1;
}
