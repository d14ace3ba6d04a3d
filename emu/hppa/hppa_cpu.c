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
#include "hppa_cpu.h"

/* Threaded dispatch pays off when every handler keeps its own indirect jump: stop gcc from
 * merging the identical handler tails back into one. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-crossjumping", "no-gcse")
#endif


#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../byteorder.h"
#include "../guest_mem.h"
#include "hppa_disasm.h"
#include "regs.h"

#define PAGE_MASK 0xfffu
#define HPPA_GR_SINK 32
#define PRIV_USER 3u	/* privilege level kept in the low bits of link registers */
/* run()'s handler table has one entry past the ops: the entry to translated host code */
#define HANDLER_JIT HOP_COUNT

_Static_assert(sizeof(struct hppa_insn) == 32, "the decode cache indexes instructions by shifts");

static struct hppa_cpu *H(struct cpu *c)
{
	return (struct hppa_cpu *)c;
}

/* ---- decode cache ---- */

static bool is_breakpoint(const struct hppa_cpu *c, uint32_t addr)
{
	for (unsigned i = 0; i < c->nbkpts; i++)
		if (c->bkpts[i] == addr)
			return true;
	return false;
}

static void drop_cache(struct hppa_cpu *c)
{
	for (unsigned i = 0; i < HPPA_DCACHE_SLOTS; i++)
		if (c->pages[i])
			c->pages[i]->vaddr = HPPA_NO_PAGE;
	c->cache_gen = c->mem->generation;
	for (unsigned i = 0; i < HPPA_TLB_SLOTS; i++)
		c->rtlb[i].vaddr = c->wtlb[i].vaddr = HPPA_TLB_EMPTY;
}

/* ---- the cache's own forms ---- */

/* Field masks of extract and deposit as the generic handlers clip them. */
static uint32_t low_mask(unsigned len)
{
	return len >= 32 ? 0xffffffffu : (1u << len) - 1;
}

/* The nullification of a conditional branch's delay slot under ,n: when taken forward or
 * not taken backward. */
static bool cbranch_nullifies(const struct hppa_insn *in, bool taken)
{
	return (in->flags & HF_N) && (taken ? in->imm >= 0 : in->imm < 0);
}

/* Rewrites a decoded instruction into one of the interpreter's specialised forms (enum
 * hppa_op: HOP_LDW_NOMOD ...) when it is one: the common forms gcc emits get handlers with no
 * tests of flags, conditions or sizes left. Each form computes what the generic handler
 * would; the fields a fault message or the unaligned path reads are left as they were. */
static void specialise(struct hppa_insn *in)
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
			in->imm = (int32_t)low_mask(len);
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
		uint32_t m = low_mask(len) << shift;
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
	switch (in->op) {
	case HOP_ADDL_FAST: case HOP_COPY: case HOP_LDO: case HOP_LDIL: case HOP_LDW_NOMOD:
	case HOP_LDW_IDX:
	case HOP_ADD_SH: case HOP_ADDL_SH: case HOP_SUB_PLAIN: case HOP_ADDI_PLAIN:
	case HOP_SHL_MASK: case HOP_SHR_MASK: case HOP_SHR_SIGNED: case HOP_AND_IMM: case HOP_OR_IMM:
		if (in->t == 0)
			in->t = HPPA_GR_SINK;
		break;
	default:
		break;
	}
}

/* handlers: run()'s, indexed by enum hppa_op (each cached instruction keeps its own). */
static void decode_one(struct hppa_cpu *c, struct hppa_code_page *p, unsigned i,
		       const void *const *handlers)
{
	uint32_t w = bo_get32(p->host + i * 4, true);
	p->raw[i] = w;
	hppa_decode(w, &p->insn[i]);
	specialise(&p->insn[i]);
	if (c->nbkpts && is_breakpoint(c, p->vaddr + i * 4))
		p->insn[i].op = HOP_BKPT;
	p->insn[i].handler = handlers[p->insn[i].op];
}

/* An instruction a block may hold: anything but a branch, a trap or a breakpoint marker (a
 * block is left early only by a fault or a nullification). */
static bool straight_op(unsigned op)
{
	return op >= HOP_ADD && !(op >= HOP_BL && op <= HOP_BVB) && op < HOP_CMPB_C;
}

/* A branch may end a block: it brings the queue and the count up to itself (BRANCH_START). */
static bool branch_op(unsigned op)
{
	return (op >= HOP_BL && op <= HOP_BVB) || (op >= HOP_CMPB_C && op < HOP_COUNT);
}

/* A conditional branch in its specialised form (CBRANCH_END): not taken, a block goes on. */
static bool cbranch_op(unsigned op)
{
	return op >= HOP_CMPB_C && op < HOP_COUNT;
}

/* The decoded page holding pc, or NULL if it is not mapped executable. */
static struct hppa_code_page *code_page(struct hppa_cpu *c, uint32_t pc,
				       const void *const *handlers)
{
	uint32_t va = pc & ~PAGE_MASK;
	unsigned slot = (va >> HPPA_PAGE_SHIFT) % HPPA_DCACHE_SLOTS;
	struct hppa_code_page *p = c->pages[slot];
	if (c->cache_gen != c->mem->generation)
		drop_cache(c);
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
		decode_one(c, p, i, handlers);
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
		drop_cache(c);
		hppa_jit_reset(&c->jit);
		p->vaddr = va;
		hppa_jit_translate(c, p, handlers[HANDLER_JIT]);
	}
	return p;
}

/* ---- data memory ---- */

/* A TLB miss: the slot is filled from guest_mem. NULL for an address that is not mapped with
 * prot or not aligned to align + 1 (the caller tells which). Out of line so that the hits'
 * paths keep their values in registers. */
__attribute__((noinline, cold)) static uint8_t *tlb_fill(struct hppa_cpu *c, struct hppa_tlb *tlb,
							uint32_t addr, int prot, uint32_t align)
{
	uint32_t va = addr & ~PAGE_MASK;
	if (addr & align)
		return NULL;
	uint8_t *h = gm_host(c->mem, va, 4096, prot);
	if (!h)
		return NULL;
	tlb->vaddr = va;
	tlb->addend = (uintptr_t)h - va;
	return h + (addr & PAGE_MASK);
}

/* The host address of a data access of size align + 1 (a power of two) at addr, or NULL
 * (unaligned or not accessible). One compare checks both the page and the alignment: a
 * slot's tag never has the alignment bits set. */
static inline __attribute__((always_inline)) uint8_t *data_host_aligned(
	struct hppa_cpu *c, struct hppa_tlb *tlbs, uint32_t addr, int prot, uint32_t align)
{
	struct hppa_tlb *tlb = &tlbs[(addr >> HPPA_PAGE_SHIFT) % HPPA_TLB_SLOTS];
	if (__builtin_expect(tlb->vaddr == (addr & (~PAGE_MASK | align)), 1))
		return (uint8_t *)(tlb->addend + addr);
	return tlb_fill(c, tlb, addr, prot, align);
}

static inline __attribute__((always_inline)) uint8_t *data_host(struct hppa_cpu *c, struct hppa_tlb *tlbs, uint32_t addr, int prot)
{
	return data_host_aligned(c, tlbs, addr, prot, 0);
}

