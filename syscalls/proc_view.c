/* The guest's /proc/self (see proc_view.h). The pid-bearing files are the host process's own,
 * rewritten: its fields that are pids become guest pids (proc_tree.h), its name the guest's. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "proc_view.h"
#include "proc_maps.h"
#include "process.h"
#include "thread.h"

/* A parsed /proc/<who>/<rest> of the guest's tree. */
struct proc_name {
	int32_t pid;		/* guest pid */
	pid_t host;		/* its host pid */
	const char *rest;	/* "" or "/entry..." */
};

static bool parse(const struct process *p, const char *guest, struct proc_name *n)
{
	static const char prefix[] = "/proc/";
	if (strncmp(guest, prefix, sizeof prefix - 1) != 0)
		return false;
	const char *who = guest + sizeof prefix - 1;
	const char *end;
	if (strncmp(who, "self", 4) == 0 && (who[4] == '/' || who[4] == '\0')) {
		n->pid = p->cfg.pid;
		end = who + 4;
	} else if (*who >= '1' && *who <= '9') {
		char *e;
		long v = strtol(who, &e, 10);
		if ((*e != '/' && *e != '\0') || v > INT32_MAX)
			return false;
		n->pid = (int32_t)v;
		end = e;
	} else {
		return false;
	}
	if (n->pid == p->cfg.pid) {
		n->host = getpid();
	} else {
		struct tree_info info;
		if (!tree_lookup(&p->tree, n->pid, &info) || info.host_pid <= 0)
			return false;	/* a host process's pid: its own directory */
		n->host = info.host_pid;
	}
	n->rest = end;
	return true;
}

bool proc_view_host_path(const struct process *p, const char *guest, char *buf, size_t len)
{
	struct proc_name n;
	if (!parse(p, guest, &n))
		return false;
	int r = snprintf(buf, len, "/proc/%d%s", (int)n.host, n.rest);
	return r > 0 && (size_t)r < len;
}

bool proc_view_self_link(const struct process *p, const char *guest, char *buf, size_t len)
{
	int32_t tid = sched_current_tid((struct process *)p);
	int r;
	if (strcmp(guest, "/proc/self") == 0)
		r = snprintf(buf, len, "%d", (int)p->cfg.pid);
	else if (strcmp(guest, "/proc/thread-self") == 0)
		r = snprintf(buf, len, "%d/task/%d", (int)p->cfg.pid, (int)tid);
	else
		return false;
	return r > 0 && (size_t)r < len;
}

/* The host's /proc/<host>/<entry>, whole, NUL-terminated (NULL on failure). */
static char *read_host(pid_t host, const char *entry, size_t *len)
{
	char path[64];
	snprintf(path, sizeof path, "/proc/%d/%s", (int)host, entry);
	FILE *f = fopen(path, "re");
	if (!f)
		return NULL;
	size_t cap = 4096, n = 0;
	char *s = malloc(cap);
	while (s) {
		n += fread(s + n, 1, cap - n - 1, f);
		if (n < cap - 1)
			break;
		char *t = realloc(s, cap *= 2);
		if (!t)
			free(s);
		s = t;
	}
	fclose(f);
	if (s)
		s[n] = '\0';
	*len = n;
	return s;
}

static int32_t guest_pid_of(const struct process *p, long host)
{
	return host <= 0 ? (int32_t)host : tree_guest_pid(&p->tree, (pid_t)host, p->cfg.pid);
}

/* stat: "pid (comm) state ppid pgrp session ...": pid, comm and the three pids become the
 * guest's; the rest (state, times, sizes) is the host process's. */
