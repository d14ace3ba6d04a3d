/* Time, randomness, signal bookkeeping and process-identity handlers, called directly on a
 * minimal process: no CPU (process_time_ns counts 0 retired instructions then), no ABI table.
 * Guest time is moved with p.sleep_ns, which is exactly what the sleeps do. */
#include <criterion/criterion.h>
#include <errno.h>
#include <signal.h>
#include <string.h>

#include "syscall_testutil.h"
#include "syscalls/i386/abi.h"
#include "syscalls/x86_64/abi.h"

#define PAGE 0x10000ull		/* one mapped, writable page */
#define UNMAPPED 0x40000ull
#define NS 1000000000ull

static void setup(struct process *p, unsigned word_size, enum cpu_arch arch)
{
	memset(p, 0, sizeof(*p));
	gm_init(&p->mem, 4096, word_size == 8 ? 1ull << 47 : 1ull << 32, false, word_size);
	cr_assert_eq(gm_map(&p->mem, PAGE, 4096, GM_PROT_READ | GM_PROT_WRITE), 0);
	p->arch = arch;
	p->abi = arch == CPU_ARCH_I386 ? &sys_abi_i386 : &sys_abi_x86_64;
	p->cfg.hz = 100;
	p->cfg.tick = 10000;
	p->cfg.epoch_ns = 1700000000ull * NS + 123456789;
	p->cfg.pid = 1000;
	p->cfg.seed = 42;
	p->rng_state = 42;
	p->sleep_ns = 5 * NS + 250;
}

static void fill(struct process *p, uint8_t byte)
{
	uint8_t buf[4096];
	memset(buf, byte, sizeof(buf));
	cr_assert_eq(gm_write(&p->mem, PAGE, buf, sizeof(buf)), 0);
}

Test(clock_gettime, long_fields_on_x86_64)
{
	struct process p;
	setup(&p, 8, CPU_ARCH_X86_64);
	fill(&p, 0xaa);
	cr_assert_eq(CALL(clock_gettime, &p, 0, PAGE, 0, 0, 0, 0), 0);
	uint64_t want = process_time_ns(&p, 0);
	cr_assert_eq(get(&p, PAGE, 8), want / NS);
	cr_assert_eq(get(&p, PAGE + 8, 8), want % NS);
	cr_assert_eq(get(&p, PAGE + 16, 1), 0xaa, "wrote past the timespec");
	cr_assert_eq(CALL(clock_gettime, &p, 1, PAGE, 0, 0, 0, 0), 0);
	cr_assert_eq(get(&p, PAGE, 8) * NS + get(&p, PAGE + 8, 8), process_time_ns(&p, 1));
	gm_destroy(&p.mem);
}

Test(clock_gettime, long_fields_on_i386)
{
	struct process p;
	setup(&p, 4, CPU_ARCH_I386);
	fill(&p, 0xaa);
	cr_assert_eq(CALL(clock_gettime, &p, 0, PAGE, 0, 0, 0, 0), 0);
	uint64_t want = process_time_ns(&p, 0);
	cr_assert_eq(get(&p, PAGE, 4), (uint32_t)(want / NS));
	cr_assert_eq(get(&p, PAGE + 4, 4), want % NS);
	cr_assert_eq(get(&p, PAGE + 8, 1), 0xaa, "wrote past the 8-byte timespec");
	gm_destroy(&p.mem);
}

Test(clock_gettime, time64_variant_writes_16_bytes)
{
	struct process p;
	setup(&p, 4, CPU_ARCH_I386);
	fill(&p, 0xaa);
	cr_assert_eq(CALL(clock_gettime64, &p, 0, PAGE, 0, 0, 0, 0), 0);
	uint64_t want = process_time_ns(&p, 0);
	cr_assert_eq(get(&p, PAGE, 8), want / NS);
	cr_assert_eq(get(&p, PAGE + 8, 8), want % NS);
	cr_assert_eq(get(&p, PAGE + 16, 1), 0xaa);
	gm_destroy(&p.mem);
}

