/* Each ABI's struct stat layouts, written from a host struct stat in guest byte order.
 * These are the put_stat hooks of struct sys_abi (syscall.h); the handlers call them through
 * p->abi->put_stat so one stat handler serves every ABI. */
#ifndef PROFEMU_STAT_LAYOUT_H
#define PROFEMU_STAT_LAYOUT_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/stat.h>

#include "../emu/byteorder.h"
#include "syscall.h"

struct process;

/* Sizes of the guest structs, for callers that check or clear the destination. */
enum {
	X86_64_STAT_SIZE = 144,
	I386_STAT_SIZE = 64,		/* struct stat of stat/lstat/fstat (106/107/108) */
	I386_STAT64_SIZE = 96,		/* struct stat64 of stat64/lstat64/fstat64/fstatat64 */
};

/* The six 32-bit time words {atime, atime_nsec, mtime, mtime_nsec, ctime, ctime_nsec} of a
 * 32-bit kernel's stat layouts (i386, hppa): truncated, as the kernel does. */
static inline void stat_put_times32(uint8_t *b, const struct stat *st, bool be)
{
	bo_put32(b + 0, (uint32_t)st->st_atim.tv_sec, be);
	bo_put32(b + 4, (uint32_t)st->st_atim.tv_nsec, be);
	bo_put32(b + 8, (uint32_t)st->st_mtim.tv_sec, be);
	bo_put32(b + 12, (uint32_t)st->st_mtim.tv_nsec, be);
	bo_put32(b + 16, (uint32_t)st->st_ctim.tv_sec, be);
	bo_put32(b + 20, (uint32_t)st->st_ctim.tv_nsec, be);
}

/* Return 0, -EFAULT (addr not writable) or -EOVERFLOW (a value does not fit the layout). */

/* x86-64 has one layout; STAT_64 is served by it too. */
int x86_64_put_stat(struct process *p, uint64_t addr, const struct stat *st,
		    enum stat_layout layout);
/* STAT_NATIVE: the 64-byte struct stat; STAT_64: the packed 96-byte struct stat64. */
int i386_put_stat(struct process *p, uint64_t addr, const struct stat *st,
		  enum stat_layout layout);

#endif
