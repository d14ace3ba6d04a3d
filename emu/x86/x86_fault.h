/* Finding the instruction that made a memory access fault.
 *
 * Unicorn 2.1 does not bring the pc up to date before a faulting access unless a memory hook
 * runs on every access (which would slow every load and store): after the fault the pc still
 * names the start of the block. The registers, however, hold their values from just before
 * the faulting instruction. So we decode the block and pick the instruction whose memory
 * operand, computed from those registers, covers the faulting address. */
#ifndef PROFEMU_X86_FAULT_H
#define PROFEMU_X86_FAULT_H

#include <stdbool.h>
#include <stdint.h>

#include "x86_blocks.h"

/* Reads a Capstone x86 register's current value; false if the register is unknown. */
typedef bool (*x86_reg_reader)(void *ctx, int capstone_reg, uint64_t *value);

/* Index of the faulting instruction in b, or b->icount if none matches. `write` says whether
 * the faulting access was a store; mode_bits is 32 or 64. */
uint32_t x86_locate_fault(const struct block_info *b, const uint8_t *code, int mode_bits,
			  uint64_t fault_addr, bool write, x86_reg_reader read_reg, void *ctx);

#endif
