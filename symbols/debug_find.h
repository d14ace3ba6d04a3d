/* Where a separate debug file would be, for the symbolizer's warning when libdwfl found none
 * that matches: a file at one of those places is one whose build-id does not match. */
#ifndef PROFEMU_SYMBOLS_DEBUG_FIND_H
#define PROFEMU_SYMBOLS_DEBUG_FIND_H

#include <stdbool.h>
#include <stddef.h>

/* dirs: debug trees (NULL entries skipped); object: the object's path; debuglink: its
 * .gnu_debuglink name or NULL; id: its build-id or NULL. The first existing regular file among
 * DIR/.build-id/xx/rest.debug, the object's directory/debuglink, its .debug/debuglink and
 * DIR/<object's directory>/debuglink goes to found; false if none exists. */
bool debug_find_candidate(char *const *dirs, size_t ndirs, const char *object, const char *debuglink,
			  const unsigned char *id, size_t idlen, char *found, size_t found_len);

#endif
