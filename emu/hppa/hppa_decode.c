/* PA-RISC 1.1 decoder: the instruction forms gcc and glibc emit for 32-bit hppa Linux.
 * PA 2.0-only encodings (doubleword arithmetic, wide branches) decode as HOP_ILLEGAL, and the
 * system-control instructions a user program may not run as HOP_PRIV. */
#include "hppa_decode.h"

#include <string.h>

#define FIELD(w, from, to) (((w) >> (31 - (to))) & ((1u << ((to) - (from) + 1)) - 1))

static void set(struct hppa_insn *o, enum hppa_op op)
{
	o->op = (uint8_t)op;
}

/* Opcode 02: arithmetic and logical, selected by bits 20..26. */
static void decode_arith(uint32_t w, struct hppa_insn *o)
{
	unsigned ext = FIELD(w, 20, 26);
	o->r1 = (uint8_t)FIELD(w, 11, 15);
	o->r2 = (uint8_t)FIELD(w, 6, 10);
	o->t = (uint8_t)FIELD(w, 27, 31);
	o->cond = (uint8_t)(FIELD(w, 16, 18) << 1 | FIELD(w, 19, 19));
	switch (ext) {
	case 0x30: set(o, HOP_ADD); break;
	case 0x50: set(o, o->cond ? HOP_ADD : HOP_ADDL_FAST); o->flags = HF_NOCB; break;
	case 0x70: set(o, HOP_ADD); o->flags = HF_TSV; break;
	case 0x38: set(o, HOP_ADD); o->flags = HF_CIN; break;
	case 0x78: set(o, HOP_ADD); o->flags = HF_CIN | HF_TSV; break;
	case 0x32: case 0x34: case 0x36:
		set(o, HOP_ADD); o->sub = (uint8_t)((ext >> 1) & 3); break;
	case 0x52: case 0x54: case 0x56:
		set(o, HOP_ADD); o->sub = (uint8_t)((ext >> 1) & 3); o->flags = HF_NOCB; break;
	case 0x72: case 0x74: case 0x76:
		set(o, HOP_ADD); o->sub = (uint8_t)((ext >> 1) & 3); o->flags = HF_TSV; break;
	case 0x20: set(o, HOP_SUB); break;
	case 0x60: set(o, HOP_SUB); o->flags = HF_TSV; break;
	case 0x28: set(o, HOP_SUB); o->flags = HF_CIN; break;
	case 0x68: set(o, HOP_SUB); o->flags = HF_CIN | HF_TSV; break;
	case 0x26: set(o, HOP_SUB); o->flags = HF_TC; break;
	case 0x66: set(o, HOP_SUB); o->flags = HF_TC | HF_TSV; break;
	case 0x22: set(o, HOP_DS); break;
	case 0x44: set(o, HOP_CMPCLR); break;
	case 0x12:
		set(o, HOP_OR);
		if (!o->cond && o->r2 == 0)
			set(o, HOP_COPY);
		break;
	case 0x14: set(o, HOP_XOR); break;
	case 0x10: set(o, HOP_AND); break;
	case 0x00: set(o, HOP_ANDCM); break;
	case 0x1c: set(o, HOP_UXOR); break;
	case 0x4c: set(o, HOP_UADDCM); break;
	case 0x4e: set(o, HOP_UADDCM); o->flags = HF_TC; break;
	case 0x5c: case 0x5e:
		if (o->r1 != 0) {
			set(o, HOP_ILLEGAL);
			return;
		}
		set(o, HOP_DCOR); o->sub = (uint8_t)(ext == 0x5e);
		break;
	default:
		set(o, HOP_ILLEGAL);
		return;
	}
	/* Logical conditions 4..6 are reserved. */
	if (o->op >= HOP_OR && o->op <= HOP_ANDCM && (o->cond >> 1) >= 4 && (o->cond >> 1) <= 6)
		set(o, HOP_ILLEGAL);
	/* Unit conditions 1 (some word zero) and 5 (some word carry) are PA 2.0's. */
	if ((o->op == HOP_UXOR || o->op == HOP_UADDCM || o->op == HOP_DCOR) &&
	    ((o->cond >> 1) == 1 || (o->cond >> 1) == 5))
		set(o, HOP_ILLEGAL);
}

