/* The table-decoded IA-64 families (see ia64_forms.h). Encodings from the Itanium manual,
 * volume 3, tables 4-9/4-10 (A9, A10), 4-16 to 4-20 (I1-I9) and 4-73 (F-unit misc). */
#include "ia64_forms.h"

#include <stddef.h>

#define A(name, opnd, za, zb, x4, x2b) { name, opnd, 0, { za, zb, x4, x2b, 0, 0 } }
#define RRR IA64_OPND_R1_R2_R3

/* A9 and A10: major opcode 8 with x2a = 1. */
const struct ia64_form ia64_pmm_a_forms[] = {
	A("padd1", RRR, 0, 0, 0, 0), A("padd1.sss", RRR, 0, 0, 0, 1),
	A("padd1.uuu", RRR, 0, 0, 0, 2), A("padd1.uus", RRR, 0, 0, 0, 3),
	A("padd2", RRR, 0, 1, 0, 0), A("padd2.sss", RRR, 0, 1, 0, 1),
	A("padd2.uuu", RRR, 0, 1, 0, 2), A("padd2.uus", RRR, 0, 1, 0, 3),
	A("padd4", RRR, 1, 0, 0, 0),
	A("psub1", RRR, 0, 0, 1, 0), A("psub1.sss", RRR, 0, 0, 1, 1),
	A("psub1.uuu", RRR, 0, 0, 1, 2), A("psub1.uus", RRR, 0, 0, 1, 3),
	A("psub2", RRR, 0, 1, 1, 0), A("psub2.sss", RRR, 0, 1, 1, 1),
	A("psub2.uuu", RRR, 0, 1, 1, 2), A("psub2.uus", RRR, 0, 1, 1, 3),
	A("psub4", RRR, 1, 0, 1, 0),
	A("pavg1", RRR, 0, 0, 2, 2), A("pavg1.raz", RRR, 0, 0, 2, 3),
	A("pavg2", RRR, 0, 1, 2, 2), A("pavg2.raz", RRR, 0, 1, 2, 3),
	A("pavgsub1", RRR, 0, 0, 3, 2), A("pavgsub2", RRR, 0, 1, 3, 2),
	A("pcmp1.eq", RRR, 0, 0, 9, 0), A("pcmp1.gt", RRR, 0, 0, 9, 1),
	A("pcmp2.eq", RRR, 0, 1, 9, 0), A("pcmp2.gt", RRR, 0, 1, 9, 1),
	A("pcmp4.eq", RRR, 1, 0, 9, 0), A("pcmp4.gt", RRR, 1, 0, 9, 1),
	A("pshladd2", IA64_OPND_R1_R2_CNT_R3, 0, 1, 4, 0),
	A("pshladd2", IA64_OPND_R1_R2_CNT_R3, 0, 1, 4, 1),
	A("pshladd2", IA64_OPND_R1_R2_CNT_R3, 0, 1, 4, 2),
	A("pshladd2", IA64_OPND_R1_R2_CNT_R3, 0, 1, 4, 3),
	A("pshradd2", IA64_OPND_R1_R2_CNT_R3, 0, 1, 6, 0),
	A("pshradd2", IA64_OPND_R1_R2_CNT_R3, 0, 1, 6, 1),
	A("pshradd2", IA64_OPND_R1_R2_CNT_R3, 0, 1, 6, 2),
	A("pshradd2", IA64_OPND_R1_R2_CNT_R3, 0, 1, 6, 3),
	{ NULL, 0, 0, { 0 } },
};

#define I_(name, opnd, za, x2a, zb, ve, x2c, x2b) { name, opnd, 0, { za, x2a, zb, ve, x2c, x2b } }

