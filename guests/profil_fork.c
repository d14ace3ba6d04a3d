/* profil_fork: profil(2) across fork and execve.
 *
 * Usage: profil_fork fork PROGRAM [N M]
 *   Turns profiling on (glibc's profil, scale 0x10000) over the two 10-instruction loops
 *   (section profalias), forks; the child runs loop 1 N times (default 40000) and prints its
 *   bins summed per loop, then exits with status 42; the parent runs loop 2 M times (default
 *   60000), waits for the child with wait4, prints its own sums and the child's status, then
 *   execs itself as "profil_fork afterexec PROGRAM N M".
 * Usage: profil_fork afterexec PROGRAM [N M]
 *   The new image never calls profil: it runs both loops, prints its (same) array's sums,
 *   which must be zero, then execs PROGRAM (e.g. the other architecture's hello).
 * Lines: "bins ADDRESS", "TAG loop1 A loop2 B outside C", "wait4 ...". Exit status: that of
 * PROGRAM; 1 if something failed. */
#define _GNU_SOURCE
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>

#include "profil_common.h"

extern char **environ;

#define NBINS 256
static unsigned short bins[NBINS];

static void sums(const char *tag)
{
	size_t start = ADDR(__start_profalias);
	size_t split = FN_ADDR(&profil_alias_loop2), stop = ADDR(__stop_profalias);
	unsigned long loop1 = 0, loop2 = 0, outside = 0;
	for (size_t i = 0; i < NBINS; i++) {
		size_t pc = start + 2 * i;
		if (pc < split)
			loop1 += bins[i];
		else if (pc < stop)
			loop2 += bins[i];
		else
			outside += bins[i];
	}
	printf("%s loop1 %lu loop2 %lu outside %lu\n", tag, loop1, loop2, outside);
}

static void exec_next(char *path, char **argv)
{
	fflush(stdout);
	execve(path, argv, environ);
	printf("execve %s failed: %s\n", path, strerror(errno));
	exit(1);
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: profil_fork fork|afterexec PROGRAM [N M]\n");
		return 2;
	}
	const char *mode = argv[1];
	unsigned long n = parse_ulong(argc > 3 ? argv[3] : NULL, 40000);
	unsigned long m = parse_ulong(argc > 4 ? argv[4] : NULL, 60000);
	size_t start = ADDR(__start_profalias), stop = ADDR(__stop_profalias);
	printf("bins %#lx range %#zx %#zx split %#lx\n", ADDR(bins), start, stop,
	       FN_ADDR(&profil_alias_loop2));

	if (strcmp(mode, "fork") == 0) {
		if (even(stop - start) + 2 > sizeof bins) {
			printf("profalias is too large\n");
			return 1;
		}
		int r = profil(bins, even(stop - start) + 2, start, 0x10000);
		printf("profil %d\n", r);
		fflush(stdout);
		pid_t pid = fork();
		if (pid < 0) {
			printf("fork failed: %s\n", strerror(errno));
			return 1;
		}
		if (pid == 0) {
			profil_alias_loop(n);
			sums("child");
			exit(42);
		}
		profil_alias_loop2(m);
		int status = 0;
		struct rusage ru;
		pid_t w = wait4(pid, &status, 0, &ru);
		sums("parent");
		printf("wait4 %s exited %d status %d signaled %d\n", w == pid ? "ok" : "wrong-pid",
		       WIFEXITED(status), WIFEXITED(status) ? WEXITSTATUS(status) : -1,
		       WIFSIGNALED(status));
		char *args[] = { argv[0], "afterexec", argv[2], argc > 3 ? argv[3] : "40000",
				 argc > 4 ? argv[4] : "60000", NULL };
		exec_next(argv[0], args);
	} else if (strcmp(mode, "afterexec") == 0) {
		profil_alias_loop(n);
		profil_alias_loop2(m);
		sums("afterexec");
		char *args[] = { argv[2], NULL };
		exec_next(argv[2], args);
	}
	fprintf(stderr, "profil_fork: unknown mode %s\n", mode);
	return 2;
}
