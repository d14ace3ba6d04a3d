/* File times: utimensat (and a 32-bit ABI's utimensat_time64), utimes, futimesat, utime. All
 * become the host's utimensat: a timeval's microseconds are nanoseconds times 1000, a utimbuf's
 * seconds have none, and NULL times mean now. A timespec's nanoseconds may be UTIME_NOW or
 * UTIME_OMIT (the same values on every ABI), which pass to the host as they are, as do
 * out-of-range ones (the kernel answers EINVAL). utimensat with a NULL path sets the times
 * of the descriptor itself (futimens). */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "handlers.h"
#include "path.h"
#include "sys_args.h"

/* Two {seconds; fraction} pairs of field_bytes-wide fields at addr, the fraction in units of
 * unit_ns; 0 or -EFAULT. A 32-bit guest's 64-bit fraction field is a 32-bit one, padded. */
static int get_times(struct process *p, uint64_t addr, unsigned field_bytes, long unit_ns,
		     struct timespec ts[2])
{
	for (int i = 0; i < 2; i++) {
		uint64_t sec, frac;
		uint64_t at = addr + (uint64_t)i * 2 * field_bytes;
		if (gm_get(&p->mem, at, field_bytes, &sec) < 0 ||
		    gm_get(&p->mem, at + field_bytes, field_bytes, &frac) < 0)
			return -EFAULT;
		ts[i].tv_sec = field_bytes == 4 ? (time_t)(int32_t)(uint32_t)sec : (time_t)(int64_t)sec;
		long f = field_bytes == 4 || p->mem.word_size == 4 ? (long)(int32_t)(uint32_t)frac
								    : (long)(int64_t)frac;
		/* UTIME_NOW and UTIME_OMIT only exist as nanoseconds */
		ts[i].tv_nsec = unit_ns == 1 ? f : f * unit_ns;
	}
	return 0;
}

static int64_t set_times(struct process *p, int dir, uint64_t path, const struct timespec *ts,
			 int flags)
{
	struct sys_path_buf b;
	const char *host = NULL;
	if (path) {
		int err = sys_read_path(p, path, &b, &host);
		if (err)
			return err;
	}
	/* the raw call: glibc's utimensat refuses a NULL path, the kernel takes it as the fd */
	return syscall(SYS_utimensat, dir, host, ts, flags) < 0 ? -errno : 0;
}

static int64_t utimensat_with(struct process *p, const uint64_t *a, unsigned field_bytes)
{
	struct timespec ts[2];
	if (a[2]) {
		int err = get_times(p, a[2], field_bytes, 1, ts);
		if (err)
			return err;
	}
	return set_times(p, sys_arg_int(a[0]), a[1], a[2] ? ts : NULL, sys_arg_int(a[3]));
}

int64_t sys_utimensat(struct process *p, const uint64_t *a)
{
	return utimensat_with(p, a, p->mem.word_size);
}

int64_t sys_utimensat_time64(struct process *p, const uint64_t *a)
{
	return utimensat_with(p, a, 8);
}

/* futimesat(dir, path, timeval[2]) and utimes(path, timeval[2]). */
static int64_t timevals_at(struct process *p, int dir, uint64_t path, uint64_t times)
{
	struct timespec ts[2];
	if (times) {
		int err = get_times(p, times, p->mem.word_size, 1000, ts);
		if (err)
			return err;
		for (int i = 0; i < 2; i++)
			if (ts[i].tv_nsec < 0 || ts[i].tv_nsec >= 1000000000L)
				return -EINVAL;	/* no UTIME_* through a timeval */
	}
	return path ? set_times(p, dir, path, times ? ts : NULL, 0) : -EFAULT;
}

int64_t sys_futimesat(struct process *p, const uint64_t *a)
{
	return timevals_at(p, sys_arg_int(a[0]), a[1], a[2]);
}

int64_t sys_utimes(struct process *p, const uint64_t *a)
{
	return timevals_at(p, AT_FDCWD, a[0], a[1]);
}

/* utime(path, struct utimbuf {long actime; long modtime}). */
int64_t sys_utime(struct process *p, const uint64_t *a)
{
	struct timespec ts[2];
	unsigned w = p->mem.word_size;
	for (unsigned i = 0; a[1] && i < 2; i++) {
		uint64_t sec;
		if (gm_get(&p->mem, a[1] + i * w, w, &sec) < 0)
			return -EFAULT;
		ts[i] = (struct timespec){ .tv_sec = (time_t)sys_arg_long(p, sec), .tv_nsec = 0 };
	}
	return a[0] ? set_times(p, AT_FDCWD, a[0], a[1] ? ts : NULL, 0) : -EFAULT;
}
