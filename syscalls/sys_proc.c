/* Process identity, limits and the thread pointer.
 *
 * The emulator runs one process with one thread and no children (fork comes later). Whatever
 * the guest could observe about its surroundings is a fixed value here rather than the host's,
 * so that a run does not depend on the machine or the moment: the pid comes from the
 * configuration, uname and sysinfo report documented constants, resource limits are a fixed
 * table. Only the user and group ids are the host's: files are host files, and access checks
 * the guest makes against them must agree with what the host will allow. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "handlers.h"

#define NS_PER_SEC 1000000000ull
#define RLIM_INF UINT64_MAX
#define MIB (1ull << 20)
#define GIB (1ull << 30)

/* The clock ids process_time_ns knows (Linux numbering). */
enum { CLK_REALTIME = 0, CLK_MONOTONIC = 1, CLK_PROCESS_CPUTIME = 2 };

int64_t sys_getpid(struct process *p, const uint64_t *a)
{
	(void)a;
	return p->cfg.pid;
}

/* The parent in the guest's view (proc_tree.h): a guest process, or for the tree's first
 * process its pid - 1, for determinism; once the parent is gone, the host's reaper. */
int64_t sys_getppid(struct process *p, const uint64_t *a)
{
	(void)a;
	return tree_guest_pid(&p->tree, getppid(), p->cfg.pid);
}

/* The host's ids (see the top comment); i386's *32 variants share these handlers. */
int64_t sys_getuid(struct process *p, const uint64_t *a)
{
	(void)p, (void)a;
	return getuid();
}

int64_t sys_geteuid(struct process *p, const uint64_t *a)
{
	(void)p, (void)a;
	return geteuid();
}

int64_t sys_getgid(struct process *p, const uint64_t *a)
{
	(void)p, (void)a;
	return getgid();
}

int64_t sys_getegid(struct process *p, const uint64_t *a)
{
	(void)p, (void)a;
	return getegid();
}

/* What `uname -m` says on a real machine of the guest's architecture (a 32-bit x86 kernel
 * reports its CPU class, i686; a 32-bit hppa one "parisc"). */
static const char *uname_machine(enum cpu_arch arch)
{
	switch (arch) {
	case CPU_ARCH_X86_64: return "x86_64";
	case CPU_ARCH_I386: return "i686";
	case CPU_ARCH_I8086: return "i686";
	case CPU_ARCH_HPPA: return "parisc";
	case CPU_ARCH_IA64: return "ia64";
	}
	return "unknown";
}

/* uname(buf): struct utsname, six fields of 65 chars. The release is a fixed 6.1.0 (a kernel
 * recent enough for every system call glibc tries first) so that no program's behaviour
 * depends on the host's kernel. */
int64_t sys_uname(struct process *p, const uint64_t *a)
{
	enum { FIELD = 65 };
	const char *fields[6] = {
		"Linux", "profemu", "6.1.0", "#1 SMP profemu", uname_machine(p->arch), "(none)",
	};
	char buf[6 * FIELD];
	memset(buf, 0, sizeof(buf));
	for (int i = 0; i < 6; i++)
		strncpy(buf + i * FIELD, fields[i], FIELD - 1);
	return gm_write(&p->mem, a[0], buf, sizeof(buf));
}

/* The limits every guest sees, indexed by the generic Linux RLIMIT_* numbers (x86, hppa).
 * Typical values of a desktop Linux; fixed, so that programs sizing tables from them (or
 * closing every fd up to RLIMIT_NOFILE) do the same work on every host. */
static const struct { uint64_t cur, max; } rlimits[RLIM_NLIMITS] = {
	[RLIMIT_CPU] = { RLIM_INF, RLIM_INF },
	[RLIMIT_FSIZE] = { RLIM_INF, RLIM_INF },
	[RLIMIT_DATA] = { RLIM_INF, RLIM_INF },
	[RLIMIT_STACK] = { 8 * MIB, RLIM_INF },
	[RLIMIT_CORE] = { 0, RLIM_INF },
	[RLIMIT_RSS] = { RLIM_INF, RLIM_INF },
	[RLIMIT_NPROC] = { 4096, 4096 },
	[RLIMIT_NOFILE] = { 1024, 1048576 },
	[RLIMIT_MEMLOCK] = { 8 * MIB, 8 * MIB },
	[RLIMIT_AS] = { RLIM_INF, RLIM_INF },
	[RLIMIT_LOCKS] = { RLIM_INF, RLIM_INF },
	[RLIMIT_SIGPENDING] = { 4096, 4096 },
	[RLIMIT_MSGQUEUE] = { 819200, 819200 },
	[RLIMIT_NICE] = { 0, 0 },
	[RLIMIT_RTPRIO] = { 0, 0 },
	[RLIMIT_RTTIME] = { RLIM_INF, RLIM_INF },
};

/* A new limit is checked as the kernel checks an unprivileged process's, then ignored: the
 * emulator enforces none of them and keeps no state for them, so a later read shows the fixed
 * table again. Raising a hard limit is refused (EPERM). */
static int check_new_limit(uint64_t resource, uint64_t cur, uint64_t max)
{
	if (cur > max)
		return -EINVAL;
	if (max > rlimits[resource].max)
		return -EPERM;
	return 0;
}

