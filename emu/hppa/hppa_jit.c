/* The hppa translator (hppa_jit.h): straight integer code to x86-64.
 *
 * A run is a stretch of a decoded page's instructions that this file can translate, with no
 * other instruction between them; its host code is one straight sequence, so it can be
 * entered at any instruction of the run (page->jit) and falls through to the run's end.
 * Guest registers live in memory (gr[], rdi); the code uses only registers a call may
 * clobber, so it needs no prologue. A word access checks the data TLB inline as the
 * interpreter does (page and alignment in one compare); on a miss the code returns that
 * instruction's index without having changed anything for it, and the interpreter runs it.
 * A run of word accesses through one base (hppa_insn.mrun) takes one check for all of them,
 * as the interpreter's WORD_RUN does; its later members are no entries. A conditional branch
 * (cmpb, cmpib, addib) is a compare and a jump: not taken, the code goes on to its delay
 * slot like any next instruction; taken, it leaves through an exit that runs the slot first
 * (a miss there hands back the branch taken, its slot not run). A target on the same page
 * whose run fits below the limit is then jumped to (chained), so a loop within a page runs in host code until its limit;
 * anywhere else the exit tells the interpreter where and how the code stopped.
 *
 * The limit index (rdx) is what keeps the count exact without counting: it is the entry's
 * index plus the instructions that may retire; a chain moves it by the target's distance
 * less what retired, and on leaving, limit index minus the index left at is what may still
 * retire, from which run() knows the count.
 *
 * Only forms that can neither trap nor nullify are taken: what they compute is exactly
 * what run()'s handler for the same form computes (hppa_cpu.c), carry bits included. */
#include "hppa_jit.h"

#include <stdlib.h>
#include <string.h>

#include "hppa_state.h"
#include "hppa_x86_emit.h"

#if defined(__x86_64__) && defined(__linux__)
#include <sys/mman.h>
#define JIT_HOST 1
#else
#define JIT_HOST 0
#endif

#define AREA_SIZE (32u << 20)
/* Room one page's code can take at most: an instruction's code is under 72 bytes, the exit
 * of a branch (its slot, the chain and the leave) under 100 more, a run's end 13. */
#define PAGE_WORST (HPPA_PAGE_INSNS * 192u)
#define MIN_RUN 2	/* shorter runs cost more to enter than to interpret */

_Static_assert(sizeof(struct hppa_tlb) == 16 && offsetof(struct hppa_tlb, addend) == 8,
	       "the host code indexes the TLB by a shift of 4");
_Static_assert(sizeof(hppa_jit_fn) == sizeof(uint8_t *), "host code is entered by address");

void hppa_jit_reset(struct hppa_jit *j)
{
	j->used = 0;
}

void hppa_jit_free(struct hppa_jit *j)
{
#if JIT_HOST
	if (j->code)
		munmap(j->code, j->size);
#endif
	j->code = NULL;
	j->size = j->used = 0;
}

/* The x86 condition code (jcc's low nibble) under which a conditional branch in its
 * specialised form (cmpb, cmpib, addib with condition c*2+f) is taken, or -1 when the
 * translator leaves it to the interpreter: a condition with no single x86 code (never/always,
 * odd, addib's no-unsigned-overflow-or-zero), or a ,n that nullifies the delay slot when the
 * branch is not taken (the run would not go straight on). */
static int branch_cc(const struct hppa_insn *in)
{
	/* x86: o 0, b 2, ae 3, e 4, be 6, l 0xc, le 0xe; the odd code is the negation */
	static const int8_t sub_cc[8] = { -1, 4, 0xc, 0xe, 2, 6, 0, -1 };
	static const int8_t add_cc[8] = { -1, 4, 0xc, 0xe, 3, -1, 0, -1 };
	unsigned cf;
	const int8_t *table;
	if (in->op >= HOP_CMPB_C && in->op < HOP_ADDIB_C) {
		cf = (unsigned)(in->op - HOP_CMPB_C) & 15;
		table = sub_cc;
	} else if (in->op >= HOP_ADDIB_C && in->op < HOP_COUNT) {
		cf = (unsigned)(in->op - HOP_ADDIB_C);
		table = add_cc;
	} else {
		return -1;
	}
	if (in->len & 2 || table[cf >> 1] < 0)
		return -1;
	return table[cf >> 1] ^ (int)(cf & 1);
}

