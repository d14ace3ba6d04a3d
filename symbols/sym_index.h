/* An object's code symbols sorted by address, for "which function holds this address". Shared by
 * the program's own symbol table (loader/symbols.c) and the symbolizer's per-object tables.
 *
 * Pure data. A symbol covers [addr, addr + size); an address no sized symbol covers belongs to
 * the nearest symbol below it when both lie in one section (padding after a function, an
 * assembly label without a size). Among symbols at one address the best-ranked names it:
 * sym_index_rank. Names are not copied: they must outlive the index. */
#ifndef PROFEMU_SYMBOLS_SYM_INDEX_H
#define PROFEMU_SYMBOLS_SYM_INDEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct sym_index_entry {
	uint64_t addr, size;
	const char *name;
	uint64_t sec_lo, sec_hi;	/* its section's addresses, [lo, hi) */
	int rank;
};

struct sym_index {
	/* An address past a sized symbol's end is not that symbol's even in its section (a
	 * .dynsym-only object's static functions lie between exported ones): only a label
	 * (size 0) takes the addresses up to the next symbol. */
	bool sized_ends;
	struct sym_index_entry *syms;
	uint64_t *max_end;		/* the largest end among syms[0..i] */
	size_t n, cap;
};

/* Global names beat weak ones beat local ones (glibc's __profil over its weak alias profil),
 * and a symbol with a size beats a zero-sized label at the same address. bind: STB_*. */
int sym_index_rank(int bind, uint64_t size);

void sym_index_init(struct sym_index *ix);
void sym_index_free(struct sym_index *ix);
/* false: out of memory. */
bool sym_index_add(struct sym_index *ix, const struct sym_index_entry *e);
/* Sorts; call once after the last add. false: out of memory. */
bool sym_index_finish(struct sym_index *ix);
/* The symbol holding addr, NULL if none. */
const struct sym_index_entry *sym_index_lookup(const struct sym_index *ix, uint64_t addr);

#endif
