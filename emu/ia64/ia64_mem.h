/* Guest loads and stores of the IA-64 interpreter (ia64_exec.c and the fast handlers of
 * ia64_uops.c): 1-8 bytes through a few remembered regions (struct ia64_tlb), so that the
 * common access skips the region lookup; 0 or -EFAULT as gm_get/gm_put. */
#ifndef PROFEMU_IA64_MEM_H
#define PROFEMU_IA64_MEM_H

#include "../byteorder.h"
#include "ia64_cpu_internal.h"

/* Fills t with the region holding addr if it allows prot; false otherwise (ia64_exec.c). */
bool ia64_tlb_fill(struct ia64_cpu *c, struct ia64_tlb *t, uint64_t addr, int prot);

/* The way of tlb holding [addr, addr+n), filled from the memory map on a miss; NULL if no
 * single region with prot holds it. These three are forced inline (IA64_INLINE): as calls
 * from the large fast path they took 11% of sqlite's run. */
static IA64_INLINE struct ia64_tlb *ia64_tlb_find(struct ia64_cpu *c, struct ia64_tlb *tlb,
					     unsigned *next, uint64_t addr, unsigned n, int prot)
{
	uint64_t gen = c->mem->generation;
	for (unsigned w = 0; w < IA64_TLB_WAYS; w++) {
		struct ia64_tlb *t = &tlb[w];
		if (t->generation == gen && addr >= t->start && addr + n <= t->end && addr + n > addr)
			return t;
	}
	struct ia64_tlb *t = &tlb[*next];
	*next = (*next + 1) % IA64_TLB_WAYS;
	if (!ia64_tlb_fill(c, t, addr, prot) || addr + n > t->end || addr + n < addr) {
		t->start = 1;
		t->end = 0;
		return NULL;
	}
	return t;
}

static IA64_INLINE int ia64_mem_get(struct ia64_cpu *c, uint64_t addr, unsigned n, uint64_t *v)
{
	struct ia64_tlb *t = ia64_tlb_find(c, c->rd_tlb, &c->rd_next, addr, n, GM_PROT_READ);
	if (!t)
		return gm_get(c->mem, addr, n, v);
	*v = bo_get(t->host + (addr - t->start), n, BO_LITTLE);
	return 0;
}

static IA64_INLINE int ia64_mem_put(struct ia64_cpu *c, uint64_t addr, unsigned n, uint64_t v)
{
	if (addr + n > c->code_lo && addr < c->code_hi)
		ia64_code_written(c, addr, n);
	struct ia64_tlb *t = ia64_tlb_find(c, c->wr_tlb, &c->wr_next, addr, n, GM_PROT_WRITE);
	if (!t)
		return gm_put(c->mem, addr, n, v);
	bo_put(t->host + (addr - t->start), v, n, BO_LITTLE);
	return 0;
}

#endif
