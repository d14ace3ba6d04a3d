/* gmon.out, field by field through emu/byteorder.h (see gmon.h for the layout). */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "emu/byteorder.h"
#include "output/atomic_file.h"
#include "output/format.h"
#include "output/gmon.h"

enum { GMON_TAG_TIME_HIST = 0, GMON_TAG_CG_ARC = 1 };

#define GMON_BIN_MAX UINT64_C(0xffff)
#define GMON_ARC_MAX UINT64_C(0xffffffff)

static int put(FILE *f, const void *p, size_t n)
{
	return fwrite(p, 1, n, f) == n ? 0 : -EIO;
}

static int put_header(FILE *f, const struct wprof *w)
{
	uint8_t h[20] = "gmon";
	bo_put32(h + 4, 1, w->cfg.big_endian);
	return put(f, h, sizeof(h));
}

/* Records needed so that every bin's count fits: ceil(max / 65535), and at least one, so that
 * gprof learns the range and the rate even from a run with no tick in the text. */
static uint64_t hist_records(const struct wprof *w)
{
	return w->hist_max ? (w->hist_max + GMON_BIN_MAX - 1) / GMON_BIN_MAX : 1;
}

/* Record k carries min(65535, what is left of the bin after records 0..k-1). */
static int put_hist_record(FILE *f, const struct wprof *w, uint64_t k, uint32_t rate)
{
	const unsigned ws = w->cfg.word_size;
	const bool be = w->cfg.big_endian;
	uint8_t hdr[1 + 8 + 8 + 4 + 4 + 16], *p = hdr;
	*p++ = GMON_TAG_TIME_HIST;
	bo_put(p, w->cfg.text_lo, ws, be);
	p += ws;
	bo_put(p, wprof_hist_hi(w), ws, be);
	p += ws;
	bo_put32(p, (uint32_t)w->nbins, be);
	p += 4;
	bo_put32(p, rate, be);
	p += 4;
	memset(p, 0, 15);
	memcpy(p, "seconds", 7);
	p[15] = 's';
	p += 16;
	int r = put(f, hdr, (size_t)(p - hdr));

	/* A chunk no tick touched is zeros: written without reading its counters (the histogram
	 * of a large program is megabytes, nearly all of it never hit). */
	static const uint8_t zeros[2 * WPROF_HIST_CHUNK_BINS];
	uint8_t buf[2 * WPROF_HIST_CHUNK_BINS];
	const uint64_t done = k * GMON_BIN_MAX;
	for (uint64_t i = 0; !r && i < w->nbins; i += WPROF_HIST_CHUNK_BINS) {
		uint64_t left = w->nbins - i;
		size_t bins = left < WPROF_HIST_CHUNK_BINS ? (size_t)left : WPROF_HIST_CHUNK_BINS;
		if (!wprof_hist_chunk_touched(w, i)) {
			r = put(f, zeros, 2 * bins);
			continue;
		}
		for (size_t j = 0; j < bins; j++) {
			uint64_t c = w->hist[i + j];
			c = c > done ? c - done : 0;
			bo_put16(buf + 2 * j, (uint16_t)(c < GMON_BIN_MAX ? c : GMON_BIN_MAX), be);
		}
		r = put(f, buf, 2 * bins);
	}
	return r;
}

static int put_arc(FILE *f, const struct wprof *w, uint64_t from, uint64_t self, uint32_t count)
{
	const unsigned ws = w->cfg.word_size;
	const bool be = w->cfg.big_endian;
	uint8_t rec[1 + 8 + 8 + 4], *p = rec;
	*p++ = GMON_TAG_CG_ARC;
	bo_put(p, from, ws, be);
	p += ws;
	bo_put(p, self, ws, be);
	p += ws;
	bo_put32(p, count, be);
	p += 4;
	return put(f, rec, (size_t)(p - rec));
}

static int put_arcs(FILE *f, const struct wprof *w)
{
	size_t n;
	struct wprof_arc *arcs = wprof_sorted_arcs(w, &n);
	if (n == SIZE_MAX)
		return -ENOMEM;
	int r = 0;
	for (size_t i = 0; !r && i < n; i++) {
		for (uint64_t left = arcs[i].calls; !r && left; ) {
			uint64_t c = left < GMON_ARC_MAX ? left : GMON_ARC_MAX;
			r = put_arc(f, w, arcs[i].from, arcs[i].self, (uint32_t)c);
			left -= c;
		}
	}
	free(arcs);
	return r;
}

int gmon_write_stream(FILE *f, const struct wprof *w, uint32_t prof_rate_hz)
{
	if (!prof_rate_hz)
		return -EINVAL;
	int r = put_header(f, w);
	uint64_t records = w->nbins ? hist_records(w) : 0;
	for (uint64_t k = 0; !r && k < records; k++)
		r = put_hist_record(f, w, k, prof_rate_hz);
	return r ? r : put_arcs(f, w);
}

struct gmon_job {
	const struct wprof *w;
	uint32_t rate;
};

static int emit(FILE *f, const void *ctx)
{
	const struct gmon_job *job = ctx;
	return gmon_write_stream(f, job->w, job->rate);
}

int gmon_write(const char *path, const struct wprof *w, uint32_t prof_rate_hz)
{
	if (!prof_rate_hz)
		return -EINVAL;
	struct gmon_job job = {w, prof_rate_hz};
	return out_atomic_write(path, emit, &job);
}

static int write_gmon(const char *path, const struct out_run *run)
{
	return gmon_write(path, run->wp, run->hz);
}

const struct out_format out_format_gmon = {
	.name = "gmon",
	.help = "gmon.out for gprof: histogram of the program and its exact call graph",
	.needs = OUT_NEEDS_CALL_GRAPH,
	.write = write_gmon,
};
