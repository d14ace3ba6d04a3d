/* The hppa decode cache: guest pages of decoded instructions (struct hppa_code_page), each
 * instruction rewritten into the interpreter's specialised form when it has one, given its
 * handler in run()'s table, grouped into straight blocks and runs of word accesses, and
 * translated to host code (hppa_jit.c) when the page is not writable. */
#include <stdlib.h>
#include <string.h>

#include "../byteorder.h"
#include "../guest_mem.h"
#include "hppa_alu.h"
#include "hppa_dcache.h"
#include "hppa_jit.h"
#include "hppa_state.h"

_Static_assert(sizeof(struct hppa_insn) == 32, "the decode cache indexes instructions by shifts");

/* ---- decode cache ---- */

static bool is_breakpoint(const struct hppa_cpu *c, uint32_t addr)
{
	for (unsigned i = 0; i < c->nbkpts; i++)
		if (c->bkpts[i] == addr)
			return true;
	return false;
}

/* The data translations, after any map change (guest_mem.generation moved). */
static void drop_tlbs(struct hppa_cpu *c)
{
	c->cache_gen = c->mem->generation;
	for (unsigned i = 0; i < HPPA_TLB_SLOTS; i++)
		c->rtlb[i].vaddr = c->wtlb[i].vaddr = HPPA_TLB_EMPTY;
}

void hppa_drop_cache(struct hppa_cpu *c)
{
	for (unsigned i = 0; i < HPPA_DCACHE_SLOTS; i++)
		if (c->pages[i])
			c->pages[i]->vaddr = HPPA_NO_PAGE;
	drop_tlbs(c);
}

/* Decoded pages with a byte in [start, end) go (cpu_ops.mem_changed): by slot or by page,
 * whichever is fewer. */
static void drop_code_range(struct hppa_cpu *c, uint64_t start, uint64_t end)
{
	uint64_t first = start >> HPPA_PAGE_SHIFT, last = (end - 1) >> HPPA_PAGE_SHIFT;
	if (end <= start)
		return;
	for (unsigned i = 0; i < HPPA_DCACHE_SLOTS; i++) {
		struct hppa_code_page *p = c->pages[i];
		if (p && p->vaddr != HPPA_NO_PAGE && p->vaddr >> HPPA_PAGE_SHIFT >= first &&
		    p->vaddr >> HPPA_PAGE_SHIFT <= last)
			p->vaddr = HPPA_NO_PAGE;
	}
}

/* What guest_mem says changed: pages that held code and were remapped, reprotected or written
 * by profemu (a read() into them) are decoded again when next run; any change makes the data
 * translations stale, which hppa_code_page sees from the generation. */
int hppa_op_mem_changed(struct cpu *cpu, const struct gm_change *ch)
{
	struct hppa_cpu *c = (struct hppa_cpu *)cpu;
	if (ch->what == GM_WINDOW_REMOVED)
		hppa_drop_cache(c);
	else if ((ch->what == GM_PAGES_CHANGED && ch->had_exec) || ch->what == GM_CODE_WRITTEN)
		drop_code_range(c, ch->start, ch->end);
	return 0;
}

/* fic: the decoded page holding addr, if any, is decoded (and translated) again when next run. */
void hppa_forget_code(struct hppa_cpu *c, uint32_t addr)
{
	uint32_t va = addr & ~PAGE_MASK;
	struct hppa_code_page *p = c->pages[(va >> HPPA_PAGE_SHIFT) % HPPA_DCACHE_SLOTS];
	if (p && p->vaddr == va)
		p->vaddr = HPPA_NO_PAGE;
}

/* ---- the cache's own forms ---- */

/* Rewrites a decoded instruction into one of the interpreter's specialised forms (enum
 * hppa_op: HOP_LDW_NOMOD ...) when it is one: the common forms gcc emits get handlers with no
 * tests of flags, conditions or sizes left. Each form computes what the generic handler
 * would; the fields a fault message or the unaligned path reads are left as they were. */
