/* What the generated hppa_decode_table.c (gen_hppa_decode.py from hppa.decode) provides,
 * and the printers its disassembly templates call (hppa_disasm.c): {P:ARGS} in a template
 * is hppa_dis_P(out, ARGS). */
#ifndef PROFEMU_HPPA_DECODE_TABLE_H
#define PROFEMU_HPPA_DECODE_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "emu/hppa/hppa_decode.h"

/* Decodes a word into *o by the first pattern of hppa.decode that matches and returns that
 * pattern's number, or -1 (HOP_ILLEGAL) when none does. */
int hppa_decode_pattern(uint32_t w, struct hppa_insn *o);

/* The disassembler's output buffer: text is cut (and stays NUL-terminated) at len. */
struct hppa_dis_out {
	char *buf;
	size_t len, pos;
};

/* Prints pattern `pattern`'s template for word w at addr, decoded as *in. */
void hppa_disasm_pattern(int pattern, uint32_t w, uint32_t addr, const struct hppa_insn *in,
			 struct hppa_dis_out *out);

void hppa_dis_s(struct hppa_dis_out *o, const char *s);
void hppa_dis_word(struct hppa_dis_out *o, uint32_t w);	/* "#<hex>": not decodable */
void hppa_dis_gr(struct hppa_dis_out *o, int32_t reg);
void hppa_dis_cr(struct hppa_dis_out *o, int32_t reg);
void hppa_dis_hex(struct hppa_dis_out *o, int32_t v);	/* signed hex, as objdump */
void hppa_dis_u(struct hppa_dis_out *o, int32_t v);
void hppa_dis_tgt(struct hppa_dis_out *o, uint32_t addr, int32_t disp);	/* addr + 8 + disp */
void hppa_dis_sb(struct hppa_dis_out *o, uint32_t w);	/* "(b)" or "(srS,b)" */
void hppa_dis_mc(struct hppa_dis_out *o, uint32_t w, bool ldcw);	/* memory completers, hint */
void hppa_dis_by(struct hppa_dis_out *o, uint32_t w);	/* stby's completers and hint */
void hppa_dis_xd(struct hppa_dis_out *o, uint32_t w);	/* index register or 5-bit displacement */
void hppa_dis_fs(struct hppa_dis_out *o, int32_t slot, bool single);	/* FP slot or double */
void hppa_dis_frh(struct hppa_dis_out *o, int32_t reg, int32_t right);	/* FP register half */

#endif
