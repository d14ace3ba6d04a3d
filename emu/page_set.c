/* See page_set.h. */
#include <errno.h>
#include <stdlib.h>

#include "page_set.h"

static size_t home(const struct page_set *s, uint64_t page)
{
	return (size_t)((page * UINT64_C(0x9e3779b97f4a7c15)) >> 24) & (s->cap - 1);
}

void page_set_free(struct page_set *s)
{
	free(s->keys);
	s->keys = NULL;
	s->cap = s->used = 0;
}

static size_t find(const struct page_set *s, uint64_t page)
{
	size_t i = home(s, page);
	while (s->keys[i] && s->keys[i] != page + 1)
		i = (i + 1) & (s->cap - 1);
	return i;
}

bool page_set_has(const struct page_set *s, uint64_t page)
{
	return s->used && s->keys[find(s, page)] != 0;
}

static int grow(struct page_set *s)
{
	struct page_set big = { .cap = s->cap ? s->cap * 2 : 64 };
	big.keys = calloc(big.cap, sizeof(*big.keys));
	if (!big.keys)
		return -ENOMEM;
	for (size_t i = 0; i < s->cap; i++)
		if (s->keys[i])
			big.keys[find(&big, s->keys[i] - 1)] = s->keys[i];
	big.used = s->used;
	free(s->keys);
	*s = big;
	return 0;
}

int page_set_add(struct page_set *s, uint64_t page)
{
	if ((s->used + 1) * 2 > s->cap && grow(s))
		return -ENOMEM;
	size_t i = find(s, page);
	if (s->keys[i])
		return 0;
	s->keys[i] = page + 1;
	s->used++;
	return 1;
}

/* Empties slot i and moves later entries of its cluster back where their probe allows. */
static void erase_slot(struct page_set *s, size_t i)
{
	size_t mask = s->cap - 1;
	s->keys[i] = 0;
	s->used--;
	for (size_t j = (i + 1) & mask; s->keys[j]; j = (j + 1) & mask) {
		size_t h = home(s, s->keys[j] - 1);
		/* the entry at j may move to i if its home is not in (i, j] cyclically */
		if (((j - h) & mask) >= ((j - i) & mask)) {
			s->keys[i] = s->keys[j];
			s->keys[j] = 0;
			i = j;
		}
	}
}

bool page_set_remove(struct page_set *s, uint64_t page)
{
	if (!s->used)
		return false;
	size_t i = find(s, page);
	if (!s->keys[i])
		return false;
	erase_slot(s, i);
	return true;
}

void page_set_remove_range(struct page_set *s, uint64_t first, uint64_t last,
			   void (*fn)(void *ctx, uint64_t page), void *ctx)
{
	if (!s->used || last < first)
		return;
	if (last - first < s->cap) {
		for (uint64_t p = first;; p++) {
			if (page_set_remove(s, p) && fn)
				fn(ctx, p);
			if (p == last)
				break;
		}
		return;
	}
	/* erase_slot only moves entries already looked at or still ahead into slot i: look at
	 * slot i again after each removal */
	for (size_t i = 0; i < s->cap;) {
		uint64_t k = s->keys[i];
		if (k && k - 1 >= first && k - 1 <= last) {
			erase_slot(s, i);
			if (fn)
				fn(ctx, k - 1);
			continue;
		}
		i++;
	}
}
