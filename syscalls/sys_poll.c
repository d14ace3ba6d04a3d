/* poll(fds, nfds, timeout_ms). struct pollfd is {int fd; short events; short revents;} in
 * every Linux ABI (8 bytes, the guest's byte order), and the POLL* bits glibc's programs use
 * (POLLIN 1, POLLPRI 2, POLLOUT 4, POLLERR 8, POLLHUP 0x10, POLLNVAL 0x20) are the generic
 * ones on every ABI we serve, so events pass through as they are.
 *
 * With threads, a poll that finds nothing ready waits in its thread only (thread.h): for any
 * of its descriptors, or for its timeout on the guest clock (when every thread waits, guest
 * time jumps to it as to any deadline). Without threads it waits on the host, as before. */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>

#include "handlers.h"
#include "sys_args.h"
#include "thread.h"

#define POLL_MAX_FDS 65536u	/* more than any fd limit the guest can have */

int64_t sys_poll(struct process *p, const uint64_t *a)
{
	uint64_t base = a[0];
	uint32_t n = (uint32_t)a[1];
	int timeout = sys_arg_int(a[2]);
	if (n > POLL_MAX_FDS)
		return -EINVAL;
	struct pollfd *fds = malloc((n ? n : 1) * sizeof(*fds));
	if (!fds)
		return -ENOMEM;
	int64_t r = 0;
	for (uint32_t i = 0; i < n && r == 0; i++) {
		uint64_t fd, events;
		if (gm_get(&p->mem, base + 8 * (uint64_t)i, 4, &fd) < 0 ||
		    gm_get(&p->mem, base + 8 * (uint64_t)i + 4, 2, &events) < 0)
			r = -EFAULT;
		fds[i] = (struct pollfd){ .fd = (int)(int32_t)(uint32_t)fd, .events = (short)events };
	}
	if (r == 0) {
		if (sched_poll_timed_out(p))
			timeout = 0;
		bool threaded = timeout != 0 && sched_poll_may_block(p);
		r = poll(fds, n, threaded ? 0 : timeout);
		if (r < 0)
			r = -errno;
		if (r == 0 && threaded) {
			r = sched_block_poll(p, fds, n, timeout);
			free(fds);
			return r;
		}
	}
	for (uint32_t i = 0; i < n && r >= 0; i++)
		if (gm_put(&p->mem, base + 8 * (uint64_t)i + 6, 2, (uint16_t)fds[i].revents) < 0)
			r = -EFAULT;
	free(fds);
	return r;
}
