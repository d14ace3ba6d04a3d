/* IA-64 decoding: templates, slot extraction and the instruction formats of the
 * Itanium Software Developer's Manual, volume 3, chapter 4, by unit and major opcode. */
#include "ia64_decode.h"

#include <string.h>

#include "ia64_forms.h"

#define M IA64_UNIT_M
#define I IA64_UNIT_I
#define F IA64_UNIT_F
#define B IA64_UNIT_B
#define L IA64_UNIT_L
#define X IA64_UNIT_X
#define T(u0, u1, u2, st) { false, { u0, u1, u2 }, st }
#define RESERVED { true, { M, I, I }, 0 }

/* Template code -> units and stops (bit i: stop after slot i). */
static const struct ia64_template templates[32] = {
	T(M, I, I, 0), T(M, I, I, 4), T(M, I, I, 2), T(M, I, I, 6),	/* 00-03 MII */
	T(M, L, X, 0), T(M, L, X, 4), RESERVED, RESERVED,		/* 04-05 MLX */
	T(M, M, I, 0), T(M, M, I, 4), T(M, M, I, 1), T(M, M, I, 5),	/* 08-0B MMI */
	T(M, F, I, 0), T(M, F, I, 4), T(M, M, F, 0), T(M, M, F, 4),	/* 0C-0F MFI MMF */
	T(M, I, B, 0), T(M, I, B, 4), T(M, B, B, 0), T(M, B, B, 4),	/* 10-13 MIB MBB */
	RESERVED, RESERVED, T(B, B, B, 0), T(B, B, B, 4),		/* 16-17 BBB */
	T(M, M, B, 0), T(M, M, B, 4), RESERVED, RESERVED,		/* 18-19 MMB */
	T(M, F, B, 0), T(M, F, B, 4), RESERVED, RESERVED,		/* 1C-1D MFB */
};

#undef M
#undef I
#undef F
#undef B
#undef L
#undef X

const struct ia64_template *ia64_template_of(unsigned code)
{
	return &templates[code & 31];
}

uint64_t ia64_bundle_slot(const uint8_t b[16], unsigned i)
{
	uint64_t lo = 0, hi = 0;
	for (int k = 7; k >= 0; k--) {
		lo = lo << 8 | b[k];
		hi = hi << 8 | b[k + 8];
	}
	const uint64_t mask41 = (1ULL << 41) - 1;
	switch (i) {
	case 0: return lo >> 5 & mask41;
	case 1: return (lo >> 46 | hi << 18) & mask41;
	default: return hi >> 23 & mask41;
	}
}

/* Bits hi..lo of the slot. */
static inline uint64_t fld(uint64_t s, unsigned hi, unsigned lo)
{
	return s >> lo & ((1ULL << (hi - lo + 1)) - 1);
}

static inline int64_t sext(uint64_t v, unsigned bits)
{
	uint64_t m = 1ULL << (bits - 1);
	v &= (m << 1) - 1;
	return (int64_t)((v ^ m) - m);
}

/* The 21-bit immediate of break/nop/hint (i and imm20a). */
static inline int64_t imm21(uint64_t s)
{
	return (int64_t)(fld(s, 36, 36) << 20 | fld(s, 25, 6));
}

/* imm8 of A3/A8/I27/M30 and friends: sign bit 36, imm7b. */
static inline int64_t imm8b(uint64_t s)
{
	return sext(fld(s, 36, 36) << 7 | fld(s, 19, 13), 8);
}

/* The 21-bit IP-relative displacement of B1/B3/I20/M22 (s, imm20b at 32:13), in bytes. */
static inline int64_t target25(uint64_t s)
{
	return sext(fld(s, 36, 36) << 20 | fld(s, 32, 13), 21) * 16;
}

/* chk.s's displacement (I20, M20, M21): s, imm13c at 32:20 and imm7a at 12:6, r2 between. */
static inline int64_t chk_target(uint64_t s)
{
	return sext(fld(s, 36, 36) << 20 | fld(s, 32, 20) << 7 | fld(s, 12, 6), 21) * 16;
}

static void set_nop_or_break(struct ia64_insn *in, uint64_t s, bool is_nop)
{
	in->imm = imm21(s);
	if (!is_nop)
		in->op = IA64_OP_BREAK;
	else
		in->op = fld(s, 26, 26) ? IA64_OP_HINT : IA64_OP_NOP;
}

/* ---- A unit: ALU, compares, parallel arithmetic (major opcodes 8, 9, C, D, E) ---- */

