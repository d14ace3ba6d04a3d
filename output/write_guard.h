/* Signals while the outputs are written (write_guard.c). A SIGINT, SIGTERM or SIGHUP that
 * arrives then does not lose them: the first is noted and the writing goes on (a write blocked
 * on a FIFO or socket ends at once, EINTR, so that one output fails rather than wait); a second
 * removes the temporary file being written and ends profemu by that signal. Whatever way the
 * writing ends but SIGKILL, no NAME.XXXXXX temporary is left behind. */
#ifndef PROFEMU_OUTPUT_WRITE_GUARD_H
#define PROFEMU_OUTPUT_WRITE_GUARD_H

#include <stdbool.h>

/* Around the writing of every output. write_guard_end puts the old actions back and returns
 * the signal noted meanwhile (0: none). quiet: the first signal is noted without a message. */
void write_guard_begin(bool quiet);
int write_guard_end(void);

/* The temporary file now being written (NULL: none any more), for a second signal to remove:
 * the caller's buffer, which must stay until it names another or NULL. Named before mkstemp
 * fills it in, so that no moment leaves a created file unnamed here. Outside begin/end,
 * nothing is kept. */
void write_guard_temp(const char *path);

#endif