Test(clock_gettime, efault_and_einval)
{
	struct process p;
	setup(&p, 8, CPU_ARCH_X86_64);
	cr_assert_eq(CALL(clock_gettime, &p, 1, UNMAPPED, 0, 0, 0, 0), -EFAULT);
	cr_assert_eq(CALL(clock_gettime, &p, 1, 0, 0, 0, 0, 0), -EFAULT);
	cr_assert_eq(CALL(clock_gettime, &p, 8, PAGE, 0, 0, 0, 0), -EINVAL);
	cr_assert_eq(CALL(clock_gettime, &p, 11, PAGE, 0, 0, 0, 0), -EINVAL);
	cr_assert_eq(CALL(clock_gettime, &p, (uint32_t)-1, PAGE, 0, 0, 0, 0), -EINVAL);
	/* A timespec straddling the end of the mapping. */
	cr_assert_eq(CALL(clock_gettime, &p, 0, PAGE + 4088, 0, 0, 0, 0), -EFAULT);
	gm_destroy(&p.mem);
}

Test(clock_getres, instruction_period_and_tick)
{
	struct process p;
	setup(&p, 8, CPU_ARCH_X86_64);
	/* 100 Hz x 10000 instructions per tick: one instruction is 1000 ns, a tick 10 ms. */
	cr_assert_eq(CALL(clock_getres, &p, 1, PAGE, 0, 0, 0, 0), 0);
	cr_assert_eq(get(&p, PAGE, 8), 0);
	cr_assert_eq(get(&p, PAGE + 8, 8), 1000);
	cr_assert_eq(CALL(clock_getres, &p, 6, PAGE, 0, 0, 0, 0), 0);
	cr_assert_eq(get(&p, PAGE + 8, 8), 10000000);
	cr_assert_eq(CALL(clock_getres, &p, 1, 0, 0, 0, 0, 0), 0, "NULL res is allowed");
	cr_assert_eq(CALL(clock_getres, &p, 9, PAGE, 0, 0, 0, 0), -EINVAL);
	p.cfg.hz = 1000000;
	p.cfg.tick = 100000;
	cr_assert_eq(CALL(clock_getres, &p, 0, PAGE, 0, 0, 0, 0), 0);
	cr_assert_eq(get(&p, PAGE + 8, 8), 1, "resolution is at least 1 ns");
	gm_destroy(&p.mem);
}

Test(nanosleep, advances_guest_time_exactly)
{
	struct process p;
	setup(&p, 8, CPU_ARCH_X86_64);
	put(&p, PAGE, 8, 1);
	put(&p, PAGE + 8, 8, 500000001);
	uint64_t mono = process_time_ns(&p, 1), real = process_time_ns(&p, 0);
	cr_assert_eq(CALL(nanosleep, &p, PAGE, PAGE + 64, 0, 0, 0, 0), 0);
	cr_assert_eq(process_time_ns(&p, 1) - mono, 1500000001);
	cr_assert_eq(process_time_ns(&p, 0) - real, 1500000001);
	gm_destroy(&p.mem);
}

Test(nanosleep, rejects_bad_nsec_and_pointers)
{
	struct process p;
	setup(&p, 8, CPU_ARCH_X86_64);
	uint64_t before = p.sleep_ns;
	put(&p, PAGE, 8, 1);
	put(&p, PAGE + 8, 8, NS);
	cr_assert_eq(CALL(nanosleep, &p, PAGE, 0, 0, 0, 0, 0), -EINVAL);
	put(&p, PAGE + 8, 8, (uint64_t)-1);
	cr_assert_eq(CALL(nanosleep, &p, PAGE, 0, 0, 0, 0, 0), -EINVAL);
	put(&p, PAGE, 8, (uint64_t)-1);
	put(&p, PAGE + 8, 8, 0);
	cr_assert_eq(CALL(nanosleep, &p, PAGE, 0, 0, 0, 0, 0), -EINVAL, "negative seconds");
	cr_assert_eq(CALL(nanosleep, &p, UNMAPPED, 0, 0, 0, 0, 0), -EFAULT);
	cr_assert_eq(p.sleep_ns, before);
	gm_destroy(&p.mem);
}

