/* Helpers shared by the profile writers' tests (test_gmon_writer.c, test_callgrind_writer.c,
 * test_folded_writer.c): a scratch directory, whole files, and the output of a real tool. */
#ifndef PROFEMU_TEST_OUTPUT_TESTUTIL_H
#define PROFEMU_TEST_OUTPUT_TESTUTIL_H

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../fixtures/fixtures.h"

/* A fresh directory under /tmp; out_rmdir removes it and what the test wrote in it. */
static inline void out_mkdir(char *dir, size_t len)
{
	snprintf(dir, len, "/tmp/profemu-output-XXXXXX");
	cr_assert_not_null(mkdtemp(dir));
}

static inline void out_rmdir(const char *dir)
{
	char cmd[4200];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	cr_expect_eq(system(cmd), 0);
}

/* The file as a NUL-terminated string (its size in *size if non-NULL). */
static inline char *out_slurp(const char *path, size_t *size)
{
	size_t n;
	uint8_t *buf = fixture_read_file(path, &n);
	cr_assert_not_null(buf, "cannot read %s", path);
	char *s = realloc(buf, n + 1);
	cr_assert_not_null(s);
	s[n] = '\0';
	if (size)
		*size = n;
	return s;
}

/* stdout and stderr of a shell command, which must exit 0. */
static inline char *out_run(const char *cmd)
{
	char *full;
	cr_assert_geq(asprintf(&full, "%s 2>&1", cmd), 0);
	FILE *p = popen(full, "r");
	free(full);
	cr_assert_not_null(p, "popen %s", cmd);
	size_t cap = 1 << 16, n = 0;
	char *buf = malloc(cap);
	cr_assert_not_null(buf);
	size_t got;
	while ((got = fread(buf + n, 1, cap - n - 1, p)) > 0) {
		n += got;
		if (n + 1 == cap) {
			buf = realloc(buf, cap *= 2);
			cr_assert_not_null(buf);
		}
	}
	buf[n] = '\0';
	int status = pclose(p);
	cr_assert_eq(status, 0, "`%s` failed (%d):\n%s", cmd, status, buf);
	return buf;
}

/* The line of text that ends with `suffix` (after trailing blanks are ignored) and starts
 * after `from`, copied to line; false if none. */
static inline bool out_line_ending(const char *text, const char *from, const char *suffix, char *line,
				   size_t len)
{
	const char *p = from ? strstr(text, from) : text;
	size_t sl = strlen(suffix);
	while (p && *p) {
		const char *end = strchr(p, '\n');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		size_t m = n;
		while (m && (p[m - 1] == ' ' || p[m - 1] == '\t'))
			m--;
		if (m >= sl && memcmp(p + m - sl, suffix, sl) == 0) {
			snprintf(line, len, "%.*s", (int)m, p);
			return true;
		}
		p = end ? end + 1 : NULL;
	}
	return false;
}

#endif
