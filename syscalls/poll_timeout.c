/* The timeouts of select (struct timeval), pselect6, ppoll and the sleeps (struct timespec, or
 * the two 64-bit fields of a 32-bit ABI's time64 calls), read and written in the guest's
 * layout. */
#include <errno.h>

#include "poll_wait.h"

#define NS_PER_SEC 1000000000ull

static int64_t field_signed(unsigned field_bytes, uint64_t v)
{
	return field_bytes == 4 ? (int64_t)(int32_t)(uint32_t)v : (int64_t)v;
}

int get_timeout_ns(struct process *p, uint64_t addr, unsigned field_bytes, uint64_t unit_ns,
		   uint64_t *ns)
{
	uint64_t sec_raw, frac_raw;
	int r = gm_get(&p->mem, addr, field_bytes, &sec_raw);
	if (!r)
		r = gm_get(&p->mem, addr + field_bytes, field_bytes, &frac_raw);
	if (r)
		return r;
	int64_t sec = field_signed(field_bytes, sec_raw);
	/* a 32-bit guest's time64 fraction is a 32-bit field padded to 64 bits: the compat kernel
	 * ignores the padding */
	int64_t frac = p->mem.word_size == 4 ? (int64_t)(int32_t)(uint32_t)frac_raw
					     : field_signed(field_bytes, frac_raw);
	if (sec < 0 || frac < 0 || (uint64_t)frac >= NS_PER_SEC / unit_ns)
		return -EINVAL;
	uint64_t frac_ns = (uint64_t)frac * unit_ns;
	if ((uint64_t)sec > (UINT64_MAX - frac_ns) / NS_PER_SEC)
		*ns = UINT64_MAX;	/* beyond ~584 years: saturate (a wait's forever) */
	else
		*ns = (uint64_t)sec * NS_PER_SEC + frac_ns;
	return 0;
}

int put_timeout_ns(struct process *p, uint64_t addr, unsigned field_bytes, uint64_t unit_ns,
		   uint64_t ns)
{
	int r = gm_put(&p->mem, addr, field_bytes, ns / NS_PER_SEC);
	return r ? r : gm_put(&p->mem, addr + field_bytes, field_bytes, ns % NS_PER_SEC / unit_ns);
}