Test(clock_nanosleep, absolute_only_into_the_future)
{
	struct process p;
	setup(&p, 8, CPU_ARCH_X86_64);
	uint64_t now = process_time_ns(&p, 1), target = now + 2 * NS + 7;
	put(&p, PAGE, 8, target / NS);
	put(&p, PAGE + 8, 8, target % NS);
	cr_assert_eq(CALL(clock_nanosleep, &p, 1, 1, PAGE, 0, 0, 0), 0);
	cr_assert_eq(process_time_ns(&p, 1), target);
	/* The same target again is now in the past: no time passes. */
	cr_assert_eq(CALL(clock_nanosleep, &p, 1, 1, PAGE, 0, 0, 0), 0);
	cr_assert_eq(process_time_ns(&p, 1), target);
	/* Relative on CLOCK_REALTIME. */
	put(&p, PAGE, 8, 0);
	put(&p, PAGE + 8, 8, 3);
	cr_assert_eq(CALL(clock_nanosleep, &p, 0, 0, PAGE, 0, 0, 0), 0);
	cr_assert_eq(process_time_ns(&p, 1), target + 3);
	cr_assert_eq(CALL(clock_nanosleep, &p, 3, 0, PAGE, 0, 0, 0), -EINVAL);
	cr_assert_eq(CALL(clock_nanosleep, &p, 4, 0, PAGE, 0, 0, 0), -EOPNOTSUPP);
	gm_destroy(&p.mem);
}

Test(clock_nanosleep, time64_ignores_nsec_padding_on_i386)
{
	struct process p;
	setup(&p, 4, CPU_ARCH_I386);
	uint64_t mono = process_time_ns(&p, 1);
	put(&p, PAGE, 8, 2);
	put(&p, PAGE + 8, 8, 0xdeadbeef00000005ull);
	cr_assert_eq(CALL(clock_nanosleep_time64, &p, 1, 0, PAGE, 0, 0, 0), 0);
	cr_assert_eq(process_time_ns(&p, 1) - mono, 2 * NS + 5);
	gm_destroy(&p.mem);
}

Test(time, gettimeofday_time_times)
{
	struct process p;
	setup(&p, 4, CPU_ARCH_I386);
	fill(&p, 0xaa);
	uint64_t real = process_time_ns(&p, 0);
	cr_assert_eq(CALL(gettimeofday, &p, PAGE, PAGE + 16, 0, 0, 0, 0), 0);
	cr_assert_eq(get(&p, PAGE, 4), (uint32_t)(real / NS));
	cr_assert_eq(get(&p, PAGE + 4, 4), real % NS / 1000);
	cr_assert_eq(get(&p, PAGE + 16, 8), 0, "timezone zeroed");
	cr_assert_eq(CALL(time, &p, PAGE + 32, 0, 0, 0, 0, 0), (int64_t)(real / NS));
	cr_assert_eq(get(&p, PAGE + 32, 4), (uint32_t)(real / NS));
	cr_assert_eq(get(&p, PAGE + 36, 1), 0xaa);
	/* clock_t in 1/hz s: monotonic time in ticks; CPU time (no instructions) 0. */
	int64_t ticks = CALL(times, &p, PAGE + 64, 0, 0, 0, 0, 0);
	cr_assert_eq(ticks, (int64_t)(process_time_ns(&p, 1) / (NS / 100)));
	cr_assert_eq(get(&p, PAGE + 64, 4), process_time_ns(&p, 2) / (NS / 100));
	for (int i = 1; i < 4; i++)
		cr_assert_eq(get(&p, PAGE + 64 + 4 * i, 4), 0);
	cr_assert_eq(get(&p, PAGE + 80, 1), 0xaa);
	gm_destroy(&p.mem);
}

