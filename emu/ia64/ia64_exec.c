/* IA-64 instruction semantics: one decoded slot at a time (ia64_exec). Integer unit,
 * predicates, branches with the loop counters and register rotation, memory access, the
 * register stack, and the FP register file as far as integer code uses it (setf/getf, xma,
 * fmerge, spill/fill and 8-byte moves). NaT bits are kept for spill/fill and ld.s; deferred
 * exceptions of ld.s give NaT. What is not interpreted yet stops with an illegal-operation
 * fault naming the instruction. */
#include <stdio.h>
#include <string.h>

#include "ia64_cpu_internal.h"
#include "ia64_disasm.h"
#include "ia64_mem.h"

enum ia64_outcome ia64_fault_at(struct cpu_fault *f, enum cpu_fault_kind kind, uint64_t pc,
			       uint64_t addr, bool has_addr, const char *why)
{
	f->kind = kind;
	f->pc = pc;
	f->addr = addr;
	f->has_addr = has_addr;
	size_t n = strlen(why);
	if (n >= sizeof f->detail)
		n = sizeof f->detail - 1;
	memcpy(f->detail, why, n);
	f->detail[n] = 0;
	return IA64_FAULT;
}

static enum ia64_outcome unsupported(struct ia64_cpu *c, const struct ia64_insn *in,
				     uint64_t bundle, struct cpu_fault *f)
{
	static const char prefix[] = "IA-64 instruction not interpreted yet: ";
	char why[sizeof f->detail];
	memcpy(why, prefix, sizeof prefix);
	ia64_disasm_insn(why + sizeof prefix - 1, sizeof why - (sizeof prefix - 1), in, bundle,
			 false);
	return ia64_fault_at(f, CPU_FAULT_ILL, bundle | c->slot, 0, false, why);
}

static enum ia64_outcome mem_fault(struct ia64_cpu *c, uint64_t bundle, uint64_t addr,
				   struct cpu_fault *f)
{
	const struct gm_region *r = gm_region_at(c->mem, addr);
	return ia64_fault_at(f, r ? CPU_FAULT_SEGV_ACCERR : CPU_FAULT_SEGV_MAPERR, bundle | c->slot, addr,
			true, "");
}

bool ia64_tlb_fill(struct ia64_cpu *c, struct ia64_tlb *t, uint64_t addr, int prot)
{
	const struct gm_region *r = gm_region_at(c->mem, addr);
	if (!r || (r->prot & prot) != prot)
		return false;
	t->start = r->start;
	t->end = r->end;
	t->host = r->host;
	t->generation = c->mem->generation;
	return true;
}

static inline uint64_t mask_bits(unsigned len)
{
	return len >= 64 ? ~0ULL : (1ULL << len) - 1;
}

static inline uint64_t zext(uint64_t v, unsigned bytes)
{
	return bytes >= 8 ? v : v & ((1ULL << (8 * bytes)) - 1);
}

static inline uint64_t sext_bytes(uint64_t v, unsigned bytes)
{
	if (bytes >= 8)
		return v;
	unsigned sh = 64 - 8 * bytes;
	return (uint64_t)((int64_t)(v << sh) >> sh);
}

/* addp4's 32-bit address with the region bits from r3 (bits 31:30 -> 62:61). */
static inline uint64_t p4(uint64_t sum, uint64_t r3)
{
	return (sum & 0xffffffffULL) | (r3 >> 30 & 3) << 61;
}

/* ---- compares ---- */

static bool relation(unsigned crel, uint64_t a, uint64_t b, bool cmp4)
{
	int64_t sa = (int64_t)a, sb = (int64_t)b;
	if (cmp4) {
		sa = (int32_t)(uint32_t)a;
		sb = (int32_t)(uint32_t)b;
		a = (uint32_t)a;
		b = (uint32_t)b;
	}
	switch (crel) {
	case IA64_CREL_EQ: return a == b;
	case IA64_CREL_NE: return a != b;
	case IA64_CREL_LT: return sa < sb;
	case IA64_CREL_LE: return sa <= sb;
	case IA64_CREL_GT: return sa > sb;
	case IA64_CREL_GE: return sa >= sb;
	case IA64_CREL_LTU: return a < b;
	default: return false;
	}
}