static enum cpu_stop mem_fault(struct hppa_cpu *c, struct cpu_fault *f, uint32_t addr, int prot)
{
	const struct gm_region *r = gm_region_at(c->mem, addr);
	f->kind = r ? CPU_FAULT_SEGV_ACCERR : CPU_FAULT_SEGV_MAPERR;
	if (prot == GM_PROT_EXEC)
		f->trap = r ? HPPA_INT_IMEM_PROTECTION : HPPA_INT_ITLB_MISS;
	else
		f->trap = r ? HPPA_INT_DATA_ACCESS_RIGHTS : HPPA_INT_DTLB_MISS;
	f->pc = c->iaoq_f;
	f->addr = addr;
	f->has_addr = true;
	snprintf(f->detail, sizeof f->detail, "%s at 0x%08x", prot == GM_PROT_WRITE ? "write" : "read",
		 addr);
	return CPU_STOP_FAULT;
}

/* The interruption each fault() message stands for (PA-RISC 1.1, chapter 5), kept here so
 * that the run loop's call sites name only the message. */
static const struct { const char *what; unsigned trap; } fault_interruptions[] = {
	{ "illegal instruction", HPPA_INT_ILLEGAL }, { "privileged instruction", HPPA_INT_PRIV_OP },
	{ "break", HPPA_INT_BREAK }, { "signed overflow trap", HPPA_INT_OVERFLOW },
	{ "conditional trap", HPPA_INT_CONDITIONAL },
};

static enum cpu_stop fault(struct hppa_cpu *c, struct cpu_fault *f, enum cpu_fault_kind kind,
			   const char *what, uint32_t word)
{
	f->kind = kind;
	f->trap = HPPA_INT_ILLEGAL;
	for (unsigned i = 0; i < sizeof fault_interruptions / sizeof fault_interruptions[0]; i++)
		if (strcmp(fault_interruptions[i].what, what) == 0)
			f->trap = fault_interruptions[i].trap;
	f->pc = c->iaoq_f;
	f->addr = 0;
	f->has_addr = false;
	snprintf(f->detail, sizeof f->detail, "%s (0x%08x)", what, word);
	return CPU_STOP_FAULT;
}

/* ---- conditions ---- */

/* Arithmetic conditions (PA 1.1 table 5-3/5-4): the add and compare/subtract tables share
 * their formulas on the result, the carry out and the signed overflow. */
static inline __attribute__((always_inline)) bool cond_arith(unsigned cf, uint32_t res, uint32_t carry, uint32_t sv)
{
	bool r, n = (int32_t)res < 0, z = res == 0, v = sv != 0;
	switch (cf >> 1) {
	case 0: r = false; break;
	case 1: r = z; break;
	case 2: r = n != v; break;
	case 3: r = (n != v) || z; break;
	case 4: r = !carry; break;
	case 5: r = !carry || z; break;
	case 6: r = v; break;
	default: r = res & 1; break;
	}
	return r != (cf & 1);
}

/* cond_arith of a - b (cmpb, cmpib) from the operands: the borrow and the signed order are
 * plain compares, which cost less than the carry vector add3 builds. */
static inline __attribute__((always_inline)) bool cond_sub(unsigned cf, uint32_t a, uint32_t b)
{
	bool r;
	int32_t d;
	switch (cf >> 1) {
	case 0: r = false; break;
	case 1: r = a == b; break;
	case 2: r = (int32_t)a < (int32_t)b; break;
	case 3: r = (int32_t)a <= (int32_t)b; break;
	case 4: r = a < b; break;	/* no carry out of a + ~b + 1 */
	case 5: r = a <= b; break;
	case 6: r = __builtin_sub_overflow((int32_t)a, (int32_t)b, &d); break;
	default: r = (a - b) & 1; break;
	}
	return r != (cf & 1);
}

/* cond_arith of res = a + b (addib), likewise from the operands. */
static inline __attribute__((always_inline)) bool cond_add(unsigned cf, uint32_t a, uint32_t b,
							   uint32_t res)
{
	bool r;
	int32_t d;
	bool v = __builtin_add_overflow((int32_t)a, (int32_t)b, &d);
	switch (cf >> 1) {
	case 0: r = false; break;
	case 1: r = res == 0; break;
	case 2: r = ((int32_t)res < 0) != v; break;
	case 3: r = (((int32_t)res < 0) != v) || res == 0; break;
	case 4: r = res >= a; break;	/* no carry out */
	case 5: r = res >= a || res == 0; break;
	case 6: r = v; break;
	default: r = res & 1; break;
	}
	return r != (cf & 1);
}

static inline __attribute__((always_inline)) bool cond_logic(unsigned cf, uint32_t res)
{
	bool r;
	switch (cf >> 1) {
	case 0: r = false; break;
	case 1: r = res == 0; break;
	case 2: r = (int32_t)res < 0; break;
	case 3: r = (int32_t)res <= 0; break;
	default: r = res & 1; break;
	}
	return r != (cf & 1);
}

/* Shift, extract, deposit and MOVB conditions: 3 bits, the upper one negating. */
static inline __attribute__((always_inline)) bool cond_shift(unsigned c3, uint32_t res)
{
	static const uint8_t as_logic[4] = {0, 2, 4, 14};
	return cond_logic(as_logic[c3 & 3] | (c3 >> 2), res);
}

/* Unit conditions on the result and the carry out of each bit. */
static bool cond_unit(unsigned cf, uint32_t res, uint32_t cv)
{
	bool r;
	switch (cf >> 1) {
	case 0: r = false; break;
	case 2: r = ((res - 0x01010101u) & ~res & 0x80808080u) != 0; break;
	case 3: r = ((res - 0x00010001u) & ~res & 0x80008000u) != 0; break;
	case 4: r = (cv & 0x88888888u) != 0; break;
	case 6: r = (cv & 0x80808080u) != 0; break;
	case 7: r = (cv & 0x80008000u) != 0; break;
	default: r = false; break;
	}
	return r != (cf & 1);
}

struct sum {
	uint32_t res, cv, sv;
};

/* a + b + cin with the carry out of every bit and the signed overflow (bit 31). */
static inline __attribute__((always_inline)) struct sum add3(uint32_t a, uint32_t b, uint32_t cin)
{
	struct sum s;
	s.res = a + b + cin;
	s.cv = (a & b) | ((a ^ b) & ~s.res);
	s.sv = (~(a ^ b) & (a ^ s.res)) >> 31;
	return s;
}

/* ---- field operations ---- */

static uint32_t mask_len(unsigned len)
{
	return len >= 32 ? 0xffffffffu : (1u << len) - 1;
}

static uint32_t extract(uint32_t v, unsigned pos, unsigned len, bool sign)
{
	unsigned shift = 31 - pos;
	if (len > pos + 1)
		len = pos + 1;
	uint32_t x = (v >> shift) & mask_len(len);
	if (sign && len < 32 && (x >> (len - 1)) & 1)
		x |= ~mask_len(len);
	return x;
}

static uint32_t deposit(uint32_t old, uint32_t val, unsigned pos, unsigned len)
{
	unsigned shift = 31 - pos;
	if (shift + len > 32)
		len = 32 - shift;
	uint32_t m = mask_len(len) << shift;
	return (old & ~m) | ((val << shift) & m);
}

