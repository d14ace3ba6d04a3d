/* Exact instruction counts per function, from the call and return events and the retired count
 * at each (cpu.h: exact at any event). Pure data: no emulator, no I/O, no symbols.
 *
 * A function is the symbol a call target lies in (the caller's resolver says where it starts;
 * each target is resolved once), so a call into the middle of a function, or to a second
 * entry, counts for that function and recursion through it is seen. The instructions retired between two events belong to the
 * function on top of the shadow stack (the root, before any call, is the program's entry):
 *   self       instructions retired while the function was on top (a call instruction belongs
 *              to the caller, a return to the callee, as in callgrind);
 *   inclusive  instructions retired from its outermost call to the matching return (recursion
 *              counts once, as callgrind does), including its callees';
 *   calls      calls that reached it.
 * Code a function reaches by a jump (a tail call, a PLT stub) counts as that function's own:
 * the caller's frame is still on top. Self counts add up to the program's total exactly.
 *
 * The shadow stack follows wprof.h's rules (returns matched by return address, popping frames a
 * longjmp skipped; ICOUNT_MAX_DEPTH frames, deeper calls charged to the deepest frame). Hot
 * paths allocate only when the table or a stack doubles; a failed doubling drops that
 * function's record (counted in `dropped`) or that call's frame (as beyond the depth).
 *
 * Threads: each guest thread has its own shadow stack and its own clock, the instructions it
 * retired itself (icount_switch_thread at every switch), so a function's inclusive count is
 * the sum over the threads that ran it of their own instructions inside it, never another
 * thread's that ran meanwhile. A thread's stack starts at the root function, which gets the
 * few instructions it retires before its first call; the root's inclusive count stays the
 * program's total. */
#ifndef PROFEMU_OUTPUT_ICOUNT_H
#define PROFEMU_OUTPUT_ICOUNT_H

#include <stdint.h>

#include "output/pairtab.h"

#define ICOUNT_MAX_DEPTH 4096u

struct icount_func {
	uint64_t addr, zero;		/* key: the function's start (the entry's, for the root) */
	uint64_t self, incl, calls;
	uint32_t active;		/* internal: frames of it on the stack (recursion) */
};

struct icount_frame {
	uint64_t return_addr, entered;	/* the retired count at the call */
	/* self instructions of this activation not yet added to its function (at the pop):
	 * every event charges the top frame, which is at hand, not the function's record */
	uint64_t self;
	uint32_t func;			/* index in funcs, UINT32_MAX if not recorded */
};

/* A call target and its function (index in funcs). */
struct icount_target {
	uint64_t target, zero;		/* key */
	uint32_t func;
};

/* A recent call target and its function (index + 1; 0: empty), checked before the table:
 * a call then reads one entry, not a hint and a record. */
struct icount_target_hint {
	uint64_t target;
	uint32_t func1;
};
enum { ICOUNT_TARGET_HINT_BITS = 9 };

/* The start of the function containing addr (addr itself when unknown). */
typedef uint64_t (*icount_resolve_fn)(void *ctx, uint64_t addr);

/* One thread's shadow stack, while another thread's is the running one. */
struct icount_stack {
	struct icount_frame *frames;	/* NULL: the thread has not run yet */
	uint32_t depth, cap;
	uint64_t lost;
	uint64_t skew;			/* retired count minus the thread's own clock */
	uint64_t left_at;		/* the retired count when it stopped running */
};

struct icount {
	struct pairtab funcs;		/* struct icount_func */
	struct pairtab targets;		/* struct icount_target */
	icount_resolve_fn resolve;	/* NULL: every target is its own function */
	void *resolve_ctx;
	struct icount_frame *stack;	/* stack[0] is the root */
	uint32_t depth;			/* frames above the root */
	uint32_t cap;			/* frames stack holds */
	uint64_t lost;			/* calls beyond ICOUNT_MAX_DEPTH not yet returned */
	uint64_t mark;			/* the thread's own clock when last charged */
	uint64_t skew;			/* the retired count minus the running thread's own clock */
	uint64_t total;			/* set by icount_finish */
	uint64_t dropped;
	struct icount_target_hint target_hints[1u << ICOUNT_TARGET_HINT_BITS];
	struct icount_stack *threads;	/* by thread index; the running one's entry is stale */
	unsigned nthreads, cur;
};

/* entry: the program's entry address (the root function). 0 or -ENOMEM. */
int icount_init(struct icount *c, uint64_t entry, icount_resolve_fn resolve, void *resolve_ctx);
void icount_free(struct icount *c);

void icount_call(struct icount *c, uint64_t return_addr, uint64_t target, uint64_t retired);
void icount_return(struct icount *c, uint64_t target, uint64_t retired);
/* The running thread changes to thread `to` (threads numbered in creation order, the first
 * 0) at the retired count `retired`. 0, or -ENOMEM (the stack then stays shared). */
int icount_switch_thread(struct icount *c, unsigned to, uint64_t retired);
/* At the end of the run: charges the last instructions and closes every open frame of every
 * thread, so that the root's inclusive count is the total. */
void icount_finish(struct icount *c, uint64_t retired);

#endif
