/* The POSIX timers of timer_create on guest time, kept as itimers.c keeps the interval timers:
 * a timer on a wall clock (CLOCK_REALTIME, CLOCK_MONOTONIC, CLOCK_BOOTTIME) counts the guest's
 * wall time, which nanosleep and the waits of process_sleep advance too; one on a CPU clock
 * counts the process's CPU time. Every tick brings the armed timers up to the tick's own count
 * (the CPU stops at that instruction for the signal, as for setitimer), and process_sleep wakes
 * for the next wall-clock one. An expiry sends the timer's signal with si_code SI_TIMER,
 * si_timerid, si_overrun (the further periods that passed before it was noticed: a tick may
 * cover several) and si_value, to the process (SIGEV_SIGNAL) or to one thread
 * (SIGEV_THREAD_ID, which glibc's SIGEV_THREAD uses); SIGEV_NONE timers only count down.
 * Unlike the interval timers, values are not rounded to ticks: Linux's high-resolution timers
 * are not either. */
#include <string.h>
#include <time.h>

#include "process.h"
#include "thread.h"

#define GUEST_SI_TIMER (-2)

static uint64_t timer_now_ns(struct process *p, const struct posix_timer *t, bool at_tick,
			     uint64_t retired)
{
	int clk = t->cpu_clock ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_MONOTONIC;
	return at_tick ? process_time_ns_at(p, clk, retired) : process_time_ns(p, clk);
}

static void expire(struct process *p, struct posix_timer *t, uint64_t further)
{
	t->overrun = further > INT32_MAX ? INT32_MAX : (int32_t)further;
	if (t->notify == GUEST_SIGEV_NONE)
		return;
	struct guest_siginfo info = {
		.code = GUEST_SI_TIMER, .pid = t->id, .uid = t->overrun,
		.has_value = true, .value = t->value,
	};
	struct guest_thread *th = t->notify == GUEST_SIGEV_THREAD_ID ? sched_find(p, t->tid) : NULL;
	if (th)
		process_signal_send_to(p, th, t->sig, &info);
	else
		process_signal_send(p, t->sig, &info);
	if (!p->ended && process_signal_due(p))
		cpu_request_stop_at_tick(p->cpu);
}

static void update_one(struct process *p, int id, bool fire, uint64_t now)
{
	struct posix_timer *t = &p->timers[id];
	uint64_t elapsed = now - t->since_ns;
	t->since_ns = now;
	if (t->value_ns == 0)
		return;
	if (elapsed < t->value_ns) {
		t->value_ns -= elapsed;
		return;
	}
	uint64_t late = elapsed - t->value_ns, further = 0;
	if (t->interval_ns) {
		further = late / t->interval_ns;
		t->value_ns = t->interval_ns - late % t->interval_ns;
	} else {
		t->value_ns = 0;
	}
	if (fire)
		expire(p, t, further);
}

void posix_timers_update(struct process *p, bool fire, bool at_tick, uint64_t retired)
{
	for (int id = 0; id < POSIX_TIMERS_MAX && !p->ended; id++)
		if (p->timers[id].used)
			update_one(p, id, fire, timer_now_ns(p, &p->timers[id], at_tick, retired));
}

uint64_t posix_timers_wall_due_ns(const struct process *p)
{
	uint64_t due = UINT64_MAX;
	for (int id = 0; id < POSIX_TIMERS_MAX; id++) {
		const struct posix_timer *t = &p->timers[id];
		if (t->used && !t->cpu_clock && t->value_ns && t->value_ns < due)
			due = t->value_ns;
	}
	return due;
}

void posix_timers_forget(struct process *p)
{
	memset(p->timers, 0, sizeof(p->timers));
	p->next_timer_id = 0;
}
