/* execve: the new program, foreign or not, runs under profemu with the same options, in this
 * same host process (profemu executes itself), so the pid stays and profiling is off, as
 * exec does to it. The guest's argv and envp become the new program's exactly. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../loader/loader.h"
#include "handlers.h"
#include "path.h"

#define EXEC_MAX_STRINGS 65536
#define EXEC_MAX_BYTES (2u << 20)	/* ARG_MAX-like bound on argv + envp */

struct string_list {
	char **items;
	size_t count, bytes;
};

static void free_list(struct string_list *l)
{
	for (size_t i = 0; i < l->count; i++)
		free(l->items[i]);
	free(l->items);
}

/* Reads a NULL-terminated guest array of strings. */
static int read_list(struct process *p, uint64_t addr, struct string_list *l)
{
	memset(l, 0, sizeof(*l));
	l->items = calloc(1, sizeof(char *));
	if (!l->items)
		return -ENOMEM;
	for (uint64_t i = 0; addr; i++) {
		uint64_t ptr;
		if (gm_get_word(&p->mem, addr + i * p->mem.word_size, &ptr) != 0)
			return -EFAULT;
		if (!ptr)
			break;
		if (i >= EXEC_MAX_STRINGS)
			return -E2BIG;
		char buf[PATH_MAX * 8];
		long n = gm_read_str(&p->mem, ptr, buf, sizeof(buf));
		if (n < 0)
			return n == -ENAMETOOLONG ? -E2BIG : (int)n;
		l->bytes += (size_t)n + 1;
		if (l->bytes > EXEC_MAX_BYTES)
			return -E2BIG;
		char **grown = realloc(l->items, (l->count + 2) * sizeof(char *));
		if (!grown)
			return -ENOMEM;
		l->items = grown;
		l->items[l->count] = strdup(buf);
		if (!l->items[l->count])
			return -ENOMEM;
		l->items[++l->count] = NULL;
	}
	return 0;
}

/* "#!interpreter [one argument]" as the kernel reads it; 0 if the file is not a script. */
static int read_shebang(const char *path, char *interp, size_t len, char *arg, size_t arglen)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	char line[256];
	ssize_t n = read(fd, line, sizeof(line) - 1);
	close(fd);
	if (n < 2 || line[0] != '#' || line[1] != '!')
		return 0;
	line[n] = 0;
	char *end = strchr(line, '\n');
	if (end)
		*end = 0;
	char *s = line + 2;
	s += strspn(s, " \t");
	size_t ilen = strcspn(s, " \t");
	if (ilen == 0 || ilen >= len)
		return -ENOEXEC;
	memcpy(interp, s, ilen);
	interp[ilen] = 0;
	s += ilen;
	s += strspn(s, " \t");
	size_t alen = strlen(s);
	while (alen && (s[alen - 1] == ' ' || s[alen - 1] == '\t'))
		s[--alen] = 0;
	snprintf(arg, arglen, "%s", s);
	return 1;
}

int64_t sys_execve(struct process *p, const uint64_t *a)
{
	struct sys_path_buf pb;
	const char *host;
	int err = sys_read_path(p, a[0], &pb, &host);
	if (err)
		return err;
	if (access(host, X_OK) != 0)
		return -errno;
	/* the kernel executes regular files only: a directory (which access() lets search) or a
	 * device is EACCES, never an attempt to read it as a program */
	struct stat st;
	if (stat(host, &st) != 0)
		return -errno;
	if (!S_ISREG(st.st_mode))
		return -EACCES;

	struct string_list argv, envp;
	int64_t r = read_list(p, a[1], &argv);
	if (!r)
		r = read_list(p, a[2], &envp);
	char interp[PATH_MAX], interp_arg[256], probe_err[256];
	char *program = (char *)host;
	bool script = false;
	if (!r) {
		int s = read_shebang(host, interp, sizeof(interp), interp_arg, sizeof(interp_arg));
		if (s < 0)
			r = s;
		script = s == 1;
		if (script)
			program = interp;
		struct elf_probe probe;
		if (!r && elf_probe_file(program, &probe, probe_err, sizeof(probe_err)) != LOAD_OK)
			r = script ? -ENOENT : -ENOEXEC;
	}
	if (r) {
		free_list(&argv);
		if (envp.items)
			free_list(&envp);
		return r;
	}

	/* profemu [options] --pid=PID -0 ARGV0 PROGRAM [script args] ARGS... */
	size_t n = 0, cap = (size_t)p->cfg.pass_on_count + argv.count + 10;
	char **args = calloc(cap, sizeof(char *));
	char pid_opt[32];
	snprintf(pid_opt, sizeof(pid_opt), "--pid=%d", p->cfg.pid);
	if (!args) {
		free_list(&argv);
		free_list(&envp);
		return -ENOMEM;
	}
	args[n++] = "profemu";
	for (int i = 0; i < p->cfg.pass_on_count; i++)
		args[n++] = p->cfg.pass_on[i];
	args[n++] = pid_opt;
	args[n++] = "-0";
	if (script) {
		/* the kernel's rule: argv[0] becomes the interpreter, then its argument, then
		 * the script's path, then the original argv after its first element */
		args[n++] = interp;
		args[n++] = "--";
		args[n++] = interp;
		if (interp_arg[0])
			args[n++] = interp_arg;
		args[n++] = pb.guest;
	} else {
		args[n++] = argv.count ? argv.items[0] : pb.guest;
		args[n++] = "--";
		args[n++] = program;
	}
	for (size_t i = 1; i < argv.count; i++)
		args[n++] = argv.items[i];
	args[n] = NULL;

	fflush(NULL);
	execve("/proc/self/exe", args, envp.items);
	r = -errno;
	free(args);
	free_list(&argv);
	free_list(&envp);
	return r;
}
