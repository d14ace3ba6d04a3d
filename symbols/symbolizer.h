/* Names for guest addresses: object, function, source file and line. The one symbolizer every
 * output uses (callgrind, folded stacks, counts, gmon's arcs, fault messages, --explain).
 *
 * It reads the object map (symbols/objmap.h) and opens each object the first time one of its
 * addresses is asked about, through elfutils' libdwfl: the object's own DWARF, else a separate
 * debug file found by build-id or .gnu_debuglink under the sysroot's /usr/lib/debug first, then
 * the host's. Function names come from .symtab (the object's or its debug file's), else
 * .dynsym; an address no symbol covers is named "object+0xoff" (offset from the object's
 * link-time address), and one outside every object "0x<addr>". An object that cannot be read
 * as it was mapped (deleted or replaced since, not ELF, corrupt DWARF, a debug file whose
 * build-id does not match) gets one warning line on stderr and the next best names.
 *
 * Cost: nothing until the first lookup; then each object is opened once, its symbols sorted
 * once; a lookup is two binary searches and, for lines, libdw's. Never called per instruction:
 * writers ask at the end of the run, icount once per call target. */
#ifndef PROFEMU_SYMBOLS_SYMBOLIZER_H
#define PROFEMU_SYMBOLS_SYMBOLIZER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "symbols/objmap.h"

struct symbolizer;

struct sym_loc {
	const char *object;	/* the object's host path; NULL outside every object */
	const char *func;	/* function name, or the fallback name (valid until the next call) */
	bool named;		/* func is a symbol, not a fallback */
	uint64_t func_start;	/* where func starts (addr itself for a fallback) */
	const char *file;	/* source file of addr (absolute when the DWARF says where); NULL */
	unsigned line;		/* its line, 0 if unknown */
	bool has_link;		/* the object was read: link is known */
	uint64_t link;		/* addr in the object's own terms (its link-time address) */
	bool in_plt;		/* addr is in the object's .plt section (plt_section) */
};

/* map: read at each lookup (it may grow meanwhile); sysroot: -L DIR, NULL or "/" for none;
 * addr_mask: the guest's address width (UINT32_MAX for a 32-bit guest); warn: where warnings go
 * (NULL: nowhere). NULL if out of memory. */
struct symbolizer *symbolizer_new(const struct objmap *map, const char *sysroot, uint64_t addr_mask,
				  FILE *warn);
void symbolizer_free(struct symbolizer *s);

/* The guest has stopped (or there is none): no more of it can truncate an object it mapped,
 * so each object's file is checked for that once more, at its next line asked, and not at
 * every lookup (an fstat per address measured 0.47 s of python3's --callgrind). */
void symbolizer_guest_stopped(struct symbolizer *s);

/* Everything known about the guest address addr. Strings but func live as long as s. */
void symbolizer_lookup(struct symbolizer *s, uint64_t addr, struct sym_loc *out);
/* The same without source lines: cheaper when only the function is wanted. */
void symbolizer_function(struct symbolizer *s, uint64_t addr, struct sym_loc *out);

/* A one-line description for messages: "func+0xoff in object at file:line" (the parts known),
 * the fallback name otherwise; s NULL gives "0x<addr>". snprintf's return value. */
int symbolizer_describe(struct symbolizer *s, uint64_t addr, char *buf, size_t len);

/* The last path component of an object's path (NULL gives "???"). */
const char *symbolizer_short_name(const char *object);

#endif