static void random_bytes(uint64_t seed, uint8_t *out, size_t len)
{
	struct process p;
	setup(&p, 8, CPU_ARCH_X86_64);
	p.cfg.seed = seed;
	p.rng_state = seed;
	cr_assert_eq(CALL(getrandom, &p, PAGE, len, 0, 0, 0, 0), (int64_t)len);
	cr_assert_eq(gm_read(&p.mem, PAGE, out, len), 0);
	gm_destroy(&p.mem);
}

Test(getrandom, deterministic_per_seed)
{
	uint8_t a[100], b[100], c[100];
	random_bytes(42, a, sizeof(a));
	random_bytes(42, b, sizeof(b));
	random_bytes(43, c, sizeof(c));
	cr_assert_arr_eq(a, b, sizeof(a));
	cr_assert_neq(memcmp(a, c, sizeof(a)), 0);
}

Test(getrandom, little_endian_values_and_errors)
{
	struct process p, q;
	setup(&p, 8, CPU_ARCH_X86_64);
	setup(&q, 8, CPU_ARCH_X86_64);
	cr_assert_eq(CALL(getrandom, &p, PAGE, 8, 1, 0, 0, 0), 8);
	cr_assert_eq(get(&p, PAGE, 8), process_random(&q));
	cr_assert_eq(CALL(getrandom, &p, UNMAPPED, 16, 0, 0, 0, 0), -EFAULT);
	cr_assert_eq(CALL(getrandom, &p, PAGE, 16, 8, 0, 0, 0), -EINVAL);
	cr_assert_eq(CALL(getrandom, &p, PAGE, 16, 6, 0, 0, 0), -EINVAL);
	cr_assert_eq(CALL(getrandom, &p, PAGE, 0, 0, 0, 0, 0), 0);
	/* A buffer running off the mapping: what fitted counts. */
	cr_assert_eq(CALL(getrandom, &p, PAGE + 4000, 200, 0, 0, 0, 0), 96);
	gm_destroy(&p.mem);
	gm_destroy(&q.mem);
}

static void sigaction_round_trip(unsigned ws, enum cpu_arch arch)
{
	struct process p;
	setup(&p, ws, arch);
	uint64_t act = PAGE, oact = PAGE + 256;
	put(&p, act, ws, 0x401000);		/* handler */
	put(&p, act + ws, ws, 0x04000004);	/* SA_RESTORER | SA_SIGINFO */
	put(&p, act + 2 * ws, ws, 0x402000);	/* restorer */
	put(&p, act + 3 * ws, 8, (1ull << (SIGKILL - 1)) | (1ull << (SIGUSR2 - 1)) | (1ull << 40));
	cr_assert_eq(CALL(rt_sigaction, &p, SIGUSR1, act, oact, 8, 0, 0), 0);
	cr_assert_eq(get(&p, oact, ws), 0, "the old action was SIG_DFL");
	cr_assert_eq(CALL(rt_sigaction, &p, SIGUSR1, 0, oact, 8, 0, 0), 0);
	cr_assert_eq(get(&p, oact, ws), 0x401000);
	cr_assert_eq(get(&p, oact + ws, ws), 0x04000004);
	cr_assert_eq(get(&p, oact + 2 * ws, ws), 0x402000);
	cr_assert_eq(get(&p, oact + 3 * ws, 8), (1ull << (SIGUSR2 - 1)) | (1ull << 40),
		     "SIGKILL never enters a mask");
	cr_assert_eq(p.sigactions[SIGUSR1].handler, 0x401000);
	gm_destroy(&p.mem);
}

