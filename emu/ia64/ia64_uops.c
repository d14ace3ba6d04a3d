/* Pre-decoded instructions for the fast run loop (ia64_cpu.c): each slot of a cached bundle
 * gets a handler specialised for its form (add, adds/addl, cmp of each relation, ld/st of the
 * plain kinds, br.cond, br.call, br.ret, movl, ...), so the loop makes one indirect call per
 * instruction instead of ia64_exec's dispatch on the decoded fields. Every other form, and
 * every case a specialised handler does not take (a load that misses the data translations,
 * a compare of another type), runs through ia64_exec, so results stay those of one place.
 *
 * The loop does not keep c->retired exact inside a bundle (it adds the bundle's count once);
 * a handler that can let anyone see it (events of calls and returns, ar.itc, a fault) makes it
 * exact around that with with_retired(). */
#include <string.h>

#include "ia64_cpu_internal.h"
#include "ia64_mem.h"

#define HANDLER(name) \
	static enum ia64_outcome name(struct ia64_cpu *c, const struct ia64_uop *u, \
				      uint64_t bundle, struct cpu_fault *f)
#define UNUSED_ARGS() ((void)bundle, (void)f)

/* The qualifying predicate is false: the instruction does nothing (and counts). */
static inline bool skipped(const struct ia64_cpu *c, const struct ia64_uop *u)
{
	return u->qp && !(c->pr >> ia64_pr_index(c, u->qp) & 1);
}

/* Any form, through ia64_exec, with c->ip, c->slot and c->retired what they are before
 * this instruction (the loop counts the bundle's slots when it ends, and keeps c->slot 0). */
HANDLER(run_exec)
{
	c->ip = bundle;
	c->slot = u->ri;
	c->retired += u->ri;
	enum ia64_outcome o = ia64_exec(c, u->in, bundle, f);
	c->retired -= u->ri;
	if (o == IA64_NEXT)
		c->slot = 0;
	return o;
}

/* ---- integer ALU: r1 = a OP b, a = r2 or the immediate, b = r3 ---- */

/* r3 and a second operand (r2 or the immediate) into one effect. */
#define BINARY(name, second, effect) \
	HANDLER(name) \
	{ \
		UNUSED_ARGS(); \
		if (skipped(c, u)) \
			return IA64_NEXT; \
		uint64_t a = (second), b = ia64_gr(c, u->r3); \
		effect; \
		return IA64_NEXT; \
	}
