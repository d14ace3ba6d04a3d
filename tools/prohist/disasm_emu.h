/* prohist: the decoder of every architecture whose CPU back end disassembles (disasm_emu.c). */
#ifndef PROHIST_DISASM_EMU_H
#define PROHIST_DISASM_EMU_H

#include "disasm_backend.h"

extern const struct disasm_backend disasm_emu;

#endif
