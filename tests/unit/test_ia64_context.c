/* The IA-64 back end's thread contexts and time slices (emu/ia64/ia64_context.c): two threads
 * of one program on one CPU, each with its own register backing store, switched in the middle
 * of a call so that the caller's stacked registers are in the dirty partition (not yet in
 * memory); a slice that ends at its exact instruction. */
#include <criterion/criterion.h>
#include <string.h>

#include "emu/cpu.h"
#include "emu/guest_mem.h"
#include "emu/ia64/regs.h"

enum { NR_EXIT_GROUP = 1236, NR_SCHED_YIELD = 1164 };

/* Assembled with ia64-linux-gnu-as -xexplicit:
 *   0x00 { .mii alloc r36=ar.pfs,5,5,0 ; mov r32=r4 ; mov r33=r5 ;; }   five locals
 *   0x10 { .mib nop.m 0 ; nop.i 0 ; br.call.sptk.many b0=0x40 ;; }    they become dirty
 *   0x20 { .mii mov r8=r32 ; mov r9=r33 ; mov r15=1236 ;; }          back: the locals
 *   0x30 { .mii break.m 0x100000 ; nop.i 0 ; nop.i 0 ;; }              exit_group
 *   0x40 { .mii nop.m 0 ; mov r15=1164 ; nop.i 0 ;; }                  callee
 *   0x50 { .mii break.m 0x100000 ; nop.i 0 ; nop.i 0 ;; }              sched_yield: switch
 *   0x60 { .mii flushrs ; nop.i 0 ; nop.i 0 ;; }                       the locals to memory
 *   0x70 { .mib mov.m r17=ar.bsp ; nop.i 0 ; br.ret.sptk.many b0 ;; } */
static const uint8_t program[] = {
	0x01, 0x20, 0x15, 0x0a, 0x80, 0x05, 0x00, 0x02, 0x10, 0x00, 0x42, 0x20,
	0x04, 0x28, 0x00, 0x84, 0x11, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00,
	0x00, 0x02, 0x00, 0x00, 0x38, 0x00, 0x00, 0x50, 0x01, 0x40, 0x00, 0x40,
	0x00, 0x21, 0x90, 0x00, 0x84, 0x00, 0x42, 0xe0, 0x41, 0x05, 0x24, 0x90,
	0x01, 0x00, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00,
	0x00, 0x00, 0x04, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0xf0, 0x60,
	0x00, 0x12, 0x48, 0x00, 0x00, 0x00, 0x04, 0x00, 0x01, 0x00, 0x00, 0x00,
	0x00, 0x02, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x04, 0x00,
	0x01, 0x00, 0x00, 0x00, 0x0c, 0x00, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00,
	0x00, 0x00, 0x04, 0x00, 0x11, 0x88, 0x00, 0x22, 0x22, 0x04, 0x00, 0x00,
	0x00, 0x02, 0x00, 0x80, 0x08, 0x00, 0x84, 0x00,
};

static const uint64_t CODE = 0x4000000000000000ULL;
static const uint64_t RBS_A = 0x9fffffff7f600000ULL, RBS_B = 0x9fffffff7f700000ULL;
enum { RBS_SIZE = 1 << 16 };

struct world {
	struct guest_mem gm;
	struct cpu *cpu;
	bool exited;
};

static void on_syscall(void *ctx)
{
	struct world *w = ctx;
	uint64_t nr = cpu_reg(w->cpu, IA64_GR(15));
	cr_assert(nr == NR_EXIT_GROUP || nr == NR_SCHED_YIELD, "system call %llu",
		  (unsigned long long)nr);
	w->exited = nr == NR_EXIT_GROUP;
	cpu_set_reg(w->cpu, IA64_GR(10), 0);
	cpu_request_stop(w->cpu);
}

static void world_init(struct world *w)
{
	memset(w, 0, sizeof *w);
	gm_init(&w->gm, 4096, ~0ULL, false, 8);
	cr_assert_eq(gm_map(&w->gm, CODE, 4096, GM_PROT_READ | GM_PROT_EXEC), 0);
	cr_assert_eq(gm_poke(&w->gm, CODE, program, sizeof program), 0);
	cr_assert_eq(gm_map(&w->gm, RBS_A, RBS_SIZE, GM_PROT_READ | GM_PROT_WRITE), 0);
	cr_assert_eq(gm_map(&w->gm, RBS_B, RBS_SIZE, GM_PROT_READ | GM_PROT_WRITE), 0);
	struct cpu_config cfg = { .arch = CPU_ARCH_IA64, .mem = &w->gm,
				  .events = { .ctx = w, .syscall = on_syscall } };
	char err[128];
	w->cpu = cpu_create(&cfg, err, sizeof err);
	cr_assert_not_null(w->cpu, "%s", err);
}

