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

/* Every op the decoder or the interpreter's cache gives an instruction, in enum order:
 * OP(NAME) is HOP_NAME, run by the interpreter's handler L_HOP_NAME (hppa_handlers.inc,
 * hppa_run.c); SHARED(NAME, H) is HOP_NAME run by handler L_H. The enum below and the
 * interpreter's dispatch table (hppa_run.c) are both made from this one list. */
#define HPPA_OPS(OP, SHARED) \
	OP(ILLEGAL)	/* unknown or reserved encoding: SIGILL */ \
	OP(PRIV)	/* privileged instruction: SIGILL (ILL_PRVOPC) */ \
	OP(BKPT)	/* cache marker: a cpu_add_breakpoint address (never from hppa_decode) */ \
	OP(BREAK) \
	/* arithmetic and logical, opcode 02 */ \
	OP(ADD)		/* flags: HF_CIN, HF_NOCB, HF_TSV; sub = pre-shift of r1 */ \
	OP(ADDL_FAST)	/* add,l without condition */ \
	OP(SUB)		/* flags: HF_CIN (borrow), HF_TSV, HF_TC */ \
	OP(DS) \
	OP(CMPCLR) \
	OP(OR) OP(AND) OP(XOR) OP(ANDCM) \
	OP(COPY)	/* or r,r0,t without condition */ \
	OP(UXOR) OP(UADDCM) OP(DCOR) \
	/* immediates */ \
	OP(ADDI)	/* flags: HF_TC (addit), HF_TSV */ \
	OP(SUBI) OP(CMPICLR) \
	OP(LDO) OP(LDIL) OP(ADDIL) \
	/* memory: sub = log2 of the size; flags HF_IDX, HF_SCALE, HF_MOD, HF_MB */ \
	OP(LOAD) OP(STORE) OP(LDCW) OP(STBY) OP(FLOAD) OP(FSTORE) \
	/* branches: imm = displacement (relative to the instruction + 8); the immediate of \
	 * CMPIB, ADDIB and MOVIB is (int8_t)r1 */ \
	/* BL also stands for PA 2.0's B,L and B,L,PUSH (22-bit); BV for BVE (x = r0) and, with \
	 * t = rp, BVE,L */ \
	OP(BL) OP(BLR) OP(BV) OP(BE) OP(BLE) \
	OP(GATE)	/* t: only its privilege bits are written */ \
	OP(CMPB) OP(CMPIB) OP(ADDB) OP(ADDIB) OP(MOVB) OP(MOVIB) OP(BB) OP(BVB) \
	/* shift, extract, deposit: sub = shift or position, len = field length */ \
	OP(SHRPW) OP(VSHRPW) OP(EXTRU) OP(EXTRS) OP(VEXTRU) OP(VEXTRS) \
	OP(DEP) OP(ZDEP) OP(VDEP) OP(ZVDEP) OP(DEPI) OP(ZDEPI) OP(VDEPI) OP(ZVDEPI) \
	/* system */ \
	/* MTSAR: sub = 1 for PA 2.0's MTSARCM (SAR = the complement) */ \
	OP(MFCTL) OP(MTSAR) OP(MFSP) OP(MTSP) OP(SYNC) OP(LDSID) OP(PROBE) OP(MFIA) \
	/* fdc, fdce, pdc, fic, fice x(s,b): r1 = x, r2 = b, HF_MOD (,m: b += x); sub = 1 for \
	 * the instruction-cache forms */ \
	OP(FLUSH) \
	/* PA 2.0's prefetch: ldd into r0 without base modification (a hint: no load, no fault, \
	 * so SYNC's handler: nothing to do) */ \
	SHARED(PREFETCH, HOP_SYNC) \
	/* floating point, all in hppa_fp.c behind one handler: sub = format (0 sgl, 1 dbl); \
	 * single registers are slots 2*reg+half */ \
	SHARED(FCPY, FP) SHARED(FABS, FP) SHARED(FSQRT, FP) SHARED(FRND, FP) \
	SHARED(FNEG, FP) SHARED(FNEGABS, FP) \
	SHARED(FADD, FP) SHARED(FSUB, FP) SHARED(FMPY, FP) SHARED(FDIV, FP) SHARED(FREM, FP) \
	SHARED(FCNV, FP)	/* sub = kind (enum hppa_fcnv), len = src fmt | dst fmt << 2 */ \
	SHARED(FCMP, FP)	/* cond = 5-bit condition */ \
	SHARED(FTEST, FP) SHARED(XMPYU, FP) SHARED(FID, FP) \
	/* PA 2.0: t = r1 * r2 + imm (a slot or register), rounded once; sub = format */ \
	SHARED(FMPYFADD, FP) \
	/* The interpreter's own forms of common instructions, chosen when a page is decoded \
	 * into its cache (never from hppa_decode; hppa_dcache.c: specialise). */ \
	OP(LDW_NOMOD)	/* ldw without base modification, displacement form */ \
	OP(LDW_IDX)	/* ldw without base modification, index form: sub = the index's shift */ \
	OP(LDW_RUN)	/* HOP_LDW_NOMOD starting a run of them (mrun > 1) */ \
	OP(STW_RUN)	/* HOP_STW_NOMOD starting a run of them (mrun > 1) */ \
	OP(STW_NOMOD)	/* stw without base modification */ \
	OP(ADD_SH)	/* add/shladd without condition or trap: sub = shift, sets PSW[C/B] */ \
	OP(ADDL_SH)	/* shladd,l without condition: sub = shift */ \
	OP(SUB_PLAIN)	/* sub without condition, trap or borrow in */ \
	OP(ADDI_PLAIN)	/* addi without condition or trap */ \
	OP(SHL_MASK)	/* zdep r: (r1 << sub) & imm */ \
	OP(SHR_MASK)	/* extru: (r2 >> sub) & imm */ \
	OP(SHR_SIGNED)	/* extrs: (int32_t)(r2 << sub) >> len */ \
	OP(AND_IMM)	/* depi 0: t & imm */ \
	OP(OR_IMM)	/* depi -1: t | imm */

#define HPPA_OP_ENUM(name) HOP_##name,
#define HPPA_OP_ENUM_SHARED(name, handler) HOP_##name,
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
