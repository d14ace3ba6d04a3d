/* The naive reference: see profil_reference.h. Clarity over speed; no shared code with profil/. */
#include "profil_reference.h"

#include <errno.h>
#include <string.h>

__extension__ typedef unsigned __int128 u128;

static u128 space(const struct ref_state *r)
{
	return r->cfg.word_size == 4 ? (u128)1 << 32 : (u128)1 << 64;
}

static uint64_t wrap(const struct ref_state *r, u128 v)
{
	return (uint64_t)(v % space(r));
}

/* Accesses past the top of the guest's address space fault. */
static bool rd(const struct ref_state *r, const struct prof_mem *m, u128 a, unsigned w, uint64_t *v)
{
	if (a + w > space(r))
		return false;
	return m->read(m->ctx, (uint64_t)a, w, v) == 0;
}

static bool wr(const struct ref_state *r, const struct prof_mem *m, u128 a, unsigned w, uint64_t v)
{
	if (a + w > space(r))
		return false;
	return m->write(m->ctx, (uint64_t)a, w, v) == 0;
}

static bool can_write(const struct ref_state *r, const struct prof_mem *m, uint64_t a, uint64_t len)
{
	if (len == 0)
		return true;
	if ((u128)a + len > space(r))
		return false;
	return m->writable(m->ctx, a, len);
}

static void off(struct ref_state *r)
{
	r->mode = REF_OFF;
	r->n = 0;
	r->has_ovf = false;
}

void ref_init(struct ref_state *r, const struct prof_config *cfg)
{
	memset(r, 0, sizeof(*r));
	r->cfg = *cfg;
	off(r);
}

bool ref_enabled(const struct ref_state *r)
{
	return r->mode != REF_OFF;
}

static void profil_on(struct ref_state *r, struct ref_entry e)
{
	off(r);
	r->mode = REF_PROFIL;
	r->e[0] = e;
	r->n = 1;
	r->es = 2;
}

static bool tv_ok(const struct ref_state *r, const struct prof_mem *m, uint64_t tvp)
{
	return can_write(r, m, tvp, 2ull * r->cfg.word_size);
}

static void tv_put(const struct ref_state *r, const struct prof_mem *m, uint64_t tvp)
{
	unsigned w = r->cfg.word_size;
	wr(r, m, tvp, w, r->cfg.tick_usec / 1000000);
	wr(r, m, (u128)tvp + w, w, r->cfg.tick_usec % 1000000);
}

static bool read_entry(const struct ref_state *r, const struct prof_mem *m, uint64_t profp, int64_t i,
		       struct ref_entry *e)
{
	unsigned w = r->cfg.word_size;
	u128 at = (u128)profp + (u128)i * 4 * w;
	if (r->cfg.personality == PROF_PERSONALITY_HPUX) {
		/* {void *pr_base; unsigned pr_size; void *pr_offset; unsigned pr_scale}, word aligned */
		return rd(r, m, at, w, &e->base) && rd(r, m, at + w, 4, &e->size) &&
		       rd(r, m, at + 2 * w, w, &e->offset) && rd(r, m, at + 3 * w, 4, &e->scale);
	}
	return rd(r, m, at, w, &e->base) && rd(r, m, at + w, w, &e->size) &&
	       rd(r, m, at + 2 * w, w, &e->offset) && rd(r, m, at + 3 * w, w, &e->scale);
}