static void decode_alu(struct ia64_insn *in, uint64_t s)
{
	unsigned x2a = fld(s, 35, 34), ve = fld(s, 33, 33), x4 = fld(s, 32, 29),
		 x2b = fld(s, 28, 27);
	if (x2a == 1) {
		in->mm = ia64_pmm_a_lookup(fld(s, 36, 36), ve, x4, x2b);
		if (in->mm != IA64_FORM_NONE) {
			in->op = IA64_OP_PMM_A;
			if (ia64_pmm_a_forms[in->mm].operands == IA64_OPND_R1_R2_CNT_R3)
				in->pos = x2b + 1;
		}
		return;
	}
	if (ve)
		return;
	if (x2a == 2 || x2a == 3) {
		in->op = x2a == 2 ? IA64_OP_ADDS : IA64_OP_ADDP4_IMM;
		in->imm = sext(fld(s, 36, 36) << 13 | fld(s, 32, 27) << 7 | fld(s, 19, 13), 14);
		in->imm_form = 1;
		return;
	}
	switch (x4) {
	case 0: if (x2b < 2) in->op = x2b ? IA64_OP_ADD1 : IA64_OP_ADD; break;
	case 1: if (x2b < 2) in->op = x2b ? IA64_OP_SUB : IA64_OP_SUB1; break;
	case 2: if (x2b == 0) in->op = IA64_OP_ADDP4; break;
	case 3: in->op = (uint16_t[]){ IA64_OP_AND, IA64_OP_ANDCM, IA64_OP_OR, IA64_OP_XOR }[x2b];
		break;
	case 4: in->op = IA64_OP_SHLADD; in->pos = x2b + 1; break;
	case 6: in->op = IA64_OP_SHLADDP4; in->pos = x2b + 1; break;
	case 9: if (x2b == 1) { in->op = IA64_OP_SUB_IMM; in->imm = imm8b(s); in->imm_form = 1; }
		break;
	case 0xb:
		in->op = (uint16_t[]){ IA64_OP_AND_IMM, IA64_OP_ANDCM_IMM, IA64_OP_OR_IMM,
				       IA64_OP_XOR_IMM }[x2b];
		in->imm = imm8b(s);
		in->imm_form = 1;
		break;
	default: break;
	}
}

/* Compare relations by major opcode (C, D, E) and ta:c, for the A6/A8 forms and (with tb
 * set) the A7 forms that compare r3 against r0. */
static void decode_cmp(struct ia64_insn *in, uint64_t s, unsigned opcode)
{
	unsigned x2 = fld(s, 35, 34), tb = fld(s, 36, 36), ta = fld(s, 33, 33), c = fld(s, 12, 12);
	unsigned row = opcode - 0xc, col = ta << 1 | c;
	static const uint8_t ctype_of[3][4] = {
		{ IA64_CTYPE_NONE, IA64_CTYPE_UNC, IA64_CTYPE_AND, IA64_CTYPE_AND },
		{ IA64_CTYPE_NONE, IA64_CTYPE_UNC, IA64_CTYPE_OR, IA64_CTYPE_OR },
		{ IA64_CTYPE_NONE, IA64_CTYPE_UNC, IA64_CTYPE_OR_ANDCM, IA64_CTYPE_OR_ANDCM },
	};
	static const uint8_t crel_of[3][4] = {
		{ IA64_CREL_LT, IA64_CREL_LT, IA64_CREL_EQ, IA64_CREL_NE },
		{ IA64_CREL_LTU, IA64_CREL_LTU, IA64_CREL_EQ, IA64_CREL_NE },
		{ IA64_CREL_EQ, IA64_CREL_EQ, IA64_CREL_EQ, IA64_CREL_NE },
	};
	static const uint8_t crel_zero[4] = { IA64_CREL_GT, IA64_CREL_LE, IA64_CREL_GE,
					      IA64_CREL_LT };
	in->op = IA64_OP_CMP;
	in->p1 = fld(s, 11, 6);
	in->p2 = fld(s, 32, 27);
	in->cmp4 = x2 & 1;
	if (x2 >= 2) {			/* A8: imm8 */
		in->crel = crel_of[row][col];
		in->ctype = ctype_of[row][col];
		in->imm = imm8b(s);
		in->imm_form = 1;
	} else if (!tb) {		/* A6 */
		in->crel = crel_of[row][col];
		in->ctype = ctype_of[row][col];
	} else {			/* A7: parallel compares of r3 with zero */
		in->r2 = 0;		/* the field is ignored (objdump prints r0 too) */
		in->crel = crel_zero[col];
		in->ctype = row == 0 ? IA64_CTYPE_AND : row == 1 ? IA64_CTYPE_OR
			  : IA64_CTYPE_OR_ANDCM;
	}
}

