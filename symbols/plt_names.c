/* PLT stub names from the GOT slots they jump through: see plt_names.h. */
#include "symbols/plt_names.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "symbols/plt_names_hppa.h"
#include "symbols/plt_names_ia64.h"
#include "symbols/plt_section.h"

/* Relocation types (x86-64's and i386's numbers differ but for the first two). */
enum { R_GLOB_DAT = 6, R_JUMP_SLOT = 7, R_X86_64_IRELATIVE_ = 37, R_386_IRELATIVE_ = 42 };

struct slot_reloc {
	uint64_t slot;		/* r_offset: the GOT slot's link-time address */
	uint64_t addend;	/* IRELATIVE: the resolver (REL: read from the slot) */
	size_t sym;		/* .dynsym index, 0 for none */
	bool irelative;
};

struct plt_ctx {
	Elf *elf;
	bool i386;
	uint64_t got;		/* i386: where %ebx points in PIC stubs (.got.plt) */
	struct slot_reloc *relocs;
	size_t n, cap;
	Elf_Data *dynsym;
	size_t dynstr;
};

/* The 4 bytes at a link-time address of a section holding file data, little-endian (x86). */
static bool read_word32(Elf *elf, uint64_t addr, uint32_t *out)
{
	for (Elf_Scn *scn = elf_nextscn(elf, NULL); scn; scn = elf_nextscn(elf, scn)) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh) || sh.sh_type == SHT_NOBITS || addr < sh.sh_addr ||
		    addr - sh.sh_addr + 4 > sh.sh_size)
			continue;
		Elf_Data *d = elf_getdata(scn, NULL);
		uint64_t off = addr - sh.sh_addr;
		if (!d || !d->d_buf || off + 4 > d->d_size)
			return false;
		const unsigned char *p = (const unsigned char *)d->d_buf + off;
		*out = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
		return true;
	}
	return false;
}

static bool add_reloc(struct plt_ctx *c, uint64_t slot, uint64_t info, uint64_t addend, bool rela)
{
	uint32_t type = (uint32_t)GELF_R_TYPE(info);
	bool irel = type == (c->i386 ? R_386_IRELATIVE_ : R_X86_64_IRELATIVE_);
	if (type != R_GLOB_DAT && type != R_JUMP_SLOT && !irel)
		return true;
	if (irel && !rela) {	/* REL: the addend is the slot's initial content */
		uint32_t w;
		if (!read_word32(c->elf, slot, &w))
			return true;
		addend = w;
	}
	if (c->n == c->cap) {
		size_t ncap = c->cap ? c->cap * 2 : 64;
		struct slot_reloc *p = realloc(c->relocs, ncap * sizeof(*p));
		if (!p)
			return false;
		c->relocs = p;
		c->cap = ncap;
	}
	c->relocs[c->n++] = (struct slot_reloc){ slot, addend, irel ? 0 : GELF_R_SYM(info), irel };
	return true;
}

/* Every dynamic relocation that fills a GOT slot a stub may jump through: .rela.plt/.rel.plt's
 * and .rela.dyn/.rel.dyn's (the GLOB_DAT slots of .plt.got). */
static bool read_relocs(struct plt_ctx *c)
{
	for (Elf_Scn *scn = elf_nextscn(c->elf, NULL); scn; scn = elf_nextscn(c->elf, scn)) {
		GElf_Shdr sh, link;
		if (!gelf_getshdr(scn, &sh) || (sh.sh_type != SHT_RELA && sh.sh_type != SHT_REL) ||
		    !sh.sh_entsize)
			continue;
		Elf_Scn *ls = elf_getscn(c->elf, sh.sh_link);
		if (!ls || !gelf_getshdr(ls, &link) || link.sh_type != SHT_DYNSYM)
			continue;
		Elf_Data *d = elf_getdata(scn, NULL);
		if (!d)
			continue;
		if (!c->dynsym) {
			c->dynsym = elf_getdata(ls, NULL);
			c->dynstr = link.sh_link;
		}
		bool rela = sh.sh_type == SHT_RELA;
		size_t n = sh.sh_size / sh.sh_entsize;
		for (size_t i = 0; i < n; i++) {
			GElf_Rela ra;
			GElf_Rel r;
			bool ok = rela ? gelf_getrela(d, (int)i, &ra) != NULL
				       : gelf_getrel(d, (int)i, &r) != NULL;
			if (ok && !(rela ? add_reloc(c, ra.r_offset, ra.r_info, (uint64_t)ra.r_addend, true)
					 : add_reloc(c, r.r_offset, r.r_info, 0, false)))
				return false;
		}
	}
	return true;
}

