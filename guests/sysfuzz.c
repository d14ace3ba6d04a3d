/* A fuzzer of system-call arguments, run as a guest (issue 18): random calls from a list of
 * those that cannot block, end the process or reach outside its working directory, with
 * arguments drawn from small and huge numbers, -1, file descriptors, and pointers: into a
 * writable scratch page, into a read-only page, across the end of a mapping into an unmapped
 * one, into unmapped space, into a PROT_NONE reservation, and at every address
 * /proc/self/maps lists (under an emulator that shows its own maps there, the emulator's own
 * memory). The emulator must survive every call, keep the guest's read-only page as it was,
 * and never write outside guest memory; the program prints how many calls it made and whether
 * its canaries held, which the native run prints alike.
 *
 * Usage: sysfuzz SEED CALLS. Run it in an empty directory: the calls may create files there.
 * Its own output goes to a descriptor the calls never name (the standard ones are a file). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Calls that return: no exit, signal, fork, exec, sleep or wait of any kind, nothing that
 * blocks on a descriptor (no read, recv, accept, connect, poll, flock, fcntl), nothing that
 * writes to a descriptor (the standard ones could be the test's), nothing that reaches
 * outside the directory (no chdir; paths never hold '/' or '.'), no signal handlers or thread
 * pointer, no privileged host state (clock, scheduler, session). Memory calls get addresses
 * inside a reservation of their own, and pointers never name memory of this process that is
 * not the fuzzer's own pages. */
static const long calls[] = {
#define C(name) SYS_##name,
#ifdef SYS_stat
	C(stat) C(lstat)
#endif
#ifdef SYS_stat64
	C(stat64) C(lstat64) C(fstat64)
#endif
#ifdef SYS_newfstatat
	C(newfstatat)
#endif
#ifdef SYS_fstatat64
	C(fstatat64)
#endif
	C(fstat) C(statx) C(statfs) C(fstatfs) C(access) C(faccessat) C(getcwd) C(readlink)
	C(readlinkat) C(uname) C(sysinfo) C(times) C(getrusage) C(gettimeofday) C(clock_gettime)
	C(clock_getres) C(getrlimit) C(prlimit64) C(getpid) C(getppid) C(gettid)
	C(getuid) C(getgid) C(geteuid) C(getegid) C(getgroups) C(getresuid) C(getresgid)
	C(sched_getaffinity) C(sched_getparam) C(sched_getscheduler) C(sched_get_priority_max)
	C(sched_get_priority_min) C(getpriority) C(rt_sigprocmask) C(rt_sigpending) C(sigaltstack)
	C(getdents64) C(lseek) C(dup) C(dup3) C(pipe2) C(socketpair) C(getsockname) C(getpeername)
	C(getsockopt) C(setsockopt) C(shutdown) C(ioctl) C(open) C(openat) C(creat) C(close)
	C(mkdir) C(mkdirat) C(rmdir) C(unlink) C(unlinkat) C(rename) C(renameat) C(link)
	C(linkat) C(symlink) C(symlinkat) C(chmod) C(fchmodat) C(utimensat) C(umask)
	C(fsync) C(fdatasync) C(epoll_create1) C(epoll_ctl) C(getrandom) C(memfd_create)
	C(membarrier) C(get_robust_list) C(set_robust_list) C(set_tid_address) C(prctl)
	C(getitimer) C(getcpu) C(sched_yield) C(mmap) C(munmap) C(mprotect) C(mremap) C(madvise)
	C(brk) C(uname) C(getpgid) C(getsid)
#ifdef SYS_time
	C(time)
#endif
#ifdef SYS_mmap2
	C(mmap2)
#endif
#ifdef SYS_pipe
	C(pipe)
#endif
#ifdef SYS_dup2
	C(dup2)
#endif
#ifdef SYS_getdents
	C(getdents)
#endif
#ifdef SYS_ugetrlimit
	C(ugetrlimit)
#endif
	1000000,	/* no such call */
#undef C
};
#define NCALLS (sizeof calls / sizeof calls[0])