static int write_stat(FILE *out, const struct process *p, const struct proc_name *n,
		      const char *comm)
{
	size_t len;
	char *s = read_host(n->host, "stat", &len);
	if (!s)
		return -errno;
	char *after = strrchr(s, ')');
	char state;
	long ppid, pgrp, session;
	int used = 0;
	if (!after || sscanf(after + 1, " %c %ld %ld %ld%n", &state, &ppid, &pgrp, &session,
			     &used) != 4) {
		free(s);
		return -EIO;
	}
	fprintf(out, "%d (%s) %c %d %d %d%s", (int)n->pid, comm, state,
		(int)guest_pid_of(p, ppid), (int)guest_pid_of(p, pgrp),
		(int)guest_pid_of(p, session), after + 1 + used);
	free(s);
	return 0;
}

/* status: "Key:\tvalue" lines; Name and the pid lines become the guest's. */
static int write_status(FILE *out, const struct process *p, const struct proc_name *n,
			const char *comm)
{
	size_t len;
	char *s = read_host(n->host, "status", &len);
	if (!s)
		return -errno;
	for (char *line = strtok(s, "\n"); line; line = strtok(NULL, "\n")) {
		long v;
		if (strncmp(line, "Name:", 5) == 0)
			fprintf(out, "Name:\t%s\n", comm);
		else if (sscanf(line, "Pid:\t%ld", &v) == 1 || sscanf(line, "Tgid:\t%ld", &v) == 1 ||
			 sscanf(line, "NStgid:\t%ld", &v) == 1 || sscanf(line, "NSpid:\t%ld", &v) == 1)
			fprintf(out, "%.*s\t%d\n", (int)strcspn(line, "\t"), line, (int)n->pid);
		else if (sscanf(line, "PPid:\t%ld", &v) == 1)
			fprintf(out, "PPid:\t%d\n", (int)guest_pid_of(p, v));
		else
			fprintf(out, "%s\n", line);
	}
	free(s);
	return 0;
}

/* The root of a proc file system: its magic number and inode 1. */
#define PROC_FS_MAGIC 0x9fa0
#define PROC_ROOT_INO 1

/* entry is one of the NULL-terminated names. */
static bool one_of(const char *entry, const char *const *names)
{
	for (; *names; names++)
		if (strcmp(entry, *names) == 0)
			return true;
	return false;
}

/* Entries profemu writes from the guest's memory (the process's alone: its threads share it). */
static bool memory_entry(const char *entry)
{
	static const char *const mine[] = {
		"/maps", "/smaps", "/smaps_rollup", "/environ", "/auxv", NULL,
	};
	return one_of(entry, mine);
}

/* Entries that would show or change profemu's own memory rather than the guest's: refused
 * (EACCES, as the kernel answers a process it does not let trace the target). mem would let a
 * guest overwrite profemu's data or Unicorn's code buffers; the others list host addresses. */
static bool host_only(const char *entry)
{
	static const char *const refused[] = {
		"/mem", "/pagemap", "/numa_maps", "/syscall", "/stack", NULL,
	};
	if (one_of(entry, refused))
		return true;
	if (strncmp(entry, "/task/", 6) == 0) {	/* /task/TID/ENTRY: the same for a thread */
		const char *tail = strchr(entry + 6, '/');
		/* a memory entry of no thread of the guest's (thread_entry): the host's */
		return tail && (host_only(tail) || memory_entry(tail));
	}
	return strncmp(entry, "/map_files", 10) == 0;
}

/* The environment strings as they are now in guest memory, as the kernel reads
 * env_start..env_end (a guest that overwrote them sees its own bytes; an unmapped part ends the
 * text, as a short read). */
static void write_environ(FILE *out, struct process *p)
{
	uint8_t buf[4096];
	for (uint64_t a = p->env_start; a < p->env_end;) {
		uint64_t n = p->env_end - a < sizeof buf ? p->env_end - a : sizeof buf;
		if (gm_read(&p->mem, a, buf, n) != 0)
			return;
		fwrite(buf, 1, n, out);
		a += n;
	}
}

