/* IA-64 disassembly in the syntax of GNU objdump (`ia64-linux-gnu-objdump -d`), one slot at
 * a time, so that listings, prohist --annotate and the decoder test speak the same text. */
#ifndef PROFEMU_IA64_DISASM_H
#define PROFEMU_IA64_DISASM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ia64_decode.h"

/* "MII", "MLX", ... for a template code; "???" for a reserved one. */
const char *ia64_template_name(unsigned code);

/* Writes the text objdump prints for one slot after the template column: the qualifying
 * predicate as "(p06) " when not p0, the mnemonic and operands, and ";;" when `stop`. Branch
 * targets are absolute ("4000000000000490"), computed from `bundle_addr`; objdump's
 * " <symbol+off>" is not produced. The L slot of MLX gives "". Illegal encodings give
 * "(bad)" unless the form is known but not decoded. Returns the length, truncated to len-1. */
size_t ia64_disasm_insn(char *buf, size_t len, const struct ia64_insn *in, uint64_t bundle_addr,
			bool stop);

#endif
