/* The guest's own /proc/self (issue 18). Modes:
 *   maps  reads /proc/self/maps: a line holds a local variable (the stack, named [stack]) and
 *         one holds main's code (executable); pthread_getattr_np on the main thread (glibc
 *         reads the stack's line) succeeds and its stack holds the local variable. Prints the
 *         verdicts, which the native run (qemu-user for other architectures) prints alike.
 *   mem   opens /proc/self/mem, /proc/PID/mem, /proc/self/task/TID/mem, /dev/fd/../mem and mem
 *         relative to a /proc/self directory descriptor for writing and prints each outcome: natively "opened"; under profemu "EACCES" (the guest
 *         must never reach the emulator's own memory), never a crash.
 *   start reads /proc/self/environ and /proc/self/auxv: environ holds exactly the strings of
 *         environ[] (NUL after each), and every auxv entry is what getauxval answers for its type
 *         (but AT_HWCAP/AT_HWCAP2, which glibc's x86 getauxval replaces), the last one AT_NULL. Prints the verdicts, as the native run does.
 *   files maps a data file of its own (three pages: privately at offset 0 with the middle page
 *         made PROT_NONE, and a page shared read-write at offset 2 pages) and anonymous memory,
 *         then reads /proc/self/maps: prints the kinds of lines it finds (the program's file
 *         with its device, inode and permissions, the data file's pieces with their offsets,
 *         [heap] holding the break, [stack] a local, [vdso] where AT_SYSINFO_EHDR points, the
 *         name in column 73) as verdicts that read the same natively and under profemu.
 *   smaps reads /proc/self/smaps, smaps_rollup and task/TID/maps: smaps has one entry per
 *         maps line, its header the maps line, Size the range in kB, Rss at most Size; the
 *         rollup has an Rss line; the main thread's and a second thread's task/TID/maps are
 *         the process's. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <unistd.h>

static int maps(void)
{
	volatile int local = 1;
	uintptr_t here = (uintptr_t)&local, code = (uintptr_t)&maps;
	FILE *f = fopen("/proc/self/maps", "r");
	if (!f) {
		printf("maps: cannot open: %s\n", strerror(errno));
		return 1;
	}
	char line[512];
	int stack = 0, stack_named = 0, text = 0, lines = 0;
	while (fgets(line, sizeof line, f)) {
		unsigned long lo, hi;
		char perms[5];
		if (sscanf(line, "%lx-%lx %4s", &lo, &hi, perms) != 3) {
			printf("maps: bad line %s", line);
			return 1;
		}
		lines++;
		if (lo <= here && here < hi) {
			stack = 1;
			stack_named = strstr(line, "[stack]") != NULL;
		}
		if (lo <= code && code < hi)
			text = perms[2] == 'x';
	}
	fclose(f);
	printf("maps: lines %s, stack line %s (named %s), code line executable %s\n",
	       lines > 3 ? "several" : "few", stack ? "yes" : "no", stack_named ? "yes" : "no",
	       text ? "yes" : "no");
	pthread_attr_t attr;
	int r = pthread_getattr_np(pthread_self(), &attr);
	void *addr = NULL;
	size_t size = 0;
	if (r == 0)
		pthread_attr_getstack(&attr, &addr, &size);
	printf("pthread_getattr_np: %s, stack holds a local: %s\n", r ? strerror(r) : "ok",
	       r == 0 && (uintptr_t)addr <= here && here < (uintptr_t)addr + size ? "yes" : "no");
	return 0;
}

static void try_mem(const char *what, const char *path)
{
	int fd = open(path, O_RDWR);
	printf("%s: %s\n", what, fd >= 0 ? "opened" : errno == EACCES ? "EACCES" : strerror(errno));
	if (fd >= 0)
		close(fd);
}

extern char **environ;

static long read_all(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return -errno;
	size_t got = 0;
	ssize_t n;
	while (got < len && (n = read(fd, buf + got, len - got)) > 0)
		got += (size_t)n;
	close(fd);
	return (long)got;
}


/* /proc/self/maps read whole with read(2) (no stdio buffer that would move the break). */
static char maps_text[1 << 18];

struct maps_line {
	unsigned long lo, hi, off, ino;
	unsigned maj, min;
	char perms[5];
	const char *name;	/* "" when unnamed */
	int name_col;		/* column the name starts at, 0 if none */
};

