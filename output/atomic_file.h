/* Profile files are written whole or not at all: a reader (gprof, kcachegrind, a second run
 * comparing outputs) never sees half a file, and a failed write leaves the previous file. */
#ifndef PROFEMU_OUTPUT_ATOMIC_FILE_H
#define PROFEMU_OUTPUT_ATOMIC_FILE_H

#include <stdio.h>

/* emit(f, ctx) writes the contents (0 or -errno). They go to PATH.tmp, which is renamed to
 * PATH once complete and flushed; on any failure PATH.tmp is removed. 0 or -errno. */
int out_atomic_write(const char *path, int (*emit)(FILE *f, const void *ctx), const void *ctx);

#endif
