/* The hppa interpreter: PA-RISC 1.1 user mode behind struct cpu_ops.
 *
 * Both instruction-address queues are kept: every instruction runs at IAOQ front and the next
 * front is the back, so each branch has its delay slot. An instruction that nullifies its
 * successor skips it at once: a nullified instruction never retires and no tick names it.
 * Instructions come from a page-granular decode cache (hppa_code_page); retired instructions
 * are counted in the loop, and ticks and --max-insns are checked against one precomputed limit.
 * The cache runs blocks: straight code, on through conditional branches that are not taken,
 * up to a taken branch and its delay slot; a block pays one limit check and one count add,
 * and a block that would cross the limit is cut there by the loop's top, so ticks still name
 * the exact next instruction.
 *
 * The gateway page (page 0) is the kernel's: a branch reaching 0x100 is a system call (the pc
 * is set to r31, the return address, before events.syscall runs), 0xe0 sets the thread pointer
 * cr27 from r26 here, and 0xb0 (light-weight syscalls) is raised as events.interrupt with
 * vector 0xb0, the pc again already at r31. Any other address there is a SIGSEGV. */
/* Threaded dispatch pays off when every handler keeps its own indirect jump: stop gcc from
 * merging the identical handler tails back into one (here, before the inline helpers the
 * handlers use are included). */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-crossjumping", "no-gcse")
#endif

#include "hppa_alu.h"
#include "hppa_dcache.h"
#include "hppa_fp.h"
#include "hppa_run.h"
#include "hppa_state.h"
#include "hppa_events.h"
#include "hppa_mem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../byteorder.h"
#include "../guest_mem.h"
#include "hppa_disasm.h"
#include "regs.h"

/* The queue, the count and the limit live in locals while instructions run (stores to guest
 * memory go through byte pointers, which would otherwise make the compiler reload them); SYNC
 * writes them back before anything outside the loop can look, RELOAD reads them again. */
#define SYNC() (c->iaoq_f = pc, c->iaoq_b = iaoq_b, c->clock.retired = retired)
#define RELOAD() (apply_psw_n(c), pc = c->iaoq_f, iaoq_b = c->iaoq_b, retired = c->clock.retired, \
		  limit = c->clock.limit)

/* A PSW with N set (a sigreturn restoring an interrupted nullification) skips the front. */
static void apply_psw_n(struct hppa_cpu *c)
{
	if (c->psw_n) {
		c->psw_n = false;
		c->iaoq_f = c->iaoq_b;
		c->iaoq_b += 4;
	}
}
/* The state at instruction in of the current group (a block runs with pc, iaoq_b and retired
 * as they were at its first instruction, bstart): for a fault or trap raised there. */
#define SYNC_IN()								\
	do {									\
		unsigned m_ = (unsigned)(in - bstart);				\
		c->clock.retired = retired + m_;					\
		c->iaoq_f = m_ ? iaoq_b + 4 * (m_ - 1) : pc;			\
		c->iaoq_b = m_ ? c->iaoq_f + 4 : iaoq_b;			\
	} while (0)
#define FAIL(stop_expr) do { SYNC_IN(); return (stop_expr); } while (0)
/* The word of the instruction being executed (for a fault's message). */
#define WORD() (in == &unmarked ? unmarked_word : page->raw[in - page->insn])

/* Fetch the instruction at pc from the current decoded page and jump to its handler; anything
 * unusual (a tick, a limit, a pending event, another page) goes through the loop's top.
 * A group starts here: one instruction, or, when the queue runs straight on (iaoq_b = pc + 4),
 * as many of the page's straight instructions (hppa_code_page.straight) as fit before limit.
 * Its non-branch handlers chain to the next one through seq without touching pc, iaoq_b or
 * retired; seq_done and seq_nul bring those up to date once per group. */
/* A branch starts from the queue running straight on. One that ends a block (in != bstart)
 * first brings pc, iaoq_b and retired up to itself, as seq does at a block's end. */
#define BRANCH_START()								\
	do {									\
		unsigned m_ = (unsigned)(in - bstart);				\
		if (m_) {							\
			retired += m_;						\
			pc = iaoq_b + 4 * (m_ - 1);				\
			iaoq_b = pc + 4;					\
		}								\
		next = iaoq_b + 4;						\
		event = false;							\
	} while (0)

