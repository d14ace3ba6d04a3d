/* prohist: the x86 decoders on Capstone (disasm_x86.c), one per mode. */
#ifndef PROHIST_DISASM_X86_H
#define PROHIST_DISASM_X86_H

#include "disasm_backend.h"

extern const struct disasm_backend disasm_x86_64, disasm_i386, disasm_i8086;

#endif