static void world_fini(struct world *w)
{
	cpu_destroy(w->cpu);
	gm_destroy(&w->gm);
}

/* A thread starts the program with an empty frame on its own backing store. */
static void thread_start(struct world *w, uint64_t rbs, uint64_t r4, uint64_t r5)
{
	cpu_set_reg(w->cpu, IA64_CFM, 0);
	cpu_set_reg(w->cpu, IA64_AR(IA64_AR_BSP), rbs);
	cpu_set_reg(w->cpu, IA64_GR(4), r4);
	cpu_set_reg(w->cpu, IA64_GR(5), r5);
	cpu_set_pc(w->cpu, CODE);
}

static void run_to_call(struct world *w)
{
	struct cpu_fault fault;
	cr_assert_eq(cpu_run(w->cpu, &fault), CPU_STOP_REQUESTED, "%s", fault.detail);
}

static uint64_t word(struct world *w, uint64_t addr)
{
	uint64_t v = 0;
	cr_assert_eq(gm_get(&w->gm, addr, 8, &v), 0);
	return v;
}

Test(ia64_context, threads_keep_their_own_dirty_registers_and_backing_store)
{
	struct world w;
	world_init(&w);
	struct cpu_context *a = cpu_context_new(w.cpu), *b = cpu_context_new(w.cpu);
	cr_assert(a && b);

	thread_start(&w, RBS_A, 0x111, 0x222);
	run_to_call(&w);		/* A yields inside the callee: its locals are dirty */
	cr_assert(!w.exited);
	cr_expect_eq(cpu_reg(w.cpu, IA64_AR(IA64_AR_BSP)), RBS_A + 5 * 8);
	cr_assert_eq(cpu_context_save(w.cpu, a), 0);

	thread_start(&w, RBS_B, 0x333, 0x444);
	run_to_call(&w);
	cr_expect_eq(cpu_reg(w.cpu, IA64_AR(IA64_AR_BSP)), RBS_B + 5 * 8);
	cr_assert_eq(cpu_context_save(w.cpu, b), 0);

	cr_assert_eq(cpu_context_restore(w.cpu, a), 0);
	cr_expect_eq(cpu_pc(w.cpu), CODE + 0x51, "A resumes after its break");
	cr_expect_eq(cpu_reg(w.cpu, IA64_GR(4)), 0x111);
	run_to_call(&w);
	cr_assert(w.exited);
	cr_expect_eq(cpu_reg(w.cpu, IA64_GR(8)), 0x111, "A's r32 came back from its frame");
	cr_expect_eq(cpu_reg(w.cpu, IA64_GR(9)), 0x222);
	cr_expect_eq(cpu_reg(w.cpu, IA64_GR(17)), RBS_A + 5 * 8, "A's ar.bsp after flushrs");
	cr_expect_eq(word(&w, RBS_A), 0x111, "flushrs wrote A's locals to A's store");
	cr_expect_eq(word(&w, RBS_A + 8), 0x222);
	cr_expect_eq(word(&w, RBS_B), 0, "B's store is B's alone");

	cr_assert_eq(cpu_context_restore(w.cpu, b), 0);
	w.exited = false;
	run_to_call(&w);
	cr_assert(w.exited);
	cr_expect_eq(cpu_reg(w.cpu, IA64_GR(8)), 0x333);
	cr_expect_eq(cpu_reg(w.cpu, IA64_GR(9)), 0x444);
	cr_expect_eq(cpu_reg(w.cpu, IA64_GR(17)), RBS_B + 5 * 8);
	cr_expect_eq(word(&w, RBS_B), 0x333);
	cr_expect_eq(word(&w, RBS_B + 8), 0x444);
	cr_expect_eq(word(&w, RBS_A), 0x111);
	cr_expect_eq(cpu_retired(w.cpu), 2 * (3 + 3 + 3 + 3 + 3 + 3 + 3 + 1),
		     "one clock for both threads");

	cpu_context_free(w.cpu, a);
	cpu_context_free(w.cpu, b);
	world_fini(&w);
}

Test(ia64_context, a_slice_ends_at_its_exact_instruction)
{
	struct world w;
	world_init(&w);
	thread_start(&w, RBS_A, 1, 2);
	cpu_set_quantum(w.cpu, 4);
	run_to_call(&w);
	cr_expect(cpu_quantum_expired(w.cpu));
	cr_expect_eq(cpu_retired(w.cpu), 4);
	cr_expect_eq(cpu_pc(w.cpu), CODE + 0x11, "stopped before the bundle's second slot");
	cpu_set_quantum(w.cpu, 0);
	cr_expect(!cpu_quantum_expired(w.cpu));
	run_to_call(&w);
	cr_expect(!cpu_quantum_expired(w.cpu), "stopped by the yield, not a slice");
	cr_expect_eq(cpu_retired(w.cpu), 3 + 3 + 3 + 1);
	world_fini(&w);
}