static bool decode_a(struct ia64_insn *in, uint64_t s, unsigned opcode)
{
	switch (opcode) {
	case 8: decode_alu(in, s); return true;
	case 9:
		in->op = IA64_OP_ADDL;
		in->r3 = fld(s, 21, 20);
		in->imm = sext(fld(s, 36, 36) << 21 | fld(s, 26, 22) << 16 | fld(s, 35, 27) << 7 |
			       fld(s, 19, 13), 22);
		in->imm_form = 1;
		return true;
	case 0xc: case 0xd: case 0xe:
		decode_cmp(in, s, opcode);
		return true;
	default:
		return false;
	}
}

/* ---- I unit ---- */

static void decode_i_misc(struct ia64_insn *in, uint64_t s)
{
	unsigned x3 = fld(s, 35, 33), x6 = fld(s, 32, 27);
	switch (x3) {
	case 0:
		switch (x6) {
		case 0x00: set_nop_or_break(in, s, false); return;
		case 0x01: set_nop_or_break(in, s, true); return;
		case 0x0a: in->op = IA64_OP_MOV_TO_AR_I_IMM; in->imm = imm8b(s); in->imm_form = 1; return;
		case 0x10: case 0x11: case 0x12:
			in->op = IA64_OP_ZXT; in->sz = 1 << (x6 & 3); return;
		case 0x14: case 0x15: case 0x16:
			in->op = IA64_OP_SXT; in->sz = 1 << (x6 & 3); return;
		case 0x18: case 0x19: in->op = IA64_OP_CZX_L; in->sz = 1 << (x6 & 1); return;
		case 0x1c: case 0x1d: in->op = IA64_OP_CZX_R; in->sz = 1 << (x6 & 1); return;
		case 0x2a: in->op = IA64_OP_MOV_TO_AR_I; return;
		case 0x30: in->op = IA64_OP_MOV_FROM_IP; return;
		case 0x31: in->op = IA64_OP_MOV_FROM_BR; in->r2 = fld(s, 15, 13); return;
		case 0x32: in->op = IA64_OP_MOV_FROM_AR_I; return;
		case 0x33: in->op = IA64_OP_MOV_FROM_PR; return;
		default: return;
		}
	case 1:
		in->op = IA64_OP_CHK_S_I;
		in->imm = chk_target(s);
		return;
	case 2:
		in->op = IA64_OP_MOV_TO_PR_ROT;
		in->imm = (int64_t)((uint64_t)sext(fld(s, 36, 36) << 27 | fld(s, 32, 6), 28) << 16);
		return;
	case 3:
		in->op = IA64_OP_MOV_TO_PR;
		in->imm = (int64_t)((uint64_t)sext(fld(s, 36, 36) << 15 | fld(s, 31, 24) << 7 |
						  fld(s, 12, 6), 16) << 1);
		return;
	case 7:
		in->op = IA64_OP_MOV_TO_BR;
		in->r1 = fld(s, 8, 6);
		in->btype = fld(s, 22, 22);		/* mov.ret */
		in->hint = fld(s, 21, 20);		/* whether hint */
		in->ph = fld(s, 23, 23);		/* .imp */
		in->imm = sext(fld(s, 32, 24), 9) * 16;	/* tag */
		return;
	default:
		return;
	}
}

/* Major opcode 5: tbit/tnat, extr, dep.z, shrp, dep with imm1. */
static void decode_i_shift(struct ia64_insn *in, uint64_t s)
{
	unsigned x2 = fld(s, 35, 34), x = fld(s, 33, 33), y = fld(s, 13, 13);
	if (x2 == 1 && x)
		y = fld(s, 26, 26);	/* dep.z (I12, I13) keeps y at bit 26 */
	switch (x2) {
	case 0: {
		unsigned tb = fld(s, 36, 36), ta = fld(s, 33, 33), c = fld(s, 12, 12);
		in->p1 = fld(s, 11, 6);
		in->p2 = fld(s, 32, 27);
		in->op = y ? IA64_OP_TNAT : IA64_OP_TBIT;
		if (y && fld(s, 19, 14) != 0)
			in->op = IA64_OP_ILLEGAL;	/* tnat's x bit and the rest are 0 */
		in->pos = fld(s, 19, 14);
		static const uint8_t ctype_of[4] = { IA64_CTYPE_NONE, IA64_CTYPE_OR, IA64_CTYPE_AND,
						     IA64_CTYPE_OR_ANDCM };
		unsigned k = tb << 1 | ta;
		in->ctype = ctype_of[k];
		if (k == 0 && c)
			in->ctype = IA64_CTYPE_UNC;
		in->crel = (k != 0 && c) ? IA64_CREL_NZ : IA64_CREL_Z;
		return;
	}
	case 1:
		in->len = fld(s, 32, 27) + 1;
		if (!x) {
			in->op = y ? IA64_OP_EXTR : IA64_OP_EXTR_U;
			in->pos = fld(s, 19, 14);
		} else {
			in->pos = 63 - fld(s, 25, 20);
			if (y) {
				in->op = IA64_OP_DEP_Z_IMM;
				in->imm = imm8b(s);
				in->imm_form = 1;
			} else {
				in->op = IA64_OP_DEP_Z;
			}
		}
		return;
	case 3:
		if (!x) {
			in->op = IA64_OP_SHRP;
			in->pos = fld(s, 32, 27);
		} else {
			in->op = IA64_OP_DEP_IMM;
			in->imm = fld(s, 36, 36) ? -1 : 0;
			in->imm_form = 1;
			in->pos = 63 - fld(s, 19, 14);
			in->len = fld(s, 32, 27) + 1;
		}
		return;
	default:
		return;
	}
}

