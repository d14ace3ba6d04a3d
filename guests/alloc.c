/*
 * alloc: allocation-heavy guest.
 *
 * Usage: alloc [OPS]   (default 40000)
 * Runs OPS random malloc/calloc/realloc/free operations of varied sizes (a few above glibc's
 * mmap threshold), checking that every block keeps its contents; then a large malloc and a
 * direct anonymous mmap (both > 1 MiB), an mremap, aligned allocations. Prints counts and a
 * checksum of everything it read back; never prints an address.
 * Exit status: 0 if every check passed, 1 otherwise.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define SLOTS 1024

struct block {
	unsigned char *p;
	size_t size;
	uint32_t seed;
};

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint32_t checksum = 2166136261u;
static int errors;

static uint32_t rnd(void)
{
	/* xorshift64* */
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return (uint32_t)((rng_state * 0x2545f4914f6cdd1dull) >> 32);
}

static void mix(uint32_t v)
{
	checksum = (checksum ^ v) * 16777619u;
}

/* Fills a block with bytes derived from its seed. */
static void fill(unsigned char *p, size_t n, uint32_t seed)
{
	uint32_t x = seed | 1;
	for (size_t i = 0; i < n; i++) {
		x = x * 1103515245u + 12345u;
		p[i] = (unsigned char)(x >> 16);
	}
}

/* Checks the first N bytes of a block filled with SEED; folds them into the checksum. */
static int verify(const unsigned char *p, size_t n, uint32_t seed)
{
	uint32_t x = seed | 1;
	uint32_t h = 0;
	for (size_t i = 0; i < n; i++) {
		x = x * 1103515245u + 12345u;
		if (p[i] != (unsigned char)(x >> 16))
			return 0;
		h = h * 31 + p[i];
	}
	mix(h);
	mix((uint32_t)n);
	return 1;
}

static size_t random_size(void)
{
	uint32_t r = rnd() % 1000;
	if (r < 600)
		return 1 + rnd() % 64;          /* small: tcache / fastbins */
	if (r < 900)
		return 65 + rnd() % 1024;       /* medium: small bins */
	if (r < 995)
		return 1024 + rnd() % 16384;    /* large bins */
	return 128 * 1024 + rnd() % (384 * 1024); /* above the mmap threshold */
}

static void churn(long ops)
{
	static struct block slots[SLOTS];
	long n_malloc = 0, n_calloc = 0, n_realloc = 0, n_free = 0;
	size_t peak = 0, live = 0;

	for (long op = 0; op < ops; op++) {
		struct block *b = &slots[rnd() % SLOTS];
		uint32_t what = rnd() % 10;
		if (!b->p) {
			size_t n = random_size();
			if (what < 2) {
				b->p = calloc(n, 1);
				n_calloc++;
				if (b->p) {
					for (size_t i = 0; i < n; i++)
						if (b->p[i]) {
							errors++;
							printf("calloc block not zeroed\n");
							break;
						}
				}
			} else {
				b->p = malloc(n);
				n_malloc++;
			}
			if (!b->p) {
				printf("allocation of %zu bytes failed\n", n);
				errors++;
				continue;
			}
			b->size = n;
			b->seed = rnd();
			fill(b->p, n, b->seed);
			live += n;
		} else if (what < 4) {
			/* realloc: the old contents must survive up to the smaller size. */
			size_t n = random_size();
			size_t keep = n < b->size ? n : b->size;
			unsigned char *q = realloc(b->p, n);
			n_realloc++;
			if (!q) {
				printf("realloc to %zu bytes failed\n", n);
				errors++;
				continue;
			}
			if (!verify(q, keep, b->seed)) {
				printf("realloc %zu -> %zu lost data\n", b->size, n);
				errors++;
			}
			live = live - b->size + n;
			b->p = q;
			b->size = n;
			b->seed = rnd();
			fill(b->p, n, b->seed);
		} else {
			if (!verify(b->p, b->size, b->seed)) {
				printf("block of %zu bytes corrupted\n", b->size);
				errors++;
			}
			free(b->p);
			n_free++;
			live -= b->size;
			b->p = NULL;
		}
		if (live > peak)
			peak = live;
	}
	for (size_t i = 0; i < SLOTS; i++) {
		if (slots[i].p) {
			if (!verify(slots[i].p, slots[i].size, slots[i].seed)) {
				printf("block of %zu bytes corrupted at the end\n", slots[i].size);
				errors++;
			}
			free(slots[i].p);
			n_free++;
			slots[i].p = NULL;
		}
	}
	printf("churn: %ld ops: %ld malloc, %ld calloc, %ld realloc, %ld free, peak %zu bytes live\n",
		ops, n_malloc, n_calloc, n_realloc, n_free, peak);
}

