/* Execution counts by instruction address, for back ends that keep per-block counters and fold
 * them in here when a block is forgotten or the counts are read (cpu_insn_counts). An
 * open-addressing table of (address, count); adding may be negative (a correction, in modular
 * arithmetic: what is read is never below zero when every correction follows its count). */
#ifndef PROFEMU_EMU_ADDR_COUNTS_H
#define PROFEMU_EMU_ADDR_COUNTS_H

#include <stddef.h>
#include <stdint.h>

struct addr_counts {
	uint64_t *keys;		/* address + 1; 0: empty */
	uint64_t *counts;
	size_t cap, used;	/* cap: a power of two */
};

/* 0 or -ENOMEM. */
int addr_counts_init(struct addr_counts *ac);
void addr_counts_free(struct addr_counts *ac);
/* counts[addr] += delta. 0 or -ENOMEM (the count is then lost). */
int addr_counts_add(struct addr_counts *ac, uint64_t addr, uint64_t delta);
/* fn for every address whose count is not zero, in table order. */
void addr_counts_each(const struct addr_counts *ac, void (*fn)(void *ctx, uint64_t addr, uint64_t count),
		      void *ctx);

#endif
