/* The pair-keyed table: a dense record array plus an open-addressing index (linear probing). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "output/pairtab.h"

/* Indices are 32-bit to halve the index's size; 2^31 records of profile data would be tens of
 * gigabytes, far beyond what a run can produce. */
#define PAIRTAB_MAX_RECS ((size_t)1 << 31)

/* splitmix64's finaliser over both words: consecutive pcs and return addresses must spread. */
static uint64_t pair_hash(uint64_t k0, uint64_t k1)
{
	uint64_t h = k0 ^ (k1 * UINT64_C(0x9e3779b97f4a7c15));
	h ^= h >> 30;
	h *= UINT64_C(0xbf58476d1ce4e5b9);
	h ^= h >> 27;
	h *= UINT64_C(0x94d049bb133111eb);
	h ^= h >> 31;
	return h;
}

static size_t pow2_at_least(size_t n)
{
	size_t p = 16;
	while (p < n)
		p *= 2;
	return p;
}

int pairtab_init(struct pairtab *t, size_t rec_size, size_t initial)
{
	memset(t, 0, sizeof(*t));
	if (rec_size < sizeof(struct pairtab_key) || initial > PAIRTAB_MAX_RECS)
		return -EINVAL;
	t->rec_size = rec_size;
	t->cap = pow2_at_least(initial);
	t->nslots = t->cap * 2;		/* at most half full */
	t->recs = malloc(t->cap * rec_size);
	t->slots = calloc(t->nslots, sizeof(*t->slots));
	t->hints = calloc((size_t)1 << PAIRTAB_HINT_BITS, sizeof(*t->hints));
	if (!t->recs || !t->slots || !t->hints) {
		pairtab_free(t);
		return -ENOMEM;
	}
	return 0;
}

void pairtab_free(struct pairtab *t)
{
	free(t->recs);
	free(t->slots);
	free(t->hints);
	memset(t, 0, sizeof(*t));
}

/* The slot holding (k0, k1), or the empty slot where it would go. */
static size_t probe(const struct pairtab *t, uint64_t k0, uint64_t k1)
{
	size_t mask = t->nslots - 1;
	for (size_t s = (size_t)pair_hash(k0, k1) & mask;; s = (s + 1) & mask) {
		uint32_t v = t->slots[s];
		if (!v)
			return s;
		struct pairtab_key k = pairtab_key_of(t, v - 1);
		if (k.k0 == k0 && k.k1 == k1)
			return s;
	}
}

/* Doubles the record array and the index together, keeping the index at most half full. */
static int grow(struct pairtab *t)
{
	if (t->cap >= PAIRTAB_MAX_RECS)
		return -ENOMEM;
	size_t cap = t->cap * 2, nslots = cap * 2;
	unsigned char *recs = realloc(t->recs, cap * t->rec_size);
	if (!recs)
		return -ENOMEM;
	t->recs = recs;
	uint32_t *slots = calloc(nslots, sizeof(*slots));
	if (!slots)
		return -ENOMEM;		/* the bigger record array is kept: harmless */
	free(t->slots);
	t->slots = slots;
	t->nslots = nslots;
	t->cap = cap;
	for (size_t i = 0; i < t->len; i++) {
		struct pairtab_key k = pairtab_key_of(t, i);
		t->slots[probe(t, k.k0, k.k1)] = (uint32_t)(i + 1);
	}
	return 0;
}

void *pairtab_get_indexed(struct pairtab *t, struct pairtab_hint *hint, uint64_t k0, uint64_t k1,
			  uint32_t *index)
{
	size_t s = probe(t, k0, k1);
	if (!t->slots[s]) {
		if (t->len == t->cap) {
			if (grow(t) < 0)
				return NULL;
			s = probe(t, k0, k1);
		}
		struct pairtab_key k = {k0, k1};
		unsigned char *rec = pairtab_at(t, t->len);
		memset(rec, 0, t->rec_size);
		memcpy(rec, &k, sizeof(k));
		t->slots[s] = (uint32_t)++t->len;
	}
	*hint = (struct pairtab_hint){ k0, k1, t->slots[s] };
	*index = t->slots[s] - 1;
	return pairtab_at(t, *index);
}

const void *pairtab_find(const struct pairtab *t, uint64_t k0, uint64_t k1)
{
	if (!t->nslots)		/* never initialised (e.g. wprof's call tree without track_stacks) */
		return NULL;
	uint32_t v = t->slots[probe(t, k0, k1)];
	return v ? pairtab_at(t, v - 1) : NULL;
}