void proc_view_note_stack(struct process *p, uint64_t envp_at, uint64_t auxv_at)
{
	unsigned w = p->mem.word_size;
	uint64_t lo = UINT64_MAX, hi = 0, s;
	for (uint64_t a = envp_at; gm_get_word(&p->mem, a, &s) == 0 && s; a += w) {
		uint64_t end = s;
		uint8_t c = 1;
		while (gm_read(&p->mem, end, &c, 1) == 0 && c)
			end++;
		lo = s < lo ? s : lo;
		hi = end + 1 > hi ? end + 1 : hi;
	}
	p->env_start = lo == UINT64_MAX ? 0 : lo;
	p->env_end = lo == UINT64_MAX ? 0 : hi;
	/* type/value pairs up to AT_NULL, kept whole (the kernel's file ends with AT_NULL) */
	p->saved_auxv_len = 0;
	for (uint64_t a = auxv_at; p->saved_auxv_len + 2 * w <= sizeof p->saved_auxv; a += 2 * w) {
		uint8_t *pair = p->saved_auxv + p->saved_auxv_len;
		if (gm_read(&p->mem, a, pair, 2 * w) != 0 || gm_get_word(&p->mem, a, &s) != 0)
			break;
		p->saved_auxv_len += 2 * w;
		if (s == 0)
			break;
	}
}

/* rest is /task/TID/ENTRY with TID a thread of this guest process: "/ENTRY", which is the
 * process's for the memory entries (threads share the memory); else rest. */
static const char *thread_entry(struct process *p, const struct proc_name *n)
{
	const char *rest = n->rest;
	if (n->pid != p->cfg.pid || strncmp(rest, "/task/", 6) != 0)
		return rest;
	char *end;
	long tid = strtol(rest + 6, &end, 10);
	bool thread = p->sched ? sched_find(p, (int32_t)tid) != NULL : tid == p->cfg.pid;
	if (end == rest + 6 || *end != '/' || tid <= 0 || tid > INT32_MAX || !thread)
		return rest;
	return memory_entry(end) ? end : rest;
}

int proc_view_open(struct process *p, const char *guest, int host_flags)
{
	struct proc_name n;
	if (!parse(p, guest, &n))
		return 0;
	const char *e = thread_entry(p, &n);
	bool stat = strcmp(e, "/stat") == 0, status = strcmp(e, "/status") == 0;
	bool comm_file = strcmp(e, "/comm") == 0, cmdline = strcmp(e, "/cmdline") == 0;
	bool smaps = strcmp(e, "/smaps") == 0, rollup = strcmp(e, "/smaps_rollup") == 0;
	bool maps = strcmp(e, "/maps") == 0 || smaps || rollup;
	bool environ_file = strcmp(e, "/environ") == 0, auxv = strcmp(e, "/auxv") == 0;
	if (host_only(e))
		return -EACCES;
	if (!stat && !status && !comm_file && !cmdline && !maps && !environ_file && !auxv)
		return 0;
	if ((host_flags & O_ACCMODE) != O_RDONLY)
		return -EACCES;
	/* another process's memory is its profemu's to tell, not this one's */
	if ((maps || environ_file || auxv) && n.pid != p->cfg.pid)
		return -EACCES;
	struct tree_info info;
	memset(&info, 0, sizeof info);
	if (!tree_lookup(&p->tree, n.pid, &info)) {
		/* no tree: the process alone; its name is its program's */
		const char *base = strrchr(p->exe_guest_path, '/');
		snprintf(info.comm, sizeof info.comm, "%.15s", base ? base + 1 : p->exe_guest_path);
		snprintf(info.cmdline, sizeof info.cmdline, "%.255s", p->exe_guest_path);
		info.cmdline_len = strlen(info.cmdline) + 1;
	}
	int fd = memfd_create("proc", (host_flags & O_CLOEXEC) ? MFD_CLOEXEC : 0);
	if (fd < 0)
		return -errno;
	FILE *out = fdopen(dup(fd), "w");
	int r = out ? 0 : -errno;
	if (out) {
		if (stat)
			r = write_stat(out, p, &n, info.comm);
		else if (status)
			r = write_status(out, p, &n, info.comm);
		else if (comm_file)
			fprintf(out, "%s\n", info.comm);
		else if (maps)
			r = proc_maps_write(out, p, smaps ? PROC_SMAPS
						    : rollup ? PROC_SMAPS_ROLLUP : PROC_MAPS);
		else if (environ_file)
			write_environ(out, p);
		else if (auxv)
			fwrite(p->saved_auxv, 1, p->saved_auxv_len, out);
		else
			fwrite(info.cmdline, 1, info.cmdline_len, out);
		if (fclose(out) != 0 && r == 0)
			r = -EIO;
	}
	if (r < 0) {
		close(fd);
		return r;
	}
	lseek(fd, 0, SEEK_SET);
	/* read-only from here, as the kernel's file is (a write is EBADF) */
	char self[64];
	snprintf(self, sizeof self, "/proc/self/fd/%d", fd);
	int ro = open(self, O_RDONLY | (host_flags & O_CLOEXEC));
	close(fd);
	return ro < 0 ? -errno : ro;
}


