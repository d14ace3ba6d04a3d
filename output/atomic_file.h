/* Output files are written whole or not at all, and never destroy what their name points at.
 *
 * What a name is decides how it is written (stat(2) follows symbolic links):
 *   nothing, or a regular file   a temporary file beside it, renamed over it once complete and
 *                                flushed: a reader (gprof, kcachegrind, a second run comparing
 *                                outputs) never sees half a file, and a failed write leaves the
 *                                previous file. A replaced file keeps its permission bits.
 *   a symbolic link              the same for the file it leads to (a dangling link: the name it
 *                                holds is created); the link itself stays.
 *   a character or block device,  written in place, as a shell's `>` would: /dev/null,
 *   a FIFO                       /dev/stdout or a pipe a reader waits on are never replaced;
 *                                a FIFO with no reader fails at once (-ENXIO), never blocks.
 *   a socket                     connected to (AF_UNIX stream) and written to.
 *   a directory                  -EISDIR; nothing is written.
 * The temporary file is made by mkstemp, so no other file is ever overwritten by it. */
#ifndef PROFEMU_OUTPUT_ATOMIC_FILE_H
#define PROFEMU_OUTPUT_ATOMIC_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* emit(f, ctx) writes the contents (0 or -errno). 0 or -errno. */
int out_atomic_write(const char *path, int (*emit)(FILE *f, const void *ctx), const void *ctx);

/* True when path names something written in place (not a regular file, not a directory, not
 * nothing): a forked child then writes the same name rather than PATH.PID beside it. */
bool out_written_in_place(const char *path);

/* Checked before a run, so that a long run does not end in an output it cannot write: 0, or
 * -ENOENT for an empty name or a missing directory, -ENOTDIR, -EACCES for a directory that
 * takes no new file, -EISDIR when path names a directory (through symbolic links). */
int out_check_name(const char *path);

/* True when a and b name one file that is replaced (the same regular file, or the same new
 * directory entry); never for what is written in place (a device, a FIFO, a socket). */
bool out_same_file(const char *a, const char *b);

/* The message for an out_atomic_write error (ENXIO: a FIFO nobody reads). */
const char *out_error_text(int err);

#endif
