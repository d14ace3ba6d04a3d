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

#endif
