/* prohist: the histogram's arithmetic, kept apart from every output so that the text report,
 * the annotation and the SVG chart agree to the tick and the unit tests can check it alone.
 *
 * Addresses here are always bytes: ELF addresses as the .PRF records them, and for a DOS .PRF
 * linear addresses (paragraph * 16), so that one bucket model serves both layouts. */
#ifndef PROHIST_HIST_H
#define PROHIST_HIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "output/prf.h"

struct hist {
	const struct prf_data *prf;
	uint64_t unit;		/* bytes per header unit: 16 (paragraphs) for DOS, 1 for ELF */
	uint64_t low, high;	/* the sample area in bytes, [low, high) */
	uint64_t bucket_bytes;
	uint64_t bucket_ticks;	/* the sum of the buckets */
	uint64_t hit_ticks;	/* I/O + DOS + high */
	uint64_t total;		/* every tick: the buckets and the three hit counters */
	uint64_t max;		/* the largest bucket, which gets the full bar */
};

/* Checks that the header describes a histogram that can be drawn (a bucket size for a
 * non-empty histogram, an area that does not wrap, counts whose sum fits 64 bits) and fills h.
 * 0, or -1 with the reason in err. */
int hist_init(struct hist *h, const struct prf_data *prf, char *err, size_t errlen);

/* Bucket i's first byte and its last (inclusive, as the reports print ranges), the last
 * clipped at the sample area's end when that falls inside the bucket. */
uint64_t hist_bucket_first(const struct hist *h, uint64_t i);
uint64_t hist_bucket_last(const struct hist *h, uint64_t i);

/* count / total in hundredths of a percent, rounded half up; 0 when total is 0. Integer
 * arithmetic, so that the same file prints the same figures on every machine. */
uint64_t hist_percent_x100(uint64_t count, uint64_t total);

/* The bar of a bucket: count / max of width columns, rounded up so that every non-empty
 * bucket shows at least one column and the largest exactly width. */
unsigned hist_bar_len(uint64_t count, uint64_t max, unsigned width);

/* The buckets to show: the non-empty ones (every one with all) in address order, or with
 * top > 0 the top largest of those, by count descending then address ascending. Returns the
 * count and a malloc'd array of bucket indices in *out (to free), or -1 when out of memory. */
long hist_select(const struct hist *h, bool all, uint64_t top, uint64_t **out);

/* "12.34%" (right-aligned in 7 columns) for count / total; returns buf. */
const char *hist_percent_fmt(uint64_t count, uint64_t total, char *buf, size_t len);

/* ticks * grain µs as seconds with six decimals ("1.250000"), exact; returns buf. */
const char *hist_time_fmt(uint64_t ticks, uint64_t grain_us, char *buf, size_t len);

/* a * b / c rounded half up (c > 0), exact for any 64-bit a and b; saturates at UINT64_MAX. */
uint64_t hist_muldiv(uint64_t a, uint64_t b, uint64_t c);

#endif
