/* Sorting through a callback: the C library's qsort over records by three keys (a string,
 * then a number, then the index), a stable re-sort by a computed key, and bsearch lookups,
 * ROUNDS times. Use: sortcb [RECORDS [ROUNDS]]. Written for this suite. */
#include <stdio.h>

#include "suite_text.h"

struct rec {
	char name[16];
	uint32_t num;
	uint32_t index;
};

static unsigned long compares;

static int by_name_num(const void *pa, const void *pb)
{
	const struct rec *a = pa, *b = pb;
	compares++;
	int c = strcmp(a->name, b->name);
	if (c)
		return c;
	if (a->num != b->num)
		return a->num < b->num ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}

static uint32_t key(const struct rec *r)
{
	return (r->num * 2654435761u) >> 7 ^ (uint32_t)r->name[0];
}

static int by_key(const void *pa, const void *pb)
{
	const struct rec *a = pa, *b = pb;
	compares++;
	uint32_t ka = key(a), kb = key(b);
	if (ka != kb)
		return ka < kb ? -1 : 1;
	return a->index < b->index ? -1 : a->index > b->index;
}

static int by_num(const void *pa, const void *pb)
{
	uint32_t a = *(const uint32_t *)pa, b = *(const uint32_t *)pb;
	compares++;
	return a < b ? -1 : a > b;
}

int main(int argc, char **argv)
{
	size_t n = suite_arg(argc, argv, 1, 200000);
	unsigned long rounds = suite_arg(argc, argv, 2, 1);
	struct rec *recs = malloc(n * sizeof(*recs));
	uint32_t *nums = malloc(n * sizeof(*nums));
	if (!recs || !nums)
		return 1;
	uint32_t h = 2166136261u;
	unsigned long found = 0;
	for (unsigned long r = 0; r < rounds; r++) {
		struct suite_rng g = { 23 + (uint32_t)r };
		for (size_t i = 0; i < n; i++) {
			uint32_t k = suite_next(&g);
			snprintf(recs[i].name, sizeof(recs[i].name), "%s%s%s", suite_syllables[k % SUITE_SYLLABLES],
				 suite_syllables[(k >> 5) % SUITE_SYLLABLES], suite_syllables[(k >> 10) % SUITE_SYLLABLES]);
			recs[i].num = suite_next(&g) % 1000;
			recs[i].index = (uint32_t)i;
			nums[i] = suite_next(&g);
		}
		qsort(recs, n, sizeof(*recs), by_name_num);
		for (size_t i = 0; i < n; i += n / 64 + 1)
			h = suite_fnv(&recs[i].index, sizeof(recs[i].index), h);
		for (size_t i = 0; i < n; i++)
			recs[i].index = (uint32_t)i;
		qsort(recs, n, sizeof(*recs), by_key);
		for (size_t i = 0; i < n; i += n / 64 + 1)
			h = suite_fnv(recs[i].name, strlen(recs[i].name), h);
		qsort(nums, n, sizeof(*nums), by_num);
		struct suite_rng q = { 29 };
		for (size_t i = 0; i < n; i++) {
			uint32_t want = i % 2 ? nums[suite_next(&q) % n] : suite_next(&q);
			found += bsearch(&want, nums, n, sizeof(*nums), by_num) != NULL;
		}
	}
	printf("%zu records, %lu rounds: %lu comparisons, %lu found, fnv %08x\n", n, rounds, compares, found,
	       (unsigned)h);
	return 0;
}