static uint64_t state;
static uint64_t rnd(void)
{
	/* xorshift64* */
	state ^= state >> 12;
	state ^= state << 25;
	state ^= state >> 27;
	return state * UINT64_C(2685821657736338717);
}

static long page;
/* Every page the calls may see is ours and fenced by PROT_NONE pages, so no write from a
 * length that runs on can reach anything else: [guard scratch guard rodata edge hole
 * sandbox... guard]. */
static uint8_t *area, *scratch, *rodata, *edge, *hole, *sandbox;
static const size_t sandbox_len = 16 << 20;
static uintptr_t foreign[64];	/* addresses /proc/self/maps named where we have nothing */
static int nforeign;
static int probe_pipe[2];
static const char canary[] = "read-only canary bytes";

/* Whether the byte at p is readable here: the kernel's answer (EFAULT), under any emulator
 * the emulator's. */
static int readable(uintptr_t p)
{
	return write(probe_pipe[1], (const void *)p, 1) == 1;
}

/* /proc/self/maps: natively this process's own mappings; under an emulator that shows its
 * own there, the emulator's memory. Kept are the addresses not readable from here (a guest
 * address where the guest has nothing): a call given one must fail, never reach memory. */
static void read_foreign_maps(void)
{
	FILE *f = fopen("/proc/self/maps", "r");
	if (!f)
		return;
	char line[512];
	while (nforeign < 64 && fgets(line, sizeof line, f)) {
		unsigned long lo, hi;
		if (sscanf(line, "%lx-%lx", &lo, &hi) != 2)
			continue;
		uintptr_t cand[2] = { (uintptr_t)lo, (uintptr_t)hi - 64 };
		for (int i = 0; i < 2 && nforeign < 64; i++)
			if (cand[i] && !readable(cand[i]))
				foreign[nforeign++] = cand[i];
	}
	fclose(f);
	char drain[64];
	while (read(probe_pipe[0], drain, sizeof drain) == (ssize_t)sizeof drain)
		;
}

static long any_pointer(void)
{
	switch (rnd() % 8) {
	case 0: return (long)(scratch + rnd() % (size_t)page);
	case 1: return (long)scratch;
	case 2: return (long)(rodata + rnd() % (size_t)page);
	case 3: return (long)(edge + (size_t)page - 1 - rnd() % 64);	/* runs into the hole */
	case 4: return (long)(hole + rnd() % (size_t)page);
	case 5: return (long)(sandbox + rnd() % sandbox_len);
	case 6: return nforeign ? (long)foreign[rnd() % (uint64_t)nforeign] + (long)(rnd() % 64) : 0;
	default: return 0;
	}
}

static long any_number(void)
{
	switch (rnd() % 8) {
	case 0: return 0;
	case 1: return -1;
	case 2: return (long)(rnd() % 16);		/* a descriptor, a small flag */
	case 3: return (long)(rnd() % 4096);
	case 4: return (long)rnd();	/* as a pointer: almost never ours, the kernel says EFAULT */
	case 5: return (long)(1ul << (rnd() % (8 * sizeof(long))));
	case 6: return -(long)(rnd() % 4096);
	default: return any_pointer();
	}
}

/* Random bytes, none a '/' or '.': a path read from here names something in this directory. */
static void refill_scratch(void)
{
	for (long i = 0; i < page; i++) {
		uint8_t b = (uint8_t)rnd();
		scratch[i] = b == '/' || b == '.' ? 'x' : b;
	}
	scratch[page - 1] = 0;
}

