/* One clock tick: find the bin for pc and count it as the personality counts. Allocation-free:
 * the emulator calls this every N retired instructions. */
#include <string.h>

#include "profil/profil_impl.h"

enum count_rule {
	COUNT_WRAP,		/* bsd, linux profil, glibc's overflow bin: u16 arithmetic */
	COUNT_SATURATE,		/* hpux, glibc's sprofil regions: "unless that would overflow" */
	COUNT_SVR4_LIMIT,	/* svr4: profiling stops rather than pass 32767 (illumos' rule) */
};

static enum count_rule rule_for(const struct prof_state *st, bool overflow_bin)
{
	switch (st->cfg.personality) {
	case PROF_PERSONALITY_SVR4:
		return COUNT_SVR4_LIMIT;
	case PROF_PERSONALITY_BSD:
		return COUNT_WRAP;
	case PROF_PERSONALITY_LINUX:
		return st->profil_style || overflow_bin ? COUNT_WRAP : COUNT_SATURATE;
	default:
		return COUNT_SATURATE;
	}
}

/* Reads the bin, decides, writes. A fault on either access ends as the personality says. */
static int count(struct prof_state *st, const struct prof_mem *m, enum count_rule rule,
		 struct prof_explain *ex)
{
	unsigned es = ex->elem;
	uint64_t max = es == 8 ? UINT64_MAX : (UINT64_C(1) << (8 * es)) - 1;
	uint64_t old;
	if (prof_read(st, m, ex->bin_addr, es, &old) < 0)
		goto fault;
	ex->old_value = ex->new_value = old;
	if (rule == COUNT_SATURATE && old >= max) {
		ex->outcome = PROF_TICK_SATURATED;
		return 0;
	}
	if (rule == COUNT_SVR4_LIMIT && old >= 32767) {
		/* The counter is left as it is (32767 when the program counted it up). */
		prof_disable(st);
		ex->outcome = PROF_TICK_LIMIT_DISABLED;
		return 0;
	}
	ex->new_value = (old + 1) & max;
	if (prof_write(st, m, ex->bin_addr, es, ex->new_value) < 0)
		goto fault;
	st->counted++;
	ex->outcome = PROF_TICK_COUNTED;
	return 0;
fault:
	ex->new_value = ex->old_value;
	if (st->cfg.personality == PROF_PERSONALITY_LINUX) {
		/* glibc's SIGPROF handler stores into the buffer: the guest gets SIGSEGV, and its
		 * profiling stays as it is. */
		ex->outcome = PROF_TICK_SIGSEGV;
		return PROF_RAISE_SIGSEGV;
	}
	/* "Profiling is turned off if a buff update would cause a memory fault" (NEWS-os), "If
	 * the calculation above results in an invalid address, profiling is silently disabled"
	 * (HP-UX), 4.4BSD's addupc_task: silently. */
	prof_disable(st);
	ex->outcome = PROF_TICK_FAULT_DISABLED;
	return 0;
}

static void explain_loc(struct prof_explain *ex, const struct prof_region *r, const struct prof_loc *loc)
{
	ex->offset = r->offset;
	ex->scale = r->scale;
	ex->d = loc->d;
	ex->scaled = prof_sat64(loc->scaled);
	ex->index = prof_sat64(loc->index);
	/* The bin's address in 64 bits; one past the guest's space faults in prof_read. */
	ex->bin_addr = (uint64_t)((prof_u128)r->base + loc->byte);
	if ((prof_u128)r->base + loc->byte > UINT64_MAX)
		ex->bin_addr = UINT64_MAX;
}

int prof_tick(struct prof_state *st, const struct prof_mem *m, uint64_t pc, struct prof_explain *ex)
{
	struct prof_explain local;
	if (!ex)
		ex = &local;
	memset(ex, 0, sizeof(*ex));
	ex->outcome = PROF_TICK_OFF;
	ex->region = -1;
	ex->elem = st->elem;
	if (!st->enabled)
		return 0;
	st->ticks++;
	pc &= prof_mask(st);

	struct prof_loc loc = { 0 };
	int k;
	if (st->profil_style) {
		/* One region: explain its arithmetic even when pc falls outside it. */
		k = prof_map_pc(st, &st->regions[0], pc, &loc) ? 0 : -1;
		explain_loc(ex, &st->regions[0], &loc);
		if (k < 0)
			ex->bin_addr = 0;	/* no bin: the pc is out of range */
	} else {
		k = prof_find_region(st, pc, &loc);
		if (k >= 0)
			explain_loc(ex, &st->regions[k], &loc);
	}
	if (k >= 0) {
		ex->region = k;
		return count(st, m, rule_for(st, false), ex);
	}
	if (st->has_overflow && !st->profil_style) {
		/* Every pc no region took: the overflow descriptor's one element. */
		ex->region = -2;
		ex->offset = st->overflow.offset;
		ex->scale = st->overflow.scale;
		ex->d = pc;
		ex->scaled = ex->index = 0;
		ex->bin_addr = st->overflow.base;
		return count(st, m, rule_for(st, true), ex);
	}
	ex->outcome = PROF_TICK_OUT_OF_RANGE;
	return 0;
}