/* Opcode 03: indexed and short-displacement loads and stores. */
static void decode_mem03(uint32_t w, struct hppa_insn *o)
{
	unsigned ext4 = FIELD(w, 22, 25);
	bool short_form = FIELD(w, 19, 19);
	bool a = FIELD(w, 18, 18), m = FIELD(w, 26, 26);
	o->r2 = (uint8_t)FIELD(w, 6, 10);
	if (FIELD(w, 20, 21) == 3) {	/* reserved cache hint */
		set(o, HOP_ILLEGAL);
		return;
	}
	if (ext4 <= 7) {	/* loads */
		o->t = (uint8_t)FIELD(w, 27, 31);
		if (short_form) {
			o->imm = hppa_low_sign_ext(FIELD(w, 11, 15), 5);
			if (m)
				o->flags = (uint8_t)(HF_MOD | (a ? HF_MB : 0));
		} else {
			o->r1 = (uint8_t)FIELD(w, 11, 15);
			o->flags = (uint8_t)(HF_IDX | (a ? HF_SCALE : 0) | (m ? HF_MOD : 0));
		}
		switch (ext4) {
		case 0: set(o, HOP_LOAD); o->sub = 0; break;
		case 1: set(o, HOP_LOAD); o->sub = 1; break;
		case 2: set(o, HOP_LOAD); o->sub = 2; break;
		case 7: set(o, HOP_LDCW); o->sub = 2; break;
		case 6: set(o, HOP_PRIV); break;	/* ldwa: absolute */
		case 3:	/* PA 2.0's ldd: narrow programs use it only as a prefetch (into r0) */
			set(o, o->t == 0 && !(o->flags & HF_MOD) ? HOP_PREFETCH : HOP_ILLEGAL);
			break;
		default: set(o, HOP_ILLEGAL); break;
		}
		return;
	}
	if (!short_form) {
		set(o, HOP_ILLEGAL);
		return;
	}
	/* short stores: value in the x field, displacement in bits 27..31 */
	o->r1 = (uint8_t)FIELD(w, 11, 15);
	o->imm = hppa_low_sign_ext(FIELD(w, 27, 31), 5);
	switch (ext4) {
	case 8: set(o, HOP_STORE); o->sub = 0; break;
	case 9: set(o, HOP_STORE); o->sub = 1; break;
	case 10: set(o, HOP_STORE); o->sub = 2; break;
	case 12:
		set(o, HOP_STBY);
		o->flags = (uint8_t)((a ? HF_STBY_E : 0) | (m ? HF_MOD : 0));
		return;
	case 14: set(o, HOP_PRIV); return;	/* stwa */
	default: set(o, HOP_ILLEGAL); return;
	}
	if (m)
		o->flags = (uint8_t)(HF_MOD | (a ? HF_MB : 0));
}

/* Opcodes 09 and 0B: FP word and doubleword loads and stores. */
static void decode_fpmem(uint32_t w, struct hppa_insn *o, bool dbl)
{
	bool short_form = FIELD(w, 19, 19);
	bool a = FIELD(w, 18, 18), m = FIELD(w, 26, 26);
	unsigned reg = FIELD(w, 27, 31);
	if (FIELD(w, 23, 23) || FIELD(w, 20, 21) == 3 || (dbl && FIELD(w, 24, 25)) ||
	    FIELD(w, 24, 24)) {
		set(o, HOP_ILLEGAL);
		return;
	}
	o->r2 = (uint8_t)FIELD(w, 6, 10);
	o->t = (uint8_t)(dbl ? reg : reg * 2 + FIELD(w, 25, 25));
	o->sub = dbl ? 3 : 2;
	set(o, FIELD(w, 22, 22) ? HOP_FSTORE : HOP_FLOAD);
	if (short_form) {
		o->imm = hppa_low_sign_ext(FIELD(w, 11, 15), 5);
		if (m)
			o->flags = (uint8_t)(HF_MOD | (a ? HF_MB : 0));
	} else {
		o->r1 = (uint8_t)FIELD(w, 11, 15);
		o->flags = (uint8_t)(HF_IDX | (a ? HF_SCALE : 0) | (m ? HF_MOD : 0));
	}
}

/* FP register operand: a double register, or a single slot (2*reg+half). */
static uint8_t fpreg(unsigned reg, unsigned half, bool single)
{
	return (uint8_t)(single ? reg * 2 + half : reg);
}

/* Opcodes 0C (formats at bits 19..20, single operands in left halves) and 0E (one format bit,
 * explicit halves). */
