/* Guest paths and open flags as the host must see them.
 *
 * Paths follow qemu-user's -L rule: an absolute guest path is looked up under the sysroot first
 * and used from there if it exists, else used as is; the guest's /proc/self/exe names the
 * program it runs, not the emulator. Open flags go through a per-ABI translation so that a
 * guest whose O_* values differ from the host's (hppa, or any guest on a non-x86 host) works. */
#ifndef PROFEMU_PATH_H
#define PROFEMU_PATH_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct process;

/* The host path for a guest path: p->exe_path for /proc/self/exe (and /proc/<guest pid>/exe),
 * sysroot+guest written into buf (of len bytes) when that exists, else guest itself. The result
 * is one of guest, buf or p->exe_path. */
const char *sys_path(struct process *p, const char *guest, char *buf, size_t len);

/* A guest path as the guest gave it and room for its host translation. */
struct sys_path_buf {
	char guest[PATH_MAX];
	char host[PATH_MAX];
};

/* Reads the guest path at addr (at most PATH_MAX bytes with the NUL, as the kernel) and
 * translates it with sys_path. Returns 0 and *host, or -EFAULT / -ENAMETOOLONG. */
int sys_read_path(struct process *p, uint64_t addr, struct sys_path_buf *b, const char **host);

/* True if the guest path names the guest's own executable through /proc. readlink answers
 * these itself: the host link would name the emulator. */
bool sys_path_is_self_exe(const struct process *p, const char *guest);

/* Open-file flags (open, fcntl F_GETFL/F_SETFL, pipe2, dup3 ...) between the guest ABI's
 * values and the host's. Unknown guest bits are dropped; defined in sys_file.c. */
int sys_open_flags_to_host(const struct process *p, uint64_t guest_flags);
uint64_t sys_open_flags_to_guest(const struct process *p, int host_flags);

#endif
