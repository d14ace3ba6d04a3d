/* prohist: an ELF program's file (see program.h, program_types.h): its loadable segments at the addresses the
 * profile counted in, and its symbols. */
#include "program_elf.h"

#include "symbols/objmap_elf.h"

#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>

/* Where the program ran. An ET_EXEC program runs at its link-time addresses. An ET_DYN one
 * (PIE, static-pie) was moved as a whole, and the .PRF's prog_low is where its lowest
 * executable segment landed (profemu records the text it loaded), so the bias is the
 * difference: no need to repeat the loader's placement rules here. */
static uint64_t run_bias(Elf *elf, const GElf_Ehdr *eh, size_t phnum, const struct prf_data *prf)
{
	if (eh->e_type != ET_DYN)
		return 0;
	uint64_t text = UINT64_MAX;
	for (size_t i = 0; i < phnum; i++) {
		GElf_Phdr ph;
		if (gelf_getphdr(elf, (int)i, &ph) && ph.p_type == PT_LOAD && (ph.p_flags & PF_X) &&
		    ph.p_vaddr < text)
			text = ph.p_vaddr;
	}
	return text == UINT64_MAX ? 0 : prf->prog_low - text;
}

static void add_piece(struct program *p, uint64_t vaddr, uint64_t offset, uint64_t size,
		      uint64_t mask)
{
	if (!size || offset >= p->size)
		return;
	if (size > p->size - offset)
		size = p->size - offset;	/* a truncated file shows what it has */
	p->pieces[p->npieces++] = (struct program_piece){
		.addr = (vaddr + p->bias) & mask, .offset = offset, .size = size,
	};
}

/* The code: the executable sections, as objdump -d sees a program, so that the padding
 * between two sections is not decoded as if it ran into the next one. A file without section
 * headers falls back to its executable PT_LOAD segments. */
static int read_pieces(struct program *p, Elf *elf, size_t phnum, uint64_t mask)
{
	size_t shnum;
	if (elf_getshdrnum(elf, &shnum) != 0)
		shnum = 0;
	size_t most = shnum > phnum ? shnum : phnum;
	p->pieces = calloc(most ? most : 1, sizeof(*p->pieces));
	if (!p->pieces)
		return -1;
	for (Elf_Scn *scn = elf_nextscn(elf, NULL); scn; scn = elf_nextscn(elf, scn)) {
		GElf_Shdr sh;
		if (gelf_getshdr(scn, &sh) && sh.sh_type != SHT_NOBITS &&
		    (sh.sh_flags & (SHF_ALLOC | SHF_EXECINSTR)) == (SHF_ALLOC | SHF_EXECINSTR))
			add_piece(p, sh.sh_addr, sh.sh_offset, sh.sh_size, mask);
	}
	bool from_sections = p->npieces > 0;
	for (size_t i = 0; i < phnum && !from_sections; i++) {
		GElf_Phdr ph;
		if (gelf_getphdr(elf, (int)i, &ph) && ph.p_type == PT_LOAD && (ph.p_flags & PF_X))
			add_piece(p, ph.p_vaddr, ph.p_offset, ph.p_filesz, mask);
	}
	return 0;
}

int program_open_elf(struct program *p, const struct prf_data *prf, char *err, size_t errlen)
{
	struct elf_probe probe;
	if (elf_probe_buffer(p->data, p->size, &probe, err, errlen) != LOAD_OK)
		return -1;
	if (probe.arch != prf->arch) {
		snprintf(err, errlen, "%s program, but the profile is for %s",
			 cpu_arch_name(probe.arch), cpu_arch_name((enum cpu_arch)prf->arch));
		return -1;
	}
	p->arch = probe.arch;
	uint64_t mask = probe.word_size == 4 ? UINT32_MAX : UINT64_MAX;

	elf_version(EV_CURRENT);
	Elf *elf = elf_memory((char *)p->data, p->size);
	GElf_Ehdr eh;
	size_t phnum;
	int r = -1;
	if (!elf || !gelf_getehdr(elf, &eh) || elf_getphdrnum(elf, &phnum) != 0) {
		snprintf(err, errlen, "corrupt ELF file");
		goto out;
	}
	p->bias = run_bias(elf, &eh, phnum, prf) & mask;
	if (read_pieces(p, elf, phnum, mask) != 0) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	/* No symbols is not an error: the histogram still stands, only without names. */
	p->syms = symtab_load(p->path, p->bias);
	/* Source lines: through the symbolizer every profemu output uses, which finds the DWARF
	 * where users keep it. Without it (out of memory) the annotation has no lines. */
	if (objmap_report_elf(&p->map, p->path, p->bias, mask) == 0) {
		p->lines = symbolizer_new(&p->map, NULL, mask, stderr);
		symbolizer_guest_stopped(p->lines);	/* no guest runs */
	}
	r = 0;
out:
	if (elf)
		elf_end(elf);
	return r;
}
