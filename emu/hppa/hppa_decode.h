/* PA-RISC 1.1 instruction decoding: one 32-bit word becomes a compact struct hppa_insn with
 * a handler id and its fields already extracted (immediates sign-extended and unscrambled,
 * conditions as c*2+f), so the interpreter decodes each instruction once into its cache.
 * Which word becomes which op with which fields is hppa.decode's (one line per instruction
 * pattern, with its disassembly); the decoder is generated from it at build time.
 *
 * Bit positions in comments use HP's numbering (bit 0 is the most significant). */
#ifndef PROFEMU_HPPA_DECODE_H
#define PROFEMU_HPPA_DECODE_H

#include <stdbool.h>
#include <stdint.h>

/* Every op the decoder or the interpreter's cache gives an instruction, in enum order, with
 * what the rest of the machine needs to know of it:
 *   OP(NAME, ROLE, JIT) is HOP_NAME, run by the interpreter's handler L_HOP_NAME
 *   (hppa_handlers.inc, hppa_run.c); SHARED(NAME, H, ROLE, JIT) is HOP_NAME run by L_H.
 *   ROLE (enum hppa_block_role, HROLE_ROLE) is its place in the cache's blocks (hppa_dcache.c):
 *   STOP (no block holds it), STRAIGHT, SINK (straight, and its handler's tail does not clear
 *   gr[0], so a target r0 is written to HPPA_GR_SINK), BRANCH (it may end a block).
 *   JIT (enum hppa_jit_rule, HJ_*) is when the host-code translator (hppa_jit.c) takes it: 0
 *   never, HJ_ALWAYS, or the conditions its fields must meet.
 * The enum, the interpreter's dispatch table (hppa_run.c), the blocks' roles and the
 * translator's choice are all made from this one list. */
