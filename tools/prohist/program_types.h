/* prohist: the profiled program's file as program.c and each kind's opener (program_elf.c,
 * program_dos.c) share it: the file's bytes, its pieces of code at the addresses the .PRF counts
 * in, and its symbols. See program.h for what the rest of prohist asks of it. */
#ifndef PROHIST_PROGRAM_TYPES_H
#define PROHIST_PROGRAM_TYPES_H

#include <stddef.h>
#include <stdint.h>

#include "emu/cpu.h"
#include "loader/loader.h"
#include "symbols/objmap.h"
#include "symbols/symbolizer.h"

struct program_piece {
	uint64_t addr, offset, size;	/* file bytes [offset, offset + size) sit at addr */
};

struct program {
	const char *path;
	enum cpu_arch arch;
	uint8_t *data;			/* the whole file */
	size_t size;
	struct program_piece *pieces;
	size_t npieces;
	uint64_t bias;			/* ELF: added to link-time addresses */
	struct symtab *syms;		/* NULL when there are none (DOS, a stripped ELF) */
	/* ELF: the program as the one symbolizer sees it (symbols/), for --annotate's
	 * symbol+offset and source lines (its DWARF or a debug file found by build-id);
	 * NULL for DOS or when out of memory. */
	struct objmap map;
	struct symbolizer *lines;
};

#endif
