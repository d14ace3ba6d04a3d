/* prohist: how addresses print, the same in the text report, the annotation and the chart.
 *
 * ELF: 0x-prefixed hex, zero-padded to the digits of the highest bucket address, so that the
 * columns line up. DOS: seg:off. When the whole sample area fits in one 64 KiB segment from
 * its first paragraph (the PSP: every .COM program), the segment is that paragraph and the
 * offsets are the program's own IP values (a .COM listing's ORG 100h addresses); a larger
 * area prints normalised seg:off (offset 0-F). */
#ifndef PROHIST_ADDR_FMT_H
#define PROHIST_ADDR_FMT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hist.h"

struct addr_fmt {
	bool dos;
	unsigned digits;	/* ELF */
	bool one_segment;	/* DOS: offsets from seg_base */
	uint64_t seg_base;	/* DOS: linear address of the first paragraph */
};

void addr_fmt_init(struct addr_fmt *f, const struct hist *h);
/* Formats one address or a range first-last (inclusive) into buf; returns buf. */
const char *addr_fmt(const struct addr_fmt *f, uint64_t addr, char *buf, size_t len);
const char *addr_fmt_range(const struct addr_fmt *f, uint64_t first, uint64_t last,
			   char *buf, size_t len);
/* The address a disassembler should give an instruction at linear address addr, so that
 * branch targets read like the addresses printed: the address itself (ELF) or its offset
 * from the first paragraph (DOS: the IP of a .COM program; past 64 KiB a 16-bit decoder
 * wraps it, as the CPU would). */
uint64_t addr_fmt_code_addr(const struct addr_fmt *f, uint64_t addr);

#endif
