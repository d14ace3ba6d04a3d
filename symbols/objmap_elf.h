/* Reporting an object the loader mapped itself (the program, its interpreter) to the object map:
 * its executable load segments, read from the file's program headers. */
#ifndef PROFEMU_SYMBOLS_OBJMAP_ELF_H
#define PROFEMU_SYMBOLS_OBJMAP_ELF_H

#include <stdint.h>

#include "symbols/objmap.h"

/* The file at path, loaded with bias (added to its link-time addresses), masked to the guest's
 * address width. It is recorded under its canonical path (realpath), the spelling the guest's
 * own mappings get (the kernel's name of the mapped fd): an interpreter found under "-L
 * tools/bin/../sysroot" is then one object of the same directory as the libraries ld.so maps.
 * 0, or a negative errno (the file cannot be read, is not ELF, out of memory). */
int objmap_report_elf(struct objmap *m, const char *path, uint64_t bias, uint64_t addr_mask);

#endif