#define HPPA_OPS(OP, SHARED) \
	OP(ILLEGAL, STOP, 0)	/* unknown or reserved encoding: SIGILL */ \
	OP(PRIV, STOP, 0)	/* privileged instruction: SIGILL (ILL_PRVOPC) */ \
	OP(BKPT, STOP, 0)	/* cache marker: a cpu_add_breakpoint address (never from hppa_decode) */ \
	OP(BREAK, STOP, 0) \
	/* arithmetic and logical, opcode 02 */ \
	/* ADD: flags HF_CIN, HF_NOCB, HF_TSV; sub = pre-shift of r1 (add,c and shladd taken) */ \
	OP(ADD, STRAIGHT, HJ_PLAIN | HJ_NO_TSV | HJ_SHIFT) \
	OP(ADDL_FAST, SINK, HJ_ALWAYS)	/* add,l without condition */ \
	/* SUB: flags HF_CIN (borrow), HF_TSV, HF_TC (sub,b taken) */ \
	OP(SUB, STRAIGHT, HJ_PLAIN | HJ_NO_TSV | HJ_NO_TC) \
	OP(DS, STRAIGHT, 0) \
	OP(CMPCLR, STRAIGHT, 0) \
	OP(OR, STRAIGHT, HJ_PLAIN) OP(AND, STRAIGHT, HJ_PLAIN) OP(XOR, STRAIGHT, HJ_PLAIN) \
	OP(ANDCM, STRAIGHT, HJ_PLAIN) \
	OP(COPY, SINK, HJ_ALWAYS)	/* or r,r0,t without condition */ \
	OP(UXOR, STRAIGHT, 0) OP(UADDCM, STRAIGHT, 0) OP(DCOR, STRAIGHT, 0) \
	/* immediates */ \
	OP(ADDI, STRAIGHT, 0)	/* flags: HF_TC (addit), HF_TSV */ \
	OP(SUBI, STRAIGHT, HJ_PLAIN | HJ_NO_TSV) OP(CMPICLR, STRAIGHT, 0) \
	OP(LDO, SINK, HJ_ALWAYS) OP(LDIL, SINK, HJ_ALWAYS) OP(ADDIL, STRAIGHT, HJ_ALWAYS) \
	/* memory: sub = log2 of the size; flags HF_IDX, HF_SCALE, HF_MOD, HF_MB */ \
	OP(LOAD, STRAIGHT, HJ_WORD) OP(STORE, STRAIGHT, HJ_WORD) \
	OP(LDCW, STRAIGHT, 0) OP(STBY, STRAIGHT, 0) OP(FLOAD, STRAIGHT, 0) \
	OP(FSTORE, STRAIGHT, 0) \
	/* branches: imm = displacement (relative to the instruction + 8); the immediate of \
	 * CMPIB, ADDIB and MOVIB is (int8_t)r1 */ \
	/* BL also stands for PA 2.0's B,L and B,L,PUSH (22-bit); BV for BVE (x = r0) and, with \
	 * t = rp, BVE,L */ \
	OP(BL, BRANCH, HJ_ALWAYS) OP(BLR, BRANCH, 0) OP(BV, BRANCH, HJ_NO_X_LINK) \
	OP(BE, BRANCH, 0) OP(BLE, BRANCH, 0) \
	OP(GATE, BRANCH, 0)	/* t: only its privilege bits are written */ \
	OP(CMPB, BRANCH, 0) OP(CMPIB, BRANCH, 0) OP(ADDB, BRANCH, 0) OP(ADDIB, BRANCH, 0) \
	OP(MOVB, BRANCH, 0) OP(MOVIB, BRANCH, 0) OP(BB, BRANCH, 0) OP(BVB, BRANCH, 0) \
	/* shift, extract, deposit: sub = shift or position, len = field length */ \
	OP(SHRPW, STRAIGHT, 0) OP(VSHRPW, STRAIGHT, 0) OP(EXTRU, STRAIGHT, 0) \
	OP(EXTRS, STRAIGHT, 0) OP(VEXTRU, STRAIGHT, 0) OP(VEXTRS, STRAIGHT, 0) \
	OP(DEP, STRAIGHT, 0) OP(ZDEP, STRAIGHT, 0) OP(VDEP, STRAIGHT, 0) OP(ZVDEP, STRAIGHT, 0) \
	OP(DEPI, STRAIGHT, 0) OP(ZDEPI, STRAIGHT, 0) OP(VDEPI, STRAIGHT, 0) \
	OP(ZVDEPI, STRAIGHT, 0) \
	/* system */ \
	/* MTSAR: sub = 1 for PA 2.0's MTSARCM (SAR = the complement) */ \
	OP(MFCTL, STRAIGHT, 0) OP(MTSAR, STRAIGHT, 0) OP(MFSP, STRAIGHT, 0) \
	OP(MTSP, STRAIGHT, 0) OP(SYNC, STRAIGHT, 0) OP(LDSID, STRAIGHT, 0) \
	OP(PROBE, STRAIGHT, 0) OP(MFIA, STRAIGHT, 0) \
	/* fdc, fdce, pdc, fic, fice x(s,b): r1 = x, r2 = b, HF_MOD (,m: b += x); sub = 1 for \
	 * the instruction-cache forms */ \
	OP(FLUSH, STRAIGHT, 0) \
	/* PA 2.0's prefetch: ldd into r0 without base modification (a hint: no load, no fault, \
	 * so SYNC's handler: nothing to do) */ \
	SHARED(PREFETCH, HOP_SYNC, STRAIGHT, 0) \
	/* floating point, all in hppa_fp.c behind one handler: sub = format (0 sgl, 1 dbl); \
	 * single registers are slots 2*reg+half */ \
	SHARED(FCPY, FP, STRAIGHT, 0) SHARED(FABS, FP, STRAIGHT, 0) \
	SHARED(FSQRT, FP, STRAIGHT, 0) SHARED(FRND, FP, STRAIGHT, 0) \
	SHARED(FNEG, FP, STRAIGHT, 0) SHARED(FNEGABS, FP, STRAIGHT, 0) \
	SHARED(FADD, FP, STRAIGHT, 0) SHARED(FSUB, FP, STRAIGHT, 0) \
	SHARED(FMPY, FP, STRAIGHT, 0) SHARED(FDIV, FP, STRAIGHT, 0) \
	SHARED(FREM, FP, STRAIGHT, 0) \
	/* FCNV: sub = kind (enum hppa_fcnv), len = src fmt | dst fmt << 2 */ \
	SHARED(FCNV, FP, STRAIGHT, 0) \
	SHARED(FCMP, FP, STRAIGHT, 0)	/* cond = 5-bit condition */ \
	SHARED(FTEST, FP, STRAIGHT, 0) SHARED(XMPYU, FP, STRAIGHT, 0) \
	SHARED(FID, FP, STRAIGHT, 0) \
	/* PA 2.0: t = r1 * r2 + imm (a slot or register), rounded once; sub = format */ \
	SHARED(FMPYFADD, FP, STRAIGHT, 0) \
	/* The interpreter's own forms of common instructions, chosen when a page is decoded \
	 * into its cache (never from hppa_decode; hppa_dcache.c: specialise). */ \
	/* ldw without base modification, displacement form */ \
	OP(LDW_NOMOD, SINK, HJ_ALWAYS) \
	/* ldw without base modification, index form: sub = the index's shift */ \
	OP(LDW_IDX, SINK, HJ_SHIFT) \
	OP(LDW_RUN, STRAIGHT, HJ_ALWAYS)	/* HOP_LDW_NOMOD starting a run of them (mrun > 1) */ \
	OP(STW_RUN, STRAIGHT, HJ_ALWAYS)	/* HOP_STW_NOMOD starting a run of them (mrun > 1) */ \
	OP(STW_NOMOD, STRAIGHT, HJ_ALWAYS)	/* stw without base modification */ \
	/* add/shladd without condition or trap: sub = shift, sets PSW[C/B] */ \
	OP(ADD_SH, SINK, HJ_SHIFT) \
	OP(ADDL_SH, SINK, HJ_SHIFT)	/* shladd,l without condition: sub = shift */ \
	OP(SUB_PLAIN, SINK, HJ_ALWAYS)	/* sub without condition, trap or borrow in */ \
	OP(ADDI_PLAIN, SINK, HJ_ALWAYS)	/* addi without condition or trap */ \
	OP(SHL_MASK, SINK, HJ_SHIFT)	/* zdep r: (r1 << sub) & imm */ \
	OP(SHR_MASK, SINK, HJ_SHIFT)	/* extru: (r2 >> sub) & imm */ \
	OP(SHR_SIGNED, SINK, HJ_SHIFT | HJ_LEN)	/* extrs: (int32_t)(r2 << sub) >> len */ \
	OP(AND_IMM, SINK, HJ_ALWAYS)	/* depi 0: t & imm */ \
	OP(OR_IMM, SINK, HJ_ALWAYS)	/* depi -1: t | imm */

