/* The hppa translator (emu/hppa/hppa_jit.c) against the interpreter: seeded random programs
 * made of every form the translator takes (register arithmetic with and without carry bits,
 * shifts, extracts, deposits, logic, immediates, word loads and stores alone, indexed and in
 * runs, a run across a page boundary, byte and halfword accesses, the forms that modify their
 * base, targets r0 and r1, conditional branches forward and counted loops backward with
 * every condition and ,n), cut here and there by forms it does
 * not take (add,c and sub,b read the carry bits it leaves, cmpclr nullifies). Each program
 * runs with and without the translator, with no ticks and with ticks every few instructions
 * (which cut runs short of their end); registers, PSW, memory, the count and every tick's pc
 * must be the same. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu/cpu.h"
#include "emu/hppa/hppa_cpu.h"
#include "emu/hppa/regs.h"
#include "hppa_asm.h"

#define CODE 0x10000u
#define DATA 0x20000u
#define DATA_LEN 0x2000u
#define PROGRAM_INSNS 700

struct outcome {
	enum cpu_stop stop;
	uint64_t regs[32], psw, sar, pc, retired;
	uint8_t data[DATA_LEN];
	uint64_t tick_pcs[4096];
	int ticks;
	uint64_t interval;
	uint64_t events[1024][5];	/* call (1) or return (2), site, return point, target, count */
	int nevents;
	size_t translated;	/* bytes of host code made */
	bool no_translator;	/* not an x86-64 host, or it refused writable code */
};

static uint64_t on_tick(void *ctx, uint64_t pc, uint64_t retired)
{
	struct outcome *o = ctx;
	(void)retired;
	if (o->ticks < 4096)
		o->tick_pcs[o->ticks] = pc;
	o->ticks++;
	return o->interval;
}

static void log_event(struct outcome *o, uint64_t kind, uint64_t site, uint64_t ret,
		      uint64_t target, uint64_t retired)
{
	if (o->nevents < 1024)
		memcpy(o->events[o->nevents], (uint64_t[5]){ kind, site, ret, target, retired },
		       sizeof o->events[0]);
	o->nevents++;
}

static void on_call(void *ctx, uint64_t site, uint64_t ret, uint64_t target, uint64_t retired)
{
	log_event(ctx, 1, site, ret, target, retired);
}

static void on_ret(void *ctx, uint64_t target, uint64_t retired)
{
	log_event(ctx, 2, 0, 0, target, retired);
}

static uint32_t rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return (uint32_t)(*s >> 16);
}

/* A destination: r1, r4 or r8..r31, now and then r0; never r3, r5, r6, r7 (the bases). */
static int dest(uint64_t *s)
{
	unsigned k = rnd(s) % 27;
	return k == 0 ? 0 : k == 1 ? 1 : k == 2 ? 4 : (int)k + 5;
}

static int src(uint64_t *s)
{
	return (int)(rnd(s) % 32);
}