/* Parses the next line of text at *at into l; false at the end or on a malformed line. */
static int next_line(char **at, struct maps_line *l)
{
	char *s = *at, *nl = strchr(s, '\n');
	if (!*s || !nl)
		return 0;
	*nl = '\0';
	int used = 0;
	if (sscanf(s, "%lx-%lx %4s %lx %x:%x %lu %n", &l->lo, &l->hi, l->perms, &l->off, &l->maj,
		   &l->min, &l->ino, &used) < 7)
		return 0;
	l->name = s + used;
	l->name_col = *l->name ? used : 0;
	*at = nl + 1;
	return 1;
}

static const char *yes(int b)
{
	return b ? "yes" : "no";
}

static int files(void)
{
	long page = sysconf(_SC_PAGESIZE);
	char path[4096], exe[4096];
	if (!getcwd(path, sizeof path - 32))
		return 1;
	strcat(path, "/procself-data");
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	exe[n > 0 ? n : 0] = '\0';
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	char *buf = calloc(3, (size_t)page);
	if (fd < 0 || !buf || write(fd, buf, 3 * (size_t)page) != 3 * page) {
		printf("files: cannot write %s\n", path);
		return 1;
	}
	char *priv = mmap(NULL, 3 * (size_t)page, PROT_READ, MAP_PRIVATE, fd, 0);
	char *shared = mmap(NULL, (size_t)page, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 2 * page);
	char *anon = mmap(NULL, 2 * (size_t)page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
			  -1, 0);
	if (priv == MAP_FAILED || shared == MAP_FAILED || anon == MAP_FAILED ||
	    mprotect(priv + page, (size_t)page, PROT_NONE) != 0) {
		printf("files: mmap: %s\n", strerror(errno));
		return 1;
	}
	struct stat data, prog;
	if (fstat(fd, &data) != 0 || stat("/proc/self/exe", &prog) != 0)
		return 1;
	volatile int local = 1;
	uintptr_t here = (uintptr_t)&local, brk_at = (uintptr_t)sbrk(0) - 1;
	uintptr_t vdso = getauxval(AT_SYSINFO_EHDR);
	long len = read_all("/proc/self/maps", maps_text, sizeof maps_text - 1);
	if (len < 0) {
		printf("files: cannot read /proc/self/maps: %s\n", strerror((int)-len));
		return 1;
	}
	maps_text[len] = '\0';
	char *at = maps_text;
	struct maps_line l;
	int ordered = 1, col73 = 1, prog_lines = 0, prog_id = 1, prog_x = 0, prog_w = 0;
	int priv_pieces = 0, priv_ok = 1, shared_ok = 0, anon_ok = 0, heap = 0, stack = 0;
	int vdso_line = 0, vdso_named = 0, other_file = 0;
	unsigned long prev = 0;
	while (next_line(&at, &l)) {
		ordered &= l.lo >= prev && l.lo < l.hi;
		prev = l.hi;
		if (l.name_col && l.name_col != 73)
			col73 = 0;
		int id_data = makedev(l.maj, l.min) == data.st_dev && l.ino == data.st_ino;
		if (!strcmp(l.name, exe)) {
			prog_lines++;
			prog_id &= makedev(l.maj, l.min) == prog.st_dev && l.ino == prog.st_ino;
			prog_x |= l.perms[2] == 'x';
			prog_w |= l.perms[1] == 'w';
		} else if (!strcmp(l.name, path) && l.lo >= (uintptr_t)priv &&
			   l.hi <= (uintptr_t)priv + 3 * page) {
			unsigned long want = (unsigned long)((l.lo - (uintptr_t)priv));
			int none = l.lo == (uintptr_t)priv + page;
			priv_pieces++;
			priv_ok &= id_data && l.off == want && !strcmp(l.perms, none ? "---p" : "r--p");
		} else if (!strcmp(l.name, path) && l.lo == (uintptr_t)shared) {
			shared_ok = id_data && l.off == 2 * (unsigned long)page &&
				    !strcmp(l.perms, "rw-s") && l.hi == l.lo + (unsigned long)page;
		} else if (l.lo <= (uintptr_t)anon && (uintptr_t)anon < l.hi) {
			anon_ok = !*l.name && l.ino == 0 && l.maj == 0 && l.min == 0 && l.off == 0 &&
				  !strcmp(l.perms, "rw-p");
		} else if (l.name[0] == '/') {
			other_file = 1;
		}
		if (l.lo <= brk_at && brk_at < l.hi)
			heap = !strcmp(l.name, "[heap]");
		if (l.lo <= here && here < l.hi)
			stack = !strcmp(l.name, "[stack]");
		if (!strcmp(l.name, "[vdso]"))
			vdso_line = 1, vdso_named = vdso && l.lo <= vdso && vdso < l.hi;
	}
	unlink(path);
	printf("lines: well-formed %s, in address order %s, names in column 73 %s\n",
	       yes(!*at), yes(ordered), yes(col73));
	printf("program: named by its path %s, its device and inode %s, code %s, data %s\n",
	       yes(prog_lines > 0), yes(prog_lines && prog_id), yes(prog_x), yes(prog_w));
	printf("data file, private, middle page PROT_NONE: %d pieces, offsets, permissions, "
	       "device and inode right %s\n", priv_pieces, yes(priv_ok));
	printf("data file, shared at 2 pages: rw-s, its offset, device and inode %s\n",
	       yes(shared_ok));
	printf("anonymous mmap: unnamed, 00:00 0 %s; other files %s\n", yes(anon_ok),
	       yes(other_file));
	printf("[heap] holds the break %s, [stack] a local %s, [vdso] as AT_SYSINFO_EHDR says %s\n",
	       yes(heap), yes(stack), yes(vdso ? vdso_named : !vdso_line));
	return 0;
}

