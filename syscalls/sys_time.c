/* Clocks, sleeps and randomness.
 *
 * Guest time is not the host's: process_time_ns derives it from retired instructions (plus the
 * time the guest slept), so a sleep never waits on the host, it only moves guest time forward
 * by exactly the requested amount. The same program with the same inputs therefore sees the
 * same clock values on every run. --host-time (p->cfg.host_time) switches back to real time,
 * and then sleeps are real too.
 *
 * Layouts: the native timespec/timeval are two "long"s (p->mem.word_size bytes each); the
 * time64 calls of 32-bit ABIs (clock_gettime64 and friends) use two 64-bit fields. */
#include <errno.h>
#include <string.h>
#include <time.h>

#include "handlers.h"
#include "poll_wait.h"
#include "thread.h"

#define NS_PER_SEC 1000000000ull

/* Linux clock ids; the same numbers on every architecture, host and guest alike. */
enum {
	CLK_REALTIME = 0,
	CLK_MONOTONIC = 1,
	CLK_PROCESS_CPUTIME = 2,
	CLK_THREAD_CPUTIME = 3,
	CLK_MONOTONIC_RAW = 4,
	CLK_REALTIME_COARSE = 5,
	CLK_MONOTONIC_COARSE = 6,
	CLK_BOOTTIME = 7,
};

enum { TIMER_ABSTIME_FLAG = 1 };

/* getrandom flags: GRND_NONBLOCK, GRND_RANDOM, GRND_INSECURE. */
enum { GRND_NONBLOCK_ = 1, GRND_RANDOM_ = 2, GRND_INSECURE_ = 4 };

/* The most getrandom hands out per call (the kernel's historical urandom cap). */
#define GETRANDOM_MAX (32u << 20)

/* Which of a timespec's two layouts a call uses. */
enum ts_layout {
	TS_NATIVE,	/* {long sec; long nsec} */
	TS_TIME64,	/* {int64 sec; int64 nsec} */
};

static bool clock_known(int64_t clk)
{
	return clk >= CLK_REALTIME && clk <= CLK_BOOTTIME;
}

static int put_pair(struct process *p, uint64_t addr, enum ts_layout layout, uint64_t first,
		    uint64_t second)
{
	unsigned w = layout == TS_TIME64 ? 8 : p->mem.word_size;
	int r = gm_put(&p->mem, addr, w, first);
	return r ? r : gm_put(&p->mem, addr + w, w, second);
}

static int put_timespec(struct process *p, uint64_t addr, enum ts_layout layout, uint64_t ns)
{
	return put_pair(p, addr, layout, ns / NS_PER_SEC, ns % NS_PER_SEC);
}

/* Reads a duration or an absolute time: 0, -EFAULT, or -EINVAL for a negative second count or
 * a nanosecond field outside [0, 1e9); beyond ~584 years saturates instead of wrapping. */
static int get_timespec(struct process *p, uint64_t addr, enum ts_layout layout, uint64_t *ns)
{
	return get_timeout_ns(p, addr, layout == TS_TIME64 ? 8 : p->mem.word_size, 1, ns);
}

/* ns in clock_t units of 1/hz second (USER_HZ, the guest's AT_CLKTCK), without overflow. */
static uint64_t ns_to_ticks(uint64_t ns, uint64_t hz)
{
	return ns / NS_PER_SEC * hz + ns % NS_PER_SEC * hz / NS_PER_SEC;
}

static int64_t do_clock_gettime(struct process *p, const uint64_t *a, enum ts_layout layout)
{
	int64_t clk = (int64_t)(int32_t)a[0];
	if (!clock_known(clk))
		return -EINVAL;
	return put_timespec(p, a[1], layout, process_time_ns(p, (int)clk));
}

int64_t sys_clock_gettime(struct process *p, const uint64_t *a)
{
	return do_clock_gettime(p, a, TS_NATIVE);
}

int64_t sys_clock_gettime64(struct process *p, const uint64_t *a)
{
	return do_clock_gettime(p, a, TS_TIME64);
}

/* The resolution a guest can observe. In instruction-clock mode the fine clocks advance one
 * instruction period at a time, 1e9 / (hz * tick) ns, and the coarse ones one tick, 1e9 / hz;
 * at least 1 ns. With --host-time the host's own resolution is the truth. */
