/* The per-process profiling state: its one allocation, exec (off) and fork (a copy). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "profil/profil_impl.h"

/* sprofil keeps at most profil_max regions; profil needs one even when profil_max is 0. */
static size_t capacity(const struct prof_config *cfg)
{
	return cfg->profil_max > 1 ? (size_t)cfg->profil_max : 1;
}

int prof_init(struct prof_state *st, const struct prof_config *cfg)
{
	memset(st, 0, sizeof(*st));
	if ((cfg->word_size != 4 && cfg->word_size != 8) || (unsigned)cfg->personality > PROF_PERSONALITY_HPUX)
		return -EINVAL;
	if (cfg->profil_max > SIZE_MAX / sizeof(struct prof_region))
		return -ENOMEM;
	st->regions = calloc(capacity(cfg), sizeof(struct prof_region));
	if (!st->regions)
		return -ENOMEM;
	st->cfg = *cfg;
	st->elem = 2;
	return 0;
}

void prof_free(struct prof_state *st)
{
	free(st->regions);
	st->regions = NULL;
	st->count = 0;
	st->enabled = false;
}

/* exec, scale 0, an update that faults...: nothing counts until the next successful call. The
 * statistics survive: they describe the whole run. */
void prof_disable(struct prof_state *st)
{
	st->enabled = false;
	st->count = 0;
	st->has_overflow = false;
	st->profil_style = false;
	st->elem = 2;
}

/* fork: every personality keeps profiling on in both processes; the child's bins are at the same
 * guest addresses, which in its own copy of memory are its own copy of the buffers. */
int prof_clone(struct prof_state *child, const struct prof_state *parent)
{
	int r = prof_init(child, &parent->cfg);
	if (r < 0)
		return r;
	struct prof_region *regions = child->regions;
	*child = *parent;
	child->regions = regions;
	memcpy(child->regions, parent->regions, parent->count * sizeof(struct prof_region));
	child->ticks = child->counted = 0;	/* the child's own run starts here */
	return 0;
}
