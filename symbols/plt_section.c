/* The helpers every machine's PLT namer shares: see plt_section.h. */
#include "symbols/plt_section.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

Elf_Scn *plt_section_named(Elf *elf, const char *name, GElf_Shdr *sh)
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

bool plt_dt_pltgot(Elf *elf, uint64_t *out)
{
	for (Elf_Scn *scn = elf_nextscn(elf, NULL); scn; scn = elf_nextscn(elf, scn)) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_DYNAMIC || !sh.sh_entsize)
			continue;
		Elf_Data *d = elf_getdata(scn, NULL);
		for (size_t i = 0; d && i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Dyn dyn;
			if (gelf_getdyn(d, (int)i, &dyn) && dyn.d_tag == DT_PLTGOT) {
				*out = dyn.d_un.d_ptr;
				return true;
			}
		}
	}
	return false;
}

bool plt_add_stub(bool (*add)(void *, uint64_t, uint64_t, const char *), void *ctx, uint64_t at,
		  uint64_t size, const char *name)
{
	if (!name || !*name || *name == '@')
		return true;
	char buf[256];
	const char *at_sign = strchr(name, '@');
	snprintf(buf, sizeof(buf), "%.*s@plt", (int)(at_sign ? at_sign - name : (ptrdiff_t)strlen(name)),
		 name);
	return add(ctx, at, size, buf);
}
