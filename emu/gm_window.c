/* The host windows guest memory lives in (guest_mem.h): created on demand around what the
 * guest maps, and joined when a mapping would straddle two of them. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "gm_window.h"

int gm_notify(struct guest_mem *gm, const struct gm_change *c)
{
	return gm->listener.changed ? gm->listener.changed(gm->listener.ctx, c) : 0;
}

const struct gm_window *gm_window_at(const struct guest_mem *gm, uint64_t addr)
{
	size_t lo = 0, hi = gm->nwindows;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (gm->windows[mid].end <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < gm->nwindows && gm->windows[lo].start <= addr)
		return &gm->windows[lo];
	return NULL;
}

/* The granule-aligned range around [addr, end), inside the address space. */
static void granule_hull(const struct guest_mem *gm, uint64_t addr, uint64_t end, uint64_t *lo,
			 uint64_t *hi)
{
	uint64_t g = gm->window_granule, cap = gm_page_down(gm, gm->addr_limit);
	*lo = addr - addr % g;
	uint64_t rem = end % g;
	*hi = rem == 0 ? end : end - rem > cap - g ? cap : end - rem + g;
	if (*hi > cap)
		*hi = cap;
}

/* Moves every region of [lo, hi) from its old window to the new reservation at host (which
 * covers [lo, hi)). On failure the moved ones go back and -ENOMEM is returned. */
static int move_regions(struct guest_mem *gm, uint64_t lo, uint64_t hi, uint8_t *host)
{
	struct gm_node *first = gm_tree_ending_above(&gm->regions, lo), *n;
	for (n = first; n && n->r.start < hi; n = gm_tree_next(n)) {
		uint64_t len = n->r.end - n->r.start;
		uint8_t *to = host + (n->r.start - lo);
		if (mremap(n->r.host, len, len, MREMAP_MAYMOVE | MREMAP_FIXED, to) == MAP_FAILED)
			break;
	}
	if (!n || n->r.start >= hi) {
		for (n = first; n && n->r.start < hi; n = gm_tree_next(n))
			n->r.host = host + (n->r.start - lo);
		return 0;
	}
	for (struct gm_node *m = first; m != n; m = gm_tree_next(m)) {
		uint64_t len = m->r.end - m->r.start;
		mremap(host + (m->r.start - lo), len, len, MREMAP_MAYMOVE | MREMAP_FIXED, m->r.host);
	}
	return -ENOMEM;
}

int gm_window_cover(struct guest_mem *gm, uint64_t addr, uint64_t len)
{
	uint64_t end = addr + len;
	const struct gm_window *w = gm_window_at(gm, addr);
	if (w && end <= w->end)
		return 0;
	uint64_t lo, hi;
	granule_hull(gm, addr, end, &lo, &hi);
	/* the windows it meets are joined into it: they sit together in the sorted array */
	size_t first = 0;
	while (first < gm->nwindows && gm->windows[first].end <= lo)
		first++;
	size_t last = first;
	while (last < gm->nwindows && gm->windows[last].start < hi)
		last++;
	if (last > first) {
		if (gm->windows[first].start < lo)
			lo = gm->windows[first].start;
		if (gm->windows[last - 1].end > hi)
			hi = gm->windows[last - 1].end;
	}
	if (gm->nwindows == gm->windows_cap) {
		size_t cap = gm->windows_cap ? gm->windows_cap * 2 : 8;
		struct gm_window *n = realloc(gm->windows, cap * sizeof(*n));
		if (!n)
			return -ENOMEM;
		gm->windows = n;
		gm->windows_cap = cap;
	}
	uint8_t *host = mmap(NULL, hi - lo, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
			     -1, 0);
	if (host == MAP_FAILED)
		return -ENOMEM;
	if (last > first) {
		if (move_regions(gm, lo, hi, host)) {
			munmap(host, hi - lo);
			return -ENOMEM;
		}
		for (size_t i = first; i < last; i++) {
			struct gm_window old = gm->windows[i];
			struct gm_change c = { .what = GM_WINDOW_REMOVED, .start = old.start, .end = old.end };
			gm_notify(gm, &c);
			munmap(old.host, old.end - old.start);
		}
		gm->generation++;	/* host addresses moved */
	}
	memmove(&gm->windows[first + 1], &gm->windows[last], (gm->nwindows - last) * sizeof(*gm->windows));
	gm->nwindows = gm->nwindows - (last - first) + 1;
	gm->windows[first] = (struct gm_window){ .start = lo, .end = hi, .host = host };
	struct gm_change c = { .what = GM_WINDOW_ADDED, .start = lo, .end = hi, .host = host };
	int err = gm_notify(gm, &c);
	if (err && last == first) {
		/* a fresh window the back end cannot take: nothing lives in it yet */
		memmove(&gm->windows[first], &gm->windows[first + 1],
			(gm->nwindows - first - 1) * sizeof(*gm->windows));
		gm->nwindows--;
		munmap(host, hi - lo);
	}
	return err;
}

void gm_windows_free(struct guest_mem *gm)
{
	for (size_t i = 0; i < gm->nwindows; i++)
		munmap(gm->windows[i].host, gm->windows[i].end - gm->windows[i].start);
	free(gm->windows);
	gm->windows = NULL;
	gm->nwindows = gm->windows_cap = 0;
}
