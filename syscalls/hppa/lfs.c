/* The calls whose 64-bit file offset a 32-bit parisc program passes in two registers high
 * word first (arch/parisc/kernel/sys_parisc.c: parisc_pread64(fd, buf, count, high, low),
 * parisc_pwrite64, parisc_ftruncate64(fd, high, low), parisc_fallocate(fd, mode, offset high,
 * low, length high, low)). The shared forms (sys_*_lo_hi, i386's) take the low word first:
 * the words are swapped and handed on. */
#include "../handlers.h"
#include "abi.h"

int64_t hppa_pread64(struct process *p, const uint64_t *a)
{
	const uint64_t b[6] = { a[0], a[1], a[2], a[4], a[3], 0 };
	return sys_pread64_lo_hi(p, b);
}

int64_t hppa_pwrite64(struct process *p, const uint64_t *a)
{
	const uint64_t b[6] = { a[0], a[1], a[2], a[4], a[3], 0 };
	return sys_pwrite64_lo_hi(p, b);
}

int64_t hppa_ftruncate64(struct process *p, const uint64_t *a)
{
	const uint64_t b[6] = { a[0], a[2], a[1], 0, 0, 0 };
	return sys_ftruncate64_lo_hi(p, b);
}

int64_t hppa_fallocate(struct process *p, const uint64_t *a)
{
	const uint64_t b[6] = { a[0], a[1], a[3], a[2], a[5], a[4] };
	return sys_fallocate_lo_hi(p, b);
}
