/* The IA-64 interpreter's state, shared by its files (ia64_cpu.c: the ops and the run loop;
 * ia64_exec.c: instruction semantics; ia64_rse.c: the register stack). */
#ifndef PROFEMU_IA64_CPU_INTERNAL_H
#define PROFEMU_IA64_CPU_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "../clock.h"
#include "../cpu_backend.h"
#include "ia64_decode.h"
#include "regs.h"

/* Stacked registers live in a host array, a window onto the backing store (ia64_rse.c):
 * frames oldest first, a frame is [bof, bof+sof); older registers are in guest memory. */
enum { IA64_STACKED_MAX = 96 * 256 };

struct ia64_cpu;
struct ia64_uop;
struct cpu_fault;

/* How one instruction ended (ia64_exec.c). */
enum ia64_outcome {
	IA64_NEXT,		/* go on with the next slot */
	IA64_TAKEN,		/* a taken branch: c->ip is the target, slot 0 */
	IA64_SYSCALL,		/* break 0x100000: raise the system-call event */
	IA64_FAULT,		/* *fault filled */
};

/* An instruction pre-decoded for the fast path (ia64_uops.c): the kind of code specialised
 * for its form and the operands it reads, so the common forms need no dispatch on the
 * decoded fields. */
struct ia64_uop {
	const void *code;		/* the address of the code that runs it in ia64_run_fast
					 * (direct threading: no table load per instruction) */
	int64_t imm;			/* immediate; branches: the absolute target */
	uint8_t kind;			/* which code runs it (ia64_uops.c) */
	uint8_t qp, r1, r2, r3, p1, p2;
	uint8_t ri;			/* the slot number the architecture gives it (psr.ri) */
	uint8_t slot;			/* the physical slot (2 for an MLX bundle's X half): its
					 * full decoded form (ia64_exec, faults) is the bundle's
					 * b.slot[slot] */
	uint8_t sz, pos;
	uint8_t len;			/* bit-field forms: the field's length */
};

/* A decoded bundle in the cache, keyed by its address. The tags hold the address's
 * complement, so that an all-zero entry is empty (~0 is never a bundle address) and the cache
 * comes from calloc untouched: the host maps its pages when they are first filled. */
struct ia64_cached_bundle {
	uint64_t tag;			/* ~addr, 0 when empty */
	uint64_t fast_tag;		/* ~addr when it runs on the fast path (legal, no
					 * breakpoint), else 0: the fast path's one tag test */
	bool has_breakpoint;		/* one of its slots has a breakpoint */
	uint8_t insns;			/* instructions it retires when run from slot 0 */
	struct ia64_uop uop[4];		/* its slots that do something, in order, then an
					 * end mark (nops and hints only count) */
	struct ia64_bundle b;
};

/* Empties the decoded-bundle cache (ia64_code_cache.c): every entry, and the code range. */
void ia64_code_cache_clear(struct ia64_cpu *c);
/* A store to [addr, addr + n) that may hold decoded bundles (ia64_code_cache.c): drops them. */
void ia64_code_written(struct ia64_cpu *c, uint64_t addr, uint64_t n);
/* [addr, addr + n) was flushed (fc, fc.i) or written by profemu: drops the bundles decoded
 * from it, and every bundle when a MAP_SHARED region holds it, whose bytes may run at another
 * address too (a second view of the same file: fc acts on the physical line). */
void ia64_code_flushed(struct ia64_cpu *c, uint64_t addr, uint64_t n);

/* Fills e->insns and e->uop from e->b, decoded at addr (ia64_uops.c). */
void ia64_uops_build(struct ia64_cached_bundle *e, uint64_t addr);

/* A power of two: 2 MiB of code direct-mapped (40 MB of host memory, mapped as it fills).
 * sqlite's 3 MB of text decoded 592000 bundles in a 120 M-instruction run with 32768
 * entries, 33000 with these. */
enum { IA64_CACHE_SIZE = 131072 };

/* A floating-point register as the integer unit uses it (setf.sig/getf.sig/xma): the
 * 64-bit significand, exponent and sign of the 82-bit register. */
