/* glibc's sprofil (sysdeps/posix/sprofil.c), as its arithmetic and its effects define it, minus
 * its two bugs (doc/sprofil.2):
 *   - tvp, when given, is written first, even by a call that only disables; a tvp the guest
 *     cannot write is a SIGSEGV, as the store in glibc would be;
 *   - a call while sprofil profiling is active disables it and ignores its arguments;
 *   - otherwise the entries replace whatever was profiled (also profil's counter array, whose
 *     SIGPROF handler glibc's sprofil replaces). Nothing is validated.
 * glibc has no region limit; more than profil_max regions is E2BIG here, to bound memory. */
#include <errno.h>

#include "profil/profil_impl.h"

int prof_sprofil_linux(struct prof_state *st, const struct prof_mem *m, uint64_t profp,
		       int64_t profcnt, uint64_t tvp, uint64_t flags)
{
	if (tvp && prof_write_timeval(st, m, tvp) < 0)
		return PROF_RAISE_SIGSEGV;
	if (st->enabled && !st->profil_style) {
		prof_disable(st);
		return 0;
	}
	if (profcnt < 0 || (uint64_t)profcnt > st->cfg.profil_max)
		return -E2BIG;

	/* The entries are read into the region array, whose first slot may still hold profil's
	 * region: keep a copy so that an unreadable profp (SIGSEGV) changes nothing. Nothing else
	 * in the state changes before every entry has been read. */
	struct prof_region saved0 = st->regions[0];
	struct prof_region ovf = { 0 };
	bool has_ovf = false;
	size_t kept = 0;
	for (size_t i = 0; i < (size_t)profcnt; i++) {
		struct prof_region e;
		if (prof_read_entry(st, m, profp, i, &e) < 0) {
			st->regions[0] = saved0;
			return PROF_RAISE_SIGSEGV;
		}
		if (e.offset == 0 && e.scale == 2) {
			ovf = e;	/* the last overflow bin wins */
			has_ovf = true;
		} else if (e.scale >= 2) {
			st->regions[kept++] = e;
		}
	}
	prof_sort_regions(st->regions, kept);
	st->count = kept;
	st->overflow = ovf;
	st->has_overflow = has_ovf;
	st->elem = flags & PROF_UINT ? 4 : 2;	/* PROF_FAST and other bits: no effect */
	st->profil_style = false;
	/* With nothing to count into, glibc's ticks only reach its invisible counter: off. */
	st->enabled = kept > 0 || has_ovf;
	return 0;
}
