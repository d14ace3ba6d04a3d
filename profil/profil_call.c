/* profil(buf, bufsiz, offset, scale): one 16-bit counter array, per personality. hpux's profil is
 * sprofil of one region and goes there. Every call replaces what was profiled before. */
#include <errno.h>

#include "profil/profil_impl.h"

/* Replaces whatever was profiled (by profil or sprofil) with the one region r. */
static void enable_one(struct prof_state *st, const struct prof_region *r)
{
	prof_disable(st);
	st->regions[0] = *r;
	st->count = 1;
	st->elem = 2;
	st->profil_style = true;
	st->enabled = true;
}

/* NEWS-os: void, so nothing is refused. scale 0 or 1 turns profiling off; bufsiz 0 leaves it on
 * but ineffective; a bad buffer is only found by the tick (which then turns profiling off). */
static int profil_svr4(struct prof_state *st, const struct prof_region *r)
{
	if (r->scale < 2)
		prof_disable(st);
	else
		enable_one(st, r);
	return 0;
}

/* 4.4BSD: scale above 1.0 is EINVAL before anything changes; scale 0 turns profiling off; a
 * buffer with an invalid address is EFAULT and profiling is terminated (the seed's RETURN
 * VALUES), checked here rather than at the first tick. */
static int profil_bsd(struct prof_state *st, const struct prof_mem *m, const struct prof_region *r)
{
	if (r->scale > 0x10000)
		return -EINVAL;
	if (r->scale == 0) {
		prof_disable(st);
		return 0;
	}
	if (!prof_writable(st, m, r->base, r->size)) {
		prof_disable(st);
		return -EFAULT;
	}
	enable_one(st, r);
	return 0;
}

/* Linux 0.99 / glibc: always 0. scale < 2 or bufsiz 0 (the seed) or a NULL buffer (glibc) turns
 * profiling off. "Called with an invalid buf it produces a core dump": the guest gets SIGSEGV
 * and the call has no other effect. */
static int profil_linux(struct prof_state *st, const struct prof_mem *m, const struct prof_region *r)
{
	if (r->scale < 2 || r->size == 0 || r->base == 0) {
		prof_disable(st);
		return 0;
	}
	if (!prof_writable(st, m, r->base, r->size))
		return PROF_RAISE_SIGSEGV;
	enable_one(st, r);
	return 0;
}

int prof_profil(struct prof_state *st, const struct prof_mem *m, uint64_t buf, uint64_t bufsiz,
		uint64_t offset, uint64_t scale)
{
	/* Pointers and sizes are guest words; scale is an unsigned int in every prototype. */
	uint64_t mask = prof_mask(st);
	struct prof_region r = {
		.base = buf & mask,
		.size = bufsiz & mask,
		.offset = offset & mask,
		.scale = scale & UINT32_MAX,
	};
	switch (st->cfg.personality) {
	case PROF_PERSONALITY_SVR4:
		return profil_svr4(st, &r);
	case PROF_PERSONALITY_BSD:
		return profil_bsd(st, m, &r);
	case PROF_PERSONALITY_LINUX:
		return profil_linux(st, m, &r);
	case PROF_PERSONALITY_HPUX:
		/* The seed's Notes: profcnt 1, tvp NULL, PROF_USHORT, with all of sprofil's checks. */
		return prof_sprofil_hpux(st, m, &r, 0, 1, 0, PROF_USHORT);
	}
	return -EINVAL;
}
