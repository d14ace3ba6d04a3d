/* IA-64 bundle and instruction decoding.
 *
 * A bundle is 16 bytes, little-endian: a 5-bit template (bits 0-4) and three 41-bit slots
 * (bits 5-45, 46-86, 87-127). The template names the execution unit of each slot and where the
 * stops (ends of instruction groups) fall; 8 of the 32 templates are reserved and make the
 * whole bundle illegal. Slot fields are named as in the Intel Itanium Architecture Software
 * Developer's Manual, volume 3, chapter 4 (qp, r1, r2, r3, x2a, x6, ...).
 *
 * ia64_decode_slot turns one slot into a compact struct ia64_insn: the operation (what the
 * interpreter dispatches on and the disassembler names) and its operands and completers, so
 * that each slot is decoded once and cached. The L slot of an MLX bundle is consumed by the X
 * slot's instruction (movl, brl, break.x, nop.x): decode slot 2 with the L slot's bits. */
#ifndef PROFEMU_IA64_DECODE_H
#define PROFEMU_IA64_DECODE_H

#include <stdbool.h>
#include <stdint.h>

#include "ia64_insn.h"

struct ia64_template {
	bool reserved;			/* an illegal-operation fault when executed */
	enum ia64_unit unit[3];
	uint8_t stops;			/* bit i: a stop follows slot i */
};

/* The 32 template codes. */
const struct ia64_template *ia64_template_of(unsigned code);

static inline unsigned ia64_bundle_template(const uint8_t b[16])
{
	return b[0] & 0x1f;
}

/* Slot i (0..2) of the bundle: 41 bits. */
uint64_t ia64_bundle_slot(const uint8_t b[16], unsigned i);

/* Decodes slot `slot_bits` of unit `unit`. For IA64_UNIT_X, `lbits` is the L slot (slot 1)
 * of the same bundle; ignored otherwise. Unassigned encodings give IA64_OP_ILLEGAL. */
void ia64_decode_slot(struct ia64_insn *insn, enum ia64_unit unit, uint64_t slot_bits,
		      uint64_t lbits);

void ia64_decode_bundle(struct ia64_bundle *out, const uint8_t bytes[16]);

/* True for the forms whose qp field is not a qualifying predicate: they always execute
 * (alloc, cover, clrrrb, br.cloop/ctop/cexit, brp, ...) and objdump prints no "(pN)". */
bool ia64_unpredicated(const struct ia64_insn *in);

#endif
