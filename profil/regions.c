/* sprofil's regions: struct prof as the guest lays it out, their order, and which region takes a
 * pc. */
#include <errno.h>

#include "profil/profil_impl.h"

/* Field k of struct prof is at k guest words in both layouts: hpux's {void *, unsigned int,
 * void *, unsigned int} pads each unsigned int to a word on 64-bit guests (16 or 32 bytes);
 * glibc's {void *, size_t, size_t, unsigned long} is four words. */
unsigned prof_entry_stride(const struct prof_state *st)
{
	return 4 * st->cfg.word_size;
}

int prof_read_entry(const struct prof_state *st, const struct prof_mem *m, uint64_t profp, uint64_t i,
		    struct prof_region *out)
{
	unsigned w = st->cfg.word_size;
	unsigned uint_w = st->cfg.personality == PROF_PERSONALITY_HPUX ? 4 : w;
	prof_u128 at = (prof_u128)profp + (prof_u128)i * prof_entry_stride(st);
	if (prof_read(st, m, at, w, &out->base) < 0 ||
	    prof_read(st, m, at + w, uint_w, &out->size) < 0 ||
	    prof_read(st, m, at + 2 * w, w, &out->offset) < 0 ||
	    prof_read(st, m, at + 3 * w, uint_w, &out->scale) < 0)
		return -EFAULT;
	return 0;
}

/* Stable, so that among equal offsets the later entry stays later (glibc: it wins). Insertion
 * sort: n is at most profil_max (64 by default) and a call may take O(n^2); a tick never sorts. */
void prof_sort_regions(struct prof_region *r, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		struct prof_region x = r[i];
		size_t j = i;
		for (; j > 0 && r[j - 1].offset > x.offset; j--)
			r[j] = r[j - 1];
		r[j] = x;
	}
}

/* hpux regions are sorted and disjoint (sprofil refused anything else), and a region only takes
 * pcs at or above its offset: the one candidate is the last region starting at or below pc. */
static int find_hpux(const struct prof_state *st, uint64_t pc, struct prof_loc *loc)
{
	size_t lo = 0, hi = st->count;	/* regions[0, lo) start at or below pc */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (st->regions[mid].offset <= pc)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0 || !prof_map_pc(st, &st->regions[lo - 1], pc, loc))
		return -1;
	return (int)(lo - 1);
}

/* glibc merges overlapping regions so that the higher offset wins. Scanning from the highest
 * offset down, the first region that takes pc is that one (equal offsets: the later entry, which
 * the stable sort left later). Linear: glibc's d wraps in the guest word, so a region above pc
 * can still take it, and no early stop is exact. */
static int find_linux(const struct prof_state *st, uint64_t pc, struct prof_loc *loc)
{
	for (size_t k = st->count; k-- > 0;)
		if (prof_map_pc(st, &st->regions[k], pc, loc))
			return (int)k;
	return -1;
}

int prof_find_region(const struct prof_state *st, uint64_t pc, struct prof_loc *loc)
{
	if (st->cfg.personality == PROF_PERSONALITY_HPUX)
		return find_hpux(st, pc, loc);
	return find_linux(st, pc, loc);
}
