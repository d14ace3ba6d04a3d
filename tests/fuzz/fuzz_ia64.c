/* libFuzzer harness for the IA-64 decoder and disassembler: the input is a run of 16-byte
 * bundles (the first 8 bytes give the bundle address), every one is decoded and every slot
 * disassembled, into a full buffer and into short ones (truncation must stay in bounds).
 * Checks what any input must satisfy: the text is NUL-terminated within the buffer, the
 * decoded fields are in range, a reserved template makes every slot illegal, and an illegal
 * slot prints "(bad)". */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "emu/ia64/ia64_decode.h"
#include "emu/ia64/ia64_disasm.h"

static void check(int ok)
{
	if (!ok)
		abort();
}

static void one_bundle(const uint8_t b[16], uint64_t addr)
{
	struct ia64_bundle bundle;
	ia64_decode_bundle(&bundle, b);
	const struct ia64_template *t = ia64_template_of(ia64_bundle_template(b));
	for (unsigned i = 0; i < 3; i++) {
		const struct ia64_insn *in = &bundle.slot[i];
		check(in->op < IA64_OP_COUNT);
		check(in->qp < 64 && in->r1 < 128 && in->r2 < 128 && in->r3 < 128);
		check(in->p1 < 64 && in->p2 < 64);
		check(!t->reserved || in->op == IA64_OP_ILLEGAL);
		char full[160];
		size_t n = ia64_disasm_insn(full, sizeof full, in, addr, bundle.stops >> i & 1);
		check(n < sizeof full && full[n] == 0 && strlen(full) == n);
		if (in->op == IA64_OP_ILLEGAL && in->unit != IA64_UNIT_L)
			check(strncmp(full, "(bad)", 5) == 0);
		for (size_t len = 0; len < 12; len += 5) {
			char small[16];
			memset(small, 'x', sizeof small);
			size_t m = ia64_disasm_insn(small, len, in, addr, bundle.stops >> i & 1);
			if (len) {
				check(m < len && small[m] == 0);
				check(strncmp(small, full, m) == 0);
			}
			check(small[len] == 'x' || len == 0);
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 8 + 16)
		return 0;
	uint64_t addr;
	memcpy(&addr, data, 8);
	addr &= ~(uint64_t)15;
	for (size_t off = 8; off + 16 <= size; off += 16, addr += 16)
		one_bundle(data + off, addr);
	return 0;
}
