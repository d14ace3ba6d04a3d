/* The fast path of the IA-64 run loop: pre-decoded instructions, direct-threaded.
 *
 * Each slot of a cached bundle gets a kind specialised for its form (add, adds/addl, the
 * logical operations, shladd, cmp of each relation, ld/st of the plain kinds, br.cond,
 * br.cloop, movl, ...), and a bundle's list ends with an END entry. ia64_run_fast jumps from
 * one instruction's code straight to the next one's (computed goto, a GNU C extension GCC and
 * Clang share), so each form has its own indirect jump, which the host predicts far better
 * than one shared dispatch. Every other form, and every case a specialised one does not take
 * (a load that misses the data translations, a compare of another type, a register stack
 * overflow), runs through ia64_exec, so results stay those of one place. Calls, returns and
 * alloc run here, through the register stack's functions (ia64_rse.c) and with their events
 * at the exact count, as ia64_exec would run them.
 *
 * Counting: a bundle's slots are counted in one add when it ends (or at the slot a taken
 * branch leaves it); nops and hints have no entry, they only count. Inside a bundle
 * c->clock.retired is the count before the bundle; ia64_exec runs with it exact (run_exec). */
#include <string.h>

#include "ia64_cpu_internal.h"
#include "ia64_mem.h"

#define IA64_UOP_KINDS(X) \
	X(END) X(EXEC) X(CALL) X(CALL_IND) X(RET) X(ALLOC) \
	X(ADD_RR) X(ADD_IR) X(SUB_RR) X(SUB_IR) X(AND_RR) X(AND_IR) X(ANDCM_RR) X(ANDCM_IR) \
	X(OR_RR) X(OR_IR) X(XOR_RR) X(XOR_IR) X(SHLADD_RR) X(MOVL) \
	X(CMP_EQ_RR) X(CMP_EQ_IR) X(CMP_NE_RR) X(CMP_NE_IR) X(CMP_LT_RR) X(CMP_LT_IR) \
	X(CMP_LE_RR) X(CMP_LE_IR) X(CMP_GT_RR) X(CMP_GT_IR) X(CMP_GE_RR) X(CMP_GE_IR) \
	X(CMP_LTU_RR) X(CMP_LTU_IR) \
	X(CMP4_EQ_RR) X(CMP4_EQ_IR) X(CMP4_NE_RR) X(CMP4_NE_IR) X(CMP4_LT_RR) X(CMP4_LT_IR) \
	X(CMP4_LE_RR) X(CMP4_LE_IR) X(CMP4_GT_RR) X(CMP4_GT_IR) X(CMP4_GE_RR) X(CMP4_GE_IR) \
	X(CMP4_LTU_RR) X(CMP4_LTU_IR) \
	X(LD) X(ST) X(LDF) X(STF) X(LFETCH) X(CHK_S) X(BR_COND) X(BR_CLOOP) X(BR_IND) X(MOV_TO_BR) X(MOV_FROM_BR) \
	X(ADDP4_RR) X(ADDP4_IR) X(SXT) X(ZXT) X(EXTR) X(EXTR_U) X(DEP_Z) X(DEP_Z_IMM) \
	X(TBIT_Z) X(TBIT_NZ) X(MOV_TO_AR) X(MOV_FROM_AR) X(FP) \
	X(BR_TOP) X(BR_EXIT) X(CZX_L) X(CZX_R) X(SETF) X(LDFP)

#define KIND_ENUM(name) UOP_##name,
enum { IA64_UOP_KINDS(KIND_ENUM) };

/* The qualifying predicate is false: the instruction does nothing (and counts). */
static inline bool skipped(const struct ia64_cpu *c, const struct ia64_uop *u)
{
	return u->qp && !(c->pr >> ia64_pr_index(c, u->qp) & 1);
}

/* Any form, through ia64_exec, with c->ip, c->slot and c->clock.retired what they are before
 * this instruction (c->slot is 0 again after it unless it stopped the bundle). */
