/* DOS file names onto host paths.
 *
 * There is one drive, C:, and its root is the working directory: "C:\DIR\FILE.TXT",
 * "\DIR\FILE.TXT" and "DIR\FILE.TXT" all name DIR/FILE.TXT there (any drive letter is taken
 * for C:). ".." is passed on, not confined: this is a convenience, not a sandbox. DOS names
 * have no case and programs often write them in capitals, so a name that does not exist as
 * given is looked up ignoring case, in the last component only (a directory must be named as
 * it is). */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "services.h"

enum { DOS_PATH_MAX = 128 };	/* DOS's own limit, with the NUL */

int dos_read_path(struct process *p, uint64_t addr, char *buf, size_t len)
{
	size_t max = len < DOS_PATH_MAX ? len : DOS_PATH_MAX;
	long n = gm_read_str(&p->mem, addr, buf, max);
	if (n < 0)
		return (int)n;
	return n == 0 ? -ENOENT : 0;
}

/* If dir/name is missing, replace name with an entry of dir that equals it ignoring case. */
static void match_case(char *host, size_t len)
{
	struct stat st;
	if (lstat(host, &st) == 0)
		return;
	char *slash = strrchr(host, '/');
	const char *name = slash ? slash + 1 : host;
	char dir[4096];
	if (!slash)
		snprintf(dir, sizeof(dir), ".");
	else if (slash == host)
		snprintf(dir, sizeof(dir), "/");
	else
		snprintf(dir, sizeof(dir), "%.*s", (int)(slash - host), host);
	DIR *d = opendir(dir);
	if (!d)
		return;
	/* The first match in name order, so that the choice does not depend on the directory's
	 * own order when two names differ only in case. */
	char best[256] = "";
	for (struct dirent *e; (e = readdir(d));)
		if (strcasecmp(e->d_name, name) == 0 && (!best[0] || strcmp(e->d_name, best) < 0))
			snprintf(best, sizeof(best), "%s", e->d_name);
	closedir(d);
	size_t at = (size_t)(name - host);
	if (best[0] && at + strlen(best) < len)
		memcpy(host + at, best, strlen(best) + 1);
}

int dos_host_path(const char *dos_path, char *host, size_t len)
{
	const char *s = dos_path;
	if (((s[0] >= 'A' && s[0] <= 'Z') || (s[0] >= 'a' && s[0] <= 'z')) && s[1] == ':')
		s += 2;
	while (*s == '\\' || *s == '/')
		s++;	/* the root of C: is the working directory */
	if (!*s)
		return -ENOENT;
	size_t n = strlen(s);
	if (n >= len)
		return -ENAMETOOLONG;
	for (size_t i = 0; i <= n; i++)
		host[i] = s[i] == '\\' ? '/' : s[i];
	match_case(host, len);
	return 0;
}

/* The components of an absolute, normalised path: "/a/b" -> "a", "b". */
static size_t components(char *path, char **parts, size_t max)
{
	size_t n = 0;
	for (char *t = strtok(path, "/"); t && n < max; t = strtok(NULL, "/"))
		parts[n++] = t;
	return n;
}

int dos_drive_path(const char *host_path, char *out, size_t len)
{
	char cwd[4096], prog[4096];
	if (!realpath(".", cwd) || !realpath(host_path, prog)) {
		while (*host_path == '/')
			host_path++;
		return snprintf(out, len, "%s", host_path) < (int)len ? 0 : -ENAMETOOLONG;
	}
	char *a[512], *b[512];
	size_t na = components(cwd, a, 512), nb = components(prog, b, 512), common = 0;
	while (common < na && common < nb && strcmp(a[common], b[common]) == 0)
		common++;
	size_t n = 0;
	out[0] = 0;
	for (size_t i = common; i < na + nb - common; i++) {
		const char *part = i < na ? ".." : b[i - na + common];
		int w = snprintf(out + n, len - n, "%s%s", n ? "/" : "", part);
		if (w < 0 || (size_t)w >= len - n)
			return -ENAMETOOLONG;
		n += (size_t)w;
	}
	return 0;
}
