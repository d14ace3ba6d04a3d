/* The hppa back end's struct cpu_ops (hppa_cpu.c): creating the CPU, its registers, breakpoints
 * and clock; and its state (hppa_state.h), for tests that look inside. */
#ifndef PROFEMU_HPPA_CPU_H
#define PROFEMU_HPPA_CPU_H

#include "../cpu_backend.h"
#include "hppa_state.h"

extern const struct cpu_ops hppa_cpu_ops;

#endif