static enum ia64_outcome run_exec(struct ia64_cpu *c, const struct ia64_cached_bundle *e,
				  const struct ia64_uop *u, uint64_t bundle, struct cpu_fault *f)
{
	c->ip = bundle;
	c->slot = u->ri;
	c->clock.retired += u->ri;
	enum ia64_outcome o = ia64_exec(c, &e->b.slot[u->slot], bundle, f);
	c->clock.retired -= u->ri;
	if (o == IA64_NEXT)
		c->slot = 0;
	return o;
}

/* A loaded FP value in register format: fmt 1 an 8-byte integer, 2 a single, 3 a double. */
static inline struct ia64_fr fr_loaded(uint64_t v, unsigned fmt)
{
	return fmt == 1 ? (struct ia64_fr){ v, IA64_FR_INTEGER_EXP, false }
	       : fmt == 2 ? ia64_fr_from_ieee(v, 8, 23) : ia64_fr_from_ieee(v, 11, 52);
}

/* One copy of run_fast, never inlined nor cloned: a label's address is that copy's. */
#if defined(__clang__)
#define ONE_COPY __attribute__((noinline))
#else
#define ONE_COPY __attribute__((noinline, noclone))
#endif

/* ia64_run_fast's body; with c NULL it only gives the addresses of its kinds' code, which
 * ia64_uops_build stores in the uops (labels are local to the function that has them). */
static ONE_COPY bool run_fast(struct ia64_cpu *c, struct cpu_fault *f, enum cpu_stop *stop,
		     const void *const **kinds_code)
{
#define KIND_LABEL(name) &&k_##name,
	static const void *const code[] = { IA64_UOP_KINDS(KIND_LABEL) };
	if (!c) {
		*kinds_code = code;
		return false;
	}
	uint64_t ip = c->ip, retired = c->clock.retired;
	const uint64_t limit = c->counts ? 0 : c->clock.limit;
	const struct ia64_cached_bundle *const cache = c->cache, *const cache_end = cache + IA64_CACHE_SIZE;
	const struct ia64_cached_bundle *e = &cache[(ip >> 4) & (IA64_CACHE_SIZE - 1)];
	const struct ia64_uop *u;
	enum ia64_outcome o;
	uint64_t target;

#define DISPATCH() goto *u->code
#define NEXT() do { u++; DISPATCH(); } while (0)
#define SKIP_IF_OFF() do { if (skipped(c, u)) NEXT(); } while (0)
#define JUMP(target) \
	do { \
		retired += u->ri + 1u; \
		ip = (target) & ~15ULL; \
		e = &cache[(ip >> 4) & (IA64_CACHE_SIZE - 1)]; \
		goto enter; \
	} while (0)
/* r3 and a second operand (r2 or the immediate) into one effect */
#define BINARY(kind, second, effect) \
	k_##kind: { \
		SKIP_IF_OFF(); \
		uint64_t a = (second), b = ia64_gr(c, u->r3); \
		effect; \
		NEXT(); \
	}
#define RR(kind, effect) BINARY(kind##_RR, ia64_gr(c, u->r2), effect)
#define IR(kind, effect) BINARY(kind##_IR, (uint64_t)u->imm, effect)
#define ALU(kind, expr) RR(kind, ia64_set_gr(c, u->r1, (expr))) IR(kind, ia64_set_gr(c, u->r1, (expr)))
#define CMP(kind, expr) \
	RR(kind, ia64_set_pr(c, u->p1, (expr)); ia64_set_pr(c, u->p2, !(expr))) \
	IR(kind, ia64_set_pr(c, u->p1, (expr)); ia64_set_pr(c, u->p2, !(expr)))
#define S32(v) ((int32_t)(uint32_t)(v))

	/* e is ip's entry at enter: the cache is direct-mapped by ip / 16 */
