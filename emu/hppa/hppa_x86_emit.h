/* A small x86-64 encoder for the hppa translator (hppa_jit.c): the few instruction forms its
 * host code uses, 32-bit operands unless REX.W, written at code->p. */
#ifndef PROFEMU_HPPA_X86_EMIT_H
#define PROFEMU_HPPA_X86_EMIT_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

struct x86_code {
	uint8_t *p;	/* where the next byte goes */
};

enum x86_reg { RAX, RCX, RDX, RBX, RSP, RBP, RSI, RDI, R8, R9, R10, R11 };

/* x86 opcodes (32-bit operand size unless REX.W) */
enum {
	ADD_RM_R = 0x01, OR_RM_R = 0x09, AND_RM_R = 0x21, SUB_RM_R = 0x29, XOR_RM_R = 0x31,
	ADD_R_RM = 0x03, CMP_R_RM = 0x3b, MOV_RM_R = 0x89, MOV_R_RM = 0x8b,
};
enum {
	EXT_ADD = 0, EXT_OR = 1, EXT_AND = 4, EXT_CMP = 7, EXT_SHL = 4, EXT_SHR = 5, EXT_SAR = 7,
	EXT_NOT = 2,
};

static inline void x86_byte(struct x86_code *c, unsigned x)
{
	*c->p++ = (uint8_t)x;
}

static inline void x86_word32(struct x86_code *c, uint32_t x)
{
	memcpy(c->p, &x, 4);
	c->p += 4;
}

static inline void x86_rex(struct x86_code *c, bool w, unsigned reg, unsigned index,
			   unsigned base)
{
	unsigned r = 0x40 | (w ? 8 : 0) | (reg >> 3) << 2 | (index >> 3) << 1 | base >> 3;
	if (r != 0x40)
		x86_byte(c, r);
}

/* op reg, [base + disp] (base neither rsp nor r12, which need a SIB byte) */
static inline void x86_op_mem(struct x86_code *c, unsigned opc, unsigned reg, unsigned base,
			      int32_t disp)
{
	x86_rex(c, false, reg, 0, base);
	x86_byte(c, opc);
	if (disp >= -128 && disp < 128) {
		x86_byte(c, 0x40 | (reg & 7) << 3 | (base & 7));
		x86_byte(c, (unsigned)(uint8_t)disp);
	} else {
		x86_byte(c, 0x80 | (reg & 7) << 3 | (base & 7));
		x86_word32(c, (uint32_t)disp);
	}
}

/* op reg, [base + index + disp32] (64-bit operand with w) */
static inline void x86_op_sib(struct x86_code *c, bool w, unsigned opc, unsigned reg,
			      unsigned base, unsigned index, int32_t disp)
{
	x86_rex(c, w, reg, index, base);
	x86_byte(c, opc);
	x86_byte(c, 0x80 | (reg & 7) << 3 | 4);
	x86_byte(c, (index & 7) << 3 | (base & 7));
	x86_word32(c, (uint32_t)disp);
}

/* dst op= src */
static inline void x86_alu(struct x86_code *c, unsigned opc, unsigned dst, unsigned src)
{
	x86_rex(c, false, src, 0, dst);
	x86_byte(c, opc);
	x86_byte(c, 0xc0 | (src & 7) << 3 | (dst & 7));
}

static inline void x86_alu_imm(struct x86_code *c, unsigned ext, unsigned dst, uint32_t imm)
{
	x86_rex(c, false, 0, 0, dst);
	x86_byte(c, 0x81);
	x86_byte(c, 0xc0 | ext << 3 | (dst & 7));
	x86_word32(c, imm);
}

static inline void x86_shift(struct x86_code *c, unsigned ext, unsigned dst, unsigned n)
{
	if (n == 0)
		return;
	x86_rex(c, false, 0, 0, dst);
	x86_byte(c, 0xc1);
	x86_byte(c, 0xc0 | ext << 3 | (dst & 7));
	x86_byte(c, n);
}

static inline void x86_not(struct x86_code *c, unsigned dst)
{
	x86_rex(c, false, 0, 0, dst);
	x86_byte(c, 0xf7);
	x86_byte(c, 0xc0 | EXT_NOT << 3 | (dst & 7));
}

static inline void x86_mov_imm(struct x86_code *c, unsigned dst, uint32_t imm)
{
	x86_rex(c, false, 0, 0, dst);
	x86_byte(c, 0xb8 + (dst & 7));
	x86_word32(c, imm);
}

static inline void x86_bswap(struct x86_code *c, unsigned r)
{
	x86_rex(c, false, 0, 0, r);
	x86_byte(c, 0x0f);
	x86_byte(c, 0xc8 + (r & 7));
}

#endif
