/* prohist: the table of decoders behind disasm.h. */
#include "disasm.h"

#include "disasm_emu.h"
#include "disasm_x86.h"

#include <stdio.h>
#include <stdlib.h>

/* Decoders of prohist's own, by architecture; any other goes to its CPU back end's
 * (disasm_emu), which says itself whether it has one. */
static const struct disasm_backend *const backends[] = {
	&disasm_x86_64,
	&disasm_i386,
	&disasm_i8086,
};

struct disasm {
	const struct disasm_backend *be;
	void *state;
	unsigned step;
};

struct disasm *disasm_open(enum cpu_arch arch, char *err, size_t errlen)
{
	const struct disasm_backend *be = &disasm_emu;
	for (size_t i = 0; i < sizeof(backends) / sizeof(backends[0]); i++)
		if (backends[i]->arch == arch)
			be = backends[i];
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
	d->step = be->min_insn ? be->min_insn : be->step(d->state);
	return d;
}

unsigned disasm_one(struct disasm *d, const uint8_t *code, size_t len, uint64_t addr,
		    struct disasm_insn *out)
{
	out->more[0] = 0;	/* most decoders print one line and leave it alone */
	unsigned n = d->be->decode(d->state, code, len, addr, out);
	if (n)
		return n;
	*out = (struct disasm_insn){ .size = d->step, .mnemonic = "(bad)" };
	return out->size;
}

void disasm_close(struct disasm *d)
{
	if (!d)
		return;
	d->be->close(d->state);
	free(d);
}