/* Writes a compare's result into p1/p2 according to its type (the qp is true here). */
static void set_predicates(struct ia64_cpu *c, const struct ia64_insn *in, bool res)
{
	switch (in->ctype) {
	case IA64_CTYPE_NONE:
	case IA64_CTYPE_UNC:
		ia64_set_pr(c, in->p1, res);
		ia64_set_pr(c, in->p2, !res);
		break;
	case IA64_CTYPE_AND:
		if (!res) {
			ia64_set_pr(c, in->p1, false);
			ia64_set_pr(c, in->p2, false);
		}
		break;
	case IA64_CTYPE_OR:
		if (res) {
			ia64_set_pr(c, in->p1, true);
			ia64_set_pr(c, in->p2, true);
		}
		break;
	case IA64_CTYPE_OR_ANDCM:
		if (res) {
			ia64_set_pr(c, in->p1, true);
			ia64_set_pr(c, in->p2, false);
		}
		break;
	}
}

static void set_nat(struct ia64_cpu *c, unsigned r, bool nat)
{
	if (r == 0)
		return;
	if (r < 32)
		c->nat[r] = nat;
	else if (r - 32 < c->sof)
		c->stacked_nat[ia64_stacked_index(c, r - 32)] = nat;
}

/* ---- czx ---- */

unsigned ia64_czx(uint64_t v, unsigned size, bool left)
{
	unsigned n = 8 / size;
	uint64_t m = size == 1 ? 0xff : 0xffff;
	for (unsigned k = 0; k < n; k++) {
		unsigned e = left ? n - 1 - k : k;
		if ((v >> (8 * size * e) & m) == 0)
			return k;
	}
	return n;
}

/* ---- floating-point registers as integer code uses them ---- */

bool ia64_exec_fp_fast(struct ia64_cpu *c, const struct ia64_insn *in)
{
	return ia64_fp_exec_fast(c, in, ia64_fr_get, ia64_fr_set);
}

static enum ia64_outcome exec_fp(struct ia64_cpu *c, const struct ia64_insn *in,
				 uint64_t bundle, struct cpu_fault *f)
{
	switch (in->op) {
	case IA64_OP_SETF:
		ia64_fr_set(c, in->r1, ia64_fr_setf(ia64_gr(c, in->r2), in->sz));
		return IA64_NEXT;
	case IA64_OP_GETF: {
		struct ia64_fr v = ia64_fr_get(c, in->r2);
		uint64_t r;
		switch (in->sz) {
		case 0: r = v.sig; break;
		case 1: r = (uint64_t)v.sign << 17 | v.exp; break;
		case 2: r = ia64_fr_to_ieee(v, 8, 23); break;
		default: r = ia64_fr_to_ieee(v, 11, 52); break;
		}
		ia64_set_gr(c, in->r1, r);
		return IA64_NEXT;
	}
	case IA64_OP_XMA: {
		unsigned __int128 a = ia64_fr_get(c, in->r3).sig, b = ia64_fr_get(c, in->pos).sig;
		uint64_t add = ia64_fr_get(c, in->r2).sig, r;
		if (in->btype == 0) {
			r = (uint64_t)(a * b) + add;
		} else if (in->btype == 2) {
			r = (uint64_t)((a * b + add) >> 64);
		} else {
			__int128 s = (__int128)(int64_t)a * (int64_t)b + (int64_t)add;
			r = (uint64_t)(s >> 64);
		}
		ia64_fr_set(c, in->r1, (struct ia64_fr){ r, IA64_FR_INTEGER_EXP, false });
		return IA64_NEXT;
	}
	default:
		if (ia64_fp_exec(c, in, ia64_fr_get, ia64_fr_set))
			return IA64_NEXT;
		return unsupported(c, in, bundle, f);
	}
}

/* ---- memory ---- */

