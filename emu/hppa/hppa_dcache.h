/* The hppa decode cache (hppa_dcache.c): guest pages of decoded, specialised instructions. */
#ifndef PROFEMU_HPPA_DCACHE_H
#define PROFEMU_HPPA_DCACHE_H

#include <stdint.h>

#include "../gm_types.h"
#include "hppa_state.h"

/* hppa_code_page: the decoded page holding pc, or NULL if it is not mapped executable;
 * handlers is run()'s table, indexed by enum hppa_op (each cached instruction keeps its own). hppa_decode_one decodes a page's instruction i again,
 * hppa_specialise rewrites a decoded instruction into its specialised form, and
 * hppa_drop_cache empties the cache and the TLBs. */
struct hppa_code_page *hppa_code_page(struct hppa_cpu *c, uint32_t pc, const void *const *handlers);
/* hppa_code_page's hit, inline for the run loop and the call reports: the decoded page
 * holding pc when the cache has it and the memory map has not moved since the data TLBs were
 * last checked (else hppa_code_page must drop them first), or NULL. */
static inline const struct hppa_code_page *hppa_cached_page(const struct hppa_cpu *c,
							    uint32_t pc)
{
	uint32_t va = pc & ~PAGE_MASK;
	const struct hppa_code_page *p = c->pages[(va >> HPPA_PAGE_SHIFT) % HPPA_DCACHE_SLOTS];
	return p && p->vaddr == va && c->cache_gen == c->mem->generation ? p : NULL;
}
void hppa_decode_one(struct hppa_cpu *c, struct hppa_code_page *p, unsigned i,
		     const void *const *handlers);
void hppa_specialise(struct hppa_insn *in);
void hppa_drop_cache(struct hppa_cpu *c);
/* cpu_ops.mem_changed: decoded pages guest_mem says changed are decoded again */
int hppa_op_mem_changed(struct cpu *cpu, const struct gm_change *ch);
/* fic: the page holding addr is decoded again when next run */
void hppa_forget_code(struct hppa_cpu *c, uint32_t addr);

#endif
