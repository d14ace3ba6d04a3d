/* prohist: what every output (text report, annotation, SVG chart) shows, decided once by
 * main.c: the profile, its program, and which buckets to list and which are the hottest. */
#ifndef PROHIST_VIEW_H
#define PROHIST_VIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "addr_fmt.h"
#include "hist.h"
#include "program.h"

struct view {
	const char *prf_path;
	const struct prf_data *prf;
	const struct hist *hist;
	struct addr_fmt fmt;
	const struct program *prog;	/* NULL: no program file */
	uint64_t *shown;		/* the histogram's lines: bucket indices */
	size_t nshown;
	uint64_t *hot;			/* the hottest buckets, largest first */
	size_t nhot;
	unsigned width;			/* columns of the largest bar */
};

/* What to show: every non-empty bucket (all: every bucket) in address order, or with top > 0
 * the top largest of those, largest first. The hottest are the listed ones with top, else the
 * hot_default largest non-empty buckets. prog may be NULL. 0, or -1 when out of memory. */
int view_init(struct view *v, const char *prf_path, const struct hist *h,
	      const struct program *prog, bool all, uint64_t top, size_t hot_default,
	      unsigned width);
void view_free(struct view *v);

/* The bucket's name from the program's symbols into buf, or NULL when there are no symbols
 * to name anything with. */
const char *view_bucket_name(const struct view *v, uint64_t i, char *buf, size_t len);

/* The outputs. Each returns 0, or -1 on a write error (errno says which). */
int report_text(FILE *out, const struct view *v);
int report_annotate(FILE *out, const struct view *v);
int report_svg(FILE *out, const struct view *v);

#endif