/* Touches one word per page and some bytes at the very end; returns a sum. */
static uint32_t touch_pages(unsigned char *p, size_t n, size_t page)
{
	uint32_t sum = 0;
	for (size_t i = 0; i < n; i += page)
		p[i] = (unsigned char)(i / page);
	p[n - 1] = 0x5a;
	for (size_t i = 0; i < n; i += page)
		sum += p[i];
	return sum + p[n - 1];
}

static void big_blocks(void)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	const size_t big = 6u << 20; /* 6 MiB: malloc serves it with mmap */
	unsigned char *p = malloc(big);
	if (!p) {
		printf("malloc of 6 MiB failed\n");
		errors++;
		return;
	}
	uint32_t s = touch_pages(p, big, page);
	printf("malloc 6 MiB: page sum %u\n", s);
	mix(s);
	/* Growing a big block goes through mremap in glibc. */
	p = realloc(p, 10u << 20);
	if (!p) {
		printf("realloc to 10 MiB failed\n");
		errors++;
		return;
	}
	printf("realloc 10 MiB: kept marker %s, first pages %u %u %u\n",
		p[big - 1] == 0x5a ? "yes" : "no", p[0], p[page], p[2 * page]);
	memset(p + big, 0xa5, (10u << 20) - big);
	mix(p[(10u << 20) - 1]);
	free(p);

	/* A direct anonymous mapping, zero-filled, then grown with mremap. */
	size_t len = 3u << 20;
	unsigned char *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED) {
		printf("mmap of 3 MiB failed\n");
		errors++;
		return;
	}
	size_t nonzero = 0;
	for (size_t i = 0; i < len; i += 512)
		nonzero += m[i] != 0;
	printf("mmap 3 MiB: %zu non-zero samples, page aligned %s\n", nonzero,
		((uintptr_t)m % page) == 0 ? "yes" : "no");
	s = touch_pages(m, len, page);
	printf("mmap 3 MiB: page sum %u\n", s);
	mix(s);
	unsigned char *m2 = mremap(m, len, 2 * len, MREMAP_MAYMOVE);
	if (m2 == MAP_FAILED) {
		printf("mremap failed\n");
		errors++;
		munmap(m, len);
		return;
	}
	printf("mremap to 6 MiB: old data %s, new part zero %s\n",
		m2[len - 1] == 0x5a && m2[page] == 1 ? "kept" : "LOST",
		m2[len] == 0 && m2[2 * len - 1] == 0 ? "yes" : "no");
	if (mprotect(m2, page, PROT_READ) != 0) {
		printf("mprotect failed\n");
		errors++;
	}
	printf("munmap -> %d\n", munmap(m2, 2 * len));
}

static void aligned(void)
{
	static const size_t aligns[] = { 16, 64, 256, 4096, 65536 };
	int ok = 0;
	for (size_t i = 0; i < sizeof aligns / sizeof aligns[0]; i++) {
		void *p = NULL;
		if (posix_memalign(&p, aligns[i], 1000 + i) == 0 && ((uintptr_t)p % aligns[i]) == 0)
			ok++;
		free(p);
		p = aligned_alloc(aligns[i], aligns[i] * 3);
		if (p && ((uintptr_t)p % aligns[i]) == 0)
			ok++;
		free(p);
	}
	printf("aligned allocations: %d of %zu correctly aligned\n", ok,
		2 * (sizeof aligns / sizeof aligns[0]));
	if (ok != 2 * (int)(sizeof aligns / sizeof aligns[0]))
		errors++;
}

/* A linked list of many tiny nodes, summed and freed in a different order. */
static void list_nodes(void)
{
	struct node {
		struct node *next;
		uint32_t v;
	};
	struct node *head = NULL;
	uint64_t sum = 0;
	for (uint32_t i = 0; i < 20000; i++) {
		struct node *n = malloc(sizeof *n);
		if (!n) {
			errors++;
			return;
		}
		n->v = i * 2654435761u;
		n->next = head;
		head = n;
	}
	/* Free every other node first, then the rest. */
	for (struct node *n = head; n && n->next; n = n->next) {
		struct node *dead = n->next;
		sum += dead->v;
		n->next = dead->next;
		free(dead);
	}
	while (head) {
		struct node *n = head;
		sum += n->v;
		head = n->next;
		free(n);
	}
	printf("list of 20000 nodes: sum %llu\n", (unsigned long long)sum);
	mix((uint32_t)sum);
	mix((uint32_t)(sum >> 32));
}

int main(int argc, char **argv)
{
	long ops = argc > 1 ? strtol(argv[1], NULL, 0) : 40000;
	churn(ops);
	list_nodes();
	big_blocks();
	aligned();
	printf("checksum %08x\n", checksum);
	printf("%s: %d errors\n", errors ? "FAILED" : "PASSED", errors);
	return errors ? 1 : 0;
}
