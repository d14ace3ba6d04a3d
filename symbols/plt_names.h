/* Names for an object's PLT stubs, which no symbol table names: "qsort@plt" for the stub that
 * calls qsort, as objdump and perf name them. x86-64 and i386: each 16-byte entry of .plt
 * (after the first, which calls the resolver) and .plt.sec (IBT), and each 8- or 16-byte entry
 * of .plt.got, is decoded to the GOT slot it jumps through, and named by the dynamic
 * relocation that fills the slot (JUMP_SLOT, GLOB_DAT): entries and relocations are not in the
 * same order (libc's IRELATIVE ones are last among its relocations, interleaved among its
 * stubs). An IRELATIVE slot's stub is named by the IFUNC whose resolver the relocation calls
 * ("memcpy@plt" in libc), else as objdump names it ("*ABS*+0x9be70@plt").
 *
 * IA-64 (plt_names_ia64.c): .plt is the lazy binder's entry (3 bundles), then one 1-bundle
 * lazy entry per function ("mov r15=INDEX; br .PLT0", INDEX its relocation's in
 * .rela.IA_64.pltoff), then one 2-bundle entry per function, the one calls reach ("addl
 * r15=OFF,gp; ld8 the function descriptor at gp+OFF; br"), gp being DT_PLTGOT and gp+OFF the
 * descriptor's IPLTLSB relocation: both of a function's entries are "qsort@plt", as x86's
 * .plt.sec stub and its lazy .plt entry share a name. objdump names none of them.
 *
 * hppa (plt_names_hppa.c): the linker's import stubs in .text (5 words: the descriptor at
 * DT_PLTGOT + OFF loaded and branched to), named by the R_PARISC_IPLT relocation of .rela.plt
 * at that descriptor. Other machines have none here. */
#ifndef PROFEMU_SYMBOLS_PLT_NAMES_H
#define PROFEMU_SYMBOLS_PLT_NAMES_H

#include <gelf.h>
#include <stdbool.h>
#include <stdint.h>

/* Calls add(ctx, link-time address, size, name) for each stub of elf it can name ("qsort@plt";
 * ".PLT0", the psABI's label, for .plt's first entry, the lazy binder's common entry). false
 * if add did (out of memory) or memory ran out. */
bool plt_names(Elf *elf, bool (*add)(void *ctx, uint64_t addr, uint64_t size, const char *name),
	       void *ctx);

/* The link-time range [*lo, *hi) of elf's .plt section, the lazy-binding stubs valgrind's
 * callgrind --skip-plt skips (not .plt.sec or .plt.got, which it keeps as functions). false if
 * it has none. */
bool plt_section(Elf *elf, uint64_t *lo, uint64_t *hi);

#endif