static void decode_fp(uint32_t w, struct hppa_insn *o, bool op0e)
{
	unsigned cls = FIELD(w, 21, 22);
	unsigned r1 = FIELD(w, 6, 10), r2 = FIELD(w, 11, 15), t = FIELD(w, 27, 31);
	unsigned fmt = op0e ? FIELD(w, 20, 20) : FIELD(w, 19, 20);
	unsigned h1 = op0e ? FIELD(w, 24, 24) : 0, h2 = op0e ? FIELD(w, 19, 19) : 0;
	unsigned ht = op0e ? FIELD(w, 25, 25) : 0;
	if (w == 0x30002420) {
		set(o, HOP_FTEST);
		return;
	}
	if (!op0e && FIELD(w, 23, 26)) {
		set(o, HOP_ILLEGAL);
		return;
	}
	if (fmt > 1 && cls != 1 && !(op0e && cls == 3)) {	/* quad */
		set(o, HOP_ILLEGAL);
		return;
	}
	o->sub = (uint8_t)fmt;
	switch (cls) {
	case 0: {
		unsigned sub = FIELD(w, 16, 18);
		static const uint8_t ops[8] = {HOP_ILLEGAL, HOP_ILLEGAL, HOP_FCPY, HOP_FABS,
			HOP_FSQRT, HOP_FRND, HOP_FNEG, HOP_FNEGABS};
		if (w == 0x30000000) {
			set(o, HOP_FID);
			return;
		}
		if (FIELD(w, 11, 15) || ops[sub] == HOP_ILLEGAL || (op0e && FIELD(w, 23, 23))) {
			set(o, HOP_ILLEGAL);
			return;
		}
		set(o, ops[sub]);
		o->r1 = fpreg(r1, h1, fmt == 0);
		o->t = fpreg(t, ht, fmt == 0);
		return;
	}
	case 1: {
		unsigned sub = FIELD(w, 14, 16), df = FIELD(w, 17, 18), sf = FIELD(w, 19, 20);
		bool src_single, dst_single;
		if (FIELD(w, 11, 13) || sub == 4 || sf > 1 || df > 1 || (op0e && FIELD(w, 23, 23))) {
			set(o, HOP_ILLEGAL);
			return;
		}
		set(o, HOP_FCNV);
		o->sub = (uint8_t)sub;
		o->len = (uint8_t)(sf | df << 2);
		/* fixed-point formats: w (32 bits) = 0, dw (64 bits) = 1, like sgl/dbl */
		src_single = sf == 0;
		dst_single = df == 0;
		o->r1 = fpreg(r1, h1, src_single);
		o->t = fpreg(t, ht, dst_single);
		return;
	}
	case 2:
		if (FIELD(w, 16, 18) == 1 && !op0e) {
			if (w != 0x30002420) {
				set(o, HOP_ILLEGAL);
				return;
			}
			set(o, HOP_FTEST);
			return;
		}
		if (FIELD(w, 16, 18) || FIELD(w, 25, 26) || (op0e && FIELD(w, 23, 23))) {
			set(o, HOP_ILLEGAL);
			return;
		}
		set(o, HOP_FCMP);
		o->r1 = fpreg(r1, h1, fmt == 0);
		o->r2 = fpreg(r2, h2, fmt == 0);
		o->cond = (uint8_t)FIELD(w, 27, 31);
		return;
	default: {
		unsigned sub = FIELD(w, 16, 18);
		static const uint8_t ops[8] = {HOP_FADD, HOP_FSUB, HOP_FMPY, HOP_FDIV,
			HOP_FREM, HOP_ILLEGAL, HOP_ILLEGAL, HOP_ILLEGAL};
		if (op0e && FIELD(w, 23, 23)) {
			/* objdump ignores the format bit; the target is a double register */
			if (sub != 2) {
				set(o, HOP_ILLEGAL);
				return;
			}
			set(o, HOP_XMPYU);
			o->r1 = fpreg(r1, h1, true);
			o->r2 = fpreg(r2, h2, true);
			o->t = (uint8_t)t;
			return;
		}
		if (ops[sub] == HOP_ILLEGAL || (op0e && FIELD(w, 26, 26))) {
			set(o, HOP_ILLEGAL);
			return;
		}
		set(o, ops[sub]);
		o->r1 = fpreg(r1, h1, fmt == 0);
		o->r2 = fpreg(r2, h2, fmt == 0);
		o->t = fpreg(t, ht, fmt == 0);
		return;
	}
	}
}