/* Appends one random instruction (or a run of word accesses) to p. */
static void random_insn(char *p, size_t cap, uint64_t *s)
{
	size_t n = strlen(p);
	char *o = p + n;
	size_t room = cap - n;
	int a = src(s), b = src(s), t = dest(s);
	unsigned pos = rnd(s) % 32, len = 1 + rnd(s) % (pos + 1);
	int32_t imm14 = (int32_t)(rnd(s) % 16384) - 8192, imm11 = (int32_t)(rnd(s) % 2048) - 1024;
	uint32_t big = rnd(s) << 11;
	int32_t disp = (int32_t)(rnd(s) % 1024) - 512;	/* within the data around r3 */
	const char *mod = rnd(s) & 1 ? "ma" : "mb";	/* r3 walks by 4 up or down */
	int step = rnd(s) & 1 ? 4 : -4;
	static const char *const sizes[] = { "b", "h", "w" };
	const char *size = sizes[rnd(s) % 3];
	switch (rnd(s) % 38) {
	case 0: snprintf(o, room, "\tldo %d(%%r%d),%%r%d\n", imm14, a, t); break;
	case 1: snprintf(o, room, "\tldil L%%%#x,%%r%d\n", big, t); break;
	case 2: snprintf(o, room, "\taddil L%%%#x,%%r%d\n", big, a); break;
	case 3: snprintf(o, room, "\tcopy %%r%d,%%r%d\n", a, t); break;
	case 4: snprintf(o, room, "\tadd,l %%r%d,%%r%d,%%r%d\n", a, b, t); break;
	case 5: snprintf(o, room, "\tshladd,l %%r%d,%u,%%r%d,%%r%d\n", a, 1 + pos % 3, b, t); break;
	case 6: snprintf(o, room, "\tadd %%r%d,%%r%d,%%r%d\n", a, b, t); break;
	case 7: snprintf(o, room, "\tshladd %%r%d,%u,%%r%d,%%r%d\n", a, 1 + pos % 3, b, t); break;
	case 8: snprintf(o, room, "\tsub %%r%d,%%r%d,%%r%d\n", a, b, t); break;
	case 9: snprintf(o, room, "\taddi %d,%%r%d,%%r%d\n", imm11, a, t); break;
	case 10: snprintf(o, room, "\tdepw,z %%r%d,%u,%u,%%r%d\n", a, pos, len, t); break;
	case 11: snprintf(o, room, "\textrw,u %%r%d,%u,%u,%%r%d\n", a, pos, len, t); break;
	case 12: snprintf(o, room, "\textrw,s %%r%d,%u,%u,%%r%d\n", a, pos, len, t); break;
	case 13: snprintf(o, room, "\tdepwi 0,%u,%u,%%r%d\n", pos, len, t); break;
	case 14: snprintf(o, room, "\tdepwi -1,%u,%u,%%r%d\n", pos, len, t); break;
	case 15: snprintf(o, room, "\tdepwi,z %d,%u,%u,%%r%d\n", imm11 % 16, pos, len, t); break;
	case 16: snprintf(o, room, "\tor %%r%d,%%r%d,%%r%d\n", a, b, t); break;
	case 17: snprintf(o, room, "\tand %%r%d,%%r%d,%%r%d\n", a, b, t); break;
	case 18: snprintf(o, room, "\txor %%r%d,%%r%d,%%r%d\n", a, b, t); break;
	case 19: snprintf(o, room, "\tandcm %%r%d,%%r%d,%%r%d\n", a, b, t); break;
	case 20: snprintf(o, room, "\tldw %d(%%r3),%%r%d\n", (imm11 % 128) * 4, t); break;
	case 21: snprintf(o, room, "\tstw %%r%d,%d(%%r3)\n", a, (imm11 % 128) * 4); break;
	case 22: snprintf(o, room, "\tldw,s %%r6(%%r3),%%r%d\n", t); break;
	case 23: snprintf(o, room, "\tldw %%r7(%%r3),%%r%d\n", t); break;
	case 24: case 25: {
		/* a run through r3, or through r5 (4 bytes below a page boundary: it may cross) */
		int base = rnd(s) & 1 ? 3 : 5;
		bool load = rnd(s) & 1;
		for (unsigned k = 0, m = 2 + rnd(s) % 5; k < m; k++) {
			int d = ((int)(rnd(s) % 9) - 4) * 4, r = load ? dest(s) : src(s);
			n = strlen(p);
			if (load)
				snprintf(p + n, cap - n, "\tldw %d(%%r%d),%%r%d\n", d, base, r);
			else
				snprintf(p + n, cap - n, "\tstw %%r%d,%d(%%r%d)\n", r, d, base);
		}
		break;
	}
	case 26: snprintf(o, room, "\tadd,c %%r%d,%%r%d,%%r%d\n", a, b, t); break;
	case 27: snprintf(o, room, "\tsub,b %%r%d,%%r%d,%%r%d\n", a, b, t); break;
	case 28: snprintf(o, room, "\tcmpclr,<> %%r%d,%%r%d,%%r0\n", a, b); break;
	case 29: snprintf(o, room, "\tshrpw %%r%d,%%r%d,%u,%%r%d\n", a, b, pos, t); break;
	/* bytes and halfwords (aligned), indexed, and the modify forms, which move r3 */
	case 30: snprintf(o, room, "\tld%s %d(%%r3),%%r%d\n", size, disp & ~3, t); break;
	case 31: snprintf(o, room, "\tldb %d(%%r3),%%r%d\n", disp, t); break;
	case 32: snprintf(o, room, "\tsth %%r%d,%d(%%r3)\n", a, disp & ~1); break;
	case 33: snprintf(o, room, "\tstb %%r%d,%d(%%r3)\n", a, disp); break;
	case 34: snprintf(o, room, "\tld%sx%s %%r6(%%r3),%%r%d\n", size, size[0] == 'b' ? "" : ",s", t);
		break;
	case 35:
		if (rnd(s) & 1)
			snprintf(o, room, "\tld%s,%s %d(%%r3),%%r%d\n", size, mod, step, t);
		else
			snprintf(o, room, "\tst%s,%s %%r%d,%d(%%r3)\n", size, mod, a, step);
		break;
	case 36: snprintf(o, room, "\tsubi %d,%%r%d,%%r%d\n", imm11, a, t); break;
	case 37: snprintf(o, room, "\tshladd,l %%r%d,%u,%%r%d,%%r%d\n\tadd,c %%r%d,%%r%d,%%r%d\n",
			  a, 1 + pos % 3, b, t, b, a, t); break;
	default: break;
	}
}