/* HP-UX sprofil with its entries already in hand (profil builds one). */
static int hpux_set(struct ref_state *r, const struct prof_mem *m, struct ref_entry *in, int64_t cnt,
		    uint64_t profp, uint64_t tvp, uint64_t flags)
{
	off(r);
	flags = (uint32_t)flags;
	unsigned es;
	if (flags == 0)
		es = 2;
	else if (flags == 1)
		es = 4;
	else if (flags == 4)
		es = 8;
	else
		return -EINVAL;
	if (cnt < 0 || (u128)cnt > r->cfg.profil_max)
		return -E2BIG;
	if (tvp != 0 && !tv_ok(r, m, tvp))
		return -EFAULT;
	struct ref_entry all[REF_MAX_ENTRIES];
	for (int64_t i = 0; i < cnt; i++) {
		if (in)
			all[i] = in[i];
		else if (!read_entry(r, m, profp, i, &all[i]))
			return -EFAULT;
	}
	struct ref_entry kept[REF_MAX_ENTRIES];
	unsigned nk = 0;
	bool has_ovf = false;
	struct ref_entry ovf = { 0 };
	for (int64_t i = 0; i < cnt; i++) {
		struct ref_entry e = all[i];
		if (e.scale == 0 || e.scale == 1)
			continue;
		if (e.offset == 0 && e.scale == 2) {
			if (i != cnt - 1)
				return -EINVAL;
			if (e.size != es)
				return -EINVAL;
			has_ovf = true;
			ovf = e;
			continue;
		}
		if (e.size == 0 || e.size % es != 0)
			return -EINVAL;
		if ((u128)e.size * 65536 > ((u128)1 << 46) * e.scale)
			return -EINVAL;
		kept[nk++] = e;
	}
	/* Every earlier region must end at or before every later one starts. */
	for (unsigned a = 0; a < nk; a++)
		for (unsigned b = a + 1; b < nk; b++) {
			u128 len = ((u128)kept[a].size * 65536 + kept[a].scale - 1) / kept[a].scale;
			if ((u128)kept[b].offset < (u128)kept[a].offset + len)
				return -EINVAL;
		}
	memcpy(r->e, kept, sizeof(kept[0]) * nk);
	r->n = nk;
	r->has_ovf = has_ovf;
	r->ovf = ovf;
	r->es = es;
	if (nk > 0 || has_ovf)
		r->mode = REF_SPROFIL;
	if (tvp != 0)
		tv_put(r, m, tvp);
	return 0;
}

int ref_profil(struct ref_state *r, const struct prof_mem *m, uint64_t buf, uint64_t bufsiz,
	       uint64_t offset, uint64_t scale)
{
	struct ref_entry e = { wrap(r, buf), wrap(r, bufsiz), wrap(r, offset), scale & 0xffffffffu };
	switch (r->cfg.personality) {
	case PROF_PERSONALITY_SVR4:
		if (e.scale == 0 || e.scale == 1)
			off(r);
		else
			profil_on(r, e);
		return 0;
	case PROF_PERSONALITY_BSD:
		if (e.scale > 65536)
			return -EINVAL;
		if (e.scale == 0) {
			off(r);
			return 0;
		}
		if (!can_write(r, m, e.base, e.size)) {
			off(r);
			return -EFAULT;
		}
		profil_on(r, e);
		return 0;
	case PROF_PERSONALITY_LINUX:
		if (e.scale < 2 || e.size == 0 || e.base == 0) {
			off(r);
			return 0;
		}
		if (!can_write(r, m, e.base, e.size))
			return PROF_RAISE_SIGSEGV;
		profil_on(r, e);
		return 0;
	default:
		return hpux_set(r, m, &e, 1, 0, 0, 0);
	}
}

static int linux_sprofil(struct ref_state *r, const struct prof_mem *m, uint64_t profp, int64_t cnt,
			 uint64_t tvp, uint64_t flags)
{
	if (tvp != 0) {
		if (!tv_ok(r, m, tvp))
			return PROF_RAISE_SIGSEGV;
		tv_put(r, m, tvp);
	}
	if (r->mode == REF_SPROFIL) {
		off(r);
		return 0;
	}
	if (cnt < 0 || (u128)cnt > r->cfg.profil_max)
		return -E2BIG;
	struct ref_entry all[REF_MAX_ENTRIES];
	for (int64_t i = 0; i < cnt; i++)
		if (!read_entry(r, m, profp, i, &all[i]))
			return PROF_RAISE_SIGSEGV;
	off(r);
	for (int64_t i = 0; i < cnt; i++) {
		if (all[i].offset == 0 && all[i].scale == 2) {
			r->has_ovf = true;
			r->ovf = all[i];
		} else if (all[i].scale >= 2) {
			r->e[r->n++] = all[i];
		}
	}
	r->es = (flags & 1) ? 4 : 2;
	if (r->n > 0 || r->has_ovf)
		r->mode = REF_SPROFIL;
	return 0;
}

