/* prohist: the table of decoders behind disasm.h. */
#include "disasm.h"

#include <stdio.h>
#include <stdlib.h>

/* Add the IA-64 decoder here when it exists. */
static const struct disasm_backend *const backends[] = {
	&disasm_x86_64,
	&disasm_i386,
	&disasm_i8086,
	&disasm_hppa,
};

struct disasm {
	const struct disasm_backend *be;
	void *state;
};

struct disasm *disasm_open(enum cpu_arch arch, char *err, size_t errlen)
{
	const struct disasm_backend *be = NULL;
	for (size_t i = 0; i < sizeof(backends) / sizeof(backends[0]); i++)
		if (backends[i]->arch == arch)
			be = backends[i];
	if (!be) {
		snprintf(err, errlen, "no %s disassembler yet", cpu_arch_name(arch));
		return NULL;
	}
	struct disasm *d = malloc(sizeof(*d));
	if (!d) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	d->be = be;
	d->state = be->open(arch, err, errlen);
	if (!d->state) {
		free(d);
		return NULL;
	}
	return d;
}

unsigned disasm_one(struct disasm *d, const uint8_t *code, size_t len, uint64_t addr,
		    struct disasm_insn *out)
{
	unsigned n = d->be->decode(d->state, code, len, addr, out);
	if (n)
		return n;
	*out = (struct disasm_insn){ .size = d->be->min_insn, .mnemonic = "(bad)" };
	return out->size;
}

void disasm_close(struct disasm *d)
{
	if (!d)
		return;
	d->be->close(d->state);
	free(d);
}