static enum ia64_outcome exec_mem(struct ia64_cpu *c, const struct ia64_insn *in,
				  uint64_t bundle, struct cpu_fault *f)
{
	uint64_t addr = ia64_gr(c, in->r3), v;
	switch (in->op) {
	case IA64_OP_LD:
		if (ia64_mem_get(c, addr, in->sz, &v) < 0) {
			if (in->ldtype == IA64_LD_S || in->ldtype == IA64_LD_SA) {
				ia64_set_gr(c, in->r1, 0);	/* deferred: NaT */
				set_nat(c, in->r1, true);
				break;
			}
			return mem_fault(c, bundle, addr, f);
		}
		ia64_set_gr(c, in->r1, v);
		if (in->ldtype == IA64_LD_FILL)
			set_nat(c, in->r1, c->ar[IA64_AR_UNAT] >> (addr >> 3 & 63) & 1);
		break;
	case IA64_OP_ST:
		if (ia64_mem_put(c, addr, in->sz, ia64_gr(c, in->r2)) < 0)
			return mem_fault(c, bundle, addr, f);
		if (in->ldtype == IA64_ST_SPILL) {
			uint64_t bit = 1ULL << (addr >> 3 & 63);
			c->ar[IA64_AR_UNAT] = ia64_gr_nat(c, in->r2) ? c->ar[IA64_AR_UNAT] | bit
								    : c->ar[IA64_AR_UNAT] & ~bit;
		}
		break;
	case IA64_OP_LDF: case IA64_OP_STF: {
		bool store = in->op == IA64_OP_STF;
		unsigned fmt = in->btype;	/* 0 e, 1 8, 2 s, 3 d */
		if (in->ldtype == IA64_LD_FILL || in->ldtype == IA64_ST_SPILL) {
			uint64_t lo, hi;
			if (store) {
				struct ia64_fr r = ia64_fr_get(c, in->r2);
				if (ia64_mem_put(c, addr, 8, r.sig) < 0 ||
				    ia64_mem_put(c, addr + 8, 8, (uint64_t)r.sign << 17 | r.exp) < 0)
					return mem_fault(c, bundle, addr, f);
			} else {
				if (ia64_mem_get(c, addr, 8, &lo) < 0 || ia64_mem_get(c, addr + 8, 8, &hi) < 0)
					return mem_fault(c, bundle, addr, f);
				ia64_fr_set(c, in->r1, (struct ia64_fr){ lo, (uint32_t)(hi & 0x1ffff), hi >> 17 & 1 });
			}
		} else if (fmt == 0) {	/* ldfe/stfe: the 80-bit memory format (ia64_fp.c) */
			uint64_t se;
			if (store) {
				struct ia64_fr r = ia64_fr_get(c, in->r2);
				if (ia64_mem_put(c, addr, 8, r.sig) < 0 ||
				    ia64_mem_put(c, addr + 8, 2, ia64_fr_to_ext80(r)) < 0)
					return mem_fault(c, bundle, addr, f);
			} else if (ia64_mem_get(c, addr, 8, &v) < 0 || ia64_mem_get(c, addr + 8, 2, &se) < 0) {
				if (in->ldtype != IA64_LD_S && in->ldtype != IA64_LD_SA)
					return mem_fault(c, bundle, addr, f);
			} else {
				ia64_fr_set(c, in->r1, ia64_fr_from_ext80(v, (uint16_t)se));
			}
		} else if (store) {
			struct ia64_fr r = ia64_fr_get(c, in->r2);
			uint64_t bits = fmt == 1 ? r.sig : fmt == 2 ? ia64_fr_to_ieee(r, 8, 23)
								    : ia64_fr_to_ieee(r, 11, 52);
			if (ia64_mem_put(c, addr, fmt == 2 ? 4 : 8, bits) < 0)
				return mem_fault(c, bundle, addr, f);
		} else {
			if (ia64_mem_get(c, addr, fmt == 2 ? 4 : 8, &v) < 0) {
				if (in->ldtype == IA64_LD_S || in->ldtype == IA64_LD_SA)
					break;
				return mem_fault(c, bundle, addr, f);
			}
			ia64_fr_set(c, in->r1, fmt == 1 ? (struct ia64_fr){ v, IA64_FR_INTEGER_EXP, false }
				   : fmt == 2 ? ia64_fr_from_ieee(v, 8, 23) : ia64_fr_from_ieee(v, 11, 52));
		}
		break;
	}
	case IA64_OP_LDFP: {	/* two 8-byte integers (ldfp8), singles or doubles */
		unsigned each = in->sz == 2 ? 4 : 8;
		uint64_t w[2];
		for (unsigned k = 0; k < 2; k++)
			if (ia64_mem_get(c, addr + k * each, each, &w[k]) < 0) {
				if (in->ldtype == IA64_LD_S || in->ldtype == IA64_LD_SA)
					goto post;
				return mem_fault(c, bundle, addr + k * each, f);
			}
		for (unsigned k = 0; k < 2; k++)
			ia64_fr_set(c, k ? in->r2 : in->r1,
			       in->sz == 1 ? (struct ia64_fr){ w[k], IA64_FR_INTEGER_EXP, false }
			       : in->sz == 2 ? ia64_fr_from_ieee(w[k], 8, 23) : ia64_fr_from_ieee(w[k], 11, 52));
		break;
	}
	case IA64_OP_LFETCH:
		break;
	case IA64_OP_LD16: case IA64_OP_ST16: {	/* r1/r2 the 8 bytes at addr, ar.csd the next */
		uint64_t hi;
		if (in->op == IA64_OP_LD16) {
			if (ia64_mem_get(c, addr, 8, &v) < 0 || ia64_mem_get(c, addr + 8, 8, &hi) < 0)
				return mem_fault(c, bundle, addr, f);
			ia64_set_gr(c, in->r1, v);
			c->ar[IA64_AR_CSD] = hi;
		} else if (ia64_mem_put(c, addr, 8, ia64_gr(c, in->r2)) < 0 ||
			   ia64_mem_put(c, addr + 8, 8, c->ar[IA64_AR_CSD]) < 0) {
			return mem_fault(c, bundle, addr, f);
		}
		return IA64_NEXT;
	}
	case IA64_OP_CMP8XCHG16: {	/* the addressed half gets r2, the other half ar.csd */
		if (ia64_mem_get(c, addr, 8, &v) < 0)
			return mem_fault(c, bundle, addr, f);
		if (v == c->ar[IA64_AR_CCV] &&
		    (ia64_mem_put(c, addr, 8, ia64_gr(c, in->r2)) < 0 ||
		     ia64_mem_put(c, addr ^ 8, 8, c->ar[IA64_AR_CSD]) < 0))
			return mem_fault(c, bundle, addr, f);
		ia64_set_gr(c, in->r1, v);
		return IA64_NEXT;
	}
	case IA64_OP_PROBE: {	/* variant: 0 r, 1 w, 2 r.fault, 3 rw.fault, 4 w.fault */
		static const int prot[] = { GM_PROT_READ, GM_PROT_WRITE, GM_PROT_READ,
					    GM_PROT_READ | GM_PROT_WRITE, GM_PROT_WRITE };
		const struct gm_region *r = gm_region_at(c->mem, addr);
		bool ok = r && (r->prot & prot[in->variant % 5]) == prot[in->variant % 5];
		if (in->variant >= 2) {
			if (!ok)
				return mem_fault(c, bundle, addr, f);
		} else {
			ia64_set_gr(c, in->r1, ok);
		}
		return IA64_NEXT;
	}
	case IA64_OP_CMPXCHG: case IA64_OP_XCHG: case IA64_OP_FETCHADD: {
		if (ia64_mem_get(c, addr, in->sz, &v) < 0)
			return mem_fault(c, bundle, addr, f);
		uint64_t nv = v;
		bool write = true;
		if (in->op == IA64_OP_CMPXCHG)
			write = v == zext(c->ar[IA64_AR_CCV], in->sz), nv = ia64_gr(c, in->r2);
		else if (in->op == IA64_OP_XCHG)
			nv = ia64_gr(c, in->r2);
		else
			nv = v + (uint64_t)in->imm;
		if (write && ia64_mem_put(c, addr, in->sz, nv) < 0)
			return mem_fault(c, bundle, addr, f);
		ia64_set_gr(c, in->r1, v);
		return IA64_NEXT;
	}
	default:
		return unsupported(c, in, bundle, f);
	}
post:
	if (in->post == IA64_POST_REG)
		ia64_set_gr(c, in->r3, addr + ia64_gr(c, in->r2));
	else if (in->post == IA64_POST_IMM)
		ia64_set_gr(c, in->r3, addr + (uint64_t)in->imm);
	return IA64_NEXT;
}

