/* Calling system-call handlers directly on a minimal process in unit tests: reading and writing
 * its guest memory, and passing the six argument words. */
#ifndef PROFEMU_SYSCALL_TESTUTIL_H
#define PROFEMU_SYSCALL_TESTUTIL_H

#include <criterion/criterion.h>

#include "syscalls/handlers.h"

static inline uint64_t get(struct process *p, uint64_t addr, unsigned width)
{
	uint64_t v = 0;
	cr_assert_eq(gm_get(&p->mem, addr, width, &v), 0);
	return v;
}

static inline void put(struct process *p, uint64_t addr, unsigned width, uint64_t v)
{
	cr_assert_eq(gm_put(&p->mem, addr, width, v), 0);
}

static inline int64_t call(int64_t (*fn)(struct process *, const uint64_t *), struct process *p,
			   uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3, uint64_t a4,
			   uint64_t a5)
{
	const uint64_t a[6] = { a0, a1, a2, a3, a4, a5 };
	return fn(p, a);
}

#define CALL(name, p, ...) call(sys_##name, p, __VA_ARGS__)

#endif
