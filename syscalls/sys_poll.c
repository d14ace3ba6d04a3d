/* poll(fds, nfds, timeout_ms) and ppoll(fds, nfds, timespec, sigmask, sigsetsize). struct
 * pollfd is {int fd; short events; short revents;} in every Linux ABI (8 bytes, the guest's
 * byte order), and the POLL* bits glibc's programs use (POLLIN 1, POLLPRI 2, POLLOUT 4, POLLERR
 * 8, POLLHUP 0x10, POLLNVAL 0x20) are the generic ones on every ABI we serve, so events pass
 * through as they are.
 *
 * With threads, a poll that finds nothing ready waits in its thread only (thread.h): for any
 * of its descriptors, or for its timeout on the guest clock (when every thread waits, guest
 * time jumps to it as to any deadline). Without threads it waits on the host. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>

#include "handlers.h"
#include "poll_wait.h"
#include "signalfd.h"
#include "sys_args.h"
#include "thread.h"

#define NS_PER_MS 1000000u

int64_t poll_wait(struct process *p, struct pollfd *fds, uint32_t n, uint64_t timeout_ns,
		  bool *waiting)
{
	*waiting = false;
	signalfd_sync(p);	/* a thread switch may have changed the pending set */
	if (sched_poll_timed_out(p))
		timeout_ns = 0;
	if (n == 0) {
		if (timeout_ns == 0)
			return 0;
		if (timeout_ns == POLL_WAIT_FOREVER)
			return sys_pause(p, NULL);
		return sleep_relative_ns(p, timeout_ns);
	}
	int timeout_ms = timeout_ns == POLL_WAIT_FOREVER ? -1
		: timeout_ns / NS_PER_MS >= INT_MAX ? INT_MAX
		: (int)((timeout_ns + NS_PER_MS - 1) / NS_PER_MS);
	bool threaded = timeout_ms != 0 && sched_poll_may_block(p);
	int64_t r = poll(fds, n, threaded ? 0 : timeout_ms);
	if (r < 0)
		return -errno;
	if (r == 0 && threaded) {
		*waiting = true;
		return sched_block_poll(p, fds, n, timeout_ms);
	}
	return r;
}

/* Reads the guest's pollfd array: 0 or -EFAULT. */
static int get_pollfds(struct process *p, uint64_t base, struct pollfd *fds, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		uint64_t fd, events;
		if (gm_get(&p->mem, base + 8 * (uint64_t)i, 4, &fd) < 0 ||
		    gm_get(&p->mem, base + 8 * (uint64_t)i + 4, 2, &events) < 0)
			return -EFAULT;
		fds[i] = (struct pollfd){ .fd = (int)(int32_t)(uint32_t)fd, .events = (short)events };
	}
	return 0;
}

static int put_revents(struct process *p, uint64_t base, const struct pollfd *fds, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		if (gm_put(&p->mem, base + 8 * (uint64_t)i + 6, 2, (uint16_t)fds[i].revents) < 0)
			return -EFAULT;
	return 0;
}

/* poll and ppoll once the timeout is known (and ppoll's mask is in place). */
static int64_t poll_guest(struct process *p, uint64_t base, uint32_t n, uint64_t timeout_ns,
			  bool *waiting)
{
	*waiting = false;
	if (n > POLL_MAX_FDS)
		return -EINVAL;
	struct pollfd *fds = malloc((n ? n : 1) * sizeof(*fds));
	if (!fds)
		return -ENOMEM;
	int64_t r = get_pollfds(p, base, fds, n);
	if (r == 0)
		r = poll_wait(p, fds, n, timeout_ns, waiting);
	if (r >= 0 && !*waiting) {
		int err = put_revents(p, base, fds, n);
		if (err)
			r = err;
	}
	free(fds);
	return r;
}

int64_t sys_poll(struct process *p, const uint64_t *a)
{
	int timeout = sys_arg_int(a[2]);
	bool waiting;
	return poll_guest(p, a[0], (uint32_t)a[1],
			  timeout < 0 ? POLL_WAIT_FOREVER : (uint64_t)timeout * NS_PER_MS, &waiting);
}

/* ppoll's timespec: native longs or, for the time64 call of a 32-bit ABI, two 64-bit fields. */
static int64_t ppoll_with(struct process *p, const uint64_t *a, unsigned field_bytes)
{
	uint64_t timeout_ns = POLL_WAIT_FOREVER;
	if (a[2]) {
		int r = get_timeout_ns(p, a[2], field_bytes, 1, &timeout_ns);
		if (r)
			return r;
	}
	if (a[3]) {
		int r = signal_wait_mask_begin(p, a[3], a[4]);
		if (r)
			return r;
	}
	bool waiting;
	int64_t r = poll_guest(p, a[0], (uint32_t)a[1], timeout_ns, &waiting);
	if (waiting)
		return r;	/* the mask stays while the thread waits; the call runs again */
	if (r == 0 && a[2] && timeout_ns != 0) {
		/* the kernel writes back the time left: none, when the timeout came */
		int err = put_timeout_ns(p, a[2], field_bytes, 1, 0);
		if (err)
			r = err;
	}
	if (a[3])
		signal_wait_mask_end(p);
	return r;
}

int64_t sys_ppoll(struct process *p, const uint64_t *a)
{
	return ppoll_with(p, a, p->mem.word_size);
}

int64_t sys_ppoll_time64(struct process *p, const uint64_t *a)
{
	return ppoll_with(p, a, 8);
}
