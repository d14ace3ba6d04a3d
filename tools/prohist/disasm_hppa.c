/* prohist: PA-RISC through emu/hppa's own disassembler (the text hppa-linux-gnu-objdump -d
 * prints, which tests/unit/test_hppa_disasm.c holds it to), behind disasm.h. */
#include "disasm.h"

#include <string.h>

#include "emu/byteorder.h"
#include "emu/hppa/hppa_disasm.h"

static void *hppa_open(enum cpu_arch arch, char *err, size_t errlen)
{
	(void)arch;
	(void)err;
	(void)errlen;
	static int stateless;
	return &stateless;
}

static unsigned hppa_decode(void *state, const uint8_t *code, size_t len, uint64_t addr,
			    struct disasm_insn *out)
{
	(void)state;
	if (len < 4)
		return 0;
	char text[sizeof(out->mnemonic) + sizeof(out->operands)];
	hppa_disasm(bo_get32(code, true), (uint32_t)addr, text, sizeof(text));
	if (text[0] == '#')	/* a word objdump cannot decode either */
		return 0;
	/* "mnemonic,completers operands": split at the first space */
	size_t m = strcspn(text, " \t");
	if (m >= sizeof(out->mnemonic))
		m = sizeof(out->mnemonic) - 1;
	*out = (struct disasm_insn){ .size = 4 };
	memcpy(out->mnemonic, text, m);
	const char *ops = text + m;
	ops += strspn(ops, " \t");
	strncpy(out->operands, ops, sizeof(out->operands) - 1);
	return 4;
}

static void hppa_close(void *state)
{
	(void)state;
}

const struct disasm_backend disasm_hppa = {
	.arch = CPU_ARCH_HPPA,
	.min_insn = 4,
	.open = hppa_open,
	.decode = hppa_decode,
	.close = hppa_close,
};
