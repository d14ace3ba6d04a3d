/* Each ABI's struct stat layouts, written from a host struct stat in guest byte order.
 * These are the put_stat hooks of struct sys_abi (syscall.h); the handlers call them through
 * p->abi->put_stat so one stat handler serves every ABI. */
#ifndef PROFEMU_STAT_LAYOUT_H
#define PROFEMU_STAT_LAYOUT_H

#include <stdint.h>
#include <sys/stat.h>

#include "syscall.h"

struct process;

/* Sizes of the guest structs, for callers that check or clear the destination. */
enum {
	X86_64_STAT_SIZE = 144,
	I386_STAT_SIZE = 64,		/* struct stat of stat/lstat/fstat (106/107/108) */
	I386_STAT64_SIZE = 96,		/* struct stat64 of stat64/lstat64/fstat64/fstatat64 */
};

/* Return 0, -EFAULT (addr not writable) or -EOVERFLOW (a value does not fit the layout). */

/* x86-64 has one layout; STAT_64 is served by it too. */
int x86_64_put_stat(struct process *p, uint64_t addr, const struct stat *st,
		    enum stat_layout layout);
/* STAT_NATIVE: the 64-byte struct stat; STAT_64: the packed 96-byte struct stat64. */
int i386_put_stat(struct process *p, uint64_t addr, const struct stat *st,
		  enum stat_layout layout);

#endif
