/* timer_create, timer_settime, timer_gettime, timer_getoverrun, timer_delete: the handlers of
 * the POSIX timers, which posix_timers.c keeps on guest time. The layouts are the same on every
 * ABI but for the word: struct sigevent is {sigval value; int signo; int notify; int tid}, the
 * ints after a word-sized sigval; struct itimerspec is {interval; value}, two timespecs of
 * words (or of 64-bit fields: the time64 calls of the 32-bit ABIs). A timer id is an int. */
#include <errno.h>
#include <signal.h>
#include <time.h>

#include "handlers.h"
#include "poll_wait.h"
#include "sys_args.h"
#include "thread.h"

/* Linux clock ids (the same on every architecture): which ones a timer may count. */
enum { CLK_REALTIME = 0, CLK_PROCESS_CPUTIME = 2, CLK_THREAD_CPUTIME = 3, CLK_MONOTONIC_RAW = 4,
       CLK_MONOTONIC_COARSE = 6, CLK_BOOTTIME_ALARM = 9 };

enum { TIMER_ABSTIME_FLAG = 1 };

static struct posix_timer *timer_of(struct process *p, uint64_t id_arg)
{
	int id = sys_arg_int(id_arg);
	for (int slot = 0; slot < POSIX_TIMERS_MAX; slot++)
		if (p->timers[slot].used && p->timers[slot].id == id)
			return &p->timers[slot];
	return NULL;
}

/* The next id no live timer has (Linux: the process's counter, wrapping at INT_MAX). */
static int32_t new_timer_id(struct process *p)
{
	for (;;) {
		int32_t id = p->next_timer_id;
		p->next_timer_id = id == INT32_MAX ? 0 : id + 1;
		if (!timer_of(p, (uint32_t)id))
			return id;
	}
}

static int read_sigevent(struct process *p, uint64_t addr, struct posix_timer *t)
{
	unsigned w = p->mem.word_size;
	uint64_t value, signo, notify, tid;
	if (gm_get(&p->mem, addr, w, &value) || gm_get(&p->mem, addr + w, 4, &signo) ||
	    gm_get(&p->mem, addr + w + 4, 4, &notify) || gm_get(&p->mem, addr + w + 8, 4, &tid))
		return -EFAULT;
	t->value = value;
	t->sig = sys_arg_int(signo);
	t->notify = sys_arg_int(notify);
	t->tid = sys_arg_int(tid);
	if (t->notify != GUEST_SIGEV_SIGNAL && t->notify != GUEST_SIGEV_NONE &&
	    t->notify != GUEST_SIGEV_THREAD_ID)
		return -EINVAL;	/* SIGEV_THREAD is glibc's business, not the kernel's */
	if (t->notify != GUEST_SIGEV_NONE && (t->sig < 1 || t->sig >= GUEST_NSIG))
		return -EINVAL;
	if (t->notify == GUEST_SIGEV_THREAD_ID && t->tid != sched_current_tid(p) &&
	    !sched_find(p, t->tid))
		return -EINVAL;	/* not a thread of this process */
	return 0;
}

