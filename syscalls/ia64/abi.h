/* The IA-64 Linux ABI's pieces (struct sys_abi sys_abi_ia64, table.c). */
#ifndef PROFEMU_IA64_ABI_H
#define PROFEMU_IA64_ABI_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/stat.h>

#include "../syscall.h"

struct cpu;
struct process;

/* abi.c: the break trap, and the process entry state */
void ia64_get_call(struct cpu *cpu, uint64_t *nr, uint64_t a[6]);
void ia64_set_result(struct cpu *cpu, int64_t result);
void ia64_set_entry_state(struct process *p, const struct sys_entry_state *e);
/* errno and signal numbers: IA-64 Linux uses asm-generic's, as the (x86) host does */
int ia64_same_number(int n);

/* mmap2.c: the offset in the guest's pages */
int64_t ia64_mmap2(struct process *p, const uint64_t *a);

/* thread.c: clone2 and clone, and the thread conventions (sys_abi.clone_stack, clone_tls,
 * restart_call) */
struct thread_tls;
int64_t ia64_clone2(struct process *p, const uint64_t *a);
int64_t ia64_clone(struct process *p, const uint64_t *a);
void ia64_clone_stack(struct process *p, uint64_t base, uint64_t size);
int ia64_clone_tls(struct process *p, uint64_t tls, struct thread_tls *t);
void ia64_restart_call(struct process *p, uint64_t nr);

/* gate.c: profemu's gate page (the top page of region 0): the bundles that enter a signal
 * handler (sigtramp), make its rt_sigreturn (sigreturn) and return from a served call
 * (callret). ia64_gate_map maps it once (p->trampoline): 0 or -EFAULT. */
#define IA64_GATE_PAGE 0x1ffffffffffff000ULL
enum { IA64_GATE_SIGTRAMP = 0x00, IA64_GATE_SIGRETURN = 0x10, IA64_GATE_CALLRET = 0x30,
       IA64_GATE_WORDS = 8 };
extern const uint64_t ia64_gate_code[IA64_GATE_WORDS];
int ia64_gate_map(struct process *p);

/* sigframe.c: signal frames in the kernel's layout */
struct signal_frame;
int ia64_signal_push(struct process *p, const struct signal_frame *f);
int ia64_signal_pop(struct process *p, bool rt, uint64_t *mask);

/* call.c: the C calling convention (glibc's profil and sprofil served natively) */
int ia64_call_args(struct process *p, uint64_t args[4]);
bool ia64_call_redirect(struct process *p, uint64_t fn, const uint64_t args[5]);
void ia64_call_return(struct process *p, int64_t result);

/* priority.c: getpriority answers the nice value itself */
int64_t ia64_getpriority(struct process *p, const uint64_t *a);

/* stat_layout.c: struct stat (144 bytes, little-endian; not x86-64's order) */
enum { IA64_STAT_SIZE = 144 };
int ia64_put_stat(struct process *p, uint64_t addr, const struct stat *st, enum stat_layout layout);

#endif
