/* prohist: the name of a bucket; see naming.h. */
#include "naming.h"

#include <stdio.h>

const char *bucket_name(const struct symtab *st, uint64_t first, uint64_t last,
			char *buf, size_t len)
{
	const char *a = symtab_lookup(st, first, NULL);
	const char *b = symtab_lookup(st, last, NULL);
	/* The same symbol gives the same pointer: two static functions that share a name are
	 * still two functions. A last byte in no function (padding after the last one of a
	 * section) adds nothing to the name. */
	if (a == b || !b)
		snprintf(buf, len, "%s", a ? a : "?");
	else
		snprintf(buf, len, "%s..%s", a ? a : "?", b);
	return buf;
}
