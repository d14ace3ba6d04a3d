/* prohist: reading a .PRF file with the checks a viewer needs beyond prf_read's. */
#ifndef PROHIST_PRF_LOAD_H
#define PROHIST_PRF_LOAD_H

#include <stddef.h>

#include "output/prf.h"

/* Reads path into prf (free with prf_free) and checks that the file is exactly as long as its
 * header says and, for the ELF variant, that the architecture is one profemu knows. 0, or -1
 * with a one-line reason in err. */
int prf_load(const char *path, struct prf_data *prf, char *err, size_t errlen);

#endif