/* A conditional branch (cmpb, cmpib or addib, any condition, with or without ,n) to label
 * kind+number; the instruction after it is its delay slot. */
static void branch_to(char *p, size_t cap, uint64_t *s, int number, char kind)
{
	static const char *const sub_conds[] = { "", "=", "<", "<=", "<<", "<<=", "sv", "od",
		"tr", "<>", ">=", ">", ">>=", ">>", "nsv", "ev" };
	static const char *const add_conds[] = { "", "=", "<", "<=", "nuv", "znv", "sv", "od",
		"tr", "<>", ">=", ">", "uv", "vnz", "nsv", "ev" };
	size_t n = strlen(p);
	unsigned which = rnd(s) % 3, c = rnd(s) % 16;
	const char *cond = which == 2 ? add_conds[c] : sub_conds[c];
	char comp[16];
	snprintf(comp, sizeof comp, "%s%s%s", cond[0] ? "," : "", cond, rnd(s) & 1 ? ",n" : "");
	if (comp[0] == ',' && comp[1] == 'n' && !comp[2])
		comp[0] = ',';
	int imm5 = (int)(rnd(s) % 32) - 16;
	if (which == 0)
		snprintf(p + n, cap - n, "\tcmpb%s %%r%d,%%r%d,%c%d\n", comp, src(s), src(s), kind, number);
	else if (which == 1)
		snprintf(p + n, cap - n, "\tcmpib%s %d,%%r%d,%c%d\n", comp, imm5, src(s), kind, number);
	else
		snprintf(p + n, cap - n, "\taddib%s %d,%%r%d,%c%d\n", comp, imm5, dest(s), kind, number);
}