static int reloc_cmp(const void *a, const void *b)
{
	const struct slot_reloc *x = a, *y = b;
	return x->slot < y->slot ? -1 : x->slot > y->slot;
}

static const struct slot_reloc *reloc_at(const struct plt_ctx *c, uint64_t slot)
{
	const struct slot_reloc key = { .slot = slot };
	return c->n ? bsearch(&key, c->relocs, c->n, sizeof(*c->relocs), reloc_cmp) : NULL;
}

/* The GOT slot an entry jumps through: [endbr64/endbr32] [bnd] jmp *slot, where the slot is
 * rip-relative (x86-64), absolute (i386 ff 25) or off %ebx, the GOT (i386 PIC, ff a3). false
 * for anything else (entry 0, which pushes and jumps to the resolver). */
static bool entry_slot(const struct plt_ctx *c, const unsigned char *p, size_t n, uint64_t at,
		       uint64_t *slot)
{
	size_t i = 0;
	if (n >= 4 && p[0] == 0xf3 && p[1] == 0x0f && p[2] == 0x1e && (p[3] == 0xfa || p[3] == 0xfb))
		i = 4;
	if (i < n && p[i] == 0xf2)
		i++;
	if (i + 6 > n || p[i] != 0xff)
		return false;
	uint32_t u = (uint32_t)p[i + 2] | (uint32_t)p[i + 3] << 8 | (uint32_t)p[i + 4] << 16 |
		     (uint32_t)p[i + 5] << 24;
	int64_t disp = (int32_t)u;
	if (p[i + 1] == 0x25)
		*slot = c->i386 ? u : at + i + 6 + (uint64_t)disp;
	else if (p[i + 1] == 0xa3 && c->i386)
		*slot = (c->got + (uint64_t)disp) & UINT32_MAX;
	else
		return false;
	return true;
}

/* .plt's entry 0: push GOT+8 (rip-relative, absolute, or 4(%ebx)), then jump to the binder. */
static bool pushes_got(const unsigned char *p, size_t n)
{
	return n >= 6 && p[0] == 0xff && (p[1] == 0x35 || p[1] == 0xb3);
}

/* The name of the IFUNC symbol whose resolver is at addr (the best-bound one: a global name
 * over a weak alias), from .dynsym and .symtab; NULL if none. */
static const char *ifunc_at(Elf *elf, uint64_t addr)
{
	const char *best = NULL;
	int best_bind = -1;
	for (Elf_Scn *scn = elf_nextscn(elf, NULL); scn; scn = elf_nextscn(elf, scn)) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh) || (sh.sh_type != SHT_DYNSYM && sh.sh_type != SHT_SYMTAB) ||
		    !sh.sh_entsize)
			continue;
		Elf_Data *d = elf_getdata(scn, NULL);
		size_t n = sh.sh_size / sh.sh_entsize;
		for (size_t i = 1; d && i < n; i++) {
			GElf_Sym s;
			if (!gelf_getsym(d, (int)i, &s) || GELF_ST_TYPE(s.st_info) != STT_GNU_IFUNC ||
			    s.st_value != addr)
				continue;
			int bind = GELF_ST_BIND(s.st_info) == STB_GLOBAL ? 2 :
				   GELF_ST_BIND(s.st_info) == STB_WEAK ? 1 : 0;
			const char *name = elf_strptr(elf, sh.sh_link, s.st_name);
			if (name && *name && (bind > best_bind ||
					      (bind == best_bind && strcmp(name, best) < 0))) {
				best = name;
				best_bind = bind;
			}
		}
	}
	return best;
}

