/* The hppa decode cache (hppa_dcache.c): guest pages of decoded, specialised instructions. */
#ifndef PROFEMU_HPPA_DCACHE_H
#define PROFEMU_HPPA_DCACHE_H

#include <stdint.h>

#include "hppa_state.h"

/* hppa_code_page: the decoded page holding pc, or NULL if it is not mapped executable;
 * handlers is run()'s table, indexed by enum hppa_op (each cached instruction keeps its own). hppa_decode_one decodes a page's instruction i again,
 * hppa_specialise rewrites a decoded instruction into its specialised form, and
 * hppa_drop_cache empties the cache and the TLBs. */
struct hppa_code_page *hppa_code_page(struct hppa_cpu *c, uint32_t pc, const void *const *handlers);
void hppa_decode_one(struct hppa_cpu *c, struct hppa_code_page *p, unsigned i,
		     const void *const *handlers);
void hppa_specialise(struct hppa_insn *in);
void hppa_drop_cache(struct hppa_cpu *c);
/* cpu_ops.mem_changed: decoded pages guest_mem says changed are decoded again */
int hppa_op_mem_changed(struct cpu *cpu, const struct gm_change *ch);
/* fic: the page holding addr is decoded again when next run */
void hppa_forget_code(struct hppa_cpu *c, uint32_t addr);

#endif
