/* prohist: disassembling the hottest buckets, behind one small interface so that a decoder per
 * instruction set plugs in without the rest of prohist knowing which one runs. x86 (x86-64,
 * i386, 16-bit real mode) is Capstone, hppa emu/hppa's own decoder; IA-64's will add a table
 * entry in disasm.c. */
#ifndef PROHIST_DISASM_H
#define PROHIST_DISASM_H

#include <stddef.h>
#include <stdint.h>

#include "emu/cpu.h"

struct disasm_insn {
	unsigned size;		/* bytes it occupies (IA-64: a whole 16-byte bundle) */
	char mnemonic[32];
	char operands[160];
};

/* One instruction set's decoder: a table entry (disasm.c). */
struct disasm_backend {
	enum cpu_arch arch;
	unsigned min_insn;	/* bytes to step over what is not an instruction */
	/* Its private state, or NULL with the reason in err. */
	void *(*open)(enum cpu_arch arch, char *err, size_t errlen);
	/* Decodes one instruction from code[0..len), which sits at addr: its size, 0 if the bytes
	 * are not an instruction (or are cut short by len). */
	unsigned (*decode)(void *state, const uint8_t *code, size_t len, uint64_t addr,
			   struct disasm_insn *out);
	void (*close)(void *state);
};

extern const struct disasm_backend disasm_x86_64, disasm_i386, disasm_i8086, disasm_hppa;

struct disasm;

/* A decoder for arch, or NULL with the reason ("no hppa disassembler yet") in err. */
struct disasm *disasm_open(enum cpu_arch arch, char *err, size_t errlen);
/* Decodes the instruction at code[0..len) sitting at addr into out. Returns the bytes to
 * advance: the instruction's size, or for bytes that are no instruction the architecture's
 * smallest step, with out->mnemonic "(bad)". */
unsigned disasm_one(struct disasm *d, const uint8_t *code, size_t len, uint64_t addr,
		    struct disasm_insn *out);
void disasm_close(struct disasm *d);

#endif
