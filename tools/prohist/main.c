/* prohist: shows a PROFIL profile (.PRF) as a text histogram, and on request the disassembly
 * of its hottest buckets and an SVG chart. The pieces are hist (arithmetic), program (the
 * profiled file and its symbols), addr_fmt, and the three report_* outputs; this file only
 * decides what they show and turns every failure into one line and an exit status. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output/atomic_file.h"
#include "options.h"
#include "prf_load.h"
#include "view.h"

static int input_error(const char *file, const char *reason)
{
	fprintf(stderr, "prohist: %s: %s\n", file, reason);
	return PROHIST_EXIT_INPUT;
}

static int emit_svg(FILE *f, const void *v)
{
	return report_svg(f, v) ? -(errno ? errno : EIO) : 0;
}

/* Whole or not at all, as profemu writes its profiles: a chart half written by a full disk
 * never replaces a good one. */
static int write_svg(const char *path, const struct view *v)
{
	int r = out_atomic_write(path, emit_svg, v);
	return r ? input_error(path, strerror(-r)) : 0;
}

/* Everything after the .PRF is read and checked. */
static int show(const struct prohist_options *o, const struct hist *h)
{
	const struct prf_data *prf = h->prf;
	const char *prog_path = o->program;
	if (!prog_path && !o->no_program && !prf->dos && prf->program && prf->program[0])
		prog_path = prf->program;
	char err[256];
	struct program prog;
	if (prog_path && program_open(&prog, prog_path, prf, err, sizeof(err)) != 0)
		return input_error(prog_path, err);
	struct view v;
	int status = 0;
	if (view_init(&v, o->prf_path, h, prog_path ? &prog : NULL, o->all, o->top,
		      PROHIST_DEFAULT_HOT, o->width) != 0) {
		status = input_error(o->prf_path, "out of memory");
	} else {
		/* Errors on stdout are caught once, at its final flush. */
		report_text(stdout, &v);
		if (o->annotate)
			report_annotate(stdout, &v);
		if (o->svg_path)
			status = write_svg(o->svg_path, &v);
		view_free(&v);
	}
	if (prog_path)
		program_close(&prog);
	return status;
}

int main(int argc, char **argv)
{
	struct prohist_options o;
	int r = prohist_options_parse(&o, argc, argv);
	if (r >= 0)
		return r;
	struct prf_data prf;
	char err[256];
	if (prf_load(o.prf_path, &prf, err, sizeof(err)) != 0)
		return input_error(o.prf_path, err);
	struct hist h;
	int status = hist_init(&h, &prf, err, sizeof(err)) != 0 ? input_error(o.prf_path, err)
								 : show(&o, &h);
	prf_free(&prf);
	/* A full disk or a closed pipe must not pass for success. */
	if (fflush(stdout) != 0 || ferror(stdout)) {
		if (!status)
			status = input_error("stdout", strerror(errno ? errno : EIO));
	}
	return status;
}
