/* The callgrind writer's items (callgrind_items.h): their order and their release, which the
 * writer (callgrind.c) and its --skip-plt pass (callgrind_plt.c) both use. */
#include <stdlib.h>
#include <string.h>

#include "output/callgrind_items.h"

static int cmp_u64(uint64_t a, uint64_t b)
{
	return (a > b) - (a < b);
}

int callgrind_cmp_item(const void *pa, const void *pb)
{
	const struct cg_item *a = pa, *b = pb;
	int c = cmp_u64(a->fstart, b->fstart);
	if (!c)
		c = strcmp(a->fname, b->fname);
	if (!c)
		c = cmp_u64(a->addr, b->addr);
	if (!c)
		c = (int)a->is_call - (int)b->is_call;
	if (!c)
		c = cmp_u64(a->target, b->target);
	if (!c && a->is_call)
		c = strcmp(a->cname, b->cname);
	/* two cost lines at one address (--skip-plt's at a call site): a fixed order */
	if (!c)
		c = cmp_u64(a->ir, b->ir);
	if (!c)
		c = cmp_u64(a->count, b->count);
	return c;
}

void callgrind_free_items(struct cg_item *items, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(items[i].fname);
		free(items[i].cname);
	}
	free(items);
}
