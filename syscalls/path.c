/* Guest path translation: qemu-user's -L rule plus /proc/self/exe (see path.h). */
#include "path.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "proc_view.h"
#include "process.h"

bool sys_path_is_self_exe(const struct process *p, const char *guest)
{
	static const char prefix[] = "/proc/";
	if (strcmp(guest, "/proc/self/exe") == 0)
		return true;
	/* The guest may name itself by the pid getpid() gave it. */
	if (strncmp(guest, prefix, sizeof prefix - 1) != 0)
		return false;
	const char *digits = guest + sizeof prefix - 1;
	if (*digits < '0' || *digits > '9')
		return false;
	char *end;
	long pid = strtol(digits, &end, 10);
	return pid == p->cfg.pid && strcmp(end, "/exe") == 0;
}

static bool has_sysroot(const struct process *p)
{
	const char *root = p->cfg.sysroot;
	return root && root[0] && strcmp(root, "/") != 0;
}

const char *sys_path(struct process *p, const char *guest, char *buf, size_t len)
{
	if (guest[0] != '/')
		return guest;	/* relative: the host cwd is the guest's cwd */
	if (sys_path_is_self_exe(p, guest) && p->exe_path[0])
		return p->exe_path;
	if (proc_view_host_path(p, guest, buf, len))
		return buf;
	if (!has_sysroot(p))
		return guest;

	/* Join without doubling the slash when the sysroot was given with a trailing one. */
	size_t root_len = strlen(p->cfg.sysroot);
	while (root_len > 1 && p->cfg.sysroot[root_len - 1] == '/')
		root_len--;
	int n = snprintf(buf, len, "%.*s%s", (int)root_len, p->cfg.sysroot, guest);
	if (n < 0 || (size_t)n >= len)
		return guest;

	/* lstat, not stat: a dangling symlink inside the sysroot (common for shared-library links to
	 * absolute targets) still belongs to the sysroot. */
	struct stat st;
	if (lstat(buf, &st) == 0)
		return buf;
	/* The host's dynamic-linker cache names the host's own libraries: a guest ld.so from the
	 * sysroot that read it would load a host libc of another build (Debian's i386 runtime in
	 * /lib32 beside the cross sysroot's) and corrupt itself (qemu-i386 -L hangs in fork).
	 * Without a cache in the sysroot, the guest sees none, and ld.so searches its default
	 * directories, which resolve inside the sysroot. */
	if (strcmp(guest, "/etc/ld.so.cache") == 0 || strcmp(guest, "/etc/ld.so.preload") == 0)
		return buf;	/* the sysroot path, which does not exist: ENOENT */
	return guest;
}

int sys_read_path(struct process *p, uint64_t addr, struct sys_path_buf *b, const char **host)
{
	long n = gm_read_str(&p->mem, addr, b->guest, sizeof b->guest);
	if (n < 0)
		return (int)n;
	*host = sys_path(p, b->guest, b->host, sizeof b->host);
	return 0;
}
