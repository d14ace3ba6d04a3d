/* PLT stub names from the PLT relocations: see plt_names.h. */
#include "symbols/plt_names.h"

#include <string.h>

enum { PLT_ENTRY = 16 };

static Elf_Scn *section_named(Elf *elf, const char *name, GElf_Shdr *sh)
{
	size_t shstrndx;
	if (elf_getshdrstrndx(elf, &shstrndx) != 0)
		return NULL;
	for (Elf_Scn *scn = elf_nextscn(elf, NULL); scn; scn = elf_nextscn(elf, scn)) {
		const char *n;
		if (gelf_getshdr(scn, sh) && (n = elf_strptr(elf, shstrndx, sh->sh_name)) &&
		    strcmp(n, name) == 0)
			return scn;
	}
	return NULL;
}

bool plt_names(Elf *elf, bool (*add)(void *ctx, uint64_t addr, uint64_t size, const char *name),
	       void *ctx)
{
	GElf_Ehdr eh;
	if (!gelf_getehdr(elf, &eh) || (eh.e_machine != EM_X86_64 && eh.e_machine != EM_386))
		return true;
	GElf_Shdr plt, rel, dynsym;
	uint64_t first;
	if (section_named(elf, ".plt.sec", &plt))
		first = plt.sh_addr;
	else if (section_named(elf, ".plt", &plt) && plt.sh_type == SHT_PROGBITS)
		first = plt.sh_addr + PLT_ENTRY;	/* entry 0 calls the resolver */
	else
		return true;
	bool rela = eh.e_machine == EM_X86_64;
	Elf_Scn *rel_scn = section_named(elf, rela ? ".rela.plt" : ".rel.plt", &rel);
	Elf_Scn *sym_scn = rel_scn ? elf_getscn(elf, rel.sh_link) : NULL;
	Elf_Data *rd = rel_scn ? elf_getdata(rel_scn, NULL) : NULL;
	Elf_Data *sd = sym_scn ? elf_getdata(sym_scn, NULL) : NULL;
	if (!rd || !sd || !gelf_getshdr(sym_scn, &dynsym) || !rel.sh_entsize)
		return true;
	size_t n = rel.sh_size / rel.sh_entsize;
	for (size_t i = 0; i < n; i++) {
		uint64_t info;
		if (rela) {
			GElf_Rela r;
			if (!gelf_getrela(rd, (int)i, &r))
				continue;
			info = r.r_info;
		} else {
			GElf_Rel r;
			if (!gelf_getrel(rd, (int)i, &r))
				continue;
			info = r.r_info;
		}
		size_t symi = GELF_R_SYM(info);	/* gelf widens a 32-bit r_info */
		GElf_Sym sym;
		const char *name;
		uint64_t at = first + i * PLT_ENTRY;
		if (symi == 0 || at + PLT_ENTRY > plt.sh_addr + plt.sh_size ||
		    !gelf_getsym(sd, (int)symi, &sym) ||
		    !(name = elf_strptr(elf, dynsym.sh_link, sym.st_name)) || !*name)
			continue;
		if (!add(ctx, at, PLT_ENTRY, name))
			return false;
	}
	return true;
}
