/* Internal to the profil core (the files of profil/ only): guest-width arithmetic, checked guest access,
 * the per-personality pc -> bin arithmetic and the region helpers the calls and the tick share.
 * Nothing here is part of the contract in profil.h. */
#ifndef PROFEMU_PROFIL_IMPL_H
#define PROFEMU_PROFIL_IMPL_H

#include "profil/profil.h"

/* d*scale needs up to 64+64 bits (glibc's pr_scale is a whole unsigned long), so every scaled
 * quantity is computed in 128 bits and never wraps. */
__extension__ typedef unsigned __int128 prof_u128;

/* All guest addresses and differences live in the guest's word: pc - offset on a 32-bit guest
 * wraps at 2^32, as it does in the guest's own unsigned arithmetic. */
static inline uint64_t prof_mask(const struct prof_state *st)
{
	return st->cfg.word_size == 4 ? UINT64_C(0xffffffff) : UINT64_MAX;
}

/* --explain fields are 64-bit; a 128-bit intermediate that does not fit shows as UINT64_MAX. */
static inline uint64_t prof_sat64(prof_u128 v)
{
	return v > UINT64_MAX ? UINT64_MAX : (uint64_t)v;
}

/* guest_access.c: every access first checks that it lies below the top of the guest's address
 * space (a bin past 2^32 on a 32-bit guest is an invalid address, not a wrapped one). */
bool prof_in_space(const struct prof_state *st, prof_u128 addr, prof_u128 len);
int prof_read(const struct prof_state *st, const struct prof_mem *m, prof_u128 addr, unsigned width,
	      uint64_t *value);
int prof_write(const struct prof_state *st, const struct prof_mem *m, prof_u128 addr, unsigned width,
	       uint64_t value);
bool prof_writable(const struct prof_state *st, const struct prof_mem *m, uint64_t addr, uint64_t len);
bool prof_timeval_writable(const struct prof_state *st, const struct prof_mem *m, uint64_t tvp);
int prof_write_timeval(const struct prof_state *st, const struct prof_mem *m, uint64_t tvp);

/* arith.c: where pc falls in one region under the state's arithmetic. */
struct prof_loc {
	uint64_t d;		/* (pc - offset) in the guest word */
	prof_u128 scaled;	/* the product before >> 16 */
	prof_u128 index;	/* element index */
	prof_u128 byte;		/* byte offset of the element in the buffer */
};
bool prof_map_pc(const struct prof_state *st, const struct prof_region *r, uint64_t pc,
		 struct prof_loc *loc);

/* regions.c: struct prof in guest layout, and which region takes a pc. */
unsigned prof_entry_stride(const struct prof_state *st);
int prof_read_entry(const struct prof_state *st, const struct prof_mem *m, uint64_t profp, uint64_t i,
		    struct prof_region *out);
int prof_find_region(const struct prof_state *st, uint64_t pc, struct prof_loc *loc);
void prof_sort_regions(struct prof_region *r, size_t n);

/* sprofil_hpux.c / sprofil_linux.c: the two sprofil personalities. hpux's profil enters with its
 * one region already built (one != NULL, profp unused). */
int prof_sprofil_hpux(struct prof_state *st, const struct prof_mem *m, const struct prof_region *one,
		      uint64_t profp, int64_t profcnt, uint64_t tvp, uint64_t flags);
int prof_sprofil_linux(struct prof_state *st, const struct prof_mem *m, uint64_t profp,
		       int64_t profcnt, uint64_t tvp, uint64_t flags);

#endif
