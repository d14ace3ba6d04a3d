/* The whole-program profile's events: one tick, one call, one return (see wprof.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "output/wprof.h"

/* Starting sizes: a small program fits without a doubling, a large one doubles a few times. */
#define WPROF_INITIAL_PCS 4096
#define WPROF_INITIAL_ARCS 1024
#define WPROF_INITIAL_NODES 1024

int wprof_init(struct wprof *w, const struct wprof_config *cfg)
{
	memset(w, 0, sizeof(*w));
	if ((cfg->word_size != 4 && cfg->word_size != 8) || cfg->bin_bytes == 0 ||
	    (cfg->arcs_only && cfg->track_stacks))
		return -EINVAL;
	w->cfg = *cfg;
	if (cfg->text_hi > cfg->text_lo) {
		uint64_t span = cfg->text_hi - cfg->text_lo;
		w->nbins = span / cfg->bin_bytes + (span % cfg->bin_bytes != 0);
		/* gmon.out stores the bin count in 32 bits and high_pc in the address width. */
		uint64_t top = cfg->word_size == 4 ? UINT64_C(0xffffffff) : UINT64_MAX;
		if (w->nbins > UINT32_MAX || cfg->text_lo > top ||
		    w->nbins > (top - cfg->text_lo) / cfg->bin_bytes)
			return -EINVAL;
		uint64_t chunks = (w->nbins + WPROF_HIST_CHUNK_BINS - 1) / WPROF_HIST_CHUNK_BINS;
		w->hist = calloc(w->nbins, sizeof(*w->hist));
		w->hist_chunks = calloc((chunks + 63) / 64, sizeof(*w->hist_chunks));
		if (!w->hist || !w->hist_chunks) {
			wprof_free(w);
			return -ENOMEM;
		}
	}
	w->stack = malloc(WPROF_MAX_DEPTH * sizeof(*w->stack));
	int r = w->stack ? 0 : -ENOMEM;
	if (!r)
		r = pairtab_init(&w->pcs, sizeof(struct wprof_pc), WPROF_INITIAL_PCS);
	if (!r)
		r = pairtab_init(&w->arcs, sizeof(struct wprof_arc), WPROF_INITIAL_ARCS);
	if (!r && cfg->track_stacks)
		r = pairtab_init(&w->nodes, sizeof(struct wprof_node), WPROF_INITIAL_NODES);
	if (!r && cfg->track_stacks)
		r = pairtab_init(&w->leaves, sizeof(struct wprof_leaf), WPROF_INITIAL_PCS);
	if (!r && cfg->track_stacks) {
		uint32_t root;
		if (!pairtab_get(&w->nodes, UINT64_MAX, 0, &root))
			r = -ENOMEM;
	}
	if (r)
		wprof_free(w);
	return r;
}

void wprof_free(struct wprof *w)
{
	free(w->hist);
	free(w->hist_chunks);
	free(w->stack);
	pairtab_free(&w->pcs);
	pairtab_free(&w->arcs);
	pairtab_free(&w->nodes);
	pairtab_free(&w->leaves);
	memset(w, 0, sizeof(*w));
}

/* Every distinct arc on the shadow stack gets the tick once: the stamp (the tick's serial
 * number) marks arcs already charged, so recursion does not count a tick twice. O(depth), and
 * ticks are rare next to instructions. */
static void charge_inclusive(struct wprof *w)
{
	for (uint32_t i = 0; i < w->depth; i++) {
		uint32_t a = w->stack[i].arc;
		if (a == UINT32_MAX)
			continue;
		struct wprof_arc *arc = pairtab_at(&w->arcs, a);
		if (arc->stamp != w->ticks) {
			arc->stamp = w->ticks;
			arc->incl++;
		}
	}
}

static uint32_t top_node(const struct wprof *w)
{
	return w->depth ? w->stack[w->depth - 1].node : WPROF_ROOT;
}

