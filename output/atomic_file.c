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
#include "output/write_guard.h"

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
	errno = 0;
	int r = emit(f, ctx);
	/* The writers say -EIO when a write fails; the write's own errno (ENOSPC, EDQUOT, EPIPE)
	 * is the one the user needs. */
	if (r == -EIO && ferror(f) && errno)
		r = -errno;
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
	/* A FIFO is opened without waiting: with no reader the open fails (ENXIO) at once rather
	 * than block the end of the run for ever; the writes then block as a shell's would. */
	int fd = S_ISSOCK(st->st_mode) ? open_socket(path)
				       : open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return S_ISSOCK(st->st_mode) ? fd : -errno;
	int fl = fcntl(fd, F_GETFL);
	if (!S_ISSOCK(st->st_mode) && (fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) != 0)) {
		int e = -errno;
		close(fd);
		return e;
	}
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
	/* NAME.XXXXXX, or .profemu-XXXXXX in the same directory when that would pass NAME_MAX
	 * (a legal 250-byte name must still be writable). */
	char *tmp;
	const char *slash = strrchr(target, '/');
	const char *base = slash ? slash + 1 : target;
	int dirlen = slash ? (int)(slash - target + 1) : 0;
	if (strlen(base) + 7 <= NAME_MAX ? asprintf(&tmp, "%s.XXXXXX", target) < 0
					 : asprintf(&tmp, "%.*s.profemu-XXXXXX", dirlen, target) < 0)
		return -ENOMEM;
	write_guard_temp(tmp);
	int fd = mkstemp(tmp);
	if (fd < 0) {
		int e = -errno;
		write_guard_temp(NULL);
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
	write_guard_temp(NULL);
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
	if (!path[0])
		return -ENOENT;
	struct stat st;
	if (stat(path, &st) == 0)
		return S_ISDIR(st.st_mode) ? -EISDIR : 0;
	if (errno != ENOENT)
		return -errno;
	/* nothing there yet (or a dangling link): its directory must exist and take new files */
	char *target;
	int r = final_name(path, &target);
	if (r)
		return r;
	char *slash = strrchr(target, '/');
	if (slash)
		slash[slash == target ? 1 : 0] = '\0';
	const char *dir = slash ? target : ".";
	if (stat(dir, &st) != 0)
		r = -errno;
	else if (!S_ISDIR(st.st_mode))
		r = -ENOTDIR;
	else if (access(dir, W_OK | X_OK) != 0)
		r = -errno;
	free(target);
	return r;
}

bool out_same_file(const char *a, const char *b)
{
	if (out_written_in_place(a) || out_written_in_place(b))
		return false;	/* /dev/null, /dev/stderr, a pipe: each output writes in turn */
	if (!strcmp(a, b))
		return true;
	struct stat sa, sb;
	if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
		return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
	/* not both there yet: the same directory entry, once links are followed */
	char *ta = NULL, *tb = NULL, *ra = NULL, *rb = NULL;
	bool same = false;
	if (final_name(a, &ta) == 0 && final_name(b, &tb) == 0) {
		const char *ba = strrchr(ta, '/'), *bb = strrchr(tb, '/');
		ba = ba ? ba + 1 : ta;
		bb = bb ? bb + 1 : tb;
		if (!strcmp(ba, bb)) {
			ta[ba - ta] = tb[bb - tb] = '\0';
			ra = realpath(ta[0] ? ta : ".", NULL);
			rb = realpath(tb[0] ? tb : ".", NULL);
			same = ra && rb && !strcmp(ra, rb);
		}
	}
	free(ta), free(tb), free(ra), free(rb);
	return same;
}

const char *out_error_text(int err)
{
	if (err == -ENXIO)
		return "a FIFO with no reader (nothing was written)";
	return strerror(-err);
}