/* Opcode 00: system control. */
static void decode_sys(uint32_t w, struct hppa_insn *o)
{
	unsigned ext = FIELD(w, 19, 26);
	o->t = (uint8_t)FIELD(w, 27, 31);
	switch (ext) {
	case 0x00:
		set(o, HOP_BREAK);
		o->sub = (uint8_t)FIELD(w, 27, 31);
		o->imm = (int32_t)FIELD(w, 6, 18);
		return;
	case 0x20:
		set(o, w == 0x00000400 || w == 0x00100400 ? HOP_SYNC : HOP_ILLEGAL);
		return;
	case 0x45:	/* mfctl */
		if (FIELD(w, 11, 15)) {
			set(o, HOP_ILLEGAL);
			return;
		}
		o->sub = (uint8_t)FIELD(w, 6, 10);
		/* SAR, the thread pointers and the interval timer (cr16) are readable in user mode */
		set(o, o->sub == 11 || o->sub == 16 || o->sub == 26 || o->sub == 27 ? HOP_MFCTL : HOP_PRIV);
		return;
	case 0xc2: case 0xc6:	/* mtctl; PA 2.0's mtsarcm (0xc6, SAR only) */
		if (FIELD(w, 27, 31) || (FIELD(w, 19, 26) == 0xc6 && FIELD(w, 6, 10) != 11)) {
			set(o, HOP_ILLEGAL);
			return;
		}
		o->r1 = (uint8_t)FIELD(w, 11, 15);
		o->sub = FIELD(w, 19, 26) == 0xc6;
		set(o, FIELD(w, 6, 10) == 11 ? HOP_MTSAR : HOP_PRIV);
		return;
	case 0x25:	/* mfsp */
		if (FIELD(w, 6, 15)) {
			set(o, HOP_ILLEGAL);
			return;
		}
		set(o, HOP_MFSP);
		o->sub = (uint8_t)(FIELD(w, 18, 18) << 2 | FIELD(w, 16, 17));
		return;
	case 0xc1:	/* mtsp */
		if (FIELD(w, 6, 10) || FIELD(w, 27, 31)) {
			set(o, HOP_ILLEGAL);
			return;
		}
		o->r1 = (uint8_t)FIELD(w, 11, 15);
		o->sub = (uint8_t)(FIELD(w, 18, 18) << 2 | FIELD(w, 16, 17));
		/* sr5..sr7 are privileged to write */
		set(o, o->sub >= 5 ? HOP_PRIV : HOP_MTSP);
		return;
	case 0x85:	/* ldsid */
		if (FIELD(w, 11, 15) || FIELD(w, 18, 18)) {
			set(o, HOP_ILLEGAL);
			return;
		}
		set(o, HOP_LDSID);
		o->r2 = (uint8_t)FIELD(w, 6, 10);
		o->sub = (uint8_t)FIELD(w, 16, 17);
		return;
	case 0x60: case 0x65: case 0x6b: case 0x73: case 0xc3:	/* rfi, rfir, ssm, rsm, mtsm */
		set(o, HOP_PRIV);
		return;
	default:
		set(o, HOP_ILLEGAL);
		return;
	}
}

/* Opcode 01: user code runs PROBE and the cache flushes (as qemu-hppa does: Linux flushes
 * a nested function's trampoline with fdc, fic and sync); the TLB and LPA/LCI are privileged. */
