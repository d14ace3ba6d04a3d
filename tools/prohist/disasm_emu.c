/* prohist: every instruction set whose CPU back end has a disassembler of its own (hppa,
 * IA-64: emu/cpu.h's cpu_disasm, the text objdump -d prints), behind disasm.h. Which back end
 * serves an architecture is the back ends' table's business, not prohist's. */
#include "disasm_emu.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct emu_state {
	enum cpu_arch arch;
	unsigned step;		/* bytes to step over what is not an instruction */
};

static void *emu_open(enum cpu_arch arch, char *err, size_t errlen)
{
	/* The instruction unit, learnt from a decodable one (all-zero words decode on every
	 * fixed-size instruction set: hppa's break, IA-64's MII bundle of break and nops). */
	static const uint8_t zeros[16];
	char text[256];
	int n = cpu_disasm(arch, zeros, sizeof(zeros), 0, text, sizeof(text));
	if (n == -ENOSYS) {
		snprintf(err, errlen, "no %s disassembler yet", cpu_arch_name(arch));
		return NULL;
	}
	struct emu_state *s = malloc(sizeof(*s));
	if (!s) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	*s = (struct emu_state){ .arch = arch, .step = n > 0 ? (unsigned)n : 1 };
	return s;
}

static unsigned emu_decode(void *state, const uint8_t *code, size_t len, uint64_t addr,
			   struct disasm_insn *out)
{
	struct emu_state *s = state;
	char text[sizeof(out->mnemonic) + sizeof(out->operands) + sizeof(out->more)];
	int n = cpu_disasm(s->arch, code, len, addr, text, sizeof(text));
	if (n <= 0)
		return 0;
	/* "mnemonic,completers operands": split at the first space; further lines (an IA-64
	 * bundle's other slots) as they are */
	*out = (struct disasm_insn){ .size = (unsigned)n };
	size_t line = strcspn(text, "\n");
	if (text[line])
		snprintf(out->more, sizeof(out->more), "%s", text + line + 1);
	text[line] = 0;
	size_t m = strcspn(text, " \t");
	snprintf(out->mnemonic, sizeof(out->mnemonic), "%.*s", (int)m, text);
	snprintf(out->operands, sizeof(out->operands), "%s", text + m + strspn(text + m, " \t"));
	return out->size;
}

static void emu_close(void *state)
{
	free(state);
}

static unsigned emu_step(void *state)
{
	return ((struct emu_state *)state)->step;
}

const struct disasm_backend disasm_emu = {
	.open = emu_open,
	.decode = emu_decode,
	.close = emu_close,
	.step = emu_step,
};
