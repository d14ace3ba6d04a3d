/* prohist: the x86 decoders (x86-64, i386, 16-bit real mode) on Capstone, Intel syntax. */
#include "disasm_x86.h"

#include <capstone/capstone.h>
#include <stdio.h>
#include <stdlib.h>

struct x86_state {
	csh handle;
	cs_insn *insn;		/* one buffer reused for every instruction */
};

static void *x86_open(enum cpu_arch arch, char *err, size_t errlen)
{
	cs_mode mode = arch == CPU_ARCH_X86_64 ? CS_MODE_64 : arch == CPU_ARCH_I386 ? CS_MODE_32
										  : CS_MODE_16;
	struct x86_state *s = calloc(1, sizeof(*s));
	if (!s) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	cs_err e = cs_open(CS_ARCH_X86, mode, &s->handle);
	if (e != CS_ERR_OK) {
		snprintf(err, errlen, "capstone: %s", cs_strerror(e));
		free(s);
		return NULL;
	}
	s->insn = cs_malloc(s->handle);
	if (!s->insn) {
		snprintf(err, errlen, "capstone: out of memory");
		cs_close(&s->handle);
		free(s);
		return NULL;
	}
	return s;
}

static unsigned x86_decode(void *state, const uint8_t *code, size_t len, uint64_t addr,
			   struct disasm_insn *out)
{
	struct x86_state *s = state;
	const uint8_t *p = code;
	size_t left = len;
	uint64_t at = addr;
	if (!cs_disasm_iter(s->handle, &p, &left, &at, s->insn))
		return 0;
	out->size = s->insn->size;
	snprintf(out->mnemonic, sizeof(out->mnemonic), "%s", s->insn->mnemonic);
	snprintf(out->operands, sizeof(out->operands), "%s", s->insn->op_str);
	return out->size;
}

static void x86_close(void *state)
{
	struct x86_state *s = state;
	cs_free(s->insn, 1);
	cs_close(&s->handle);
	free(s);
}

/* The longest x86 instruction is 15 bytes; anything undecodable is stepped over a byte at a
 * time, as objdump does. */
#define X86_BACKEND(a) { .arch = (a), .min_insn = 1, .open = x86_open, .decode = x86_decode, \
			 .close = x86_close }
const struct disasm_backend disasm_x86_64 = X86_BACKEND(CPU_ARCH_X86_64);
const struct disasm_backend disasm_i386 = X86_BACKEND(CPU_ARCH_I386);
const struct disasm_backend disasm_i8086 = X86_BACKEND(CPU_ARCH_I8086);