struct ia64_fr {
	uint64_t sig;
	uint32_t exp;
	bool sign;
};

/* A region loads or stores went to lately: accesses inside it skip the region lookup.
 * IA64_TLB_WAYS of them per direction (stack, heap pieces, data), replaced in turn. */
enum { IA64_TLB_WAYS = 4 };
struct ia64_tlb {
	uint64_t start, end;		/* end exclusive; start > end when empty */
	uint8_t *host;
	uint64_t generation;		/* of the memory map it was taken under */
};

/* Execution counts of one bundle's slots (cpu_count_insns). */
struct ia64_bundle_counts {
	uint64_t bundle;
	uint64_t count[3];
	bool used;
};

struct ia64_cpu {
	struct cpu base;
	struct guest_mem *mem;
	struct cpu_events ev;

	uint64_t ip;			/* bundle address */
	unsigned slot;			/* next slot to run in it (psr.ri) */
	uint64_t gr[32];		/* static registers r0-r31 */
	bool nat[32];
	uint64_t *stacked;		/* IA64_STACKED_MAX stacked registers */
	bool *stacked_nat;
	uint64_t pr;			/* bit n: pn (physical) */
	uint64_t br[8];
	uint64_t ar[128];
	struct ia64_fr fr[128];

	/* current frame marker */
	unsigned bof;			/* index in stacked[] of r32 */
	unsigned sof, sol, sor;
	unsigned rrb_gr, rrb_fr, rrb_pr;
	uint64_t rbs_base;		/* backing store address of register 0 */
	uint64_t win_base;		/* the register number of stacked[0] */
	uint64_t rnat;			/* ar.rnat: the NaT collection being filled */

	/* Retired instructions, ticks, --max-insns and the time slice: the run loop looks at
	 * them when the count reaches clock.limit (emu/clock.h). */
	struct emu_clock clock;
	bool stop_requested, stop_at_tick;

	struct ia64_bundle_counts *counts;	/* NULL unless counting; count_cap entries */
	size_t count_cap, count_used;

	uint64_t *breakpoints;		/* bundle | slot addresses, unsorted */
	size_t breakpoint_count, breakpoint_cap;

	struct ia64_tlb rd_tlb[IA64_TLB_WAYS], wr_tlb[IA64_TLB_WAYS];
	unsigned rd_next, wr_next;	/* the way to replace next */
	struct ia64_cached_bundle *cache;
	uint64_t last_generation;	/* of the memory map the cache was filled under */
	bool cache_used;		/* an entry was filled since the cache was last emptied */
	/* Bundles decoded from writable memory lie in [code_lo, code_hi) (empty: lo > hi): a
	 * store there drops them from the cache, so code written by the program never runs
	 * stale (ia64_code_written). */
	uint64_t code_lo, code_hi;
};

/* The register accessors run in every instruction: inlined even into the large fast path
 * (ia64_uops.c), where the compiler's size limits would otherwise make them calls. */
#define IA64_INLINE inline __attribute__((always_inline))

/* The stacked register r32+i of the current frame (i < sof), after rotation. */
static IA64_INLINE unsigned ia64_stacked_index(const struct ia64_cpu *c, unsigned i)
{
	if (c->rrb_gr && i < c->sor) {	/* rotated: (i + rrb) mod sor, rrb < sor */
		i += c->rrb_gr;
		if (i >= c->sor)
			i -= c->sor;
	}
	return c->bof + i;
}

/* Reads/writes a general register by its name in the current frame. A stacked register
 * outside the frame reads 0; the decoder and ia64_exec check frames before writing. */
static IA64_INLINE uint64_t ia64_gr(const struct ia64_cpu *c, unsigned r)
{
	if (r < 32)
		return c->gr[r];
	if (r - 32 >= c->sof)
		return 0;
	return c->stacked[ia64_stacked_index(c, r - 32)];
}

