/* IA-64 decoding: templates, slot extraction, and the lookup of a slot's form in the table
 * generated from ia64.decode (ia64_decode_table.c). */
#include "ia64_decode.h"

#include <string.h>

#include "ia64_decode_table.h"

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

/* The first row of the slot's unit and major opcode that matches it (ia64.decode's order:
 * pseudo-operations before the general forms) decodes it. */
void ia64_decode_slot(struct ia64_insn *in, enum ia64_unit unit, uint64_t s, uint64_t lbits)
{
	unsigned bucket = (unsigned)unit * 16 + (unsigned)fld(s, 40, 37);
	for (unsigned k = ia64_form_bucket[bucket]; k < ia64_form_bucket[bucket + 1]; k++) {
		const struct ia64_form *f = &ia64_forms[ia64_form_index[k]];
		if ((s & f->mask) != f->value)
			continue;
		*in = f->insn;
		in->unit = unit;
		in->qp = fld(s, 5, 0);
		in->r1 = fld(s, 12, 6);
		in->r2 = fld(s, 19, 13);
		in->r3 = fld(s, 26, 20);
		ia64_form_extract(f->format, in, s, lbits);
		if (f->pred && !ia64_form_pred(f->pred, in))
			continue;
		in->form = ia64_form_index[k];
		return;
	}
	memset(in, 0, sizeof *in);
	in->unit = unit;
	in->qp = fld(s, 5, 0);
	in->r1 = fld(s, 12, 6);
	in->r2 = fld(s, 19, 13);
	in->r3 = fld(s, 26, 20);
	in->op = unit == IA64_UNIT_L ? IA64_OP_NOP : IA64_OP_ILLEGAL;
	in->form = IA64_FORM_NONE;
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
		if (t->reserved) {
			out->slot[i].op = IA64_OP_ILLEGAL;
			out->slot[i].form = IA64_FORM_NONE;
		}
	}
}

bool ia64_unpredicated(const struct ia64_insn *in)
{
	return in->form != IA64_FORM_NONE && ia64_forms[in->form].unpred;
}
