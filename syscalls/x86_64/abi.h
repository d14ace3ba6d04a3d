#ifndef PROFEMU_X86_64_ABI_H
#define PROFEMU_X86_64_ABI_H

#include <stdbool.h>
#include <stdint.h>

struct cpu;

void x86_64_get_call(struct cpu *cpu, uint64_t *nr, uint64_t a[6]);
void x86_64_set_result(struct cpu *cpu, int64_t result);
/* Runs the call's trap again (sys_abi.restart_call; x86-64 and i386 alike). */
void x86_restart_call(struct process *p, uint64_t nr);
/* errno and signal numbers of x86 Linux guests equal the host's. */
int x86_same_number(int n);

struct process;
struct signal_frame;
int x86_64_signal_push(struct process *p, const struct signal_frame *f);
int x86_64_signal_pop(struct process *p, bool rt, uint64_t *mask);

/* glibc_call.c: the C calling convention and the entry state (the latter shared with i386) */
int x86_64_call_args(struct process *p, uint64_t args[4]);
bool x86_64_call_redirect(struct process *p, uint64_t fn, const uint64_t args[5]);
void x86_64_call_return(struct process *p, int64_t result);
struct sys_entry_state;
void x86_set_entry_state(struct process *p, const struct sys_entry_state *e);

/* arch_prctl.c: the call (x86-64 and i386: calls.def) and CLONE_SETTLS (sys_abi.clone_tls) */
struct thread_tls;
int64_t sys_arch_prctl(struct process *p, const uint64_t *a);
int x86_64_clone_tls(struct process *p, uint64_t tls, struct thread_tls *t);

#endif
