/* setitimer, getitimer and alarm: the handlers of the interval timers, which itimers.c keeps
 * on guest time. */
#include <errno.h>

#include "handlers.h"
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

static int put_itimer(struct process *p, uint64_t addr, int which)
{
	itimer_update(p, which, false);
	int err = put_timeval_us(p, addr, p->itimer_interval_us[which]);
	return err ? err : put_timeval_us(p, addr + 2u * p->mem.word_size, p->itimer_value_us[which]);
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
	itimer_arm(p, which, interval, value);
	return 0;
}

/* alarm(seconds): ITIMER_REAL without an interval; returns the seconds that were left, rounded
 * to the nearest (at least 1 if any time was left), as Linux does. */
int64_t sys_alarm(struct process *p, const uint64_t *a)
{
	itimer_update(p, 0, false);
	uint64_t left = p->itimer_value_us[0];
	uint64_t secs = (left + 500000u) / 1000000u;
	if (left && !secs)
		secs = 1;
	uint64_t value = (uint64_t)(uint32_t)a[0] * 1000000u;
	itimer_arm(p, 0, 0, value);
	return (int64_t)secs;
}