static int fuzz_one(long nr)
{
	long a[6];
	for (int i = 0; i < 6; i++)
		a[i] = rnd() % 3 ? any_number() : any_pointer();
	if (nr == SYS_mmap || nr == SYS_munmap || nr == SYS_mprotect || nr == SYS_mremap || nr == SYS_madvise
#ifdef SYS_mmap2
	    || nr == SYS_mmap2
#endif
	) {
		/* only inside the reservation, whatever the other arguments say */
		a[0] = (long)(sandbox + (rnd() % (sandbox_len / (size_t)page)) * (size_t)page);
		a[1] = (long)(rnd() % (sandbox_len / 4));	/* the guard page past it stays */
		if (nr == SYS_mmap
#ifdef SYS_mmap2
		    || nr == SYS_mmap2
#endif
		) {
			a[3] = (a[3] & ~(long)(MAP_SHARED | MAP_GROWSDOWN)) | MAP_FIXED | MAP_PRIVATE;
			a[4] = -1;
			a[3] |= MAP_ANONYMOUS;
		}
		if (nr == SYS_mremap) {
			a[2] = a[1];	/* in place: never out of the reservation */
			a[3] = 0;
		}
		if (nr == SYS_madvise)
			a[2] = (long)(rnd() % 26);	/* no MADV_HWPOISON and its kin (100 up): root could */
		if ((uintptr_t)a[0] + (uintptr_t)a[1] > (uintptr_t)sandbox + sandbox_len)
			a[1] = (long)((uintptr_t)sandbox + sandbox_len - (uintptr_t)a[0]);
	}
	if (nr == SYS_brk)
		a[0] = rnd() & 1 ? -1 : 0;	/* asks, never moves the heap malloc uses */
	if (nr == SYS_prlimit64)
		a[2] = 0;	/* a new limit would bind the native run (as root, for real) */
	if (nr == SYS_close || nr == SYS_dup3
#ifdef SYS_dup2
	    || nr == SYS_dup2
#endif
	) {
		/* the standard descriptors are a file, the rest ours: keep the output's */
		a[0] = (long)(rnd() % 12);
		a[1] = (long)(rnd() % 12);
	}
	if (nr == SYS_prctl) {
		/* options that change only this process's name and flags, or none */
		static const long options[] = { 2, 3, 4, 15, 16, 30, 37, 38, 39, 1000 };
		a[0] = options[rnd() % (sizeof options / sizeof options[0])];
	}
	refill_scratch();
	syscall(nr, a[0], a[1], a[2], a[3], a[4], a[5]);
	return memcmp(rodata, canary, sizeof canary) != 0;
}

int main(int argc, char **argv)
{
	if (argc < 3)
		return 2;
	state = strtoull(argv[1], NULL, 0) * 2 + 1;
	long n = strtol(argv[2], NULL, 0);
	/* the output on a descriptor no call names; the standard ones a file here */
	int out = dup2(1, 900);
	int stdio = open("stdio-file", O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (out < 0 || stdio < 0)
		return 2;
	for (int fd = 0; fd < 3; fd++)
		dup2(stdio, fd);
	close(stdio);

	page = sysconf(_SC_PAGESIZE);
	size_t pg = (size_t)page;
	area = mmap(NULL, 7 * pg + sandbox_len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
		    -1, 0);
	if (area == MAP_FAILED || pipe2(probe_pipe, O_NONBLOCK) != 0)
		return 2;
	scratch = area + pg;
	rodata = area + 3 * pg;
	edge = area + 4 * pg;
	hole = area + 5 * pg;
	sandbox = area + 6 * pg;
	if (mprotect(scratch, pg, PROT_READ | PROT_WRITE) || mprotect(rodata, pg, PROT_READ | PROT_WRITE) ||
	    mprotect(edge, pg, PROT_READ | PROT_WRITE) || munmap(hole, pg))
		return 2;
	memcpy(rodata, canary, sizeof canary);
	mprotect(rodata, pg, PROT_READ);
	read_foreign_maps();
	close(probe_pipe[0]);
	close(probe_pipe[1]);

	long broken = 0;
	for (long i = 0; i < n; i++)
		broken += fuzz_one(calls[rnd() % NCALLS]);
	dprintf(out, "sysfuzz %s %ld: %ld calls, read-only page %s\n", argv[1], n, n,
		broken ? "CHANGED" : "intact");
	return broken != 0;
}