static void decode_sys01(uint32_t w, struct hppa_insn *o)
{
	unsigned ext = FIELD(w, 18, 25), ext7 = FIELD(w, 19, 25);
	/* x(s,b) forms, m at bit 26: fdc 0x4a, fdce 0x4b, pdc 0x4e and PA 2.0's fic 0x4f with a
	 * 2-bit s; fic 0x0a, fice 0x0b with a 3-bit s (bits 16..18) and a 7-bit ext */
	bool data = ext == 0x4a || ext == 0x4b || ext == 0x4e, insn = ext7 == 0x0a || ext7 == 0x0b;
	if (data || insn || ext == 0x4f || (ext == 0xca && !FIELD(w, 26, 26))) {
		set(o, HOP_FLUSH);
		o->r2 = (uint8_t)FIELD(w, 6, 10);
		/* PA 2.0's fdc d(s,b) (0xca) has a displacement there and modifies nothing */
		o->r1 = ext == 0xca ? 0 : (uint8_t)FIELD(w, 11, 15);
		o->flags = ext != 0xca && FIELD(w, 26, 26) ? HF_MOD : 0;
		o->sub = insn || ext == 0x4f;
		return;
	}
	if (ext == 0x46 || ext == 0x47 || ext == 0xc6 || ext == 0xc7) {
		if (FIELD(w, 26, 26)) {
			set(o, HOP_ILLEGAL);
			return;
		}
		set(o, HOP_PROBE);
		o->r2 = (uint8_t)FIELD(w, 6, 10);
		o->r1 = (uint8_t)FIELD(w, 11, 15);
		o->t = (uint8_t)FIELD(w, 27, 31);
		o->flags = (uint8_t)((ext & 1 ? HF_PROBEW : 0) | (ext & 0x80 ? HF_PROBEI : 0));
		return;
	}
	set(o, HOP_PRIV);
}

/* Opcode 34: shift pair and extract. */
static void decode_shift(uint32_t w, struct hppa_insn *o)
{
	unsigned sub = FIELD(w, 19, 21);
	o->cond = (uint8_t)FIELD(w, 16, 18);
	switch (sub) {
	case 0:
		if (FIELD(w, 22, 26)) {
			set(o, HOP_ILLEGAL);
			return;
		}
		set(o, HOP_VSHRPW);
		o->r1 = (uint8_t)FIELD(w, 11, 15);
		o->r2 = (uint8_t)FIELD(w, 6, 10);
		o->t = (uint8_t)FIELD(w, 27, 31);
		return;
	case 2:
		set(o, HOP_SHRPW);
		o->r1 = (uint8_t)FIELD(w, 11, 15);
		o->r2 = (uint8_t)FIELD(w, 6, 10);
		o->t = (uint8_t)FIELD(w, 27, 31);
		o->sub = (uint8_t)(31 - FIELD(w, 22, 26));
		return;
	case 4: case 5:
		if (FIELD(w, 22, 26)) {
			set(o, HOP_ILLEGAL);
			return;
		}
		set(o, sub == 4 ? HOP_VEXTRU : HOP_VEXTRS);
		break;
	case 6: case 7:
		set(o, sub == 6 ? HOP_EXTRU : HOP_EXTRS);
		o->sub = (uint8_t)FIELD(w, 22, 26);
		break;
	default:
		set(o, HOP_ILLEGAL);
		return;
	}
	o->r2 = (uint8_t)FIELD(w, 6, 10);	/* source */
	o->t = (uint8_t)FIELD(w, 11, 15);	/* target */
	o->len = (uint8_t)(32 - FIELD(w, 27, 31));
}

/* Opcode 35: deposit. */
static void decode_deposit(uint32_t w, struct hppa_insn *o)
{
	static const uint8_t ops[8] = {HOP_ZVDEP, HOP_VDEP, HOP_ZDEP, HOP_DEP,
		HOP_ZVDEPI, HOP_VDEPI, HOP_ZDEPI, HOP_DEPI};
	unsigned sub = FIELD(w, 19, 21);
	set(o, ops[sub]);
	o->cond = (uint8_t)FIELD(w, 16, 18);
	o->t = (uint8_t)FIELD(w, 6, 10);
	o->len = (uint8_t)(32 - FIELD(w, 27, 31));
	if (sub & 4)
		o->imm = hppa_low_sign_ext(FIELD(w, 11, 15), 5);
	else
		o->r1 = (uint8_t)FIELD(w, 11, 15);
	if (sub & 2)
		o->sub = (uint8_t)(31 - FIELD(w, 22, 26));	/* position p */
	else if (FIELD(w, 22, 26))
		set(o, HOP_ILLEGAL);
}