/* prlimit64(pid, resource, new, old): struct rlimit64 is two u64 on every ABI. */
int64_t sys_prlimit64(struct process *p, const uint64_t *a)
{
	int64_t pid = (int64_t)(int32_t)a[0];
	uint64_t resource = (uint32_t)a[1], new_addr = a[2], old_addr = a[3];
	if (resource >= RLIM_NLIMITS)
		return -EINVAL;
	if (pid != 0 && pid != p->cfg.pid)
		return -ESRCH;
	if (new_addr) {
		uint64_t cur, max;
		int r = gm_get(&p->mem, new_addr, 8, &cur);
		if (!r)
			r = gm_get(&p->mem, new_addr + 8, 8, &max);
		if (!r)
			r = check_new_limit(resource, cur, max);
		if (r)
			return r;
	}
	if (old_addr) {
		int r = gm_put(&p->mem, old_addr, 8, rlimits[resource].cur);
		return r ? r : gm_put(&p->mem, old_addr + 8, 8, rlimits[resource].max);
	}
	return 0;
}

/* getrlimit/setrlimit use a struct of two guest longs; on a 32-bit guest (i386 ugetrlimit)
 * anything that does not fit becomes that ABI's infinity, all ones, as the compat kernel does. */
static uint64_t word_max(const struct process *p)
{
	return p->mem.word_size == 8 ? UINT64_MAX : UINT32_MAX;
}

int64_t sys_getrlimit(struct process *p, const uint64_t *a)
{
	uint64_t resource = (uint32_t)a[0];
	if (resource >= RLIM_NLIMITS)
		return -EINVAL;
	uint64_t cur = rlimits[resource].cur, max = rlimits[resource].max;
	uint64_t top = word_max(p);
	int r = gm_put_word(&p->mem, a[1], cur > top ? top : cur);
	return r ? r : gm_put_word(&p->mem, a[1] + p->mem.word_size, max > top ? top : max);
}

int64_t sys_setrlimit(struct process *p, const uint64_t *a)
{
	uint64_t resource = (uint32_t)a[0];
	if (resource >= RLIM_NLIMITS)
		return -EINVAL;
	uint64_t cur, max, top = word_max(p);
	int r = gm_get_word(&p->mem, a[1], &cur);
	if (!r)
		r = gm_get_word(&p->mem, a[1] + p->mem.word_size, &max);
	if (r)
		return r;
	return check_new_limit(resource, cur == top ? RLIM_INF : cur, max == top ? RLIM_INF : max);
}

/* No children exist (no fork yet). */
/* getrusage(who, usage): struct rusage is two timevals (utime, stime) and 14 longs. Only the
 * user time is known: the guest's CPU time; the rest is 0 (fault and switch counts would be
 * the emulator's, not the guest's, and would vary between runs). */
int64_t sys_getrusage(struct process *p, const uint64_t *a)
{
	enum { RUSAGE_SELF_ = 0, RUSAGE_CHILDREN_ = -1, RUSAGE_THREAD_ = 1, WORDS = 4 + 14 };
	int who = (int)a[0];
	if (who != RUSAGE_SELF_ && who != RUSAGE_CHILDREN_ && who != RUSAGE_THREAD_)
		return -EINVAL;
	uint64_t cpu = who == RUSAGE_CHILDREN_ ? 0 : process_time_ns(p, CLK_PROCESS_CPUTIME);
	uint64_t words[WORDS] = { cpu / NS_PER_SEC, cpu % NS_PER_SEC / 1000 };
	for (unsigned i = 0; i < WORDS; i++) {
		int r = gm_put_word(&p->mem, a[1] + i * p->mem.word_size, words[i]);
		if (r)
			return r;
	}
	return 0;
}

/* sysinfo(info): a fixed machine with 4 GiB of RAM, 3 GiB free, no swap, one process, no
 * load; only the uptime moves, with guest monotonic time. struct sysinfo is, in longs:
 * uptime, loads[3], totalram, freeram, sharedram, bufferram, totalswap, freeswap; then
 * u16 procs, u16 pad, (align) totalhigh, freehigh, u32 mem_unit, and padding to 64 bytes on
 * 32-bit (112 on 64-bit). Memory sizes are in mem_unit bytes; when they do not fit a 32-bit
 * long the unit doubles until they do, as the compat kernel does. */
int64_t sys_sysinfo(struct process *p, const uint64_t *a)
{
	enum { TOTAL_RAM = 4, FREE_RAM = 3 };	/* GiB */
	unsigned w = p->mem.word_size;
	uint64_t size = w == 8 ? 112 : 64;
	uint8_t zeros[112] = { 0 };
	int r = gm_write(&p->mem, a[0], zeros, size);
	if (r)
		return r;
	uint64_t unit = 1;
	while ((TOTAL_RAM * GIB / unit) > word_max(p))
		unit *= 2;
	uint64_t uptime = process_time_ns(p, CLK_MONOTONIC) / NS_PER_SEC;
	struct { uint64_t off; unsigned width; uint64_t value; } fields[] = {
		{ 0, w, uptime },
		{ 4 * w, w, TOTAL_RAM * GIB / unit },
		{ 5 * w, w, FREE_RAM * GIB / unit },
		{ 10 * w, 2, 1 },		/* procs */
		{ 13 * w, 4, unit },		/* mem_unit */
	};
	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		r = gm_put(&p->mem, a[0] + fields[i].off, fields[i].width, fields[i].value);
		if (r)
			return r;
	}
	return 0;
}

