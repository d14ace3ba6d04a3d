/* prohist: disassembling the hottest buckets, behind one small interface so that a decoder per
 * instruction set plugs in without the rest of prohist knowing which one runs. x86 (x86-64,
 * i386, 16-bit real mode) is Capstone; every other architecture is its CPU back end's own
 * disassembler (emu/cpu.h cpu_disasm: hppa, IA-64), through disasm_emu. */
#ifndef PROHIST_DISASM_H
#define PROHIST_DISASM_H

#include <stddef.h>
#include <stdint.h>

#include "emu/cpu.h"

struct disasm_insn {
	unsigned size;		/* bytes it occupies (IA-64: a whole 16-byte bundle) */
	char mnemonic[32];
	char operands[160];
	char more[352];		/* lines objdump prints after the first ("\n" between; an IA-64
				 * bundle's second and third slots), or "" */
};

/* One instruction set's decoder: a table entry (disasm.c). */
struct disasm_backend {
	enum cpu_arch arch;	/* the one it serves (disasm_emu: any its open accepts) */
	unsigned min_insn;	/* bytes to step over what is not an instruction (0: ask step) */
	/* Its private state, or NULL with the reason in err. */
	void *(*open)(enum cpu_arch arch, char *err, size_t errlen);
	/* Decodes one instruction from code[0..len), which sits at addr: its size, 0 if the bytes
	 * are not an instruction (or are cut short by len). */
	unsigned (*decode)(void *state, const uint8_t *code, size_t len, uint64_t addr,
			   struct disasm_insn *out);
	void (*close)(void *state);
	unsigned (*step)(void *state);	/* min_insn 0: the step for the opened arch */
};

extern const struct disasm_backend disasm_x86_64, disasm_i386, disasm_i8086, disasm_emu;

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
