/* Guest memory as the profil core sees it: the caller's prof_mem behind a check that the access
 * lies inside the guest's address space, and the struct timeval that sprofil hands back. */
#include <errno.h>

#include "profil/profil_impl.h"

bool prof_in_space(const struct prof_state *st, prof_u128 addr, prof_u128 len)
{
	prof_u128 top = (prof_u128)prof_mask(st) + 1;
	return addr <= top && len <= top - addr;
}

int prof_read(const struct prof_state *st, const struct prof_mem *m, prof_u128 addr, unsigned width,
	      uint64_t *value)
{
	if (!prof_in_space(st, addr, width))
		return -EFAULT;
	return m->read(m->ctx, (uint64_t)addr, width, value) < 0 ? -EFAULT : 0;
}

int prof_write(const struct prof_state *st, const struct prof_mem *m, prof_u128 addr, unsigned width,
	       uint64_t value)
{
	if (!prof_in_space(st, addr, width))
		return -EFAULT;
	return m->write(m->ctx, (uint64_t)addr, width, value) < 0 ? -EFAULT : 0;
}

/* An empty range holds no invalid address, whatever its start. */
bool prof_writable(const struct prof_state *st, const struct prof_mem *m, uint64_t addr, uint64_t len)
{
	if (len == 0)
		return true;
	return prof_in_space(st, addr, len) && m->writable(m->ctx, addr, len);
}

/* struct timeval {long tv_sec; long tv_usec;}: two guest words. */
bool prof_timeval_writable(const struct prof_state *st, const struct prof_mem *m, uint64_t tvp)
{
	return prof_writable(st, m, tvp, 2 * (uint64_t)st->cfg.word_size);
}

/* One tick's duration. Checked first so that a bad tvp is never half written. */
int prof_write_timeval(const struct prof_state *st, const struct prof_mem *m, uint64_t tvp)
{
	unsigned w = st->cfg.word_size;
	if (!prof_timeval_writable(st, m, tvp))
		return -EFAULT;
	if (prof_write(st, m, tvp, w, (st->cfg.tick_usec / 1000000) & prof_mask(st)) < 0 ||
	    prof_write(st, m, (prof_u128)tvp + w, w, st->cfg.tick_usec % 1000000) < 0)
		return -EFAULT;
	return 0;
}