enter:
	if (e->fast_tag != ~ip || retired + e->insns > limit) {
		c->clock.retired = retired;
		c->ip = ip;
		c->slot = 0;
		return false;
	}
	c->clock.retired = retired;
	u = e->uop;
	DISPATCH();

k_END:
	retired += e->insns;
	ip += 16;
	if (++e == cache_end)
		e = cache;
	goto enter;

k_EXEC:
	o = run_exec(c, e, u, ip, f);
	if (o == IA64_NEXT)
		NEXT();
	if (o == IA64_TAKEN)
		JUMP(c->ip);
	if (o == IA64_FAULT) {
		c->clock.retired = retired + u->ri;
		*stop = CPU_STOP_FAULT;
		return true;	/* c->ip and c->slot as run_exec left them */
	}
	/* a system call: the pc is past the break when the event runs; the rest of the bundle
	 * (if any) goes the slow way */
	c->clock.retired = retired + u->ri + 1u;
	c->ip = u->slot == 2 ? ip + 16 : ip;
	c->slot = u->slot == 2 ? 0 : u->slot + 1u;
	if (c->ev.syscall)
		c->ev.syscall(c->ev.ctx);
	*stop = CPU_STOP_REQUESTED;
	return c->stop_requested;

	ALU(ADD, a + b)
	ALU(SUB, a - b)
	ALU(AND, a & b)
	ALU(ANDCM, a & ~b)
	ALU(OR, a | b)
	ALU(XOR, a ^ b)
	RR(SHLADD, ia64_set_gr(c, u->r1, (a << u->pos) + b))
	CMP(CMP_EQ, a == b)
	CMP(CMP_NE, a != b)
	CMP(CMP_LT, (int64_t)a < (int64_t)b)
	CMP(CMP_LE, (int64_t)a <= (int64_t)b)
	CMP(CMP_GT, (int64_t)a > (int64_t)b)
	CMP(CMP_GE, (int64_t)a >= (int64_t)b)
	CMP(CMP_LTU, a < b)
	CMP(CMP4_EQ, (uint32_t)a == (uint32_t)b)
	CMP(CMP4_NE, (uint32_t)a != (uint32_t)b)
	CMP(CMP4_LT, S32(a) < S32(b))
	CMP(CMP4_LE, S32(a) <= S32(b))
	CMP(CMP4_GT, S32(a) > S32(b))
	CMP(CMP4_GE, S32(a) >= S32(b))
	CMP(CMP4_LTU, (uint32_t)a < (uint32_t)b)

	ALU(ADDP4, ((a + b) & 0xffffffffULL) | (b >> 30 & 3) << 61)

/* the bit-field forms: u->pos, u->len; extr's field is cut at bit 63 (u->len then less) */
k_SXT: {
	SKIP_IF_OFF();
	unsigned sh = 64 - 8 * u->sz;
	ia64_set_gr(c, u->r1, (uint64_t)((int64_t)(ia64_gr(c, u->r3) << sh) >> sh));
	NEXT();
}
k_ZXT:
	SKIP_IF_OFF();
	ia64_set_gr(c, u->r1, ia64_gr(c, u->r3) & (~0ULL >> (64 - 8 * u->sz)));
	NEXT();
k_EXTR_U:
	SKIP_IF_OFF();
	ia64_set_gr(c, u->r1, ia64_gr(c, u->r3) << (64 - u->pos - u->len) >> (64 - u->len));
	NEXT();
k_EXTR:
	SKIP_IF_OFF();
	ia64_set_gr(c, u->r1, (uint64_t)((int64_t)(ia64_gr(c, u->r3) << (64 - u->pos - u->len)) >> (64 - u->len)));
	NEXT();
k_DEP_Z:
	SKIP_IF_OFF();
	ia64_set_gr(c, u->r1, ia64_gr(c, u->r2) << (64 - u->len) >> (64 - u->len) << u->pos);
	NEXT();
k_DEP_Z_IMM:
	SKIP_IF_OFF();
	ia64_set_gr(c, u->r1, (uint64_t)u->imm << (64 - u->len) >> (64 - u->len) << u->pos);
	NEXT();
