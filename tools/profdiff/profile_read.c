/* The choice of reader for a profile file (profile_read.h). */
#include "profile_read.h"

#include <errno.h>
#include <string.h>

#include "read_callgrind.h"
#include "read_counts.h"

int profile_read(const char *path, struct profile *p, char *err, size_t errlen)
{
	memset(p, 0, sizeof(*p));
	FILE *f = fopen(path, "r");
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	int c;
	while ((c = getc(f)) == ' ' || c == '\n' || c == '\t' || c == '\r')
		;
	ungetc(c, f);
	char why[256];
	int r = c == '{' ? profile_read_counts(f, p, why, sizeof(why))
			 : profile_read_callgrind(f, p, why, sizeof(why));
	fclose(f);
	if (r) {
		snprintf(err, errlen, "%s: %s", path, why);
		profile_free(p);
		return -1;
	}
	profile_finish(p);
	return 0;
}