int ref_sprofil(struct ref_state *r, const struct prof_mem *m, uint64_t profp, int64_t profcnt,
		uint64_t tvp, uint64_t flags)
{
	profp = wrap(r, profp);
	tvp = wrap(r, tvp);
	if (r->cfg.personality == PROF_PERSONALITY_HPUX)
		return hpux_set(r, m, NULL, profcnt, profp, tvp, flags);
	if (r->cfg.personality == PROF_PERSONALITY_LINUX)
		return linux_sprofil(r, m, profp, profcnt, tvp, flags);
	return -ENOSYS;
}

/* What an update that faults does. */
static int faulted(struct ref_state *r, enum prof_tick_outcome *o)
{
	if (r->cfg.personality == PROF_PERSONALITY_LINUX) {
		*o = PROF_TICK_SIGSEGV;
		return PROF_RAISE_SIGSEGV;
	}
	off(r);
	*o = PROF_TICK_FAULT_DISABLED;
	return 0;
}

/* kind: 'w' wraps, 's' saturates, 'l' svr4's 32767 limit. */
static int bump(struct ref_state *r, const struct prof_mem *m, u128 addr, unsigned es, char kind,
		enum prof_tick_outcome *o)
{
	uint64_t v;
	if (!rd(r, m, addr, es, &v))
		return faulted(r, o);
	u128 max = ((u128)1 << (8 * es)) - 1;
	if (kind == 's' && v == max) {
		*o = PROF_TICK_SATURATED;
		return 0;
	}
	if (kind == 'l' && (u128)v + 1 > 32767) {
		off(r);
		*o = PROF_TICK_LIMIT_DISABLED;
		return 0;
	}
	uint64_t nv = (uint64_t)(((u128)v + 1) % (max + 1));
	if (!wr(r, m, addr, es, nv))
		return faulted(r, o);
	*o = PROF_TICK_COUNTED;
	return 0;
}

int ref_tick(struct ref_state *r, const struct prof_mem *m, uint64_t pc, enum prof_tick_outcome *o)
{
	if (r->mode == REF_OFF) {
		*o = PROF_TICK_OFF;
		return 0;
	}
	pc = wrap(r, pc);
	enum prof_personality p = r->cfg.personality;
	if (r->mode == REF_PROFIL) {
		struct ref_entry e = r->e[0];
		u128 d = wrap(r, (u128)pc + space(r) - e.offset);
		u128 counter;
		bool in;
		if (p == PROF_PERSONALITY_SVR4) {
			counter = d * e.scale / 65536 / 2;
			in = pc >= e.offset && d * e.scale / 65536 < e.size;
		} else if (p == PROF_PERSONALITY_BSD) {
			u128 byte = d * e.scale / 65536;
			byte -= byte % 2;
			counter = byte / 2;
			in = pc >= e.offset && byte < e.size;
		} else {
			counter = d / 2 * e.scale / 65536;
			in = counter < e.size / 2;
		}
		if (!in) {
			*o = PROF_TICK_OUT_OF_RANGE;
			return 0;
		}
		char kind = p == PROF_PERSONALITY_SVR4 ? 'l' : 'w';
		return bump(r, m, (u128)e.base + 2 * counter, 2, kind, o);
	}
	/* sprofil: look at every region. */
	unsigned es = r->es;
	bool found = false;
	u128 at = 0;
	uint64_t best_off = 0;
	for (unsigned i = 0; i < r->n; i++) {
		struct ref_entry e = r->e[i];
		u128 d = wrap(r, (u128)pc + space(r) - e.offset);
		if (p == PROF_PERSONALITY_HPUX) {
			u128 byte = d * e.scale / 65536;
			if (pc >= e.offset && byte < e.size) {
				/* disjoint: at most one region can match */
				found = true;
				at = (u128)e.base + byte / es * es;
			}
		} else {
			u128 idx = d / es * e.scale / 65536;
			if (idx < e.size / es && (!found || e.offset >= best_off)) {
				found = true;
				best_off = e.offset;
				at = (u128)e.base + idx * es;
			}
		}
	}
	if (found)
		return bump(r, m, at, es, 's', o);
	if (r->has_ovf)
		return bump(r, m, r->ovf.base, es, p == PROF_PERSONALITY_HPUX ? 's' : 'w', o);
	*o = PROF_TICK_OUT_OF_RANGE;
	return 0;
}
