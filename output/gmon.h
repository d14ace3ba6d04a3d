/* GNU gmon.out (gprof's input) from the whole-program profile.
 *
 *   header     "gmon", u32 version 1, 12 zero bytes
 *   tag 0      histogram: low_pc, high_pc (address width), u32 bins, u32 prof_rate,
 *              dimension "seconds" (15 bytes, NUL-padded), abbreviation 's'; u16 per bin
 *   tag 1      arc: from_pc, self_pc (address width), u32 count
 *
 * Every field is in the guest's byte order and address width (wprof_config), never the host's.
 * Counts too wide for their field travel in several records, which gprof adds up: a bin above
 * 65535 ticks in repeated histogram records over the same range (each record carries at most
 * 65535 of every bin's remainder), an arc above 2^32-1 calls in several arc records. Arcs are
 * written sorted by (from_pc, self_pc): the file is a function of the profile alone. */
#ifndef PROFEMU_OUTPUT_GMON_H
#define PROFEMU_OUTPUT_GMON_H

#include <stdint.h>
#include <stdio.h>

#include "output/wprof.h"

/* Atomically (output/atomic_file.h). prof_rate_hz: ticks per second, so that gprof's seconds are
 * ticks / rate. 0 or -errno (-EINVAL for a zero rate). */
int gmon_write(const char *path, const struct wprof *w, uint32_t prof_rate_hz);

/* The same bytes to an open stream. */
int gmon_write_stream(FILE *f, const struct wprof *w, uint32_t prof_rate_hz);

#endif