static void decode_i(struct ia64_insn *in, uint64_t s, unsigned opcode)
{
	switch (opcode) {
	case 0: decode_i_misc(in, s); return;
	case 4:
		in->op = IA64_OP_DEP;
		in->pos = 63 - fld(s, 36, 31);
		in->len = fld(s, 30, 27) + 1;
		return;
	case 5: decode_i_shift(in, s); return;
	case 7:
		in->mm = ia64_pmm_i_lookup(fld(s, 36, 36), fld(s, 35, 34), fld(s, 33, 33),
					   fld(s, 32, 32), fld(s, 31, 30), fld(s, 29, 28));
		if (in->mm == IA64_FORM_NONE)
			return;
		in->op = IA64_OP_PMM_I;
		switch (ia64_pmm_i_forms[in->mm].operands) {
		case IA64_OPND_R1_R2_MBTYPE: in->pos = fld(s, 23, 20); break;
		case IA64_OPND_R1_R2_MHTYPE: in->pos = fld(s, 27, 20); break;
		case IA64_OPND_R1_R3_CNT: in->pos = fld(s, 18, 14); break;
		case IA64_OPND_R1_R2_CNT: in->pos = fld(s, 24, 20); break;
		case IA64_OPND_R1_R2_R3_CNT2: in->pos = (uint8_t[]){ 0, 7, 15, 16 }[fld(s, 31, 30)]; break;
		default: break;
		}
		return;
	default:
		if (opcode >= 8)
			decode_a(in, s, opcode);
		return;
	}
}

/* ---- M unit ---- */

static void decode_m_sys0(struct ia64_insn *in, uint64_t s)
{
	unsigned x3 = fld(s, 35, 33), x4 = fld(s, 30, 27), x2 = fld(s, 32, 31);
	if (x3 >= 4) {
		in->op = IA64_OP_CHK_A;
		in->cmp4 = x3 >= 6;		/* FP register */
		in->ctype = x3 & 1;		/* .clr */
		in->imm = target25(s);
		return;
	}
	if (x3 != 0)
		return;
	if (x4 == 4 || x4 == 5) {		/* sum/rum imm24 */
		in->op = x4 == 4 ? IA64_OP_SUM : IA64_OP_RUM;
		in->imm = (int64_t)(fld(s, 36, 36) << 23 | fld(s, 32, 31) << 21 | fld(s, 26, 6));
		return;
	}
	switch (x2 << 4 | x4) {
	case 0x00: set_nop_or_break(in, s, false); return;
	case 0x01: set_nop_or_break(in, s, true); return;
	case 0x0a: in->op = IA64_OP_LOADRS; return;
	case 0x0c: in->op = IA64_OP_FLUSHRS; return;
	case 0x10: in->op = IA64_OP_INVALA; return;
	case 0x12: in->op = IA64_OP_INVALA_E; in->cmp4 = 0; return;
	case 0x13: in->op = IA64_OP_INVALA_E; in->cmp4 = 1; return;
	case 0x20: in->op = IA64_OP_FWB; return;
	case 0x22: in->op = IA64_OP_MF; return;
	case 0x23: in->op = IA64_OP_MF_A; return;
	case 0x28: in->op = IA64_OP_MOV_TO_AR_M_IMM; in->imm = imm8b(s); in->imm_form = 1; return;
	case 0x30: in->op = IA64_OP_SRLZ_D; return;
	case 0x31: in->op = IA64_OP_SRLZ_I; return;
	case 0x33: in->op = IA64_OP_SYNC_I; return;
	default: return;
	}
}

