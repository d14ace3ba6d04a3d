/* The PROFIL program (../shared/seeds/msdos-profil-program.txt), for ELF and DOS programs:
 * the program is chopped into buckets; each clock tick increments the bucket of the pc, or
 * one of three counters: an I/O hit or a DOS hit (a tick that fell inside a system call, as the
 * cost model charges it), or a high hit (a pc outside the program: libraries, heap, stack). */
#ifndef PROFEMU_PRF_MODE_H
#define PROFEMU_PRF_MODE_H

#include <stdbool.h>
#include <stdint.h>

#include "../output/prf.h"

/* Which part of the system a tick was charged to. */
enum prf_charge {
	PRF_CHARGE_NONE,	/* the program itself was running */
	PRF_CHARGE_IO,		/* inside an I/O system call (read, write, open...) */
	PRF_CHARGE_DOS,		/* inside any other system call */
};

struct prf_mode {
	struct prf_data data;	/* what is written */
	uint64_t unit;		/* bytes per bucket (bucket_siz, or paragraphs x 16 for DOS) */
};

/* Sizes the buckets over [low, high) (addresses). For DOS, bucket_size counts paragraphs and
 * low/high are paragraph numbers. 0 or -ENOMEM. */
int prf_mode_init(struct prf_mode *m, bool dos, uint64_t low, uint64_t high, uint64_t bucket_size,
		  uint64_t clock_grain_us);
void prf_mode_free(struct prf_mode *m);

/* One tick: the seed's classification. */
void prf_mode_tick(struct prf_mode *m, uint64_t pc, enum prf_charge charge);

#endif
