/* See atomic_file.h: in place for devices, FIFOs and sockets; a temporary file and rename(2)
 * for regular files (atomic on every POSIX file system when both are in one directory). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "output/atomic_file.h"

/* Symbolic links followed before giving up, as the kernel's own limit (ELOOP). */
#define OUT_MAX_LINKS 40

/* emit into fd (taken over), flushed and closed. 0 or -errno. */
static int emit_to_fd(int fd, int (*emit)(FILE *f, const void *ctx), const void *ctx)
{
	FILE *f = fdopen(fd, "wb");
	if (!f) {
		int e = -errno;
		close(fd);
		return e;
	}
	int r = emit(f, ctx);
	if (!r && fflush(f) != 0)
		r = -errno;
	if (!r && ferror(f))
		r = -EIO;
	if (fclose(f) != 0 && !r)
		r = -errno;
	return r;
}

static int open_socket(const char *path)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	if (strlen(path) >= sizeof(sa.sun_path))
		return -ENAMETOOLONG;
	strcpy(sa.sun_path, path);
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	if (connect(fd, (struct sockaddr *)&sa, sizeof(sa)) != 0) {
		int e = -errno;
		close(fd);
		return e;
	}
	return fd;
}

/* A device, FIFO or socket: opened as it is, never created, truncated or replaced. */
static int write_in_place(const char *path, const struct stat *st,
			  int (*emit)(FILE *f, const void *ctx), const void *ctx)
{
	int fd = S_ISSOCK(st->st_mode) ? open_socket(path)
				       : open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return S_ISSOCK(st->st_mode) ? fd : -errno;
	return emit_to_fd(fd, emit, ctx);
}

/* The name a dangling symbolic link leads to (the last link's contents, relative to its
 * directory). 0, or -errno (ELOOP past OUT_MAX_LINKS). *out is malloc'd. */
static int final_name(const char *path, char **out)
{
	char *cur = strdup(path);
	if (!cur)
		return -ENOMEM;
	for (int hops = 0; hops <= OUT_MAX_LINKS; hops++) {
		struct stat st;
		if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode)) {
			*out = cur;
			return 0;
		}
		char link[PATH_MAX];
		ssize_t n = readlink(cur, link, sizeof(link) - 1);
		if (n < 0) {
			int e = -errno;
			free(cur);
			return e;
		}
		link[n] = '\0';
		char *next;
		const char *slash = strrchr(cur, '/');
		if (link[0] == '/' || !slash) {
			next = strdup(link);
		} else if (asprintf(&next, "%.*s/%s", (int)(slash - cur), cur, link) < 0) {
			next = NULL;
		}
		free(cur);
		if (!next)
			return -ENOMEM;
		cur = next;
	}
	free(cur);
	return -ELOOP;
}

/* A regular file (or none yet) at target: a mkstemp file beside it, renamed over it. */
static int write_replacing(const char *target, const struct stat *old,
			   int (*emit)(FILE *f, const void *ctx), const void *ctx)
{
	char *tmp;
	if (asprintf(&tmp, "%s.XXXXXX", target) < 0)
		return -ENOMEM;
	int fd = mkstemp(tmp);
	if (fd < 0) {
		int e = -errno;
		free(tmp);
		return e;
	}
	mode_t mode;
	if (old) {
		mode = old->st_mode & 07777;
	} else {
		mode_t mask = umask(0);
		umask(mask);
		mode = 0666 & ~mask;
	}
	int r = fchmod(fd, mode) != 0 ? -errno : 0;
	if (r)
		close(fd);
	else
		r = emit_to_fd(fd, emit, ctx);
	if (!r && rename(tmp, target) != 0)
		r = -errno;
	if (r)
		unlink(tmp);
	free(tmp);
	return r;
}

int out_atomic_write(const char *path, int (*emit)(FILE *f, const void *ctx), const void *ctx)
{
	struct stat st;
	bool exists = stat(path, &st) == 0;
	if (!exists && errno != ENOENT)
		return -errno;
	if (exists && S_ISDIR(st.st_mode))
		return -EISDIR;
	if (exists && !S_ISREG(st.st_mode))
		return write_in_place(path, &st, emit, ctx);
	/* A regular file or nothing: replace what the name finally leads to, never a link. */
	char *target;
	int r = final_name(path, &target);
	if (r)
		return r;
	r = write_replacing(target, exists ? &st : NULL, emit, ctx);
	free(target);
	return r;
}

bool out_written_in_place(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
}

int out_check_name(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode) ? -EISDIR : 0;
}
