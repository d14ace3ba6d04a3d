/* Code symbols by address: see sym_index.h. */
#include "symbols/sym_index.h"

#include <elf.h>
#include <stdlib.h>
#include <string.h>

int sym_index_rank(int bind, uint64_t size)
{
	int r = bind == STB_GLOBAL ? 2 : bind == STB_WEAK ? 1 : 0;
	return r + (size ? 4 : 0);
}

void sym_index_init(struct sym_index *ix)
{
	memset(ix, 0, sizeof(*ix));
}

void sym_index_free(struct sym_index *ix)
{
	free(ix->syms);
	free(ix->max_end);
	sym_index_init(ix);
}

bool sym_index_add(struct sym_index *ix, const struct sym_index_entry *e)
{
	if (ix->n == ix->cap) {
		size_t ncap = ix->cap ? ix->cap * 2 : 64;
		struct sym_index_entry *p = realloc(ix->syms, ncap * sizeof(*p));
		if (!p)
			return false;
		ix->syms = p;
		ix->cap = ncap;
	}
	ix->syms[ix->n++] = *e;
	return true;
}

static int entry_cmp(const void *a, const void *b)
{
	const struct sym_index_entry *x = a, *y = b;
	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	if (x->rank != y->rank)
		return x->rank - y->rank;	/* the best last: lookups scan downward */
	return strcmp(y->name, x->name);
}

bool sym_index_finish(struct sym_index *ix)
{
	if (ix->n)
		qsort(ix->syms, ix->n, sizeof(*ix->syms), entry_cmp);
	free(ix->max_end);
	ix->max_end = malloc((ix->n ? ix->n : 1) * sizeof(*ix->max_end));
	if (!ix->max_end)
		return false;
	uint64_t max_end = 0;
	for (size_t i = 0; i < ix->n; i++) {
		const struct sym_index_entry *c = &ix->syms[i];
		uint64_t end = c->size > UINT64_MAX - c->addr ? UINT64_MAX : c->addr + c->size;
		if (end > max_end)
			max_end = end;
		ix->max_end[i] = max_end;
	}
	return true;
}

const struct sym_index_entry *sym_index_lookup(const struct sym_index *ix, uint64_t addr)
{
	if (!ix || ix->n == 0 || !ix->max_end || ix->syms[0].addr > addr)
		return NULL;
	/* The last symbol at or below addr. */
	size_t lo = 0, hi = ix->n;
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (ix->syms[mid].addr <= addr)
			lo = mid;
		else
			hi = mid;
	}
	/* The nearest symbol below whose extent holds addr: scan down while some symbol at or
	 * below could still reach addr. */
	for (size_t j = lo + 1; j-- > 0 && ix->max_end[j] > addr;) {
		const struct sym_index_entry *c = &ix->syms[j];
		if (c->size && addr - c->addr < c->size)
			return c;
	}
	const struct sym_index_entry *c = &ix->syms[lo];
	if (ix->sized_ends && c->size)
		return NULL;
	return addr >= c->sec_lo && addr < c->sec_hi ? c : NULL;
}
