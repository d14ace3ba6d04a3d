/* prohist --svg: the histogram as an SVG bar chart. Buckets run along x in address order,
 * ticks up y (the largest bucket reaches the top), the hottest buckets are drawn in another
 * colour and labelled with their function. Only non-empty buckets get a bar, so a program of
 * many buckets stays a small file; every number is printed with fixed decimals and nothing
 * depends on the time or the machine, so the same .PRF gives the same bytes. */
#include "view.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>

#define SVG_W 1000
#define SVG_H 440
#define PLOT_X 80
#define PLOT_W 900
#define PLOT_Y 120	/* room above for the heading and the rotated labels */
#define PLOT_H 240
#define BASE_Y (PLOT_Y + PLOT_H)

/* Text content and attribute values with XML's five special characters escaped. */
static void xml_text(FILE *out, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", out); break;
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '"': fputs("&quot;", out); break;
		case '\'': fputs("&apos;", out); break;
		default:
			/* Control characters are not allowed in XML 1.0 at all. */
			fputc((unsigned char)*s < 0x20 && *s != '\t' ? '?' : *s, out);
		}
	}
}

/* A percentage without hist_percent_fmt's alignment spaces, for running text. */
static const char *pct_of(uint64_t count, uint64_t total, char *buf, size_t len)
{
	const char *p = hist_percent_fmt(count, total, buf, len);
	while (*p == ' ')
		p++;
	return p;
}

static void heading(FILE *out, const struct view *v)
{
	const struct prf_data *prf = v->prf;
	const struct hist *h = v->hist;
	char a[16], b[16], c[16], secs[64];
	fputs("<text x=\"10\" y=\"22\" font-size=\"16\">prohist: ", out);
	xml_text(out, v->prf_path);
	fprintf(out, "</text>\n<text x=\"10\" y=\"42\" font-size=\"12\">program: ");
	xml_text(out, v->prog ? v->prog->path : "(none)");
	fprintf(out, "</text>\n<text x=\"10\" y=\"60\" font-size=\"12\">%" PRIu64
		" ticks of %" PRIu64 " us (%s s): buckets %" PRIu64 ", I/O %" PRIu64 " (%s),"
		" DOS %" PRIu64 " (%s), high %" PRIu64 " (%s)</text>\n",
		h->total, prf->clock_grain, hist_time_fmt(h->total, prf->clock_grain, secs, sizeof(secs)),
		h->bucket_ticks, prf->hit_io, pct_of(prf->hit_io, h->total, a, sizeof(a)),
		prf->hit_dos, pct_of(prf->hit_dos, h->total, b, sizeof(b)),
		prf->hit_high, pct_of(prf->hit_high, h->total, c, sizeof(c)));
}

static void axes(FILE *out, const struct view *v)
{
	const struct hist *h = v->hist;
	char lo[40], hi[40];
	fprintf(out, "<g stroke=\"black\" stroke-width=\"1\">\n"
		"<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n"
		"<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n</g>\n",
		PLOT_X, BASE_Y, PLOT_X + PLOT_W, BASE_Y, PLOT_X, PLOT_Y, PLOT_X, BASE_Y);
	fprintf(out, "<g font-size=\"11\">\n"
		"<text x=\"%d\" y=\"%d\" text-anchor=\"end\">0</text>\n"
		"<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%" PRIu64 "</text>\n"
		"<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 %d %d)\">ticks"
		"</text>\n",
		PLOT_X - 6, BASE_Y + 4, PLOT_X - 6, PLOT_Y + 4, h->max, 20, PLOT_Y + PLOT_H / 2, 20,
		PLOT_Y + PLOT_H / 2);
	uint64_t top = h->prf->bucket_num ? hist_bucket_last(h, h->prf->bucket_num - 1) : h->low;
	fprintf(out, "<text x=\"%d\" y=\"%d\">", PLOT_X, BASE_Y + 16);
	xml_text(out, addr_fmt(&v->fmt, h->low, lo, sizeof(lo)));
	fprintf(out, "</text>\n<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", PLOT_X + PLOT_W,
		BASE_Y + 16);
	xml_text(out, addr_fmt(&v->fmt, top, hi, sizeof(hi)));
	fprintf(out, "</text>\n<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">address (%" PRIu64
		" buckets of %" PRIu64 " %s%s)</text>\n</g>\n",
		PLOT_X + PLOT_W / 2, BASE_Y + 36, h->prf->bucket_num, h->prf->bucket_siz,
		h->prf->dos ? "paragraph" : "byte", h->prf->bucket_siz == 1 ? "" : "s");
}

static void bar(FILE *out, const struct view *v, uint64_t i, bool hot)
{
	const struct hist *h = v->hist;
	uint64_t count = v->prf->buckets[i];
	double n = (double)h->prf->bucket_num;
	double x = PLOT_X + (double)i * PLOT_W / n;
	double w = PLOT_W / n < 1 ? 1 : PLOT_W / n;	/* a bar narrower than a pixel would vanish */
	double bh = (double)count * PLOT_H / (double)h->max;
	char range[96], name[512], pct[16];
	const char *fn = view_bucket_name(v, i, name, sizeof(name));
	addr_fmt_range(&v->fmt, hist_bucket_first(h, i), hist_bucket_last(h, i), range, sizeof(range));
	fprintf(out, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"%s\"><title>",
		x, BASE_Y - bh, w, bh, hot ? "#c0392b" : "#4a7ab5");
	xml_text(out, range);
	if (fn) {
		fputc(' ', out);
		xml_text(out, fn);
	}
	fprintf(out, ": %" PRIu64 " ticks (%s)</title></rect>\n", count,
		pct_of(count, h->total, pct, sizeof(pct)));
	if (!hot)
		return;
	/* The label stands on the bar's top, turned so that neighbours do not overlap much. */
	double lx = x + w / 2, ly = BASE_Y - bh - 4;
	fprintf(out, "<text x=\"%.2f\" y=\"%.2f\" font-size=\"11\" transform=\"rotate(-45 %.2f %.2f)\">",
		lx, ly, lx, ly);
	xml_text(out, fn ? fn : range);
	fputs("</text>\n", out);
}

int report_svg(FILE *out, const struct view *v)
{
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
		" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n"
		"<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"white\"/>\n",
		SVG_W, SVG_H, SVG_W, SVG_H, SVG_W, SVG_H);
	heading(out, v);
	axes(out, v);
	const struct prf_data *prf = v->prf;
	if (!v->hist->max)
		fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">no ticks in the program's"
			" buckets</text>\n", PLOT_X + PLOT_W / 2, PLOT_Y + PLOT_H / 2);
	/* Which buckets are hot, by index: --top can name many. */
	bool *hot = calloc(prf->bucket_num ? prf->bucket_num : 1, sizeof(*hot));
	if (!hot) {
		errno = ENOMEM;
		return -1;
	}
	for (size_t k = 0; k < v->nhot; k++)
		hot[v->hot[k]] = true;
	for (uint64_t i = 0; i < prf->bucket_num && v->hist->max; i++)
		if (prf->buckets[i])
			bar(out, v, i, hot[i]);
	free(hot);
	fputs("</svg>\n", out);
	return ferror(out) ? -1 : 0;
}
