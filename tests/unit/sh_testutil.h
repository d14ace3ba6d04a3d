/* Unit tests that build their inputs with the host's tools (gcc, objcopy, readelf): a shell
 * command from a format, its exit status as system() gives it. */
#ifndef PROFEMU_TEST_SH_TESTUTIL_H
#define PROFEMU_TEST_SH_TESTUTIL_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static int sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int sh(const char *fmt, ...)
{
	char cmd[4096];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	return system(cmd);
}

#endif