static uint64_t clock_resolution_ns(const struct process *p, int clk)
{
	if (p->cfg.host_time) {
		struct timespec ts;
		if (clock_getres(clk, &ts) == 0)
			return (uint64_t)ts.tv_sec * NS_PER_SEC + (uint64_t)ts.tv_nsec;
		return 1;
	}
	uint64_t hz = p->cfg.hz ? p->cfg.hz : 1;
	uint64_t per_sec = hz;
	if (clk != CLK_REALTIME_COARSE && clk != CLK_MONOTONIC_COARSE) {
		uint64_t tick = p->cfg.tick ? p->cfg.tick : 1;
		per_sec = hz > UINT64_MAX / tick ? UINT64_MAX : hz * tick;
	}
	uint64_t res = NS_PER_SEC / per_sec;
	return res ? res : 1;
}

static int64_t do_clock_getres(struct process *p, const uint64_t *a, enum ts_layout layout)
{
	int64_t clk = (int64_t)(int32_t)a[0];
	if (!clock_known(clk))
		return -EINVAL;
	if (!a[1])
		return 0;
	return put_timespec(p, a[1], layout, clock_resolution_ns(p, (int)clk));
}

int64_t sys_clock_getres(struct process *p, const uint64_t *a)
{
	return do_clock_getres(p, a, TS_NATIVE);
}

int64_t sys_clock_getres_time64(struct process *p, const uint64_t *a)
{
	return do_clock_getres(p, a, TS_TIME64);
}

/* gettimeofday(tv, tz): the timezone is always UTC without DST (what Linux reports unless
 * someone called settimeofday with a zone). */
int64_t sys_gettimeofday(struct process *p, const uint64_t *a)
{
	if (a[0]) {
		uint64_t ns = process_time_ns(p, CLK_REALTIME);
		int r = put_pair(p, a[0], TS_NATIVE, ns / NS_PER_SEC, ns % NS_PER_SEC / 1000);
		if (r)
			return r;
	}
	if (a[1]) {
		/* struct timezone: two ints. */
		int r = gm_put(&p->mem, a[1], 4, 0);
		return r ? r : gm_put(&p->mem, a[1] + 4, 4, 0);
	}
	return 0;
}

int64_t sys_time(struct process *p, const uint64_t *a)
{
	uint64_t sec = process_time_ns(p, CLK_REALTIME) / NS_PER_SEC;
	if (a[0]) {
		int r = gm_put_word(&p->mem, a[0], sec);
		if (r)
			return r;
	}
	return (int64_t)sec;
}

/* times(buf): struct tms is four clock_t (long): utime, stime, cutime, cstime. All guest CPU
 * time is user time (the emulator's own work on its behalf is not the guest's), and there are
 * no children. Returns guest monotonic time in ticks. */
int64_t sys_times(struct process *p, const uint64_t *a)
{
	uint64_t hz = p->cfg.hz ? p->cfg.hz : 1;
	if (a[0]) {
		unsigned w = p->mem.word_size;
		uint64_t utime = ns_to_ticks(process_time_ns(p, CLK_PROCESS_CPUTIME), hz);
		for (unsigned i = 0; i < 4; i++) {
			int r = gm_put(&p->mem, a[0] + i * w, w, i == 0 ? utime : 0);
			if (r)
				return r;
		}
	}
	return (int64_t)ns_to_ticks(process_time_ns(p, CLK_MONOTONIC), hz);
}

/* --host-time: really sleep. On EINTR (the emulator's own SIGINT handling, say) the remaining
 * time goes to rem for a relative sleep, as the kernel does. */
static int64_t sleep_host(struct process *p, int clk, bool absolute, uint64_t ns, uint64_t rem,
			  enum ts_layout layout)
{
	struct timespec req = { .tv_sec = (time_t)(ns / NS_PER_SEC),
				.tv_nsec = (long)(ns % NS_PER_SEC) };
	struct timespec left = { 0, 0 };
	int err = clock_nanosleep(clk, absolute ? TIMER_ABSTIME : 0, &req, &left);
	if (err == 0)
		return 0;
	if (err == EINTR && !absolute && rem) {
		int r = put_timespec(p, rem, layout,
				     (uint64_t)left.tv_sec * NS_PER_SEC + (uint64_t)left.tv_nsec);
		if (r)
			return r;
	}
	return -err;
}

/* A sleep of ns on guest time: 0, or -EINTR with the time left in *left. */
static int64_t sleep_on_guest_clock(struct process *p, uint64_t ns, uint64_t *left)
{
	*left = 0;
	if (p->sched) {
		/* Only this thread sleeps: the others run meanwhile (thread.h). */
		uint64_t mono = process_time_ns(p, CLK_MONOTONIC);
		sched_block(p, WAIT_SLEEP, ns > UINT64_MAX - 1 - mono ? UINT64_MAX - 1 : mono + ns);
		return 0;
	}
	/* ITIMER_REAL may expire during the sleep: a signal for a handler (or a fatal one) ends
	 * it early with EINTR and the time left. */
	process_sleep(p, ns, left);
	return *left == 0 || p->ended ? 0 : -EINTR;
}

