/* The program's symbols: see loader.h.
 *
 * .symtab is read when present (static and unstripped programs), else .dynsym. Two views are
 * kept: every defined named symbol in table order, for symtab_find, and the code symbols
 * (functions, IFUNC resolvers, and untyped labels in executable sections, which is what
 * hand-written assembly gives) sorted by address, for symtab_lookup. Names live in one private
 * copy of the string table, so nothing points into libelf's memory after loading. */
#include "loader.h"
#include "../symbols/sym_index.h"

#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>

struct sym {
	uint64_t addr, size;
	const char *name;
	size_t section;		/* index of its section, 0 for SHN_ABS and other special ones */
	int rank;		/* among symbols at one address, the higher is the better name
				 * (sym_index_rank) */
};

struct section_range {
	uint64_t lo, hi;	/* biased; hi exclusive; lo == hi for a section not in memory */
	bool exec;
};

struct symtab {
	bool has_tls;			/* PT_TLS, for TLS variables such as errno */
	uint64_t tls_memsz, tls_align;
	struct sym *all;		/* defined named symbols, in table order */
	size_t nall;
	struct sym_index code;		/* code symbols by address */
	struct section_range *sections;	/* by section index */
	size_t nsections;
	char *strings;			/* the string table, NUL-terminated */
};

void symtab_free(struct symtab *st)
{
	if (!st)
		return;
	free(st->all);
	sym_index_free(&st->code);
	free(st->sections);
	free(st->strings);
	free(st);
}

/* Fills st->sections from the section headers. */
static bool read_sections(Elf *elf, uint64_t bias, uint64_t mask, struct symtab *st)
{
	size_t n;
	if (elf_getshdrnum(elf, &n) != 0 || n == 0)
		return false;
	st->sections = calloc(n, sizeof(*st->sections));
	if (!st->sections)
		return false;
	st->nsections = n;
	for (Elf_Scn *scn = elf_nextscn(elf, NULL); scn; scn = elf_nextscn(elf, scn)) {
		GElf_Shdr sh;
		size_t i = elf_ndxscn(scn);
		if (i >= n || !gelf_getshdr(scn, &sh) || !(sh.sh_flags & SHF_ALLOC))
			continue;
		if (sh.sh_size > UINT64_MAX - sh.sh_addr)
			continue;
		st->sections[i].lo = (sh.sh_addr + bias) & mask;
		st->sections[i].hi = st->sections[i].lo + sh.sh_size;
		st->sections[i].exec = (sh.sh_flags & SHF_EXECINSTR) != 0;
	}
	return true;
}

/* The symbol table to read: SHT_SYMTAB, else SHT_DYNSYM. */
static Elf_Scn *find_symbol_table(Elf *elf, GElf_Shdr *sh_out)
{
	Elf_Scn *dynsym = NULL;
	GElf_Shdr dyn_sh;
	for (Elf_Scn *scn = elf_nextscn(elf, NULL); scn; scn = elf_nextscn(elf, scn)) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh))
			continue;
		if (sh.sh_type == SHT_SYMTAB) {
			*sh_out = sh;
			return scn;
		}
		if (sh.sh_type == SHT_DYNSYM && !dynsym) {
			dynsym = scn;
			dyn_sh = sh;
		}
	}
	if (dynsym)
		*sh_out = dyn_sh;
	return dynsym;
}

/* The SHT_SYMTAB_SHNDX section extending the table at index symndx, or NULL. */
static Elf_Data *find_xindex(Elf *elf, size_t symndx)
{
	for (Elf_Scn *scn = elf_nextscn(elf, NULL); scn; scn = elf_nextscn(elf, scn)) {
		GElf_Shdr sh;
		if (gelf_getshdr(scn, &sh) && sh.sh_type == SHT_SYMTAB_SHNDX && sh.sh_link == symndx)
			return elf_getdata(scn, NULL);
	}
	return NULL;
}

/* Copies the string table at index ndx, adding a final NUL. */
static bool copy_strings(Elf *elf, size_t ndx, struct symtab *st, size_t *len_out)
{
	Elf_Scn *scn = elf_getscn(elf, ndx);
	GElf_Shdr sh;
	if (!scn || !gelf_getshdr(scn, &sh) || sh.sh_type != SHT_STRTAB)
		return false;
	Elf_Data *d = elf_getdata(scn, NULL);
	if (!d || (d->d_size && !d->d_buf))
		return false;
	st->strings = malloc(d->d_size + 1);
	if (!st->strings)
		return false;
	if (d->d_size)
		memcpy(st->strings, d->d_buf, d->d_size);
	st->strings[d->d_size] = '\0';
	*len_out = d->d_size;
	return true;
}

