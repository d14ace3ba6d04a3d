/* Folded stacks (flamegraph.pl, speedscope, inferno) from the whole-program profile's call tree:
 * one line per distinct stack, `f;g;h COUNT`, root first.
 *
 * A stack is the chain of call targets on the shadow stack (the call tree's path from its
 * root), named by the caller's symbol lookup (unknown: 0x<addr>), then, if it differs from the
 * top frame's function, the function containing the tick's pc: the leaf shows where the time
 * went when it is not the function last called (a PLT stub's jump into the library, a tail
 * call, ticks before the first call). So a stack begins with the first function called; ticks
 * taken before any call (in _start) form a one-frame stack of their own.
 *
 * Lines are sorted (bytewise) and identical stacks merged, so the file is a function of the
 * profile and the symbols alone. ';' in a name would split a frame: it is written as ':'.
 * Needs wprof_config.track_stacks. */
#ifndef PROFEMU_OUTPUT_FOLDED_H
#define PROFEMU_OUTPUT_FOLDED_H

#include <stdio.h>

#include "output/symname.h"
#include "output/wprof.h"

/* Atomically (output/atomic_file.h). 0 or -errno: -EINVAL without track_stacks. */
int folded_write(const char *path, const struct wprof *w, const struct out_symbols *syms);

/* The same text to an open stream. */
int folded_write_stream(FILE *f, const struct wprof *w, const struct out_symbols *syms);

#endif