static void decode_m_sys1(struct ia64_insn *in, uint64_t s)
{
	unsigned x3 = fld(s, 35, 33), x6 = fld(s, 32, 27);
	switch (x3) {
	case 0:
		switch (x6) {
		case 0x2a: in->op = IA64_OP_MOV_TO_AR_M; return;
		case 0x22: in->op = IA64_OP_MOV_FROM_AR_M; return;
		case 0x21: in->op = IA64_OP_MOV_FROM_PSR_UM; return;
		case 0x29: in->op = IA64_OP_MOV_TO_PSR_UM; return;
		case 0x30: in->op = IA64_OP_FC; return;
		case 0x17: in->op = IA64_OP_MOV_FROM_CPUID; return;
		case 0x15: in->op = IA64_OP_MOV_FROM_PMD; return;
		default: return;
		}
	case 1: case 3:
		in->op = x3 == 1 ? IA64_OP_CHK_S_M : IA64_OP_CHK_S_F;
		in->imm = chk_target(s);
		return;
	case 6:
		in->op = IA64_OP_ALLOC;
		in->imm = fld(s, 19, 13);		/* sof */
		in->pos = fld(s, 26, 20);		/* sol */
		in->len = fld(s, 30, 27) * 8;		/* sor */
		/* sof > 96, sol > sof or sor > sof are illegal operations when executed; the
		 * interpreter checks (objdump disassembles them all the same). */
		return;
	default:
		return;
	}
}

/* x6 of the integer loads (0x00-0x2b) and stores (0x30-0x3b). */
static bool int_ldst_type(struct ia64_insn *in, unsigned x6)
{
	static const int8_t ld_types[16] = {
		IA64_LD_NONE, IA64_LD_S, IA64_LD_A, IA64_LD_SA, IA64_LD_BIAS, IA64_LD_ACQ,
		-1, -1, IA64_LD_C_CLR, IA64_LD_C_NC, IA64_LD_C_CLR_ACQ, -1,
		IA64_ST_NONE, IA64_ST_REL, -1, -1,
	};
	in->sz = 1 << (x6 & 3);
	if (x6 == 0x1b) {
		in->op = IA64_OP_LD;
		in->ldtype = IA64_LD_FILL;
		return true;
	}
	if (x6 == 0x3b) {
		in->op = IA64_OP_ST;
		in->ldtype = IA64_ST_SPILL;
		return true;
	}
	int t = ld_types[x6 >> 2];
	if (t < 0)
		return false;
	in->op = t >= IA64_ST_NONE ? IA64_OP_ST : IA64_OP_LD;
	in->ldtype = t;
	return true;
}

/* Major opcodes 4 and 5: integer loads, stores, semaphores, getf. */
static void decode_m_int(struct ia64_insn *in, uint64_t s, unsigned opcode)
{
	unsigned m = fld(s, 36, 36), x = fld(s, 27, 27), x6 = fld(s, 35, 30);
	in->hint = fld(s, 29, 28);
	if (opcode == 5) {
		if (!int_ldst_type(in, x6))
			return;
		in->post = IA64_POST_IMM;
		unsigned low7 = in->op == IA64_OP_ST ? fld(s, 12, 6) : fld(s, 19, 13);
		in->imm = sext(fld(s, 36, 36) << 8 | fld(s, 27, 27) << 7 | low7, 9);
		return;
	}
	if (!x) {
		if (!int_ldst_type(in, x6))
			return;
		if (m) {
			if (in->op == IA64_OP_ST)
				in->op = IA64_OP_ILLEGAL;
			in->post = IA64_POST_REG;
		}
		return;
	}
	if (m)
		return;
	if (x6 <= 0x07) {
		in->op = IA64_OP_CMPXCHG;
		in->sz = 1 << (x6 & 3);
		in->ldtype = x6 >= 4 ? IA64_ST_REL : IA64_LD_ACQ;
	} else if (x6 <= 0x0b) {
		in->op = IA64_OP_XCHG;
		in->sz = 1 << (x6 & 3);
	} else if (x6 == 0x12 || x6 == 0x13 || x6 == 0x16 || x6 == 0x17) {
		in->op = IA64_OP_FETCHADD;
		in->sz = x6 & 1 ? 8 : 4;
		in->ldtype = x6 >= 0x16 ? IA64_ST_REL : IA64_LD_ACQ;
		static const int8_t inc[4] = { 16, 8, 4, 1 };
		in->imm = fld(s, 15, 15) ? -inc[fld(s, 14, 13)] : inc[fld(s, 14, 13)];
	} else if (x6 >= 0x1c && x6 <= 0x1f) {
		in->op = IA64_OP_GETF;
		in->sz = x6 & 3;	/* 0 sig, 1 exp, 2 s, 3 d */
	}
}