static bool read_symbols(Elf *elf, uint64_t bias, uint64_t mask, struct symtab *st)
{
	GElf_Shdr symsh;
	Elf_Scn *symscn = find_symbol_table(elf, &symsh);
	if (!symscn)
		return false;
	size_t strings_len;
	if (!copy_strings(elf, symsh.sh_link, st, &strings_len))
		return false;
	Elf_Data *data = elf_getdata(symscn, NULL);
	size_t entsize = gelf_fsize(elf, ELF_T_SYM, 1, EV_CURRENT);
	if (!data || !entsize)
		return false;
	Elf_Data *xdata = find_xindex(elf, elf_ndxscn(symscn));
	size_t count = data->d_size / entsize;
	st->all = malloc((count ? count : 1) * sizeof(*st->all));
	if (!st->all)
		return false;
	for (size_t i = 1; i < count; i++) {
		GElf_Sym s;
		Elf32_Word xndx = 0;
		if (!gelf_getsymshndx(data, xdata, (int)i, &s, &xndx))
			continue;
		int type = GELF_ST_TYPE(s.st_info);
		if (s.st_shndx == SHN_UNDEF || type == STT_SECTION || type == STT_FILE ||
		    s.st_name >= strings_len || st->strings[s.st_name] == '\0')
			continue;
		size_t section = s.st_shndx == SHN_XINDEX ? xndx
			       : s.st_shndx < SHN_LORESERVE ? s.st_shndx : 0;
		if (section >= st->nsections)
			section = 0;
		struct sym sym = {
			/* a TLS symbol's value is an offset in the TLS block: never biased */
			.addr = s.st_shndx == SHN_ABS || type == STT_TLS ? s.st_value & mask
									: (s.st_value + bias) & mask,
			.size = s.st_size,
			.name = st->strings + s.st_name,
			.section = section,
			.rank = sym_index_rank(GELF_ST_BIND(s.st_info), s.st_size),
		};
		st->all[st->nall++] = sym;
		bool in_exec = section && st->sections[section].exec;
		/* A processor-specific type in an executable section is code too: PA-RISC's
		 * millicode ($$divU, $$dyncall) is STT_PARISC_MILLI (STT_LOPROC). */
		bool proc_code = type >= STT_LOPROC && type <= STT_HIPROC && in_exec;
		if (section && (type == STT_FUNC || type == STT_GNU_IFUNC || proc_code ||
				(type == STT_NOTYPE && in_exec))) {
			const struct section_range *sr = &st->sections[section];
			struct sym_index_entry e = { sym.addr, sym.size, sym.name, sr->lo, sr->hi,
						     sym.rank };
			if (!sym_index_add(&st->code, &e))
				return false;
		}
	}
	return sym_index_finish(&st->code);
}

/* The PT_TLS segment's size and alignment, which place the image's TLS block. */
static void read_tls_segment(Elf *elf, struct symtab *st)
{
	size_t n;
	if (elf_getphdrnum(elf, &n) != 0)
		return;
	for (size_t i = 0; i < n; i++) {
		GElf_Phdr ph;
		if (gelf_getphdr(elf, (int)i, &ph) && ph.p_type == PT_TLS) {
			st->tls_memsz = ph.p_memsz;
			st->tls_align = ph.p_align ? ph.p_align : 1;
			st->has_tls = true;
		}
	}
}

bool symtab_tls_block(const struct symtab *st, uint64_t *memsz, uint64_t *align)
{
	if (!st || !st->has_tls)
		return false;
	*memsz = st->tls_memsz;
	*align = st->tls_align;
	return true;
}

struct symtab *symtab_load(const char *path, uint64_t bias)
{
	uint8_t *buf;
	size_t size;
	if (!path || elf_read_file(path, &buf, &size, NULL, 0) != LOAD_OK)
		return NULL;
	struct symtab *st = calloc(1, sizeof(*st));
	Elf *elf = NULL;
	bool ok = false;
	if (!st)
		goto out;
	elf_version(EV_CURRENT);
	elf = elf_memory((char *)buf, size);
	GElf_Ehdr eh;
	if (!elf || elf_kind(elf) != ELF_K_ELF || !gelf_getehdr(elf, &eh))
		goto out;
	uint64_t mask = gelf_getclass(elf) == ELFCLASS32 ? UINT32_MAX : UINT64_MAX;
	read_tls_segment(elf, st);
	ok = read_sections(elf, bias, mask, st) && read_symbols(elf, bias, mask, st);
out:
	if (elf)
		elf_end(elf);
	free(buf);
	if (!ok) {
		symtab_free(st);
		return NULL;
	}
	return st;
}

const char *symtab_lookup(const struct symtab *st, uint64_t addr, uint64_t *offset)
{
	const struct sym_index_entry *found = st ? sym_index_lookup(&st->code, addr) : NULL;
	if (found && offset)
		*offset = addr - found->addr;
	return found ? found->name : NULL;
}

uint64_t symtab_find(const struct symtab *st, const char *name)
{
	if (!st || !name)
		return 0;
	const struct sym *best = NULL;
	for (size_t i = 0; i < st->nall; i++)
		if (strcmp(st->all[i].name, name) == 0 && (!best || st->all[i].rank > best->rank))
			best = &st->all[i];
	return best ? best->addr : 0;
}