void hppa_specialise(struct hppa_insn *in)
{
	bool plain = in->cond == 0;
	switch (in->op) {
	case HOP_LOAD:
		if (in->sub == 2 && !(in->flags & (HF_MOD | HF_IDX))) {
			in->op = HOP_LDW_NOMOD;
		} else if (in->sub == 2 && !(in->flags & HF_MOD)) {
			in->op = HOP_LDW_IDX;
			in->sub = (in->flags & HF_SCALE) ? 2 : 0;
		}
		break;
	case HOP_STORE:
		if (in->sub == 2 && !(in->flags & (HF_MOD | HF_IDX)))
			in->op = HOP_STW_NOMOD;
		break;
	case HOP_ADD:
		if (plain && !(in->flags & (HF_CIN | HF_TSV)))
			in->op = (in->flags & HF_NOCB) ? HOP_ADDL_SH : HOP_ADD_SH;
		break;
	case HOP_SUB:
		if (plain && !in->flags)
			in->op = HOP_SUB_PLAIN;
		break;
	case HOP_ADDI:
		if (plain && !in->flags)
			in->op = HOP_ADDI_PLAIN;
		break;
	case HOP_EXTRU: case HOP_EXTRS: {
		unsigned shift = 31u - in->sub, len = in->len;
		if (!plain || in->sub > 31)
			break;
		if (len > in->sub + 1u)
			len = in->sub + 1u;
		if (len == 0)
			break;
		if (in->op == HOP_EXTRU) {
			in->op = HOP_SHR_MASK;
			in->sub = (uint8_t)shift;
			in->imm = (int32_t)mask_len(len);
		} else {
			in->op = HOP_SHR_SIGNED;
			in->sub = (uint8_t)(32 - shift - len);
			in->len = (uint8_t)(32 - len);
		}
		break;
	}
	case HOP_ZDEP: case HOP_ZDEPI: case HOP_DEPI: {
		unsigned shift = 31u - in->sub, len = in->len;
		if (!plain || in->sub > 31)
			break;
		if (shift + len > 32)
			len = 32 - shift;
		uint32_t m = mask_len(len) << shift;
		uint32_t bits = ((uint32_t)in->imm << shift) & m;
		if (in->op == HOP_ZDEP) {
			in->op = HOP_SHL_MASK;
			in->sub = (uint8_t)shift;
			in->imm = (int32_t)m;
		} else if (in->op == HOP_ZDEPI) {
			in->op = HOP_LDIL;	/* a constant */
			in->imm = (int32_t)bits;
		} else if (bits == 0) {
			in->op = HOP_AND_IMM;
			in->imm = (int32_t)~m;
		} else if (bits == m) {
			in->op = HOP_OR_IMM;
			in->imm = (int32_t)m;
		}
		break;
	}
	case HOP_CMPB: case HOP_CMPIB: case HOP_ADDIB:
		/* len: bit 0 nullifies the delay slot when taken, bit 1 when not (CBRANCH_END) */
		in->len = (uint8_t)(cbranch_nullifies(in, true) | cbranch_nullifies(in, false) << 1);
		in->op = (uint8_t)((in->op == HOP_CMPB ? HOP_CMPB_C : in->op == HOP_CMPIB ?
				    HOP_CMPIB_C : HOP_ADDIB_C) + (in->cond & 15));
		break;
	default:
		break;
	}
	/* The forms whose tail does not clear gr[0] (NEXT_PLAIN) write a target r0 to the sink. */
	if (hppa_role_of(in->op) == HROLE_SINK && in->t == 0)
		in->t = HPPA_GR_SINK;
}

/* handlers: run()'s, indexed by enum hppa_op (each cached instruction keeps its own). */
void hppa_decode_one(struct hppa_cpu *c, struct hppa_code_page *p, unsigned i,
		       const void *const *handlers)
{
	uint32_t w = bo_get32(p->host + i * 4, BO_BIG);
	p->raw[i] = w;
	hppa_decode(w, &p->insn[i]);
	hppa_specialise(&p->insn[i]);
	if (c->nbkpts && is_breakpoint(c, p->vaddr + i * 4))
		p->insn[i].op = HOP_BKPT;
	p->insn[i].handler = handlers[p->insn[i].op];
}

/* An instruction a block may hold: anything but a branch, a trap or a breakpoint marker (a
 * block is left early only by a fault or a nullification). */
static bool straight_op(unsigned op)
{
	enum hppa_block_role r = hppa_role_of(op);
	return r == HROLE_STRAIGHT || r == HROLE_SINK;
}