/* An instruction the translator takes: the interpreter's straight forms that cannot trap or
 * nullify (specialise() in hppa_dcache.c), with shift counts a host shift matches, as
 * HPPA_OPS' JIT column says for each op; a conditional branch when branch_cc has its code. */
static bool translatable(const struct hppa_insn *in)
{
#define JIT_RULE(name, role, jit) [HOP_##name] = (jit),
#define JIT_RULE_SHARED(name, handler, role, jit) [HOP_##name] = (jit),
	static const uint8_t rules[HOP_CMPB_C] = { HPPA_OPS(JIT_RULE, JIT_RULE_SHARED) };
#undef JIT_RULE
#undef JIT_RULE_SHARED
	if (in->op >= HOP_CMPB_C)
		return branch_cc(in) >= 0;
	unsigned r = rules[in->op];
	return r && !((r & HJ_PLAIN) && in->cond != 0) &&
	       !((r & HJ_NO_TSV) && (in->flags & HF_TSV)) &&
	       !((r & HJ_NO_TC) && (in->flags & HF_TC)) && !((r & HJ_SHIFT) && in->sub >= 32) &&
	       !((r & HJ_LEN) && in->len >= 32) && !((r & HJ_WORD) && in->sub > 2) &&
	       !((r & HJ_NO_X_LINK) && (in->r1 != 0 || in->t != 0));
}

/* A jump (B,L) or a return (BV) the translator takes: it ends its run, after its delay slot
 * when the exit runs that (slot_runs_in_exit). */
static bool translated_jump(const struct hppa_insn *in)
{
	return hppa_role_of(in->op) == HROLE_BRANCH && translatable(in);
}

#if JIT_HOST

#define GR RDI		/* the guest's general registers */
#define CPU RSI		/* struct hppa_cpu */
#define LIMIT RDX	/* the limit index (hppa_jit.h), 64 bits */
#define ADDEND R11	/* a TLB slot's tag, then its addend */

/* A jump to an exit, placed after the run's end: a TLB miss hands its instruction back; a
 * conditional branch found taken hands itself back, after running its delay slot (slot) when
 * the slot is one that cannot miss. */
struct fixup {
	uint8_t *rel;		/* the jump's rel32 */
	uint32_t result;	/* what the exit returns (hppa_jit.h: index and kind) */
	const struct hppa_insn *slot;
	/* A taken branch to this page whose slot the exit runs (or skips): the exit goes on to
	 * the target's code when that fits in the limit (chain), else stops at the target.
	 * after: the index the limit index counts from once branch and slot are done. */
	bool chain;
	uint32_t target, after;
};

/* A jump from a chaining exit to the target's code, placed when the page is done. */
struct chain_jump {
	uint8_t *rel;
	uint32_t target;
};

struct emit {
	struct x86_code x;	/* first: the encoder writes through it */
	struct fixup fix[HPPA_PAGE_INSNS];
	unsigned nfix;
	struct chain_jump chains[HPPA_PAGE_INSNS];
	unsigned nchains;
	uint32_t vaddr;			/* the page's guest address */
	const uint16_t *run_end;	/* per index: just past its run */
	const bool *entry;		/* per index: host code can be entered there */
};

static void load_gr(struct emit *e, unsigned reg, unsigned r)
{
	x86_op_mem(&e->x, MOV_R_RM, reg, GR, 4 * (int32_t)r);
}

/* gr[r] = reg; r0 is never written (the interpreter's forms send it to the sink) */
static void store_gr(struct emit *e, unsigned r, unsigned reg)
{
	if (r != 0)
		x86_op_mem(&e->x, MOV_RM_R, reg, GR, 4 * (int32_t)r);
}

/* jne to the miss exit that hands instruction index back */
static void jne_miss(struct emit *e, uint32_t index)
{
	x86_byte(&e->x, 0x0f);
	x86_byte(&e->x, 0x85);
	e->fix[e->nfix++] = (struct fixup){ .rel = e->x.p, .result = index };
	x86_word32(&e->x, 0);
}

/* eax holds a data address: r11 becomes the TLB slot's host-minus-guest addend, or the code
 * leaves for index's miss exit (page not in the slot, or the address not aligned to
 * align + 1, a size). */
