/* The hppa interpreter's translator: runs of straight integer code (register arithmetic,
 * byte, halfword and word loads and stores, and compare-and-branch instructions) become
 * x86-64 host code, so that the hottest instructions pay no dispatch at all; a taken branch
 * to a run of the same page that fits goes on in host code. The interpreter stays in charge
 * of everything else: it enters a run only when the whole run fits before its next look at
 * ticks and limits, and takes over again where the host code stops (a run's end, a taken
 * branch it does not follow, which it ends as its own handler would, or the first access
 * the TLB does not hold, which it then executes itself: a fill, or the fault at exactly that
 * instruction). So counts, ticks and faults are the interpreter's, unchanged.
 * On another host, or with PROFEMU_NO_JIT set, nothing is translated and every instruction
 * is interpreted. */
#ifndef PROFEMU_HPPA_JIT_H
#define PROFEMU_HPPA_JIT_H

#include <stdbool.h>

#include "hppa_jit_code.h"

struct hppa_cpu;
struct hppa_code_page;

/* Translates the runs of a freshly decoded page (not a writable one): each instruction that
 * starts a run gets its host code in page->jit, its run's end in insn.jit_end and entry as
 * its handler. Returns false when the code area has no room left for a page: the caller
 * drops its cache (every translation with it) and calls hppa_jit_reset. */
bool hppa_jit_translate(struct hppa_cpu *c, struct hppa_code_page *page,
			const void *entry_handler);
/* Forgets every translation: the code area is reused from its start. */
void hppa_jit_reset(struct hppa_jit *j);
void hppa_jit_free(struct hppa_jit *j);

#endif
