/* profdiff: reading a profile file of either format into the per-function table (profile.h). */
#ifndef PROFDIFF_PROFILE_READ_H
#define PROFDIFF_PROFILE_READ_H

#include <stddef.h>

#include "profile.h"

/* Reads path: a counts file if its first non-blank byte is '{', else a callgrind file. 0, or -1
 * with a message (naming the file and, where it helps, the line) in err. */
int profile_read(const char *path, struct profile *p, char *err, size_t errlen);

#endif