static void tlb_lookup_aligned(struct emit *e, size_t table, uint32_t index, uint32_t align)
{
	int32_t t = (int32_t)table;
	x86_alu(&e->x, MOV_RM_R, RCX, RAX);
	x86_shift(&e->x, EXT_SHR, RCX, HPPA_PAGE_SHIFT);
	x86_alu_imm(&e->x, EXT_AND, RCX, HPPA_TLB_SLOTS - 1);
	x86_shift(&e->x, EXT_SHL, RCX, 4);
	x86_alu(&e->x, MOV_RM_R, ADDEND, RAX);
	x86_alu_imm(&e->x, EXT_AND, ADDEND, ~0xfffu | align);
	x86_op_sib(&e->x, false, CMP_R_RM, ADDEND, CPU, RCX, t);
	jne_miss(e, index);
	x86_op_sib(&e->x, true, MOV_R_RM, ADDEND, CPU, RCX, t + 8);
}

static void tlb_lookup(struct emit *e, size_t table, uint32_t index)
{
	tlb_lookup_aligned(e, table, index, 3);
}

/* [0x66] [REX] opcode... reg, [r11 + rax] (an access at the address the TLB translated) */
static void access_op(struct emit *e, bool half, unsigned opc1, int opc2, unsigned reg)
{
	if (half)
		x86_byte(&e->x, 0x66);
	x86_rex(&e->x, false, reg, RAX, ADDEND);
	x86_byte(&e->x, opc1);
	if (opc2 >= 0)
		x86_byte(&e->x, (unsigned)opc2);
	x86_byte(&e->x, (reg & 7) << 3 | 4);	/* mod 00, SIB */
	x86_byte(&e->x, (RAX & 7) << 3 | (ADDEND & 7));
}

/* ror cx, 8: a big-endian halfword's bytes swapped */
static void swap_half_ecx(struct emit *e)
{
	x86_byte(&e->x, 0x66);
	x86_byte(&e->x, 0xc1);
	x86_byte(&e->x, 0xc0 | 1 << 3 | (RCX & 7));
	x86_byte(&e->x, 8);
}

/* A byte, halfword or word load or store in its general form (HOP_LOAD, HOP_STORE): an index
 * (scaled or not) or a displacement, the base modified before or after; as run()'s handler,
 * the value is read before the base changes and a load's target is written last. */
static void general_access(struct emit *e, const struct hppa_insn *in, uint32_t i, bool load)
{
	unsigned lg = in->sub;
	load_gr(e, R9, in->r2);			/* base */
	if (in->flags & HF_IDX) {
		load_gr(e, R10, in->r1);
		x86_shift(&e->x, EXT_SHL, R10, (in->flags & HF_SCALE) ? lg : 0);
	} else {
		x86_mov_imm(&e->x, R10, (uint32_t)in->imm);
	}
	x86_alu(&e->x, MOV_RM_R, R8, R9);
	x86_alu(&e->x, ADD_RM_R, R8, R10);		/* the modified base */
	x86_alu(&e->x, MOV_RM_R, RAX, (in->flags & HF_MOD) && !(in->flags & HF_MB) ? R9 : R8);
	tlb_lookup_aligned(e, load ? offsetof(struct hppa_cpu, rtlb) :
			   offsetof(struct hppa_cpu, wtlb), i, (1u << lg) - 1);
	if (load) {
		if (lg == 2) {
			access_op(e, false, MOV_R_RM, -1, RCX);
			x86_bswap(&e->x, RCX);
		} else {
			access_op(e, false, 0x0f, lg ? 0xb7 : 0xb6, RCX);	/* movzx */
			if (lg)
				swap_half_ecx(e);
		}
		if (in->flags & HF_MOD)
			store_gr(e, in->r2, R8);
		store_gr(e, in->t, RCX);
	} else {
		load_gr(e, RCX, in->r1);
		if (lg == 2)
			x86_bswap(&e->x, RCX);
		else if (lg)
			swap_half_ecx(e);
		access_op(e, lg == 1, lg ? MOV_RM_R : 0x88, -1, RCX);
		if (in->flags & HF_MOD)
			store_gr(e, in->r2, R8);
	}
}

/* The carry into add_carry's sum: a constant, or PSW[C/B]'s top bit (add,c, sub,b). */
enum carry_in { CIN_0, CIN_1, CIN_PSW };

/* eax = a, ecx = b: gr[t] = a + b + cin, and, when write_cb, PSW[C/B] the carry out of every
 * bit, as add3 */