/* Major opcodes 6 and 7: FP loads and stores, lfetch, setf. */
static void decode_m_fp(struct ia64_insn *in, uint64_t s, unsigned opcode)
{
	unsigned m = fld(s, 36, 36), x = fld(s, 27, 27), x6 = fld(s, 35, 30);
	in->hint = fld(s, 29, 28);
	static const uint8_t fsize[4] = { 10, 8, 4, 8 };	/* e, 8, s, d */
	if (opcode == 6 && x) {
		if (x6 >= 0x1c && x6 <= 0x1f) {
			if (m)
				return;
			in->op = IA64_OP_SETF;
			in->sz = x6 & 3;
			return;
		}
		/* ldfp: x6 1-3 (+4 .s, +8 .a, +0xc .sa, +0x20 .c.clr, +0x24 .c.nc) */
		unsigned t = x6 >> 2;
		if ((x6 & 3) == 0 || !(t <= 3 || t == 8 || t == 9))
			return;
		in->op = IA64_OP_LDFP;
		in->sz = x6 & 3;			/* 1: 8, 2: s, 3: d */
		in->ldtype = (uint8_t[]){ IA64_LD_NONE, IA64_LD_S, IA64_LD_A, IA64_LD_SA, 0, 0, 0, 0,
					  IA64_LD_C_CLR, IA64_LD_C_NC }[t];
		in->r2 = fld(s, 19, 13);
		if (m) {
			in->post = IA64_POST_IMM;
			in->imm = in->sz == 2 ? 8 : 16;
		}
		return;
	}
	if (x6 >= 0x2c && x6 <= 0x2f) {
		in->op = IA64_OP_LFETCH;
		in->ldtype = x6 & 3;			/* 0, excl, fault, fault.excl */
	} else if (x6 == 0x1b) {
		in->op = IA64_OP_LDF;
		in->ldtype = IA64_LD_FILL;
		in->sz = 16;
	} else if (x6 == 0x3b) {
		in->op = IA64_OP_STF;
		in->ldtype = IA64_ST_SPILL;
		in->sz = 16;
	} else if (x6 >= 0x30 && x6 <= 0x33) {
		in->op = IA64_OP_STF;
		in->ldtype = IA64_ST_NONE;
		in->sz = fsize[x6 & 3];
	} else {
		unsigned t = x6 >> 2;
		if (!(t <= 3 || t == 8 || t == 9))
			return;
		in->op = IA64_OP_LDF;
		in->ldtype = (uint8_t[]){ IA64_LD_NONE, IA64_LD_S, IA64_LD_A, IA64_LD_SA, 0, 0, 0, 0,
					  IA64_LD_C_CLR, IA64_LD_C_NC }[t];
		in->sz = fsize[x6 & 3];
	}
	in->btype = x6 & 3;	/* FP format: 0 e, 1 8, 2 s, 3 d */
	if (opcode == 7) {
		in->post = IA64_POST_IMM;
		unsigned low7 = in->op == IA64_OP_STF ? fld(s, 12, 6) : fld(s, 19, 13);
		in->imm = sext(fld(s, 36, 36) << 8 | fld(s, 27, 27) << 7 | low7, 9);
	} else if (m) {
		if (in->op == IA64_OP_STF) {
			in->op = IA64_OP_ILLEGAL;
			return;
		}
		in->post = IA64_POST_REG;
	}
}

static void decode_m(struct ia64_insn *in, uint64_t s, unsigned opcode)
{
	switch (opcode) {
	case 0: decode_m_sys0(in, s); return;
	case 1: decode_m_sys1(in, s); return;
	case 4: case 5: decode_m_int(in, s, opcode); return;
	case 6: case 7: decode_m_fp(in, s, opcode); return;
	default:
		if (opcode >= 8)
			decode_a(in, s, opcode);
		return;
	}
}

/* ---- F unit ---- */

