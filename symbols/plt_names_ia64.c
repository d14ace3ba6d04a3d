/* IA-64 PLT stub names (see plt_names.h for the layout): each bundle of .plt past the lazy
 * binder's entry is matched by its first slot, the instruction that says which function the
 * entry is for, "addl r15=IMM22,r3" (A5 form), and named through the relocation it points at.
 * Bundles are little-endian (Linux); the first slot is bits 5-45, within the low 8 bytes. */
#include "symbols/plt_names_ia64.h"

#include <stdlib.h>
#include <string.h>

#include "symbols/plt_section.h"

/* R_IA64_IPLTLSB/MSB (elf.h): a function descriptor's two words, filled by ld.so */
enum {
	BUNDLE = 16,
	PLT0_SIZE = 3 * BUNDLE,		/* the lazy binder's entry */
	LAZY_SIZE = BUNDLE,		/* mov r15=INDEX; br .PLT0 */
	CALLED_SIZE = 2 * BUNDLE,	/* addl r15=OFF,gp; ld8 the descriptor; br */
	R15 = 15, GP = 1,
};

struct pltoff_reloc {
	uint64_t slot;		/* the function descriptor's link-time address */
	size_t sym;		/* .dynsym index */
};

struct ia64_plt {
	Elf *elf;
	struct pltoff_reloc *by_index;	/* in .rela.IA_64.pltoff's order: the lazy INDEX */
	struct pltoff_reloc *by_slot;	/* the same sorted by slot */
	size_t n;
	Elf_Data *dynsym;
	size_t dynstr;
};

/* A5 "addl r1=imm22,r3" in the first slot of the bundle at p: its r1, r3 and immediate. */
static bool first_slot_addl(const unsigned char *p, unsigned *r1, unsigned *r3, int64_t *imm)
{
	uint64_t lo = 0;
	for (int i = 0; i < 8; i++)
		lo |= (uint64_t)p[i] << (8 * i);
	uint64_t slot = lo >> 5 & ((UINT64_C(1) << 41) - 1);
	if ((slot >> 37 & 0xf) != 9)
		return false;
	*r1 = (unsigned)(slot >> 6 & 0x7f);
	*r3 = (unsigned)(slot >> 20 & 0x3);
	uint64_t v = (slot >> 36 & 1) << 21 | (slot >> 22 & 0x1f) << 16 | (slot >> 27 & 0x1ff) << 7 |
		     (slot >> 13 & 0x7f);
	*imm = (int64_t)(v ^ (UINT64_C(1) << 21)) - (INT64_C(1) << 21);
	return true;
}

static int slot_cmp(const void *a, const void *b)
{
	const struct pltoff_reloc *x = a, *y = b;
	return x->slot < y->slot ? -1 : x->slot > y->slot;
}

/* .rela.IA_64.pltoff's descriptor relocations, in order and by slot. false if out of memory. */
static bool read_pltoff(struct ia64_plt *c)
{
	GElf_Shdr sh, link;
	Elf_Scn *scn = plt_section_named(c->elf, ".rela.IA_64.pltoff", &sh);
	Elf_Scn *ls = scn ? elf_getscn(c->elf, sh.sh_link) : NULL;
	Elf_Data *d = ls && sh.sh_type == SHT_RELA && sh.sh_entsize ? elf_getdata(scn, NULL) : NULL;
	if (!d || !gelf_getshdr(ls, &link) || link.sh_type != SHT_DYNSYM)
		return true;
	c->dynsym = elf_getdata(ls, NULL);
	c->dynstr = link.sh_link;
	size_t n = sh.sh_size / sh.sh_entsize;
	c->by_index = calloc(n ? n : 1, sizeof(*c->by_index));
	c->by_slot = calloc(n ? n : 1, sizeof(*c->by_slot));
	if (!c->by_index || !c->by_slot)
		return false;
	for (size_t i = 0; i < n; i++) {
		GElf_Rela r;
		if (!gelf_getrela(d, (int)i, &r))
			break;
		uint32_t type = (uint32_t)GELF_R_TYPE(r.r_info);
		/* an entry that is no descriptor keeps its place, named by nothing */
		bool fd = type == R_IA64_IPLTLSB || type == R_IA64_IPLTMSB;
		c->by_index[c->n++] = (struct pltoff_reloc){ r.r_offset, fd ? GELF_R_SYM(r.r_info) : 0 };
	}
	memcpy(c->by_slot, c->by_index, c->n * sizeof(*c->by_slot));
	qsort(c->by_slot, c->n, sizeof(*c->by_slot), slot_cmp);
	return true;
}

static const char *reloc_name(const struct ia64_plt *c, const struct pltoff_reloc *r)
{
	GElf_Sym s;
	if (!r || !r->sym || !c->dynsym || !gelf_getsym(c->dynsym, (int)r->sym, &s))
		return NULL;
	return elf_strptr(c->elf, c->dynstr, s.st_name);
}

static bool name_stubs(struct ia64_plt *c, const GElf_Shdr *sh, const unsigned char *p, size_t len,
		       bool (*add)(void *, uint64_t, uint64_t, const char *), void *ctx)
{
	uint64_t gp = 0;
	bool have_gp = plt_dt_pltgot(c->elf, &gp);	/* gp on IA-64 */
	unsigned r1, r3;
	int64_t imm;
	bool plt0 = len >= PLT0_SIZE && !(first_slot_addl(p, &r1, &r3, &imm) && r1 == R15);
	if (plt0 && !add(ctx, sh->sh_addr, PLT0_SIZE, ".PLT0"))
		return false;
	for (size_t off = plt0 ? PLT0_SIZE : 0; off + BUNDLE <= len; off += BUNDLE) {
		if (!first_slot_addl(p + off, &r1, &r3, &imm) || r1 != R15)
			continue;	/* padding, or the second bundle of a called entry */
		const struct pltoff_reloc *r = NULL;
		uint64_t size = LAZY_SIZE;
		if (r3 == 0 && imm >= 0 && (uint64_t)imm < c->n) {
			r = &c->by_index[imm];
		} else if (r3 == GP && have_gp && off + CALLED_SIZE <= len) {
			struct pltoff_reloc key = { gp + (uint64_t)imm, 0 };
			r = c->n ? bsearch(&key, c->by_slot, c->n, sizeof(key), slot_cmp) : NULL;
			size = CALLED_SIZE;
		}
		if (r && !plt_add_stub(add, ctx, sh->sh_addr + off, size, reloc_name(c, r)))
			return false;
	}
	return true;
}

bool plt_names_ia64(Elf *elf, bool (*add)(void *ctx, uint64_t addr, uint64_t size, const char *name),
		    void *ctx)
{
	GElf_Shdr sh;
	Elf_Scn *scn = plt_section_named(elf, ".plt", &sh);
	Elf_Data *d = scn && sh.sh_type == SHT_PROGBITS ? elf_getdata(scn, NULL) : NULL;
	if (!d || !d->d_buf)
		return true;
	struct ia64_plt c = { .elf = elf };
	bool ok = read_pltoff(&c);
	if (ok && c.n)
		ok = name_stubs(&c, &sh, d->d_buf, d->d_size < sh.sh_size ? d->d_size : sh.sh_size,
				add, ctx);
	free(c.by_index);
	free(c.by_slot);
	return ok;
}
