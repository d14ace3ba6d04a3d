/* A second, deliberately naive implementation of profil/sprofil and the tick, written straight
 * from the rules (../../../shared/SEMANTICS.md, the lead's DECIDED list, doc/profil.2 and
 * doc/sprofil.2) with no code from profil/: entries kept in array order, every lookup a loop over
 * all of them, all arithmetic in unsigned __int128. test_profil_property.c compares it with the
 * core. Only the contract's types (struct prof_mem, the outcome and flag enums) are shared. */
#ifndef PROFEMU_TEST_PROFIL_REFERENCE_H
#define PROFEMU_TEST_PROFIL_REFERENCE_H

#include <stdbool.h>
#include <stdint.h>

#include "profil/profil.h"

#define REF_MAX_ENTRIES 64

struct ref_entry {
	uint64_t base, size, offset, scale;
};

struct ref_state {
	struct prof_config cfg;
	enum { REF_OFF, REF_PROFIL, REF_SPROFIL } mode;
	unsigned es;					/* element bytes (sprofil) */
	struct ref_entry e[REF_MAX_ENTRIES];		/* kept entries, in array order */
	unsigned n;
	bool has_ovf;
	struct ref_entry ovf;
};

void ref_init(struct ref_state *r, const struct prof_config *cfg);
int ref_profil(struct ref_state *r, const struct prof_mem *m, uint64_t buf, uint64_t bufsiz,
	       uint64_t offset, uint64_t scale);
int ref_sprofil(struct ref_state *r, const struct prof_mem *m, uint64_t profp, int64_t profcnt,
		uint64_t tvp, uint64_t flags);
/* Returns 0 or PROF_RAISE_SIGSEGV; *outcome as prof_tick's explain. */
int ref_tick(struct ref_state *r, const struct prof_mem *m, uint64_t pc, enum prof_tick_outcome *outcome);
bool ref_enabled(const struct ref_state *r);

#endif
