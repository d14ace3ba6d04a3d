/* The hppa floating-point unit (hppa_fp.c). */
#ifndef PROFEMU_HPPA_FP_H
#define PROFEMU_HPPA_FP_H

#include <stdbool.h>

#include "hppa_state.h"

/* Executes one floating-point instruction; returns true to nullify the next. */
bool hppa_fp_exec(struct hppa_cpu *c, const struct hppa_insn *in);

#endif