static void add_carry_in(struct emit *e, unsigned t, enum carry_in cin, bool write_cb)
{
	int32_t cb = (int32_t)offsetof(struct hppa_cpu, psw_cb);
	x86_alu(&e->x, MOV_RM_R, R10, RAX);
	x86_alu(&e->x, ADD_RM_R, R10, RCX);
	if (cin == CIN_1) {
		x86_alu_imm(&e->x, EXT_ADD, R10, 1);
	} else if (cin == CIN_PSW) {
		x86_op_mem(&e->x, MOV_R_RM, R9, CPU, cb);
		x86_shift(&e->x, EXT_SHR, R9, 31);
		x86_alu(&e->x, ADD_RM_R, R10, R9);
	}
	if (!write_cb) {
		store_gr(e, t, R10);
		return;
	}
	x86_alu(&e->x, MOV_RM_R, R8, RAX);
	x86_alu(&e->x, AND_RM_R, R8, RCX);	/* a & b */
	x86_alu(&e->x, XOR_RM_R, RAX, RCX);	/* a ^ b */
	x86_alu(&e->x, MOV_RM_R, RCX, R10);
	x86_not(&e->x, RCX);
	x86_alu(&e->x, AND_RM_R, RAX, RCX);	/* (a ^ b) & ~res */
	x86_alu(&e->x, OR_RM_R, RAX, R8);
	x86_op_mem(&e->x, MOV_RM_R, RAX, CPU, cb);
	store_gr(e, t, R10);
}

static void add_carry(struct emit *e, unsigned t, bool cin)
{
	add_carry_in(e, t, cin ? CIN_1 : CIN_0, true);
}

/* The run of word accesses that starts at index i (mrun of them through base r2): one
 * check that they all lie on one page the TLB holds, aligned, then each access. */
static void word_run(struct emit *e, const struct hppa_insn *in, uint32_t i, bool load)
{
	load_gr(e, R9, in->r2);
	x86_alu(&e->x, MOV_RM_R, RAX, R9);
	x86_alu_imm(&e->x, EXT_ADD, RAX, (uint32_t)in->mlo);
	x86_alu(&e->x, MOV_RM_R, R10, R9);
	x86_alu_imm(&e->x, EXT_ADD, R10, (uint32_t)in->mhi);
	x86_alu(&e->x, XOR_RM_R, R10, RAX);
	x86_alu_imm(&e->x, EXT_AND, R10, ~0xfffu);
	jne_miss(e, i);
	tlb_lookup(e, load ? offsetof(struct hppa_cpu, rtlb) : offsetof(struct hppa_cpu, wtlb), i);
	for (unsigned k = 0; k < in->mrun; k++) {
		const struct hppa_insn *x = in + k;
		int32_t disp = x->imm - in->mlo;
		if (load) {
			x86_op_sib(&e->x, false, MOV_R_RM, RCX, ADDEND, RAX, disp);
			x86_bswap(&e->x, RCX);
			store_gr(e, x->t, RCX);
		} else {
			load_gr(e, RCX, x->r1);
			x86_bswap(&e->x, RCX);
			x86_op_sib(&e->x, false, MOV_RM_R, RCX, ADDEND, RAX, disp);
		}
	}
}

/* A delay slot the taken exit of a branch can run itself: one instruction (not a run of
 * word accesses, whose code takes them all) that is no branch. An access there that misses
 * the TLB changes nothing and hands back the branch, taken, its slot not run (the
 * interpreter then runs the slot), as a slot the exit cannot run is. */
static bool slot_runs_in_exit(const struct hppa_insn *slot)
{
	enum hppa_block_role r = hppa_role_of(slot->op);
	return (r == HROLE_STRAIGHT || r == HROLE_SINK) && slot->op != HOP_LDW_RUN &&
	       slot->op != HOP_STW_RUN && translatable(slot);
}

static void taken_exit(struct emit *e, const struct hppa_insn *in, uint32_t i,
		       const struct hppa_insn *slot, bool nullify, bool may_chain);

/* A B,L at index i: taken always, unless a held call waits for its callee's first branch
 * (hppa_events.h), which the interpreter reports: then the branch is handed back as a miss
 * would be. A plain jump (no link) raises no event and may chain; a call writes its link
 * (the return point, privilege bits set) before its slot runs and always leaves, so that
 * run() reports it (jit_taken) after the slot, at the count and pc the handler would. */
