/* The callgrind writer's items (output/callgrind.c), shared with its --skip-plt pass
 * (output/callgrind_plt.c): every cost line and call of the profile, attached to the function
 * containing it. Their order and their release are callgrind_items.c's, so that both passes
 * depend on it and neither on the other. */
#ifndef PROFEMU_OUTPUT_CALLGRIND_ITEMS_H
#define PROFEMU_OUTPUT_CALLGRIND_ITEMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "output/symname.h"

struct cg_item {
	uint64_t fstart;	/* the function containing addr: start, name, object, file */
	char *fname;
	struct out_where fwhere;
	uint64_t addr;		/* the pc, or the call site */
	struct out_where where;	/* its source position */
	bool is_call;		/* a cost line sorts before a call at the same address */
	uint64_t count;		/* ticks, or calls */
	uint64_t ir;		/* retired instructions at addr, or inside the calls */
	uint64_t target;	/* calls: the callee's address, name, where, inclusive ticks */
	char *cname;
	struct out_where cwhere;	/* the callee function's object and file */
	struct out_where twhere;	/* the target's line and link-time address */
	uint64_t incl;
	uint64_t first;		/* calls: the retired count at the arc's first call */
};

/* Order: function (start, name), address, cost lines before calls, target, callee name. */
int callgrind_cmp_item(const void *pa, const void *pb);
void callgrind_free_items(struct cg_item *items, size_t n);

/* callgrind's --skip-plt=yes (its default) on items sorted by callgrind_cmp_item: see
 * callgrind.h. Returns the new count (items stay sorted), SIZE_MAX if out of memory (items are
 * then freed). */
size_t callgrind_skip_plt(struct cg_item **items, size_t n);

#endif
