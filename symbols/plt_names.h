/* Names for an object's PLT stubs, which no symbol table names: "qsort@plt" for the stub that
 * calls qsort, as objdump and perf name them. x86-64 and i386 (16-byte entries, in .plt after
 * its first entry, or in .plt.sec with IBT), entry i calling .rela.plt/.rel.plt's relocation
 * i; other machines have none here. */
#ifndef PROFEMU_SYMBOLS_PLT_NAMES_H
#define PROFEMU_SYMBOLS_PLT_NAMES_H

#include <gelf.h>
#include <stdbool.h>
#include <stdint.h>

/* Calls add(ctx, link-time address, size, name) for each stub of elf whose relocation names a
 * symbol. false if add did (out of memory). */
bool plt_names(Elf *elf, bool (*add)(void *ctx, uint64_t addr, uint64_t size, const char *name),
	       void *ctx);

#endif