static void emit_jump(struct emit *e, const struct hppa_insn *in, uint32_t i,
		      const struct hppa_insn *slot)
{
	int32_t held = (int32_t)offsetof(struct hppa_cpu, held);
	x86_byte(&e->x, 0x80);		/* cmp byte [rsi + held], 0 */
	x86_byte(&e->x, 0x80 | 7 << 3 | (CPU & 7));
	x86_word32(&e->x, (uint32_t)held);
	x86_byte(&e->x, 0);
	jne_miss(e, i);
	if (in->t) {
		x86_mov_imm(&e->x, RAX, (e->vaddr + 4 * i + 8) | PRIV_USER);
		store_gr(e, in->t, RAX);
	}
	x86_byte(&e->x, 0xe9);		/* jmp rel32 */
	taken_exit(e, in, i, slot, in->flags & HF_N, in->t == 0);
}

/* A BV at index i through a register (bv r0(rp), a return; $$dyncall's bv through r22):
 * its target, read before the slot runs, goes to hppa_jit.target for run(), which raises its
 * event (pend_bv, as L_HOP_BV: a held call's first branch too) after the slot. */
static void emit_bv(struct emit *e, const struct hppa_insn *in, uint32_t i,
		    const struct hppa_insn *slot)
{
	load_gr(e, RAX, in->r2);
	x86_alu_imm(&e->x, EXT_AND, RAX, ~3u);
	x86_op_mem(&e->x, MOV_RM_R, RAX, CPU,
		   (int32_t)(offsetof(struct hppa_cpu, jit) + offsetof(struct hppa_jit, target)));
	x86_byte(&e->x, 0xe9);		/* jmp rel32 */
	taken_exit(e, in, i, slot, in->flags & HF_N, false);
}

/* A conditional branch at index i (slot: the next instruction on the page, or NULL): the
 * compare (or addib's add, whose sum is written whichever way it goes), then a jump to its
 * taken exit; not taken, the run goes straight on to the slot. */
static void emit_branch(struct emit *e, const struct hppa_insn *in, uint32_t i,
			const struct hppa_insn *slot)
{
	int32_t imm8 = (int8_t)in->r1;
	if (in->op >= HOP_ADDIB_C) {
		load_gr(e, RAX, in->r2);
		x86_alu_imm(&e->x, EXT_ADD, RAX, (uint32_t)imm8);
		store_gr(e, in->r2, RAX);	/* a mov: the add's flags stay */
	} else {
		if (in->op >= HOP_CMPIB_C)
			x86_mov_imm(&e->x, RAX, (uint32_t)imm8);
		else
			load_gr(e, RAX, in->r1);
		x86_op_mem(&e->x, CMP_R_RM, RAX, GR, 4 * in->r2);
	}
	x86_byte(&e->x, 0x0f);
	x86_byte(&e->x, 0x80 | (unsigned)branch_cc(in));
	taken_exit(e, in, i, slot, in->len & 1, true);
}

/* A jump to the taken exit of the branch in at index i (its rel32 follows): the exit runs
 * the delay slot when it can, or skips it when nullify, and chains to a target on this page
 * when may_chain (a branch that raises no event). */
static void taken_exit(struct emit *e, const struct hppa_insn *in, uint32_t i,
		       const struct hppa_insn *slot, bool nullify, bool may_chain)
{
	uint32_t kind = nullify ? HPPA_JIT_TAKEN_NULLIFIED :
		slot && slot_runs_in_exit(slot) ? HPPA_JIT_TAKEN_SLOT_RUN : HPPA_JIT_TAKEN;
	int64_t target = (int64_t)i + 2 + in->imm / 4;
	bool chain = may_chain && kind != HPPA_JIT_TAKEN && target >= 0 &&
		target < HPPA_PAGE_INSNS;
	e->fix[e->nfix++] = (struct fixup){
		.rel = e->x.p, .result = i | kind << 16,
		.slot = kind == HPPA_JIT_TAKEN_SLOT_RUN ? slot : NULL,
		.chain = chain, .target = (uint32_t)target,
		.after = i + (kind == HPPA_JIT_TAKEN_SLOT_RUN ? 2 : 1),
	};
	x86_word32(&e->x, 0);
}

/* One instruction at index i (a run's first: the whole run), or a delay slot in a taken exit
 * (i is then what a miss there returns). Returns how many it took. */