/* ---- branches ---- */

static void rotate(struct ia64_cpu *c)
{
	if (c->sor)
		c->rrb_gr = (c->rrb_gr + c->sor - 1) % c->sor;
	c->rrb_fr = (c->rrb_fr + 95) % 96;
	c->rrb_pr = (c->rrb_pr + 47) % 48;
}

static enum ia64_outcome taken(struct ia64_cpu *c, uint64_t target)
{
	c->ip = target & ~15ULL;
	c->slot = 0;
	return IA64_TAKEN;
}

bool ia64_loop_branch(struct ia64_cpu *c, const struct ia64_insn *in)
{
	uint64_t *lc = &c->ar[IA64_AR_LC], *ec = &c->ar[IA64_AR_EC];
	bool counted = in->btype == 6 || in->btype == 7;	/* cexit, ctop */
	bool go_on = counted ? *lc != 0 : ia64_pr(c, in->qp);
	if (go_on) {
		if (counted)
			(*lc)--;
		ia64_set_pr(c, 63, counted);
		rotate(c);
		return true;
	}
	if ((*ec & 63) > 1) {
		(*ec)--;
		ia64_set_pr(c, 63, false);
		rotate(c);
		return true;
	}
	if ((*ec & 63) == 1) {
		(*ec)--;
		ia64_set_pr(c, 63, false);
		rotate(c);
	}
	return false;
}