#define ALU_RR(name, expr) BINARY(name##_rr, ia64_gr(c, u->r2), ia64_set_gr(c, u->r1, (expr)))
#define ALU(name, expr) \
	ALU_RR(name, expr) \
	BINARY(name##_ir, (uint64_t)u->imm, ia64_set_gr(c, u->r1, (expr)))

ALU(add, a + b)
ALU(sub, a - b)
ALU(and, a & b)
ALU(andcm, a & ~b)
ALU(or, a | b)
ALU(xor, a ^ b)
ALU_RR(shladd, (a << u->pos) + b)

HANDLER(movl)
{
	UNUSED_ARGS();
	if (!skipped(c, u))
		ia64_set_gr(c, u->r1, (uint64_t)u->imm);
	return IA64_NEXT;
}

/* ---- compares of the plain type: p1 = relation, p2 = its negation ---- */

static inline void set_pair(struct ia64_cpu *c, const struct ia64_uop *u, bool res)
{
	ia64_set_pr(c, u->p1, res);
	ia64_set_pr(c, u->p2, !res);
}

#define CMP(name, expr) \
	BINARY(name##_rr, ia64_gr(c, u->r2), set_pair(c, u, (expr))) \
	BINARY(name##_ir, (uint64_t)u->imm, set_pair(c, u, (expr)))

CMP(cmp_eq, a == b)
CMP(cmp_ne, a != b)
CMP(cmp_lt, (int64_t)a < (int64_t)b)
CMP(cmp_le, (int64_t)a <= (int64_t)b)
CMP(cmp_gt, (int64_t)a > (int64_t)b)
CMP(cmp_ge, (int64_t)a >= (int64_t)b)
CMP(cmp_ltu, a < b)
CMP(cmp4_eq, (uint32_t)a == (uint32_t)b)
CMP(cmp4_ne, (uint32_t)a != (uint32_t)b)
CMP(cmp4_lt, (int32_t)(uint32_t)a < (int32_t)(uint32_t)b)
CMP(cmp4_le, (int32_t)(uint32_t)a <= (int32_t)(uint32_t)b)
CMP(cmp4_gt, (int32_t)(uint32_t)a > (int32_t)(uint32_t)b)
CMP(cmp4_ge, (int32_t)(uint32_t)a >= (int32_t)(uint32_t)b)
CMP(cmp4_ltu, (uint32_t)a < (uint32_t)b)

/* [crel][cmp4][imm_form] */
static const ia64_handler cmp_handlers[7][2][2] = {
	[IA64_CREL_EQ] = { { cmp_eq_rr, cmp_eq_ir }, { cmp4_eq_rr, cmp4_eq_ir } },
	[IA64_CREL_NE] = { { cmp_ne_rr, cmp_ne_ir }, { cmp4_ne_rr, cmp4_ne_ir } },
	[IA64_CREL_LT] = { { cmp_lt_rr, cmp_lt_ir }, { cmp4_lt_rr, cmp4_lt_ir } },
	[IA64_CREL_LE] = { { cmp_le_rr, cmp_le_ir }, { cmp4_le_rr, cmp4_le_ir } },
	[IA64_CREL_GT] = { { cmp_gt_rr, cmp_gt_ir }, { cmp4_gt_rr, cmp4_gt_ir } },
	[IA64_CREL_GE] = { { cmp_ge_rr, cmp_ge_ir }, { cmp4_ge_rr, cmp4_ge_ir } },
	[IA64_CREL_LTU] = { { cmp_ltu_rr, cmp_ltu_ir }, { cmp4_ltu_rr, cmp4_ltu_ir } },
};

/* ---- loads and stores of the plain kinds (no speculation, fill or spill) ---- */

/* u->pos: post-increment, r3 += imm after the access. */
HANDLER(ld)
{
	if (skipped(c, u))
		return IA64_NEXT;
	uint64_t addr = ia64_gr(c, u->r3), v;
	if (ia64_mem_get(c, addr, u->sz, &v) < 0)
		return run_exec(c, u, bundle, f);	/* the fault, as ia64_exec gives it */
	ia64_set_gr(c, u->r1, v);
	if (u->pos)
		ia64_set_gr(c, u->r3, addr + (uint64_t)u->imm);
	return IA64_NEXT;
}

HANDLER(st)
{
	if (skipped(c, u))
		return IA64_NEXT;
	uint64_t addr = ia64_gr(c, u->r3);
	if (ia64_mem_put(c, addr, u->sz, ia64_gr(c, u->r2)) < 0)
		return run_exec(c, u, bundle, f);
	if (u->pos)
		ia64_set_gr(c, u->r3, addr + (uint64_t)u->imm);
	return IA64_NEXT;
}

/* ---- branches (u->imm: the absolute target) ---- */

static inline enum ia64_outcome jump(struct ia64_cpu *c, uint64_t target)
{
	c->ip = target & ~15ULL;
	c->slot = 0;
	return IA64_TAKEN;
}

HANDLER(br_cond)
{
	UNUSED_ARGS();
	if (skipped(c, u))
		return IA64_NEXT;
	return jump(c, (uint64_t)u->imm);
}

HANDLER(br_cloop)
{
	UNUSED_ARGS();
	if (c->ar[IA64_AR_LC] == 0)
		return IA64_NEXT;
	c->ar[IA64_AR_LC]--;
	return jump(c, (uint64_t)u->imm);
}

HANDLER(br_ind)
{
	UNUSED_ARGS();
	if (skipped(c, u))
		return IA64_NEXT;
	return jump(c, c->br[u->r2]);
}

HANDLER(mov_to_br)
{
	UNUSED_ARGS();
	if (!skipped(c, u))
		c->br[u->r1] = ia64_gr(c, u->r2);
	return IA64_NEXT;
}

HANDLER(mov_from_br)
{
	UNUSED_ARGS();
	if (!skipped(c, u))
		ia64_set_gr(c, u->r1, c->br[u->r2]);
	return IA64_NEXT;
}

/* Calls and returns raise events that may read the count: through ia64_exec when taken. */
HANDLER(br_call_or_ret)
{
	if (skipped(c, u))
		return IA64_NEXT;
	return run_exec(c, u, bundle, f);
}

/* A plain load or store: no speculation, check, fill or spill (acquire, release and bias
 * only order or hint, which one CPU need not model). */
static bool plain_access(const struct ia64_insn *in)
{
	if (in->post == IA64_POST_REG)
		return false;
	switch (in->ldtype) {
	case IA64_LD_NONE: case IA64_LD_BIAS: case IA64_LD_ACQ:
	case IA64_LD_C_CLR: case IA64_LD_C_NC: case IA64_LD_C_CLR_ACQ:
	case IA64_ST_NONE: case IA64_ST_REL:
		return true;
	default:
		return false;
	}
}

static ia64_handler alu_handler(const struct ia64_insn *in)
{
	bool imm = in->imm_form;
	switch (in->op) {
	case IA64_OP_ADD: case IA64_OP_ADDS: case IA64_OP_ADDL: return imm ? add_ir : add_rr;
	case IA64_OP_SUB: case IA64_OP_SUB_IMM: return imm ? sub_ir : sub_rr;
	case IA64_OP_AND: case IA64_OP_AND_IMM: return imm ? and_ir : and_rr;
	case IA64_OP_ANDCM: case IA64_OP_ANDCM_IMM: return imm ? andcm_ir : andcm_rr;
	case IA64_OP_OR: case IA64_OP_OR_IMM: return imm ? or_ir : or_rr;
	case IA64_OP_XOR: case IA64_OP_XOR_IMM: return imm ? xor_ir : xor_rr;
	case IA64_OP_SHLADD: return imm ? NULL : shladd_rr;
	default: return NULL;
	}
}

/* The specialised handler of in (whose qualifying predicate the handler tests), or NULL. */
static ia64_handler fast_handler(const struct ia64_insn *in, struct ia64_uop *u, uint64_t addr)
{
	ia64_handler h = alu_handler(in);
	if (h)
		return h;
	switch (in->op) {
	case IA64_OP_MOVL:
		return movl;
	case IA64_OP_CMP:
		if (in->ctype != IA64_CTYPE_NONE || in->crel > IA64_CREL_LTU)
			return NULL;
		return cmp_handlers[in->crel][in->cmp4 ? 1 : 0][in->imm_form ? 1 : 0];
	case IA64_OP_LD: case IA64_OP_ST:
		if (!plain_access(in))
			return NULL;
		u->pos = in->post == IA64_POST_IMM;
		return in->op == IA64_OP_LD ? ld : st;
	case IA64_OP_BR:
		u->imm = (int64_t)(addr + (uint64_t)in->imm);
		if (in->btype == 0)
			return br_cond;
		return in->btype == 5 && in->always ? br_cloop : NULL;
	case IA64_OP_BR_IND:
		return in->btype == 0 ? br_ind : NULL;
	case IA64_OP_BR_CALL: case IA64_OP_BR_CALL_IND: case IA64_OP_BR_RET:
		return br_call_or_ret;
	case IA64_OP_MOV_TO_BR:
		return mov_to_br;
	case IA64_OP_MOV_FROM_BR:
		return mov_from_br;
	default:
		return NULL;
	}
}

void ia64_uops_build(struct ia64_cached_bundle *e)
{
	e->insns = 0;
	e->nuops = 0;
	for (unsigned s = 0; s < 3; s++) {
		const struct ia64_insn *in = &e->b.slot[s];
		if (in->unit == IA64_UNIT_L)	/* the X slot's first half */
			continue;
		e->insns++;
		if (ia64_is_no_op(in->op))
			continue;
		struct ia64_uop *u = &e->uop[e->nuops++];
		*u = (struct ia64_uop){
			.in = in, .imm = in->imm, .qp = in->always ? 0 : in->qp,
			.r1 = in->r1, .r2 = in->r2, .r3 = in->r3, .p1 = in->p1, .p2 = in->p2,
			.ri = in->unit == IA64_UNIT_X ? 1 : (uint8_t)s, .slot = (uint8_t)s,
			.sz = in->sz, .pos = in->pos,
		};
		u->run = fast_handler(in, u, e->addr);
		if (!u->run) {
			u->run = run_exec;
			u->imm = in->imm;
		}
	}
}