/* Opcode 3A: BL, GATE, BLR, BV. */
static void decode_branch(uint32_t w, struct hppa_insn *o)
{
	o->flags = (uint8_t)(FIELD(w, 30, 30) ? HF_N : 0);
	switch (FIELD(w, 16, 18)) {
	case 0: case 1:	/* BL; GATE (1) branches the same way but links differently */
		set(o, FIELD(w, 16, 18) ? HOP_GATE : HOP_BL);
		o->t = (uint8_t)FIELD(w, 6, 10);
		o->imm = hppa_disp17(w);
		return;
	case 4: case 5: {	/* PA 2.0's B,L,PUSH and B,L with a 22-bit displacement (w3 in the
				 * t field), linking rp; the push is a hint for a return stack */
		uint32_t v = (uint32_t)hppa_disp17(w) >> 2 & 0xffff;	/* w1, w2 */
		set(o, HOP_BL);
		o->t = 2;
		o->imm = (int32_t)((uint32_t)hppa_sign_ext(v | FIELD(w, 6, 10) << 16 | (w & 1) << 21, 22) << 2);
		return;
	}
	case 2:
		if (FIELD(w, 19, 29) || FIELD(w, 31, 31)) {
			set(o, HOP_ILLEGAL);
			return;
		}
		set(o, HOP_BLR);
		o->r1 = (uint8_t)FIELD(w, 11, 15);
		o->t = (uint8_t)FIELD(w, 6, 10);
		return;
	case 7:	/* PA 2.0's BVE,L (b),rp */
		o->t = 2;
		/* fall through */
	case 6:
		/* BV x(b), or PA 2.0's BVE (b) (bit 19; bit 31 its return-stack hint): BV with
		 * x = r0, the target's privilege bits dropped as BV drops them */
		if (FIELD(w, 19, 19) ? FIELD(w, 11, 15) || FIELD(w, 20, 29) :
		    FIELD(w, 16, 18) == 7 || FIELD(w, 20, 29) || FIELD(w, 31, 31)) {
			set(o, HOP_ILLEGAL);
			return;
		}
		set(o, HOP_BV);
		o->r1 = (uint8_t)FIELD(w, 11, 15);
		o->r2 = (uint8_t)FIELD(w, 6, 10);
		return;
	default:
		set(o, HOP_ILLEGAL);
		return;
	}
}