/* ---- events ---- */

/* The kernel's gateway page. Returns true to go on running. */
static bool gateway(struct hppa_cpu *c, struct cpu_fault *f, enum cpu_stop *stop)
{
	uint32_t pc = c->iaoq_f;
	if ((pc != 0x100 && pc != 0xb0 && pc != 0xe0) || c->iaoq_b != pc + 4) {
		if (pc == 0x100 || pc == 0xb0 || pc == 0xe0)
			*stop = fault(c, f, CPU_FAULT_ILL, "gateway entered from a delay slot", pc);
		else
			*stop = mem_fault(c, f, pc, GM_PROT_EXEC);
		return false;
	}
	c->iaoq_f = c->gr[31] & ~3u;
	c->iaoq_b = c->iaoq_f + 4;
	if (c->iaoq_f < 4096) {
		/* a return into the gateway page itself would run no instruction forever */
		*stop = mem_fault(c, f, c->iaoq_f, GM_PROT_EXEC);
		c->iaoq_f = pc;
		c->iaoq_b = pc + 4;
		return false;
	}
	if (pc == 0xe0)
		c->cr27 = c->gr[26];
	else if (pc == 0x100 && c->ev.syscall)
		c->ev.syscall(c->ev.ctx);
	else if (pc == 0xb0 && c->ev.interrupt)
		c->ev.interrupt(c->ev.ctx, 0xb0);
	return true;
}

/* ---- the loop ---- */

static uint32_t ld(const uint8_t *h, unsigned lg)
{
	switch (lg) {
	case 0: return h[0];
	case 1: return bo_get16(h, true);
	default: return bo_get32(h, true);
	}
}

static void st(uint8_t *h, unsigned lg, uint32_t v)
{
	switch (lg) {
	case 0: h[0] = (uint8_t)v; break;
	case 1: bo_put16(h, (uint16_t)v, true); break;
	default: bo_put32(h, v, true); break;
	}
}

/* Effective address and modified base of a load or store. */
static uint32_t mem_ea(const struct hppa_cpu *c, const struct hppa_insn *in, unsigned lg,
		       uint32_t *newbase)
{
	uint32_t base = c->gr[in->r2];
	uint32_t off = (in->flags & HF_IDX) ?
		c->gr[in->r1] << ((in->flags & HF_SCALE) ? lg : 0) : (uint32_t)in->imm;
	*newbase = base + off;
	return (in->flags & HF_MOD) && !(in->flags & HF_MB) ? base : base + off;
}

/* A call or return is reported when the queue reaches its target, after the delay slot (which
 * belongs to the caller's side) has retired or been nullified: run() raises it from its slow
 * path, as the x86 back end does at the target block. */
static bool pend(struct hppa_cpu *c, int kind, uint32_t site, uint32_t ret, uint32_t target)
{
	if (kind == 1 ? !c->ev.call : !c->ev.ret)
		return false;
	c->pend_kind = kind;
	c->pend_site = site;
	c->pend_ret = ret;
	c->pend_target = target;
	return true;
}

/* A call's branch; one through r31 is held (struct hppa_cpu: held). Returns whether an event
 * is now pending. */
static bool pend_call(struct hppa_cpu *c, unsigned link, uint32_t site, uint32_t ret,
		      uint32_t target)
{
	if (link != 31)
		return pend(c, 1, site, ret, target);
	if (c->ev.call) {
		c->held = true;
		c->held_site = site;
		c->held_ret = ret;
		c->held_target = target;
	}
	return false;
}

/* A branch in a held call's callee: the call is reported as made, before this branch's own
 * event if it has one. Returns whether an event is now pending. */
static bool release_held_call(struct hppa_cpu *c)
{
	if (!c->held)
		return false;
	c->held = false;
	c->held_due = true;
	c->due_site = c->held_site;
	c->due_ret = c->held_ret;
	c->due_target = c->held_target;
	if (!c->pend_kind)
		c->pend_kind = 3;
	return true;
}

/* A BV: $$dyncall's jump on (through neither rp nor r31, a held call's first branch), a
 * return (through rp or r31), or neither. */
static bool pend_bv(struct hppa_cpu *c, const struct hppa_insn *in, uint32_t site,
		    uint32_t target)
{
	if (c->held && in->r1 == 0 && in->r2 != 2 && in->r2 != 31) {
		c->held = false;
		return pend(c, 1, c->held_site, c->held_ret, target);
	}
	bool event = release_held_call(c);
	if (in->r1 == 0 && (in->r2 == 2 || in->r2 == 31))
		event |= pend(c, 2, site, 0, target);
	return event;
}

static void raise_pending(struct hppa_cpu *c)
{
	int kind = c->pend_kind;
	c->pend_kind = 0;
	c->clock.event_at = CLOCK_NEVER;
	clock_update(&c->clock);
	if (c->held_due) {
		c->held_due = false;
		c->ev.call(c->ev.ctx, c->due_site, c->due_ret, c->due_target, c->clock.retired);
	}
	if (kind == 1)
		c->ev.call(c->ev.ctx, c->pend_site, c->pend_ret, c->pend_target, c->clock.retired);
	else if (kind == 2)
		c->ev.ret(c->ev.ctx, c->pend_target, c->clock.retired);
}

/* stop_at is reached (the count written back): --max-insns' CPU_STOP_INSN_LIMIT, or the end
 * of the time slice (cpu_set_quantum), CPU_STOP_REQUESTED -- unless a tick is due at the same
 * count, which is raised first (-1) so that it samples this thread's pc, not the next one's.
 * Out of line and sharing --max-insns' test, the loop's code is what it was without slices
 * (measured: a separate inlined check made a plain loop 4% slower). */
__attribute__((noinline)) static int bound_reached(struct hppa_cpu *c)
{
	if (c->clock.retired >= c->clock.max_insns)
		return CPU_STOP_INSN_LIMIT;
	if (clock_tick_due(&c->clock))
		return -1;
	clock_end_slice(&c->clock);
	return CPU_STOP_REQUESTED;
}

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
		FAIL(mem_fault(c, f, (ea), (prot)));				\
	} while (0)
