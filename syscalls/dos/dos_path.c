/* DOS file names onto host paths.
 *
 * "C:\DIR\FILE.TXT" becomes "/DIR/FILE.TXT" and "DIR\FILE.TXT" stays relative to the working
 * directory; the drive letter is dropped (there is one drive: the host's file system). DOS
 * names have no case and programs often write them in capitals, so a name that does not
 * exist as given is looked up ignoring case, in the last component only (a directory must be
 * named as it is). */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
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
