/* prohist: the profiled program's file; see program.h. */
#include "program.h"

#include "program_dos.h"
#include "program_elf.h"

#include <stdlib.h>
#include <string.h>

int program_open(struct program *p, const char *path, const struct prf_data *prf,
		 char *err, size_t errlen)
{
	memset(p, 0, sizeof(*p));
	objmap_init(&p->map);
	p->path = path;
	/* elf_read_file reads any regular file whole, with the loader's size limit and
	 * messages: DOS programs too. */
	if (elf_read_file(path, &p->data, &p->size, err, errlen) != LOAD_OK)
		return -1;
	int r = prf->dos ? program_open_dos(p, prf, err, errlen)
			 : program_open_elf(p, prf, err, errlen);
	if (r)
		program_close(p);
	return r;
}

void program_close(struct program *p)
{
	symbolizer_free(p->lines);
	objmap_free(&p->map);
	symtab_free(p->syms);
	free(p->pieces);
	free(p->data);
	p->lines = NULL;
	p->syms = NULL;
	p->pieces = NULL;
	p->data = NULL;
}

size_t program_bytes(const struct program *p, uint64_t addr, size_t want, const uint8_t **out)
{
	for (size_t i = 0; i < p->npieces; i++) {
		const struct program_piece *q = &p->pieces[i];
		if (addr < q->addr || addr - q->addr >= q->size)
			continue;
		uint64_t left = q->size - (addr - q->addr);
		*out = p->data + q->offset + (addr - q->addr);
		return left < want ? (size_t)left : want;
	}
	return 0;
}

uint64_t program_piece_start(const struct program *p, uint64_t addr)
{
	for (size_t i = 0; i < p->npieces; i++)
		if (addr >= p->pieces[i].addr && addr - p->pieces[i].addr < p->pieces[i].size)
			return p->pieces[i].addr;
	return addr;
}

uint64_t program_next_piece(const struct program *p, uint64_t addr)
{
	uint64_t next = UINT64_MAX;
	for (size_t i = 0; i < p->npieces; i++)
		if (p->pieces[i].addr > addr && p->pieces[i].addr < next)
			next = p->pieces[i].addr;
	return next;
}
