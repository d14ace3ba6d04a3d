/* hppa's import stubs in .text named "NAME@plt" (the layout: plt_names.h). */
#ifndef PROFEMU_SYMBOLS_PLT_NAMES_HPPA_H
#define PROFEMU_SYMBOLS_PLT_NAMES_HPPA_H

#include <gelf.h>
#include <stdbool.h>
#include <stdint.h>

/* plt_names for an object of this machine. */
bool plt_names_hppa(Elf *elf, bool (*add)(void *ctx, uint64_t addr, uint64_t size, const char *name),
		    void *ctx);

#endif
