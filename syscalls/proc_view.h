/* The guest's own /proc entries (issue 18): /proc/self and /proc/<guest pid> name the guest's
 * process, not the host's profemu. readlink("/proc/self") answers the guest pid; the entries
 * that carry a pid or a name (stat, status, comm, cmdline) are written for the guest, in the
 * guest's pids; maps, smaps and smaps_rollup list the guest's own mappings (proc_maps.c; the
 * guest's process only, also as task/TID/ of its threads), environ and auxv are its own;
 * exe is the guest's program (path.c); the entries that would show or change profemu's memory
 * (mem, pagemap, map_files, ...) are refused, EACCES; every other entry of the
 * directory (fd/, cwd, limits, ...) is the host process's own, which runs the guest, under its
 * host pid. */
#ifndef PROFEMU_PROC_VIEW_H
#define PROFEMU_PROC_VIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct process;

/* If guest is /proc/self[/...] or /proc/<pid of the guest's tree>[/...], writes the host path
 * of that process's directory (and the rest) into buf and returns true. */
bool proc_view_host_path(const struct process *p, const char *guest, char *buf, size_t len);

/* readlink of /proc/self (and /proc/thread-self): the guest's answer into buf; false for any
 * other path. */
bool proc_view_self_link(const struct process *p, const char *guest, char *buf, size_t len);

/* open of an entry written for the guest: a read-only descriptor holding its text (host open
 * flags host_flags: O_CLOEXEC is kept), or -errno; 0 when guest is not one of them. */
int proc_view_open(struct process *p, const char *guest, int host_flags);

/* After a host open that gave fd: an entry of profemu's /proc directory (or of another
 * process of the guest's tree) reached by a path proc_view_open did not see (openat of a
 * /proc/self directory descriptor, "..", a symbolic link) is judged as proc_view_open would:
 * fd closed and -EACCES for mem and the like, the guest's view for maps, stat...; else fd. */
int proc_view_opened(struct process *p, int fd, int host_flags);

/* getdents64 of /proc (fd): the directories of the tree's processes, named by host pid in the
 * host's records (buf, len bytes, host byte order), are renamed to their guest pids, so that
 * ps finds the guest's processes under the pids getpid() gave them. */
void proc_view_dirents(const struct process *p, int fd, uint8_t *buf, size_t len);

/* After the initial stack is built (envp[] at envp_at, auxv at auxv_at): remembers where the
 * environment strings lie and copies the auxiliary vector, for /proc/self/environ and auxv. */
void proc_view_note_stack(struct process *p, uint64_t envp_at, uint64_t auxv_at);

#endif
