/* The common IA-64 FP operations on the register format's integers (ia64_fp_fast.c): fma,
 * fms, fnma, frcpa, fcvt.xf, fcvt.fx(u).trunc and fmerge where their operands and results
 * allow it, with exactly the result and flags of ia64_fp.c's general path. */
#ifndef PROFEMU_IA64_FP_FAST_H
#define PROFEMU_IA64_FP_FAST_H

#include <stdbool.h>

#include "ia64_cpu_internal.h"

/* Runs in (its qualifying predicate true) for status field sf, whose controls are `bits`;
 * false, with nothing changed, if it is not a case done here. */
bool ia64_fp_fast(struct ia64_cpu *c, const struct ia64_insn *in,
		  struct ia64_fr (*get)(const struct ia64_cpu *, unsigned),
		  void (*set)(struct ia64_cpu *, unsigned, struct ia64_fr), unsigned sf, unsigned bits);

/* The general path (ia64_fp.c) on the host's long doubles and floating-point environment:
 * every form ia64_fp_exec does, the reference of the fast one. */
bool ia64_fp_general(struct ia64_cpu *c, const struct ia64_insn *in,
		     struct ia64_fr (*get)(const struct ia64_cpu *, unsigned),
		     void (*set)(struct ia64_cpu *, unsigned, struct ia64_fr));

#endif
