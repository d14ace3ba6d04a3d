/* A decoded IA-64 instruction and bundle (ia64_decode.h tells how they are decoded): the
 * execution units, the operations the interpreter dispatches on, and the operand fields.
 * The decoder, its generated form table, the interpreter and the disassembler share them. */
#ifndef PROFEMU_IA64_INSN_H
#define PROFEMU_IA64_INSN_H

#include <stdbool.h>
#include <stdint.h>

enum ia64_unit {
	IA64_UNIT_M,
	IA64_UNIT_I,
	IA64_UNIT_F,
	IA64_UNIT_B,
	IA64_UNIT_L,	/* the long immediate of an MLX bundle: no instruction of its own */
	IA64_UNIT_X,
};

/* Operations: what the interpreter dispatches on (ia64_exec.c). Each form of ia64.decode names
 * one; completers (sizes, compare relations, saturation, hints...) live in the operand fields
 * and in .variant. */
enum ia64_op {
	IA64_OP_ILLEGAL,	/* unassigned or reserved encoding */
	IA64_OP_PRIVILEGED,	/* a system instruction user code may not run */
	/* A unit (M or I slots) */
	IA64_OP_ADD, IA64_OP_ADD1, IA64_OP_SUB, IA64_OP_SUB1, IA64_OP_ADDP4,
	IA64_OP_AND, IA64_OP_ANDCM, IA64_OP_OR, IA64_OP_XOR,
	IA64_OP_SHLADD, IA64_OP_SHLADDP4,
	IA64_OP_SUB_IMM, IA64_OP_AND_IMM, IA64_OP_ANDCM_IMM, IA64_OP_OR_IMM, IA64_OP_XOR_IMM,
	IA64_OP_ADDS, IA64_OP_ADDP4_IMM, IA64_OP_ADDL,
	IA64_OP_CMP,		/* cmp/cmp4: see struct ia64_insn.cmp */
	/* parallel arithmetic: sz is the element size, variant the saturation or rounding */
	IA64_OP_PADD, IA64_OP_PSUB, IA64_OP_PAVG, IA64_OP_PAVGSUB, IA64_OP_PCMP,
	IA64_OP_PSHLADD2, IA64_OP_PSHRADD2,
	/* I unit: multimedia */
	IA64_OP_PMPYSHR2, IA64_OP_PMPY2, IA64_OP_MIX, IA64_OP_PACK, IA64_OP_UNPACK,
	IA64_OP_PMIN, IA64_OP_PMAX, IA64_OP_PSAD1, IA64_OP_MUX1, IA64_OP_MUX2,
	IA64_OP_PSHR, IA64_OP_PSHL, IA64_OP_MPY4, IA64_OP_MPYSHL4, IA64_OP_POPCNT, IA64_OP_CLZ,
	/* I unit: bit fields, tests, moves */
	IA64_OP_SHRP, IA64_OP_EXTR, IA64_OP_EXTR_U, IA64_OP_DEP_Z, IA64_OP_DEP_Z_IMM,
	IA64_OP_DEP_IMM, IA64_OP_DEP,
	IA64_OP_TBIT, IA64_OP_TNAT, IA64_OP_TF,
	IA64_OP_ZXT, IA64_OP_SXT, IA64_OP_CZX_L, IA64_OP_CZX_R,	/* size in .sz */
	IA64_OP_MOV_TO_BR, IA64_OP_MOV_FROM_BR, IA64_OP_MOV_TO_PR, IA64_OP_MOV_TO_PR_ROT,
	IA64_OP_MOV_FROM_PR, IA64_OP_MOV_FROM_IP,
	IA64_OP_MOV_TO_AR_I, IA64_OP_MOV_TO_AR_I_IMM, IA64_OP_MOV_FROM_AR_I,
	IA64_OP_CHK_S_I,
	/* M unit */
	IA64_OP_LD, IA64_OP_ST, IA64_OP_LDF, IA64_OP_STF, IA64_OP_LDFP, IA64_OP_LFETCH,
	IA64_OP_CMPXCHG, IA64_OP_XCHG, IA64_OP_FETCHADD, IA64_OP_GETF, IA64_OP_SETF,
	IA64_OP_CMP8XCHG16, IA64_OP_LD16, IA64_OP_ST16,
	IA64_OP_ALLOC, IA64_OP_MOV_TO_AR_M, IA64_OP_MOV_TO_AR_M_IMM, IA64_OP_MOV_FROM_AR_M,
	IA64_OP_CHK_S_M, IA64_OP_CHK_S_F, IA64_OP_CHK_A,
	IA64_OP_INVALA, IA64_OP_FWB, IA64_OP_MF, IA64_OP_MF_A, IA64_OP_SRLZ_D, IA64_OP_SRLZ_I,
	IA64_OP_SYNC_I, IA64_OP_FLUSHRS, IA64_OP_LOADRS, IA64_OP_INVALA_E, IA64_OP_FC,
	IA64_OP_MOV_FROM_PSR_UM, IA64_OP_MOV_TO_PSR_UM, IA64_OP_SUM, IA64_OP_RUM,
	IA64_OP_MOV_FROM_CPUID, IA64_OP_MOV_FROM_PMD, IA64_OP_PROBE, IA64_OP_THASH,
	/* F unit */
	IA64_OP_FMA, IA64_OP_FMS, IA64_OP_FNMA, IA64_OP_FPMA, IA64_OP_FPMS, IA64_OP_FPNMA,
	IA64_OP_XMA, IA64_OP_FSELECT, IA64_OP_FCMP, IA64_OP_FCLASS, IA64_OP_FRCPA,
	IA64_OP_FRSQRTA, IA64_OP_FMERGE, IA64_OP_FMIN, IA64_OP_FCVT_FX, IA64_OP_FCVT_XF,
	IA64_OP_FPACK, IA64_OP_FLOGIC, IA64_OP_FPAIR,
	IA64_OP_FPMERGE, IA64_OP_FPMIN, IA64_OP_FPCVT_FX, IA64_OP_FPCMP,
	IA64_OP_FSETC, IA64_OP_FCLRF, IA64_OP_FCHKF,
	/* B unit */
	IA64_OP_BR,		/* IP-relative: br.cond/wexit/wtop/cloop/cexit/ctop (btype) */
	IA64_OP_BR_CALL,	/* IP-relative call */
	IA64_OP_BR_IND,		/* br.cond/br.ia through a branch register */
	IA64_OP_BR_RET,
	IA64_OP_BR_CALL_IND,
	IA64_OP_COVER, IA64_OP_CLRRRB, IA64_OP_CLRRRB_PR, IA64_OP_EPC,
	IA64_OP_BRP, IA64_OP_BRP_IND,	/* branch predict hints: no effect on results */
	/* X unit */
	IA64_OP_MOVL, IA64_OP_BRL, IA64_OP_BRL_CALL,
	/* every unit */
	IA64_OP_BREAK, IA64_OP_NOP, IA64_OP_HINT,
	IA64_OP_COUNT
};

