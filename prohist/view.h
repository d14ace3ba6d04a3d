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
	const struct addr_fmt *fmt;
	const struct program *prog;	/* NULL: no program file */
	const char *prog_path;		/* NULL: none named */
	const uint64_t *shown;		/* the histogram's lines: bucket indices */
	size_t nshown;
	const uint64_t *hot;		/* the hottest buckets, largest first */
	size_t nhot;
	unsigned width;			/* columns of the largest bar */
};

/* The bucket's name from the program's symbols into buf, or NULL when there are no symbols
 * to name anything with. */
const char *view_bucket_name(const struct view *v, uint64_t i, char *buf, size_t len);

/* The outputs. Each returns 0, or -1 on a write error (errno says which). */
int report_text(FILE *out, const struct view *v);
int report_annotate(FILE *out, const struct view *v);
int report_svg(FILE *out, const struct view *v);

#endif
