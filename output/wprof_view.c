/* The writers' view of the profile: tables copied and sorted by key, so that a file never
 * depends on the order in which the run happened to insert records. */
#include <stdlib.h>
#include <string.h>

#include "output/wprof.h"

static int cmp_u64(uint64_t a, uint64_t b)
{
	return (a > b) - (a < b);
}

static int cmp_key(const void *a, const void *b)
{
	struct pairtab_key x, y;
	memcpy(&x, a, sizeof(x));
	memcpy(&y, b, sizeof(y));
	int c = cmp_u64(x.k0, y.k0);
	return c ? c : cmp_u64(x.k1, y.k1);
}

static void *sorted_copy(const struct pairtab *t, size_t *n)
{
	*n = 0;
	if (!t->len)
		return NULL;
	void *copy = malloc(t->len * t->rec_size);
	if (!copy) {
		*n = SIZE_MAX;
		return NULL;
	}
	memcpy(copy, t->recs, t->len * t->rec_size);
	qsort(copy, t->len, t->rec_size, cmp_key);
	*n = t->len;
	return copy;
}

struct wprof_pc *wprof_sorted_pcs(const struct wprof *w, size_t *n)
{
	return sorted_copy(&w->pcs, n);
}

struct wprof_arc *wprof_sorted_arcs(const struct wprof *w, size_t *n)
{
	return sorted_copy(&w->arcs, n);
}
