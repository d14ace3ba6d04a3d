/* PATH.tmp, then rename(2): atomic on every POSIX file system when both are in one directory. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "output/atomic_file.h"

int out_atomic_write(const char *path, int (*emit)(FILE *f, const void *ctx), const void *ctx)
{
	char *tmp;
	if (asprintf(&tmp, "%s.tmp", path) < 0)
		return -ENOMEM;
	FILE *f = fopen(tmp, "wb");
	if (!f) {
		int e = -errno;
		free(tmp);
		return e;
	}
	int r = emit(f, ctx);
	if (!r && fflush(f) != 0)
		r = -errno;
	if (!r && ferror(f))
		r = -EIO;
	if (fclose(f) != 0 && !r)
		r = -errno;
	if (!r && rename(tmp, path) != 0)
		r = -errno;
	if (r)
		unlink(tmp);
	free(tmp);
	return r;
}
