/* The clock: a tick after exactly every N retired instructions (--tick), or, with --jitter,
 * after an interval drawn uniformly from [N/2, 3N/2] by a generator seeded from --seed, so
 * that a loop whose length divides N cannot always be sampled at the same instruction while
 * the profile stays reproducible. Each tick goes to the profil core; --explain prints it. */
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>

#include "../loader/loader.h"
#include "../symbols/symbolizer.h"
#include "process.h"
#include "profil_glue.h"
#include "thread.h"

/* The jitter stream is separate from getrandom's so that turning jitter on does not change what
 * the guest reads from getrandom. */
static uint64_t next_jitter(struct process *p)
{
	return xorshift64s_next(&p->jitter_state);
}

static uint64_t next_interval(struct process *p)
{
	uint64_t n = p->cfg.tick;
	if (!p->cfg.jitter || n < 2)
		return n;
	uint64_t lo = n / 2, span = n + 1;	/* [n/2, n/2 + n] */
	return lo + next_jitter(p) % span;
}

uint64_t process_first_tick(struct process *p)
{
	p->jitter_state = p->cfg.seed ^ 0x6a09e667f3bcc909u;
	if (p->jitter_state == 0)
		p->jitter_state = 1;
	return next_interval(p);
}

static const char *outcome_text(enum prof_tick_outcome o)
{
	switch (o) {
	case PROF_TICK_OFF: return "not counted: profiling is off";
	case PROF_TICK_COUNTED: return "counted";
	case PROF_TICK_SATURATED: return "not counted: the bin is full (saturates)";
	case PROF_TICK_OUT_OF_RANGE: return "not counted: no region takes this pc";
	case PROF_TICK_FAULT_DISABLED: return "not counted: the update would fault; profiling turned off";
	case PROF_TICK_LIMIT_DISABLED: return "not counted: the counter would pass 32767; profiling turned off";
	case PROF_TICK_SIGSEGV: return "the update faults: SIGSEGV";
	}
	return "?";
}

/* The instruction at pc as objdump shows it, in braces, where the back end has a
 * disassembler of its own (cpu_disasm): " {ldw 0(r26),r28}"; an IA-64 bundle's slots are
 * separated by " | ". Nothing for the others (x86) or code that cannot be read. */
static void explain_insn(FILE *out, struct process *p, uint64_t pc)
{
	uint8_t code[16];
	char text[512];
	size_t len = sizeof(code);
	while (len >= 4 && gm_read(&p->mem, pc, code, len) < 0)
		len /= 2;	/* the end of a mapping: an instruction may still fit */
	if (len < 4 || cpu_disasm(p->arch, code, len, pc, text, sizeof(text)) <= 0)
		return;
	fputs(" {", out);
	for (const char *c = text; *c; c++) {
		if (*c == '\n')
			fputs(" | ", out);
		else
			fputc(*c, out);
	}
	fputc('}', out);
}

static void explain(struct process *p, uint64_t pc, uint64_t retired, const struct prof_explain *ex)
{
	FILE *out = stderr;
	char where[PATH_MAX + 512];
	fprintf(out, "tick %" PRIu64 " insn %" PRIu64, p->ticks, retired);
	if (p->sched)
		fprintf(out, " thread %" PRId32, sched_current_tid(p));
	fprintf(out, " pc 0x%" PRIx64, pc);
	if (p->names && symbolizer_describe(p->names, pc, where, sizeof(where)) > 0)
		fprintf(out, " <%s>", where);
	explain_insn(out, p, pc);
	if (ex->outcome == PROF_TICK_OFF || ex->outcome == PROF_TICK_OUT_OF_RANGE || ex->region == -1) {
		fprintf(out, ": %s\n", outcome_text(ex->outcome));
		return;
	}
	if (ex->region == -2)
		fprintf(out, ": overflow bin");
	else
		fprintf(out, ": region %d (offset 0x%" PRIx64 ", scale 0x%" PRIx64 ") d=0x%" PRIx64
			     " scaled=0x%" PRIx64 " >>16 -> element %" PRIu64 " of %u bytes",
			ex->region, ex->offset, ex->scale, ex->d, ex->scaled, ex->index, ex->elem);
	fprintf(out, " at 0x%" PRIx64 ": %" PRIu64 " -> %" PRIu64 ", %s\n", ex->bin_addr, ex->old_value,
		ex->new_value, outcome_text(ex->outcome));
}

uint64_t process_on_tick(void *ctx, uint64_t pc, uint64_t retired)
{
	struct process *p = ctx;
	p->ticks++;
	process_itimers_tick(p, retired);
	if (p->prof.enabled || p->cfg.explain) {
		struct prof_mem m = process_prof_mem(p);
		struct prof_explain ex = { .outcome = PROF_TICK_OFF, .region = -1 };
		int r = prof_tick(&p->prof, &m, pc, p->cfg.explain ? &ex : NULL);
		if (p->cfg.explain)
			explain(p, pc, retired, &ex);
		if (r == PROF_RAISE_SIGSEGV && !p->ended)
			process_kill(p, p->abi->signal_to_guest(SIGSEGV));
	}
	return next_interval(p);
}
