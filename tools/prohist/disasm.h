/* prohist: disassembling the hottest buckets, behind one small interface so that a decoder per
 * instruction set plugs in without the rest of prohist knowing which one runs. x86 (x86-64,
 * i386, 16-bit real mode) is Capstone; every other architecture is its CPU back end's own
 * disassembler (emu/cpu.h cpu_disasm: hppa, IA-64), through disasm_emu. */
#ifndef PROHIST_DISASM_H
#define PROHIST_DISASM_H

#include <stddef.h>
#include <stdint.h>

#include "disasm_backend.h"
#include "emu/cpu.h"

struct disasm;

/* A decoder for arch, or NULL with the reason ("no i8086 disassembler yet") in err. */
struct disasm *disasm_open(enum cpu_arch arch, char *err, size_t errlen);
/* Decodes the instruction at code[0..len) sitting at addr into out. Returns the bytes to
 * advance: the instruction's size, or for bytes that are no instruction the architecture's
 * smallest step, with out->mnemonic "(bad)". */
unsigned disasm_one(struct disasm *d, const uint8_t *code, size_t len, uint64_t addr,
		    struct disasm_insn *out);
void disasm_close(struct disasm *d);

#endif
