/* Where a pc falls in one region: each personality's arithmetic, exact in 128 bits.
 * The personalities round in different places, which matters for odd d at scales that are not
 * powers of two (d = 3, scale 0xC000: svr4 and bsd take counter 1, glibc counter 0). */
#include "profil/profil_impl.h"

/* profil's one 16-bit counter array (svr4, bsd, linux). */
static bool map_profil(const struct prof_state *st, const struct prof_region *r, uint64_t pc,
		       struct prof_loc *loc)
{
	prof_u128 d = loc->d;
	switch (st->cfg.personality) {
	case PROF_PERSONALITY_SVR4:
		/* byte = d*scale/65536, counter = byte/2, counted while byte < bufsiz (doc/profil.2):
		 * with an odd bufsiz the last counter may stick out one byte, as in 4.4BSD. */
		loc->scaled = d * r->scale;
		loc->index = (loc->scaled >> 16) / 2;
		loc->byte = loc->index * 2;
		return pc >= r->offset && (loc->scaled >> 16) < r->size;
	case PROF_PERSONALITY_BSD:
		/* 4.4BSD's PC_TO_INDEX: the byte rounded down to even, compared with the byte size, so
		 * with an odd size the last counter may stick out one byte. */
		loc->scaled = d * r->scale;
		loc->byte = (loc->scaled >> 16) & ~(prof_u128)1;
		loc->index = loc->byte / 2;
		return pc >= r->offset && loc->byte < r->size;
	default:
		/* glibc's profil_count: halve d first. No pc >= offset test: a pc below offset has a
		 * huge d, out of range unless the buffer is huge (then it wraps, as in glibc). */
		loc->scaled = (d / 2) * r->scale;
		loc->index = loc->scaled >> 16;
		loc->byte = loc->index * 2;
		return loc->index < r->size / 2;
	}
}

/* sprofil's regions of 2-, 4- or 8-byte elements (hpux, linux). */
static bool map_sprofil(const struct prof_state *st, const struct prof_region *r, uint64_t pc,
			struct prof_loc *loc)
{
	prof_u128 d = loc->d;
	unsigned es = st->elem;
	if (st->cfg.personality == PROF_PERSONALITY_HPUX) {
		/* The seed: offset = d*scale/65536 < pr_size, then rounded down to the element. */
		loc->scaled = d * r->scale;
		prof_u128 byte = loc->scaled >> 16;
		loc->byte = byte - byte % es;
		loc->index = loc->byte / es;
		return pc >= r->offset && byte < r->size;
	}
	/* glibc's pc_to_index: d in elements first, then scaled; nsamples = size / es. */
	loc->scaled = (d / es) * r->scale;
	loc->index = loc->scaled >> 16;
	loc->byte = loc->index * es;
	return loc->index < r->size / es;
}

bool prof_map_pc(const struct prof_state *st, const struct prof_region *r, uint64_t pc,
		 struct prof_loc *loc)
{
	pc &= prof_mask(st);
	loc->d = (pc - r->offset) & prof_mask(st);
	if (st->profil_style)
		return map_profil(st, r, pc, loc);
	return map_sprofil(st, r, pc, loc);
}
