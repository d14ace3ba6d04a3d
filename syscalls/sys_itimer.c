/* setitimer, getitimer and alarm, on guest time. An interval is rounded up to whole clock
 * ticks, as the kernel rounds to its timer resolution, so glibc's __profile_frequency (which
 * sets 1 µs and reads back the rounded value) finds --hz, and gmon.out's prof_rate agrees with
 * the instruction clock. The timers are checked on every tick: ITIMER_REAL against the guest's
 * wall clock (which nanosleep advances too), ITIMER_VIRTUAL and ITIMER_PROF against its CPU
 * time; one that expires sends SIGALRM, SIGVTALRM or SIGPROF (si_code SI_KERNEL) and reloads
 * from its interval. The handler is entered at the tick's own instruction (the CPU stops
 * there: cpu_request_stop_at_tick), the same one on every run. */
#include <errno.h>
#include <signal.h>
#include <time.h>

#include "handlers.h"
#include "host_signals.h"
#include "thread.h"
#include "sys_args.h"

/* struct itimerval: {timeval it_interval; timeval it_value}, each {long sec; long usec}. */
static int get_timeval_us(struct process *p, uint64_t addr, uint64_t *us)
{
	uint64_t sec, usec;
	unsigned w = p->mem.word_size;
	if (gm_get(&p->mem, addr, w, &sec) || gm_get(&p->mem, addr + w, w, &usec))
		return -EFAULT;
	int64_t s = sys_arg_long(p, sec), u = sys_arg_long(p, usec);
	if (s < 0 || u < 0 || u >= 1000000)
		return -EINVAL;
	*us = (uint64_t)s * 1000000u + (uint64_t)u;
	return 0;
}

static int put_timeval_us(struct process *p, uint64_t addr, uint64_t us)
{
	unsigned w = p->mem.word_size;
	if (gm_put(&p->mem, addr, w, us / 1000000u) || gm_put(&p->mem, addr + w, w, us % 1000000u))
		return -EFAULT;
	return 0;
}

/* Guest time in µs on the clock a timer counts. */
static int timer_clock(int which)
{
	return which == 0 ? CLOCK_MONOTONIC : CLOCK_PROCESS_CPUTIME_ID;
}

static uint64_t timer_now_us(struct process *p, int which)
{
	return process_time_ns(p, timer_clock(which)) / 1000u;
}

/* Brings a timer's value up to `now` (µs on its clock), firing it (once: a tick is one timer
 * period at most apart from the next check, and the kernel too sends one signal for
 * overruns). */
static void update_timer_at(struct process *p, int which, bool fire, uint64_t now)
{
	static const int signals[3] = { SIGALRM, SIGVTALRM, SIGPROF };
	uint64_t elapsed = now - p->itimer_since_us[which];
	p->itimer_since_us[which] = now;
	uint64_t *value = &p->itimer_value_us[which];
	if (*value == 0)
		return;
	if (elapsed < *value) {
		*value -= elapsed;
		return;
	}
	*value = p->itimer_interval_us[which];
	if (!fire)
		return;
	struct guest_siginfo info = { .code = 0x80 };	/* SI_KERNEL */
	process_signal_send(p, p->abi->signal_to_guest(signals[which]), &info);
	if (!p->ended && process_signal_due(p))
		cpu_request_stop_at_tick(p->cpu);	/* at the tick's instruction */
}

static void update_timer(struct process *p, int which, bool fire)
{
	update_timer_at(p, which, fire, timer_now_us(p, which));
}

/* Waits on the host for up to step ns of guest time, which pass in host time too, until a
 * forwarded signal arrives; true for a signal, with *waited the ns that passed (the guest clock
 * has moved by them). */
static bool wait_in_host_time(struct process *p, uint64_t step, uint64_t *waited)
{
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	bool arrived = host_signals_wait_for(step);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	uint64_t ns = (uint64_t)(t1.tv_sec - t0.tv_sec) * 1000000000u + (uint64_t)t1.tv_nsec -
		      (uint64_t)t0.tv_nsec;
	*waited = arrived && ns < step ? ns : step;
	if (step != UINT64_MAX)
		p->sleep_ns += *waited;
	return arrived;
}