static IA64_INLINE void ia64_set_gr(struct ia64_cpu *c, unsigned r, uint64_t v)
{
	if (r == 0)
		return;
	if (r < 32) {
		c->gr[r] = v;
		c->nat[r] = false;
	} else if (r - 32 < c->sof) {
		unsigned k = ia64_stacked_index(c, r - 32);
		c->stacked[k] = v;
		c->stacked_nat[k] = false;
	}
}

/* A general register's NaT bit (false outside the frame) */
static IA64_INLINE bool ia64_gr_nat(const struct ia64_cpu *c, unsigned r)
{
	if (r < 32)
		return c->nat[r];
	if (r - 32 >= c->sof)
		return false;
	return c->stacked_nat[ia64_stacked_index(c, r - 32)];
}

/* Predicates: rotating ones (p16-p63) go through rrb.pr. */
static IA64_INLINE unsigned ia64_pr_index(const struct ia64_cpu *c, unsigned p)
{
	if (p < 16 || !c->rrb_pr)
		return p;
	p += c->rrb_pr;		/* rrb.pr < 48 */
	return p < 64 ? p : p - 48;
}

static IA64_INLINE bool ia64_pr(const struct ia64_cpu *c, unsigned p)
{
	return p == 0 || (c->pr >> ia64_pr_index(c, p) & 1);
}

static IA64_INLINE void ia64_set_pr(struct ia64_cpu *c, unsigned p, bool v)
{
	if (p == 0)
		return;
	uint64_t bit = 1ULL << ia64_pr_index(c, p);
	c->pr = v ? c->pr | bit : c->pr & ~bit;
}

/* Floating-point registers by name: f0 reads +0, f1 +1.0 (writes to them are dropped), f32-f127
 * rotate through rrb.fr. */
static IA64_INLINE struct ia64_fr ia64_fr_get(const struct ia64_cpu *c, unsigned r)
{
	if (r == 0)
		return (struct ia64_fr){ 0, 0, false };
	if (r == 1)
		return (struct ia64_fr){ 1ULL << 63, 0xffff, false };
	if (r >= 32)
		r = 32 + (r - 32 + c->rrb_fr) % 96;
	return c->fr[r];
}

static IA64_INLINE void ia64_fr_set(struct ia64_cpu *c, unsigned r, struct ia64_fr v)
{
	if (r < 2)
		return;
	if (r >= 32)
		r = 32 + (r - 32 + c->rrb_fr) % 96;
	c->fr[r] = v;
}

/* The frame marker as ar.pfs.pfm and cover's ifs hold it. */
uint64_t ia64_cfm(const struct ia64_cpu *c);
void ia64_set_cfm(struct ia64_cpu *c, uint64_t cfm);

/* Register stack (ia64_rse.c). Return false on a stack overflow or a bad frame. */
bool ia64_rse_alloc(struct ia64_cpu *c, unsigned sof, unsigned sol, unsigned sor);
bool ia64_rse_call(struct ia64_cpu *c);
bool ia64_rse_return(struct ia64_cpu *c, uint64_t pfs);
bool ia64_rse_cover(struct ia64_cpu *c);
uint64_t ia64_rse_bsp(const struct ia64_cpu *c);
uint64_t ia64_rse_bspstore(const struct ia64_cpu *c);
void ia64_rse_reset(struct ia64_cpu *c, uint64_t addr);
int ia64_rse_flush(struct ia64_cpu *c);
bool ia64_rse_set_bspstore(struct ia64_cpu *c, uint64_t addr);

/* The fast path (ia64_uops.c): runs whole bundles from c->ip (slot 0) while they are in the
 * cache, legal, without breakpoints and no event (tick, limit, slice) is due before their
 * last slot, nor counting asked. Returns true when the run stops (*stop: a fault, or a
 * system call after which a stop was requested), false when the slow path must take over at
 * c->ip, c->slot; c->ip, c->slot and c->clock.retired are exact either way. The cache must be in
 * step with the memory map. */
bool ia64_run_fast(struct ia64_cpu *c, struct cpu_fault *f, enum cpu_stop *stop);

