/* prohist: opening a DOS .COM or MZ .EXE (the seed's .PRF layout): its load image at the
 * linear address DOS loaded it at.
 * program_open (program.c) calls it after reading the whole file into p->data. */
#ifndef PROHIST_PROGRAM_DOS_H
#define PROHIST_PROGRAM_DOS_H

#include <stddef.h>

#include "output/prf.h"
#include "program_types.h"

/* Fills p's pieces (and symbols) from p->data, checking that the file is of this kind and
 * architecture. 0, or -1 with a one-line reason in err; program_open frees what it filled. */
int program_open_dos(struct program *p, const struct prf_data *prf, char *err, size_t errlen);

#endif
