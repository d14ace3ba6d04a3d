/* prohist: the profiled program's file, for symbol names and for the bytes to disassemble.
 *
 * An ELF program goes with the .PRF's ELF variant, a DOS .COM or MZ .EXE with the seed's
 * layout. Either way the file becomes a list of pieces of code placed at the addresses the
 * .PRF counts in (ELF: its executable sections, as the program ran, so with a
 * position-independent program's bias; DOS: the load image at its linear address), and the
 * rest of prohist never asks which kind it was. */
#ifndef PROHIST_PROGRAM_H
#define PROHIST_PROGRAM_H

#include <stddef.h>
#include <stdint.h>

#include "output/prf.h"
#include "program_types.h"

/* Opens path as the program that prf profiles, checking that it is of the right kind and
 * architecture. 0, or -1 with a one-line reason in err (the caller prefixes the path). */
int program_open(struct program *p, const char *path, const struct prf_data *prf,
		 char *err, size_t errlen);
void program_close(struct program *p);

/* The file's bytes at [addr, addr + want): *out points at them; returns how many follow
 * contiguously (fewer than want at a piece's end), 0 when addr is not in the file. */
size_t program_bytes(const struct program *p, uint64_t addr, size_t want, const uint8_t **out);

/* The start of the piece holding addr (addr itself if none holds it). */
uint64_t program_piece_start(const struct program *p, uint64_t addr);

/* The lowest piece address above addr, UINT64_MAX if none: where the bytes resume after a
 * gap (the padding between two sections). */
uint64_t program_next_piece(const struct program *p, uint64_t addr);

#endif
