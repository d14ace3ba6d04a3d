/* libFuzzer harness for the IA-64 interpreter: the input is a register state followed by
 * code. Bytes 0-255 seed r1-r31, the predicates, b0-b7, ar.lc/ar.ec/ar.pfs/ar.ccv (some
 * registers are pointed into the mapped data page so that memory instructions get somewhere);
 * the rest is copied as bundles to the start of a code page, and the CPU runs at most 1000
 * instructions with a tick every 97 and system calls answered with -ENOSYS. Whatever the
 * program does (illegal operations, faults, wild branches, register-stack abuse) must end in
 * a defined stop, with no host crash or sanitizer report, and the counts must be exact. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "emu/cpu_backend.h"
#include "emu/guest_mem.h"
#include "emu/ia64/regs.h"

extern const struct cpu_ops ia64_cpu_ops;

enum { CODE = 0x4000000000000000ULL, DATA = 0x6000000000000000ULL, RBS = 0x6000000100000000ULL,
       PAGE = 16384, MAX_INSNS = 1000, TICK = 97 };

struct fuzz_run {
	struct cpu *cpu;
	uint64_t ticks, syscalls, last_retired;
};

static void check(int ok)
{
	if (!ok)
		abort();
}

static void on_syscall(void *ctx)
{
	struct fuzz_run *r = ctx;
	r->syscalls++;
	ia64_cpu_ops.set_reg(r->cpu, IA64_GR(8), 38);
	ia64_cpu_ops.set_reg(r->cpu, IA64_GR(10), (uint64_t)-1);
	(void)ia64_cpu_ops.reg(r->cpu, IA64_SYSARG(7));
	if (r->syscalls > 50)
		ia64_cpu_ops.request_stop(r->cpu);
}

static uint64_t on_tick(void *ctx, uint64_t pc, uint64_t retired)
{
	struct fuzz_run *r = ctx;
	check((pc & 15) == 0);
	check(retired >= r->last_retired);
	r->last_retired = retired;
	r->ticks++;
	return TICK;
}

static uint64_t word(const uint8_t *p)
{
	uint64_t v;
	memcpy(&v, p, 8);
	return v;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 256 + 16)
		return 0;
	struct guest_mem gm;
	gm_init(&gm, PAGE, ~0ULL, false, 8);
	check(gm_map(&gm, CODE, PAGE, GM_PROT_READ | GM_PROT_EXEC) == 0);
	check(gm_map(&gm, DATA, PAGE, GM_PROT_READ | GM_PROT_WRITE) == 0);
	check(gm_map(&gm, RBS, PAGE, GM_PROT_READ | GM_PROT_WRITE) == 0);
	size_t code = size - 256 > PAGE ? PAGE : size - 256;
	check(gm_poke(&gm, CODE, data + 256, code) == 0);

	struct fuzz_run r = { 0 };
	struct cpu_config cfg = { .arch = CPU_ARCH_IA64, .mem = &gm, .max_insns = MAX_INSNS,
				  .first_tick = TICK,
				  .events = { .ctx = &r, .syscall = on_syscall, .tick = on_tick } };
	char err[128];
	r.cpu = ia64_cpu_ops.create(&cfg, err, sizeof err);
	check(r.cpu != NULL);
	const struct cpu_ops *ops = &ia64_cpu_ops;
	ops->set_pc(r.cpu, CODE);
	ops->set_reg(r.cpu, IA64_AR(IA64_AR_BSP), RBS);
	for (unsigned i = 1; i < 24; i++) {
		uint64_t v = word(data + 8 * i);
		if (v & 1)	/* half of them point into the data page */
			v = DATA + (v >> 1) % (PAGE - 64);
		ops->set_reg(r.cpu, IA64_GR(i), v);
	}
	ops->set_reg(r.cpu, IA64_PR, word(data + 192));
	ops->set_reg(r.cpu, IA64_CFM, word(data + 200));
	for (unsigned i = 0; i < 4; i++)
		ops->set_reg(r.cpu, IA64_BR(i), CODE + (word(data + 208 + 8 * i) % PAGE));
	ops->set_reg(r.cpu, IA64_AR(IA64_AR_LC), data[240]);
	ops->set_reg(r.cpu, IA64_AR(IA64_AR_EC), data[241]);
	ops->set_reg(r.cpu, IA64_AR(IA64_AR_PFS), word(data + 244));
	ops->set_reg(r.cpu, IA64_AR(IA64_AR_CCV), word(data + 248));

	for (int round = 0; round < 3; round++) {
		struct cpu_fault fault;
		memset(&fault, 0, sizeof fault);
		enum cpu_stop stop = ops->run(r.cpu, &fault);
		check(stop == CPU_STOP_REQUESTED || stop == CPU_STOP_FAULT ||
		      stop == CPU_STOP_INSN_LIMIT);
		check(ops->retired(r.cpu) <= MAX_INSNS);
		check(memchr(fault.detail, 0, sizeof fault.detail) != NULL);
		if (stop != CPU_STOP_FAULT)
			break;
		/* resume elsewhere, as a signal handler would */
		ops->set_pc(r.cpu, CODE + (uint64_t)round * 16);
	}
	/* A tick fires just before the instruction after each TICK-th: one due exactly at the
	 * stop has not fired yet. */
	uint64_t n = ops->retired(r.cpu);
	check(r.ticks == n / TICK || (n % TICK == 0 && r.ticks + 1 == n / TICK));
	char dump[1024];
	ops->dump_regs(r.cpu, dump, sizeof dump);
	check(memchr(dump, 0, sizeof dump) != NULL);
	ops->destroy(r.cpu);
	gm_destroy(&gm);
	return 0;
}
