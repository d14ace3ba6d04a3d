/* A set of page numbers, for back ends that must know which guest pages hold code they decoded
 * (the x86 back end watches those pages for writes and drops what it decoded from them). An
 * open-addressing table whose removals shift entries back, so lookups never meet tombstones. */
#ifndef PROFEMU_EMU_PAGE_SET_H
#define PROFEMU_EMU_PAGE_SET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct page_set {
	uint64_t *keys;		/* page number + 1; 0: empty */
	size_t cap, used;	/* cap: a power of two, or 0 before the first add */
};

void page_set_free(struct page_set *s);
bool page_set_has(const struct page_set *s, uint64_t page);
/* 1 if added, 0 if it was there, -ENOMEM. */
int page_set_add(struct page_set *s, uint64_t page);
/* true if it was there. */
bool page_set_remove(struct page_set *s, uint64_t page);
/* Removes every page of [first, last] and calls fn (may be NULL) for each, in no order; walks
 * the table or the range, whichever is shorter. */
void page_set_remove_range(struct page_set *s, uint64_t first, uint64_t last,
			   void (*fn)(void *ctx, uint64_t page), void *ctx);

#endif