void wprof_tick(struct wprof *w, uint64_t pc)
{
	w->ticks++;
	if (pc >= w->cfg.text_lo && pc < w->cfg.text_hi) {
		uint64_t bin = (pc - w->cfg.text_lo) / w->cfg.bin_bytes, c = ++w->hist[bin];
		uint64_t chunk = bin / WPROF_HIST_CHUNK_BINS;
		w->hist_chunks[chunk / 64] |= UINT64_C(1) << (chunk % 64);
		if (c > w->hist_max)
			w->hist_max = c;
	} else
		w->outside++;
	uint32_t i;
	struct wprof_pc *p = pairtab_get(&w->pcs, pc, 0, &i);
	if (p)
		p->ticks++;
	else
		w->dropped++;
	charge_inclusive(w);
	if (!w->cfg.track_stacks)
		return;
	uint32_t node = top_node(w);
	struct wprof_node *n = pairtab_at(&w->nodes, node);
	n->ticks++;
	struct wprof_leaf *leaf = pairtab_get(&w->leaves, node, pc, &i);
	if (leaf)
		leaf->ticks++;
	else
		w->dropped++;
}

/* The call tree's child of `parent` for a call to `func`; the parent itself if the tree cannot
 * grow (the ticks then stay with the caller: less detail, never a wrong stack). */
static uint32_t child_node(struct wprof *w, uint32_t parent, uint64_t func)
{
	size_t known = w->nodes.len;
	uint32_t i;
	struct wprof_node *n = pairtab_get(&w->nodes, parent, func, &i);
	if (!n) {
		w->dropped++;
		return parent;
	}
	if (w->nodes.len != known)	/* new: one deeper than its parent (read after the insertion) */
		n->depth = ((const struct wprof_node *)pairtab_at(&w->nodes, parent))->depth + 1;
	return i;
}

void wprof_call(struct wprof *w, uint64_t site, uint64_t return_addr, uint64_t target)
{
	wprof_call_at(w, site, return_addr, target, 0);
}

void wprof_return(struct wprof *w, uint64_t target)
{
	wprof_return_at(w, target, 0);
}

/* Closes the top frame: the outermost activation of its arc gets the instructions. */
static void pop_frame(struct wprof *w, uint64_t retired)
{
	struct wprof_frame *f = &w->stack[--w->depth];
	if (f->arc == UINT32_MAX)
		return;
	struct wprof_arc *arc = pairtab_at(&w->arcs, f->arc);
	if (--arc->active == 0)
		arc->incl_ir += retired - f->entered;
}

void wprof_finish(struct wprof *w, uint64_t retired)
{
	while (w->depth)
		pop_frame(w, retired);
}

int wprof_add_ir(struct wprof *w, uint64_t pc, uint64_t count)
{
	uint32_t i;
	struct wprof_pc *p = pairtab_get(&w->pcs, pc, 0, &i);
	if (!p)
		return -ENOMEM;
	p->ir += count;
	w->total_ir += count;
	w->has_ir = true;
	return 0;
}

void wprof_call_at(struct wprof *w, uint64_t site, uint64_t return_addr, uint64_t target,
		   uint64_t retired)
{
	uint32_t a;
	struct wprof_arc *arc = pairtab_get(&w->arcs, return_addr, target, &a);
	if (arc) {
		if (!arc->calls) {
			arc->site = site;
			arc->first = retired;
		}
		arc->calls++;
	} else {
		w->dropped++;
		a = UINT32_MAX;
	}
	if (w->cfg.arcs_only)
		return;
	if (w->depth == WPROF_MAX_DEPTH) {
		w->lost++;
		return;
	}
	struct wprof_frame *f = &w->stack[w->depth];
	f->target = target;
	f->return_addr = return_addr;
	f->entered = retired;
	f->arc = a;
	if (arc)
		arc->active++;
	f->node = w->cfg.track_stacks ? child_node(w, top_node(w), target) : WPROF_ROOT;
	w->depth++;
}

void wprof_return_at(struct wprof *w, uint64_t target, uint64_t retired)
{
	if (w->cfg.arcs_only)
		return;
	if (w->lost) {
		w->lost--;
		return;
	}
	/* Nearly always the top frame; deeper when a callee skipped frames (longjmp to a caller
	 * that then returns, exceptions unwinding). */
	for (uint32_t i = w->depth; i > 0; i--) {
		if (w->stack[i - 1].return_addr == target) {
			while (w->depth > i - 1)
				pop_frame(w, retired);
			return;
		}
	}
}