static unsigned emit_insn(struct emit *e, const struct hppa_insn *in, uint32_t i)
{
	uint32_t imm = (uint32_t)in->imm;
	switch (in->op) {
	case HOP_LDO:
		load_gr(e, RAX, in->r2);
		x86_alu_imm(&e->x, EXT_ADD, RAX, imm);
		store_gr(e, in->t, RAX);
		break;
	case HOP_LDIL:
		x86_mov_imm(&e->x, RAX, imm);
		store_gr(e, in->t, RAX);
		break;
	case HOP_ADDIL:
		load_gr(e, RAX, in->r2);
		x86_alu_imm(&e->x, EXT_ADD, RAX, imm);
		store_gr(e, 1, RAX);
		break;
	case HOP_COPY:
		load_gr(e, RAX, in->r1);
		store_gr(e, in->t, RAX);
		break;
	case HOP_ADDL_FAST: case HOP_ADDL_SH:
		load_gr(e, RAX, in->r1);
		if (in->op == HOP_ADDL_SH)
			x86_shift(&e->x, EXT_SHL, RAX, in->sub);
		x86_op_mem(&e->x, ADD_R_RM, RAX, GR, 4 * in->r2);
		store_gr(e, in->t, RAX);
		break;
	case HOP_ADD_SH:
		load_gr(e, RAX, in->r1);
		x86_shift(&e->x, EXT_SHL, RAX, in->sub);
		load_gr(e, RCX, in->r2);
		add_carry(e, in->t, false);
		break;
	case HOP_ADD:	/* add,c (shladd's shift too), carry out unless ,l */
		load_gr(e, RAX, in->r1);
		x86_shift(&e->x, EXT_SHL, RAX, in->sub);
		load_gr(e, RCX, in->r2);
		add_carry_in(e, in->t, in->flags & HF_CIN ? CIN_PSW : CIN_0,
			     !(in->flags & HF_NOCB));
		break;
	case HOP_SUB:	/* sub,b: a + ~b + the borrow bit */
		load_gr(e, RAX, in->r1);
		load_gr(e, RCX, in->r2);
		x86_not(&e->x, RCX);
		add_carry_in(e, in->t, in->flags & HF_CIN ? CIN_PSW : CIN_1, true);
		break;
	case HOP_SUBI:
		x86_mov_imm(&e->x, RAX, imm);
		load_gr(e, RCX, in->r2);
		x86_not(&e->x, RCX);
		add_carry(e, in->t, true);
		break;
	case HOP_SUB_PLAIN:
		load_gr(e, RAX, in->r1);
		load_gr(e, RCX, in->r2);
		x86_not(&e->x, RCX);
		add_carry(e, in->t, true);
		break;
	case HOP_ADDI_PLAIN:
		x86_mov_imm(&e->x, RAX, imm);
		load_gr(e, RCX, in->r2);
		add_carry(e, in->t, false);
		break;
	case HOP_SHL_MASK: case HOP_SHR_MASK: {
		bool left = in->op == HOP_SHL_MASK;	/* zdep shifts r1 left, extru r2 right */
		load_gr(e, RAX, left ? in->r1 : in->r2);
		x86_shift(&e->x, left ? EXT_SHL : EXT_SHR, RAX, in->sub);
		x86_alu_imm(&e->x, EXT_AND, RAX, imm);
		store_gr(e, in->t, RAX);
		break;
	}
	case HOP_SHR_SIGNED:
		load_gr(e, RAX, in->r2);
		x86_shift(&e->x, EXT_SHL, RAX, in->sub);
		x86_shift(&e->x, EXT_SAR, RAX, in->len);
		store_gr(e, in->t, RAX);
		break;
	case HOP_AND_IMM: case HOP_OR_IMM:
		load_gr(e, RAX, in->t);
		x86_alu_imm(&e->x, in->op == HOP_AND_IMM ? EXT_AND : EXT_OR, RAX, imm);
		store_gr(e, in->t, RAX);
		break;
	case HOP_OR: case HOP_AND: case HOP_XOR: case HOP_ANDCM:
		load_gr(e, RAX, in->r1);
		load_gr(e, RCX, in->r2);
		if (in->op == HOP_ANDCM)
			x86_not(&e->x, RCX);
		x86_alu(&e->x, in->op == HOP_OR ? OR_RM_R : in->op == HOP_XOR ? XOR_RM_R : AND_RM_R,
		    RAX, RCX);
		store_gr(e, in->t, RAX);
		break;
	case HOP_LDW_RUN: case HOP_STW_RUN:
		word_run(e, in, i, in->op == HOP_LDW_RUN);
		return in->mrun;
	case HOP_LDW_NOMOD: case HOP_LDW_IDX:
		if (in->op == HOP_LDW_IDX) {
			load_gr(e, RAX, in->r1);
			x86_shift(&e->x, EXT_SHL, RAX, in->sub);
			x86_op_mem(&e->x, ADD_R_RM, RAX, GR, 4 * in->r2);
		} else {
			load_gr(e, RAX, in->r2);
			x86_alu_imm(&e->x, EXT_ADD, RAX, imm);
		}
		tlb_lookup(e, offsetof(struct hppa_cpu, rtlb), i);
		x86_op_sib(&e->x, false, MOV_R_RM, RAX, ADDEND, RAX, 0);
		x86_bswap(&e->x, RAX);
		store_gr(e, in->t, RAX);
		break;
	case HOP_STW_NOMOD:
		load_gr(e, RAX, in->r2);
		x86_alu_imm(&e->x, EXT_ADD, RAX, imm);
		tlb_lookup(e, offsetof(struct hppa_cpu, wtlb), i);
		load_gr(e, RCX, in->r1);
		x86_bswap(&e->x, RCX);
		x86_op_sib(&e->x, false, MOV_RM_R, RCX, ADDEND, RAX, 0);
		break;
	case HOP_LOAD: case HOP_STORE:
		general_access(e, in, i, in->op == HOP_LOAD);
		break;
	case HOP_BL:
		emit_jump(e, in, i, i + 1 < HPPA_PAGE_INSNS ? in + 1 : NULL);
		break;
	case HOP_BV:
		emit_bv(e, in, i, i + 1 < HPPA_PAGE_INSNS ? in + 1 : NULL);
		break;
	default:
		if (branch_cc(in) < 0)
			abort();	/* translatable() took only the forms above */
		emit_branch(e, in, i, i + 1 < HPPA_PAGE_INSNS ? in + 1 : NULL);
		break;
	}
	return 1;
}