k_TBIT_Z: {
	SKIP_IF_OFF();
	bool bit = ia64_gr(c, u->r3) >> u->pos & 1;
	ia64_set_pr(c, u->p1, !bit);
	ia64_set_pr(c, u->p2, bit);
	NEXT();
}
k_TBIT_NZ: {
	SKIP_IF_OFF();
	bool bit = ia64_gr(c, u->r3) >> u->pos & 1;
	ia64_set_pr(c, u->p1, bit);
	ia64_set_pr(c, u->p2, !bit);
	NEXT();
}
k_CZX_L:
	SKIP_IF_OFF();
	ia64_set_gr(c, u->r1, ia64_czx(ia64_gr(c, u->r3), u->sz, true));
	NEXT();
k_CZX_R:
	SKIP_IF_OFF();
	ia64_set_gr(c, u->r1, ia64_czx(ia64_gr(c, u->r3), u->sz, false));
	NEXT();
/* application registers without side effects (ar.pfs, ar.lc, ar.unat, ...): u->r3 */
k_MOV_TO_AR:
	SKIP_IF_OFF();
	c->ar[u->r3] = ia64_gr(c, u->r2);
	NEXT();
k_MOV_FROM_AR:
	SKIP_IF_OFF();
	ia64_set_gr(c, u->r1, c->ar[u->r3]);
	NEXT();

/* the FP operations ia64_fp_fast.c does: what it does not take goes to ia64_exec, which
 * asks it again (nothing changed) and then runs the general way */
k_FP:
	SKIP_IF_OFF();
	if (!ia64_exec_fp_fast(c, &e->b.slot[u->slot]))
		goto k_EXEC;
	NEXT();

k_SETF:
	SKIP_IF_OFF();
	ia64_fr_set(c, u->r1, ia64_fr_setf(ia64_gr(c, u->r2), u->sz));
	NEXT();

k_MOVL:
	SKIP_IF_OFF();
	ia64_set_gr(c, u->r1, (uint64_t)u->imm);
	NEXT();

/* plain loads and stores; u->pos: post-increment r3 by imm. A miss of the translations
 * goes through ia64_exec, which faults (or defers) exactly. */
k_LD: {
	SKIP_IF_OFF();
	uint64_t addr = ia64_gr(c, u->r3), v;
	if (ia64_mem_get(c, addr, u->sz, &v) < 0)
		goto k_EXEC;
	ia64_set_gr(c, u->r1, v);
	if (u->pos)
		ia64_set_gr(c, u->r3, addr + (uint64_t)u->imm);
	NEXT();
}
k_ST: {
	SKIP_IF_OFF();
	uint64_t addr = ia64_gr(c, u->r3);
	if (ia64_mem_put(c, addr, u->sz, ia64_gr(c, u->r2)) < 0)
		goto k_EXEC;
	if (u->pos)
		ia64_set_gr(c, u->r3, addr + (uint64_t)u->imm);
	NEXT();
}

/* plain FP loads and stores of ldf8 (u->len 1), singles (2) and doubles (3), as exec_mem
 * (ia64_exec.c) runs them; u->pos: post-increment r3 by imm */
