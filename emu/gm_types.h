/* Guest memory's data (guest_mem.h tells what it is): the map's state, its host windows, the
 * changes its listener hears, and the page arithmetic. guest_mem.c and gm_window.c both work on
 * it; everyone else includes guest_mem.h, which includes this. */
#ifndef PROFEMU_GM_TYPES_H
#define PROFEMU_GM_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gm_tree.h"

enum {
	GM_PROT_NONE = 0,
	GM_PROT_READ = 1,
	GM_PROT_WRITE = 2,
	GM_PROT_EXEC = 4,
};

/* What changed, for the listener. */
enum gm_event {
	/* A window [start, end) at host: from now on guest addresses there live at
	 * host + (a - start). No region lies there yet. */
	GM_WINDOW_ADDED,
	/* The window [start, end) is gone (joined into a larger one, which is added next, its
	 * regions at their new host addresses, or freed). */
	GM_WINDOW_REMOVED,
	/* Pages of [start, end) were mapped over, unmapped, or given another protection:
	 * translations of them are stale. had_exec: some page of the range was executable
	 * before the change, so code decoded from it may be stale too. */
	GM_PAGES_CHANGED,
	/* profemu wrote [start, end) (a read() into guest memory, the loader, a signal frame)
	 * and some page of it is executable: code decoded from those bytes is stale. */
	GM_CODE_WRITTEN,
};

struct gm_change {
	enum gm_event what;
	uint64_t start, end;
	uint8_t *host;		/* GM_WINDOW_ADDED: the window's host address */
	bool had_exec;		/* GM_PAGES_CHANGED */
};

struct gm_listener {
	void *ctx;
	/* Returns 0 or a negative errno (only GM_WINDOW_ADDED may fail: the map then fails). */
	int (*changed)(void *ctx, const struct gm_change *c);
};

struct gm_window {
	uint64_t start, end;	/* guest range, aligned to the window granule */
	uint8_t *host;
};

struct guest_mem {
	struct gm_tree regions;
	struct gm_window *windows;	/* sorted by start, never overlapping */
	size_t nwindows, windows_cap;
	uint64_t window_granule;	/* windows start and end on multiples of it */
	uint64_t page_size;
	uint64_t addr_limit;		/* first address the guest can never map */
	bool big_endian;
	unsigned word_size;		/* 4 or 8: the guest's pointer width */
	struct gm_listener listener;
	const struct gm_region *last;	/* the last region found: lookups are local */
	uint64_t generation;		/* bumped whenever a translation may have gone stale */
};

static inline uint64_t gm_page_down(const struct guest_mem *gm, uint64_t a)
{
	return a & ~(gm->page_size - 1);
}

static inline uint64_t gm_page_up(const struct guest_mem *gm, uint64_t a)
{
	return (a + gm->page_size - 1) & ~(gm->page_size - 1);
}

#endif
