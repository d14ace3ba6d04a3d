/* The hppa back end's thread contexts (hppa_context.c). */
#ifndef PROFEMU_HPPA_CONTEXT_H
#define PROFEMU_HPPA_CONTEXT_H

#include "../cpu_backend.h"

/* The thread contexts of cpu_ops: a copy of the architectural state. */
struct cpu_context *hppa_op_context_new(struct cpu *cpu);
void hppa_op_context_free(struct cpu *cpu, struct cpu_context *ctx);
int hppa_op_context_save(struct cpu *cpu, struct cpu_context *ctx);
int hppa_op_context_restore(struct cpu *cpu, const struct cpu_context *ctx);

#endif
