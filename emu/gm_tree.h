/* The ordered set of guest memory regions behind guest_mem: an AVL tree keyed by address whose
 * nodes also know the free gap below each region and the largest gap in their subtree, so that
 * looking up an address, adding or removing a region and finding the lowest (or highest) free
 * range of a given size all take O(log n) for n regions (Linux keeps its VMAs the same way).
 * Regions never overlap; the gap of a node is the free space between its predecessor's end (0
 * for the first region) and its start. The space above the last region is the caller's. */
#ifndef PROFEMU_GM_TREE_H
#define PROFEMU_GM_TREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A run of guest pages with one protection, at a known host address (guest_mem.h). */
struct gm_region {
	uint64_t start;	/* page-aligned */
	uint64_t end;	/* exclusive, page-aligned */
	int prot;	/* GM_PROT_* */
	bool shared;	/* its host pages are a MAP_SHARED mapping (gm_map_shared) */
	uint64_t shared_end;	/* shared: where the host object under it ends, as a guest
				 * address (its pages beyond would raise SIGBUS on the host) */
	uint8_t *host;	/* host address of start */
};

struct gm_node {
	struct gm_region r;	/* first: a region pointer guest_mem hands out is its node */
	struct gm_node *left, *right, *parent;
	uint64_t gap;		/* r.start minus the predecessor's r.end (or r.start) */
	uint64_t max_gap;	/* the largest gap in this subtree */
	int height;
};

struct gm_tree {
	struct gm_node *root;
	size_t count;
};

struct gm_node *gm_tree_first(const struct gm_tree *t);
struct gm_node *gm_tree_last(const struct gm_tree *t);
struct gm_node *gm_tree_next(const struct gm_node *n);
struct gm_node *gm_tree_prev(const struct gm_node *n);
/* The lowest region ending above addr, or NULL. */
struct gm_node *gm_tree_ending_above(const struct gm_tree *t, uint64_t addr);

/* n->r must be set and overlap no region of the tree. */
void gm_tree_insert(struct gm_tree *t, struct gm_node *n);
/* Takes n out (the caller frees it). */
void gm_tree_erase(struct gm_tree *t, struct gm_node *n);
/* n->r.start or n->r.end changed without n passing a neighbour: its gaps are set anew. */
void gm_tree_resized(struct gm_tree *t, struct gm_node *n);

/* The lowest a >= from with [a, a+len) free and a + len <= below, or the highest such a;
 * false if there is none. len > 0. */
bool gm_tree_lowest_fit(const struct gm_tree *t, uint64_t len, uint64_t from, uint64_t below,
			uint64_t *at);
bool gm_tree_highest_fit(const struct gm_tree *t, uint64_t len, uint64_t from, uint64_t below,
			 uint64_t *at);

#endif
