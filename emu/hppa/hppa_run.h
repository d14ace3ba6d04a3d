/* The hppa interpreter's loop (hppa_run.c). */
#ifndef PROFEMU_HPPA_RUN_H
#define PROFEMU_HPPA_RUN_H

#include "../cpu_backend.h"

/* cpu_ops.run: runs the guest until a stop (enum cpu_stop); *f says where a fault was. */
enum cpu_stop hppa_op_run(struct cpu *cpu, struct cpu_fault *f);

#endif
