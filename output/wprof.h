/* The whole-program profile, collected while the guest runs: what gprof, callgrind and
 * flame-graph files are later written from (output/gmon.h, callgrind.h, folded.h).
 *
 * Pure data: no emulator, no I/O, no symbols. The emulator reports three events:
 *   wprof_tick    one tick of the virtual clock at pc
 *   wprof_call    a call instruction transferred control
 *   wprof_return  a return instruction transferred control
 * and everything here is a count of those events, exact and reproducible: the same event
 * sequence gives the same tables in the same order.
 *
 * Counted per tick: a histogram over the main program's text, a per-pc table (any pc), the
 * ticks outside the text, +1 inclusive for every distinct arc on the shadow stack and, with
 * track_stacks, +1 for the current call-tree node and for the pair (node, pc).
 * Counted per call: the arc (from = the return address, as glibc's mcount reports it; self =
 * the target), and a shadow-stack frame.
 *
 * Memory: after wprof_init the hot paths allocate only when a table doubles. If a doubling
 * fails, that event's record is dropped and counted in `dropped` (the profile stays usable).
 *
 * The shadow stack holds at most WPROF_MAX_DEPTH frames. A call beyond that is still counted in
 * its arc, but no frame is pushed: it is counted in `lost`, and while `lost` is non-zero every
 * return is taken to end one of those unrecorded calls (lost decreases; the stack is left
 * alone). Inclusive costs and call-tree nodes below the limit are therefore charged to the
 * deepest recorded frame. A longjmp out of the saturated part is not detected: the stack then
 * stays too deep until as many returns have been seen. */
#ifndef PROFEMU_OUTPUT_WPROF_H
#define PROFEMU_OUTPUT_WPROF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "output/pairtab.h"

#define WPROF_MAX_DEPTH 4096u

/* Histogram bins per chunk of hist_chunks: one 4 KB page of counters. */
#define WPROF_HIST_CHUNK_BINS 512u

/* The call tree's root: the stack as the program begins, before any call. */
#define WPROF_ROOT 0u

struct wprof_config {
	uint64_t text_lo, text_hi;	/* the main program's executable range, [lo, hi) */
	unsigned bin_bytes;		/* bytes of text per histogram bin: 2 on x86, 4 on hppa */
	unsigned word_size;		/* 4 or 8: the guest's address width in gmon.out */
	bool big_endian;		/* the guest's byte order, for gmon.out */
	bool track_stacks;		/* keep the call tree (folded stacks) */
	/* gprof's needs alone: a call counts its arc and nothing more (no shadow stack, no
	 * inclusive costs, returns ignored), so that --gmon's runs need no return events.
	 * Not with track_stacks. */
	bool arcs_only;
};

/* Ticks at one exact pc, and the times it retired (callgrind's cost lines). */
struct wprof_pc {
	uint64_t pc, zero;		/* key */
	uint64_t ticks;
	uint64_t ir;			/* wprof_add_ir */
};

/* One call arc. calls is exact; incl counts the ticks during which the arc was on the shadow
 * stack, once per tick however often recursion put it there. site is the first call site seen
 * with this return address (they are one and the same but for self-modifying code). */
struct wprof_arc {
	uint64_t from, self;		/* key: return address, call target */
	/* what every call and return touches first, side by side */
	uint64_t calls;
	uint32_t active;		/* internal: its frames on the shadow stack */
	uint64_t incl_ir;		/* instructions retired inside its outermost calls (the _at events) */
	uint64_t site;
	uint64_t incl;
	uint64_t stamp;			/* internal: the tick that last charged incl */
	uint64_t first;			/* the retired count at its first call (_at events) */
};

/* A call-tree node: the stack of call targets from the root. The root (index WPROF_ROOT) has
 * parent UINT64_MAX and func 0. ticks: the ticks taken with this node on top. */
struct wprof_node {
	uint64_t parent, func;		/* key: parent node index, call target */
	uint64_t ticks;
	uint32_t depth;			/* 0 for the root */
};

/* Ticks taken at pc with `node` on top: the folded writer names the leaf from pc. */
struct wprof_leaf {
	uint64_t node, pc;		/* key */
	uint64_t ticks;
};

struct wprof_frame {
	uint64_t target, return_addr;
	uint64_t entered;		/* the retired count at the call */
	uint32_t node;			/* call-tree node (WPROF_ROOT without track_stacks) */
	uint32_t arc;			/* index in arcs, UINT32_MAX if it could not be recorded */
};