Test(rt_sigaction, round_trip_through_oact)
{
	sigaction_round_trip(8, CPU_ARCH_X86_64);
	sigaction_round_trip(4, CPU_ARCH_I386);
}

Test(rt_sigaction, rejects)
{
	struct process p;
	setup(&p, 8, CPU_ARCH_X86_64);
	cr_assert_eq(CALL(rt_sigaction, &p, SIGKILL, PAGE, 0, 8, 0, 0), -EINVAL);
	cr_assert_eq(CALL(rt_sigaction, &p, SIGSTOP, PAGE, 0, 8, 0, 0), -EINVAL);
	cr_assert_eq(CALL(rt_sigaction, &p, SIGKILL, 0, PAGE, 8, 0, 0), 0, "reading is fine");
	cr_assert_eq(CALL(rt_sigaction, &p, 0, 0, PAGE, 8, 0, 0), -EINVAL);
	cr_assert_eq(CALL(rt_sigaction, &p, 65, 0, PAGE, 8, 0, 0), -EINVAL);
	cr_assert_eq(CALL(rt_sigaction, &p, SIGINT, 0, PAGE, 4, 0, 0), -EINVAL);
	cr_assert_eq(CALL(rt_sigaction, &p, SIGINT, UNMAPPED, 0, 8, 0, 0), -EFAULT);
	gm_destroy(&p.mem);
}

Test(rt_sigprocmask, block_unblock_setmask)
{
	struct process p;
	setup(&p, 4, CPU_ARCH_I386);
	uint64_t set = PAGE, oset = PAGE + 64;
	uint64_t usr1 = 1ull << (SIGUSR1 - 1), rt = 1ull << 40, kill = 1ull << (SIGKILL - 1);
	put(&p, set, 8, usr1 | rt | kill);
	cr_assert_eq(CALL(rt_sigprocmask, &p, 0, set, oset, 8, 0, 0), 0);
	cr_assert_eq(get(&p, oset, 8), 0);
	cr_assert_eq(p.sigmask, usr1 | rt, "SIGKILL cannot be blocked");
	put(&p, set, 8, usr1);
	cr_assert_eq(CALL(rt_sigprocmask, &p, 1, set, oset, 8, 0, 0), 0);
	cr_assert_eq(get(&p, oset, 8), usr1 | rt);
	cr_assert_eq(p.sigmask, rt);
	cr_assert_eq(CALL(rt_sigprocmask, &p, 2, set, 0, 8, 0, 0), 0);
	cr_assert_eq(p.sigmask, usr1);
	cr_assert_eq(CALL(rt_sigprocmask, &p, 7, set, 0, 8, 0, 0), -EINVAL);
	cr_assert_eq(CALL(rt_sigprocmask, &p, 7, 0, oset, 8, 0, 0), 0, "how unused without set");
	cr_assert_eq(CALL(rt_sigprocmask, &p, 0, set, 0, 16, 0, 0), -EINVAL);
	cr_assert_eq(p.sigmask, usr1);
	gm_destroy(&p.mem);
}

Test(signals, self_signals_that_do_nothing)
{
	struct process p;
	setup(&p, 8, CPU_ARCH_X86_64);
	cr_assert_eq(CALL(kill, &p, 1000, 0, 0, 0, 0, 0), 0);
	cr_assert_eq(CALL(kill, &p, 0, SIGCHLD, 0, 0, 0, 0), 0);
	p.sigactions[SIGTERM].handler = 1;	/* SIG_IGN */
	cr_assert_eq(CALL(tgkill, &p, 1000, 1000, SIGTERM, 0, 0, 0), 0);
	cr_assert_eq(CALL(tkill, &p, 1000, SIGWINCH, 0, 0, 0, 0), 0);
	cr_assert_not(p.ended);
	cr_assert_eq(CALL(kill, &p, 999, SIGTERM, 0, 0, 0, 0), -ESRCH);
	cr_assert_eq(CALL(kill, &p, (uint32_t)-1, SIGTERM, 0, 0, 0, 0), -ESRCH);
	cr_assert_eq(CALL(tgkill, &p, 1000, 1001, SIGTERM, 0, 0, 0), -ESRCH);
	cr_assert_eq(CALL(kill, &p, 1000, 65, 0, 0, 0, 0), -EINVAL);
	cr_assert_eq(CALL(tkill, &p, 0, SIGTERM, 0, 0, 0, 0), -EINVAL);
	gm_destroy(&p.mem);
}