bool process_sleep(struct process *p, uint64_t ns, uint64_t *left)
{
	/* An interval timer whose signal is ignored fires forever without interrupting: bound
	 * the wait so that it reads as the deadlock it is. */
	for (unsigned fired = 0; fired < 1000000; fired++) {
		update_timer(p, 0, false);
		uint64_t due = p->itimer_value_us[0] * 1000u;
		uint64_t step = !due || due > ns ? ns : due;	/* to the wait's end or the timer */
		/* The rule for a process among others (process_has_company): its waits take host
		 * time, so that what the others do in host time (a child that runs, a sibling's
		 * signal) comes when it would natively, before a timeout that natively comes
		 * after it. A process alone jumps: nothing outside can end its wait early. */
		uint64_t waited;
		if (process_has_company(p) && wait_in_host_time(p, step, &waited)) {
			if (ns != UINT64_MAX)
				ns -= waited;
			if (host_signals_take(p) && !p->ended)
				process_kill(p, p->abi->signal_to_guest(SIGINT));	/* Ctrl-C */
			if (p->ended || process_signal_due(p) || sched_signal_waiting(p)) {
				*left = ns;
				return true;
			}
			continue;	/* a signal the guest ignores: the wait goes on */
		}
		if (step == ns) {
			if (ns == UINT64_MAX)
				break;	/* forever, and no timer to end it */
			if (!process_has_company(p))
				p->sleep_ns = ns > UINT64_MAX - p->sleep_ns ? UINT64_MAX : p->sleep_ns + ns;
			*left = 0;
			return true;
		}
		if (!process_has_company(p))
			p->sleep_ns += due;
		if (ns != UINT64_MAX)
			ns -= due;
		update_timer(p, 0, true);
		if (p->ended || process_signal_due(p) || sched_signal_waiting(p)) {
			*left = ns;
			return true;
		}
	}
	*left = ns;
	return false;
}

/* Inside a block the CPU's own count is that of the block's start: the tick's count is the
 * time of the tick. */
void process_itimers_tick(struct process *p, uint64_t retired)
{
	for (int which = 0; which < 3; which++)
		if (p->itimer_value_us[which])
			update_timer_at(p, which, true, process_time_ns_at(p, timer_clock(which), retired) / 1000u);
}

static int put_itimer(struct process *p, uint64_t addr, int which)
{
	update_timer(p, which, false);
	int err = put_timeval_us(p, addr, p->itimer_interval_us[which]);
	return err ? err : put_timeval_us(p, addr + 2u * p->mem.word_size, p->itimer_value_us[which]);
}

static uint64_t round_to_ticks(const struct process *p, uint64_t us)
{
	uint64_t tick_us = 1000000u / (p->cfg.hz ? p->cfg.hz : 1);
	if (tick_us == 0)
		tick_us = 1;
	return (us + tick_us - 1) / tick_us * tick_us;
}

/* Sets a timer (value 0 disarms it), counting from now. */
static void arm_timer(struct process *p, int which, uint64_t interval_us, uint64_t value_us)
{
	p->itimer_interval_us[which] = round_to_ticks(p, interval_us);
	p->itimer_value_us[which] = round_to_ticks(p, value_us);
	p->itimer_since_us[which] = timer_now_us(p, which);
}

int64_t sys_getitimer(struct process *p, const uint64_t *a)
{
	int which = sys_arg_int(a[0]);
	if (which < 0 || which > 2)
		return -EINVAL;
	return put_itimer(p, a[1], which);
}

int64_t sys_setitimer(struct process *p, const uint64_t *a)
{
	int which = sys_arg_int(a[0]);
	if (which < 0 || which > 2)
		return -EINVAL;
	uint64_t interval = 0, value = 0;
	if (a[1]) {
		int err = get_timeval_us(p, a[1], &interval);
		if (!err)
			err = get_timeval_us(p, a[1] + 2u * p->mem.word_size, &value);
		if (err)
			return err;
	}
	if (a[2]) {
		int err = put_itimer(p, a[2], which);
		if (err)
			return err;
	}
	arm_timer(p, which, interval, value);
	return 0;
}

/* alarm(seconds): ITIMER_REAL without an interval; returns the seconds that were left, rounded
 * to the nearest (at least 1 if any time was left), as Linux does. */
int64_t sys_alarm(struct process *p, const uint64_t *a)
{
	update_timer(p, 0, false);
	uint64_t left = p->itimer_value_us[0];
	uint64_t secs = (left + 500000u) / 1000000u;
	if (left && !secs)
		secs = 1;
	uint64_t value = (uint64_t)(uint32_t)a[0] * 1000000u;
	arm_timer(p, 0, 0, value);
	return (int64_t)secs;
}