static void decode_f(struct ia64_insn *in, uint64_t s, unsigned opcode)
{
	unsigned x = fld(s, 33, 33), x6 = fld(s, 32, 27), q = fld(s, 36, 36);
	in->ldtype = fld(s, 35, 34);	/* status field .s0-.s3 */
	in->r3 = fld(s, 26, 20);
	switch (opcode) {
	case 0:
		if (x) {
			in->op = q ? IA64_OP_FRSQRTA : IA64_OP_FRCPA;
			in->p2 = fld(s, 32, 27);
			return;
		}
		switch (x6) {
		case 0x00: set_nop_or_break(in, s, false); return;
		case 0x01: set_nop_or_break(in, s, true); return;
		case 0x04:
			in->op = IA64_OP_FSETC;
			in->imm = fld(s, 19, 13);	/* amask7b */
			in->pos = fld(s, 26, 20);	/* omask7c */
			return;
		case 0x05: in->op = IA64_OP_FCLRF; return;
		case 0x08: in->op = IA64_OP_FCHKF; in->imm = target25(s); return;
		default:
			in->mm = ia64_fmisc_lookup(x6);
			if (in->mm != IA64_FORM_NONE)
				in->op = IA64_OP_FMISC;
			return;
		}
	case 1:
		if (x) {
			in->op = q ? IA64_OP_FRSQRTA : IA64_OP_FRCPA;
			in->cmp4 = 1;			/* parallel: fprcpa, fprsqrta */
			in->p2 = fld(s, 32, 27);
		}
		return;
	case 4:
		in->op = IA64_OP_FCMP;
		in->p1 = fld(s, 11, 6);
		in->p2 = fld(s, 32, 27);
		in->crel = (uint8_t[]){ IA64_CREL_EQ, IA64_CREL_LT, IA64_CREL_LE,
					IA64_CREL_UNORD }[fld(s, 33, 33) << 1 | fld(s, 36, 36)];
		in->ctype = fld(s, 12, 12) ? IA64_CTYPE_UNC : IA64_CTYPE_NONE;
		return;
	case 5:
		in->op = IA64_OP_FCLASS;
		in->p1 = fld(s, 11, 6);
		in->p2 = fld(s, 32, 27);
		in->imm = (int64_t)(fld(s, 26, 20) << 2 | fld(s, 34, 33));
		in->ctype = fld(s, 12, 12) ? IA64_CTYPE_UNC : IA64_CTYPE_NONE;
		return;
	case 8: case 9: case 0xa: case 0xb: case 0xc: case 0xd: {
		static const uint16_t ops[3][2] = {
			{ IA64_OP_FMA, IA64_OP_FPMA }, { IA64_OP_FMS, IA64_OP_FPMS },
			{ IA64_OP_FNMA, IA64_OP_FPNMA },
		};
		unsigned kind = (opcode - 8) / 2, dbl = opcode & 1;
		in->r3 = fld(s, 26, 20);
		in->pos = fld(s, 33, 27);		/* f4 */
		if (dbl && fld(s, 36, 36)) {
			in->op = ops[kind][1];
		} else {
			in->op = ops[kind][0];
			in->btype = dbl ? 2 : fld(s, 36, 36);	/* 0 none, 1 .s, 2 .d */
		}
		return;
	}
	case 0xe:
		in->pos = fld(s, 33, 27);		/* f4 */
		if (fld(s, 36, 36)) {
			unsigned x2 = fld(s, 35, 34);
			if (x2 == 1)
				return;
			in->op = IA64_OP_XMA;
			in->btype = x2;			/* 0 .l, 2 .hu, 3 .h */
			in->ldtype = 0;
		} else {
			in->op = IA64_OP_FSELECT;
			in->ldtype = 0;
		}
		return;
	default:
		return;
	}
}

/* ---- B unit ---- */

/* The tag of brp (B6, B7): t2e at 34:33 and timm7a at 12:6, in bundles from this one. */
static inline int64_t brp_tag(uint64_t s)
{
	return sext(fld(s, 34, 33) << 7 | fld(s, 12, 6), 9) * 16;
}

static void decode_b(struct ia64_insn *in, uint64_t s, unsigned opcode)
{
	unsigned x6 = fld(s, 32, 27);
	in->ph = fld(s, 12, 12);	/* .few / .many */
	in->dh = fld(s, 35, 35);	/* .clr */
	in->hint = fld(s, 34, 33);	/* sptk spnt dptk dpnt */
	in->r2 = fld(s, 15, 13);	/* b2 */
	in->btype = fld(s, 8, 6);
	switch (opcode) {
	case 0:
		switch (x6) {
		case 0x00: set_nop_or_break(in, s, false); return;
		case 0x02: in->op = IA64_OP_COVER; return;
		case 0x04: in->op = IA64_OP_CLRRRB; return;
		case 0x05: in->op = IA64_OP_CLRRRB_PR; return;
		case 0x08: in->op = IA64_OP_RFI; return;
		case 0x0c: in->op = IA64_OP_BSW_0; return;
		case 0x0d: in->op = IA64_OP_BSW_1; return;
		case 0x10: in->op = IA64_OP_EPC; return;
		case 0x18: in->op = IA64_OP_VMSW_0; return;
		case 0x19: in->op = IA64_OP_VMSW_1; return;
		case 0x20: if (in->btype <= 1) in->op = IA64_OP_BR_IND; return;
		case 0x21: if (in->btype == 4) in->op = IA64_OP_BR_RET; return;
		default: return;
		}
	case 1:
		in->op = IA64_OP_BR_CALL_IND;
		in->r1 = fld(s, 8, 6);
		in->hint = fld(s, 34, 32) >> 1;
		return;
	case 2:
		if (x6 == 0) {
			set_nop_or_break(in, s, true);
		} else if (x6 == 0x10 || x6 == 0x11) {	/* B7: brp b2,tag / brp.ret */
			in->op = IA64_OP_BRP_IND;
			in->btype = x6 & 1;
			in->hint = fld(s, 4, 3);
			in->ph = fld(s, 35, 35);
			in->tag = brp_tag(s);
		}
		return;
	case 7:						/* B6: brp target,tag */
		in->op = IA64_OP_BRP;
		in->hint = fld(s, 4, 3);
		in->ph = fld(s, 35, 35);
		in->imm = target25(s);
		in->tag = brp_tag(s);
		return;
	case 4:
		if (in->btype == 1 || in->btype == 4)
			return;
		in->op = IA64_OP_BR;
		in->imm = target25(s);
		return;
	case 5:
		in->op = IA64_OP_BR_CALL;
		in->r1 = fld(s, 8, 6);
		in->imm = target25(s);
		return;
	default:
		return;
	}
}