static enum ia64_outcome exec_branch(struct ia64_cpu *c, const struct ia64_insn *in,
				     uint64_t bundle, struct cpu_fault *f)
{
	uint64_t target = bundle + (uint64_t)in->imm;
	switch (in->op) {
	case IA64_OP_BR:
		switch (in->btype) {
		case 0: return taken(c, target);
		case 5:
			if (c->ar[IA64_AR_LC] == 0)
				return IA64_NEXT;
			c->ar[IA64_AR_LC]--;
			return taken(c, target);
		case 2: case 6:	/* wexit, cexit: taken when the loop ends */
			return ia64_loop_branch(c, in) ? IA64_NEXT : taken(c, target);
		case 3: case 7:	/* wtop, ctop */
			return ia64_loop_branch(c, in) ? taken(c, target) : IA64_NEXT;
		default:
			return unsupported(c, in, bundle, f);
		}
	case IA64_OP_BR_IND:
		if (in->btype != 0)
			return unsupported(c, in, bundle, f);
		return taken(c, c->br[in->r2]);
	case IA64_OP_BR_CALL: case IA64_OP_BR_CALL_IND: case IA64_OP_BRL_CALL: {
		if (in->op == IA64_OP_BR_CALL_IND)
			target = c->br[in->r2] & ~15ULL;
		if (!ia64_rse_call(c))
			return ia64_fault_at(f, CPU_FAULT_SEGV_MAPERR, bundle | c->slot, 0, false,
					"register stack overflow");
		c->br[in->r1] = bundle + 16;
		/* cpu.h: `retired` counts the call itself (run() counts it after this returns) */
		if (c->ev.call)
			c->ev.call(c->ev.ctx, bundle, bundle + 16, target, c->clock.retired + 1);
		return taken(c, target);
	}
	case IA64_OP_BR_RET:
		target = c->br[in->r2] & ~15ULL;
		if (!ia64_rse_return(c, c->ar[IA64_AR_PFS]))
			return ia64_fault_at(f, CPU_FAULT_SEGV_MAPERR, bundle | c->slot, 0, false,
					"register stack overflow");
		if (c->ev.ret)
			c->ev.ret(c->ev.ctx, target, c->clock.retired + 1);
		return taken(c, target);
	case IA64_OP_BRL:
		return taken(c, target);
	default:
		return unsupported(c, in, bundle, f);
	}
}

/* ---- application registers ---- */

static uint64_t read_ar(struct ia64_cpu *c, unsigned ar)
{
	switch (ar) {
	case IA64_AR_BSP: return ia64_rse_bsp(c);
	case IA64_AR_BSPSTORE: return ia64_rse_bspstore(c);
	case IA64_AR_RNAT: return c->rnat;
	case IA64_AR_ITC: return c->clock.retired;
	default: return c->ar[ar & 127];
	}
}

static void write_ar(struct ia64_cpu *c, unsigned ar, uint64_t v)
{
	switch (ar) {
	case IA64_AR_BSP: case IA64_AR_ITC: return;	/* read-only here */
	case IA64_AR_EC: c->ar[ar] = v & 63; return;
	case IA64_AR_BSPSTORE:	/* longjmp's: the frames move (ia64_rse.c) */
		ia64_rse_set_bspstore(c, v);
		return;
	case IA64_AR_RNAT: c->rnat = v; return;
	default: c->ar[ar & 127] = v; return;
	}
}

/* ---- integer unit ---- */

