/* profdiff: reading a callgrind file, profemu's or valgrind's into the per-function table. */
#ifndef PROFDIFF_READ_CALLGRIND_H
#define PROFDIFF_READ_CALLGRIND_H

#include <stddef.h>
#include <stdio.h>

#include "profile.h"

/* Reads the whole stream (unit tests read strings): 0, or -1 with a message in err. */
int profile_read_callgrind(FILE *f, struct profile *p, char *err, size_t errlen);

#endif
