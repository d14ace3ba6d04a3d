/* The callgrind profile format (kcachegrind, callgrind_annotate) from the whole-program profile:
 *
 *   # callgrind format / version: 1 / creator: profemu / [cmd: ...] / positions: instr /
 *   events: Ticks
 *   ob=<object>  fl=???
 *   fn=<function>                 then, in address order within the function:
 *   0x<pc> <ticks>                self cost at one exact pc
 *   cfn=<callee>                  a call arc made from this function:
 *   calls=<count> 0x<target>
 *   0x<site> <inclusive ticks>    the call site, and the ticks spent under the arc
 *   totals: <ticks>
 *
 * Functions come from the caller's symbol lookup (output/symname.h; unknown code is named
 * 0x<addr>), ordered by start address then name, so the file is a function of the profile and
 * the symbols alone. Addresses are the ones the guest ran at (link-time for a program loaded
 * without bias). Every address belongs to the one object named; no per-line file is known
 * (fl=???). Inclusive costs need the shadow stack, which wprof always keeps (see wprof.h for
 * what happens past WPROF_MAX_DEPTH). */
#ifndef PROFEMU_OUTPUT_CALLGRIND_H
#define PROFEMU_OUTPUT_CALLGRIND_H

#include <stdbool.h>
#include <stdio.h>

#include "output/symname.h"
#include "output/wprof.h"

struct callgrind_info {
	const char *object;		/* ob=: the program's path; "???" if NULL */
	const char *cmd;		/* cmd: the command line; no cmd: line if NULL */
	/* callgrind's --skip-plt=yes, its default: a PLT stub's instructions are its caller's
	 * self cost at the call site, and the call goes to the function the stub reaches
	 * (output/callgrind_plt.c says how exactly) */
	bool skip_plt;
};

/* Atomically (output/atomic_file.h). 0 or -errno. */
int callgrind_write(const char *path, const struct wprof *w, const struct out_symbols *syms,
		    const struct callgrind_info *info);

/* The same text to an open stream. */
int callgrind_write_stream(FILE *f, const struct wprof *w, const struct out_symbols *syms,
			   const struct callgrind_info *info);

#endif