static enum ia64_outcome exec_alu(struct ia64_cpu *c, const struct ia64_insn *in,
				  uint64_t bundle, struct cpu_fault *f)
{
	uint64_t a = in->imm_form ? (uint64_t)in->imm : ia64_gr(c, in->r2), b = ia64_gr(c, in->r3);
	uint64_t r;
	switch (in->op) {
	case IA64_OP_ADD: case IA64_OP_ADDS: case IA64_OP_ADDL: r = a + b; break;
	case IA64_OP_ADD1: r = a + b + 1; break;
	case IA64_OP_SUB: case IA64_OP_SUB_IMM: r = a - b; break;
	case IA64_OP_SUB1: r = a - b - 1; break;
	case IA64_OP_ADDP4: case IA64_OP_ADDP4_IMM: r = p4(a + b, b); break;
	case IA64_OP_AND: case IA64_OP_AND_IMM: r = a & b; break;
	case IA64_OP_ANDCM: case IA64_OP_ANDCM_IMM: r = a & ~b; break;
	case IA64_OP_OR: case IA64_OP_OR_IMM: r = a | b; break;
	case IA64_OP_XOR: case IA64_OP_XOR_IMM: r = a ^ b; break;
	case IA64_OP_SHLADD: r = (a << in->pos) + b; break;
	case IA64_OP_SHLADDP4: r = p4((a << in->pos) + b, b); break;
	default: return unsupported(c, in, bundle, f);
	}
	ia64_set_gr(c, in->r1, r);
	return IA64_NEXT;
}

static enum ia64_outcome exec_bits(struct ia64_cpu *c, const struct ia64_insn *in,
				   uint64_t bundle, struct cpu_fault *f)
{
	uint64_t a = ia64_gr(c, in->r2), b = ia64_gr(c, in->r3), r;
	unsigned pos = in->pos, len = in->len;
	switch (in->op) {
	case IA64_OP_SHRP: r = pos ? b >> pos | a << (64 - pos) : b; break;
	case IA64_OP_EXTR_U: case IA64_OP_EXTR: {
		unsigned n = pos + len > 64 ? 64 - pos : len;
		r = b >> pos & mask_bits(n);
		if (in->op == IA64_OP_EXTR && n < 64 && (r >> (n - 1) & 1))
			r |= ~mask_bits(n);
		break;
	}
	case IA64_OP_DEP_Z: r = (a & mask_bits(len)) << pos; break;
	case IA64_OP_DEP_Z_IMM: r = ((uint64_t)in->imm & mask_bits(len)) << pos; break;
	case IA64_OP_DEP_IMM: case IA64_OP_DEP: {
		uint64_t src = in->op == IA64_OP_DEP_IMM ? (uint64_t)in->imm : a;
		uint64_t m = mask_bits(len) << pos;
		r = (b & ~m) | (src << pos & m);
		break;
	}
	case IA64_OP_ZXT: r = zext(b, in->sz); break;
	case IA64_OP_SXT: r = sext_bytes(b, in->sz); break;
	case IA64_OP_CZX_L: r = ia64_czx(b, in->sz, true); break;
	case IA64_OP_CZX_R: r = ia64_czx(b, in->sz, false); break;
	default: return unsupported(c, in, bundle, f);
	}
	ia64_set_gr(c, in->r1, r);
	return IA64_NEXT;
}

static bool is_compare(const struct ia64_insn *in)
{
	return in->op == IA64_OP_CMP || in->op == IA64_OP_TBIT || in->op == IA64_OP_TNAT ||
	       in->op == IA64_OP_FCMP || in->op == IA64_OP_FCLASS;
}

bool ia64_is_no_op(unsigned op)
{
	switch (op) {
	case IA64_OP_NOP: case IA64_OP_HINT: case IA64_OP_BRP: case IA64_OP_BRP_IND:
	case IA64_OP_MF: case IA64_OP_MF_A: case IA64_OP_INVALA: case IA64_OP_INVALA_E:
	case IA64_OP_SRLZ_D: case IA64_OP_SRLZ_I: case IA64_OP_SYNC_I: case IA64_OP_FWB:
	case IA64_OP_LOADRS: case IA64_OP_SUM: case IA64_OP_RUM:
	case IA64_OP_MOV_TO_PSR_UM:
		return true;
	default:
		return false;
	}
}