Test(sigaltstack, old_stack_reported_then_the_new_one)
{
	struct process p;
	setup(&p, 8, CPU_ARCH_X86_64);
	fill(&p, 0xaa);
	put(&p, PAGE, 8, 0x500000);
	put(&p, PAGE + 8, 4, 0);
	put(&p, PAGE + 16, 8, 65536);
	cr_assert_eq(CALL(sigaltstack, &p, PAGE, PAGE + 64, 0, 0, 0, 0), 0);
	cr_assert_eq(get(&p, PAGE + 64, 8), 0);
	cr_assert_eq(get(&p, PAGE + 72, 8), 2, "SS_DISABLE, padding zeroed");
	cr_assert_eq(get(&p, PAGE + 80, 8), 0);
	/* The stack just set is what the next call reports: not in use (flags 0). */
	cr_assert_eq(CALL(sigaltstack, &p, 0, PAGE + 128, 0, 0, 0, 0), 0);
	cr_assert_eq(get(&p, PAGE + 128, 8), 0x500000);
	cr_assert_eq(get(&p, PAGE + 136, 8), 0, "flags 0: set, not on it");
	cr_assert_eq(get(&p, PAGE + 144, 8), 65536);
	put(&p, PAGE + 16, 8, 100);
	cr_assert_eq(CALL(sigaltstack, &p, PAGE, 0, 0, 0, 0, 0), -ENOMEM);
	put(&p, PAGE + 8, 4, 8);
	cr_assert_eq(CALL(sigaltstack, &p, PAGE, 0, 0, 0, 0, 0), -EINVAL);
	gm_destroy(&p.mem);
}

Test(proc, ids_and_uname)
{
	struct process p;
	setup(&p, 8, CPU_ARCH_X86_64);
	cr_assert_eq(CALL(getpid, &p, 0, 0, 0, 0, 0, 0), 1000);
	cr_assert_eq(CALL(gettid, &p, 0, 0, 0, 0, 0, 0), 1000);
	cr_assert_eq(CALL(getppid, &p, 0, 0, 0, 0, 0, 0), 999);
	cr_assert_eq(CALL(set_tid_address, &p, 0x1234, 0, 0, 0, 0, 0), 1000);
	cr_assert_eq(p.clear_child_tid, 0x1234);

	char u[6 * 65];
	cr_assert_eq(CALL(uname, &p, PAGE, 0, 0, 0, 0, 0), 0);
	cr_assert_eq(gm_read(&p.mem, PAGE, u, sizeof(u)), 0);
	cr_assert_str_eq(u, "Linux");
	cr_assert_str_eq(u + 65, "profemu");
	cr_assert_str_eq(u + 2 * 65, "6.1.0");
	cr_assert_str_eq(u + 4 * 65, "x86_64");
	cr_assert_str_eq(u + 5 * 65, "(none)");
	p.arch = CPU_ARCH_I386;
	cr_assert_eq(CALL(uname, &p, PAGE, 0, 0, 0, 0, 0), 0);
	cr_assert_eq(gm_read(&p.mem, PAGE, u, sizeof(u)), 0);
	cr_assert_str_eq(u + 4 * 65, "i686");
	cr_assert_eq(CALL(uname, &p, UNMAPPED, 0, 0, 0, 0, 0), -EFAULT);
	gm_destroy(&p.mem);
}