k_LDF: {
	SKIP_IF_OFF();
	uint64_t addr = ia64_gr(c, u->r3), v;
	if (ia64_mem_get(c, addr, u->len == 2 ? 4 : 8, &v) < 0)
		goto k_EXEC;
	ia64_fr_set(c, u->r1, fr_loaded(v, u->len));
	if (u->pos)
		ia64_set_gr(c, u->r3, addr + (uint64_t)u->imm);
	NEXT();
}
/* ldfp8/ldfps/ldfpd (u->len as LDF's) into r1 and r2: both loads before either register */
k_LDFP: {
	SKIP_IF_OFF();
	uint64_t addr = ia64_gr(c, u->r3), lo, hi;
	unsigned each = u->len == 2 ? 4 : 8;
	if (ia64_mem_get(c, addr, each, &lo) < 0 || ia64_mem_get(c, addr + each, each, &hi) < 0)
		goto k_EXEC;
	ia64_fr_set(c, u->r1, fr_loaded(lo, u->len));
	ia64_fr_set(c, u->r2, fr_loaded(hi, u->len));
	if (u->pos)
		ia64_set_gr(c, u->r3, addr + (uint64_t)u->imm);
	NEXT();
}
k_STF: {
	SKIP_IF_OFF();
	uint64_t addr = ia64_gr(c, u->r3);
	struct ia64_fr r = ia64_fr_get(c, u->r2);
	uint64_t bits = u->len == 1 ? r.sig : u->len == 2 ? ia64_fr_to_ieee(r, 8, 23) : ia64_fr_to_ieee(r, 11, 52);
	if (ia64_mem_put(c, addr, u->len == 2 ? 4 : 8, bits) < 0)
		goto k_EXEC;
	if (u->pos)
		ia64_set_gr(c, u->r3, addr + (uint64_t)u->imm);
	NEXT();
}

/* lfetch only hints: its post-increment (u->pos) is all it does */
k_LFETCH:
	SKIP_IF_OFF();
	if (u->pos)
		ia64_set_gr(c, u->r3, ia64_gr(c, u->r3) + (uint64_t)u->imm);
	NEXT();
/* chk.s: recovery (ia64_exec) only when r2 holds a deferred fault */
k_CHK_S:
	SKIP_IF_OFF();
	if (ia64_gr_nat(c, u->r2))
		goto k_EXEC;
	NEXT();

/* Calls (u->imm: the absolute target; CALL_IND: b[u->r2]) and returns (to b[u->r2]), as
 * ia64_exec runs them: the event sees the count with the branch retired, and c->ip, c->slot
 * and c->clock.retired on the branch. */
k_CALL:
	SKIP_IF_OFF();
	target = (uint64_t)u->imm;
	goto call;
k_CALL_IND:
	SKIP_IF_OFF();
	target = c->br[u->r2] & ~15ULL;
call:
	if (!ia64_rse_call(c))
		goto k_EXEC;	/* the overflow's fault: nothing changed yet */
	c->br[u->r1] = ip + 16;
	if (c->ev.call) {
		c->ip = ip;
		c->slot = u->ri;
		c->clock.retired = retired + u->ri;
		c->ev.call(c->ev.ctx, ip, ip + 16, target, retired + u->ri + 1u);
	}
	JUMP(target);
k_RET:
	SKIP_IF_OFF();
	target = c->br[u->r2] & ~15ULL;
	c->ip = ip;
	c->slot = u->ri;
	c->clock.retired = retired + u->ri;
	if (!ia64_rse_return(c, c->ar[IA64_AR_PFS])) {
		ia64_fault_at(f, CPU_FAULT_SEGV_MAPERR, ip | u->ri, 0, false, "register stack overflow");
		*stop = CPU_STOP_FAULT;
		return true;
	}
	if (c->ev.ret)
		c->ev.ret(c->ev.ctx, target, retired + u->ri + 1u);
	JUMP(target);
/* alloc r1 = ar.pfs, sof (u->imm), sol (u->pos), sor (u->len); a bad frame faults in
 * ia64_exec (nothing changed yet) */
k_ALLOC: {
	uint64_t pfs = c->ar[IA64_AR_PFS];
	if (!ia64_rse_alloc(c, (unsigned)u->imm, u->pos, u->len))
		goto k_EXEC;
	ia64_set_gr(c, u->r1, pfs);
	NEXT();
}

/* branches: u->imm is the absolute target */
k_BR_COND:
	SKIP_IF_OFF();
	JUMP((uint64_t)u->imm);
k_BR_CLOOP:
	if (c->ar[IA64_AR_LC] == 0)
		NEXT();
	c->ar[IA64_AR_LC]--;
	JUMP((uint64_t)u->imm);
