/* PA-RISC disassembler. Which text a word gets is hppa.decode's (a template per pattern,
 * following the choices objdump's opcode table makes, so that the text can be compared line
 * by line with objdump's); these are the printers its templates call. The operands mostly
 * come from the decoder's fields, which checks the decoder too. */
#include "hppa_disasm.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

#include "../byteorder.h"
#include "hppa_decode.h"
#include "hppa_decode_table.h"

#define FIELD(w, from, to) (((w) >> (31 - (to))) & ((1u << ((to) - (from) + 1)) - 1))

static void put(struct hppa_dis_out *o, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (o->pos < o->len) {
		int n = vsnprintf(o->buf + o->pos, o->len - o->pos, fmt, ap);
		if (n > 0)
			o->pos += (size_t)n < o->len - o->pos ? (size_t)n : o->len - o->pos - 1;
	}
	va_end(ap);
}

static const char *const gr_names[32] = {
	"r0", "r1", "rp", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "r13",
	"r14", "r15", "r16", "r17", "r18", "r19", "r20", "r21", "r22", "r23", "r24", "r25", "r26",
	"dp", "ret0", "ret1", "sp", "r31"};

static const char *const cr_names[32] = {
	"rctr", "cr1", "cr2", "cr3", "cr4", "cr5", "cr6", "cr7", "pidr1", "pidr2", "ccr", "sar",
	"pidr3", "pidr4", "iva", "eiem", "itmr", "pcsq", "pcoq", "iir", "isr", "ior", "ipsw", "eirr",
	"tr0", "tr1", "tr2", "tr3", "tr4", "tr5", "tr6", "tr7"};

void hppa_dis_s(struct hppa_dis_out *o, const char *s)
{
	put(o, "%s", s);
}

void hppa_dis_word(struct hppa_dis_out *o, uint32_t w)
{
	put(o, "#%8x", w);
}

void hppa_dis_gr(struct hppa_dis_out *o, int32_t reg)
{
	put(o, "%s", gr_names[reg & 31]);
}

void hppa_dis_cr(struct hppa_dis_out *o, int32_t reg)
{
	put(o, "%s", cr_names[reg & 31]);
}

void hppa_dis_hex(struct hppa_dis_out *o, int32_t v)
{
	if (v < 0)
		put(o, "-%x", (unsigned)-(int64_t)v);
	else
		put(o, "%x", (unsigned)v);
}

void hppa_dis_u(struct hppa_dis_out *o, int32_t v)
{
	put(o, "%u", (unsigned)v);
}

void hppa_dis_tgt(struct hppa_dis_out *o, uint32_t addr, int32_t disp)
{
	put(o, "%x", (unsigned)(addr + 8 + (uint32_t)disp));
}

static void fr(struct hppa_dis_out *o, unsigned reg)
{
	static const char *const low[4] = {"fr0", "fpe2", "fpe4", "fpe6"};
	if (reg < 4)
		put(o, "%s", low[reg]);
	else
		put(o, "fr%u", reg);
}

void hppa_dis_frh(struct hppa_dis_out *o, int32_t reg, int32_t right)
{
	if (!right)
		fr(o, (unsigned)reg);
	else if (reg < 4)
		put(o, "fpe%u", (unsigned)reg * 2 + 1);
	else
		put(o, "fr%uR", (unsigned)reg);
}

void hppa_dis_fs(struct hppa_dis_out *o, int32_t slot, bool single)
{
	if (single)
		hppa_dis_frh(o, slot >> 1, slot & 1);
	else
		fr(o, (unsigned)slot);
}

void hppa_dis_sb(struct hppa_dis_out *o, uint32_t w)
{
	unsigned s = FIELD(w, 16, 17);
	if (s)
		put(o, "(sr%u,%s)", s, gr_names[FIELD(w, 6, 10)]);
	else
		put(o, "(%s)", gr_names[FIELD(w, 6, 10)]);
}

/* The cache hint (bits 20..21) and the space before the operands. */
static void cache_hint(struct hppa_dis_out *o, uint32_t w, bool ldcw)
{
	switch (FIELD(w, 20, 21)) {
	case 1: put(o, ldcw ? ",co " : ",bc "); break;
	case 2: put(o, ldcw ? " " : ",sl "); break;
	default: put(o, " "); break;
	}
}

/* Indexed / short completers of opcodes 03, 09, 0B. */
void hppa_dis_mc(struct hppa_dis_out *o, uint32_t w, bool ldcw)
{
	unsigned compl = FIELD(w, 26, 26) | FIELD(w, 18, 18) << 1;
	static const char *const idx[4] = {"", ",m", ",s", ",sm"};
	static const char *const shrt[4] = {"", ",ma", "", ",mb"};
	put(o, "%s", FIELD(w, 19, 19) ? shrt[compl] : idx[compl]);
	cache_hint(o, w, ldcw);
}

void hppa_dis_by(struct hppa_dis_out *o, uint32_t w)
{
	static const char *const by[4] = {"", ",b,m", ",e", ",e,m"};
	put(o, "%s", by[FIELD(w, 26, 26) | FIELD(w, 18, 18) << 1]);
	cache_hint(o, w, false);
}

void hppa_dis_xd(struct hppa_dis_out *o, uint32_t w)
{
	if (FIELD(w, 19, 19))
		hppa_dis_hex(o, hppa_low_sign_ext(FIELD(w, 11, 15), 5));
	else
		put(o, "%s", gr_names[FIELD(w, 11, 15)]);
}

size_t hppa_disasm(uint32_t w, uint32_t addr, char *buf, size_t len)
{
	struct hppa_dis_out o = {buf, len, 0};
	struct hppa_insn in;
	if (len)
		buf[0] = '\0';
	hppa_disasm_pattern(hppa_decode_pattern(w, &in), w, addr, &in, &o);
	return o.pos;
}

/* cpu_disasm for hppa (the ops table's disasm): one big-endian word. */
int hppa_op_disasm(const uint8_t *code, size_t len, uint64_t addr, char *text, size_t textlen)
{
	if (len < 4)
		return 0;
	hppa_disasm(bo_get32(code, BO_BIG), (uint32_t)addr, text, textlen);
	return text[0] == '#' ? 0 : 4;	/* "#<hex>": a word objdump cannot decode either */
}
