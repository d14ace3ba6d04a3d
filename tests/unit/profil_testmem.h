/* Test-only guest memory for the profil core: a host byte array at a guest address, in either
 * byte order, with one unmapped hole and one read-only range. Header-only (static inline) so that
 * each profil test executable takes it without build changes. */
#ifndef PROFEMU_TEST_PROFIL_TESTMEM_H
#define PROFEMU_TEST_PROFIL_TESTMEM_H

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "emu/byteorder.h"
#include "profil/profil.h"

#define TMEM_MAX 65536

struct tmem {
	uint64_t base;			/* guest address of bytes[0] */
	uint64_t size;			/* bytes in use, <= TMEM_MAX */
	bool big_endian;
	uint64_t hole_lo, hole_hi;	/* [lo, hi): unmapped */
	uint64_t ro_lo, ro_hi;		/* [lo, hi): mapped read-only */
	uint8_t bytes[TMEM_MAX];
};

static inline void tmem_init(struct tmem *t, uint64_t base, uint64_t size, bool big_endian)
{
	t->base = base;
	t->size = size;
	t->big_endian = big_endian;
	t->hole_lo = t->hole_hi = t->ro_lo = t->ro_hi = 0;
	memset(t->bytes, 0, sizeof(t->bytes));
}

/* Every byte of [addr, addr+len) is inside the array and outside the hole (and, to write,
 * outside the read-only range). Exact near 2^64: lengths are compared, never end addresses. */
static inline bool tmem_ok(const struct tmem *t, uint64_t addr, uint64_t len, bool write)
{
	if (len == 0)
		return true;
	if (addr < t->base || addr - t->base > t->size || len > t->size - (addr - t->base))
		return false;
	uint64_t last = addr + (len - 1);
	if (t->hole_lo < t->hole_hi && addr < t->hole_hi && last >= t->hole_lo)
		return false;
	if (write && t->ro_lo < t->ro_hi && addr < t->ro_hi && last >= t->ro_lo)
		return false;
	return true;
}

/* Direct access for the tests themselves (no protection). */
static inline uint64_t tmem_get(const struct tmem *t, uint64_t addr, unsigned width)
{
	return bo_get(t->bytes + (addr - t->base), width, t->big_endian);
}

static inline void tmem_put(struct tmem *t, uint64_t addr, unsigned width, uint64_t value)
{
	bo_put(t->bytes + (addr - t->base), value, width, t->big_endian);
}

static inline int tmem_read(void *ctx, uint64_t addr, unsigned width, uint64_t *value)
{
	struct tmem *t = ctx;
	if (!tmem_ok(t, addr, width, false))
		return -EFAULT;
	*value = tmem_get(t, addr, width);
	return 0;
}

static inline int tmem_write(void *ctx, uint64_t addr, unsigned width, uint64_t value)
{
	struct tmem *t = ctx;
	if (!tmem_ok(t, addr, width, true))
		return -EFAULT;
	tmem_put(t, addr, width, value);
	return 0;
}

static inline bool tmem_writable(void *ctx, uint64_t addr, uint64_t len)
{
	return tmem_ok(ctx, addr, len, true);
}

static inline struct prof_mem tmem_mem(struct tmem *t)
{
	return (struct prof_mem){ .ctx = t, .read = tmem_read, .write = tmem_write,
				  .writable = tmem_writable };
}

#endif