static char smaps_text[1 << 20], task_text[1 << 18];

/* A second thread's view: /proc/self/maps, then its own task/TID/maps (nothing mapped in
 * between: read_all allocates nothing). */
static void *thread_maps(void *arg)
{
	static char mine[1 << 18];
	long len = read_all("/proc/self/maps", maps_text, sizeof maps_text - 1);
	char path[64];
	snprintf(path, sizeof path, "/proc/self/task/%d/maps", (int)syscall(SYS_gettid));
	long tlen = read_all(path, mine, sizeof mine);
	*(const char **)arg = tlen < 0 ? strerror((int)-tlen)
			      : tlen == len && !memcmp(mine, maps_text, (size_t)len) ? "the process's maps"
			      : "differs from maps";
	return NULL;
}

static int smaps(void)
{
	const char *second = "no thread";
	pthread_t th;
	if (pthread_create(&th, NULL, thread_maps, &second) == 0)
		pthread_join(th, NULL);
	printf("task/TID/maps of a second thread: %s\n", second);
	long page = sysconf(_SC_PAGESIZE);
	long len = read_all("/proc/self/maps", maps_text, sizeof maps_text - 1);
	long slen = read_all("/proc/self/smaps", smaps_text, sizeof smaps_text - 1);
	char path[64];
	snprintf(path, sizeof path, "/proc/self/task/%d/maps", (int)syscall(SYS_gettid));
	long tlen = read_all(path, task_text, sizeof task_text - 1);
	if (len < 0 || slen < 0) {
		printf("smaps: cannot read: %s\n", strerror((int)-(len < 0 ? len : slen)));
		return 1;
	}
	printf("task/TID/maps: %s\n", tlen < 0 ? strerror((int)-tlen)
	       : tlen == len && !memcmp(task_text, maps_text, (size_t)len) ? "the process's maps"
	       : "differs from maps");
	maps_text[len] = smaps_text[slen] = '\0';
	/* each maps line is the header of the next smaps entry, whose Size is its range */
	char *m = maps_text, *sm = smaps_text;
	int entries = 0, headers = 1, sizes = 1, rss = 1, pages = 1, vmflags = 1;
	while (*m) {
		char *nl = strchr(m, '\n');
		size_t n = (size_t)(nl - m) + 1;
		unsigned long lo, hi;
		if (strncmp(m, sm, n) != 0 || sscanf(m, "%lx-%lx", &lo, &hi) != 2) {
			headers = 0;
			break;
		}
		entries++;
		sm += n;
		unsigned long size = 0, r = ~0ul, kps = 0;
		int flags = 0;
		for (;;) {
			char *e = strchr(sm, '\n');
			if (!e)
				break;
			unsigned long v;
			if (sscanf(sm, "Size: %lu kB", &v) == 1)
				size = v;
			else if (sscanf(sm, "Rss: %lu kB", &v) == 1)
				r = v;
			else if (sscanf(sm, "KernelPageSize: %lu kB", &v) == 1)
				kps = v;
			else if (!strncmp(sm, "VmFlags:", 8))
				flags = 1;
			sm = e + 1;
			if (flags)
				break;
		}
		sizes &= size == (hi - lo) / 1024;
		rss &= r <= size;
		pages &= kps == (unsigned long)page / 1024;
		vmflags &= flags;
		m += n;
	}
	printf("smaps: an entry per maps line, headed by it %s, Size its range %s, Rss at most "
	       "Size %s, KernelPageSize the page %s, VmFlags last %s, nothing after %s\n",
	       yes(headers && entries > 3), yes(sizes), yes(rss), yes(pages), yes(vmflags),
	       yes(headers && !*sm));
	len = read_all("/proc/self/smaps_rollup", smaps_text, sizeof smaps_text - 1);
	if (len < 0) {
		printf("smaps_rollup: cannot read: %s\n", strerror((int)-len));
		return 1;
	}
	smaps_text[len] = '\0';
	char *rl = strstr(smaps_text, "\nRss:");
	unsigned long total = 0;
	printf("smaps_rollup: [rollup] header %s, Rss %s\n",
	       yes(strstr(smaps_text, "[rollup]\n") && strchr(smaps_text, '\n') == strstr(smaps_text,
		   "[rollup]\n") + 8),
	       yes(rl && sscanf(rl + 1, "Rss: %lu kB", &total) == 1 && total > 0));
	return 0;
}

