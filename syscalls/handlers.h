/* Every system-call handler, written once for all ABIs (see syscall.h for the contract):
 * declared here from the list of calls, syscalls/calls.def. A handler reads "long"-sized guest
 * fields with p->mem.word_size and writes structs through the ABI's layout hooks, so one body
 * serves every ABI; the forms an ABI has of its own are declared in its syscalls/<abi>/. */
#ifndef PROFEMU_HANDLERS_H
#define PROFEMU_HANDLERS_H

#include "process.h"

#define CALL(name, handler, args, ret) int64_t handler(struct process *p, const uint64_t *a);
#define NOSYS(name, args)
#include "calls.def"
#undef CALL
#undef NOSYS

/* The forms of 32-bit ABIs (i386's, in syscalls/i386/calls.def; hppa swaps its words and
 * hands on, hppa/lfs.c). */
int64_t sys_pread64_lo_hi(struct process *p, const uint64_t *a);
int64_t sys_pwrite64_lo_hi(struct process *p, const uint64_t *a);
int64_t sys_ftruncate64_lo_hi(struct process *p, const uint64_t *a);
int64_t sys_fallocate_lo_hi(struct process *p, const uint64_t *a);
int64_t sys_old_select(struct process *p, const uint64_t *a);
int64_t sys_old_mmap(struct process *p, const uint64_t *a);
int64_t sys_clone_backwards(struct process *p, const uint64_t *a);

#endif