/* 64-bit op rdx (LIMIT), imm32 sign-extended */
static void limit_imm(struct emit *e, unsigned ext, int32_t imm)
{
	x86_rex(&e->x, true, 0, 0, LIMIT);
	x86_byte(&e->x, 0x81);
	x86_byte(&e->x, 0xc0 | ext << 3 | (LIMIT & 7));
	x86_word32(&e->x, (uint32_t)imm);
}

/* Leaves the host code: the limit index as it now is goes to hppa_jit.limit, and result
 * (an index and what happened there) is returned. */
static void leave_at(struct emit *e, uint32_t result)
{
	int32_t off = (int32_t)(offsetof(struct hppa_cpu, jit) + offsetof(struct hppa_jit, limit));
	x86_rex(&e->x, true, LIMIT, 0, CPU);
	x86_byte(&e->x, MOV_RM_R);
	x86_byte(&e->x, 0x80 | (LIMIT & 7) << 3 | (CPU & 7));
	x86_word32(&e->x, (uint32_t)off);
	x86_mov_imm(&e->x, RAX, result);
	x86_byte(&e->x, 0xc3);
}

/* The exit of a taken branch to this page, its slot done: the limit index moves to count
 * from the target (the instructions up to after retired), and the code goes on at the
 * target when it is an entry whose whole run fits below the limit; else it stops there. */
static void chain_exit(struct emit *e, const struct fixup *f)
{
	limit_imm(e, EXT_ADD, (int32_t)f->target - (int32_t)f->after);
	if (e->entry[f->target]) {
		limit_imm(e, EXT_CMP, (int32_t)e->run_end[f->target]);
		x86_byte(&e->x, 0x0f);
		x86_byte(&e->x, 0x8d);	/* jge */
		e->chains[e->nchains++] = (struct chain_jump){ e->x.p, f->target };
		x86_word32(&e->x, 0);
	}
	leave_at(e, f->target);
}

