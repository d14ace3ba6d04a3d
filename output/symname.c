/* Function names for the text writers, with the "0x<addr>" fallback. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output/symname.h"

char *out_func_name(const struct out_symbols *s, uint64_t addr, uint64_t *start)
{
	uint64_t off = 0;
	const char *name = s && s->name ? s->name(s->ctx, addr, &off) : NULL;
	char *copy;
	if (name && *name && off <= addr) {
		*start = addr - off;
		copy = strdup(name);
	} else {
		*start = addr;
		if (asprintf(&copy, "0x%" PRIx64, addr) < 0)
			copy = NULL;
	}
	for (char *p = copy; p && *p; p++)
		if (*p == '\n' || *p == '\r')
			*p = '?';
	return copy;
}

void out_where_of(const struct out_symbols *s, uint64_t addr, struct out_where *w)
{
	*w = (struct out_where){ .guest = addr };
	if (s && s->where)
		s->where(s->ctx, addr, w);
}
