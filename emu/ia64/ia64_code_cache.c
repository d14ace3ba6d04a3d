/* The decoded-bundle cache's invalidation (ia64_cpu_internal.h declares it): emptied whole, or
 * the bundles of a written or flushed range dropped. Apart from ia64_cpu.c so that the
 * interpreter's instructions (fc in ia64_exec.c, stores in ia64_uops.c) and the CPU's run loop
 * all call down into it and nothing here calls back up into them. */
#include <stdint.h>

#include "ia64_cpu_internal.h"

void ia64_code_cache_clear(struct ia64_cpu *c)
{
	if (!c->cache_used)	/* empty already (and no code range): its pages stay unmapped */
		return;
	for (unsigned i = 0; i < IA64_CACHE_SIZE; i++)
		c->cache[i].tag = c->cache[i].fast_tag = 0;
	c->cache_used = false;
	c->code_lo = UINT64_MAX;
	c->code_hi = 0;
}

void ia64_code_written(struct ia64_cpu *c, uint64_t addr, uint64_t n)
{
	for (uint64_t b = addr & ~15ULL; b < addr + n && b >= (addr & ~15ULL); b += 16) {
		struct ia64_cached_bundle *e = &c->cache[(b >> 4) & (IA64_CACHE_SIZE - 1)];
		if (e->tag == ~b)
			e->tag = e->fast_tag = 0;
	}
}

void ia64_code_flushed(struct ia64_cpu *c, uint64_t addr, uint64_t n)
{
	if (!c->cache_used)	/* nothing decoded: the loader mapping the program, say */
		return;
	const struct gm_region *first = gm_region_at(c->mem, addr);
	const struct gm_region *last = n ? gm_region_at(c->mem, addr + n - 1) : first;
	if ((first && first->shared) || (last && last->shared) || n >= 16ULL * IA64_CACHE_SIZE)
		ia64_code_cache_clear(c);
	else
		ia64_code_written(c, addr, n);
}
