/* eventfd and eventfd2: a host eventfd is the guest's descriptor. Its flags are the ABI's
 * O_NONBLOCK and O_CLOEXEC (EFD_NONBLOCK, EFD_CLOEXEC), plus EFD_SEMAPHORE, 1 on every ABI.
 *
 * The counter a read or write moves is a 64-bit integer in the kernel's byte order: a guest of
 * the other byte order (hppa) has its descriptor marked (fd_records.c), which swaps the counter
 * after each read and before each write, as qemu-user's fd translation does. */
#include <errno.h>
#include <sys/eventfd.h>

#include "fd_records.h"
#include "handlers.h"
#include "path.h"
#include "sys_args.h"

#define GUEST_EFD_SEMAPHORE 1u

static int64_t make_eventfd(struct process *p, uint64_t initval, uint64_t guest_flags)
{
	uint64_t flags = (uint32_t)guest_flags;
	int host = sys_open_flags_to_host(p, flags & ~(uint64_t)GUEST_EFD_SEMAPHORE);
	if (flags & GUEST_EFD_SEMAPHORE)
		host |= EFD_SEMAPHORE;
	if (sys_open_flags_to_guest(p, host & ~EFD_SEMAPHORE) != (flags & ~(uint64_t)GUEST_EFD_SEMAPHORE))
		return -EINVAL;	/* a bit that is not one of the three */
	int fd = eventfd((unsigned)initval, host);
	return fd < 0 ? -errno : fd_records_mark(p, fd, FD_RECORDS_EVENTFD);
}

int64_t sys_eventfd2(struct process *p, const uint64_t *a)
{
	return make_eventfd(p, a[0], a[1]);
}

int64_t sys_eventfd(struct process *p, const uint64_t *a)
{
	return make_eventfd(p, a[0], 0);
}
