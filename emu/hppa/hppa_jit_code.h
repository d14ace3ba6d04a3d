/* The host code of the hppa translator (hppa_jit.h tells what it translates): the type of a
 * translated run's entry, what it returns, and the code area it lives in. struct hppa_cpu
 * holds the area and each decoded page its entries (hppa_state.h). */
#ifndef PROFEMU_HPPA_JIT_CODE_H
#define PROFEMU_HPPA_JIT_CODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct hppa_cpu;

/* Host code entered at one instruction of a run, with the guest's general registers, the
 * CPU (its TLBs and carry bits) and a limit index: the entry's page index plus how many
 * instructions may retire before the interpreter must look at ticks and limits. It runs the
 * instructions from there on, and on through taken branches to runs of the same page that
 * fit below the limit (the index then moves with the code: at any index x it stands for the
 * same limit, so the count at x is the limit minus (limit index - x)). It leaves the limit
 * index in hppa_jit.limit and returns a page index (the low 16 bits) and what happened there
 * (the high bits): HPPA_JIT_STOPPED, the first instruction it did not run (a run's end, a
 * branch target that does not fit, or an access to hand back); otherwise a conditional
 * branch it found taken and did not follow (addib's add done, the branch not yet counted),
 * or a B,L (a call: its link written; run() raises its event) or a BV (its target in
 * hppa_jit.target), its delay slot run by the host code too, nullified, or left for the
 * interpreter. */
typedef uint32_t (*hppa_jit_fn)(uint32_t *gr, struct hppa_cpu *c, int64_t limit_index);
/* The most a limit index may count ahead: far beyond any run, and no overflow. */
#define HPPA_JIT_BUDGET_MAX (1ull << 40)
enum {
	HPPA_JIT_STOPPED = 0,
	HPPA_JIT_TAKEN_SLOT_RUN = 1,
	HPPA_JIT_TAKEN_NULLIFIED = 2,
	HPPA_JIT_TAKEN = 3,
};

struct hppa_jit {
	uint8_t *code;		/* the host code area (read, write, execute); NULL: none yet */
	size_t size, used;
	int64_t limit;		/* the limit index the host code left with */
	uint32_t target;	/* a BV's target, when the host code left at one taken */
	bool off;		/* not on this host, disabled, or the area could not be mapped */
};

#endif