/* I1-I9: major opcode 7. */
const struct ia64_form ia64_pmm_i_forms[] = {
	I_("mux1", IA64_OPND_R1_R2_MBTYPE, 0, 3, 0, 0, 2, 2),
	I_("mux2", IA64_OPND_R1_R2_MHTYPE, 0, 3, 1, 0, 2, 2),
	I_("mix1.l", RRR, 0, 2, 0, 0, 2, 2), I_("mix1.r", RRR, 0, 2, 0, 0, 2, 0),
	I_("mix2.l", RRR, 0, 2, 1, 0, 2, 2), I_("mix2.r", RRR, 0, 2, 1, 0, 2, 0),
	I_("mix4.l", RRR, 1, 2, 0, 0, 2, 2), I_("mix4.r", RRR, 1, 2, 0, 0, 2, 0),
	I_("unpack1.l", RRR, 0, 2, 0, 0, 1, 2), I_("unpack1.h", RRR, 0, 2, 0, 0, 1, 0),
	I_("unpack2.l", RRR, 0, 2, 1, 0, 1, 2), I_("unpack2.h", RRR, 0, 2, 1, 0, 1, 0),
	I_("unpack4.l", RRR, 1, 2, 0, 0, 1, 2), I_("unpack4.h", RRR, 1, 2, 0, 0, 1, 0),
	I_("pmin1.u", RRR, 0, 2, 0, 0, 0, 1),
	I_("popcnt", IA64_OPND_R1_R3, 0, 1, 1, 0, 2, 1),
	I_("shl", RRR, 1, 0, 1, 0, 1, 0), I_("pshl2", RRR, 0, 0, 1, 0, 1, 0),
	I_("pshl4", RRR, 1, 0, 0, 0, 1, 0),
	I_("shr", IA64_OPND_R1_R3_R2, 1, 0, 1, 0, 0, 2),
	I_("shr.u", IA64_OPND_R1_R3_R2, 1, 0, 1, 0, 0, 0),
	I_("pshr2", IA64_OPND_R1_R3_R2, 0, 0, 1, 0, 0, 2),
	I_("pshr2.u", IA64_OPND_R1_R3_R2, 0, 0, 1, 0, 0, 0),
	I_("pshr4", IA64_OPND_R1_R3_R2, 1, 0, 0, 0, 0, 2),
	I_("pshr4.u", IA64_OPND_R1_R3_R2, 1, 0, 0, 0, 0, 0),
	I_("pshr2", IA64_OPND_R1_R3_CNT, 0, 1, 1, 0, 0, 3),
	I_("pshr2.u", IA64_OPND_R1_R3_CNT, 0, 1, 1, 0, 0, 1),
	I_("pshr4", IA64_OPND_R1_R3_CNT, 1, 1, 0, 0, 0, 3),
	I_("pshr4.u", IA64_OPND_R1_R3_CNT, 1, 1, 0, 0, 0, 1),
	/* I1: x2c is the count (0, 7, 15, 16), one row each */
	I_("pmpyshr2", IA64_OPND_R1_R2_R3_CNT2, 0, 0, 1, 0, 0, 3),
	I_("pmpyshr2", IA64_OPND_R1_R2_R3_CNT2, 0, 0, 1, 0, 1, 3),
	I_("pmpyshr2", IA64_OPND_R1_R2_R3_CNT2, 0, 0, 1, 0, 2, 3),
	I_("pmpyshr2", IA64_OPND_R1_R2_R3_CNT2, 0, 0, 1, 0, 3, 3),
	I_("pmpyshr2.u", IA64_OPND_R1_R2_R3_CNT2, 0, 0, 1, 0, 0, 1),
	I_("pmpyshr2.u", IA64_OPND_R1_R2_R3_CNT2, 0, 0, 1, 0, 1, 1),
	I_("pmpyshr2.u", IA64_OPND_R1_R2_R3_CNT2, 0, 0, 1, 0, 2, 1),
	I_("pmpyshr2.u", IA64_OPND_R1_R2_R3_CNT2, 0, 0, 1, 0, 3, 1),
	I_("pmpy2.r", RRR, 0, 2, 1, 0, 3, 1), I_("pmpy2.l", RRR, 0, 2, 1, 0, 3, 3),
	{ NULL, 0, 0, { 0 } },
};

#define FM(name, opnd, sf, x6) { name, opnd, sf, { x6, 0, 0, 0, 0, 0 } }
#define FFF IA64_OPND_F1_F2_F3

/* F-unit major opcode 0 with x = 0, by x6. */
const struct ia64_form ia64_fmisc_forms[] = {
	FM("fmerge.s", FFF, 0, 0x10), FM("fmerge.ns", FFF, 0, 0x11), FM("fmerge.se", FFF, 0, 0x12),
	FM("fmin", FFF, 1, 0x14), FM("fmax", FFF, 1, 0x15), FM("famin", FFF, 1, 0x16),
	FM("famax", FFF, 1, 0x17),
	FM("fcvt.fx", IA64_OPND_F1_F2, 1, 0x18), FM("fcvt.fxu", IA64_OPND_F1_F2, 1, 0x19),
	FM("fcvt.fx.trunc", IA64_OPND_F1_F2, 1, 0x1a),
	FM("fcvt.fxu.trunc", IA64_OPND_F1_F2, 1, 0x1b),
	FM("fcvt.xf", IA64_OPND_F1_F2, 0, 0x1c),
	FM("fpack", FFF, 0, 0x28),
	FM("fand", FFF, 0, 0x2c), FM("fandcm", FFF, 0, 0x2d), FM("for", FFF, 0, 0x2e),
	FM("fxor", FFF, 0, 0x2f),
	FM("fswap", FFF, 0, 0x34), FM("fswap.nl", FFF, 0, 0x35), FM("fswap.nr", FFF, 0, 0x36),
	FM("fmix.lr", FFF, 0, 0x39), FM("fmix.r", FFF, 0, 0x3a), FM("fmix.l", FFF, 0, 0x3b),
	FM("fsxt.r", FFF, 0, 0x3c), FM("fsxt.l", FFF, 0, 0x3d),
	{ NULL, 0, 0, { 0 } },
};

static uint8_t lookup(const struct ia64_form *t, const uint8_t key[6])
{
	for (unsigned i = 0; t[i].name; i++) {
		unsigned k = 0;
		while (k < 6 && t[i].key[k] == key[k])
			k++;
		if (k == 6)
			return (uint8_t)i;
	}
	return IA64_FORM_NONE;
}

uint8_t ia64_pmm_a_lookup(unsigned za, unsigned zb, unsigned x4, unsigned x2b)
{
	return lookup(ia64_pmm_a_forms, (const uint8_t[6]){ za, zb, x4, x2b, 0, 0 });
}

uint8_t ia64_pmm_i_lookup(unsigned za, unsigned x2a, unsigned zb, unsigned ve, unsigned x2c,
			  unsigned x2b)
{
	return lookup(ia64_pmm_i_forms, (const uint8_t[6]){ za, x2a, zb, ve, x2c, x2b });
}

uint8_t ia64_fmisc_lookup(unsigned x6)
{
	return lookup(ia64_fmisc_forms, (const uint8_t[6]){ x6, 0, 0, 0, 0, 0 });
}