/* the modulo-scheduled loops' branches (ctop/wtop: taken while the loop goes on; cexit/wexit:
 * taken when it ends), their counters and rotation as ia64_exec does them */
k_BR_TOP:
	SKIP_IF_OFF();
	if (ia64_loop_branch(c, &e->b.slot[u->slot]))
		JUMP((uint64_t)u->imm);
	NEXT();
k_BR_EXIT:
	SKIP_IF_OFF();
	if (ia64_loop_branch(c, &e->b.slot[u->slot]))
		NEXT();
	JUMP((uint64_t)u->imm);
k_BR_IND:
	SKIP_IF_OFF();
	JUMP(c->br[u->r2]);
k_MOV_TO_BR:
	SKIP_IF_OFF();
	c->br[u->r1] = ia64_gr(c, u->r2);
	NEXT();
k_MOV_FROM_BR:
	SKIP_IF_OFF();
	ia64_set_gr(c, u->r1, c->br[u->r2]);
	NEXT();
}

bool ia64_run_fast(struct ia64_cpu *c, struct cpu_fault *f, enum cpu_stop *stop)
{
	return run_fast(c, f, stop, NULL);
}

/* A plain load or store: no fill or spill (acquire, release and bias only order or hint,
 * which one CPU need not model), no register post-increment. Speculative and advanced loads
 * (no ALAT is kept) do what a plain one does when the access succeeds; a miss goes to
 * ia64_exec, which defers the fault of .s and .sa. */
static bool plain_access(const struct ia64_insn *in)
{
	if (in->post == IA64_POST_REG)
		return false;
	switch (in->ldtype) {
	case IA64_LD_NONE: case IA64_LD_BIAS: case IA64_LD_ACQ:
	case IA64_LD_S: case IA64_LD_SA: case IA64_LD_A:
	case IA64_LD_C_CLR: case IA64_LD_C_NC: case IA64_LD_C_CLR_ACQ:
	case IA64_ST_NONE: case IA64_ST_REL:
		return true;
	default:
		return false;
	}
}

/* The _RR kind of an ALU operation (its _IR kind follows it), or UOP_EXEC. */
static unsigned alu_kind(const struct ia64_insn *in)
{
	switch (in->op) {
	case IA64_OP_ADD: case IA64_OP_ADDS: case IA64_OP_ADDL: return UOP_ADD_RR;
	case IA64_OP_SUB: case IA64_OP_SUB_IMM: return UOP_SUB_RR;
	case IA64_OP_AND: case IA64_OP_AND_IMM: return UOP_AND_RR;
	case IA64_OP_ANDCM: case IA64_OP_ANDCM_IMM: return UOP_ANDCM_RR;
	case IA64_OP_OR: case IA64_OP_OR_IMM: return UOP_OR_RR;
	case IA64_OP_XOR: case IA64_OP_XOR_IMM: return UOP_XOR_RR;
	case IA64_OP_SHLADD: return in->imm_form ? UOP_EXEC : UOP_SHLADD_RR;
	case IA64_OP_ADDP4: case IA64_OP_ADDP4_IMM: return UOP_ADDP4_RR;
	default: return UOP_EXEC;
	}
}

/* The _RR kind of a plain compare's relation (its _IR kind follows it). */
static const uint8_t cmp_kind[7][2] = {
	[IA64_CREL_EQ] = { UOP_CMP_EQ_RR, UOP_CMP4_EQ_RR },
	[IA64_CREL_NE] = { UOP_CMP_NE_RR, UOP_CMP4_NE_RR },
	[IA64_CREL_LT] = { UOP_CMP_LT_RR, UOP_CMP4_LT_RR },
	[IA64_CREL_LE] = { UOP_CMP_LE_RR, UOP_CMP4_LE_RR },
	[IA64_CREL_GT] = { UOP_CMP_GT_RR, UOP_CMP4_GT_RR },
	[IA64_CREL_GE] = { UOP_CMP_GE_RR, UOP_CMP4_GE_RR },
	[IA64_CREL_LTU] = { UOP_CMP_LTU_RR, UOP_CMP4_LTU_RR },
};