Test(proc, prlimit64_layout_and_rules)
{
	struct process p;
	setup(&p, 4, CPU_ARCH_I386);
	fill(&p, 0xaa);
	/* struct rlimit64 is two u64 even on i386. */
	cr_assert_eq(CALL(prlimit64, &p, 0, 3, 0, PAGE, 0, 0), 0);
	cr_assert_eq(get(&p, PAGE, 8), 8 << 20);
	cr_assert_eq(get(&p, PAGE + 8, 8), UINT64_MAX);
	cr_assert_eq(get(&p, PAGE + 16, 1), 0xaa);
	cr_assert_eq(CALL(prlimit64, &p, 1000, 7, 0, PAGE, 0, 0), 0);
	cr_assert_eq(get(&p, PAGE, 8), 1024);
	cr_assert_eq(get(&p, PAGE + 8, 8), 1048576);
	cr_assert_eq(CALL(prlimit64, &p, 1, 7, 0, PAGE, 0, 0), -ESRCH);
	cr_assert_eq(CALL(prlimit64, &p, 0, 16, 0, PAGE, 0, 0), -EINVAL);
	/* Raising the soft limit up to the hard one is accepted; the hard one beyond is not. */
	put(&p, PAGE + 32, 8, 4096);
	put(&p, PAGE + 40, 8, 1048576);
	cr_assert_eq(CALL(prlimit64, &p, 0, 7, PAGE + 32, 0, 0, 0), 0);
	put(&p, PAGE + 40, 8, 1048577);
	cr_assert_eq(CALL(prlimit64, &p, 0, 7, PAGE + 32, 0, 0, 0), -EPERM);
	put(&p, PAGE + 32, 8, 2000000);
	cr_assert_eq(CALL(prlimit64, &p, 0, 7, PAGE + 32, 0, 0, 0), -EINVAL);
	/* ugetrlimit: 32-bit longs, infinity is all ones. */
	cr_assert_eq(CALL(getrlimit, &p, 3, PAGE + 64, 0, 0, 0, 0), 0);
	cr_assert_eq(get(&p, PAGE + 64, 4), 8 << 20);
	cr_assert_eq(get(&p, PAGE + 68, 4), 0xffffffff);
	cr_assert_eq(CALL(setrlimit, &p, 3, PAGE + 64, 0, 0, 0, 0), 0);
	gm_destroy(&p.mem);
}

Test(proc, sysinfo_and_getrusage_layout_on_i386)
{
	struct process p;
	setup(&p, 4, CPU_ARCH_I386);
	fill(&p, 0xaa);
	cr_assert_eq(CALL(sysinfo, &p, PAGE, 0, 0, 0, 0, 0), 0);
	cr_assert_eq(get(&p, PAGE, 4), process_time_ns(&p, 1) / NS);
	uint64_t unit = get(&p, PAGE + 52, 4);
	cr_assert_eq(get(&p, PAGE + 16, 4) * unit, 4ull << 30);
	cr_assert_eq(get(&p, PAGE + 40, 2), 1, "procs");
	cr_assert_eq(get(&p, PAGE + 60, 4), 0, "padding zeroed");
	cr_assert_eq(get(&p, PAGE + 64, 1), 0xaa, "64 bytes on i386");

	uint64_t cpu = process_time_ns(&p, 2);
	cr_assert_eq(CALL(getrusage, &p, 0, PAGE + 128, 0, 0, 0, 0), 0);
	cr_assert_eq(get(&p, PAGE + 128, 4), cpu / NS);
	cr_assert_eq(get(&p, PAGE + 132, 4), cpu % NS / 1000);
	for (int i = 2; i < 18; i++)
		cr_assert_eq(get(&p, PAGE + 128 + 4 * i, 4), 0);
	cr_assert_eq(get(&p, PAGE + 128 + 72, 1), 0xaa);
	cr_assert_eq(CALL(getrusage, &p, 5, PAGE, 0, 0, 0, 0), -EINVAL);
	gm_destroy(&p.mem);
}

