/* Waiting for descriptors to become ready, shared by poll, ppoll, select and pselect6
 * (sys_poll.c, sys_select.c): each call reads its own guest layout into host pollfds, waits
 * here, and writes its own layout back.
 *
 * Timeouts are in nanoseconds, POLL_WAIT_FOREVER for none. With no descriptor to watch the call
 * is a sleep on the guest clock, like nanosleep (the classic select(0, NULL, NULL, NULL, &tv)
 * delay), and a wait with no timeout is pause. */
#ifndef PROFEMU_POLL_WAIT_H
#define PROFEMU_POLL_WAIT_H

#include <poll.h>
#include <stdbool.h>
#include <stdint.h>

#include "process.h"

#define POLL_WAIT_FOREVER UINT64_MAX
#define POLL_MAX_FDS 65536u	/* more than any fd limit the guest can have */

/* The number of ready descriptors (revents set in fds), 0 when the timeout came, or -errno.
 * *waiting: the calling thread now waits in the scheduler and its call runs again when the
 * wait ends (thread.h), so the caller must leave the guest's buffers untouched. */
int64_t poll_wait(struct process *p, struct pollfd *fds, uint32_t n, uint64_t timeout_ns,
		  bool *waiting);

/* poll_timeout.c: a {seconds; fraction} pair of field_bytes-wide fields, the fraction in units
 * of unit_ns (1000 for a timeval's microseconds, 1 for a timespec's nanoseconds). get gives 0,
 * -EFAULT, or -EINVAL for a negative value or a fraction of a second or more. */
int get_timeout_ns(struct process *p, uint64_t addr, unsigned field_bytes, uint64_t unit_ns,
		   uint64_t *ns);
int put_timeout_ns(struct process *p, uint64_t addr, unsigned field_bytes, uint64_t unit_ns,
		   uint64_t ns);

/* sys_signal.c: the mask of ppoll and pselect6 for the call's length (sigsuspend's rule);
 * begin gives 0, -EINVAL (a size other than the kernel's sigset) or -EFAULT. */
int signal_wait_mask_begin(struct process *p, uint64_t addr, uint64_t size);
void signal_wait_mask_end(struct process *p);

/* sys_time.c */
int64_t sleep_relative_ns(struct process *p, uint64_t ns);

#endif