static int64_t do_sleep(struct process *p, int clk, uint64_t flags, uint64_t req, uint64_t rem,
			enum ts_layout layout)
{
	uint64_t ns;
	int r = get_timespec(p, req, layout, &ns);
	if (r)
		return r;
	bool absolute = flags & TIMER_ABSTIME_FLAG;
	if (p->cfg.host_time)
		return sleep_host(p, clk, absolute, ns, rem, layout);
	if (absolute) {
		/* Linux would never wake a single-threaded process sleeping until a future value of
		 * its own CPU clock (it cannot run while asleep); we let guest time pass by the
		 * difference instead, which ends the same way for any program that terminates. */
		uint64_t now = process_time_ns(p, clk);
		ns = ns > now ? ns - now : 0;
	}
	uint64_t left;
	int64_t slept = sleep_on_guest_clock(p, ns, &left);
	if (slept == -EINTR && !absolute && rem) {
		int err = put_timespec(p, rem, layout, left);
		if (err)
			return err;
	}
	return slept;
}

/* A relative sleep of ns nanoseconds on the monotonic clock, for the calls that sleep with
 * nothing else to wait for (poll and select with no descriptors): 0, or -EINTR. */
int64_t sleep_relative_ns(struct process *p, uint64_t ns)
{
	uint64_t left;
	if (p->cfg.host_time)
		return sleep_host(p, CLK_MONOTONIC, false, ns, 0, TS_NATIVE);
	return sleep_on_guest_clock(p, ns, &left);
}

int64_t sys_nanosleep(struct process *p, const uint64_t *a)
{
	return do_sleep(p, CLK_MONOTONIC, 0, a[0], a[1], TS_NATIVE);
}

/* clock_nanosleep(clk, flags, req, rem). The clocks Linux can sleep on: REALTIME, MONOTONIC,
 * BOOTTIME and the process CPU clock; the raw and coarse clocks have no sleep (EOPNOTSUPP) and
 * the calling thread's own CPU clock is refused (EINVAL), as in the kernel. */
static int64_t do_clock_nanosleep(struct process *p, const uint64_t *a, enum ts_layout layout)
{
	int64_t clk = (int64_t)(int32_t)a[0];
	if (!clock_known(clk) || clk == CLK_THREAD_CPUTIME)
		return -EINVAL;
	if (clk == CLK_MONOTONIC_RAW || clk == CLK_REALTIME_COARSE || clk == CLK_MONOTONIC_COARSE)
		return -EOPNOTSUPP;
	return do_sleep(p, (int)clk, a[1], a[2], a[3], layout);
}

int64_t sys_clock_nanosleep(struct process *p, const uint64_t *a)
{
	return do_clock_nanosleep(p, a, TS_NATIVE);
}

int64_t sys_clock_nanosleep_time64(struct process *p, const uint64_t *a)
{
	return do_clock_nanosleep(p, a, TS_TIME64);
}

/* getrandom(buf, len, flags): bytes from the --seed stream, so that programs drawing random
 * numbers (hash seeds, mkstemp names) behave the same on every run. Each process_random value
 * gives 8 bytes in little-endian order; the unused bytes of a call's last value are dropped,
 * so the stream depends only on the sequence of call lengths. */
int64_t sys_getrandom(struct process *p, const uint64_t *a)
{
	uint64_t buf = a[0], len = a[1], flags = a[2];
	if (flags & ~(uint64_t)(GRND_NONBLOCK_ | GRND_RANDOM_ | GRND_INSECURE_))
		return -EINVAL;
	if ((flags & GRND_RANDOM_) && (flags & GRND_INSECURE_))
		return -EINVAL;
	if (len > GETRANDOM_MAX)
		len = GETRANDOM_MAX;

	uint8_t chunk[4096], value[8];
	unsigned used = sizeof(value);
	uint64_t done = 0;
	while (done < len) {
		/* Chunks end at guest page boundaries, so that a fault leaves exactly the
		 * writable prefix done, which the kernel then reports as the count. */
		uint64_t page_left = p->mem.page_size - ((buf + done) & (p->mem.page_size - 1));
		uint64_t n = len - done;
		if (n > sizeof(chunk))
			n = sizeof(chunk);
		if (n > page_left)
			n = page_left;
		for (uint64_t i = 0; i < n; i++) {
			if (used == sizeof(value)) {
				bo_put64(value, process_random(p), BO_LITTLE);
				used = 0;
			}
			chunk[i] = value[used++];
		}
		if (gm_write(&p->mem, buf + done, chunk, n))
			return done ? (int64_t)done : -EFAULT;
		done += n;
	}
	return (int64_t)done;
}
