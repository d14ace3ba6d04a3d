/* What every machine's PLT namer (plt_names.c, plt_names_ia64.c, plt_names_hppa.c) asks of an
 * object: a section by name, the dynamic section's DT_PLTGOT, and the "NAME@plt" a stub is
 * given. plt_names.h says how each machine's stubs are found. */
#ifndef PROFEMU_SYMBOLS_PLT_SECTION_H
#define PROFEMU_SYMBOLS_PLT_SECTION_H

#include <gelf.h>
#include <stdbool.h>
#include <stdint.h>

/* The section of that name (NULL if none), its header in *sh. */
Elf_Scn *plt_section_named(Elf *elf, const char *name, GElf_Shdr *sh);
/* The dynamic section's DT_PLTGOT (IA-64's and hppa's global pointer); false if none. */
bool plt_dt_pltgot(Elf *elf, uint64_t *out);
/* add's call for a stub that reaches the symbol name ("qsort@GLIBC_2.2" gives "qsort@plt";
 * nothing for a NULL or empty name); add's result. */
bool plt_add_stub(bool (*add)(void *ctx, uint64_t addr, uint64_t size, const char *name), void *ctx,
		  uint64_t at, uint64_t size, const char *name);

#endif
