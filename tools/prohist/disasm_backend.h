/* prohist: what a decoder behind disasm.h provides (disasm_x86.c, disasm_emu.c) and the
 * instruction it fills in, which disasm.h's users read too. */
#ifndef PROHIST_DISASM_BACKEND_H
#define PROHIST_DISASM_BACKEND_H

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

/* One instruction set's decoder: an entry of disasm.c's table. */
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

#endif