/* A branch may end a block: it brings the queue and the count up to itself (BRANCH_START). */
static bool branch_op(unsigned op)
{
	enum hppa_block_role r = hppa_role_of(op);
	return r == HROLE_BRANCH || r == HROLE_CBRANCH;
}

/* A conditional branch in its specialised form (CBRANCH_END): not taken, a block goes on. */
static bool cbranch_op(unsigned op)
{
	return hppa_role_of(op) == HROLE_CBRANCH;
}

/* The decoded page holding pc, or NULL if it is not mapped executable. */
struct hppa_code_page *hppa_code_page(struct hppa_cpu *c, uint32_t pc,
				       const void *const *handlers)
{
	uint32_t va = pc & ~PAGE_MASK;
	unsigned slot = (va >> HPPA_PAGE_SHIFT) % HPPA_DCACHE_SLOTS;
	struct hppa_code_page *p = c->pages[slot];
	if (c->cache_gen != c->mem->generation)
		drop_tlbs(c);
	if (p && p->vaddr == va)
		return p;
	const struct gm_region *r = gm_region_at(c->mem, va);
	if (!r || !(r->prot & GM_PROT_EXEC) || r->end - va < 4096)
		return NULL;
	if (!p) {
		p = malloc(sizeof *p);
		if (!p)
			return NULL;
		c->pages[slot] = p;
	}
	p->vaddr = va;
	p->host = r->host + (va - r->start);
	p->writable = (r->prot & GM_PROT_WRITE) != 0;
	for (unsigned i = 0; i < HPPA_PAGE_INSNS; i++)
		hppa_decode_one(c, p, i, handlers);
	/* Runs of word accesses through one base (struct hppa_insn: mrun). A load whose target
	 * is the base ends its run. */
	for (unsigned i = HPPA_PAGE_INSNS; i-- > 0;) {
		struct hppa_insn *in = &p->insn[i], *nx = in + 1;
		in->mrun = 1;
		in->mlo = in->mhi = (int16_t)in->imm;
		if ((in->op != HOP_LDW_NOMOD && in->op != HOP_STW_NOMOD) || (in->imm & 3) ||
		    i + 1 == HPPA_PAGE_INSNS || nx->op != in->op || nx->r2 != in->r2 ||
		    (nx->imm & 3) || (in->op == HOP_LDW_NOMOD && in->t == in->r2))
			continue;
		in->mrun = (uint16_t)(nx->mrun + 1);
		in->mlo = in->mlo < nx->mlo ? in->mlo : nx->mlo;
		in->mhi = in->mhi > nx->mhi ? in->mhi : nx->mhi;
	}
	/* only a run's accesses pay for its test */
	for (unsigned i = 0; i < HPPA_PAGE_INSNS; i++) {
		struct hppa_insn *in = &p->insn[i];
		if (in->mrun > 1) {
			in->op = in->op == HOP_LDW_NOMOD ? HOP_LDW_RUN : HOP_STW_RUN;
			in->handler = handlers[in->op];
		}
	}
	/* A writable page is checked word by word at each fetch, so it runs no blocks. */
	unsigned run = 0;
	for (unsigned i = HPPA_PAGE_INSNS; i-- > 0;) {
		unsigned op = p->insn[i].op;
		/* a branch's block takes its delay slot too when that is straight code on this
		 * page (the slot runs as the block's last instruction: BRANCH_END); a block
		 * runs on through a conditional branch, which ends it only when taken */
		run = straight_op(op) || cbranch_op(op) ? run + 1 :
			branch_op(op) ? 1u + (i + 1 < HPPA_PAGE_INSNS && straight_op(p->insn[i + 1].op)) : 0;
		/* at least 1: a group always runs its first instruction (STRAIGHT_DISPATCH) */
		p->insn[i].straight = p->writable || run < 1 ? 1 : run;
	}
	if (p->writable) {
		memset(p->jit, 0, sizeof p->jit);
	} else if (!hppa_jit_translate(c, p, handlers[HANDLER_JIT])) {
		/* the code area is full: every page is decoded and translated again */
		hppa_drop_cache(c);
		hppa_jit_reset(&c->jit);
		p->vaddr = va;
		hppa_jit_translate(c, p, handlers[HANDLER_JIT]);
	}
	return p;
}