/* The program of one seed: bases, random register values, then the random body. */
static char *random_program(uint64_t seed)
{
	size_t cap = PROGRAM_INSNS * 8 * 48;
	char *p = calloc(1, cap);
	uint64_t s = seed * 0x9e3779b97f4a7c15ull + 1;
	snprintf(p, cap, "\tldil L%%%#x,%%r3\n\tldo 0x800(%%r3),%%r3\n"
		 "\tldil L%%%#x,%%r5\n\tldo -4(%%r5),%%r5\n\tldi 8,%%r6\n\tldi 24,%%r7\n",
		 DATA, DATA + 0x1000);
	for (int r = 1; r < 32; r++) {
		if (r >= 3 && r <= 7)
			continue;
		uint32_t v = rnd(&s);
		size_t n = strlen(p);
		snprintf(p + n, cap - n, "\tldil L%%%#x,%%r%d\n\tldo %d(%%r%d),%%r%d\n", v & ~0x7ffu,
			 r, (int)(v & 0x7ff) - (v & 0x400 ? 0x800 : 0), r, r);
	}
	int forward = -1, label = 0, loop_left = 0, loop_label = 0;
	for (int i = 0; i < PROGRAM_INSNS; i++) {
		size_t n = strlen(p);
		if (forward == 0)
			snprintf(p + n, cap - n, "F%d:\n", label);
		forward -= forward >= 0;
		n = strlen(p);
		unsigned pick = rnd(&s) % 12;
		if (pick == 0 && forward < 0) {
			/* a forward branch over the next few instructions (after its delay slot) */
			forward = 2 + (int)(rnd(&s) % 5);
			branch_to(p, cap, &s, ++label, 'F');
		} else if (pick == 1 && forward < 0 && !loop_left) {
			/* a loop counted in r2, which nothing else writes; no branch from outside
			 * lands inside it */
			loop_left = 2 + (int)(rnd(&s) % 6);
			snprintf(p + n, cap - n, "\tnop\n\tldi %u,%%r2\nB%d:\n", 1 + rnd(&s) % 4,
				 ++loop_label);	/* the nop: a cmpclr before may nullify it, not the ldi */
		} else if (loop_left == 1 && forward < 0) {
			snprintf(p + n, cap - n, "\taddib,<>%s -1,%%r2,B%d\n", rnd(&s) & 1 ? ",n" : "",
				 loop_label);
			random_insn(p, cap, &s);	/* its delay slot: never a branch or an ldi to r2 */
			loop_left = 0;
		} else {
			loop_left -= loop_left > 1;
			random_insn(p, cap, &s);
		}
	}
	size_t n = strlen(p);
	if (forward >= 0)	/* the nop: the branch's delay slot is never the loop's addib */
		snprintf(p + n, cap - n, "\tnop\nF%d:\n", label);
	n = strlen(p);
	if (loop_left)
		snprintf(p + n, cap - n, "\taddib,<> -1,%%r2,B%d\n\tnop\n", loop_label);
	return p;
}

static void run(const uint8_t *code, size_t len, const uint8_t *data, bool translate,
		uint64_t first_tick, uint64_t interval, struct outcome *o)
{
	struct guest_mem gm;
	char err[256];
	memset(o, 0, sizeof *o);
	o->interval = interval;
	gm_init(&gm, 4096, 1ull << 32, true, 4);
	cr_assert_eq(gm_map(&gm, CODE, 0x10000, GM_PROT_READ | GM_PROT_EXEC), 0);
	/* two mappings: host memory of the second page need not follow the first's, so a run
	 * across the boundary that took one translation for both would read the wrong bytes */
	cr_assert_eq(gm_map(&gm, DATA, 0x1000, GM_PROT_READ | GM_PROT_WRITE), 0);
	cr_assert_eq(gm_map(&gm, DATA + 0x1000, DATA_LEN - 0x1000, GM_PROT_READ | GM_PROT_WRITE), 0);
	cr_assert_eq(gm_poke(&gm, CODE, code, len), 0);
	cr_assert_eq(gm_poke(&gm, DATA, data, DATA_LEN), 0);
	struct cpu_config cfg = {
		.arch = CPU_ARCH_HPPA,
		.mem = &gm,
		.events = {.ctx = o, .tick = on_tick, .call = on_call, .ret = on_ret},
		.first_tick = first_tick,
		.max_insns = 1000000,	/* a program that loops for ever fails, not hangs */
	};
	struct cpu *cpu = cpu_create(&cfg, err, sizeof err);
	cr_assert(cpu, "%s", err);
	if (!translate)
		((struct hppa_cpu *)cpu)->jit.off = true;
	cpu_set_pc(cpu, CODE);
	struct cpu_fault f;
	o->stop = cpu_run(cpu, &f);
	for (int r = 0; r < 32; r++)
		o->regs[r] = cpu_reg(cpu, r);
	o->psw = cpu_reg(cpu, HPPA_REG_PSW);
	o->sar = cpu_reg(cpu, HPPA_REG_SAR);
	o->pc = cpu_pc(cpu);
	o->retired = cpu_retired(cpu);
	o->translated = ((struct hppa_cpu *)cpu)->jit.used;
	o->no_translator = translate && ((struct hppa_cpu *)cpu)->jit.off;
	for (uint32_t page = 0; page < DATA_LEN; page += 0x1000) {
		const uint8_t *h = gm_host(&gm, DATA + page, 0x1000, GM_PROT_READ);
		cr_assert(h);
		memcpy(o->data + page, h, 0x1000);
	}
	cpu_destroy(cpu);
	gm_destroy(&gm);
}

