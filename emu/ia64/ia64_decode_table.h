/* The IA-64 form table, generated from ia64.decode by gen_ia64_decode.py into
 * ia64_decode_table.c: one row per instruction form, in the spec's order. */
#ifndef PROFEMU_IA64_DECODE_TABLE_H
#define PROFEMU_IA64_DECODE_TABLE_H

#include <stdbool.h>
#include <stdint.h>

#include "ia64_insn.h"

struct ia64_form {
	uint64_t mask, value;		/* slot & mask == value selects the row */
	uint8_t format;			/* how operands are extracted (ia64_form_extract) */
	uint8_t pred;			/* 0, or a condition on the operands (ia64_form_pred) */
	bool unpred;			/* the qp field is no qualifying predicate */
	const char *template;		/* objdump's text; {NAME} is an operand */
	struct ia64_insn insn;		/* the operation and the fields the form fixes */
};

extern const struct ia64_form ia64_forms[];
/* Rows of unit u (enum ia64_unit) and major opcode o: ia64_form_index[k] for k from
 * ia64_form_bucket[u * 16 + o] to ia64_form_bucket[u * 16 + o + 1]. */
extern const uint16_t ia64_form_index[];
extern const uint16_t ia64_form_bucket[];

/* Fills the operands of a slot s (l: the L slot, for X) by format. */
void ia64_form_extract(unsigned format, struct ia64_insn *in, uint64_t s, uint64_t l);
bool ia64_form_pred(unsigned pred, const struct ia64_insn *in);

#endif
