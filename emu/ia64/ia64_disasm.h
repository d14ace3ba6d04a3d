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

/* objdump's text for slot i of a decoded bundle: ia64_disasm_insn's, except that a bundle
 * with an unassigned slot or a reserved template is printed as raw data, "data8 0x<slot>",
 * on every slot (objdump does not disassemble any of it). An MLX bundle's X instruction is
 * slot 2 here; objdump lists it on the second line. */
size_t ia64_disasm_slot(char *buf, size_t len, const struct ia64_bundle *b, unsigned i,
			uint64_t bundle_addr);

/* The ops table's disasm (emu/cpu.h cpu_disasm). */
int ia64_op_disasm(const uint8_t *code, size_t len, uint64_t addr, char *text, size_t textlen);

#endif