/* The tail of a handler that nullifies nothing and writes no r0 (its target r0 is the sink,
 * specialise): on to the group's next instruction, through this handler's own indirect jump
 * (one per handler predicts better than one shared). */
#define NEXT_PLAIN()								\
	do {									\
		if (__builtin_expect(++in != bend, 1))				\
			goto *in->handler;					\
		goto block_end;							\
	} while (0)

/* A run of word accesses through base (hppa_insn.mrun) in this group, all on one page that
 * the TLB holds, runs at once: access is done for each instruction x_ with the host address
 * h_ of base. Otherwise (a run cut by the group's end, across two pages, unaligned, a TLB
 * miss) the handler goes on with its first access alone. None of the run's accesses can
 * fault, so this changes no fault's place. */
#define WORD_RUN(tlbs, base, access)						\
	do {									\
		unsigned n_ = in->mrun;						\
		uint32_t lo_ = (base) + (uint32_t)in->mlo, hi_ = (base) + (uint32_t)in->mhi; \
		if (n_ <= (unsigned)(bend - in) && !((lo_ ^ hi_) & ~PAGE_MASK)) {	\
			struct hppa_tlb *t_ = &(tlbs)[(lo_ >> HPPA_PAGE_SHIFT) % HPPA_TLB_SLOTS]; \
			if (t_->vaddr == (lo_ & (~PAGE_MASK | 3u))) {		\
				uint8_t *h_ = (uint8_t *)(t_->addend + (base));	\
				const struct hppa_insn *x_ = in;		\
				for (const struct hppa_insn *e_ = in + n_; x_ != e_; x_++) \
					access;					\
				in += n_ - 1;	\
				NEXT_PLAIN();					\
			}							\
		}								\
	} while (0)
/* A word access that missed the TLB and cannot be filled: unaligned or not accessible. */
#define MEM_FAIL(ea, prot)							\
	do {									\
		if ((ea) & 3) {							\
			f->kind = CPU_FAULT_BUS;				\
			goto unaligned;						\
		}								\
		FAIL(hppa_mem_fault(c, f, (ea), (prot)));				\
	} while (0)
/* The rest of a word load at ea into in->t (HOP_LDW_*). */
#define LOAD_WORD(ea)								\
	do {									\
		struct hppa_tlb *tlb_ = &c->rtlb[((ea) >> HPPA_PAGE_SHIFT) % HPPA_TLB_SLOTS]; \
		const uint8_t *h_;						\
		if (__builtin_expect(tlb_->vaddr == ((ea) & (~PAGE_MASK | 3u)), 1)) { \
			h_ = (const uint8_t *)(tlb_->addend + (ea));		\
		} else {							\
			h_ = hppa_tlb_fill(c, tlb_, (ea), GM_PROT_READ, 3);		\
			if (!h_)						\
				MEM_FAIL((ea), GM_PROT_READ);			\
		}								\
		gr[in->t] = bo_get32(h_, BO_BIG);					\
		NEXT_PLAIN();							\
	} while (0)

/* The end of a branch's handler (next, nul and event set). When its delay slot is the block's
 * last instruction (code_page: a branch's block takes a straight slot) and is not
 * nullified, the branch retires here and the slot runs at once with the queue at (slot,
 * next), as a group of its own: its tail (block_end) then moves the queue to next. Anything
 * else (an event to raise, a nullified slot, a slot outside the block) goes through retire. */
#define BRANCH_END()								\
	do {									\
		gr[0] = 0;							\
		if (__builtin_expect(!nul && !event && in + 1 != bend, 1)) {	\
			retired++;						\
			pc = iaoq_b;						\
			iaoq_b = next;						\
			bstart = ++in;						\
			goto *in->handler;					\
		}								\
		goto retire;							\
	} while (0)
/* A conditional branch's end: taken is its condition. The nullification of its delay slot
 * under ,n (when taken forward or not taken backward) is precomputed in len (specialise). */
/* A conditional branch's end: taken is its condition. The nullification of its delay slot
 * under ,n (when taken forward or not taken backward) is precomputed in len (specialise).
 * Not taken, the queue runs straight on and so does the block (code_page: a conditional
 * branch does not end one): the slot is the group's next instruction, or skipped as any
 * nullified successor is (seq_nul). Taken, the branch ends the block where BRANCH_END
 * runs its delay slot (the group's bound pulled in to the slot). */
