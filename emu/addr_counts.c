/* See addr_counts.h. */
#include <errno.h>
#include <stdlib.h>

#include "addr_counts.h"

#define ADDR_COUNTS_INITIAL 4096

static size_t slot_of(const struct addr_counts *ac, uint64_t addr)
{
	return (size_t)((addr * UINT64_C(0x9e3779b97f4a7c15)) >> 20) & (ac->cap - 1);
}

int addr_counts_init(struct addr_counts *ac)
{
	ac->cap = ADDR_COUNTS_INITIAL;
	ac->used = 0;
	ac->keys = calloc(ac->cap, sizeof(*ac->keys));
	ac->counts = calloc(ac->cap, sizeof(*ac->counts));
	if (!ac->keys || !ac->counts) {
		addr_counts_free(ac);
		return -ENOMEM;
	}
	return 0;
}

void addr_counts_free(struct addr_counts *ac)
{
	free(ac->keys);
	free(ac->counts);
	ac->keys = ac->counts = NULL;
	ac->cap = ac->used = 0;
}

static int grow(struct addr_counts *ac)
{
	struct addr_counts big = { .cap = ac->cap * 2 };
	big.keys = calloc(big.cap, sizeof(*big.keys));
	big.counts = calloc(big.cap, sizeof(*big.counts));
	if (!big.keys || !big.counts) {
		addr_counts_free(&big);
		return -ENOMEM;
	}
	for (size_t i = 0; i < ac->cap; i++) {
		if (!ac->keys[i])
			continue;
		size_t s = slot_of(&big, ac->keys[i] - 1);
		while (big.keys[s])
			s = (s + 1) & (big.cap - 1);
		big.keys[s] = ac->keys[i];
		big.counts[s] = ac->counts[i];
	}
	big.used = ac->used;
	addr_counts_free(ac);
	*ac = big;
	return 0;
}

int addr_counts_add(struct addr_counts *ac, uint64_t addr, uint64_t delta)
{
	if (!ac->cap)
		return -ENOMEM;
	size_t s = slot_of(ac, addr);
	while (ac->keys[s] && ac->keys[s] != addr + 1)
		s = (s + 1) & (ac->cap - 1);
	if (!ac->keys[s]) {
		if ((ac->used + 1) * 2 > ac->cap) {
			if (grow(ac))
				return -ENOMEM;
			return addr_counts_add(ac, addr, delta);
		}
		ac->keys[s] = addr + 1;
		ac->used++;
	}
	ac->counts[s] += delta;
	return 0;
}

void addr_counts_each(const struct addr_counts *ac, void (*fn)(void *ctx, uint64_t addr, uint64_t count),
		      void *ctx)
{
	for (size_t i = 0; i < ac->cap; i++)
		if (ac->keys[i] && ac->counts[i])
			fn(ctx, ac->keys[i] - 1, ac->counts[i]);
}
