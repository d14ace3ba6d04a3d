/* prohist: a DOS program's file (see program.h, program_types.h): where its load image sat in memory.
 *
 * The .PRF gives the sample area in paragraphs; prohist takes its lower bound, prog_low_pa,
 * to be the program's PSP, where DOS builds the program segment prefix (0x100 bytes) and
 * loads the image right after it. A .COM file is the image itself, so its byte 0 is at
 * PSP:0100; an MZ .EXE's image is the file after its header, and is loaded at paragraph
 * PSP + 0x10, the same linear address. */
#include "program_dos.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu/byteorder.h"

#define PSP_BYTES 0x100
#define MZ_HEADER_MIN 0x1c	/* the fixed part of the MZ header */

/* The load image of an MZ file: [*off, *off + *len). -1 if the header contradicts itself. */
static int mz_image(const uint8_t *d, size_t size, uint64_t *off, uint64_t *len)
{
	uint64_t last_page = bo_get16(d + 2, BO_LITTLE);	/* bytes used in the last 512-byte page */
	uint64_t pages = bo_get16(d + 4, BO_LITTLE);	/* 512-byte pages, the last maybe partial */
	uint64_t header = bo_get16(d + 8, BO_LITTLE) * 16ull;	/* header size in paragraphs */
	uint64_t end = pages * 512;
	if (last_page && pages)
		end -= 512 - (last_page & 511);
	if (end > size)
		end = size;	/* a truncated file shows what it has */
	if (header > end)
		return -1;
	*off = header;
	*len = end - header;
	return 0;
}

int program_open_dos(struct program *p, const struct prf_data *prf, char *err, size_t errlen)
{
	if (p->size >= 4 && memcmp(p->data, "\177ELF", 4) == 0) {
		snprintf(err, errlen, "ELF program, but the profile is for DOS");
		return -1;
	}
	p->arch = CPU_ARCH_I8086;
	uint64_t off = 0, len = p->size;
	bool mz = p->size >= 2 && (memcmp(p->data, "MZ", 2) == 0 || memcmp(p->data, "ZM", 2) == 0);
	if (mz && (p->size < MZ_HEADER_MIN || mz_image(p->data, p->size, &off, &len) != 0)) {
		snprintf(err, errlen, "corrupt MZ header");
		return -1;
	}
	p->pieces = malloc(sizeof(*p->pieces));
	if (!p->pieces) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	p->pieces[0] = (struct program_piece){
		.addr = prf->prog_low * 16 + PSP_BYTES, .offset = off, .size = len,
	};
	p->npieces = 1;
	return 0;
}
