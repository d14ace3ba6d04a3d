/* What an output format of the registry (output/formats.h) is: its option, its --help line,
 * what it needs collected while the program runs, and its writer, called once at the end with
 * everything the run collected. */
#ifndef PROFEMU_OUTPUT_FORMAT_H
#define PROFEMU_OUTPUT_FORMAT_H

#include <stdbool.h>
#include <stdint.h>

#include "output/icount.h"
#include "output/symname.h"
#include "output/wprof.h"

/* What a format needs collected while the program runs. Any need makes the CPU report calls;
 * returns only for the needs that keep a shadow stack (all but a bare call graph). */
enum out_needs {
	OUT_NEEDS_CALL_GRAPH = 1 << 0,	/* wprof: the tick histogram and the call arcs */
	OUT_NEEDS_STACKS = 1 << 1,	/* wprof's call tree too (wprof_config.track_stacks) */
	OUT_NEEDS_INSN_COUNTS = 1 << 2,	/* the back end's exact count per instruction (Ir) */
	OUT_NEEDS_FUNCTION_COUNTS = 1 << 3,	/* icount: exact counts per function */
	OUT_NEEDS_INCLUSIVE = 1 << 4,	/* wprof's shadow stack: arcs' inclusive ticks and Ir */
};

/* What a run hands each writer at its end; addresses are link-time. */
struct out_run {
	const struct wprof *wp;		/* finished; set if the format needs the call graph */
	const struct icount *ic;	/* finished; set if it needs function counts */
	const struct out_symbols *names;
	const char *object;		/* the program's file, its real path */
	const char *command;		/* the program as the user named it */
	const char *arch;		/* cpu_arch_name() */
	uint32_t hz;			/* clock ticks per second of guest time */
	bool skip_plt;			/* --skip-plt=yes: PLT stubs' cost is their callers' */
};

struct out_format {
	const char *name;		/* the option: --NAME=FILE */
	const char *help;		/* its one --help line, after the option */
	unsigned needs;			/* enum out_needs */
	/* Writes the file (atomically: output/atomic_file.h). 0 or -errno. */
	int (*write)(const char *path, const struct out_run *run);
};

#endif