/* The rest of a word load at ea into in->t (HOP_LDW_*). */
#define LOAD_WORD(ea)								\
	do {									\
		struct hppa_tlb *tlb_ = &c->rtlb[((ea) >> HPPA_PAGE_SHIFT) % HPPA_TLB_SLOTS]; \
		const uint8_t *h_;						\
		if (__builtin_expect(tlb_->vaddr == ((ea) & (~PAGE_MASK | 3u)), 1)) { \
			h_ = (const uint8_t *)(tlb_->addend + (ea));		\
		} else {							\
			h_ = tlb_fill(c, tlb_, (ea), GM_PROT_READ, 3);		\
			if (!h_)						\
				MEM_FAIL((ea), GM_PROT_READ);			\
		}								\
		gr[in->t] = bo_get32(h_, true);					\
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

static enum cpu_stop run(struct cpu *cpu, struct cpu_fault *f)
{
	struct hppa_cpu *c = H(cpu);
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
		[HOP_BKPT] = &&L_HOP_BKPT,
		[HOP_ILLEGAL] = &&L_HOP_ILLEGAL,
		[HOP_PRIV] = &&L_HOP_PRIV,
		[HOP_BREAK] = &&L_HOP_BREAK,
		[HOP_ADDL_FAST] = &&L_HOP_ADDL_FAST,
		[HOP_COPY] = &&L_HOP_COPY,
		[HOP_ADD] = &&L_HOP_ADD,
		[HOP_SUB] = &&L_HOP_SUB,
		[HOP_DS] = &&L_HOP_DS,
		[HOP_CMPCLR] = &&L_HOP_CMPCLR,
		[HOP_OR] = &&L_HOP_OR,
		[HOP_AND] = &&L_HOP_AND,
		[HOP_XOR] = &&L_HOP_XOR,
		[HOP_ANDCM] = &&L_HOP_ANDCM,
		[HOP_UXOR] = &&L_HOP_UXOR,
		[HOP_UADDCM] = &&L_HOP_UADDCM,
		[HOP_DCOR] = &&L_HOP_DCOR,
		[HOP_ADDI] = &&L_HOP_ADDI,
		[HOP_SUBI] = &&L_HOP_SUBI,
		[HOP_CMPICLR] = &&L_HOP_CMPICLR,
		[HOP_LDO] = &&L_HOP_LDO,
		[HOP_LDIL] = &&L_HOP_LDIL,
		[HOP_ADDIL] = &&L_HOP_ADDIL,
		[HOP_LOAD] = &&L_HOP_LOAD,
		[HOP_LDCW] = &&L_HOP_LDCW,
		[HOP_STORE] = &&L_HOP_STORE,
		[HOP_STBY] = &&L_HOP_STBY,
		[HOP_FLOAD] = &&L_HOP_FLOAD,
		[HOP_FSTORE] = &&L_HOP_FSTORE,
		[HOP_BL] = &&L_HOP_BL,
		[HOP_BLR] = &&L_HOP_BLR,
		[HOP_BV] = &&L_HOP_BV,
		[HOP_BE] = &&L_HOP_BE,
		[HOP_BLE] = &&L_HOP_BLE,
		[HOP_GATE] = &&L_HOP_GATE,
		[HOP_CMPB] = &&L_HOP_CMPB,
		[HOP_CMPIB] = &&L_HOP_CMPIB,
		[HOP_ADDB] = &&L_HOP_ADDB,
		[HOP_ADDIB] = &&L_HOP_ADDIB,
		[HOP_MOVB] = &&L_HOP_MOVB,
		[HOP_MOVIB] = &&L_HOP_MOVIB,
		[HOP_BB] = &&L_HOP_BB,
		[HOP_BVB] = &&L_HOP_BVB,
		[HOP_SHRPW] = &&L_HOP_SHRPW,
		[HOP_VSHRPW] = &&L_HOP_VSHRPW,
		[HOP_EXTRU] = &&L_HOP_EXTRU,
		[HOP_EXTRS] = &&L_HOP_EXTRS,
		[HOP_VEXTRU] = &&L_HOP_VEXTRU,
		[HOP_VEXTRS] = &&L_HOP_VEXTRS,
		[HOP_DEP] = &&L_HOP_DEP,
		[HOP_ZDEP] = &&L_HOP_ZDEP,
		[HOP_VDEP] = &&L_HOP_VDEP,
		[HOP_ZVDEP] = &&L_HOP_ZVDEP,
		[HOP_DEPI] = &&L_HOP_DEPI,
		[HOP_ZDEPI] = &&L_HOP_ZDEPI,
		[HOP_VDEPI] = &&L_HOP_VDEPI,
		[HOP_ZVDEPI] = &&L_HOP_ZVDEPI,
		[HOP_MFCTL] = &&L_HOP_MFCTL,
		[HOP_MTSAR] = &&L_HOP_MTSAR,
		[HOP_MFSP] = &&L_HOP_MFSP,
		[HOP_MTSP] = &&L_HOP_MTSP,
		[HOP_SYNC] = &&L_HOP_SYNC,
		[HOP_LDSID] = &&L_HOP_LDSID,
		[HOP_PROBE] = &&L_HOP_PROBE,
		[HOP_FCPY] = &&L_FP,
		[HOP_FABS] = &&L_FP,
		[HOP_FSQRT] = &&L_FP,
		[HOP_FRND] = &&L_FP,
		[HOP_FNEG] = &&L_FP,
		[HOP_FNEGABS] = &&L_FP,
		[HOP_FADD] = &&L_FP,
		[HOP_FSUB] = &&L_FP,
		[HOP_FMPY] = &&L_FP,
		[HOP_FDIV] = &&L_FP,
		[HOP_FREM] = &&L_FP,
		[HOP_FCNV] = &&L_FP,
		[HOP_FCMP] = &&L_FP,
		[HOP_FTEST] = &&L_FP,
		[HOP_XMPYU] = &&L_FP,
		[HOP_FID] = &&L_FP,
		[HOP_LDW_NOMOD] = &&L_HOP_LDW_NOMOD,
		[HOP_LDW_IDX] = &&L_HOP_LDW_IDX,
		[HOP_LDW_RUN] = &&L_HOP_LDW_RUN,
		[HOP_STW_RUN] = &&L_HOP_STW_RUN,
		[HOP_STW_NOMOD] = &&L_HOP_STW_NOMOD,
		[HOP_ADD_SH] = &&L_HOP_ADD_SH,
		[HOP_ADDL_SH] = &&L_HOP_ADDL_SH,
		[HOP_SUB_PLAIN] = &&L_HOP_SUB_PLAIN,
		[HOP_ADDI_PLAIN] = &&L_HOP_ADDI_PLAIN,
		[HOP_SHL_MASK] = &&L_HOP_SHL_MASK,
		[HOP_SHR_MASK] = &&L_HOP_SHR_MASK,
		[HOP_SHR_SIGNED] = &&L_HOP_SHR_SIGNED,
		[HOP_AND_IMM] = &&L_HOP_AND_IMM,
		[HOP_OR_IMM] = &&L_HOP_OR_IMM,
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
			page_va = HPPA_NO_PAGE;	/* an event may change the memory map */
			if (c->pend_kind && retired >= c->clock.event_at) {
				raise_pending(c);
				if (c->stop_req)
					return CPU_STOP_REQUESTED;
				RELOAD();
				continue;
			}
			if (retired >= c->clock.max_insns || retired >= c->clock.quantum_end) {
				int why = bound_reached(c);
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
				if (!gateway(c, f, &stop))
					return stop;
				if (c->stop_req)
					return CPU_STOP_REQUESTED;
				page_va = HPPA_NO_PAGE;
				RELOAD();
				continue;
			}
			page = code_page(c, pc, handlers);
			if (!page)
				return mem_fault(c, f, pc, GM_PROT_EXEC);
			page_va = page->vaddr;
			if (page->writable) {
				/* a writable page's words are checked at each fetch, here: every
				 * instruction there comes back to the top */
				unsigned idx = (pc >> 2) & (HPPA_PAGE_INSNS - 1);
				if (bo_get32(page->host + idx * 4, true) != page->raw[idx])
					decode_one(c, (struct hppa_code_page *)page, idx, handlers);
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
			specialise(&unmarked);
			in = bstart = &unmarked;
			bend = in + 1;
			goto *handlers[in->op];
		L_HOP_ILLEGAL:
			FAIL(fault(c, f, CPU_FAULT_ILL, "illegal instruction", WORD()));
		L_HOP_PRIV:
			FAIL(fault(c, f, CPU_FAULT_ILL, "privileged instruction", WORD()));
		L_HOP_BREAK:
			FAIL(fault(c, f, CPU_FAULT_TRAP, "break", WORD()));

		L_HOP_ADDL_FAST:
			gr[in->t] = gr[in->r1] + gr[in->r2];
			NEXT_PLAIN();
		L_HOP_COPY:
			gr[in->t] = gr[in->r1];
			NEXT_PLAIN();
		L_HOP_ADD: {
			uint32_t a = gr[in->r1], sh = a << in->sub;
			struct sum s = add3(sh, gr[in->r2], (in->flags & HF_CIN) ? c->psw_cb >> 31 : 0);
			if (in->sub && (uint32_t)((int32_t)sh >> in->sub) != a)
				s.sv = 1;	/* bits shifted out overflow too */
			if ((in->flags & HF_TSV) && s.sv)
				FAIL(fault(c, f, CPU_FAULT_FPE, "signed overflow trap", WORD()));
			nul = cond_arith(in->cond, s.res, s.cv >> 31, s.sv);
			if (!(in->flags & HF_NOCB))
				c->psw_cb = s.cv;
			gr[in->t] = s.res;
			goto seq;
		}
		L_HOP_SUB: {
			struct sum s = add3(gr[in->r1], ~gr[in->r2],
					    (in->flags & HF_CIN) ? c->psw_cb >> 31 : 1);
			nul = cond_arith(in->cond, s.res, s.cv >> 31, s.sv);
			if ((in->flags & HF_TSV) && s.sv)
				FAIL(fault(c, f, CPU_FAULT_FPE, "signed overflow trap", WORD()));
			if (in->flags & HF_TC) {
				if (nul)
					FAIL(fault(c, f, CPU_FAULT_FPE, "conditional trap", WORD()));
			} else {
				c->psw_cb = s.cv;
			}
			gr[in->t] = s.res;
			goto seq;
		}
		L_HOP_DS: {
			uint32_t vmask = (int32_t)c->psw_v >> 31;
			uint32_t a = gr[in->r1] << 1 | c->psw_cb >> 31;
			uint32_t b = gr[in->r2];
			struct sum s = add3(a, b ^ vmask, vmask & 1);
			c->psw_cb = s.cv;
			c->psw_v = ((s.cv >> 31) ^ (b >> 31)) << 31;
			nul = cond_arith(in->cond, s.res, s.cv >> 31, s.sv);
			gr[in->t] = s.res;
			goto seq;
		}
		L_HOP_CMPCLR: {
			struct sum s = add3(gr[in->r1], ~gr[in->r2], 1);
			nul = cond_arith(in->cond, s.res, s.cv >> 31, s.sv);
			gr[in->t] = 0;
			goto seq;
		}
		L_HOP_OR: L_HOP_AND: L_HOP_XOR: L_HOP_ANDCM: {
			uint32_t a = gr[in->r1], b = gr[in->r2];
			uint32_t r = in->op == HOP_OR ? a | b : in->op == HOP_AND ? a & b :
				in->op == HOP_XOR ? a ^ b : a & ~b;
			nul = cond_logic(in->cond, r);
			gr[in->t] = r;
			goto seq;
		}
		L_HOP_UXOR: {
			uint32_t r = gr[in->r1] ^ gr[in->r2];
			nul = cond_unit(in->cond, r, 0);
			gr[in->t] = r;
			goto seq;
		}
		L_HOP_UADDCM: {
			struct sum s = add3(gr[in->r1], ~gr[in->r2], 0);
			nul = cond_unit(in->cond, s.res, s.cv);
			if ((in->flags & HF_TC) && nul)
				FAIL(fault(c, f, CPU_FAULT_FPE, "conditional trap", WORD()));
			gr[in->t] = s.res;
			goto seq;
		}
		L_HOP_DCOR: {
			/* decimal correct: 6 in every digit without (dcor) or with (idcor) a carry */
			uint32_t digits = (c->psw_cb >> 3) & 0x11111111u;
			if (!in->sub)
				digits ^= 0x11111111u;
			uint32_t adj = digits * 6;
			uint32_t r = in->sub ? gr[in->r2] + adj : gr[in->r2] - adj;
			nul = cond_unit(in->cond, r, 0);
			gr[in->t] = r;
			goto seq;
		}
		L_HOP_ADDI: {
			struct sum s = add3((uint32_t)in->imm, gr[in->r2], 0);
			nul = cond_arith(in->cond, s.res, s.cv >> 31, s.sv);
			if ((in->flags & HF_TSV) && s.sv)
				FAIL(fault(c, f, CPU_FAULT_FPE, "signed overflow trap", WORD()));
			if ((in->flags & HF_TC) && nul)
				FAIL(fault(c, f, CPU_FAULT_FPE, "conditional trap", WORD()));
			if (in->flags & HF_TC)
				nul = false;
			c->psw_cb = s.cv;
			gr[in->t] = s.res;
			goto seq;
		}
		L_HOP_SUBI: L_HOP_CMPICLR: {
			struct sum s = add3((uint32_t)in->imm, ~gr[in->r2], 1);
			nul = cond_arith(in->cond, s.res, s.cv >> 31, s.sv);
			if (in->op == HOP_CMPICLR) {
				gr[in->t] = 0;
				goto seq;
			}
			if ((in->flags & HF_TSV) && s.sv)
				FAIL(fault(c, f, CPU_FAULT_FPE, "signed overflow trap", WORD()));
			c->psw_cb = s.cv;
			gr[in->t] = s.res;
			goto seq;
		}
		L_HOP_LDO:
			gr[in->t] = gr[in->r2] + (uint32_t)in->imm;
			NEXT_PLAIN();
		L_HOP_LDIL:
			gr[in->t] = (uint32_t)in->imm;
			NEXT_PLAIN();
		L_HOP_ADDIL:
			gr[1] = gr[in->r2] + (uint32_t)in->imm;
			NEXT_PLAIN();

		L_HOP_LOAD: L_HOP_LDCW: {
			uint32_t nb, ea = mem_ea(c, in, in->sub, &nb);
			/* LDCW too needs only word alignment: PA 1.1 asks 16 bytes, PA 2.0 relaxes it,
			 * qemu-hppa checks 4, and gcc's memory barrier (glibc's __tls_init_tp) runs
			 * ldcw on an 8-byte-aligned stack word (tests/unit/test_hppa_cpu.c). */
			if (ea & ((1u << in->sub) - 1)) {
				f->kind = CPU_FAULT_BUS;
				goto unaligned;
			}
			uint8_t *h = data_host(c, in->op == HOP_LDCW ? c->wtlb : c->rtlb, ea,
					       in->op == HOP_LDCW ? GM_PROT_READ | GM_PROT_WRITE : GM_PROT_READ);
			if (!h)
				FAIL(mem_fault(c, f, ea, in->op == HOP_LDCW ? GM_PROT_WRITE : GM_PROT_READ));
			uint32_t v = ld(h, in->sub);
			if (in->op == HOP_LDCW)
				st(h, 2, 0);
			if (in->flags & HF_MOD)
				gr[in->r2] = nb;
			gr[in->t] = v;
			goto seq;
		}
		L_HOP_STORE: {
			uint32_t nb, ea = mem_ea(c, in, in->sub, &nb);
			if (ea & ((1u << in->sub) - 1)) {
				f->kind = CPU_FAULT_BUS;
				goto unaligned;
			}
			uint8_t *h = data_host(c, c->wtlb, ea, GM_PROT_WRITE);
			if (!h)
				FAIL(mem_fault(c, f, ea, GM_PROT_WRITE));
			st(h, in->sub, gr[in->r1]);
			if (in->flags & HF_MOD)
				gr[in->r2] = nb;
			goto seq;
		}
		L_HOP_STBY: {
			uint32_t ea = gr[in->r2] + (uint32_t)in->imm, v = gr[in->r1];
			uint8_t *h = data_host(c, c->wtlb, ea & ~3u, GM_PROT_WRITE);
			unsigned k = ea & 3;
			if (!h)
				FAIL(mem_fault(c, f, ea & ~3u, GM_PROT_WRITE));
			if (in->flags & HF_STBY_E) {
				for (unsigned i = 0; i < k; i++)	/* leftmost k bytes */
					h[i] = (uint8_t)(v >> (24 - 8 * i));
			} else {
				for (unsigned i = k; i < 4; i++)	/* from ea to the word's end */
					h[i] = (uint8_t)(v >> (24 - 8 * i));
			}
			if (in->flags & HF_MOD)
				gr[in->r2] = ea & ~3u;
			goto seq;
		}
		L_HOP_FLOAD: L_HOP_FSTORE: {
			uint32_t nb, ea = mem_ea(c, in, in->sub, &nb);
			bool store = in->op == HOP_FSTORE;
			if (ea & ((1u << in->sub) - 1)) {
				f->kind = CPU_FAULT_BUS;
				goto unaligned;
			}
			uint8_t *h = data_host(c, store ? c->wtlb : c->rtlb, ea,
					       store ? GM_PROT_WRITE : GM_PROT_READ);
			if (!h)
				FAIL(mem_fault(c, f, ea, store ? GM_PROT_WRITE : GM_PROT_READ));
			uint64_t *r = &c->fr[in->sub == 3 ? in->t : in->t >> 1];
			if (in->sub == 3) {
				if (store)
					bo_put64(h, *r, true);
				else
					*r = bo_get64(h, true);
			} else if (store) {
				bo_put32(h, (in->t & 1) ? (uint32_t)*r : (uint32_t)(*r >> 32), true);
			} else if (in->t & 1) {
				*r = (*r & 0xffffffff00000000ull) | bo_get32(h, true);
			} else {
				*r = (*r & 0xffffffffull) | (uint64_t)bo_get32(h, true) << 32;
			}
			if (in->flags & HF_MOD)
				gr[in->r2] = nb;
			goto seq;
		}

		L_HOP_BL: {
			BRANCH_START();
			uint32_t link = next | PRIV_USER;
			next = pc + 8 + (uint32_t)in->imm;
			nul = in->flags & HF_N;
			gr[in->t] = link;
			event = release_held_call(c);
			if (in->t)
				event |= pend_call(c, in->t, pc, link & ~3u, next);
			BRANCH_END();
		}
		L_HOP_BLR: {
			BRANCH_START();
			uint32_t link = next | PRIV_USER;
			next = pc + 8 + (gr[in->r1] << 3);
			nul = in->flags & HF_N;
			gr[in->t] = link;
			event = release_held_call(c);
			if (in->t)
				event |= pend_call(c, in->t, pc, link & ~3u, next);
			BRANCH_END();
		}
		L_HOP_GATE:
			/* PA 1.1 GATE: t keeps its upper 30 bits and gets the privilege level in the
			 * low two; from a page that is not a gateway (every user page) there is no
			 * promotion, so user code sees 3 (qemu-hppa alike). Not a call: no link. */
			BRANCH_START();
			next = pc + 8 + (uint32_t)in->imm;
			nul = in->flags & HF_N;
			if (in->t)
				gr[in->t] |= PRIV_USER;
			event = release_held_call(c);
			BRANCH_END();
		L_HOP_BV:
			BRANCH_START();
			next = (gr[in->r2] + (gr[in->r1] << 3)) & ~3u;
			nul = in->flags & HF_N;
			event = pend_bv(c, in, pc, next);
			BRANCH_END();
		L_HOP_BE: L_HOP_BLE: {
			BRANCH_START();
			uint32_t link = next | PRIV_USER;
			event = release_held_call(c);
			next = (gr[in->r2] + (uint32_t)in->imm) & ~3u;
			nul = in->flags & HF_N;
			if (in->op == HOP_BLE) {
				gr[31] = link;
				c->sr[0] = c->sr[in->sub];
				if (next >= 4096)
					event |= pend(c, 1, pc, link & ~3u, next);
			}
			BRANCH_END();
		}
		L_HOP_CMPB: L_HOP_CMPIB: {
			BRANCH_START();
			uint32_t a = in->op == HOP_CMPB ? gr[in->r1] : (uint32_t)(int8_t)in->r1;
			struct sum s = add3(a, ~gr[in->r2], 1);
			bool taken = cond_arith(in->cond, s.res, s.cv >> 31, s.sv);
			if (taken)
				next = pc + 8 + (uint32_t)in->imm;
			nul = cbranch_nullifies(in, taken);
			BRANCH_END();
		}
		L_HOP_ADDB: L_HOP_ADDIB: {
			BRANCH_START();
			uint32_t a = in->op == HOP_ADDB ? gr[in->r1] : (uint32_t)(int8_t)in->r1;
			struct sum s = add3(a, gr[in->r2], 0);
			bool taken = cond_arith(in->cond, s.res, s.cv >> 31, s.sv);
			gr[in->r2] = s.res;
			if (taken)
				next = pc + 8 + (uint32_t)in->imm;
			nul = cbranch_nullifies(in, taken);
			BRANCH_END();
		}
		L_HOP_MOVB: L_HOP_MOVIB: {
			BRANCH_START();
			uint32_t v = in->op == HOP_MOVB ? gr[in->r1] : (uint32_t)(int8_t)in->r1;
			bool taken = cond_shift(in->cond, v);
			gr[in->r2] = v;
			if (taken)
				next = pc + 8 + (uint32_t)in->imm;
			nul = cbranch_nullifies(in, taken);
			BRANCH_END();
		}
		L_HOP_BB: L_HOP_BVB: {
			BRANCH_START();
			unsigned p = in->op == HOP_BB ? in->sub : c->sar;
			bool bit = (gr[in->r1] >> (31 - p)) & 1;
			bool taken = in->cond ? !bit : bit;
			if (taken)
				next = pc + 8 + (uint32_t)in->imm;
			nul = cbranch_nullifies(in, taken);
			BRANCH_END();
		}

		L_HOP_SHRPW: L_HOP_VSHRPW: {
			unsigned sa = in->op == HOP_SHRPW ? in->sub : c->sar;
			uint32_t r = (uint32_t)(((uint64_t)gr[in->r1] << 32 | gr[in->r2]) >> sa);
			nul = cond_shift(in->cond, r);
			gr[in->t] = r;
			goto seq;
		}
		L_HOP_EXTRU: L_HOP_EXTRS: L_HOP_VEXTRU: L_HOP_VEXTRS: {
			unsigned pos = (in->op == HOP_EXTRU || in->op == HOP_EXTRS) ? in->sub : c->sar;
			uint32_t r = extract(gr[in->r2], pos, in->len,
					     in->op == HOP_EXTRS || in->op == HOP_VEXTRS);
			nul = cond_shift(in->cond, r);
			gr[in->t] = r;
			goto seq;
		}
		L_HOP_DEP: L_HOP_ZDEP: L_HOP_VDEP: L_HOP_ZVDEP:
		L_HOP_DEPI: L_HOP_ZDEPI: L_HOP_VDEPI: L_HOP_ZVDEPI: {
			bool var = in->op == HOP_VDEP || in->op == HOP_ZVDEP || in->op == HOP_VDEPI ||
				in->op == HOP_ZVDEPI;
			bool zero = in->op == HOP_ZDEP || in->op == HOP_ZVDEP || in->op == HOP_ZDEPI ||
				in->op == HOP_ZVDEPI;
			bool imm = in->op >= HOP_DEPI;
			uint32_t val = imm ? (uint32_t)in->imm : gr[in->r1];
			uint32_t r = deposit(zero ? 0 : gr[in->t], val, var ? c->sar : in->sub, in->len);
			nul = cond_shift(in->cond, r);
			gr[in->t] = r;
			goto seq;
		}

		L_HOP_MFCTL:
			gr[in->t] = in->sub == 11 ? c->sar : in->sub == 26 ? c->cr26 : c->cr27;
			goto seq;
		L_HOP_MTSAR:
			c->sar = gr[in->r1] & 31;
			goto seq;
		L_HOP_MFSP:
			gr[in->t] = c->sr[in->sub];
			goto seq;
		L_HOP_MTSP:
			c->sr[in->sub] = gr[in->r1];
			goto seq;
		L_HOP_SYNC:
			goto seq;
		L_HOP_LDSID:
			gr[in->t] = 0;
			goto seq;
		L_HOP_PROBE: {
			int prot = (in->flags & HF_PROBEW) ? GM_PROT_WRITE : GM_PROT_READ;
			gr[in->t] = gm_host(c->mem, gr[in->r2], 1, prot) != NULL;
			goto seq;
		}
		L_FP:
			nul = hppa_fp_exec(c, in);
			goto seq;

		/* the specialised forms (specialise) */
		L_HOP_LDW_RUN:
			WORD_RUN(c->rtlb, gr[in->r2], gr[x_->t] = bo_get32(h_ + x_->imm, true));
			goto L_HOP_LDW_NOMOD;
		L_HOP_STW_RUN:
			WORD_RUN(c->wtlb, gr[in->r2], bo_put32(h_ + x_->imm, gr[x_->r1], true));
			goto L_HOP_STW_NOMOD;
		L_HOP_LDW_NOMOD: {
			uint32_t ea = gr[in->r2] + (uint32_t)in->imm;
			LOAD_WORD(ea);
		}
		L_HOP_LDW_IDX: {
			uint32_t ea = gr[in->r2] + (gr[in->r1] << in->sub);
			LOAD_WORD(ea);
		}
		L_HOP_STW_NOMOD: {
			uint32_t ea = gr[in->r2] + (uint32_t)in->imm;
			struct hppa_tlb *tlb = &c->wtlb[(ea >> HPPA_PAGE_SHIFT) % HPPA_TLB_SLOTS];
			uint8_t *h;
			if (__builtin_expect(tlb->vaddr == (ea & (~PAGE_MASK | 3u)), 1)) {
				h = (uint8_t *)(tlb->addend + ea);
			} else {
				h = tlb_fill(c, tlb, ea, GM_PROT_WRITE, 3);
				if (!h)
					MEM_FAIL(ea, GM_PROT_WRITE);
			}
			bo_put32(h, gr[in->r1], true);
			NEXT_PLAIN();
		}
		L_HOP_ADD_SH: {
			struct sum s = add3(gr[in->r1] << in->sub, gr[in->r2], 0);
			c->psw_cb = s.cv;
			gr[in->t] = s.res;
			NEXT_PLAIN();
		}
		L_HOP_ADDL_SH:
			gr[in->t] = (gr[in->r1] << in->sub) + gr[in->r2];
			NEXT_PLAIN();
		L_HOP_SUB_PLAIN: {
			struct sum s = add3(gr[in->r1], ~gr[in->r2], 1);
			c->psw_cb = s.cv;
			gr[in->t] = s.res;
			NEXT_PLAIN();
		}
		L_HOP_ADDI_PLAIN: {
			struct sum s = add3((uint32_t)in->imm, gr[in->r2], 0);
			c->psw_cb = s.cv;
			gr[in->t] = s.res;
			NEXT_PLAIN();
		}
		L_HOP_SHL_MASK:
			gr[in->t] = (gr[in->r1] << in->sub) & (uint32_t)in->imm;
			NEXT_PLAIN();
		L_HOP_SHR_MASK:
			gr[in->t] = (gr[in->r2] >> in->sub) & (uint32_t)in->imm;
			NEXT_PLAIN();
		L_HOP_SHR_SIGNED:
			gr[in->t] = (uint32_t)((int32_t)(gr[in->r2] << in->sub) >> in->len);
			NEXT_PLAIN();
		L_HOP_AND_IMM:
			gr[in->t] &= (uint32_t)in->imm;
			NEXT_PLAIN();
		L_HOP_OR_IMM:
			gr[in->t] |= (uint32_t)in->imm;
			NEXT_PLAIN();
/* One conditional branch form per condition cf (the condition folds to a few operations). */
#define CMPB_FORM(cf)								\
		L_CMPB_C##cf:							\
			CBRANCH_END(cond_sub(cf, gr[in->r1], gr[in->r2]));	\
		L_CMPIB_C##cf:							\
			CBRANCH_END(cond_sub(cf, (uint32_t)(int8_t)in->r1, gr[in->r2])); \
		L_ADDIB_C##cf: {						\
			uint32_t a_ = (uint32_t)(int8_t)in->r1, b_ = gr[in->r2];	\
			uint32_t res_ = a_ + b_;				\
			gr[in->r2] = res_;					\
			gr[0] = 0;						\
			CBRANCH_END(cond_add(cf, a_, b_, res_));		\
		}
		CMPB_FORM(0) CMPB_FORM(1) CMPB_FORM(2) CMPB_FORM(3)
		CMPB_FORM(4) CMPB_FORM(5) CMPB_FORM(6) CMPB_FORM(7)
		CMPB_FORM(8) CMPB_FORM(9) CMPB_FORM(10) CMPB_FORM(11)
		CMPB_FORM(12) CMPB_FORM(13) CMPB_FORM(14) CMPB_FORM(15)
#undef CMPB_FORM
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
		/* in: a conditional branch the host code found taken (addib's add done) and did
		 * not follow (its target on another page, or a slot it leaves to the handlers),
		 * not yet counted: the block ends with it and its delay slot, as in CBRANCH_END,
		 * the slot run by the host code already, nullified, or run here */
		next = pc + 8 + (uint32_t)in->imm;
		if (jit_kind != HPPA_JIT_TAKEN) {
			retired += jit_kind == HPPA_JIT_TAKEN_SLOT_RUN ? 2 : 1;
			pc = next;
			iaoq_b = next + 4;
			STRAIGHT_DISPATCH();
		}
		retired++;
		pc = iaoq_b;
		iaoq_b = next;
		FETCH_DISPATCH();
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

/* ---- the rest of cpu_ops ---- */

static struct cpu *create(const struct cpu_config *cfg, char *err, size_t errlen)
{
	struct hppa_cpu *c = calloc(1, sizeof *c);
	if (!c) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	c->base.ops = &hppa_cpu_ops;
	c->base.arch = CPU_ARCH_HPPA;
	c->mem = cfg->mem;
	c->ev = cfg->events;
	clock_init(&c->clock, cfg);
	c->cache_gen = cfg->mem->generation;
	for (unsigned i = 0; i < HPPA_TLB_SLOTS; i++)
		c->rtlb[i].vaddr = c->wtlb[i].vaddr = HPPA_TLB_EMPTY;
	return &c->base;
}

static void destroy(struct cpu *cpu)
{
	struct hppa_cpu *c = H(cpu);
	if (!c)
		return;
	for (unsigned i = 0; i < HPPA_DCACHE_SLOTS; i++)
		free(c->pages[i]);
	hppa_jit_free(&c->jit);
	free(c);
}

static void request_stop(struct cpu *cpu)
{
	H(cpu)->stop_req = true;
}

static void request_stop_at_tick(struct cpu *cpu)
{
	struct hppa_cpu *c = H(cpu);
	if (c->in_tick)
		c->stop_at_tick = true;
	else
		c->stop_req = true;
}

static uint64_t get_pc(struct cpu *cpu)
{
	return H(cpu)->iaoq_f;
}

static void set_pc(struct cpu *cpu, uint64_t pc)
{
	struct hppa_cpu *c = H(cpu);
	c->iaoq_f = (uint32_t)pc & ~3u;
	c->iaoq_b = c->iaoq_f + 4;
	c->psw_n = false;
}

static uint32_t psw_get(const struct hppa_cpu *c)
{
	uint32_t psw = (c->psw_n ? HPPA_PSW_N : 0) | (c->psw_v >> 31 ? HPPA_PSW_V : 0);
	for (unsigned k = 0; k < 8; k++)
		psw |= ((c->psw_cb >> (4 * k + 3)) & 1) << (8 + k);
	return psw;
}

static void psw_set(struct hppa_cpu *c, uint32_t psw)
{
	c->psw_n = (psw & HPPA_PSW_N) != 0;
	c->psw_v = (psw & HPPA_PSW_V) ? 1u << 31 : 0;
	c->psw_cb = 0;
	for (unsigned k = 0; k < 8; k++)
		c->psw_cb |= ((psw >> (8 + k)) & 1) << (4 * k + 3);
}

static uint64_t reg(struct cpu *cpu, int r)
{
	struct hppa_cpu *c = H(cpu);
	if (r >= 0 && r < 32)
		return c->gr[r];
	if (r >= HPPA_REG_FR0 && r < HPPA_REG_FR0 + 32)
		return c->fr[r - HPPA_REG_FR0];
	switch (r) {
	case HPPA_REG_PC: return c->iaoq_f;
	case HPPA_REG_SAR: return c->sar;
	case HPPA_REG_CR27: return c->cr27;
	case HPPA_REG_IAOQ_B: return c->iaoq_b;
	case HPPA_REG_PSW: return psw_get(c);
	default: return 0;
	}
}

static void set_reg(struct cpu *cpu, int r, uint64_t v)
{
	struct hppa_cpu *c = H(cpu);
	if (r > 0 && r < 32) {
		c->gr[r] = (uint32_t)v;
		return;
	}
	if (r >= HPPA_REG_FR0 && r < HPPA_REG_FR0 + 32) {
		c->fr[r - HPPA_REG_FR0] = v;
		return;
	}
	switch (r) {
	case HPPA_REG_PC: set_pc(cpu, v); break;
	case HPPA_REG_SAR: c->sar = (uint32_t)v & 31; break;
	case HPPA_REG_CR27: c->cr27 = (uint32_t)v; break;
	case HPPA_REG_IAOQ_B: c->iaoq_b = (uint32_t)v & ~3u; break;
	case HPPA_REG_PSW: psw_set(c, (uint32_t)v); break;
	default: break;
	}
}

static int set_tls(struct cpu *cpu, int which, uint64_t base)
{
	(void)which;
	H(cpu)->cr27 = (uint32_t)base;
	return 0;
}

static int add_breakpoint(struct cpu *cpu, uint64_t addr)
{
	struct hppa_cpu *c = H(cpu);
	if (c->nbkpts == HPPA_MAX_BREAKPOINTS)
		return -1;
	c->bkpts[c->nbkpts++] = (uint32_t)addr;
	drop_cache(c);
	return 0;
}

static uint64_t thread_pointer(struct cpu *cpu)
{
	return H(cpu)->cr27;
}

static uint64_t retired(struct cpu *cpu)
{
	return H(cpu)->clock.retired;
}

static void set_next_tick(struct cpu *cpu, uint64_t interval)
{
	clock_set_next_tick(&H(cpu)->clock, interval);
}

static void charge(struct cpu *cpu, uint64_t n, uint64_t pc)
{
	clock_charge(&H(cpu)->clock, n, (uint32_t)pc);
}

/* The slice ends before the instruction at retired count retired + n: run() stops at its top
 * check, which the clock's limit (bounded by the slice too) already sends it to. */
static void set_quantum(struct cpu *cpu, uint64_t n)
{
	clock_set_quantum(&H(cpu)->clock, n);
}

static bool quantum_expired(struct cpu *cpu)
{
	return H(cpu)->clock.quantum_hit;
}

static void dump_regs(struct cpu *cpu, char *buf, size_t len)
{
	struct hppa_cpu *c = H(cpu);
	size_t pos = 0;
	int n = snprintf(buf, len, "pc  %08x %08x  sar %2u\n", c->iaoq_f, c->iaoq_b, c->sar);
	for (int i = 1; i < 32 && n > 0 && (size_t)n < len - pos; i++) {
		pos += (size_t)n;
		n = snprintf(buf + pos, len - pos, "r%-2d %08x%s", i, c->gr[i],
			     i % 4 == 3 ? "\n" : "  ");
	}
}

const struct cpu_ops hppa_cpu_ops = {
	.create = create,
	.destroy = destroy,
	.run = run,
	.request_stop = request_stop,
	.request_stop_at_tick = request_stop_at_tick,
	.pc = get_pc,
	.set_pc = set_pc,
	.reg = reg,
	.set_reg = set_reg,
	.set_tls = set_tls,
	.add_breakpoint = add_breakpoint,
	.thread_pointer = thread_pointer,
	.retired = retired,
	.set_next_tick = set_next_tick,
	.charge = charge,
	.dump_regs = dump_regs,
	.disasm = hppa_disasm_op,
	.context_new = hppa_context_new,
	.context_free = hppa_context_free,
	.context_save = hppa_context_save,
	.context_restore = hppa_context_restore,
	.set_quantum = set_quantum,
	.quantum_expired = quantum_expired,
};