/* timer_create(clockid, sevp, timerid) */
int64_t sys_timer_create(struct process *p, const uint64_t *a)
{
	int clk = sys_arg_int(a[0]);
	if (clk < 0) {
		/* a CPU clock id (clock_getcpuclockid, glibc's CLOCK_PROCESS_CPUTIME_ID): ~pid << 3
		 * | per-thread 4 | kind (PROF 0, VIRT 1, SCHED 2); only this process's */
		int32_t pid = ~(clk >> 3);
		if ((clk & 3) == 3 || (pid != 0 && pid != p->cfg.pid))
			return -EINVAL;
		clk = clk & 4 ? CLK_THREAD_CPUTIME : CLK_PROCESS_CPUTIME;
	}
	if (clk > CLK_BOOTTIME_ALARM)
		return -EINVAL;
	if (clk >= CLK_MONOTONIC_RAW && clk <= CLK_MONOTONIC_COARSE)
		return -EOPNOTSUPP;	/* the raw and coarse clocks have no timers */
	int slot = 0;
	while (slot < POSIX_TIMERS_MAX && p->timers[slot].used)
		slot++;
	if (slot == POSIX_TIMERS_MAX)
		return -EAGAIN;
	int32_t id = new_timer_id(p);
	struct posix_timer t = {
		.used = true, .id = id, .clock = clk,
		.cpu_clock = clk == CLK_PROCESS_CPUTIME || clk == CLK_THREAD_CPUTIME,
		/* no sigevent: SIGALRM to the process, si_value the timer's id */
		.notify = GUEST_SIGEV_SIGNAL, .sig = p->abi->signal_to_guest(SIGALRM),
		.value = (uint64_t)id,
	};
	if (a[1]) {
		int err = read_sigevent(p, a[1], &t);
		if (err)
			return err;
	}
	if (gm_put(&p->mem, a[2], 4, (uint32_t)id))
		return -EFAULT;
	p->timers[slot] = t;
	return 0;
}

static int put_itimerspec(struct process *p, uint64_t addr, unsigned field_bytes,
			  const struct posix_timer *t)
{
	int err = put_timeout_ns(p, addr, field_bytes, 1, t->interval_ns);
	return err ? err : put_timeout_ns(p, addr + 2u * field_bytes, field_bytes, 1, t->value_ns);
}

static int64_t do_gettime(struct process *p, const uint64_t *a, unsigned field_bytes)
{
	struct posix_timer *t = timer_of(p, a[0]);
	if (!t)
		return -EINVAL;
	posix_timers_update(p, true, false, 0);
	return put_itimerspec(p, a[1], field_bytes, t);
}

static int64_t do_settime(struct process *p, const uint64_t *a, unsigned field_bytes)
{
	struct posix_timer *t = timer_of(p, a[0]);
	if (!t)
		return -EINVAL;
	uint64_t interval, value;
	int err = get_timeout_ns(p, a[2], field_bytes, 1, &interval);
	if (!err)
		err = get_timeout_ns(p, a[2] + 2u * field_bytes, field_bytes, 1, &value);
	if (err)
		return err;
	posix_timers_update(p, true, false, 0);
	if (a[3] && (err = put_itimerspec(p, a[3], field_bytes, t)))
		return err;
	if (value && (sys_arg_int(a[1]) & TIMER_ABSTIME_FLAG)) {
		/* an absolute time on the timer's own clock: the time from now to it */
		uint64_t now = process_time_ns(p, t->clock);
		value = value > now ? value - now : 1;
	}
	t->interval_ns = value ? interval : 0;
	t->value_ns = value;
	t->overrun = 0;
	process_timers_changed(p);
	/* counted from now on its clock (posix_timers.c brought since_ns up to now) */
	return 0;
}

int64_t sys_timer_settime(struct process *p, const uint64_t *a)
{
	return do_settime(p, a, p->mem.word_size);
}

int64_t sys_timer_settime64(struct process *p, const uint64_t *a)
{
	return do_settime(p, a, 8);
}

int64_t sys_timer_gettime(struct process *p, const uint64_t *a)
{
	return do_gettime(p, a, p->mem.word_size);
}

int64_t sys_timer_gettime64(struct process *p, const uint64_t *a)
{
	return do_gettime(p, a, 8);
}

int64_t sys_timer_getoverrun(struct process *p, const uint64_t *a)
{
	struct posix_timer *t = timer_of(p, a[0]);
	return t ? t->overrun : -EINVAL;
}

int64_t sys_timer_delete(struct process *p, const uint64_t *a)
{
	struct posix_timer *t = timer_of(p, a[0]);
	if (!t)
		return -EINVAL;
	*t = (struct posix_timer){ 0 };
	return 0;
}