void proc_view_dirents(const struct process *p, int fd, uint8_t *buf, size_t len)
{
	enum { RECLEN = 16, NAME = 19 };	/* struct linux_dirent64 */
	struct statfs sf;
	struct stat st;
	if (fstatfs(fd, &sf) < 0 || sf.f_type != PROC_FS_MAGIC || fstat(fd, &st) < 0 ||
	    st.st_ino != PROC_ROOT_INO)
		return;
	for (size_t off = 0; off + NAME < len;) {
		uint8_t *d = buf + off;
		uint16_t reclen;
		memcpy(&reclen, d + RECLEN, sizeof reclen);
		if (reclen <= NAME || off + reclen > len)
			break;
		char *name = (char *)d + NAME;
		char *end;
		long host = strtol(name, &end, 10);
		if (name[0] >= '1' && name[0] <= '9' && *end == '\0' && host <= INT32_MAX) {
			int32_t guest = tree_guest_pid(&p->tree, (pid_t)host, p->cfg.pid);
			char text[16];
			int n = snprintf(text, sizeof text, "%d", (int)guest);
			if (guest != host && n > 0 && (size_t)n < (size_t)(reclen - NAME))
				memcpy(name, text, (size_t)n + 1);
		}
		off += reclen;
	}
}

/* The host's name of fd's file, when it is an entry of a proc file system: "/proc/PID/...". */
static bool proc_name_of_fd(int fd, char *buf, size_t len)
{
	struct statfs sf;
	if (fstatfs(fd, &sf) != 0 || sf.f_type != PROC_FS_MAGIC)
		return false;
	char link[64];
	snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
	ssize_t n = readlink(link, buf, len - 1);
	if (n <= 0)
		return false;
	buf[n] = '\0';
	return true;
}

int proc_view_opened(struct process *p, int fd, int host_flags)
{
	char name[PATH_MAX];
	if (!proc_name_of_fd(fd, name, sizeof name) || strncmp(name, "/proc/", 6) != 0)
		return fd;
	char *end;
	long host = strtol(name + 6, &end, 10);
	if (end == name + 6 || (*end != '/' && *end != '\0'))
		return fd;
	bool own = host == (long)getpid();
	if (!own && !tree_has_host_pid(&p->tree, (pid_t)host))
		return fd;	/* another host process's entry, as the kernel lets this one see it */
	if (!own) {
		/* another process of the tree: its profemu's memory is not this guest's to see */
		if (host_only(end) || memory_entry(end)) {
			close(fd);
			return -EACCES;
		}
		return fd;
	}
	/* profemu's own entry reached another way (a directory descriptor, "..", a link): the
	 * guest's view of it, as by /proc/self */
	char guest[PATH_MAX];
	snprintf(guest, sizeof guest, "/proc/self%s", end);
	int view = proc_view_open(p, guest, host_flags);
	if (view == 0)
		return fd;
	close(fd);
	return view;
}
