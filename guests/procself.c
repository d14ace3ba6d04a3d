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
 *         (but AT_HWCAP/AT_HWCAP2, which glibc's x86 getauxval replaces), the last one AT_NULL. Prints the verdicts, as the native run does. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/syscall.h>
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
	fprintf(stderr, "usage: procself maps|mem|start\n");
	return 2;
}