static bool area_ready(struct hppa_jit *j)
{
	if (j->code || j->off)
		return !j->off;
	if (getenv("PROFEMU_NO_JIT")) {
		j->off = true;
		return false;
	}
	void *m = mmap(NULL, AREA_SIZE, PROT_READ | PROT_WRITE | PROT_EXEC,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (m == MAP_FAILED) {
		j->off = true;	/* the host refuses writable code: interpret everything */
		return false;
	}
	j->code = m;
	j->size = AREA_SIZE;
	j->used = 0;
	return true;
}

bool hppa_jit_translate(struct hppa_cpu *c, struct hppa_code_page *page,
			const void *entry_handler)
{
	memset(page->jit, 0, sizeof page->jit);
	struct hppa_jit *j = &c->jit;
	if (!area_ready(j))
		return true;
	if (j->size - j->used < PAGE_WORST)
		return false;
	/* run_end[i]: the index just past the run holding i (i itself when not translatable);
	 * entry[i]: host code starts there (a run's instruction with another after it, not
	 * inside a run of word accesses, whose first takes them all) */
	uint16_t run_end[HPPA_PAGE_INSNS];
	bool entry[HPPA_PAGE_INSNS] = { false };
	for (unsigned i = HPPA_PAGE_INSNS; i-- > 0;) {
		const struct hppa_insn *in = &page->insn[i];
		bool next_too = i + 1 < HPPA_PAGE_INSNS && run_end[i + 1] > i + 1;
		/* a jump's run ends after it, or after its slot when its exit runs that: the
		 * run then holds all that retires before its target, as the block does
		 * (hppa_dcache.c: a branch's block ends with its straight slot) */
		if (translated_jump(in))
			run_end[i] = (uint16_t)(i + 1 + (i + 1 < HPPA_PAGE_INSNS &&
							 slot_runs_in_exit(in + 1)));
		else
			run_end[i] = (uint16_t)(!translatable(in) ? i :
						next_too ? run_end[i + 1] : i + 1);
	}
	for (unsigned i = 0; i < HPPA_PAGE_INSNS;) {
		const struct hppa_insn *in = &page->insn[i];
		entry[i] = run_end[i] >= i + MIN_RUN;
		i += in->op == HOP_LDW_RUN || in->op == HOP_STW_RUN ? in->mrun : 1;
	}
	/* a jump's slot in its run is no entry: that run ends right after it, and run() would
	 * enter it where the jump's handler runs the slot with the queue not straight */
	for (unsigned i = 0; i + 1 < HPPA_PAGE_INSNS; i++)
		if (translated_jump(&page->insn[i]) && run_end[i] == i + 2)
			entry[i + 1] = false;
	/* 36 KiB: not on the stack of run(), which calls this; profemu runs one host thread */
	static struct emit e;
	e.x.p = j->code + j->used;
	e.nchains = 0;
	e.vaddr = page->vaddr;
	e.run_end = run_end;
	e.entry = entry;
	for (unsigned s = 0; s < HPPA_PAGE_INSNS;) {
		unsigned end = run_end[s];
		if (end - s < MIN_RUN) {
			s = end > s ? end : s + 1;
			continue;
		}
		e.nfix = 0;
		for (unsigned i = s; i < end;) {
			struct hppa_insn *in = &page->insn[i];
			if (entry[i]) {
				memcpy(&page->jit[i], &e.x.p, sizeof e.x.p);
				in->jit_end = (uint16_t)end;
				in->handler = entry_handler;
			}
			i += emit_insn(&e, in, i);
		}
		leave_at(&e, end);
		for (unsigned k = 0; k < e.nfix; k++) {
			const struct fixup *f = &e.fix[k];
			int32_t rel = (int32_t)(e.x.p - (f->rel + 4));
			memcpy(f->rel, &rel, 4);
			if (f->slot)	/* a miss there: the branch taken, its slot not run */
				emit_insn(&e, f->slot, (f->result & 0xffff) | HPPA_JIT_TAKEN << 16);
			if (f->chain)
				chain_exit(&e, f);
			else
				leave_at(&e, f->result);
		}
		s = end;
	}
	for (unsigned k = 0; k < e.nchains; k++) {
		uint8_t *to;
		memcpy(&to, &page->jit[e.chains[k].target], sizeof to);
		int32_t rel = (int32_t)(to - (e.chains[k].rel + 4));
		memcpy(e.chains[k].rel, &rel, 4);
	}
	if ((size_t)(e.x.p - j->code) > j->size)
		abort();	/* PAGE_WORST is the bound of one page's code */
	j->used = (size_t)(e.x.p - j->code);
	return true;
}

#else /* no translator on this host */

bool hppa_jit_translate(struct hppa_cpu *c, struct hppa_code_page *page,
			const void *entry_handler)
{
	(void)entry_handler;
	memset(page->jit, 0, sizeof page->jit);
	c->jit.off = true;
	return true;
}

#endif