static int start(void)
{
	static char buf[1 << 16], want[1 << 16];
	size_t wn = 0;
	for (char **e = environ; *e && wn + strlen(*e) + 1 <= sizeof want; e++) {
		memcpy(want + wn, *e, strlen(*e) + 1);
		wn += strlen(*e) + 1;
	}
	long n = read_all("/proc/self/environ", buf, sizeof buf);
	if (n < 0)
		printf("environ: cannot open: %s\n", strerror((int)-n));
	else
		printf("environ: %s\n", (size_t)n == wn && !memcmp(buf, want, wn) ? "the strings of environ[]"
		       : "differs from environ[]");
	n = read_all("/proc/self/auxv", buf, sizeof buf);
	if (n < 0) {
		printf("auxv: cannot open: %s\n", strerror((int)-n));
		return 1;
	}
	const unsigned long *v = (const unsigned long *)buf;
	size_t pairs = (size_t)n / (2 * sizeof *v), bad = 0;
	for (size_t i = 0; i + 1 < pairs; i++)
		if (getauxval(v[2 * i]) != v[2 * i + 1] && v[2 * i] != AT_IGNORE &&
		    v[2 * i] != AT_HWCAP && v[2 * i] != AT_HWCAP2)	/* glibc's x86 own values */
			bad++;
	int null_last = pairs && v[2 * (pairs - 1)] == AT_NULL && (size_t)n % (2 * sizeof *v) == 0;
	printf("auxv: %s, %s\n", bad ? "entries differ from getauxval" : "every entry as getauxval",
	       null_last ? "AT_NULL last" : "no AT_NULL at the end");
	return 0;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	if (!strcmp(mode, "maps"))
		return maps();
	if (!strcmp(mode, "start"))
		return start();
	if (!strcmp(mode, "files"))
		return files();
	if (!strcmp(mode, "smaps"))
		return smaps();
	if (!strcmp(mode, "mem")) {
		char path[64];
		try_mem("/proc/self/mem", "/proc/self/mem");
		snprintf(path, sizeof path, "/proc/%d/mem", (int)getpid());
		try_mem("/proc/PID/mem", path);
		snprintf(path, sizeof path, "/proc/self/task/%d/mem", (int)syscall(SYS_gettid));
		try_mem("/proc/self/task/TID/mem", path);
		try_mem("/dev/fd/../mem", "/dev/fd/../mem");
		int dir = open("/proc/self", O_RDONLY | O_DIRECTORY);
		int fd = dir < 0 ? -1 : openat(dir, "mem", O_RDWR);
		printf("openat(/proc/self, mem): %s\n",
		       fd >= 0 ? "opened" : errno == EACCES ? "EACCES" : strerror(errno));
		return 0;
	}
	fprintf(stderr, "usage: procself maps|mem|start|files|smaps\n");
	return 2;
}
