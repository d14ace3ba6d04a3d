/* PA-RISC disassembly in the text `hppa-linux-gnu-objdump -d` prints: mnemonic, completers
 * and operands the same way (PA 2.0 mnemonics, hex immediates, register aliases rp, dp, ret0,
 * ret1, sp), branch targets as absolute hex addresses without objdump's "<symbol+off>". */
#ifndef PROFEMU_HPPA_DISASM_H
#define PROFEMU_HPPA_DISASM_H

#include <stddef.h>
#include <stdint.h>

/* Writes the text of the instruction `word` at guest address `addr` into buf (always
 * NUL-terminated) and returns its length. Words objdump cannot decode print as "#%8x". */
size_t hppa_disasm(uint32_t word, uint32_t addr, char *buf, size_t len);
/* The ops table's disasm (emu/cpu.h cpu_disasm). */
int hppa_op_disasm(const uint8_t *code, size_t len, uint64_t addr, char *text, size_t textlen);

#endif