/* Thread contexts (ia64_context.c): the ops of cpu_context_new/free/save/restore. */
struct cpu_context *ia64_op_context_new(struct cpu *cpu);
void ia64_op_context_free(struct cpu *cpu, struct cpu_context *ctx);
int ia64_op_context_save(struct cpu *cpu, struct cpu_context *ctx);
int ia64_op_context_restore(struct cpu *cpu, const struct cpu_context *ctx);

/* FP arithmetic (ia64_fp.c) through the register accessors of ia64_exec.c; false if the
 * operation is not one it does. */
bool ia64_fp_exec(struct ia64_cpu *c, const struct ia64_insn *in,
		  struct ia64_fr (*get)(const struct ia64_cpu *, unsigned),
		  void (*set)(struct ia64_cpu *, unsigned, struct ia64_fr));
/* Its first half: the operations ia64_fp_fast.c does, false with nothing changed when in is
 * not one of its cases (ia64_fp_exec then runs the general way). */
bool ia64_fp_exec_fast(struct ia64_cpu *c, const struct ia64_insn *in,
		       struct ia64_fr (*get)(const struct ia64_cpu *, unsigned),
		       void (*set)(struct ia64_cpu *, unsigned, struct ia64_fr));
/* ia64_fp_exec_fast on the register file, for the fast path (ia64_exec.c) */
bool ia64_exec_fp_fast(struct ia64_cpu *c, const struct ia64_insn *in);
/* The parallel FP forms (ia64_fpar.c: two singles in a significand), with the status field's
 * controls `bits`; false if in is not one. */
bool ia64_fpar_exec(struct ia64_cpu *c, const struct ia64_insn *in,
		    struct ia64_fr (*get)(const struct ia64_cpu *, unsigned),
		    void (*set)(struct ia64_cpu *, unsigned, struct ia64_fr), unsigned bits);
/* The register format against the host's long double (ia64_fr.c). */
long double ia64_fr_value(struct ia64_fr r);
/* ldfe/stfe: the 10-byte memory format's significand and sign/exponent halfword */
struct ia64_fr ia64_fr_from_ext80(uint64_t sig, uint16_t se);
uint16_t ia64_fr_to_ext80(struct ia64_fr r);
struct ia64_fr ia64_fr_of(long double v);
/* The exponent of an integer in an FP register (setf.sig, ldf8): the significand as is. */
enum { IA64_FR_INTEGER_EXP = 0x1003e };
/* ldfs/ldfd/setf, stfs/stfd/getf: an IEEE single (8, 23) or double (11, 52) and the register format */
struct ia64_fr ia64_fr_from_ieee(uint64_t bits, unsigned ebits, unsigned fbits);
uint64_t ia64_fr_to_ieee(struct ia64_fr v, unsigned ebits, unsigned fbits);
/* setf.sig (sz 0), setf.exp (1), setf.s (2), setf.d (3): the register from general register v */
struct ia64_fr ia64_fr_setf(uint64_t v, unsigned sz);

/* The parallel integer operations (ia64_mm.c): r1 from r2 and r3; false if in is not one. */
bool ia64_mm_exec(struct ia64_cpu *c, const struct ia64_insn *in);

/* czx1/czx2 (size 1 or 2 bytes), .l from the left: the index of the first zero element, or
 * 8 / size when none is (ia64_exec.c). */
unsigned ia64_czx(uint64_t v, unsigned size, bool left);
/* br.ctop, br.cexit, br.wtop, br.wexit (in->btype 7, 6, 3, 2): the loop counters and rotation.
 * Returns whether the loop goes on (taken for top, not taken for exit). */
bool ia64_loop_branch(struct ia64_cpu *c, const struct ia64_insn *in);

/* Operations with no effect on user state (nop, hints, fences, ...): they only count. */
bool ia64_is_no_op(unsigned op);

enum ia64_outcome ia64_exec(struct ia64_cpu *c, const struct ia64_insn *in, uint64_t bundle,
			    struct cpu_fault *fault);
/* Fills *f (detail: why) and returns IA64_FAULT. */
enum ia64_outcome ia64_fault_at(struct cpu_fault *f, enum cpu_fault_kind kind, uint64_t pc,
				uint64_t addr, bool has_addr, const char *why);

#endif
