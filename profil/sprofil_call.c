/* sprofil(profp, profcnt, tvp, flags): which personality serves it. */
#include <errno.h>

#include "profil/profil_impl.h"

int prof_sprofil(struct prof_state *st, const struct prof_mem *m, uint64_t profp, int64_t profcnt,
		 uint64_t tvp, uint64_t flags)
{
	profp &= prof_mask(st);
	tvp &= prof_mask(st);
	switch (st->cfg.personality) {
	case PROF_PERSONALITY_HPUX:
		return prof_sprofil_hpux(st, m, NULL, profp, profcnt, tvp, flags);
	case PROF_PERSONALITY_LINUX:
		return prof_sprofil_linux(st, m, profp, profcnt, tvp, flags);
	default:
		/* NEWS-os and 4.4BSD had no sprofil. */
		return -ENOSYS;
	}
}