#define CBRANCH_END(cond)							\
	do {									\
		if (!(cond)) {							\
			if (__builtin_expect(in->len & 2, 0)) {			\
				nul = true;					\
				goto seq_nul;					\
			}							\
			NEXT_PLAIN();						\
		}								\
		BRANCH_START();							\
		next = pc + 8 + (uint32_t)in->imm;				\
		nul = in->len & 1;						\
		if (__builtin_expect(!nul && in + 1 != bend, 1)) {		\
			retired++;						\
			pc = iaoq_b;						\
			iaoq_b = next;						\
			bstart = ++in;						\
			bend = in + 1;						\
			goto *in->handler;					\
		}								\
		goto retire;							\
	} while (0)

#define FETCH_DISPATCH()							\
	do {									\
		if (__builtin_expect(retired >= limit, 0) ||			\
		    __builtin_expect((pc & ~PAGE_MASK) != page_va, 0))		\
			goto top;						\
		DISPATCH();							\
	} while (0)
/* FETCH_DISPATCH where the queue runs straight on (iaoq_b = pc + 4, after a group's end):
 * the whole block at pc when it fits before limit, else the loop's top cuts it. */
#define STRAIGHT_DISPATCH()							\
	do {									\
		if (__builtin_expect((pc & ~PAGE_MASK) != page_va, 0))		\
			goto top;						\
		in = bstart = &page->insn[(pc >> 2) & (HPPA_PAGE_INSNS - 1)];	\
		bend = in + in->straight;					\
		if (__builtin_expect(retired + in->straight > limit, 0))	\
			goto top;						\
		goto *in->handler;						\
	} while (0)
/* The group at pc, on the current page, which the loop's top has checked or FETCH_DISPATCH. */
#define DISPATCH()								\
	do {									\
		in = bstart = &page->insn[(pc >> 2) & (HPPA_PAGE_INSNS - 1)];	\
		bend = in + 1;							\
		unsigned k_ = in->straight;					\
		if (k_ > 1 && iaoq_b == pc + 4) {				\
			uint64_t room_ = limit - retired;			\
			bend = in + (k_ < room_ ? k_ : room_);			\
		}								\
		goto *in->handler;						\
	} while (0)

/* After a call or return event (hppa_raise_pending: at every call and return of a program
 * run with --gmon), the decoded page is kept when nothing dropped it (its vaddr still names
 * it) and the memory map did not move (the data TLBs, which hppa_code_page drops on a new
 * generation, are still good): the page lookup is not paid again at each call. */
#define KEEP_PAGE()								\
	do {									\
		if (page_va != HPPA_NO_PAGE && (page->vaddr != page_va ||	\
		    c->cache_gen != c->mem->generation))			\
			page_va = HPPA_NO_PAGE;					\
	} while (0)

