/* timerfd_create, timerfd_settime, timerfd_gettime (and the time64 forms of the 32-bit ABIs):
 * a host timerfd is the guest's descriptor. It counts host time, as a descriptor that poll,
 * epoll and read wait on in the host must: a relative time passes as it is, and an absolute
 * one (TFD_TIMER_ABSTIME) becomes the time from the guest's now on the descriptor's clock to
 * it, the guest calendar being its own (--epoch). TFD_TIMER_CANCEL_ON_SET cannot apply (the
 * guest cannot set the host's clock) and is dropped. The flags of timerfd_create are the ABI's
 * O_NONBLOCK and O_CLOEXEC. A read gives the expirations as a 64-bit count, swapped for a
 * guest of the other byte order (fd_records.c). */
#include <errno.h>
#include <stdio.h>
#include <sys/timerfd.h>

#include "fd_records.h"
#include "handlers.h"
#include "path.h"
#include "poll_wait.h"
#include "sys_args.h"

enum { GUEST_TFD_TIMER_ABSTIME = 1, GUEST_TFD_TIMER_CANCEL_ON_SET = 2 };

int64_t sys_timerfd_create(struct process *p, const uint64_t *a)
{
	uint64_t flags = (uint32_t)a[1];
	int host = sys_open_flags_to_host(p, flags);
	if (sys_open_flags_to_guest(p, host) != flags)
		return -EINVAL;	/* a bit that is neither */
	int fd = timerfd_create(sys_arg_int(a[0]), host);
	if (fd < 0)
		return -errno;
	return fd_records_mark(p, fd, FD_RECORDS_COUNTER);
}

/* The clock a host timerfd counts (/proc/self/fdinfo's clockid), -1 if unknown. */
static int timerfd_clock(int fd)
{
	char path[64];
	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fd);
	FILE *f = fopen(path, "r");
	int clk = -1;
	char line[128];
	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "clockid: %d", &clk) == 1)
			break;
	if (f)
		fclose(f);
	return clk;
}

static int put_itimerspec(struct process *p, uint64_t addr, unsigned field_bytes,
			  const struct itimerspec *its)
{
	uint64_t interval = (uint64_t)its->it_interval.tv_sec * 1000000000u + (uint64_t)its->it_interval.tv_nsec;
	uint64_t value = (uint64_t)its->it_value.tv_sec * 1000000000u + (uint64_t)its->it_value.tv_nsec;
	int err = put_timeout_ns(p, addr, field_bytes, 1, interval);
	return err ? err : put_timeout_ns(p, addr + 2u * field_bytes, field_bytes, 1, value);
}

static struct timespec ts_of(uint64_t ns)
{
	return (struct timespec){ (time_t)(ns / 1000000000u), (long)(ns % 1000000000u) };
}

static int64_t do_settime(struct process *p, const uint64_t *a, unsigned field_bytes)
{
	int fd = sys_arg_int(a[0]);
	uint64_t flags = (uint32_t)a[1];
	if (flags & ~(uint64_t)(GUEST_TFD_TIMER_ABSTIME | GUEST_TFD_TIMER_CANCEL_ON_SET))
		return -EINVAL;
	uint64_t interval, value;
	int err = get_timeout_ns(p, a[2], field_bytes, 1, &interval);
	if (!err)
		err = get_timeout_ns(p, a[2] + 2u * field_bytes, field_bytes, 1, &value);
	if (err)
		return err;
	if (value && (flags & GUEST_TFD_TIMER_ABSTIME)) {
		int clk = timerfd_clock(fd);
		if (clk < 0)
			return -EINVAL;	/* not a timerfd */
		uint64_t now = process_time_ns(p, clk);
		value = value > now ? value - now : 1;	/* already due: at once */
	}
	struct itimerspec its = { ts_of(interval), ts_of(value) }, old;
	if (timerfd_settime(fd, 0, &its, &old) < 0)
		return -errno;
	return a[3] ? put_itimerspec(p, a[3], field_bytes, &old) : 0;
}

static int64_t do_gettime(struct process *p, const uint64_t *a, unsigned field_bytes)
{
	struct itimerspec cur;
	if (timerfd_gettime(sys_arg_int(a[0]), &cur) < 0)
		return -errno;
	return put_itimerspec(p, a[1], field_bytes, &cur);
}

int64_t sys_timerfd_settime(struct process *p, const uint64_t *a)
{
	return do_settime(p, a, p->mem.word_size);
}

int64_t sys_timerfd_settime64(struct process *p, const uint64_t *a)
{
	return do_settime(p, a, 8);
}

int64_t sys_timerfd_gettime(struct process *p, const uint64_t *a)
{
	return do_gettime(p, a, p->mem.word_size);
}

int64_t sys_timerfd_gettime64(struct process *p, const uint64_t *a)
{
	return do_gettime(p, a, 8);
}
