/* HP-UX 11i v2 sprofil: the seed's checks, in this order (doc/sprofil.2 states it):
 *   1. the call disables profiling (DESCRIPTION: "Each call to sprofil() disables profiling if
 *      it was enabled and then enables..."), so after any error profiling is off;
 *   2. flags not exactly PROF_USHORT, PROF_UINT or PROF_UINT64: EINVAL;
 *   3. profcnt < 0 or > profil_max: E2BIG (profcnt 0 disables, as DESCRIPTION says, although
 *      ERRORS lists "<= 0");
 *   4. tvp not writable: EFAULT; profp unreadable: EFAULT;
 *   5. the entries, in array order: EINVAL.
 * tvp is written only when the call succeeds. */
#include <errno.h>

#include "profil/profil_impl.h"

static int element_size(uint64_t flags)
{
	switch (flags) {
	case PROF_USHORT: return 2;
	case PROF_UINT: return 4;
	case PROF_UINT64: return 8;
	default: return -EINVAL;
	}
}

/* A region takes d while d*scale/65536 < size, i.e. d < ceil(size*65536/scale). */
static prof_u128 span(const struct prof_region *r)
{
	return (((prof_u128)r->size << 16) + r->scale - 1) / r->scale;
}

/* Checks entries regions[0, n) and keeps, in place, those that profile. Entries with scale 0 or
 * 1 are ignored entirely, so neither validated nor part of the order and overlap checks. */
static int keep_valid(struct prof_state *st, size_t n, unsigned es)
{
	size_t kept = 0;
	prof_u128 prev_end = 0;
	for (size_t i = 0; i < n; i++) {
		struct prof_region e = st->regions[i];
		if (e.scale < 2)
			continue;
		if (e.offset == 0 && e.scale == 2) {
			/* The overflow descriptor: only as the last entry, exactly one element. */
			if (i != n - 1 || e.size != es)
				return -EINVAL;
			st->overflow = e;
			st->has_overflow = true;
			continue;
		}
		/* pr_size: non-zero, a multiple of the element, at most 2^46*scale/65536. */
		if (e.size == 0 || e.size % es != 0 || e.size > e.scale << 30)
			return -EINVAL;
		/* Sorted ascending and disjoint: one test, since every span is at least 1. This is why
		 * DESCRIPTION's rule for overlapping regions is never reached. */
		if (kept > 0 && e.offset < prev_end)
			return -EINVAL;
		prev_end = (prof_u128)e.offset + span(&e);
		st->regions[kept++] = e;
	}
	st->count = kept;
	return 0;
}

int prof_sprofil_hpux(struct prof_state *st, const struct prof_mem *m, const struct prof_region *one,
		      uint64_t profp, int64_t profcnt, uint64_t tvp, uint64_t flags)
{
	prof_disable(st);
	int es = element_size(flags & UINT32_MAX);	/* flags is an unsigned int */
	if (es < 0)
		return es;
	if (profcnt < 0 || (uint64_t)profcnt > st->cfg.profil_max)
		return -E2BIG;
	if (tvp && !prof_timeval_writable(st, m, tvp))
		return -EFAULT;
	size_t n = (size_t)profcnt;
	if (one)
		st->regions[0] = *one;
	else
		for (size_t i = 0; i < n; i++)
			if (prof_read_entry(st, m, profp, i, &st->regions[i]) < 0)
				return -EFAULT;
	int r = keep_valid(st, n, (unsigned)es);
	if (r < 0) {
		prof_disable(st);
		return r;
	}
	st->elem = (unsigned)es;
	st->enabled = st->count > 0 || st->has_overflow;
	if (tvp && prof_write_timeval(st, m, tvp) < 0) {
		prof_disable(st);
		return -EFAULT;
	}
	return 0;
}
