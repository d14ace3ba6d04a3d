/* frcpa and frsqrta's architected results (emu/ia64/ia64_frcpa.c). */
#ifndef PROFEMU_IA64_FRCPA_H
#define PROFEMU_IA64_FRCPA_H

#include <stdbool.h>
#include <stdint.h>

#include "ia64_cpu_internal.h"

/* A status field's flag bits, as ar.fpsr holds them above the field's controls. */
enum { IA64_FLAG_V = 1, IA64_FLAG_D = 2, IA64_FLAG_Z = 4 };

/* value and pred are the target register and predicate; flags the status flags raised.
 * ieee: the approximation cannot serve (software assist), so the caller must write the
 * correctly rounded quotient (frcpa) or square root (frsqrta) in the status field's
 * precision and rounding, clear the predicate and add its own flags to these. */
struct ia64_approx {
	struct ia64_fr value;
	bool pred, ieee;
	unsigned flags;
};

struct ia64_approx ia64_frcpa(struct ia64_fr num, struct ia64_fr den);
struct ia64_approx ia64_frsqrta(struct ia64_fr x);
/* The software-assist results (ieee): the quotient and square root of finite nonzero
 * operands in the host's current rounding, exponents applied after the significands meet. */
long double ia64_assist_quotient(struct ia64_fr num, struct ia64_fr den);
long double ia64_assist_sqrt(struct ia64_fr x);
/* fprcpa, fprsqrta: on the significands' two singles; never ieee */
struct ia64_approx ia64_fprcpa(uint64_t num, uint64_t den);
struct ia64_approx ia64_fprsqrta(uint64_t x);

#endif
