/* The IA-64 interpreter (emu/ia64) on the assembly guests of guests/ia64/asm, against what
 * HP's Ski simulator recorded for them (guests/ia64/expected/ski.tsv): same output, exit
 * status and retired instruction count. A small harness stands in for the loader and the
 * system calls (write and exit_group only), so the CPU alone is under test. */
#include <criterion/criterion.h>
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu/cpu.h"
#include "emu/guest_mem.h"
#include "emu/ia64/regs.h"

enum { STACK_TOP = 0x60000000f0000000ULL, STACK_SIZE = 1 << 20,
       RBS_BASE = 0x6000000080000000ULL, RBS_SIZE = 1 << 20 };

struct run {
	struct guest_mem gm;
	struct cpu *cpu;
	char out[4096];
	size_t out_len;
	int status;
	bool exited;
	unsigned syscalls;
};

static void on_syscall(void *ctx)
{
	struct run *r = ctx;
	uint64_t nr = cpu_reg(r->cpu, IA64_GR(15));
	r->syscalls++;
	uint64_t a0 = cpu_reg(r->cpu, IA64_SYSARG(0)), a1 = cpu_reg(r->cpu, IA64_SYSARG(1)),
		 a2 = cpu_reg(r->cpu, IA64_SYSARG(2));
	int64_t result = -38;	/* ENOSYS */
	if (nr == 1236 || nr == 1025) {	/* exit_group, exit */
		r->status = (int)(a0 & 0xff);
		r->exited = true;
		cpu_request_stop(r->cpu);
		return;
	}
	if (nr == 1027 && a0 == 1 && r->out_len + a2 <= sizeof r->out) {	/* write */
		result = gm_read(&r->gm, a1, r->out + r->out_len, a2) == 0 ? (int64_t)a2 : -14;
		if (result > 0)
			r->out_len += a2;
	}
	cpu_set_reg(r->cpu, IA64_GR(8), result < 0 ? (uint64_t)-result : (uint64_t)result);
	cpu_set_reg(r->cpu, IA64_GR(10), result < 0 ? (uint64_t)-1 : 0);
}

/* Loads a static ELF64 IA-64 program's PT_LOAD segments; returns its entry. */
static uint64_t load(struct run *r, const char *path)
{
	FILE *f = fopen(path, "rb");
	cr_assert_not_null(f, "cannot open %s", path);
	Elf64_Ehdr eh;
	cr_assert_eq(fread(&eh, sizeof eh, 1, f), 1);
	cr_assert_eq(eh.e_machine, EM_IA_64);
	for (unsigned i = 0; i < eh.e_phnum; i++) {
		Elf64_Phdr ph;
		fseek(f, (long)(eh.e_phoff + i * eh.e_phentsize), SEEK_SET);
		cr_assert_eq(fread(&ph, sizeof ph, 1, f), 1);
		if (ph.p_type != PT_LOAD)
			continue;
		uint64_t start = gm_page_down(&r->gm, ph.p_vaddr);
		uint64_t end = gm_page_up(&r->gm, ph.p_vaddr + ph.p_memsz);
		cr_assert_eq(gm_map(&r->gm, start, end - start,
				    GM_PROT_READ | GM_PROT_WRITE | GM_PROT_EXEC), 0);
		char *buf = malloc(ph.p_filesz + 1);
		fseek(f, (long)ph.p_offset, SEEK_SET);
		cr_assert_eq(fread(buf, 1, ph.p_filesz, f), ph.p_filesz);
		cr_assert_eq(gm_poke(&r->gm, ph.p_vaddr, buf, ph.p_filesz), 0);
		free(buf);
	}
	fclose(f);
	return eh.e_entry;
}

/* Loads guest and creates the CPU with cfg's limits and clock (its arch, memory and events
 * are filled in here; a NULL cfg means none). */
static void start_with(struct run *r, const char *guest, const struct cpu_config *extra,
		       uint64_t (*tick)(void *, uint64_t, uint64_t))
{
	memset(r, 0, sizeof *r);
	gm_init(&r->gm, 16384, ~0ULL, false, 8);
	char path[1024];
	snprintf(path, sizeof path, "%s/guests/ia64/bin/%s", PROFEMU_SOURCE_ROOT, guest);
	uint64_t entry = load(r, path);
	cr_assert_eq(gm_map(&r->gm, STACK_TOP - STACK_SIZE, STACK_SIZE,
			    GM_PROT_READ | GM_PROT_WRITE), 0);
	cr_assert_eq(gm_map(&r->gm, RBS_BASE, RBS_SIZE, GM_PROT_READ | GM_PROT_WRITE), 0);
	struct cpu_config cfg = { 0 };
	if (extra)
		cfg = *extra;
	cfg.arch = CPU_ARCH_IA64;
	cfg.mem = &r->gm;
	cfg.events = (struct cpu_events){ .ctx = r, .syscall = on_syscall, .tick = tick };
	char err[128];
	r->cpu = cpu_create(&cfg, err, sizeof err);
	cr_assert_not_null(r->cpu, "%s", err);
	cpu_set_pc(r->cpu, entry);
	cpu_set_reg(r->cpu, IA64_GR(12), STACK_TOP - 64);
	cpu_set_reg(r->cpu, IA64_AR(IA64_AR_BSP), RBS_BASE);
}