struct wprof {
	struct wprof_config cfg;
	uint64_t *hist;			/* nbins counters over [text_lo, text_lo + nbins*bin_bytes) */
	uint64_t nbins;
	/* What wprof_tick has touched, so that the gmon.out writer reads only that part of a
	 * histogram of megabytes (one bin in a thousand is ever hit in a large program): bit c of
	 * hist_chunks is set once a bin of chunk c (WPROF_HIST_CHUNK_BINS bins) has counted. */
	uint64_t *hist_chunks;
	uint64_t hist_max;		/* the largest bin's count */
	uint64_t ticks;			/* every tick */
	uint64_t outside;		/* ticks outside [text_lo, text_hi) */
	uint64_t lost;			/* calls beyond WPROF_MAX_DEPTH not yet returned */
	uint64_t dropped;		/* events whose record a failed doubling dropped */
	struct pairtab pcs;		/* struct wprof_pc */
	struct pairtab arcs;		/* struct wprof_arc */
	struct pairtab nodes;		/* struct wprof_node (track_stacks) */
	struct pairtab leaves;		/* struct wprof_leaf (track_stacks) */
	struct wprof_frame *stack;	/* WPROF_MAX_DEPTH frames */
	uint32_t depth;
	bool has_ir;			/* wprof_add_ir was called: the Ir columns mean something */
	uint64_t total_ir;
};

/* 0, -EINVAL (word size not 4/8, bin_bytes 0, more than 2^32-1 bins or a range gmon.out cannot
 * describe in the address width), or -ENOMEM. An empty text range (hi <= lo) is allowed: then
 * every tick is "outside" and gmon.out has no histogram. */
int wprof_init(struct wprof *w, const struct wprof_config *cfg);
void wprof_free(struct wprof *w);

void wprof_tick(struct wprof *w, uint64_t pc);
void wprof_call(struct wprof *w, uint64_t site, uint64_t return_addr, uint64_t target);
/* Pops frames up to and including the nearest one whose return address is target. If no frame
 * has it (a longjmp, a hand-made stack, `push; ret` used as a jump), nothing changes: the next
 * return to a recorded address resynchronises the stack. */
void wprof_return(struct wprof *w, uint64_t target);
/* The same with the retired count at the event: an arc's incl_ir counts the instructions from
 * its outermost call to the matching return (recursion once, as callgrind). */
void wprof_call_at(struct wprof *w, uint64_t site, uint64_t return_addr, uint64_t target,
		   uint64_t retired);
void wprof_return_at(struct wprof *w, uint64_t target, uint64_t retired);
/* At the end of the run: closes the frames still open (their calls never returned). */
void wprof_finish(struct wprof *w, uint64_t retired);
/* pc retired `count` times (the back end's exact counts, read at the end). 0 or -ENOMEM. */
int wprof_add_ir(struct wprof *w, uint64_t pc, uint64_t count);

/* The writers' view. The sorted_* functions return a malloc'd copy sorted by key (so output
 * never depends on insertion or hash order), with the count in *n; NULL with *n = 0 if empty
 * or out of memory (*n = SIZE_MAX then). */
struct wprof_pc *wprof_sorted_pcs(const struct wprof *w, size_t *n);
struct wprof_arc *wprof_sorted_arcs(const struct wprof *w, size_t *n);

static inline size_t wprof_node_count(const struct wprof *w)
{
	return w->nodes.len;
}

static inline const struct wprof_node *wprof_node(const struct wprof *w, size_t i)
{
	return pairtab_at(&w->nodes, i);
}

static inline size_t wprof_leaf_count(const struct wprof *w)
{
	return w->leaves.len;
}

static inline const struct wprof_leaf *wprof_leaf(const struct wprof *w, size_t i)
{
	return pairtab_at(&w->leaves, i);
}

/* Whether bins [i, i + WPROF_HIST_CHUNK_BINS) (i a multiple of it) may hold a non-zero count. */
static inline bool wprof_hist_chunk_touched(const struct wprof *w, uint64_t i)
{
	uint64_t c = i / WPROF_HIST_CHUNK_BINS;
	return w->hist_chunks[c / 64] >> (c % 64) & 1;
}

/* The end of the histogram's range (exclusive): text_lo + nbins * bin_bytes. */
static inline uint64_t wprof_hist_hi(const struct wprof *w)
{
	return w->cfg.text_lo + w->nbins * w->cfg.bin_bytes;
}

#endif