void hppa_decode(uint32_t w, struct hppa_insn *o)
{
	unsigned opc = w >> 26;
	memset(o, 0, sizeof *o);
	switch (opc) {
	case 0x00: decode_sys(w, o); return;
	case 0x01: decode_sys01(w, o); return;
	case 0x02: decode_arith(w, o); return;
	case 0x03: decode_mem03(w, o); return;
	case 0x08:
		set(o, HOP_LDIL);
		o->t = (uint8_t)FIELD(w, 6, 10);
		o->imm = hppa_im21(w);
		return;
	case 0x0a:
		set(o, HOP_ADDIL);
		o->r2 = (uint8_t)FIELD(w, 6, 10);
		o->t = 1;
		o->imm = hppa_im21(w);
		return;
	case 0x09: decode_fpmem(w, o, false); return;
	case 0x0b: decode_fpmem(w, o, true); return;
	case 0x0c: decode_fp(w, o, false); return;
	case 0x0e: decode_fp(w, o, true); return;
	case 0x0d:
		set(o, HOP_LDO);
		o->r2 = (uint8_t)FIELD(w, 6, 10);
		o->t = (uint8_t)FIELD(w, 11, 15);
		o->imm = hppa_low_sign_ext(FIELD(w, 18, 31), 14);
		if (FIELD(w, 16, 17))
			set(o, HOP_ILLEGAL);
		return;
	case 0x10: case 0x11: case 0x12: case 0x13:
		set(o, HOP_LOAD);
		o->sub = opc == 0x10 ? 0 : opc == 0x11 ? 1 : 2;
		o->r2 = (uint8_t)FIELD(w, 6, 10);
		o->t = (uint8_t)FIELD(w, 11, 15);
		o->imm = hppa_low_sign_ext(FIELD(w, 18, 31), 14);
		if (opc == 0x13)
			o->flags = (uint8_t)(HF_MOD | (o->imm < 0 ? HF_MB : 0));
		return;
	case 0x18: case 0x19: case 0x1a: case 0x1b:
		set(o, HOP_STORE);
		o->sub = opc == 0x18 ? 0 : opc == 0x19 ? 1 : 2;
		o->r2 = (uint8_t)FIELD(w, 6, 10);
		o->r1 = (uint8_t)FIELD(w, 11, 15);
		o->imm = hppa_low_sign_ext(FIELD(w, 18, 31), 14);
		if (opc == 0x1b)
			o->flags = (uint8_t)(HF_MOD | (o->imm < 0 ? HF_MB : 0));
		return;
	case 0x20: case 0x22: case 0x21: case 0x23:
	case 0x28: case 0x2a: case 0x29: case 0x2b: {
		static const uint8_t ops[4] = {HOP_CMPB, HOP_CMPIB, HOP_ADDB, HOP_ADDIB};
		unsigned kind = (opc & 1) | (opc >> 2 & 2);
		set(o, ops[kind]);
		o->r2 = (uint8_t)FIELD(w, 6, 10);
		/* immediate forms keep their 5-bit value in r1, as an int8_t */
		if (opc & 1)
			o->r1 = (uint8_t)(hppa_low_sign_ext(FIELD(w, 11, 15), 5) & 0xff);
		else
			o->r1 = (uint8_t)FIELD(w, 11, 15);
		o->cond = (uint8_t)(FIELD(w, 16, 18) << 1 | ((opc >> 1) & 1));
		o->flags = (uint8_t)(FIELD(w, 30, 30) ? HF_N : 0);
		o->imm = hppa_disp12(w);
		return;
	}
	case 0x24: case 0x25: case 0x2c: case 0x2d:
		o->r2 = (uint8_t)FIELD(w, 6, 10);
		o->t = (uint8_t)FIELD(w, 11, 15);
		o->cond = (uint8_t)(FIELD(w, 16, 18) << 1 | FIELD(w, 19, 19));
		o->imm = hppa_low_sign_ext(FIELD(w, 21, 31), 11);
		if (opc == 0x24) {
			set(o, FIELD(w, 20, 20) ? HOP_ILLEGAL : HOP_CMPICLR);
		} else if (opc == 0x25) {
			set(o, HOP_SUBI);
			o->flags = (uint8_t)(FIELD(w, 20, 20) ? HF_TSV : 0);
		} else {
			set(o, HOP_ADDI);
			o->flags = (uint8_t)((FIELD(w, 20, 20) ? HF_TSV : 0) | (opc == 0x2c ? HF_TC : 0));
		}
		return;
	case 0x30:
		if (FIELD(w, 6, 10) || FIELD(w, 17, 18) != 2) {
			set(o, HOP_ILLEGAL);
			return;
		}
		set(o, HOP_BVB);
		o->r1 = (uint8_t)FIELD(w, 11, 15);
		o->cond = (uint8_t)FIELD(w, 16, 16);
		o->flags = (uint8_t)(FIELD(w, 30, 30) ? HF_N : 0);
		o->imm = hppa_disp12(w);
		return;
	case 0x31:
		if (FIELD(w, 17, 18) != 2) {
			set(o, HOP_ILLEGAL);
			return;
		}
		set(o, HOP_BB);
		o->r1 = (uint8_t)FIELD(w, 11, 15);
		o->sub = (uint8_t)FIELD(w, 6, 10);
		o->cond = (uint8_t)FIELD(w, 16, 16);
		o->flags = (uint8_t)(FIELD(w, 30, 30) ? HF_N : 0);
		o->imm = hppa_disp12(w);
		return;
	case 0x32: case 0x33:
		set(o, opc == 0x32 ? HOP_MOVB : HOP_MOVIB);
		o->r2 = (uint8_t)FIELD(w, 6, 10);
		if (opc == 0x33)
			o->r1 = (uint8_t)(hppa_low_sign_ext(FIELD(w, 11, 15), 5) & 0xff);
		else
			o->r1 = (uint8_t)FIELD(w, 11, 15);
		o->cond = (uint8_t)FIELD(w, 16, 18);
		o->flags = (uint8_t)(FIELD(w, 30, 30) ? HF_N : 0);
		o->imm = hppa_disp12(w);
		return;
	case 0x34: decode_shift(w, o); return;
	case 0x35: decode_deposit(w, o); return;
	case 0x38: case 0x39:
		set(o, opc == 0x38 ? HOP_BE : HOP_BLE);
		o->r2 = (uint8_t)FIELD(w, 6, 10);
		o->sub = (uint8_t)(FIELD(w, 18, 18) << 2 | FIELD(w, 16, 17));
		o->imm = hppa_disp17(w);
		o->flags = (uint8_t)(FIELD(w, 30, 30) ? HF_N : 0);
		return;
	case 0x3a: decode_branch(w, o); return;
	case 0x05:	/* diag */
		set(o, HOP_PRIV);
		return;
	default:
		set(o, HOP_ILLEGAL);
		return;
	}
}
