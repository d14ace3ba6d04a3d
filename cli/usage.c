/* See usage.h. */
#include "usage.h"

#include <stdio.h>

int usage_error(const char *program, const char *fmt, const char *arg)
{
	fprintf(stderr, "%s: ", program);
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nTry '%s --help' for more information.\n", program);
	return USAGE_EXIT_STATUS;
}
