/* hppa import stub names (see plt_names.h): the linker puts one stub per imported function in
 * .text, which no symbol names,
 *	addil L%OFF,base,r1	base: dp (r27) in a program, r19 (the PIC register) in a library
 *	ldo R%OFF(r1),r22	r22: the function's descriptor in .plt, at DT_PLTGOT + OFF
 *	ldw 0(r22),r21		its address
 *	bv r0(r21)
 *	ldw 4(r22),r19		its global pointer, in the delay slot
 * and ld.so fills the descriptor through the R_PARISC_IPLT relocation of .rela.plt at that
 * slot: the stub is named after the relocation's symbol ("qsort@plt"). Words are big-endian;
 * emu/hppa's decoder reads them. */
#include "symbols/plt_names_hppa.h"

#include <stdlib.h>
#include <string.h>

#include "emu/byteorder.h"
#include "emu/hppa/hppa_decode.h"
#include "symbols/plt_section.h"

enum {
	R_PARISC_IPLT_ = 129,	/* elf.h's R_PARISC_IPLT: a function descriptor */
	STUB_WORDS = 5,
	R1 = 1, R19 = 19, R21 = 21, R22 = 22, DP = 27,
	ADDIL_MAJOR = 0x0a,
};
#define BV_R0_R21 UINT32_C(0xeaa0c000)	/* the stub's branch, word 3 */

struct iplt {
	uint64_t slot;
	size_t sym;		/* .dynsym index (0: a local function's descriptor, unnamed) */
};

static int iplt_cmp(const void *a, const void *b)
{
	const struct iplt *x = a, *y = b;
	return x->slot < y->slot ? -1 : x->slot > y->slot;
}

/* The slot of the import stub at p (STUB_WORDS words) relative to gp; false if p is none. */
static bool stub_offset(const unsigned char *p, int64_t *off)
{
	/* a cheap look first: a library's .text is some 10^5 words */
	if (bo_get32(p, BO_BIG) >> 26 != ADDIL_MAJOR || bo_get32(p + 12, BO_BIG) != BV_R0_R21)
		return false;
	struct hppa_insn in[STUB_WORDS];
	for (int i = 0; i < STUB_WORDS; i++)
		hppa_decode(bo_get32(p + 4 * i, BO_BIG), &in[i]);
	if (in[0].op != HOP_ADDIL || (in[0].r2 != DP && in[0].r2 != R19) ||
	    in[1].op != HOP_LDO || in[1].r2 != R1 || in[1].t != R22 ||
	    in[2].op != HOP_LOAD || in[2].sub != 2 || in[2].flags || in[2].r2 != R22 ||
	    in[2].imm != 0 || in[2].t != R21 ||
	    in[3].op != HOP_BV || in[3].r1 != 0 || in[3].r2 != R21 ||
	    in[4].op != HOP_LOAD || in[4].sub != 2 || in[4].flags || in[4].r2 != R22 ||
	    in[4].imm != 4 || in[4].t != R19)
		return false;
	*off = (int64_t)in[0].imm + in[1].imm;
	return true;
}

/* .rela.plt's descriptor relocations, sorted by slot; *n 0 if none. NULL if out of memory. */
static struct iplt *read_iplt(Elf *elf, size_t *n, Elf_Data **dynsym, size_t *dynstr)
{
	GElf_Shdr sh, link;
	Elf_Scn *scn = plt_section_named(elf, ".rela.plt", &sh);
	Elf_Scn *ls = scn ? elf_getscn(elf, sh.sh_link) : NULL;
	Elf_Data *d = ls && sh.sh_type == SHT_RELA && sh.sh_entsize ? elf_getdata(scn, NULL) : NULL;
	size_t count = d && gelf_getshdr(ls, &link) && link.sh_type == SHT_DYNSYM ?
		       sh.sh_size / sh.sh_entsize : 0;
	struct iplt *out = calloc(count ? count : 1, sizeof(*out));
	*n = 0;
	if (!out || !count)
		return out;
	*dynsym = elf_getdata(ls, NULL);
	*dynstr = link.sh_link;
	for (size_t i = 0; i < count; i++) {
		GElf_Rela r;
		if (gelf_getrela(d, (int)i, &r) && GELF_R_TYPE(r.r_info) == R_PARISC_IPLT_ &&
		    GELF_R_SYM(r.r_info))
			out[(*n)++] = (struct iplt){ r.r_offset, GELF_R_SYM(r.r_info) };
	}
	qsort(out, *n, sizeof(*out), iplt_cmp);
	return out;
}

bool plt_names_hppa(Elf *elf, bool (*add)(void *ctx, uint64_t addr, uint64_t size, const char *name),
		    void *ctx)
{
	uint64_t gp;
	if (!plt_dt_pltgot(elf, &gp))	/* what a stub's offset is from */
		return true;
	size_t n;
	Elf_Data *dynsym = NULL;
	size_t dynstr = 0;
	struct iplt *relocs = read_iplt(elf, &n, &dynsym, &dynstr);
	if (!relocs)
		return false;
	bool ok = true;
	for (Elf_Scn *scn = elf_nextscn(elf, NULL); ok && n && scn; scn = elf_nextscn(elf, scn)) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_PROGBITS ||
		    !(sh.sh_flags & SHF_EXECINSTR))
			continue;
		Elf_Data *d = elf_getdata(scn, NULL);
		size_t len = d && d->d_buf ? (d->d_size < sh.sh_size ? d->d_size : sh.sh_size) : 0;
		for (size_t off = 0; ok && off + 4 * STUB_WORDS <= len; off += 4) {
			int64_t rel;
			if (!stub_offset((const unsigned char *)d->d_buf + off, &rel))
				continue;
			struct iplt key = { (gp + (uint64_t)rel) & UINT32_MAX, 0 }, *r;
			r = bsearch(&key, relocs, n, sizeof(key), iplt_cmp);
			GElf_Sym s;
			if (r && dynsym && gelf_getsym(dynsym, (int)r->sym, &s))
				ok = plt_add_stub(add, ctx, sh.sh_addr + off, 4 * STUB_WORDS,
						  elf_strptr(elf, dynstr, s.st_name));
		}
	}
	free(relocs);
	return ok;
}