Test(proc, futex_single_thread)
{
	struct process p;
	setup(&p, 8, CPU_ARCH_X86_64);
	put(&p, PAGE, 4, 7);
	cr_assert_eq(CALL(futex, &p, PAGE, 128, 6, 0, 0, 0), -EAGAIN, "value changed");
	cr_assert_eq(CALL(futex, &p, PAGE, 129, 1, 0, 0, 0), 0, "nobody to wake");
	cr_assert_eq(CALL(futex, &p, UNMAPPED, 0, 7, 0, 0, 0), -EFAULT);
	/* A wait that times out lets exactly the timeout pass. */
	put(&p, PAGE + 16, 8, 0);
	put(&p, PAGE + 24, 8, 300);
	uint64_t mono = process_time_ns(&p, 1);
	cr_assert_eq(CALL(futex, &p, PAGE, 128, 7, PAGE + 16, 0, 0), -ETIMEDOUT);
	cr_assert_eq(process_time_ns(&p, 1) - mono, 300);
	cr_assert_eq(CALL(futex, &p, PAGE, 6, 0, 0, 0, 0), -ENOSYS, "PI lock");
	gm_destroy(&p.mem);
}

Test(proc, thread_pointer_rejects)
{
	struct process p;
	setup(&p, 4, CPU_ARCH_I386);
	put(&p, PAGE, 4, 5);
	cr_assert_eq(CALL(set_thread_area, &p, PAGE, 0, 0, 0, 0, 0), -EINVAL);
	cr_assert_eq(CALL(set_thread_area, &p, UNMAPPED, 0, 0, 0, 0, 0), -EFAULT);
	cr_assert_eq(CALL(arch_prctl, &p, 0x1002, 0, 0, 0, 0, 0), -EINVAL, "not on i386");
	p.arch = CPU_ARCH_X86_64;
	cr_assert_eq(CALL(arch_prctl, &p, 0x9999, 0, 0, 0, 0, 0), -EINVAL);
	cr_assert_eq(CALL(arch_prctl, &p, 0x1002, 1ull << 47, 0, 0, 0, 0), -EPERM);
	gm_destroy(&p.mem);
}

Test(signals, fatal_self_signals_end_the_process)
{
	struct process p;
	setup(&p, 8, CPU_ARCH_X86_64);
	cr_assert_eq(CALL(tgkill, &p, 1000, 1000, SIGABRT, 0, 0, 0), 0);
	cr_assert(p.ended);
	cr_assert_eq(p.term_signal, SIGABRT);
	gm_destroy(&p.mem);

	setup(&p, 8, CPU_ARCH_X86_64);
	p.abi = NULL;					/* no signal frames: */
	p.sigactions[SIGUSR1].handler = 0x401000;	/* a handler we cannot run */
	cr_assert_eq(CALL(kill, &p, 0, SIGUSR1, 0, 0, 0, 0), 0);
	cr_assert(p.ended);
	cr_assert_eq(p.term_signal, SIGUSR1);
	gm_destroy(&p.mem);

	setup(&p, 8, CPU_ARCH_X86_64);
	put(&p, PAGE, 4, 2);
	CALL(futex, &p, PAGE, 128, 2, 0, 0, 0);
	cr_assert(p.ended, "a wait nobody can end is a deadlock");
	cr_assert_eq(p.term_signal, SIGABRT);
	gm_destroy(&p.mem);

	setup(&p, 8, CPU_ARCH_X86_64);
	cr_assert_eq(CALL(exit_group, &p, 0x1ff, 0, 0, 0, 0, 0), 0);
	cr_assert(p.ended);
	cr_assert_eq(p.exit_code, 0xff);
	gm_destroy(&p.mem);
}
