/* setitimer and getitimer: recorded, never fired (guest signal handlers are not run). An
 * interval is rounded up to whole clock ticks, as the kernel rounds to its timer resolution,
 * so glibc's __profile_frequency (which sets 1 µs and reads back the rounded value) finds
 * --hz, and gmon.out's prof_rate agrees with the instruction clock. */
#include <errno.h>

#include "handlers.h"
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
	p->itimer_interval_us[which] = round_to_ticks(p, interval);
	p->itimer_value_us[which] = round_to_ticks(p, value);
	return 0;
}