/* ---- X unit (with the L slot) ---- */

static void decode_x(struct ia64_insn *in, uint64_t s, uint64_t l, unsigned opcode)
{
	switch (opcode) {
	case 0:
		if (fld(s, 35, 33) != 0 || fld(s, 32, 27) > 1)
			return;
		in->op = fld(s, 32, 27) ? (fld(s, 26, 26) ? IA64_OP_HINT : IA64_OP_NOP) : IA64_OP_BREAK;
		in->imm = (int64_t)(l << 21 | fld(s, 36, 36) << 20 | fld(s, 25, 6));
		return;
	case 6:
		if (fld(s, 20, 20))
			return;
		in->op = IA64_OP_MOVL;
		in->imm = (int64_t)(fld(s, 36, 36) << 63 | l << 22 | fld(s, 21, 21) << 21 |
				    fld(s, 26, 22) << 16 | fld(s, 35, 27) << 7 | fld(s, 19, 13));
		return;
	case 0xc: case 0xd:
		in->op = opcode == 0xc ? IA64_OP_BRL : IA64_OP_BRL_CALL;
		in->ph = fld(s, 12, 12);
		in->dh = fld(s, 35, 35);
		in->hint = fld(s, 34, 33);
		in->r1 = fld(s, 8, 6);
		in->btype = opcode == 0xc ? fld(s, 8, 6) : 0;
		if (opcode == 0xc && in->btype != 0) {
			in->op = IA64_OP_ILLEGAL;
			return;
		}
		in->imm = (int64_t)((fld(s, 36, 36) << 59 | (l >> 2) << 20 | fld(s, 32, 13)) << 4);
		return;
	default:
		return;
	}
}

void ia64_decode_slot(struct ia64_insn *in, enum ia64_unit unit, uint64_t s, uint64_t lbits)
{
	memset(in, 0, sizeof *in);
	in->unit = unit;
	in->qp = fld(s, 5, 0);
	in->r1 = fld(s, 12, 6);
	in->r2 = fld(s, 19, 13);
	in->r3 = fld(s, 26, 20);
	unsigned opcode = fld(s, 40, 37);
	switch (unit) {
	case IA64_UNIT_M: decode_m(in, s, opcode); break;
	case IA64_UNIT_I: decode_i(in, s, opcode); break;
	case IA64_UNIT_F: decode_f(in, s, opcode); break;
	case IA64_UNIT_B: decode_b(in, s, opcode); break;
	case IA64_UNIT_X: decode_x(in, s, lbits, opcode); break;
	case IA64_UNIT_L: in->op = IA64_OP_NOP; break;
	}
	in->always = ia64_unpredicated(in) ||
		     (in->op == IA64_OP_BR && (in->btype == 2 || in->btype == 3));
}

void ia64_decode_bundle(struct ia64_bundle *out, const uint8_t bytes[16])
{
	unsigned code = ia64_bundle_template(bytes);
	const struct ia64_template *t = ia64_template_of(code);
	out->template_code = code;
	out->reserved = t->reserved;
	out->stops = t->stops;
	uint64_t *s = out->bits;
	for (unsigned i = 0; i < 3; i++)
		s[i] = ia64_bundle_slot(bytes, i);
	for (unsigned i = 0; i < 3; i++) {
		ia64_decode_slot(&out->slot[i], t->unit[i], s[i], s[1]);
		if (t->reserved)
			out->slot[i].op = IA64_OP_ILLEGAL;
	}
}

bool ia64_unpredicated(const struct ia64_insn *in)
{
	switch (in->op) {
	case IA64_OP_ALLOC: case IA64_OP_COVER: case IA64_OP_CLRRRB: case IA64_OP_CLRRRB_PR:
	case IA64_OP_RFI: case IA64_OP_BSW_0: case IA64_OP_BSW_1: case IA64_OP_EPC:
	case IA64_OP_VMSW_0: case IA64_OP_VMSW_1: case IA64_OP_BRP: case IA64_OP_BRP_IND:
	case IA64_OP_FLUSHRS: case IA64_OP_LOADRS:
		return true;
	case IA64_OP_BR:
		return in->btype == 5 || in->btype == 6 || in->btype == 7;	/* cloop cexit ctop */
	default:
		return false;
	}
}