enum cpu_stop hppa_op_run(struct cpu *cpu, struct cpu_fault *f)
{
	struct hppa_cpu *c = hppa_cpu_of(cpu);
	const struct hppa_code_page *page = NULL;
	uint32_t page_va = HPPA_NO_PAGE;
	enum cpu_stop stop;
	uint32_t *gr = c->gr;
	uint32_t pc, iaoq_b;
	uint64_t retired, limit;
	c->stop_req = false;
	c->stop_at_tick = false;
	/* Threaded dispatch: every handler ends by fetching and jumping to the next one. */
	static const void *const handlers[HOP_COUNT + 1] = {
		[HANDLER_JIT] = &&L_JIT,
		/* every op of hppa_decode.h's list, to the handler it names */
#define OWN_HANDLER(name, role, jit) [HOP_##name] = &&L_HOP_##name,
#define SHARED_HANDLER(name, handler, role, jit) [HOP_##name] = &&L_##handler,
		HPPA_OPS(OWN_HANDLER, SHARED_HANDLER)
#undef OWN_HANDLER
#undef SHARED_HANDLER
#define COND_FORMS(op, lab) [op + 0] = &&lab##0, [op + 1] = &&lab##1, [op + 2] = &&lab##2,	\
		[op + 3] = &&lab##3, [op + 4] = &&lab##4, [op + 5] = &&lab##5, [op + 6] = &&lab##6,	\
		[op + 7] = &&lab##7, [op + 8] = &&lab##8, [op + 9] = &&lab##9, [op + 10] = &&lab##10,	\
		[op + 11] = &&lab##11, [op + 12] = &&lab##12, [op + 13] = &&lab##13,		\
		[op + 14] = &&lab##14, [op + 15] = &&lab##15
		COND_FORMS(HOP_CMPB_C, L_CMPB_C),
		COND_FORMS(HOP_CMPIB_C, L_CMPIB_C),
		COND_FORMS(HOP_ADDIB_C, L_ADDIB_C),
#undef COND_FORMS
	};
	const struct hppa_insn *in, *bstart, *bend;
	struct hppa_insn unmarked;
	uint32_t unmarked_word = 0;
	uint32_t next;
	uint32_t jit_kind;	/* how the host code left at a taken branch (hppa_jit.h) */
	/* nul: the instruction nullifies the next (false whenever a handler starts); event: the
	 * branch raises a call or return after its delay slot; next: the new back of the queue. */
	bool nul = false, event;
	clock_update(&c->clock);
	RELOAD();
	for (;;) {
	top:
		if (__builtin_expect(retired >= limit, 0)) {
			SYNC();
			if (c->pend_kind && retired >= c->clock.event_at) {
				hppa_raise_pending(c);
				if (c->stop_req)
					return CPU_STOP_REQUESTED;
				RELOAD();
				KEEP_PAGE();
				continue;
			}
			page_va = HPPA_NO_PAGE;	/* a tick's or bound's handler may change the map */
			if (retired >= c->clock.max_insns || retired >= c->clock.quantum_end) {
				int why = hppa_bound_reached(c);
				if (why >= 0)
					return (enum cpu_stop)why;
			}
			if (clock_tick_due(&c->clock)) {
				c->in_tick = true;
				clock_tick(&c->clock, pc, retired);
				c->in_tick = false;
				if (c->stop_req || c->stop_at_tick)
					return CPU_STOP_REQUESTED;
				RELOAD();
				continue;
			}
			clock_update(&c->clock);
			RELOAD();
		}
		if (__builtin_expect((pc & ~PAGE_MASK) != page_va, 0)) {
			SYNC();
			if (pc < 4096) {
				if (!hppa_gateway(c, f, &stop))
					return stop;
				if (c->stop_req)
					return CPU_STOP_REQUESTED;
				page_va = HPPA_NO_PAGE;
				RELOAD();
				continue;
			}
			/* mostly a call's or return's target on another page, decoded already */
			page = hppa_cached_page(c, pc);
			if (__builtin_expect(!page || page->writable, 0))
				page = hppa_code_page(c, pc, handlers);
			if (!page)
				return hppa_mem_fault(c, f, pc, GM_PROT_EXEC);
			page_va = page->vaddr;
			if (page->writable) {
				/* a writable page's words are checked at each fetch, here: every
				 * instruction there comes back to the top */
				unsigned idx = (pc >> 2) & (HPPA_PAGE_INSNS - 1);
				if (bo_get32(page->host + idx * 4, BO_BIG) != page->raw[idx])
					hppa_decode_one(c, (struct hppa_code_page *)page, idx, handlers);
				page_va = HPPA_NO_PAGE;
			}
		}
		if (__builtin_expect(retired >= limit, 0))
			continue;
		DISPATCH();
		L_HOP_BKPT:
			if (c->ev.breakpoint) {
				SYNC();
				c->ev.breakpoint(c->ev.ctx, pc);
				if (c->stop_req)
					return CPU_STOP_REQUESTED;
				page_va = HPPA_NO_PAGE;	/* the handler may have changed the memory map */
				if (c->iaoq_f != pc) {
					RELOAD();
					continue;
				}
			}
			unmarked_word = page->raw[in - page->insn];
			hppa_decode(unmarked_word, &unmarked);
			hppa_specialise(&unmarked);
			in = bstart = &unmarked;
			bend = in + 1;
			goto *handlers[in->op];
#include "hppa_handlers.inc"
	L_JIT: {
			/* a translated run (hppa_jit.c), when all of it fits in the group; the host
			 * code may go on through taken branches of this page while they fit below
			 * the limit. Whatever it ran, the queue is straight at the index it leaves
			 * at, and the limit index it leaves gives the count there. */
			const struct hppa_insn *run_end = page->insn + in->jit_end;
			if (__builtin_expect(run_end <= bend, 1)) {
				uint64_t at = retired + (uint64_t)(in - bstart);
				uint64_t budget = limit - at;
				if (budget > HPPA_JIT_BUDGET_MAX)
					budget = HPPA_JIT_BUDGET_MAX;
				int64_t idx = in - page->insn;
				uint32_t r_ = page->jit[idx](gr, c, idx + (int64_t)budget);
				unsigned x_ = r_ & 0xffff;
				retired = at + budget - (uint64_t)(c->jit.limit - (int64_t)x_);
				pc = page_va + 4 * x_;
				iaoq_b = pc + 4;
				in = bstart = page->insn + x_;
				jit_kind = r_ >> 16;
				if (jit_kind != HPPA_JIT_STOPPED)
					goto jit_taken;
				/* a group from there: the page's end, a limit reached, or the
				 * instruction's own handler (a branch, a form not translated, an
				 * access the TLB did not hold) */
				if (x_ == HPPA_PAGE_INSNS || retired >= limit)
					goto top;
				uint64_t room_ = limit - retired;
				bend = in + (in->straight < room_ ? in->straight : room_);
			}
			goto *handlers[in->op];
		}
	jit_taken:
		/* in: a conditional branch the host code found taken (addib's add done), a B,L
		 * (its link written) or a BV (its target in jit.target), that it did not follow
		 * (its target on another page, a call, a return, or a slot it leaves to the
		 * handlers), not yet counted: the block ends with it and its delay slot, as in
		 * CBRANCH_END, the slot run by the host code already, nullified, or run here. Its
		 * event is what L_HOP_BL's or L_HOP_BV's would be (no call is held at a B,L: the
		 * host code hands it back then); it is raised after the slot, as at the loop's
		 * top. */
		if (in->op == HOP_BV) {
			next = c->jit.target;
			event = pend_bv(c, in, pc, next);
		} else {
			next = pc + 8 + (uint32_t)in->imm;
			event = in->op == HOP_BL && in->t &&
				(in->imm != 0 || in->t == 2 || in->t == 31) &&
				pend_call(c, in->t, pc, pc + 8, next);
		}
		if (jit_kind != HPPA_JIT_TAKEN) {
			retired += jit_kind == HPPA_JIT_TAKEN_SLOT_RUN ? 2 : 1;
			pc = next;
			iaoq_b = next + 4;
			if (__builtin_expect(event, 0)) {
				SYNC();
				hppa_raise_pending(c);
				if (c->stop_req)
					return CPU_STOP_REQUESTED;
				RELOAD();
				KEEP_PAGE();
				FETCH_DISPATCH();
			}
			STRAIGHT_DISPATCH();
		}
		nul = false;
		goto retire;
	retire:
		gr[0] = 0;
		retired++;
		pc = iaoq_b;
		iaoq_b = next;
		if (__builtin_expect(event, 0)) {
			c->clock.event_at = retired + !nul;	/* after the delay slot */
			clock_update(&c->clock);
			limit = c->clock.limit;
		}
		if (nul) {
			pc = next;
			iaoq_b = next + 4;
			nul = false;
		}
		FETCH_DISPATCH();
	seq:	/* a non-branch instruction has run; nul: it nullifies the next */
		if (__builtin_expect(nul, 0))
			goto seq_nul;
		gr[0] = 0;
		NEXT_PLAIN();
	block_end:	/* the group's last instruction has run and nullifies nothing */
		{
			unsigned n = (unsigned)(in - bstart);
			retired += n;
			pc = iaoq_b + 4 * (n - 1);
			iaoq_b = pc + 4;
		}
		STRAIGHT_DISPATCH();
	seq_nul: {
			gr[0] = 0;
			nul = false;
			unsigned n = (unsigned)(in - bstart) + 1;
			retired += n;
			pc = iaoq_b + 4 * n;
			iaoq_b = pc + 4;
		}
		STRAIGHT_DISPATCH();
	unaligned:
		{
			uint32_t nb, ea = mem_ea(c, in, in->sub, &nb);
			SYNC_IN();
			f->pc = c->iaoq_f;
			f->addr = ea;
			f->has_addr = true;
			f->trap = HPPA_INT_UNALIGNED;
			snprintf(f->detail, sizeof f->detail, "unaligned access at 0x%08x", ea);
			return CPU_STOP_FAULT;
		}
	}
}
