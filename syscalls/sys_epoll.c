/* epoll: the guest's epoll instances are the host's (its descriptors are host descriptors), so
 * epoll_create, epoll_create1 and epoll_ctl pass through and the waits translate the events.
 *
 * struct epoll_event is {uint32 events; uint64 data} in the guest's byte order: packed to 12
 * bytes on x86-64 and i386 (data at 4), naturally aligned to 16 elsewhere (data at 8), as the
 * ABI's flags say (abi_flags.epoll_event_packed). The EPOLL* event bits and the EPOLL_CTL_*
 * operations are Linux's generic numbers on every ABI; EPOLL_CLOEXEC is the ABI's O_CLOEXEC.
 *
 * A wait that finds nothing ready waits like poll on the epoll descriptor itself (readable
 * when an event is ready): in its thread only with threads, else on the host. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/epoll.h>

#include "abi_flags.h"
#include "handlers.h"
#include "poll_wait.h"
#include "signalfd.h"
#include "sys_args.h"

#define NS_PER_MS 1000000u
/* The most events one wait hands back: more stay ready for the next wait, as in the kernel
 * when maxevents is smaller than the ready list. */
#define EPOLL_BATCH 1024

static unsigned event_size(const struct process *p)
{
	return p->abi->flags->epoll_event_packed ? 12 : 16;
}

static unsigned data_offset(const struct process *p)
{
	return p->abi->flags->epoll_event_packed ? 4 : 8;
}

int64_t sys_epoll_create(struct process *p, const uint64_t *a)
{
	(void)p;
	if (sys_arg_int(a[0]) <= 0)
		return -EINVAL;
	int fd = epoll_create1(0);
	return fd < 0 ? -errno : fd;
}

int64_t sys_epoll_create1(struct process *p, const uint64_t *a)
{
	uint64_t guest = (uint32_t)a[0];
	uint64_t neutral = abi_bits_to_neutral(&p->abi->flags->open, guest);
	if (abi_bits_to_guest(&p->abi->flags->open, neutral) != guest ||
	    (neutral & ~(uint64_t)ABI_O_CLOEXEC))
		return -EINVAL;
	int fd = epoll_create1(neutral & ABI_O_CLOEXEC ? EPOLL_CLOEXEC : 0);
	return fd < 0 ? -errno : fd;
}

int64_t sys_epoll_ctl(struct process *p, const uint64_t *a)
{
	int op = sys_arg_int(a[1]);
	struct epoll_event ev = { 0 };
	if (op != EPOLL_CTL_DEL) {
		uint64_t events, data;
		if (gm_get(&p->mem, a[3], 4, &events) < 0 ||
		    gm_get(&p->mem, a[3] + data_offset(p), 8, &data) < 0)
			return -EFAULT;
		ev = (struct epoll_event){ .events = (uint32_t)events, .data.u64 = data };
	}
	return epoll_ctl(sys_arg_int(a[0]), op, sys_arg_int(a[2]), &ev) < 0 ? -errno : 0;
}

/* The wait, once the timeout is known and the mask is in place. *waiting as poll_wait's. */
static int64_t wait_events(struct process *p, int epfd, uint64_t buf, int max,
			   uint64_t timeout_ns, bool *waiting)
{
	*waiting = false;
	if (max <= 0 || (unsigned)max > INT_MAX / event_size(p))
		return -EINVAL;
	struct epoll_event got[EPOLL_BATCH];
	signalfd_sync(p);
	int n = epoll_wait(epfd, got, max < EPOLL_BATCH ? max : EPOLL_BATCH, 0);
	if (n < 0)
		return -errno;
	if (n == 0 && timeout_ns != 0) {
		/* nothing yet: wait for the instance to become readable, then look again (a thread
		 * whose wait timed out runs the call again, and poll_wait then waits no more) */
		struct pollfd ready = { .fd = epfd, .events = POLLIN };
		int64_t r = poll_wait(p, &ready, 1, timeout_ns, waiting);
		if (r <= 0 || *waiting)
			return r;
		n = epoll_wait(epfd, got, max < EPOLL_BATCH ? max : EPOLL_BATCH, 0);
		if (n < 0)
			return -errno;
	}
	for (int i = 0; i < n; i++) {
		uint64_t at = buf + (uint64_t)i * event_size(p);
		if (gm_put(&p->mem, at, 4, got[i].events) < 0 ||
		    gm_put(&p->mem, at + data_offset(p), 8, got[i].data.u64) < 0)
			return -EFAULT;
	}
	return n;
}

static uint64_t timeout_of_ms(int ms)
{
	return ms < 0 ? POLL_WAIT_FOREVER : (uint64_t)ms * NS_PER_MS;
}

int64_t sys_epoll_wait(struct process *p, const uint64_t *a)
{
	bool waiting;
	return wait_events(p, sys_arg_int(a[0]), a[1], sys_arg_int(a[2]),
			   timeout_of_ms(sys_arg_int(a[3])), &waiting);
}

/* epoll_pwait and epoll_pwait2: a signal mask for the call's length (a[4], a[5]). */
static int64_t wait_with_mask(struct process *p, const uint64_t *a, uint64_t timeout_ns)
{
	if (a[4]) {
		int r = signal_wait_mask_begin(p, a[4], a[5]);
		if (r)
			return r;
	}
	bool waiting;
	int64_t r = wait_events(p, sys_arg_int(a[0]), a[1], sys_arg_int(a[2]), timeout_ns,
				&waiting);
	if (a[4] && !waiting)
		signal_wait_mask_end(p);
	return r;
}

int64_t sys_epoll_pwait(struct process *p, const uint64_t *a)
{
	return wait_with_mask(p, a, timeout_of_ms(sys_arg_int(a[3])));
}

/* epoll_pwait2's timeout is a struct __kernel_timespec: two 64-bit fields on every ABI. */
int64_t sys_epoll_pwait2(struct process *p, const uint64_t *a)
{
	uint64_t timeout_ns = POLL_WAIT_FOREVER;
	if (a[3]) {
		int r = get_timeout_ns(p, a[3], 8, 1, &timeout_ns);
		if (r)
			return r;
	}
	return wait_with_mask(p, a, timeout_ns);
}