Test(hppa_jit, random_programs_match_the_interpreter)
{
	if (!have_as())
		cr_skip_test("hppa-linux-gnu-as not found: install binutils-hppa-linux-gnu");
	static struct outcome interp, translated;
	static uint8_t data[DATA_LEN];
	size_t host_code = 0;
	for (uint64_t seed = 1; seed <= 6; seed++) {
		char *src_text = random_program(seed);
		size_t len;
		uint8_t *code = assemble(src_text, &len);
		free(src_text);
		uint64_t s = seed;
		for (unsigned i = 0; i < DATA_LEN; i++)
			data[i] = (uint8_t)rnd(&s);
		static const uint64_t ticks[][2] = {{0, 0}, {3, 7}, {40, 13}, {1, 1}};
		for (unsigned k = 0; k < sizeof ticks / sizeof ticks[0]; k++) {
			run(code, len, data, false, ticks[k][0], ticks[k][1], &interp);
			run(code, len, data, true, ticks[k][0], ticks[k][1], &translated);
			if (translated.no_translator)
				cr_skip_test("no hppa translator on this host (not x86-64, or no writable "
					     "code): the interpreter runs alone");
			cr_assert_eq(interp.translated, 0);
			host_code += translated.translated;
			cr_assert_eq(interp.stop, CPU_STOP_FAULT, "seed %llu ends at its break, not %d at %#llx",
				     (unsigned long long)seed, (int)interp.stop, (unsigned long long)interp.pc);
			cr_assert_eq(translated.stop, interp.stop);
			for (int r = 0; r < 32; r++)
				cr_assert_eq(translated.regs[r], interp.regs[r],
					     "seed %llu ticks %u: r%d %#llx, interpreted %#llx",
					     (unsigned long long)seed, k, r,
					     (unsigned long long)translated.regs[r],
					     (unsigned long long)interp.regs[r]);
			cr_assert_eq(translated.psw, interp.psw, "seed %llu: PSW %#llx, interpreted %#llx",
				     (unsigned long long)seed, (unsigned long long)translated.psw,
				     (unsigned long long)interp.psw);
			cr_assert_eq(translated.sar, interp.sar);
			cr_assert_eq(translated.pc, interp.pc);
			cr_assert_eq(translated.retired, interp.retired);
			cr_assert_eq(memcmp(translated.data, interp.data, DATA_LEN), 0,
				     "seed %llu: memory differs", (unsigned long long)seed);
			cr_assert_eq(translated.ticks, interp.ticks);
			for (int i = 0; i < interp.ticks && i < 4096; i++)
				cr_assert_eq(translated.tick_pcs[i], interp.tick_pcs[i],
					     "seed %llu: tick %d at %#llx, interpreted %#llx",
					     (unsigned long long)seed, i,
					     (unsigned long long)translated.tick_pcs[i],
					     (unsigned long long)interp.tick_pcs[i]);
		}
		free(code);
	}
	/* the comparison means something only if host code ran */
	cr_assert_gt(host_code, 0, "no host code was made");
}

/* Calls in host code (B,L with a link: through rp with its slot run by the exit, nullified,
 * or a load left to the interpreter; millicode through r31, held until its callee's first
 * branch; $$dyncall's jump on through r22; a callee on another page) against the
 * interpreter: the same registers, count, ticks, and call and return events (site, return
 * point, target, count), with ticks every few instructions cutting the runs. */