/* Names one stub: the symbol its slot is relocated against, the IFUNC an IRELATIVE slot's
 * resolver serves, else objdump's "*ABS*+0xresolver"; versions cut ("memcpy", not
 * "memcpy@@GLIBC_2.14"). true if nothing to name. */
static bool name_entry(struct plt_ctx *c, uint64_t at, uint64_t size, const struct slot_reloc *r,
		       bool (*add)(void *, uint64_t, uint64_t, const char *), void *ctx)
{
	const char *name = NULL;
	char abs[40];
	if (r->irelative) {
		name = ifunc_at(c->elf, r->addend);
		if (!name) {
			snprintf(abs, sizeof(abs), "*ABS*+0x%" PRIx64, r->addend);
			name = abs;
		}
	} else if (r->sym && c->dynsym) {
		GElf_Sym s;
		if (gelf_getsym(c->dynsym, (int)r->sym, &s))
			name = elf_strptr(c->elf, c->dynstr, s.st_name);
	}
	return plt_add_stub(add, ctx, at, size, name);
}

static bool name_section(struct plt_ctx *c, const char *secname, uint64_t entry,
			 bool (*add)(void *, uint64_t, uint64_t, const char *), void *ctx)
{
	GElf_Shdr sh;
	Elf_Scn *scn = plt_section_named(c->elf, secname, &sh);
	Elf_Data *d = scn && sh.sh_type == SHT_PROGBITS ? elf_getdata(scn, NULL) : NULL;
	if (!d || !d->d_buf)
		return true;
	if (sh.sh_entsize == 8 || sh.sh_entsize == 16)
		entry = sh.sh_entsize;
	size_t len = d->d_size < sh.sh_size ? d->d_size : sh.sh_size;
	for (size_t off = 0; off + entry <= len; off += entry) {
		uint64_t slot;
		/* .plt's first entry, the lazy binder's common entry, under the psABI's label */
		if (off == 0 && strcmp(secname, ".plt") == 0 &&
		    pushes_got((const unsigned char *)d->d_buf, entry)) {
			if (!add(ctx, sh.sh_addr, entry, ".PLT0"))
				return false;
			continue;
		}
		const struct slot_reloc *r;
		if (entry_slot(c, (const unsigned char *)d->d_buf + off, entry, sh.sh_addr + off, &slot) &&
		    (r = reloc_at(c, slot)) && !name_entry(c, sh.sh_addr + off, entry, r, add, ctx))
			return false;
	}
	return true;
}

bool plt_section(Elf *elf, uint64_t *lo, uint64_t *hi)
{
	GElf_Shdr sh;
	if (!plt_section_named(elf, ".plt", &sh) || sh.sh_type != SHT_PROGBITS || !sh.sh_size)
		return false;
	*lo = sh.sh_addr;
	*hi = sh.sh_addr + sh.sh_size;
	return true;
}

bool plt_names(Elf *elf, bool (*add)(void *ctx, uint64_t addr, uint64_t size, const char *name),
	       void *ctx)
{
	GElf_Ehdr eh;
	if (gelf_getehdr(elf, &eh) && eh.e_machine == EM_IA_64)
		return plt_names_ia64(elf, add, ctx);
	if (gelf_getehdr(elf, &eh) && eh.e_machine == EM_PARISC)
		return plt_names_hppa(elf, add, ctx);
	if (!gelf_getehdr(elf, &eh) || (eh.e_machine != EM_X86_64 && eh.e_machine != EM_386))
		return true;
	struct plt_ctx c = { .elf = elf, .i386 = eh.e_machine == EM_386 };
	GElf_Shdr got;
	if (plt_section_named(elf, ".got.plt", &got) || plt_section_named(elf, ".got", &got))
		c.got = got.sh_addr;
	bool ok = read_relocs(&c);
	if (ok && c.n) {
		qsort(c.relocs, c.n, sizeof(*c.relocs), reloc_cmp);
		ok = name_section(&c, ".plt", 16, add, ctx) && name_section(&c, ".plt.sec", 16, add, ctx) &&
		     name_section(&c, ".plt.got", 8, add, ctx);
	}
	free(c.relocs);
	return ok;
}
