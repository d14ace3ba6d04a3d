/* The hppa back end's state and the pieces its source files share: struct hppa_cpu, its
 * decoded pages and TLBs. Only emu/hppa/ (and tests of it) include this; everything else
 * reaches the CPU through emu/cpu.h. */
#ifndef PROFEMU_HPPA_STATE_H
#define PROFEMU_HPPA_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "../clock.h"
#include "../cpu_backend.h"
#include "hppa_decode.h"
#include "hppa_jit_code.h"

#define HPPA_PAGE_SHIFT 12
#define HPPA_PAGE_INSNS 1024
#define HPPA_DCACHE_SLOTS 1024	/* direct-mapped by page number */
#define HPPA_MAX_BREAKPOINTS 64
#define HPPA_TLB_SLOTS 1024	/* data translations, direct-mapped by page number */
#define PAGE_MASK 0xfffu
#define HPPA_GR_SINK 32
#define PRIV_USER 3u	/* privilege level kept in the low bits of link registers */
/* run()'s handler table has one entry past the ops: the entry to translated host code */
#define HANDLER_JIT HOP_COUNT

/* One guest page of decoded instructions. A page that is writable is checked word by word
 * against its decode (a store, gm_write or a loader's poke may change it); a page guest_mem
 * says changed (unmapped, remapped, reprotected or written by profemu: cpu_ops.mem_changed) is
 * decoded again. */
struct hppa_code_page {
	uint32_t vaddr;			/* page address; HPPA_NO_PAGE when empty */
	bool writable;
	const uint8_t *host;
	uint32_t raw[HPPA_PAGE_INSNS];
	struct hppa_insn insn[HPPA_PAGE_INSNS];
	/* hppa_jit.c: the host code of each instruction that starts a translated run (its
	 * handler is then run()'s entry to host code), NULL for the others */
	hppa_jit_fn jit[HPPA_PAGE_INSNS];
};
#define HPPA_NO_PAGE 1u

/* A one-page translation for data accesses, valid for one guest_mem generation: run() drops
 * them all when the generation moves. */
struct hppa_tlb {
	uint32_t vaddr;		/* page address; HPPA_TLB_EMPTY when empty */
	uintptr_t addend;	/* host address minus guest address */
};
/* An empty slot's tag: bits 2..11 are never all kept by a lookup's mask (page bits and the
 * alignment bits), so no address matches it. */
#define HPPA_TLB_EMPTY 0x4u

struct hppa_cpu {
	struct cpu base;
	/* gr[32] is a sink: a cached instruction whose target is r0 writes there instead (the
	 * interpreter's forms, specialise()), so gr[0] stays 0 without a store per instruction. */
	uint32_t gr[33];
	uint32_t iaoq_f, iaoq_b;
	uint32_t sar, cr26, cr27;
	uint32_t psw_cb;	/* carry out of every bit of the last carry-setting operation */
	uint32_t psw_v;		/* bit 31: PSW[V] */
	bool psw_n;		/* the instruction at iaoq_f is nullified */
	uint32_t sr[8];
	uint64_t fr[32];	/* fr0's high word is the FP status register */

	struct guest_mem *mem;
	struct cpu_events ev;
	/* Retired instructions, ticks, --max-insns and the time slice; run() counts in a local
	 * and looks at the clock when the count reaches its limit, which also holds event_at:
	 * the count after a delay slot where a call or return is reported (pend_kind). */
	struct emu_clock clock;
	/* in_tick: a tick raised by run()'s top is running, where cpu_request_stop_at_tick
	 * stops before its instruction (stop_at_tick) */
	bool stop_req, stop_at_tick, in_tick;
	int pend_kind;		/* a call (1), return (2), or only held_due (3) at event_at */
	uint32_t pend_site, pend_ret, pend_target;
	/* A call linked through r31 (millicode: $$divU, $$dyncall) is held until its callee's first
	 * branch: $$dyncall jumps on (bv through r22, rp already the caller's) to the function a
	 * pointer names, and the call is reported as one of that function, as gprof's own arcs
	 * name it (mcount sees the caller and the function); any other branch reports it as made,
	 * before that branch's own event (held_due). */
	bool held, held_due;
	uint32_t held_site, held_ret, held_target;
	uint32_t due_site, due_ret, due_target;

	uint64_t cache_gen;
	struct hppa_code_page *pages[HPPA_DCACHE_SLOTS];
	struct hppa_tlb rtlb[HPPA_TLB_SLOTS], wtlb[HPPA_TLB_SLOTS];
	uint32_t bkpts[HPPA_MAX_BREAKPOINTS];
	unsigned nbkpts;
	struct hppa_jit jit;	/* host code of straight runs (hppa_jit.c) */
};

static inline struct hppa_cpu *hppa_cpu_of(struct cpu *c)
{
	return (struct hppa_cpu *)c;
}

/* The nullification of a conditional branch's delay slot under ,n: when taken forward or
 * not taken backward. */
static inline bool cbranch_nullifies(const struct hppa_insn *in, bool taken)
{
	return (in->flags & HF_N) && (taken ? in->imm >= 0 : in->imm < 0);
}

#endif
