/* prohist: the histogram's arithmetic; see hist.h. */
#include "hist.h"

#include <stdio.h>
#include <stdlib.h>

/* 128-bit intermediates: a count times 10000 (or times a bar width, or ticks times the clock
 * grain) can pass 64 bits, and the results must be exact to stay reproducible. */
__extension__ typedef unsigned __int128 u128;

static uint64_t muldiv_add(uint64_t a, uint64_t b, uint64_t c, uint64_t add)
{
	u128 q = ((u128)a * b + add) / c;
	return q > UINT64_MAX ? UINT64_MAX : (uint64_t)q;
}

uint64_t hist_muldiv(uint64_t a, uint64_t b, uint64_t c)
{
	return muldiv_add(a, b, c, c / 2);
}

uint64_t hist_percent_x100(uint64_t count, uint64_t total)
{
	return total ? hist_muldiv(count, 10000, total) : 0;
}

const char *hist_percent_fmt(uint64_t count, uint64_t total, char *buf, size_t len)
{
	uint64_t x = hist_percent_x100(count, total);
	snprintf(buf, len, "%3llu.%02llu%%", (unsigned long long)(x / 100),
		 (unsigned long long)(x % 100));
	return buf;
}

const char *hist_time_fmt(uint64_t ticks, uint64_t grain_us, char *buf, size_t len)
{
	u128 us = (u128)ticks * grain_us;
	u128 s = us / 1000000;
	/* The seconds may pass 64 bits (2^64 ticks of a long grain): digits by hand. */
	char digits[48];
	size_t n = 0;
	do {
		digits[n++] = (char)('0' + (unsigned)(s % 10));
		s /= 10;
	} while (s);
	size_t w = 0;
	while (n && w + 1 < len)
		buf[w++] = digits[--n];
	snprintf(buf + w, len - w, ".%06u", (unsigned)(us % 1000000));
	return buf;
}

unsigned hist_bar_len(uint64_t count, uint64_t max, unsigned width)
{
	if (!max || !count)
		return 0;
	if (count >= max)
		return width;
	return (unsigned)muldiv_add(count, width, max, max - 1);
}

static int fail(char *err, size_t errlen, const char *why)
{
	snprintf(err, errlen, "%s", why);
	return -1;
}

int hist_init(struct hist *h, const struct prf_data *prf, char *err, size_t errlen)
{
	*h = (struct hist){ .prf = prf, .unit = prf->dos ? 16 : 1 };
	if (prf->bucket_num && !prf->bucket_siz)
		return fail(err, errlen, "malformed .PRF: bucket size 0");
	if (prf->prog_low > prf->prog_high)
		return fail(err, errlen, "malformed .PRF: the program area ends below its start");
	uint64_t span;
	if (__builtin_mul_overflow(prf->bucket_siz, h->unit, &h->bucket_bytes) ||
	    __builtin_mul_overflow(prf->prog_low, h->unit, &h->low) ||
	    __builtin_mul_overflow(prf->prog_high, h->unit, &h->high) ||
	    __builtin_mul_overflow(prf->bucket_num, h->bucket_bytes, &span) ||
	    __builtin_add_overflow(h->low, span, &span))
		return fail(err, errlen,
			    "malformed .PRF: the buckets pass the end of the address space");
	for (uint64_t i = 0; i < prf->bucket_num; i++) {
		if (__builtin_add_overflow(h->bucket_ticks, prf->buckets[i], &h->bucket_ticks))
			return fail(err, errlen, "malformed .PRF: the bucket counts overflow 64 bits");
		if (prf->buckets[i] > h->max)
			h->max = prf->buckets[i];
	}
	if (__builtin_add_overflow(prf->hit_io, prf->hit_dos, &h->hit_ticks) ||
	    __builtin_add_overflow(h->hit_ticks, prf->hit_high, &h->hit_ticks) ||
	    __builtin_add_overflow(h->bucket_ticks, h->hit_ticks, &h->total))
		return fail(err, errlen, "malformed .PRF: the tick counts overflow 64 bits");
	return 0;
}

uint64_t hist_bucket_first(const struct hist *h, uint64_t i)
{
	return h->low + i * h->bucket_bytes;
}

uint64_t hist_bucket_last(const struct hist *h, uint64_t i)
{
	uint64_t first = hist_bucket_first(h, i);
	uint64_t last = first + (h->bucket_bytes - 1);
	/* The last bucket usually overhangs the program's end: show where the program ends. */
	if (h->high > first && h->high - 1 < last)
		last = h->high - 1;
	return last;
}

struct ranked {
	uint64_t count, index;
};

static int by_count_then_address(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;
	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return x->index < y->index ? -1 : x->index > y->index;
}

long hist_select(const struct hist *h, bool all, uint64_t top, uint64_t **out)
{
	const struct prf_data *prf = h->prf;
	size_t n = 0;
	for (uint64_t i = 0; i < prf->bucket_num; i++)
		n += all || prf->buckets[i];
	*out = malloc((n ? n : 1) * sizeof(**out));
	struct ranked *r = top ? malloc((n ? n : 1) * sizeof(*r)) : NULL;
	if (!*out || (top && !r)) {
		free(*out);
		free(r);
		*out = NULL;
		return -1;
	}
	size_t k = 0;
	for (uint64_t i = 0; i < prf->bucket_num; i++) {
		if (!all && !prf->buckets[i])
			continue;
		if (r)
			r[k] = (struct ranked){ prf->buckets[i], i };
		(*out)[k++] = i;
	}
	if (r) {
		/* Ties go to the lower address, so the order never depends on qsort's. */
		qsort(r, n, sizeof(*r), by_count_then_address);
		if (n > top)
			n = (size_t)top;
		for (size_t j = 0; j < n; j++)
			(*out)[j] = r[j].index;
		free(r);
	}
	return (long)n;
}