/* An op's place in the cache's blocks (HPPA_OPS' ROLE; hppa_role_of). */
enum hppa_block_role {
	HROLE_STOP,	/* a trap or a marker: no block holds it */
	HROLE_STRAIGHT,	/* a block may hold it */
	HROLE_SINK,	/* straight, and a target r0 is written to the sink (NEXT_PLAIN) */
	HROLE_BRANCH,	/* a branch: it may end a block, with its straight delay slot */
	HROLE_CBRANCH,	/* a conditional branch in its specialised form: a block runs on
			 * through it, ending only when it is taken (HOP_CMPB_C ...) */
};

/* When the translator takes an op (HPPA_OPS' JIT): 0 never; else every condition set. */
enum hppa_jit_rule {
	HJ_ALWAYS = 1,
	HJ_PLAIN = 2,		/* no condition (cond = 0): it never nullifies */
	HJ_NO_TSV = 4,		/* no trap on signed overflow */
	HJ_NO_TC = 8,		/* no trap on condition */
	HJ_SHIFT = 16,		/* sub < 32: a host shift count */
	HJ_LEN = 32,		/* len < 32: a host shift count */
	HJ_WORD = 64,		/* sub <= 2: a byte, halfword or word access */
	HJ_NO_X_LINK = 128,	/* r1 = 0 and t = 0: bv r2, no index, no link */
};

#define HPPA_OP_ENUM(name, role, jit) HOP_##name,
#define HPPA_OP_ENUM_SHARED(name, handler, role, jit) HOP_##name,
enum hppa_op {
	HPPA_OPS(HPPA_OP_ENUM, HPPA_OP_ENUM_SHARED)
	/* The interpreter's cache: a conditional branch specialised to its condition c (0..15),
	 * op HOP_<kind>_C + c, handlers L_<kind>_C<c> (hppa_run.c). */
	HOP_CMPB_C,	/* cmpb with condition c: op HOP_CMPB_C + c (16 forms) */
	HOP_CMPIB_C = HOP_CMPB_C + 16,
	HOP_ADDIB_C = HOP_CMPIB_C + 16,
	HOP_COUNT = HOP_ADDIB_C + 16
};
#undef HPPA_OP_ENUM
#undef HPPA_OP_ENUM_SHARED

/* The role of op (enum hppa_op) in the cache's blocks. */
static inline enum hppa_block_role hppa_role_of(unsigned op)
{
#define HPPA_OP_ROLE(name, role, jit) [HOP_##name] = HROLE_##role,
#define HPPA_OP_ROLE_SHARED(name, handler, role, jit) [HOP_##name] = HROLE_##role,
	static const uint8_t roles[HOP_CMPB_C] = { HPPA_OPS(HPPA_OP_ROLE, HPPA_OP_ROLE_SHARED) };
#undef HPPA_OP_ROLE
#undef HPPA_OP_ROLE_SHARED
	return op >= HOP_CMPB_C ? HROLE_CBRANCH : (enum hppa_block_role)roles[op];
}

/* HOP_FCNV kinds (bits 14..16 of the word). */
enum hppa_fcnv {
	HFCNV_FF = 0, HFCNV_XF = 1, HFCNV_FX = 2, HFCNV_FXT = 3,
	HFCNV_UXF = 5, HFCNV_FUX = 6, HFCNV_FUXT = 7,
};