/* The specialised kind of in (which tests its own qualifying predicate), or UOP_EXEC;
 * fills the fields it reads that differ from the decoded ones. */
static unsigned fast_kind(const struct ia64_insn *in, struct ia64_uop *u, uint64_t addr)
{
	unsigned k = alu_kind(in);
	if (k != UOP_EXEC)
		return k + (in->imm_form ? 1 : 0);
	switch (in->op) {
	case IA64_OP_MOVL:
		return UOP_MOVL;
	case IA64_OP_CMP:
		if (in->ctype != IA64_CTYPE_NONE || in->crel > IA64_CREL_LTU)
			return UOP_EXEC;
		return cmp_kind[in->crel][in->cmp4 ? 1 : 0] + (in->imm_form ? 1 : 0);
	case IA64_OP_LD: case IA64_OP_ST:
		if (!plain_access(in))
			return UOP_EXEC;
		u->pos = in->post == IA64_POST_IMM;
		return in->op == IA64_OP_LD ? UOP_LD : UOP_ST;
	case IA64_OP_LDFP:	/* in->sz: 1 ldfp8, 2 ldfps, else ldfpd */
		if (!plain_access(in))
			return UOP_EXEC;
		u->pos = in->post == IA64_POST_IMM;
		u->len = in->sz == 1 ? 1 : in->sz == 2 ? 2 : 3;
		return UOP_LDFP;
	case IA64_OP_SETF:
		return UOP_SETF;
	case IA64_OP_CZX_L: case IA64_OP_CZX_R:
		if (in->sz != 1 && in->sz != 2)
			return UOP_EXEC;
		return in->op == IA64_OP_CZX_L ? UOP_CZX_L : UOP_CZX_R;
	case IA64_OP_LFETCH:
		if (in->post == IA64_POST_REG)
			return UOP_EXEC;
		u->pos = in->post == IA64_POST_IMM;
		return UOP_LFETCH;
	case IA64_OP_CHK_S_I: case IA64_OP_CHK_S_M:
		return UOP_CHK_S;
	case IA64_OP_LDF: case IA64_OP_STF:	/* in->btype: 0 ldfe (not here), 1 8, 2 s, 3 d */
		if (!plain_access(in) || in->btype == 0 || in->btype > 3)
			return UOP_EXEC;
		u->pos = in->post == IA64_POST_IMM;
		u->len = in->btype;
		return in->op == IA64_OP_LDF ? UOP_LDF : UOP_STF;
	case IA64_OP_BR:
		u->imm = (int64_t)(addr + (uint64_t)in->imm);
		switch (in->btype) {
		case 0: return UOP_BR_COND;
		case 5: return in->always ? UOP_BR_CLOOP : UOP_EXEC;
		case 3: case 7: return UOP_BR_TOP;	/* wtop, ctop */
		case 2: case 6: return UOP_BR_EXIT;	/* wexit, cexit */
		default: return UOP_EXEC;
		}
	case IA64_OP_BR_IND:
		return in->btype == 0 ? UOP_BR_IND : UOP_EXEC;
	case IA64_OP_BR_CALL: case IA64_OP_BRL_CALL:
		u->imm = (int64_t)(addr + (uint64_t)in->imm);
		return UOP_CALL;
	case IA64_OP_BR_CALL_IND:
		return UOP_CALL_IND;
	case IA64_OP_BR_RET:
		return UOP_RET;
	case IA64_OP_ALLOC:	/* never predicated */
		if (!in->always && in->qp)
			return UOP_EXEC;
		u->len = in->len;
		return UOP_ALLOC;
	case IA64_OP_SXT: case IA64_OP_ZXT:
		if (u->sz != 1 && u->sz != 2 && u->sz != 4)
			return UOP_EXEC;
		return in->op == IA64_OP_SXT ? UOP_SXT : UOP_ZXT;
	case IA64_OP_EXTR: case IA64_OP_EXTR_U:
		if (in->len == 0 || in->pos > 63)
			return UOP_EXEC;
		u->len = in->pos + in->len > 64 ? (uint8_t)(64 - in->pos) : in->len;
		return in->op == IA64_OP_EXTR ? UOP_EXTR : UOP_EXTR_U;
	case IA64_OP_DEP_Z: case IA64_OP_DEP_Z_IMM:
		/* the field is cut at bit 63 by the shift itself */
		if (in->len == 0 || in->len > 64 || in->pos > 63)
			return UOP_EXEC;
		u->len = in->len;
		return in->op == IA64_OP_DEP_Z ? UOP_DEP_Z : UOP_DEP_Z_IMM;
	case IA64_OP_TBIT:
		if (in->ctype != IA64_CTYPE_NONE || in->pos > 63)
			return UOP_EXEC;
		return in->crel == IA64_CREL_Z ? UOP_TBIT_Z : UOP_TBIT_NZ;
	case IA64_OP_MOV_TO_AR_I: case IA64_OP_MOV_TO_AR_M:
	case IA64_OP_MOV_FROM_AR_I: case IA64_OP_MOV_FROM_AR_M:
		/* the registers read_ar and write_ar (ia64_exec.c) treat as plain storage */
		switch (in->r3) {
		case IA64_AR_BSP: case IA64_AR_BSPSTORE: case IA64_AR_RNAT: case IA64_AR_ITC:
		case IA64_AR_EC:
			return UOP_EXEC;
		default:
			if (in->r3 > 127)
				return UOP_EXEC;
			return in->op == IA64_OP_MOV_TO_AR_I || in->op == IA64_OP_MOV_TO_AR_M ? UOP_MOV_TO_AR
												 : UOP_MOV_FROM_AR;
		}
	case IA64_OP_FMA: case IA64_OP_FMS: case IA64_OP_FNMA: case IA64_OP_FRCPA:
	case IA64_OP_FRSQRTA: case IA64_OP_FCVT_XF: case IA64_OP_FCVT_FX: case IA64_OP_FMERGE:
		return UOP_FP;
	case IA64_OP_FCMP: case IA64_OP_FCLASS:	/* .unc clears its targets when its qp is off */
		return in->ctype == IA64_CTYPE_UNC ? UOP_EXEC : UOP_FP;
	case IA64_OP_MOV_TO_BR:
		return UOP_MOV_TO_BR;
	case IA64_OP_MOV_FROM_BR:
		return UOP_MOV_FROM_BR;
	default:
		return UOP_EXEC;
	}
}

void ia64_uops_build(struct ia64_cached_bundle *e, uint64_t addr)
{
	const void *const *code;
	run_fast(NULL, NULL, NULL, &code);
	e->insns = 0;
	unsigned n = 0;
	for (unsigned s = 0; s < 3; s++) {
		const struct ia64_insn *in = &e->b.slot[s];
		if (in->unit == IA64_UNIT_L)	/* the X slot's first half */
			continue;
		e->insns++;
		if (ia64_is_no_op(in->op))
			continue;
		struct ia64_uop *u = &e->uop[n++];
		*u = (struct ia64_uop){
			.imm = in->imm, .qp = in->always ? 0 : in->qp,
			.r1 = in->r1, .r2 = in->r2, .r3 = in->r3, .p1 = in->p1, .p2 = in->p2,
			.ri = in->unit == IA64_UNIT_X ? 1 : (uint8_t)s, .slot = (uint8_t)s,
			.sz = in->sz, .pos = in->pos,
		};
		u->kind = (uint8_t)fast_kind(in, u, addr);
		u->code = code[u->kind];
	}
	e->uop[n] = (struct ia64_uop){ .kind = UOP_END, .code = code[UOP_END] };
}
