/* The --counts file: exact instruction counts per function (output/icount.h), as JSON.
 *
 *   {
 *     "format": "profemu-counts 1",
 *     "program": "cpubench-static",      the program's file name, without its directory
 *     "arch": "x86_64",
 *     "total": 123456,                    every retired instruction
 *     "functions": [
 *       {"name": "main", "object": "prog", "file": "/src/prog.c", "line": 12,
 *        "address": "0x401136", "offset": "0x401136", "self": 1200, "inclusive": 120000,
 *        "calls": 1},
 *       ...
 *     ]
 *   }
 *
 * Functions are named by the symbol containing their address ("0x<addr>" without one);
 * "address" is the function's entry in the guest (where it ran), "offset" the same in its
 * object's own terms, its link-time address (what nm, objdump and addr2line -e OBJECT take: a
 * shared library's offset from its load address), given when the object was read; without
 * a symbolizer "address" is the profile's (the program's link-time) address. Records of one
 * name are merged (their counts added). The list is sorted by inclusive count, largest first,
 * then by name: the file depends on nothing but the program's run, so it is the same on any
 * host. */
#ifndef PROFEMU_OUTPUT_COUNTS_H
#define PROFEMU_OUTPUT_COUNTS_H

#include <stdio.h>

#include "output/icount.h"
#include "output/symname.h"

struct counts_info {
	const char *program;		/* a path: only its last component is written */
	const char *arch;
};

/* Through output/atomic_file.h. 0 or -errno. */
int counts_write(const char *path, const struct icount *c, const struct out_symbols *syms,
		 const struct counts_info *info);
int counts_write_stream(FILE *f, const struct icount *c, const struct out_symbols *syms,
			const struct counts_info *info);

#endif