enum {
	HF_N = 1,	/* ,n: nullify the delay slot (as the branch kind defines) */
	HF_CIN = 2,	/* carry/borrow in from PSW[C/B] */
	HF_NOCB = 4,	/* does not update PSW[C/B] (add,l) */
	HF_TSV = 8,	/* trap on signed overflow */
	HF_TC = 16,	/* trap on condition */
	HF_IDX = 2,	/* memory: index register r1 instead of imm */
	HF_SCALE = 4,	/* memory: index scaled by the size */
	HF_MOD = 8,	/* memory: base register modified */
	HF_MB = 16,	/* memory: modify before (address is the modified base) */
	HF_DBL = 32,	/* memory: FP doubleword */
	HF_PROBEW = 2,	/* probe for write */
	HF_PROBEI = 4,	/* probe with immediate privilege */
	HF_STBY_E = 2,	/* stby,e */
	HF_NEGPROD = 2,	/* fmpynfadd: the product negated */
};

struct hppa_insn {
	uint8_t op;	/* enum hppa_op */
	uint8_t r1;	/* first source: the x field (bits 11..15) in most forms */
	uint8_t r2;	/* second source / base register: the b field (bits 6..10) */
	uint8_t t;	/* target */
	uint8_t cond;	/* condition: c*2+f (0 = never) */
	uint8_t sub;
	uint8_t len;
	uint8_t flags;
	int32_t imm;
	/* Left 0 by hppa_decode. The interpreter's cache: how many instructions from this one
	 * on (up to the page's end) run one after another with no branch, trap or breakpoint
	 * among them, which run() executes as one block (one limit check, one count add). */
	uint32_t straight;
	const void *handler;	/* the interpreter's cache: its handler (NULL from hppa_decode) */
	/* Left 0 by hppa_decode. The interpreter's cache, for a word load or store: how many
	 * such accesses of the same kind through the same base register follow one another from
	 * this one on (mrun, at least 1), and the least and greatest displacement among them,
	 * so that one page check serves them all (the stack saves and restores of a prologue
	 * and an epilogue). */
	uint16_t mrun;
	int16_t mlo, mhi;
	/* Left 0 by hppa_decode. The interpreter's cache, for an instruction the host-code
	 * translator took (hppa_jit.c): the page index just past its translated run. */
	uint16_t jit_end;	/* also keeps the struct at 32 bytes: the cache indexes it by shifts */
};

/* Decodes one instruction word. Never fails: unknown words give HOP_ILLEGAL. PA 2.0-only
 * encodings the table does not list decode as HOP_ILLEGAL, the system-control instructions a
 * user program may not run as HOP_PRIV. Generated with the table (hppa_decode_table.c). */
void hppa_decode(uint32_t word, struct hppa_insn *out);

/* Field helpers shared by the decoder and the disassembler. */
static inline int32_t hppa_low_sign_ext(uint32_t field, unsigned bits)
{
	int32_t v = (int32_t)(field >> 1);
	return (field & 1) ? v - (1 << (bits - 1)) : v;
}

static inline int32_t hppa_sign_ext(uint32_t v, unsigned bits)
{
	uint32_t m = 1u << (bits - 1);
	v &= (1u << bits) - 1;
	return (int32_t)((v ^ m) - m);
}

static inline int32_t hppa_im21(uint32_t w)
{
	uint32_t x = w & 0x1fffff;
	uint32_t v = (x & 1) << 20 | ((x >> 1) & 0x7ff) << 9 | ((x >> 14) & 3) << 7 |
		((x >> 16) & 0x1f) << 2 | ((x >> 12) & 3);
	return (int32_t)((uint32_t)hppa_sign_ext(v, 21) << 11);
}

static inline int32_t hppa_disp12(uint32_t w)
{
	uint32_t v = ((w >> 3) & 0x3ff) | ((w >> 2) & 1) << 10 | (w & 1) << 11;
	return (int32_t)((uint32_t)hppa_sign_ext(v, 12) << 2);
}

static inline int32_t hppa_disp17(uint32_t w)
{
	uint32_t v = ((w >> 3) & 0x3ff) | ((w >> 2) & 1) << 10 | ((w >> 16) & 0x1f) << 11 |
		(w & 1) << 16;
	return (int32_t)((uint32_t)hppa_sign_ext(v, 17) << 2);
}

/* The 16-bit displacement of the PA 2.0 wide forms objdump tries first; for PA 1.1 code
 * (space field 0) it equals the 14-bit one. */
static inline int32_t hppa_disp16(uint32_t w)
{
	uint32_t m0 = w >> 15 & 1, m1 = w >> 14 & 1, m15 = w & 1;
	uint32_t v = (w >> 1) & 0x1fff;
	v |= m15 << 15 | (m15 ^ m0) << 14 | (m15 ^ m1) << 13;
	return hppa_sign_ext(v, 16);
}

#endif