enum ia64_outcome ia64_exec(struct ia64_cpu *c, const struct ia64_insn *in, uint64_t bundle,
			    struct cpu_fault *f)
{
	if (!in->always && !ia64_pr(c, in->qp)) {
		if (is_compare(in) && in->ctype == IA64_CTYPE_UNC) {
			ia64_set_pr(c, in->p1, false);
			ia64_set_pr(c, in->p2, false);
		}
		return IA64_NEXT;
	}
	if (ia64_is_no_op(in->op))
		return IA64_NEXT;
	switch (in->op) {
	case IA64_OP_BREAK:
		if (in->imm == IA64_BREAK_SYSCALL)
			return IA64_SYSCALL;
		/* Linux's ia64_bad_break: break 1 is the divide-by-zero check of gcc's and
		 * libgcc's division (SIGFPE), break 0 __builtin_trap's (SIGILL) */
		if (in->imm == 0 || in->imm == 1)
			return ia64_fault_at(f, in->imm ? CPU_FAULT_FPE : CPU_FAULT_ILL, bundle | c->slot,
					0, false, in->imm ? "break 1: integer divide by zero" : "break 0");
		return ia64_fault_at(f, CPU_FAULT_TRAP, bundle | c->slot, 0, false, "break");
	case IA64_OP_ILLEGAL:
		return ia64_fault_at(f, CPU_FAULT_ILL, bundle | c->slot, 0, false,
				"illegal IA-64 instruction");
	case IA64_OP_MOVL: ia64_set_gr(c, in->r1, (uint64_t)in->imm); return IA64_NEXT;
	case IA64_OP_CMP: {
		uint64_t a = in->imm_form ? (uint64_t)in->imm : ia64_gr(c, in->r2);
		set_predicates(c, in, relation(in->crel, a, ia64_gr(c, in->r3), in->cmp4));
		return IA64_NEXT;
	}
	case IA64_OP_TBIT: case IA64_OP_TNAT: {
		bool bit = in->op == IA64_OP_TBIT ? ia64_gr(c, in->r3) >> in->pos & 1
						  : ia64_gr_nat(c, in->r3);
		set_predicates(c, in, in->crel == IA64_CREL_Z ? !bit : bit);
		return IA64_NEXT;
	}
	case IA64_OP_TF:	/* no optional feature is implemented: every bit reads 0 */
		set_predicates(c, in, in->crel == IA64_CREL_Z);
		return IA64_NEXT;
	case IA64_OP_PRIVILEGED:
		return ia64_fault_at(f, CPU_FAULT_ILL, bundle | c->slot, 0, false,
				"privileged IA-64 instruction");
	case IA64_OP_MOV_TO_BR: c->br[in->r1] = ia64_gr(c, in->r2); return IA64_NEXT;
	case IA64_OP_MOV_FROM_BR: ia64_set_gr(c, in->r1, c->br[in->r2]); return IA64_NEXT;
	case IA64_OP_MOV_TO_PR: {
		uint64_t m = (uint64_t)in->imm & ~1ULL;
		c->pr = (c->pr & ~m) | (ia64_gr(c, in->r2) & m);
		return IA64_NEXT;
	}
	case IA64_OP_MOV_TO_PR_ROT:
		c->pr = (c->pr & 0xffff) | ((uint64_t)in->imm & ~0xffffULL);
		return IA64_NEXT;
	case IA64_OP_MOV_FROM_PR: ia64_set_gr(c, in->r1, c->pr | 1); return IA64_NEXT;
	case IA64_OP_MOV_FROM_IP: ia64_set_gr(c, in->r1, bundle); return IA64_NEXT;
	case IA64_OP_MOV_TO_AR_I: case IA64_OP_MOV_TO_AR_M:
		write_ar(c, in->r3, ia64_gr(c, in->r2));
		return IA64_NEXT;
	case IA64_OP_MOV_TO_AR_I_IMM: case IA64_OP_MOV_TO_AR_M_IMM:
		write_ar(c, in->r3, (uint64_t)in->imm);
		return IA64_NEXT;
	case IA64_OP_MOV_FROM_AR_I: case IA64_OP_MOV_FROM_AR_M:
		ia64_set_gr(c, in->r1, read_ar(c, in->r3));
		return IA64_NEXT;
	case IA64_OP_MOV_FROM_PSR_UM: ia64_set_gr(c, in->r1, 0); return IA64_NEXT;
	case IA64_OP_ALLOC: {
		uint64_t pfs = c->ar[IA64_AR_PFS];
		if (!ia64_rse_alloc(c, (unsigned)in->imm, in->pos, in->len))
			return ia64_fault_at(f, CPU_FAULT_ILL, bundle | c->slot, 0, false,
					"alloc: bad frame sizes");
		ia64_set_gr(c, in->r1, pfs);
		return IA64_NEXT;
	}
	case IA64_OP_CHK_S_I: case IA64_OP_CHK_S_M:
		if (ia64_gr_nat(c, in->r2))
			return taken(c, bundle + (uint64_t)in->imm);
		return IA64_NEXT;
	case IA64_OP_CHK_S_F:
		return IA64_NEXT;
	case IA64_OP_FC:	/* fc, fc.i: the line (32 bytes at least) is fetched anew */
		ia64_code_flushed(c, ia64_gr(c, in->r3) & ~31ULL, 32);
		return IA64_NEXT;
	case IA64_OP_FCHKF: {	/* a flag of the field that sf0 lacks, or whose trap is on */
		uint64_t fpsr = c->ar[IA64_AR_FPSR];
		uint64_t flags = fpsr >> (13 + 13 * (in->ldtype & 3)) & 0x3f;
		uint64_t traps_on = ~fpsr & 0x3f;	/* ar.fpsr.traps: 1 disables */
		if (flags & (~(fpsr >> 13 & 0x3f) | traps_on))
			return taken(c, bundle + (uint64_t)in->imm);
		return IA64_NEXT;
	}
	case IA64_OP_CHK_A:
		/* No ALAT is kept: every advanced load counts as lost, and the recovery code
		 * (which repeats the load) runs. The architecture allows entries to vanish. */
		return taken(c, bundle + (uint64_t)in->imm);
	case IA64_OP_FLUSHRS:
		if (ia64_rse_flush(c) < 0)
			return mem_fault(c, bundle, ia64_rse_bspstore(c), f);
		return IA64_NEXT;
	case IA64_OP_COVER:
		if (!ia64_rse_cover(c))
			return ia64_fault_at(f, CPU_FAULT_SEGV_MAPERR, bundle | c->slot, 0, false,
					"register stack overflow");
		return IA64_NEXT;
	case IA64_OP_CLRRRB: c->rrb_gr = c->rrb_fr = c->rrb_pr = 0; return IA64_NEXT;
	case IA64_OP_CLRRRB_PR: c->rrb_pr = 0; return IA64_NEXT;
	case IA64_OP_LD: case IA64_OP_ST: case IA64_OP_LDF: case IA64_OP_STF: case IA64_OP_LFETCH:
	case IA64_OP_LDFP:
	case IA64_OP_CMPXCHG: case IA64_OP_XCHG: case IA64_OP_FETCHADD:
	case IA64_OP_LD16: case IA64_OP_ST16: case IA64_OP_CMP8XCHG16: case IA64_OP_PROBE:
		return exec_mem(c, in, bundle, f);
	case IA64_OP_SETF: case IA64_OP_GETF: case IA64_OP_XMA:
	case IA64_OP_FMA: case IA64_OP_FMS: case IA64_OP_FNMA: case IA64_OP_FCMP:
	case IA64_OP_FCLASS: case IA64_OP_FRCPA: case IA64_OP_FRSQRTA: case IA64_OP_FSELECT:
	case IA64_OP_FSETC: case IA64_OP_FCLRF: case IA64_OP_FMERGE: case IA64_OP_FMIN:
	case IA64_OP_FCVT_FX: case IA64_OP_FCVT_XF: case IA64_OP_FPACK: case IA64_OP_FLOGIC:
	case IA64_OP_FPAIR: case IA64_OP_FPMA: case IA64_OP_FPMS: case IA64_OP_FPNMA:
	case IA64_OP_FPMERGE: case IA64_OP_FPMIN: case IA64_OP_FPCVT_FX: case IA64_OP_FPCMP:
		return exec_fp(c, in, bundle, f);
	case IA64_OP_BR: case IA64_OP_BR_IND: case IA64_OP_BR_CALL: case IA64_OP_BR_CALL_IND:
	case IA64_OP_BR_RET: case IA64_OP_BRL: case IA64_OP_BRL_CALL:
		return exec_branch(c, in, bundle, f);
	default:
		if (ia64_mm_exec(c, in))
			return IA64_NEXT;
		if (in->op <= IA64_OP_ADDL)
			return exec_alu(c, in, bundle, f);
		if (in->op >= IA64_OP_SHRP && in->op <= IA64_OP_CZX_R && in->op != IA64_OP_TBIT &&
		    in->op != IA64_OP_TNAT)
			return exec_bits(c, in, bundle, f);
		return unsupported(c, in, bundle, f);
	}
}