Test(hppa_jit, calls_and_their_events_match_the_interpreter)
{
	if (!have_as())
		cr_skip_test("hppa-linux-gnu-as not found: install binutils-hppa-linux-gnu");
	static const char src_text[] =
		"START:\tldil L%0x20000,%r3\n\tldi 30,%r4\n\tldi 0,%r9\n"
		"L0:\tcopy %r4,%r10\n\tb,l F1,%rp\n\tldo 1(%r9),%r9\n"
		"\tb,l,n F1,%rp\n\tnop\n\tldo 1(%r9),%r9\n"
		"\tb,l F2,%r31\n\tcopy %r31,%r11\n"
		"\tb,l F1,%rp\n\tldw 0(%r3),%r12\n"
		"\tldil L%0x10000,%r22\n\tldo F1-START(%r22),%r22\n"
		"\tb,l DYN,%r31\n\tcopy %r31,%rp\n"
		"\tb,l FAR,%rp\n\tldo 2(%r9),%r9\n"
		"\taddib,<> -1,%r4,L0\n\tnop\n"
		"\tb,l END,%r0\n\tnop\n"
		"F1:\tldo 3(%r9),%r9\n\tadd %r9,%r10,%r10\n\tbv %r0(%rp)\n\tnop\n"
		"F2:\tldo 5(%r9),%r9\n\taddi 1,%r9,%r9\n\tbv,n %r0(%r31)\n"
		"DYN:\tbv,n %r0(%r22)\n"
		"\t.align 4096\n"
		"FAR:\tldo 7(%r9),%r9\n\txor %r9,%r10,%r10\n\tbv %r0(%rp)\n\tldo 1(%r9),%r9\n"
		"END:\tnop\n";
	size_t len;
	uint8_t *code = assemble(src_text, &len);
	static struct outcome interp, translated;
	static uint8_t data[DATA_LEN];
	static const uint64_t ticks[][2] = {{0, 0}, {3, 7}, {2, 3}, {1, 1}, {40, 13}};
	for (unsigned k = 0; k < sizeof ticks / sizeof ticks[0]; k++) {
		run(code, len, data, false, ticks[k][0], ticks[k][1], &interp);
		run(code, len, data, true, ticks[k][0], ticks[k][1], &translated);
		if (translated.no_translator)
			cr_skip_test("no hppa translator on this host: the interpreter runs alone");
		cr_assert_gt(translated.translated, 0, "no host code was made");
		cr_assert_eq(interp.stop, CPU_STOP_FAULT, "ends at its break, not %d at %#llx",
			     (int)interp.stop, (unsigned long long)interp.pc);
		cr_assert_eq(translated.stop, interp.stop);
		cr_assert_eq(interp.nevents, 30 * 12, "%d events", interp.nevents);
		for (int r = 0; r < 32; r++)
			cr_assert_eq(translated.regs[r], interp.regs[r], "ticks %u: r%d %#llx, "
				     "interpreted %#llx", k, r, (unsigned long long)translated.regs[r],
				     (unsigned long long)interp.regs[r]);
		cr_assert_eq(translated.pc, interp.pc);
		cr_assert_eq(translated.retired, interp.retired);
		cr_assert_eq(translated.nevents, interp.nevents);
		for (int i = 0; i < interp.nevents && i < 1024; i++)
			cr_assert_eq(memcmp(translated.events[i], interp.events[i],
					    sizeof interp.events[i]), 0,
				     "ticks %u: event %d: %llu %#llx->%#llx at %llu, interpreted "
				     "%llu %#llx->%#llx at %llu", k, i,
				     (unsigned long long)translated.events[i][0],
				     (unsigned long long)translated.events[i][1],
				     (unsigned long long)translated.events[i][3],
				     (unsigned long long)translated.events[i][4],
				     (unsigned long long)interp.events[i][0],
				     (unsigned long long)interp.events[i][1],
				     (unsigned long long)interp.events[i][3],
				     (unsigned long long)interp.events[i][4]);
		cr_assert_eq(translated.ticks, interp.ticks);
		for (int i = 0; i < interp.ticks && i < 4096; i++)
			cr_assert_eq(translated.tick_pcs[i], interp.tick_pcs[i], "ticks %u: tick %d "
				     "at %#llx, interpreted %#llx", k, i,
				     (unsigned long long)translated.tick_pcs[i],
				     (unsigned long long)interp.tick_pcs[i]);
	}
	free(code);
}
