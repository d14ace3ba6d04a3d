/* IA-64 instruction families decoded by table: the parallel (multimedia) A and I forms and
 * the F-unit miscellaneous forms (fmerge, fcvt, fmin, fand, fmix, ...). Each row gives the
 * opcode-extension fields that select it, the mnemonic and the operand layout; the decoder
 * stores the row index in struct ia64_insn.mm. */
#ifndef PROFEMU_IA64_FORMS_H
#define PROFEMU_IA64_FORMS_H

#include <stdint.h>

enum { IA64_FORM_NONE = 0xff };

enum ia64_opnd {
	IA64_OPND_R1_R2_R3,	/* r1=r2,r3 */
	IA64_OPND_R1_R3_R2,	/* r1=r3,r2 (shifts by a register) */
	IA64_OPND_R1_R3,	/* r1=r3 (popcnt) */
	IA64_OPND_R1_R2_CNT_R3,	/* r1=r2,count,r3 (pshladd2) */
	IA64_OPND_R1_R2_MBTYPE,	/* mux1 r1=r2,@rev */
	IA64_OPND_R1_R2_MHTYPE,	/* mux2 r1=r2,0x1b */
	IA64_OPND_R1_R3_CNT,	/* pshr r1=r3,count */
	IA64_OPND_R1_R2_CNT,	/* pshl r1=r2,count */
	IA64_OPND_R1_R2_R3_CNT2,	/* pmpyshr2 r1=r2,r3,count */
	IA64_OPND_F1_F2_F3,	/* f1=f2,f3 */
	IA64_OPND_F1_F2,	/* f1=f2 */
};

struct ia64_form {
	const char *name;
	uint8_t operands;	/* enum ia64_opnd */
	uint8_t sf;		/* takes a status-field completer (.s0-.s3) */
	/* Selecting fields. A: za zb x4 x2b. I: za x2a zb ve x2c x2b. F: x6. */
	uint8_t key[6];
};

extern const struct ia64_form ia64_pmm_a_forms[];
extern const struct ia64_form ia64_pmm_i_forms[];
extern const struct ia64_form ia64_fmisc_forms[];

/* Row index, or IA64_FORM_NONE. */
uint8_t ia64_pmm_a_lookup(unsigned za, unsigned zb, unsigned x4, unsigned x2b);
uint8_t ia64_pmm_i_lookup(unsigned za, unsigned x2a, unsigned zb, unsigned ve, unsigned x2c,
			  unsigned x2b);
uint8_t ia64_fmisc_lookup(unsigned x6);

#endif
