/* prohist: what the outputs show; see view.h. */
#include "view.h"

#include <stdlib.h>

#include "naming.h"

int view_init(struct view *v, const char *prf_path, const struct hist *h,
	      const struct program *prog, bool all, uint64_t top, size_t hot_default,
	      unsigned width)
{
	*v = (struct view){ .prf_path = prf_path, .prf = h->prf, .hist = h, .prog = prog,
			    .width = width };
	addr_fmt_init(&v->fmt, h);
	long nshown = hist_select(h, all, top, &v->shown);
	/* Hot buckets are for disassembly and labels: empty ones have nothing to show, so
	 * without --top they are the largest non-empty ones whatever --all says. */
	long nhot = hist_select(h, top ? all : false, top ? top : hot_default, &v->hot);
	if (nshown < 0 || nhot < 0) {
		view_free(v);
		return -1;
	}
	v->nshown = (size_t)nshown;
	v->nhot = (size_t)nhot;
	return 0;
}

void view_free(struct view *v)
{
	free(v->shown);
	free(v->hot);
	v->shown = v->hot = NULL;
}

const char *view_bucket_name(const struct view *v, uint64_t i, char *buf, size_t len)
{
	if (!v->prog || !v->prog->syms)
		return NULL;
	return bucket_name(v->prog->syms, hist_bucket_first(v->hist, i),
			   hist_bucket_last(v->hist, i), buf, len);
}