static void start(struct run *r, const char *guest)
{
	start_with(r, guest, NULL, NULL);
}

static void finish(struct run *r)
{
	cpu_destroy(r->cpu);
	gm_destroy(&r->gm);
}

/* What Ski recorded for a case: status and instruction count from ski.tsv. */
static void ski_expectation(const char *name, int *status, uint64_t *insts)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/guests/ia64/expected/ski.tsv", PROFEMU_SOURCE_ROOT);
	FILE *f = fopen(path, "r");
	cr_assert_not_null(f, "no %s", path);
	char line[512];
	bool found = false;
	while (fgets(line, sizeof line, f)) {
		char *fields[6] = { 0 };
		char *p = line;
		for (unsigned i = 0; i < 6 && p; i++) {
			fields[i] = p;
			p = strchr(p, '\t');
			if (p)
				*p++ = 0;
		}
		if (line[0] != '#' && fields[4] && strcmp(fields[0], name) == 0) {
			*status = atoi(fields[3]);
			*insts = strtoull(fields[4], NULL, 10);
			found = true;
		}
	}
	fclose(f);
	cr_assert(found, "no Ski record for %s", name);
}

static void run_against_ski(const char *guest, const char *want_out)
{
	struct run r;
	start(&r, guest);
	struct cpu_fault fault = { 0 };
	enum cpu_stop stop = cpu_run(r.cpu, &fault);
	char regs[2048];
	cpu_dump_regs(r.cpu, regs, sizeof regs);
	cr_assert_eq(stop, CPU_STOP_REQUESTED, "%s stopped with %d at %#llx: %s\n%s", guest, stop,
		     (unsigned long long)fault.pc, fault.detail, regs);
	int status;
	uint64_t insts;
	ski_expectation(guest, &status, &insts);
	cr_expect(r.exited);
	cr_expect_eq(r.status, status, "%s: status %d, Ski %d", guest, r.status, status);
	/* Ski counts the exiting break and nothing after it. */
	cr_expect_eq(cpu_retired(r.cpu), insts, "%s: %llu instructions, Ski %llu", guest,
		     (unsigned long long)cpu_retired(r.cpu), (unsigned long long)insts);
	r.out[r.out_len] = 0;
	cr_expect_str_eq(r.out, want_out);
	finish(&r);
}

Test(ia64_cpu, raw_exit_matches_ski)
{
	run_against_ski("exit", "");
}

Test(ia64_cpu, cloop_loop_matches_ski)
{
	run_against_ski("cloop", "");
}

Test(ia64_cpu, rotating_ctop_and_wtop_loops_match_ski)
{
	run_against_ski("ctop", "ctop ok\n");
}

/* The clock: ticks every N retired instructions, naming the bundle of the next one. */
static uint64_t tick_pcs[64], tick_retired[64];
static unsigned ticks;

static uint64_t on_tick(void *ctx, uint64_t pc, uint64_t retired)
{
	(void)ctx;
	if (ticks < 64) {
		tick_pcs[ticks] = pc;
		tick_retired[ticks] = retired;
	}
	ticks++;
	return 1000;
}

Test(ia64_cpu, ticks_fire_every_interval_at_a_bundle_address)
{
	struct run r;
	struct cpu_config cfg = { .first_tick = 1000 };
	start_with(&r, "cloop", &cfg, on_tick);
	ticks = 0;
	struct cpu_fault fault;
	cr_assert_eq(cpu_run(r.cpu, &fault), CPU_STOP_REQUESTED);
	cr_expect_eq(ticks, 6000009 / 1000);
	for (unsigned i = 0; i < 64 && i < ticks; i++) {
		cr_expect_eq(tick_retired[i], 1000 * (i + 1));
		cr_expect_eq(tick_pcs[i] & 15, 0, "tick pc %#llx is a bundle address",
			     (unsigned long long)tick_pcs[i]);
	}
	finish(&r);
}

Test(ia64_cpu, max_insns_stops_exactly)
{
	struct run r;
	struct cpu_config cfg = { .max_insns = 1001 };
	start_with(&r, "cloop", &cfg, NULL);
	struct cpu_fault fault;
	cr_assert_eq(cpu_run(r.cpu, &fault), CPU_STOP_INSN_LIMIT);
	cr_expect_eq(cpu_retired(r.cpu), 1001);
	finish(&r);
}
