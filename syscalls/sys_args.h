/* Decoding the raw argument words of a system call (zero-extended guest registers) into the C
 * types the kernel's prototypes give them. Shared by the file handlers. */
#ifndef PROFEMU_SYS_ARGS_H
#define PROFEMU_SYS_ARGS_H

#include <stdint.h>

#include "process.h"

/* An `int` argument (fd, flags, dirfd): the kernel reads only the low 32 bits. */
static inline int sys_arg_int(uint64_t v)
{
	return (int)(int32_t)(uint32_t)v;
}

/* A `long` / `off_t` argument: sign-extended from the guest's word size. */
static inline int64_t sys_arg_long(const struct process *p, uint64_t v)
{
	return p->mem.word_size == 4 ? (int64_t)(int32_t)(uint32_t)v : (int64_t)v;
}

/* A `size_t` argument: the guest's word size, unsigned. */
static inline uint64_t sys_arg_size(const struct process *p, uint64_t v)
{
	return p->mem.word_size == 4 ? (uint32_t)v : v;
}

/* A 64-bit value a 32-bit ABI passes in two registers. */
static inline int64_t sys_arg_pair(uint64_t lo, uint64_t hi)
{
	return (int64_t)((hi & 0xffffffffu) << 32 | (lo & 0xffffffffu));
}

/* The kernel's MAX_RW_COUNT: no single read or write moves more (INT_MAX rounded down to a
 * page), so counts always fit a 32-bit guest's ssize_t. */
#define SYS_MAX_RW_COUNT 0x7ffff000u

#endif
