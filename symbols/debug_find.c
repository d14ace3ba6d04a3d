/* The places a separate debug file is looked for: see debug_find.h. */
#include "symbols/debug_find.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static bool is_file(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

bool debug_find_candidate(char *const *dirs, size_t ndirs, const char *object, const char *debuglink,
			  const unsigned char *id, size_t idlen, char *found, size_t found_len)
{
	if (!found || found_len == 0)
		return false;
	if (id && idlen >= 2) {
		char hex[2 * 64 + 1];
		size_t n = idlen < 64 ? idlen : 64;
		for (size_t i = 0; i < n; i++)
			snprintf(hex + 2 * i, 3, "%02x", id[i]);
		for (size_t d = 0; d < ndirs; d++) {
			if (dirs[d] && (size_t)snprintf(found, found_len, "%s/.build-id/%.2s/%s.debug",
							dirs[d], hex, hex + 2) < found_len &&
			    is_file(found))
				return true;
		}
	}
	if (!debuglink || !*debuglink || !object)
		return false;
	const char *slash = strrchr(object, '/');
	int dirlen = slash ? (int)(slash - object) : 0;
	const char *dir = slash ? object : "";
	if ((size_t)snprintf(found, found_len, "%.*s/%s", dirlen, dir, debuglink) < found_len &&
	    strcmp(found, object) != 0 && is_file(found))
		return true;
	if ((size_t)snprintf(found, found_len, "%.*s/.debug/%s", dirlen, dir, debuglink) < found_len &&
	    is_file(found))
		return true;
	for (size_t d = 0; d < ndirs; d++)
		if (dirs[d] && (size_t)snprintf(found, found_len, "%s%.*s/%s", dirs[d], dirlen, dir,
						debuglink) < found_len && is_file(found))
			return true;
	return false;
}
