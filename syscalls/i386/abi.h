#ifndef PROFEMU_I386_ABI_H
#define PROFEMU_I386_ABI_H

#include <stdbool.h>
#include <stdint.h>

struct cpu;

void i386_get_call(struct cpu *cpu, uint64_t *nr, uint64_t a[6]);
void i386_set_result(struct cpu *cpu, int64_t result);

struct process;
struct signal_frame;
int i386_signal_push(struct process *p, const struct signal_frame *f);
int i386_signal_pop(struct process *p, bool rt, uint64_t *mask);

/* glibc_call.c: the cdecl calling convention */
int i386_call_args(struct process *p, uint64_t args[4]);
bool i386_call_redirect(struct process *p, uint64_t fn, const uint64_t args[5]);
void i386_call_return(struct process *p, int64_t result);

/* thread_area.c: the call and thread pointers per thread (sys_abi.clone_tls, restore_tls,
 * current_tls) */
struct thread_tls;
int64_t sys_set_thread_area(struct process *p, const uint64_t *a);
int i386_clone_tls(struct process *p, uint64_t tls, struct thread_tls *t);
void i386_restore_tls(struct process *p, const struct thread_tls *t);
void i386_current_tls(struct process *p, struct thread_tls *t);

#endif
