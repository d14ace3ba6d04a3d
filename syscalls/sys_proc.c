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

/* exit and exit_group are the same with a single thread. */
int64_t sys_exit(struct process *p, const uint64_t *a)
{
	process_exit(p, (int)(a[0] & 0xff));
	return 0;
}

int64_t sys_exit_group(struct process *p, const uint64_t *a)
{
	process_exit(p, (int)(a[0] & 0xff));
	return 0;
}

int64_t sys_getpid(struct process *p, const uint64_t *a)
{
	(void)a;
	return p->cfg.pid;
}

/* The one thread's id is the pid. */
int64_t sys_gettid(struct process *p, const uint64_t *a)
{
	(void)a;
	return p->cfg.pid;
}

/* Fixed at pid - 1 rather than the emulator's own pid, for determinism. */
int64_t sys_getppid(struct process *p, const uint64_t *a)
{
	(void)a;
	return p->cfg.pid - 1;
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

/* The address is only used when a thread exits (CLONE_CHILD_CLEARTID); kept for that. */
int64_t sys_set_tid_address(struct process *p, const uint64_t *a)
{
	p->clear_child_tid = a[0];
	return p->cfg.pid;
}

/* The robust futex list matters when a thread dies holding a lock another thread waits for;
 * with one thread there is no such waiter. The length is checked as the kernel does
 * (struct robust_list_head is three words). */
int64_t sys_set_robust_list(struct process *p, const uint64_t *a)
{
	return a[1] == 3ull * p->mem.word_size ? 0 : -EINVAL;
}

int64_t sys_sched_yield(struct process *p, const uint64_t *a)
{
	(void)p, (void)a;
	return 0;
}

enum {
	FUTEX_WAIT_ = 0, FUTEX_WAKE_ = 1, FUTEX_REQUEUE_ = 3, FUTEX_CMP_REQUEUE_ = 4,
	FUTEX_WAKE_OP_ = 5, FUTEX_WAIT_BITSET_ = 9, FUTEX_WAKE_BITSET_ = 10,
	FUTEX_CLOCK_REALTIME_ = 256,
};

/* Reads a futex timeout (native timespec): 0, -EFAULT or -EINVAL. */
static int get_futex_timeout(struct process *p, uint64_t addr, uint64_t *ns)
{
	unsigned w = p->mem.word_size;
	uint64_t sec, nsec;
	int r = gm_get(&p->mem, addr, w, &sec);
	if (!r)
		r = gm_get(&p->mem, addr + w, w, &nsec);
	if (r)
		return r;
	int64_t s = w == 8 ? (int64_t)sec : (int32_t)sec;
	int64_t n = w == 8 ? (int64_t)nsec : (int32_t)nsec;
	if (s < 0 || n < 0 || n >= (int64_t)NS_PER_SEC)
		return -EINVAL;
	/* Timeouts beyond ~584 years saturate instead of wrapping. */
	if ((uint64_t)s > (UINT64_MAX - (uint64_t)n) / NS_PER_SEC)
		*ns = UINT64_MAX;
	else
		*ns = (uint64_t)s * NS_PER_SEC + (uint64_t)n;
	return 0;
}

/* A wait with no other thread to wake it. With a timeout the guest sleeps until it expires
 * (guest time moves on as for nanosleep; with --host-time the host really sleeps) and gets
 * ETIMEDOUT. Without one, Linux would hang
 * forever (a self-deadlock: a second lock of a plain mutex, a condition wait nobody signals);
 * instead of spinning until --max-insns we end the process with a message, as if aborted. */
static int64_t futex_wait_alone(struct process *p, int cmd, int op, uint64_t timeout)
{
	if (timeout) {
		uint64_t ns;
		int r = get_futex_timeout(p, timeout, &ns);
		if (r)
			return r;
		/* FUTEX_WAIT's timeout is relative; FUTEX_WAIT_BITSET's absolute, on
		 * CLOCK_REALTIME if asked, else CLOCK_MONOTONIC. */
		bool absolute = cmd == FUTEX_WAIT_BITSET_;
		int clk = op & FUTEX_CLOCK_REALTIME_ ? CLK_REALTIME : CLK_MONOTONIC;
		if (p->cfg.host_time) {
			struct timespec ts = { .tv_sec = (time_t)(ns / NS_PER_SEC),
					       .tv_nsec = (long)(ns % NS_PER_SEC) };
			/* An interruption is a spurious wake-up to the guest (glibc retries). */
			int err = clock_nanosleep(clk, absolute ? TIMER_ABSTIME : 0, &ts, NULL);
			return err == EINTR ? -EINTR : -ETIMEDOUT;
		}
		if (absolute) {
			uint64_t now = process_time_ns(p, clk);
			ns = ns > now ? ns - now : 0;
		}
		p->sleep_ns = ns > UINT64_MAX - p->sleep_ns ? UINT64_MAX : p->sleep_ns + ns;
		return -ETIMEDOUT;
	}
	fprintf(stderr, "profemu: futex wait with no other thread: deadlock\n");
	int sig = p->abi && p->abi->signal_to_guest ? p->abi->signal_to_guest(SIGABRT) : SIGABRT;
	process_kill(p, sig);
	return -EDEADLK;
}

/* FUTEX_WAKE_OP's operation on *uaddr2 still happens when nobody waits (glibc once used it in
 * pthread_cond_signal). val3 encodes op, comparison and two 12-bit arguments. */
static int64_t futex_wake_op(struct process *p, uint64_t uaddr2, uint32_t val3)
{
	unsigned op = (val3 >> 28) & 15;
	int32_t oparg = (int32_t)(val3 << 8) >> 20;
	if (op & 8) {	/* FUTEX_OP_OPARG_SHIFT */
		if (oparg < 0 || oparg > 31)
			return -EINVAL;
		oparg = (int32_t)(1u << oparg);
	}
	uint64_t old;
	int r = gm_get(&p->mem, uaddr2, 4, &old);
	if (r)
		return r;
	uint32_t v = (uint32_t)old, arg = (uint32_t)oparg;
	switch (op & 7) {
	case 0: v = arg; break;
	case 1: v += arg; break;
	case 2: v |= arg; break;
	case 3: v &= ~arg; break;
	case 4: v ^= arg; break;
	default: return -ENOSYS;
	}
	r = gm_put(&p->mem, uaddr2, 4, v);
	return r ? r : 0;
}

/* futex(uaddr, op, val, timeout/val2, uaddr2, val3) for a single thread: nobody ever waits, so
 * a wake wakes 0; a wait either fails its value check or could never end (see above). The PI
 * operations and FUTEX_FD are not offered (ENOSYS). */
int64_t sys_futex(struct process *p, const uint64_t *a)
{
	uint64_t uaddr = a[0];
	int op = (int)a[1], cmd = op & 127;
	uint32_t val = (uint32_t)a[2];
	uint64_t cur;
	int r;

	switch (cmd) {
	case FUTEX_WAIT_:
	case FUTEX_WAIT_BITSET_:
		if (cmd == FUTEX_WAIT_BITSET_ && (uint32_t)a[5] == 0)
			return -EINVAL;
		if ((uaddr & 3) != 0)
			return -EINVAL;
		r = gm_get(&p->mem, uaddr, 4, &cur);
		if (r)
			return r;
		if ((uint32_t)cur != val)
			return -EAGAIN;
		return futex_wait_alone(p, cmd, op, a[3]);
	case FUTEX_WAKE_:
	case FUTEX_WAKE_BITSET_:
	case FUTEX_REQUEUE_:
		return 0;
	case FUTEX_CMP_REQUEUE_:
		r = gm_get(&p->mem, uaddr, 4, &cur);
		if (r)
			return r;
		return (uint32_t)cur == (uint32_t)a[5] ? 0 : -EAGAIN;
	case FUTEX_WAKE_OP_:
		return futex_wake_op(p, a[4], (uint32_t)a[5]);
	default:
		return -ENOSYS;
	}
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