/* Load/store types (ld.s, ld.a, ...), as the x6 field orders them. */
enum ia64_ldtype {
	IA64_LD_NONE, IA64_LD_S, IA64_LD_A, IA64_LD_SA, IA64_LD_BIAS, IA64_LD_ACQ,
	IA64_LD_FILL, IA64_LD_C_CLR, IA64_LD_C_NC, IA64_LD_C_CLR_ACQ,
	IA64_ST_NONE, IA64_ST_REL, IA64_ST_SPILL,
};

/* Post-modification of a memory access's base register. */
enum ia64_postinc {
	IA64_POST_NONE,
	IA64_POST_REG,	/* r3 += r2 */
	IA64_POST_IMM,	/* r3 += imm */
};

/* Compare relations and types (cmp, cmp4, tbit, tnat, fcmp, fclass). */
enum ia64_crel { IA64_CREL_EQ, IA64_CREL_NE, IA64_CREL_LT, IA64_CREL_LE, IA64_CREL_GT,
	IA64_CREL_GE, IA64_CREL_LTU, IA64_CREL_Z, IA64_CREL_NZ, IA64_CREL_UNORD };
enum ia64_ctype { IA64_CTYPE_NONE, IA64_CTYPE_UNC, IA64_CTYPE_AND, IA64_CTYPE_OR,
	IA64_CTYPE_OR_ANDCM };

/* struct ia64_insn.form of an illegal slot or the L slot: no row of the form table */
enum { IA64_FORM_NONE = 0xffff };

struct ia64_insn {
	uint16_t op;		/* enum ia64_op */
	uint8_t unit;		/* enum ia64_unit the slot was decoded for */
	uint8_t qp;		/* qualifying predicate; 0 = always */
	uint8_t r1, r2, r3;	/* general, FP or branch register numbers, per op */
	uint8_t p1, p2;		/* predicate targets */
	uint8_t sz;		/* access size in bytes, or the form's element size */
	uint8_t ldtype;		/* enum ia64_ldtype; fcmp: status field; FP: .sf */
	uint8_t hint;		/* ldhint/sthint/lfhint; branch: whether hint (wh) */
	uint8_t post;		/* enum ia64_postinc */
	uint8_t crel, ctype;	/* compares */
	uint8_t cmp4;		/* cmp4 rather than cmp; form variant elsewhere */
	uint8_t pos, len;	/* bit fields; alloc: sol, sor */
	uint8_t btype;		/* branch type; FP: precision completer */
	uint8_t ph, dh;		/* branch prefetch (.few/.many) and .clr */
	uint8_t variant;	/* a form's variant within its operation (saturation, .l/.r, ...) */
	uint8_t imm_form;	/* 1: the second operand is imm instead of r2 */
	uint8_t always;		/* runs whatever its qp (unpredicated ops, and br.wtop/wexit,
				 * which read the qp as their loop condition) */
	int16_t tag;		/* brp: the tagged bundle, in bytes from this one */
	uint16_t form;		/* the row of ia64_forms[] it was decoded by (IA64_FORM_NONE:
				 * illegal, or the L slot) */
	int64_t imm;		/* immediates, displacements (bytes, from the bundle) */
};

/* A decoded bundle: the three slots (slot 1 of MLX is IA64_OP_NOP with unit L and only
 * documents the pairing), its template's stops, and whether it is legal at all. */
struct ia64_bundle {
	struct ia64_insn slot[3];
	uint64_t bits[3];		/* the raw slots */
	uint8_t stops;
	bool reserved;
	uint8_t template_code;
};

#endif
