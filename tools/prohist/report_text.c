/* prohist: the histogram as text: a heading, one line per bucket shown (range, function,
 * ticks, percentage of all ticks, bar), the three hit counters, the total and the time. */
#include "view.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>

#define NAME_MAX_COLS 40	/* longer names stay whole and push their line's columns */

static unsigned digits10(uint64_t v)
{
	unsigned n = 1;
	while (v >= 10) {
		v /= 10;
		n++;
	}
	return n;
}

static void heading(FILE *out, const struct view *v)
{
	const struct prf_data *prf = v->prf;
	const struct hist *h = v->hist;
	char range[96];
	if (prf->dos)
		fprintf(out, "profile        %s (DOS layout)\n", v->prf_path);
	else
		fprintf(out, "profile        %s (ELF layout, %s)\n", v->prf_path,
			cpu_arch_name((enum cpu_arch)prf->arch));
	fprintf(out, "program        %s\n", v->prog ? v->prog->path : "(none)");
	fprintf(out, "buckets        %" PRIu64 " of %" PRIu64 " %s%s", prf->bucket_num,
		prf->bucket_siz, prf->dos ? "paragraph" : "byte", prf->bucket_siz == 1 ? "" : "s");
	if (h->high > h->low)
		fprintf(out, " over %s",
			addr_fmt_range(&v->fmt, h->low, h->high - 1, range, sizeof(range)));
	fputc('\n', out);
}

/* Column widths from what will be printed, so that the layout depends on the data only. */
static void widths(const struct view *v, int *range_w, int *name_w, int *count_w)
{
	uint64_t widest = v->hist->total;	/* no count printed is larger */
	*range_w = (int)strlen("range");
	*name_w = 0;
	for (size_t k = 0; k < v->nshown; k++) {
		uint64_t i = v->shown[k];
		char buf[512];
		int n = (int)strlen(addr_fmt_range(&v->fmt, hist_bucket_first(v->hist, i),
						  hist_bucket_last(v->hist, i), buf, sizeof(buf)));
		if (n > *range_w)
			*range_w = n;
		const char *name = view_bucket_name(v, i, buf, sizeof(buf));
		n = name ? (int)strlen(name) : 0;
		if (n > *name_w)
			*name_w = n < NAME_MAX_COLS ? n : NAME_MAX_COLS;
	}
	if (v->prog && v->prog->syms && *name_w < (int)strlen("function"))
		*name_w = (int)strlen("function");
	*count_w = (int)digits10(widest);
	if (*count_w < 5)
		*count_w = 5;
}

static void bucket_line(FILE *out, const struct view *v, uint64_t i, int range_w, int name_w,
			int count_w)
{
	const struct hist *h = v->hist;
	uint64_t count = v->prf->buckets[i];
	char range[96], name[512], pct[16];
	addr_fmt_range(&v->fmt, hist_bucket_first(h, i), hist_bucket_last(h, i), range, sizeof(range));
	fprintf(out, "%-*s", range_w, range);
	if (name_w)
		fprintf(out, "  %-*s", name_w, view_bucket_name(v, i, name, sizeof(name)));
	fprintf(out, "  %*" PRIu64 " %s", count_w, count,
		hist_percent_fmt(count, h->total, pct, sizeof(pct)));
	unsigned bar = hist_bar_len(count, h->max, v->width);
	if (bar) {
		fputs("  ", out);
		for (unsigned c = 0; c < bar; c++)
			fputc('#', out);
	}
	fputc('\n', out);
}

static void hit_line(FILE *out, const char *label, uint64_t count, uint64_t total, int count_w)
{
	char pct[16];
	fprintf(out, "%-13s  %*" PRIu64 " %s\n", label, count_w, count,
		hist_percent_fmt(count, total, pct, sizeof(pct)));
}

int report_text(FILE *out, const struct view *v)
{
	const struct prf_data *prf = v->prf;
	const struct hist *h = v->hist;
	int range_w, name_w, count_w;
	heading(out, v);
	widths(v, &range_w, &name_w, &count_w);
	fputc('\n', out);
	if (v->nshown) {
		fprintf(out, "%-*s", range_w, "range");
		if (name_w)
			fprintf(out, "  %-*s", name_w, "function");
		fprintf(out, "  %*s %7s\n", count_w, "ticks", "%");
		for (size_t k = 0; k < v->nshown; k++)
			bucket_line(out, v, v->shown[k], range_w, name_w, count_w);
	} else {
		fprintf(out, "(no ticks in the program's buckets)\n");
	}
	fputc('\n', out);
	hit_line(out, "I/O hits", prf->hit_io, h->total, count_w);
	hit_line(out, "DOS hits", prf->hit_dos, h->total, count_w);
	hit_line(out, "high hits", prf->hit_high, h->total, count_w);
	char secs[64];
	fprintf(out, "%-13s  %*" PRIu64 " ticks (%" PRIu64 " in buckets, %" PRIu64 " hits)\n",
		"total", count_w, h->total, h->bucket_ticks, h->hit_ticks);
	fprintf(out, "%-13s  %*" PRIu64 " us per tick\n", "clock grain", count_w, prf->clock_grain);
	fprintf(out, "%-13s  %s s\n", "profiled time",
		hist_time_fmt(h->total, prf->clock_grain, secs, sizeof(secs)));
	return ferror(out) ? -1 : 0;
}
