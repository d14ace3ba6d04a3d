/* prohist: the name of a bucket; see naming.h. */
#include "naming.h"

#include <stdio.h>

#include "view.h"

const char *bucket_name(const struct symtab *st, uint64_t first, uint64_t last,
			char *buf, size_t len)
{
	const char *a = symtab_lookup(st, first, NULL);
	const char *b = symtab_lookup(st, last, NULL);
	/* The same symbol gives the same pointer: two static functions that share a name are
	 * still two functions. */
	if (a == b)
		snprintf(buf, len, "%s", a ? a : "?");
	else
		snprintf(buf, len, "%s..%s", a ? a : "?", b ? b : "?");
	return buf;
}

const char *view_bucket_name(const struct view *v, uint64_t i, char *buf, size_t len)
{
	if (!v->prog || !v->prog->syms)
		return NULL;
	return bucket_name(v->prog->syms, hist_bucket_first(v->hist, i),
			   hist_bucket_last(v->hist, i), buf, len);
}
