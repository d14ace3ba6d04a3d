/* The hppa back end's arithmetic: the conditions of PA-RISC 1.1's compare, add, logical,
 * unit and shift/extract instructions, the adder with its carries and overflow, and the
 * bit-field extract and deposit. Inline: run()'s handlers and the decode cache share them. */
#ifndef PROFEMU_HPPA_ALU_H
#define PROFEMU_HPPA_ALU_H

#include <stdbool.h>
#include <stdint.h>

/* ---- conditions ---- */

/* Arithmetic conditions (PA 1.1 table 5-3/5-4): the add and compare/subtract tables share
 * their formulas on the result, the carry out and the signed overflow. */
static inline __attribute__((always_inline)) bool cond_arith(unsigned cf, uint32_t res, uint32_t carry, uint32_t sv)
{
	bool r, n = (int32_t)res < 0, z = res == 0, v = sv != 0;
	switch (cf >> 1) {
	case 0: r = false; break;
	case 1: r = z; break;
	case 2: r = n != v; break;
	case 3: r = (n != v) || z; break;
	case 4: r = !carry; break;
	case 5: r = !carry || z; break;
	case 6: r = v; break;
	default: r = res & 1; break;
	}
	return r != (cf & 1);
}

/* cond_arith of a - b (cmpb, cmpib) from the operands: the borrow and the signed order are
 * plain compares, which cost less than the carry vector add3 builds. */
static inline __attribute__((always_inline)) bool cond_sub(unsigned cf, uint32_t a, uint32_t b)
{
	bool r;
	int32_t d;
	switch (cf >> 1) {
	case 0: r = false; break;
	case 1: r = a == b; break;
	case 2: r = (int32_t)a < (int32_t)b; break;
	case 3: r = (int32_t)a <= (int32_t)b; break;
	case 4: r = a < b; break;	/* no carry out of a + ~b + 1 */
	case 5: r = a <= b; break;
	case 6: r = __builtin_sub_overflow((int32_t)a, (int32_t)b, &d); break;
	default: r = (a - b) & 1; break;
	}
	return r != (cf & 1);
}

/* cond_arith of res = a + b (addib), likewise from the operands. */
static inline __attribute__((always_inline)) bool cond_add(unsigned cf, uint32_t a, uint32_t b,
							   uint32_t res)
{
	bool r;
	int32_t d;
	bool v = __builtin_add_overflow((int32_t)a, (int32_t)b, &d);
	switch (cf >> 1) {
	case 0: r = false; break;
	case 1: r = res == 0; break;
	case 2: r = ((int32_t)res < 0) != v; break;
	case 3: r = (((int32_t)res < 0) != v) || res == 0; break;
	case 4: r = res >= a; break;	/* no carry out */
	case 5: r = res >= a || res == 0; break;
	case 6: r = v; break;
	default: r = res & 1; break;
	}
	return r != (cf & 1);
}

static inline __attribute__((always_inline)) bool cond_logic(unsigned cf, uint32_t res)
{
	bool r;
	switch (cf >> 1) {
	case 0: r = false; break;
	case 1: r = res == 0; break;
	case 2: r = (int32_t)res < 0; break;
	case 3: r = (int32_t)res <= 0; break;
	default: r = res & 1; break;
	}
	return r != (cf & 1);
}

/* Shift, extract, deposit and MOVB conditions: 3 bits, the upper one negating. */
static inline __attribute__((always_inline)) bool cond_shift(unsigned c3, uint32_t res)
{
	static const uint8_t as_logic[4] = {0, 2, 4, 14};
	return cond_logic(as_logic[c3 & 3] | (c3 >> 2), res);
}

/* Unit conditions on the result and the carry out of each bit. */
static inline bool cond_unit(unsigned cf, uint32_t res, uint32_t cv)
{
	bool r;
	switch (cf >> 1) {
	case 0: r = false; break;
	case 2: r = ((res - 0x01010101u) & ~res & 0x80808080u) != 0; break;
	case 3: r = ((res - 0x00010001u) & ~res & 0x80008000u) != 0; break;
	case 4: r = (cv & 0x88888888u) != 0; break;
	case 6: r = (cv & 0x80808080u) != 0; break;
	case 7: r = (cv & 0x80008000u) != 0; break;
	default: r = false; break;
	}
	return r != (cf & 1);
}

struct sum {
	uint32_t res, cv, sv;
};

/* a + b + cin with the carry out of every bit and the signed overflow (bit 31). */
static inline __attribute__((always_inline)) struct sum add3(uint32_t a, uint32_t b, uint32_t cin)
{
	struct sum s;
	s.res = a + b + cin;
	s.cv = (a & b) | ((a ^ b) & ~s.res);
	s.sv = (~(a ^ b) & (a ^ s.res)) >> 31;
	return s;
}

/* ---- field operations ---- */

static inline uint32_t mask_len(unsigned len)
{
	return len >= 32 ? 0xffffffffu : (1u << len) - 1;
}

static inline uint32_t extract(uint32_t v, unsigned pos, unsigned len, bool sign)
{
	unsigned shift = 31 - pos;
	if (len > pos + 1)
		len = pos + 1;
	uint32_t x = (v >> shift) & mask_len(len);
	if (sign && len < 32 && (x >> (len - 1)) & 1)
		x |= ~mask_len(len);
	return x;
}

static inline uint32_t deposit(uint32_t old, uint32_t val, unsigned pos, unsigned len)
{
	unsigned shift = 31 - pos;
	if (shift + len > 32)
		len = 32 - shift;
	uint32_t m = mask_len(len) << shift;
	return (old & ~m) | ((val << shift) & m);
}

#endif
