/* See diff.h. */
#include <stdlib.h>
#include <string.h>

#include "diff.h"

static uint64_t metric(const struct pfunc *f, enum diff_metric m)
{
	return !f ? 0 : m == DIFF_SELF ? f->self : f->incl;
}

static uint64_t change(const struct diff_row *r)
{
	return r->new > r->old ? r->new - r->old : r->old - r->new;
}

static int cmp_row(const void *pa, const void *pb)
{
	const struct diff_row *a = pa, *b = pb;
	uint64_t ca = change(a), cb = change(b);
	if (ca != cb)
		return ca < cb ? 1 : -1;
	return strcmp(a->name, b->name);
}

static void add_row(struct diff_row *rows, size_t *n, const char *name, uint64_t old, uint64_t new,
		    bool all)
{
	if (old != new || all)
		rows[(*n)++] = (struct diff_row){ .name = name, .old = old, .new = new };
}

struct diff_row *diff_rows(const struct profile *a, const struct profile *b, enum diff_metric m,
			   bool all, size_t *n)
{
	struct diff_row *rows = calloc(a->n + b->n + 1, sizeof(*rows));
	*n = 0;
	if (!rows)
		return NULL;
	for (size_t i = 0; i < a->n; i++)
		add_row(rows, n, a->funcs[i].name, metric(&a->funcs[i], m),
			metric(profile_find(b, a->funcs[i].name), m), all);
	for (size_t i = 0; i < b->n; i++) {
		if (!profile_find(a, b->funcs[i].name))
			add_row(rows, n, b->funcs[i].name, 0, metric(&b->funcs[i], m), all);
	}
	qsort(rows, *n, sizeof(*rows), cmp_row);
	return rows;
}

bool diff_past(uint64_t old, uint64_t new, const struct diff_threshold *t)
{
	if (!t->set || new <= old)
		return false;
	uint64_t grew = new - old;
	if (!t->percent)
		return (double)grew > t->value;
	return old == 0 || (double)grew * 100.0 > t->value * (double)old;
}
