/* profdiff: reading a profemu --counts file (JSON, through jansson) into the per-function table. */
#ifndef PROFDIFF_READ_COUNTS_H
#define PROFDIFF_READ_COUNTS_H

#include <stddef.h>
#include <stdio.h>

#include "profile.h"

/* Reads the whole stream (unit tests read strings): 0, or -1 with a message in err. */
int profile_read_counts(FILE *f, struct profile *p, char *err, size_t errlen);

#endif
