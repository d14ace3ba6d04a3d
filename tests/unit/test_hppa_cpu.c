/* The hppa interpreter on hand-written PA-RISC snippets: carry and borrow, conditions with
 * nullification, delay slots and ,n rules, shifts and deposits with SAR, loads and stores in
 * their modify and index forms, STBY, LDCW, FP conversions under each rounding mode, faults,
 * the gateway page, ticks at exact counts where nullified instructions do not count, and the
 * thread scheduler's time slices and saved contexts.
 *
 * Each snippet is assembled by hppa-linux-gnu-as when the test runs (skipped with a message
 * without it) and loaded at CODE; it ends with `break 0,0`, whose trap stops the CPU. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "emu/cpu.h"
#include "emu/hppa/regs.h"
#include "hppa_asm.h"

#define CODE 0x10000u
#define DATA 0x20000u

struct rig {
	struct guest_mem gm;
	struct cpu *cpu;
	struct cpu_fault fault;
	enum cpu_stop stop;
	int syscalls;
	uint32_t sys_r20, sys_pc;
	uint64_t tick_pcs[64], tick_retired[64];
	int ticks;
	uint64_t interval;
	int stop_at_tick;		/* request_stop_at_tick at this tick (1-based), 0: never */
	uint64_t charge;		/* instructions each system call charges */
	uint64_t quantum;		/* cpu_set_quantum before the run, 0: none */
	uint64_t calls[8][5];		/* site, return, target, retired and pc at the event */
	uint64_t rets[8][3];		/* target, retired and pc at the event */
	int ncalls, nrets;
};

static void on_syscall(void *ctx)
{
	struct rig *r = ctx;
	r->syscalls++;
	r->sys_r20 = (uint32_t)cpu_reg(r->cpu, HPPA_REG_R20);
	r->sys_pc = (uint32_t)cpu_pc(r->cpu);
	cpu_set_reg(r->cpu, HPPA_REG_RET0, 1234);
	if (r->charge)
		cpu_charge(r->cpu, r->charge, 0x100);
}

static uint64_t on_tick(void *ctx, uint64_t pc, uint64_t retired)
{
	struct rig *r = ctx;
	if (r->ticks < 64) {
		r->tick_pcs[r->ticks] = pc;
		r->tick_retired[r->ticks] = retired;
	}
	r->ticks++;
	if (r->ticks == r->stop_at_tick)
		cpu_request_stop_at_tick(r->cpu);
	return r->interval;
}

static void on_call(void *ctx, uint64_t site, uint64_t ret, uint64_t target, uint64_t retired)
{
	struct rig *r = ctx;
	cr_assert_eq(retired, cpu_retired(r->cpu));
	if (r->ncalls < 8) {
		uint64_t *c = r->calls[r->ncalls];
		c[0] = site, c[1] = ret, c[2] = target;
		c[3] = cpu_retired(r->cpu), c[4] = cpu_pc(r->cpu);
	}
	r->ncalls++;
}

static void on_ret(void *ctx, uint64_t target, uint64_t retired)
{
	struct rig *r = ctx;
	cr_assert_eq(retired, cpu_retired(r->cpu));
	if (r->nrets < 8) {
		r->rets[r->nrets][0] = target;
		r->rets[r->nrets][1] = cpu_retired(r->cpu);
		r->rets[r->nrets][2] = cpu_pc(r->cpu);
	}
	r->nrets++;
}

/* Runs the snippet until its final break (or another stop); `setup` (if any) fills the
 * rig's knobs after it is cleared. */
static void run_snippet_with(struct rig *r, const char *src, uint64_t first_tick,
			     uint64_t interval, void (*setup)(struct rig *))
{
	char err[256];
	size_t len;
	if (!have_as())
		cr_skip_test("hppa-linux-gnu-as not found: install binutils-hppa-linux-gnu");
	uint8_t *code = assemble(src, &len);
	memset(r, 0, sizeof *r);
	if (setup)
		setup(r);
	gm_init(&r->gm, 4096, 1ull << 32, true, 4);
	cr_assert_eq(gm_map(&r->gm, CODE, 0x10000, GM_PROT_READ | GM_PROT_EXEC), 0);
	cr_assert_eq(gm_map(&r->gm, DATA, 0x2000, GM_PROT_READ | GM_PROT_WRITE), 0);
	cr_assert_eq(gm_poke(&r->gm, CODE, code, len), 0);
	free(code);
	r->interval = interval;
	struct cpu_config cfg = {
		.arch = CPU_ARCH_HPPA,
		.mem = &r->gm,
		.events = {.ctx = r, .syscall = on_syscall, .tick = on_tick, .call = on_call,
			   .ret = on_ret},
		.first_tick = first_tick,
	};
	r->cpu = cpu_create(&cfg, err, sizeof err);
	cr_assert(r->cpu, "%s", err);
	cpu_set_pc(r->cpu, CODE);
	if (r->quantum)
		cpu_set_quantum(r->cpu, r->quantum);
	r->stop = cpu_run(r->cpu, &r->fault);
}

static void run_snippet(struct rig *r, const char *src, uint64_t first_tick, uint64_t interval)
{
	run_snippet_with(r, src, first_tick, interval, NULL);
}

static void done(struct rig *r)
{
	cpu_destroy(r->cpu);
	gm_destroy(&r->gm);
}

static uint32_t R(struct rig *r, int n)
{
	return (uint32_t)cpu_reg(r->cpu, n);
}

/* Ends at the final `break 0,0` of a snippet of `ninsns` words. */
static void expect_break(struct rig *r, uint32_t ninsns)
{
	expect_break_at(r->stop, &r->fault, CODE, ninsns);
}

/* A counted loop, a nullified ldi, then a call whose delay slot runs; 7 words. */
static const char loop_then_call[] =
	"	ldi 5,%r3\n"
	"1:	addib,<> -1,%r3,1b\n"
	"	nop\n"
	"	cmpclr,= %r3,%r0,%r0\n"	/* r3 == 0: nullifies the next */
	"	ldi 7,%r4\n"
	"	b,l 2f,%r2\n"
	"	ldo 1(%r4),%r4\n"		/* delay slot runs */
	"2:";

/* Straight-line code whose third word is nullified; 7 words, 6 retire. */
static const char one_nullified[] =
	"	ldi 1,%r3\n"
	"	cmpclr,tr %r0,%r0,%r0\n"
	"	ldi 2,%r3\n"
	"	ldi 3,%r4\n"
	"	ldi 4,%r5\n"
	"	ldi 5,%r6\n"
	"	ldi 6,%r7\n";

Test(hppa_cpu, loop_nullify_delay_slot)
{
	struct rig r;
	run_snippet(&r,
		    loop_then_call, 0, 0);
	expect_break(&r, 7);
	cr_assert_eq(R(&r, 3), 0);
	cr_assert_eq(R(&r, 4), 1);
	cr_assert_eq(R(&r, 2), (CODE + 0x1c) | 3, "link keeps the privilege bits: %#x", R(&r, 2));
	/* ldi, 5 x (addib, nop), cmpclr, b,l, ldo: the nullified ldi does not retire */
	cr_assert_eq(cpu_retired(r.cpu), 14);
	done(&r);
}

Test(hppa_cpu, carry_and_borrow)
{
	struct rig r;
	run_snippet(&r,
		    "	ldi -1,%r3\n"
		    "	ldi 1,%r4\n"
		    "	add %r3,%r4,%r5\n"	/* 0, carry out */
		    "	add,c %r0,%r0,%r6\n"	/* 1 */
		    "	sub %r0,%r4,%r7\n"	/* -1, borrow (carry 0) */
		    "	sub,b %r0,%r0,%r8\n"	/* 0 - 0 - borrow = -1 */
		    "	sub %r4,%r0,%r9\n"	/* 1, no borrow */
		    "	sub,b %r0,%r0,%r10\n"	/* 0 */
		    "	add,l %r3,%r4,%r11\n"	/* add,l leaves the carry of the last sub */
		    "	add,c %r0,%r0,%r12\n", 0, 0);
	expect_break(&r, 10);
	cr_assert_eq(R(&r, 5), 0);
	cr_assert_eq(R(&r, 6), 1);
	cr_assert_eq(R(&r, 7), 0xffffffffu);
	cr_assert_eq(R(&r, 8), 0xffffffffu);
	cr_assert_eq(R(&r, 10), 0);
	cr_assert_eq(R(&r, 11), 0);
	cr_assert_eq(R(&r, 12), 1);
	done(&r);
}

Test(hppa_cpu, conditions_and_nullification)
{
	struct rig r;
	run_snippet(&r,
		    "	ldi -5,%r3\n"
		    "	ldi 3,%r4\n"
		    "	cmpclr,< %r3,%r4,%r0\n"	/* -5 < 3 signed: nullify */
		    "	ldi 1,%r5\n"
		    "	cmpclr,<< %r3,%r4,%r0\n"	/* unsigned 0xfffffffb < 3: false */
		    "	ldi 1,%r6\n"
		    "	add,nuv %r3,%r4,%r7\n"	/* no unsigned overflow: nullify */
		    "	ldi 1,%r8\n"
		    "	or,= %r0,%r0,%r0\n"	/* always zero: nullify */
		    "	ldi 1,%r9\n"
		    "	and,<> %r3,%r4,%r10\n"	/* -5 & 3 = 3: nullify */
		    "	ldi 1,%r11\n"
		    "	extrw,u,= %r4,31,1,%r0\n"	/* low bit 1: not zero, no nullify */
		    "	ldi 1,%r12\n"
		    "	cmpiclr,> 4,%r4,%r0\n"	/* 4 > 3: nullify */
		    "	ldi 1,%r13\n"
		    "	subi,tr 10,%r4,%r14\n"	/* 7, always nullify */
		    "	ldi 1,%r15\n"
		    "	uxor,sbz %r4,%r4,%r0\n"	/* a zero byte: nullify */
		    "	ldi 1,%r16\n", 0, 0);
	expect_break(&r, 20);
	cr_assert_eq(R(&r, 5), 0);
	cr_assert_eq(R(&r, 6), 1);
	cr_assert_eq(R(&r, 7), (uint32_t)-2);
	cr_assert_eq(R(&r, 8), 0);
	cr_assert_eq(R(&r, 9), 0);
	cr_assert_eq(R(&r, 10), 3);
	cr_assert_eq(R(&r, 11), 0);
	cr_assert_eq(R(&r, 12), 1);
	cr_assert_eq(R(&r, 13), 0);
	cr_assert_eq(R(&r, 14), 7);
	cr_assert_eq(R(&r, 15), 0);
	cr_assert_eq(R(&r, 16), 0);
	cr_assert_eq(cpu_retired(r.cpu), 20 - 7);
	done(&r);
}

Test(hppa_cpu, conditional_branch_nullify_rules)
{
	struct rig r;
	run_snippet(&r,
		    "	ldi 0,%r3\n"
		    "	cmpib,=,n 0,%r3,1f\n"	/* taken forward: delay slot nullified */
		    "	ldi 1,%r4\n"
		    "	ldi 1,%r5\n"		/* skipped by the branch */
		    "1:	ldi 2,%r6\n"
		    "2:	cmpib,<>,n 0,%r3,2b\n"	/* not taken backward: delay slot nullified */
		    "	ldi 1,%r7\n"
		    "	cmpib,=,n 1,%r3,3f\n"	/* not taken forward: delay slot runs */
		    "	ldi 1,%r8\n"
		    "3:	movb,= %r3,%r9,4f\n"	/* r9 = 0, taken, delay slot runs */
		    "	ldi 1,%r10\n"
		    "	ldi 1,%r11\n"
		    "4:	ldi 12,%r12\n"
		    "	bb,< %r12,28,5f\n"		/* bit 28 (value 8) set: taken */
		    "	nop\n"
		    "	ldi 1,%r13\n"
		    "5:	addb,tr %r12,%r12,6f\n"	/* r12 = 24, always */
		    "	ldi 1,%r14\n"
		    "	ldi 1,%r15\n"
		    "6:", 0, 0);
	expect_break(&r, 19);
	cr_assert_eq(R(&r, 4), 0);
	cr_assert_eq(R(&r, 5), 0);
	cr_assert_eq(R(&r, 6), 2);
	cr_assert_eq(R(&r, 7), 0);
	cr_assert_eq(R(&r, 8), 1);
	cr_assert_eq(R(&r, 10), 1);
	cr_assert_eq(R(&r, 11), 0);
	cr_assert_eq(R(&r, 13), 0);
	cr_assert_eq(R(&r, 12), 24);
	cr_assert_eq(R(&r, 14), 1);
	cr_assert_eq(R(&r, 15), 0);
	done(&r);
}

Test(hppa_cpu, branches_blr_bv_be)
{
	struct rig r;
	run_snippet(&r,
		    "	ldi 1,%r3\n"
		    "	blr %r3,%r0\n"		/* to .+8+8 */
		    "	nop\n"
		    "	ldi 1,%r4\n"		/* entry 0: skipped */
		    "	nop\n"
		    "	b,l 1f,%r2\n"		/* entry 1 */
		    "	nop\n"
		    "	b,n 2f\n"
		    "1:	bv %r0(%r2)\n"		/* return */
		    "	ldi 5,%r5\n"
		    "2:	ldil L%0x10000,%r6\n"
		    "	be,n 0x34(%sr4,%r6)\n"	/* to 3: below, delay slot nullified */
		    "	ldi 1,%r7\n"
		    "3:	ldi 3,%r8\n", 0, 0);
	expect_break(&r, 14);
	cr_assert_eq(R(&r, 4), 0);
	cr_assert_eq(R(&r, 5), 5);
	cr_assert_eq(R(&r, 7), 0);
	cr_assert_eq(R(&r, 8), 3);
	done(&r);
}

Test(hppa_cpu, shift_extract_deposit)
{
	struct rig r;
	run_snippet(&r,
		    "	ldil L%0x12345000,%r3\n"
		    "	ldo 0x678(%r3),%r3\n"
		    "	extrw,u %r3,23,8,%r4\n"
		    "	extrw,s %r3,31,4,%r5\n"
		    "	depwi,z -1,31,4,%r6\n"
		    "	copy %r3,%r7\n"
		    "	depw %r0,27,4,%r7\n"
		    "	shrpw %r3,%r0,8,%r8\n"
		    "	ldi 8,%r9\n"
		    "	mtsar %r9\n"
		    "	shrpw %r3,%r3,%sar,%r10\n"
		    "	ldi 23,%r9\n"
		    "	mtsar %r9\n"
		    "	extrw,u %r3,%sar,8,%r11\n"
		    "	depw,z %r3,%sar,8,%r12\n"
		    "	mfctl %sar,%r13\n"
		    "	extrw,s %r3,3,8,%r14\n"	/* len clipped to the 4 bits left of bit 3 */
		    "	zdep %r3,0,1,%r15\n", 0, 0);
	expect_break(&r, 18);
	cr_assert_eq(R(&r, 3), 0x12345678u);
	cr_assert_eq(R(&r, 4), 0x56);
	cr_assert_eq(R(&r, 5), 0xfffffff8u);
	cr_assert_eq(R(&r, 6), 0xf);
	cr_assert_eq(R(&r, 7), 0x12345608u);
	cr_assert_eq(R(&r, 8), 0x78000000u);
	cr_assert_eq(R(&r, 10), 0x78123456u);
	cr_assert_eq(R(&r, 11), 0x56);
	cr_assert_eq(R(&r, 12), 0x7800);
	cr_assert_eq(R(&r, 13), 23);
	cr_assert_eq(R(&r, 14), 1);
	cr_assert_eq(R(&r, 15), 0);
	done(&r);
}

Test(hppa_cpu, loads_stores_modify_forms)
{
	struct rig r;
	run_snippet(&r,
		    "	ldil L%0x20000,%r3\n"
		    "	ldi 0x55,%r4\n"
		    "	ldi 0x66,%r5\n"
		    "	stw,ma %r4,4(%r3)\n"	/* [0x20000] = 0x55, r3 += 4 */
		    "	stw %r5,0(%r3)\n"	/* [0x20004] = 0x66 */
		    "	ldw,mb -4(%r3),%r6\n"	/* r3 -= 4, load 0x55 */
		    "	ldb 3(%r3),%r7\n"
		    "	ldh 2(%r3),%r8\n"
		    "	ldi 1,%r9\n"
		    "	ldw,s %r9(%r3),%r10\n"	/* [r3 + 4] */
		    "	copy %r3,%r11\n"
		    "	ldi 4,%r12\n"
		    "	ldw,m %r12(%r11),%r13\n"	/* post-modify: [r11], then r11 += 4 */
		    "	ldcw 0(%r3),%r14\n"	/* 0x55, memory cleared */
		    "	ldw 0(%r3),%r15\n"
		    "	ldil L%0xaabbc000,%r16\n"
		    "	ldo 0xcdd(%r16),%r16\n"
		    "	stby,b %r16,9(%r3)\n"	/* bytes 9..11 = bb cc dd */
		    "	stby,e %r16,14(%r3)\n"	/* bytes 12..13 = aa bb */
		    "	ldw 8(%r3),%r17\n"
		    "	ldw 12(%r3),%r18\n"
		    "	ldb,mb 1(%r3),%r19\n"	/* r3 += 1 */
		    "	sth,ma %r4,2(%r11)\n", 0, 0);
	expect_break(&r, 23);
	cr_assert_eq(R(&r, 6), 0x55);
	cr_assert_eq(R(&r, 7), 0x55);
	cr_assert_eq(R(&r, 8), 0x55);
	cr_assert_eq(R(&r, 10), 0x66);
	cr_assert_eq(R(&r, 13), 0x55);
	cr_assert_eq(R(&r, 11), DATA + 6);
	cr_assert_eq(R(&r, 14), 0x55);
	cr_assert_eq(R(&r, 15), 0);
	cr_assert_eq(R(&r, 17), 0x00bbccddu);
	cr_assert_eq(R(&r, 18), 0xaabb0000u);
	cr_assert_eq(R(&r, 3), DATA + 1);
	cr_assert_eq(R(&r, 19), 0);
	done(&r);
}

Test(hppa_cpu, faults)
{
	struct rig r;
	run_snippet(&r, "	ldil L%0x20000,%r3\n	ldw 2(%r3),%r4\n", 0, 0);
	cr_assert_eq(r.stop, CPU_STOP_FAULT);
	cr_assert_eq(r.fault.kind, CPU_FAULT_BUS);
	cr_assert_eq(r.fault.addr, DATA + 2);
	cr_assert_eq(r.fault.pc, CODE + 4);
	cr_assert_eq(cpu_retired(r.cpu), 1);
	done(&r);

	run_snippet(&r, "	ldil L%0x40000,%r3\n	stw %r3,0(%r3)\n", 0, 0);
	cr_assert_eq(r.fault.kind, CPU_FAULT_SEGV_MAPERR);
	cr_assert_eq(r.fault.addr, 0x40000);
	done(&r);

	run_snippet(&r, "	ldil L%0x10000,%r3\n	stw %r3,0(%r3)\n", 0, 0);
	cr_assert_eq(r.fault.kind, CPU_FAULT_SEGV_ACCERR);
	done(&r);

	run_snippet(&r, "	nop\n	iitlbp %r0,(%sr0,%r0)\n", 0, 0);
	cr_assert_eq(r.fault.kind, CPU_FAULT_ILL);
	cr_assert_eq(r.fault.pc, CODE + 4);
	done(&r);

	run_snippet(&r, "	.word 0xfc000000\n", 0, 0);
	cr_assert_eq(r.fault.kind, CPU_FAULT_ILL);
	done(&r);

	run_snippet(&r, "	ldil L%0x7ffff800,%r3\n	addio 0x3ff,%r3,%r3\n	addio 0x3ff,%r3,%r3\n"
			"	addio 0x3ff,%r3,%r3\n", 0, 0);
	cr_assert_eq(r.fault.kind, CPU_FAULT_FPE);
	cr_assert_eq(r.fault.pc, CODE + 12);
	cr_assert_eq(R(&r, 3), 0x7ffffffeu, "the trapping add writes nothing: %#x", R(&r, 3));
	done(&r);

	run_snippet(&r, "	ldi 3,%r3\n	addi,tc,= -3,%r3,%r4\n", 0, 0);
	cr_assert_eq(r.fault.kind, CPU_FAULT_FPE);
	cr_assert_eq(r.fault.trap, HPPA_INT_CONDITIONAL);
	done(&r);
}

/* The interruption each fault carries: parisc's si_code depends on it (overflow FPE_INTOVF,
 * conditional trap FPE_CONDTRAP, ...). */
Test(hppa_cpu, faults_name_their_interruption)
{
	static const struct { const char *src; enum cpu_fault_kind kind; unsigned trap; } cases[] = {
		{ "	ldil L%0x40000,%r3\n	ldw 0(%r3),%r4\n", CPU_FAULT_SEGV_MAPERR, HPPA_INT_DTLB_MISS },
		{ "	ldil L%0x10000,%r3\n	stw %r3,0(%r3)\n", CPU_FAULT_SEGV_ACCERR,
		  HPPA_INT_DATA_ACCESS_RIGHTS },
		{ "	ldil L%0x20000,%r3\n	ldw 2(%r3),%r4\n", CPU_FAULT_BUS, HPPA_INT_UNALIGNED },
		{ "	iitlbp %r0,(%sr0,%r0)\n", CPU_FAULT_ILL, HPPA_INT_PRIV_OP },
		{ "	.word 0xfc000000\n", CPU_FAULT_ILL, HPPA_INT_ILLEGAL },
		{ "	ldil L%0x7ffff800,%r3\n	addio 0x3ff,%r3,%r3\n	addio 0x3ff,%r3,%r3\n"
		  "	addio 0x3ff,%r3,%r3\n",
		  CPU_FAULT_FPE, HPPA_INT_OVERFLOW },
		{ "	ldi 3,%r3\n	addi,tc,= -3,%r3,%r4\n", CPU_FAULT_FPE, HPPA_INT_CONDITIONAL },
		{ "	nop\n", CPU_FAULT_TRAP, HPPA_INT_BREAK },
	};
	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct rig r;
		run_snippet(&r, cases[i].src, 0, 0);
		cr_assert_eq(r.stop, CPU_STOP_FAULT, "%s", cases[i].src);
		cr_assert_eq(r.fault.kind, cases[i].kind, "%s: kind %d", cases[i].src, r.fault.kind);
		cr_assert_eq(r.fault.trap, cases[i].trap, "%s: interruption %u", cases[i].src,
			     r.fault.trap);
		done(&r);
	}
}

/* GATE from a user page: the branch of BL, but t keeps its upper 30 bits and only gets the
 * privilege level (3) in its low two, as PA 1.1 defines it and qemu-hppa does (measured: r1
 * 0x983c8 became 0x983cb under qemu-hppa 7.2 where BL would have linked). */
Test(hppa_cpu, gate_writes_only_the_privilege_bits)
{
	struct rig r;
	run_snippet(&r, "	ldil L%0x12345000,%r1\n	ldo 0x678(%r1),%r1\n	gate 1f,%r1\n"
			"	nop\n	ldi 7,%r5\n1:	ldi 9,%r6\n", 0, 0);
	expect_break(&r, 6);
	cr_assert_eq(cpu_retired(r.cpu), 5);	/* ldil, ldo, gate, its delay slot, ldi 9 */
	cr_assert_eq(R(&r, 1), 0x1234567bu, "r1 %#x", R(&r, 1));
	cr_assert_eq(R(&r, 5), 0);
	cr_assert_eq(R(&r, 6), 9);
	done(&r);
}

/* LDCW checks word alignment only, as qemu-hppa does: gcc's memory barrier (in glibc's
 * start-up) clears a word 8-byte aligned on the stack; PA 1.1's 16-byte rule would stop
 * every program. A word not 4-byte aligned is still an unaligned reference. */
Test(hppa_cpu, ldcw_alignment)
{
	struct rig r;
	run_snippet(&r, "	ldil L%0x20000,%r3\n	ldi 9,%r4\n	stw %r4,8(%r3)\n"
			"	ldcw 8(%r3),%r5\n	ldw 8(%r3),%r6\n", 0, 0);
	expect_break(&r, 5);
	cr_assert_eq(R(&r, 5), 9);
	cr_assert_eq(R(&r, 6), 0);
	done(&r);

	run_snippet(&r, "	ldil L%0x20000,%r3\n	ldcw 6(%r3),%r5\n", 0, 0);
	cr_assert_eq(r.stop, CPU_STOP_FAULT);
	cr_assert_eq(r.fault.kind, CPU_FAULT_BUS);
	cr_assert_eq(r.fault.addr, DATA + 6);
	done(&r);
}

Test(hppa_cpu, gateway_syscall)
{
	struct rig r;
	run_snippet(&r,
		    "	ble 0x100(%sr2,%r0)\n"
		    "	ldi 4,%r20\n"		/* the number, set in the delay slot */
		    "	copy %ret0,%r3\n"
		    "	ble 0xe0(%sr2,%r0)\n"	/* set the thread pointer from r26 */
		    "	ldi 0x123,%r26\n"
		    "	mfctl %cr27,%r4\n", 0, 0);
	expect_break(&r, 6);
	cr_assert_eq(r.syscalls, 1);
	cr_assert_eq(r.sys_r20, 4);
	cr_assert_eq(r.sys_pc, CODE + 8, "syscall returns to r31: %#x", r.sys_pc);
	cr_assert_eq(R(&r, 3), 1234);
	cr_assert_eq(R(&r, 4), 0x123);
	cr_assert_eq(cpu_thread_pointer(r.cpu), 0x123);
	done(&r);
}

Test(hppa_cpu, ticks_skip_nullified)
{
	struct rig r;
	/* dynamic stream: 0 ldi, 4 cmpclr,tr (nullifies 8), c ldi, 10 ldi, 14 ldi, 18 ldi */
	run_snippet(&r,
		    one_nullified, 2, 2);
	expect_break(&r, 7);
	cr_assert_eq(cpu_retired(r.cpu), 6);
	cr_assert_eq(r.ticks, 3);
	/* after 2 retired the next to execute is 0xc (8 is nullified), after 4: 0x14 */
	cr_assert_eq(r.tick_pcs[0], CODE + 0xc, "%#llx", (unsigned long long)r.tick_pcs[0]);
	cr_assert_eq(r.tick_retired[0], 2);
	cr_assert_eq(r.tick_pcs[1], CODE + 0x14);
	cr_assert_eq(r.tick_pcs[2], CODE + 0x1c);	/* the break */
	done(&r);
}

Test(hppa_cpu, floating_point)
{
	struct rig r;
	/* short FP displacements reach -16..15: r21 and r22 address DATA+16 and DATA+32 */
	run_snippet(&r,
		    "	ldil L%0x20000,%r3\n"
		    "	ldo 16(%r3),%r21\n"
		    "	ldo 32(%r3),%r22\n"
		    "	ldil L%0x40040000,%r4\n"	/* 2.5 as a double's high word */
		    "	stw %r4,0(%r3)\n"
		    "	stw %r0,4(%r3)\n"
		    "	fldd 0(%r3),%fr4\n"
		    "	fcnvfx,dbl,sgl %fr4,%fr5\n"	/* nearest even: 2 */
		    "	fcnvfxt,dbl,sgl %fr4,%fr6\n"	/* truncated: 2 */
		    "	ldi 0x400,%r5\n"			/* RM = 2: toward +inf */
		    "	stw %r5,8(%r3)\n"
		    "	fldw 8(%r3),%fr0\n"
		    "	fcnvfx,dbl,sgl %fr4,%fr7\n"	/* 3 */
		    "	fstws %fr5,0(%r21)\n"
		    "	fstws %fr6,4(%r21)\n"
		    "	fstws %fr7,8(%r21)\n"
		    "	ldw 16(%r3),%r6\n"
		    "	ldw 20(%r3),%r7\n"
		    "	ldw 24(%r3),%r8\n"
		    "	fstws %fr0,8(%r3)\n"
		    "	ldw 8(%r3),%r9\n"
		    "	ldi 7,%r10\n"
		    "	stw %r10,12(%r21)\n"
		    "	fldws 12(%r21),%fr8R\n"
		    "	fldws 12(%r21),%fr8\n"
		    "	fcnvxf,sgl,dbl %fr8,%fr9\n"	/* 7.0 */
		    "	fcmp,dbl,> %fr4,%fr9\n"	/* 2.5 > 7.0: false, C clear */
		    "	ftest\n"
		    "	ldi 1,%r11\n"			/* runs: not nullified */
		    "	fcmp,dbl,< %fr4,%fr9\n"	/* true, C set */
		    "	ftest\n"
		    "	ldi 1,%r14\n"			/* nullified */
		    "	xmpyu %fr8R,%fr8,%fr10\n"
		    "	fstds %fr10,0(%r22)\n"
		    "	ldw 36(%r3),%r12\n"
		    "	fadd,dbl %fr4,%fr4,%fr11\n"
		    "	fstds %fr11,8(%r22)\n"
		    "	ldw 40(%r3),%r13\n", 0, 0);
	expect_break(&r, 38);
	cr_assert_eq(R(&r, 6), 2);
	cr_assert_eq(R(&r, 7), 2);
	cr_assert_eq(R(&r, 8), 3);
	cr_assert_eq(R(&r, 9), 0x400);
	cr_assert_eq(R(&r, 11), 1);
	cr_assert_eq(R(&r, 14), 0);
	cr_assert_eq(R(&r, 12), 49);
	cr_assert_eq(R(&r, 13), 0x40140000u);	/* 5.0 */
	done(&r);
}

Test(hppa_cpu, call_and_return_events_after_the_delay_slot)
{
	struct rig r;
	run_snippet(&r,
		    "	b,l 1f,%rp\n"		/* 0: call, delay slot at 4 */
		    "	ldi 1,%r3\n"
		    "	b,l,n 2f,%r31\n"	/* 8: millicode-style call, delay slot nullified */
		    "	nop\n"
		    "	b,n 3f\n"		/* 10 */
		    "	nop\n"
		    "1:	bv %r0(%rp)\n"		/* 18: return, delay slot at 1c */
		    "	ldi 2,%r4\n"
		    "2:	bv,n %r0(%r31)\n"	/* 20 */
		    "	nop\n"
		    "3:", 0, 0);
	expect_break(&r, 10);
	cr_assert_eq(r.ncalls, 2);
	cr_assert_eq(r.nrets, 2);
	/* reported at the target, the branch and its delay slot retired */
	cr_assert_eq(r.calls[0][0], CODE);
	cr_assert_eq(r.calls[0][1], CODE + 8);
	cr_assert_eq(r.calls[0][2], CODE + 0x18);
	cr_assert_eq(r.calls[0][3], 2);
	cr_assert_eq(r.calls[0][4], CODE + 0x18);
	cr_assert_eq(r.rets[0][0], CODE + 8);
	cr_assert_eq(r.rets[0][1], 4);
	cr_assert_eq(r.rets[0][2], CODE + 8);
	cr_assert_eq(r.calls[1][0], CODE + 8);
	cr_assert_eq(r.calls[1][2], CODE + 0x20);
	/* a call through r31 is reported with its callee's first branch (the bv,n at 0x20, whose
	 * event comes after it), and neither nullified slot counts */
	cr_assert_eq(r.calls[1][3], 6);
	cr_assert_eq(r.rets[1][0], CODE + 0x10);
	cr_assert_eq(R(&r, 3), 1);
	cr_assert_eq(R(&r, 4), 2);
	done(&r);
}

static void charge_and_stop(struct rig *r)
{
	r->charge = 10;
	r->stop_at_tick = 4;
}

Test(hppa_cpu, charge_raises_ticks_and_stop_at_tick)
{
	struct rig r;
	/* ticks every 4: after 4 retired (pc 0x10); the system call at retired 6 charges 10, which
	 * raises the ticks due at clock 8 and 12 with the charge's pc; the one due at 16, the end
	 * of the charge, belongs to the next real instruction (0x18, retired still 6), and it stops
	 * the CPU before that instruction */
	run_snippet_with(&r,
			 "	ldi 1,%r3\n	ldi 2,%r3\n	ldi 3,%r3\n	ldi 4,%r3\n"
			 "	ble 0x100(%sr2,%r0)\n"
			 "	ldi 1,%r20\n"
			 "	ldi 5,%r5\n	ldi 6,%r6\n",
			 4, 4, charge_and_stop);
	cr_assert_eq(r.stop, CPU_STOP_REQUESTED);
	cr_assert_eq(r.ticks, 4);
	cr_assert_eq(r.tick_pcs[0], CODE + 0x10);
	cr_assert_eq(r.tick_retired[0], 4);
	cr_assert_eq(r.tick_pcs[1], 0x100);
	cr_assert_eq(r.tick_pcs[2], 0x100);
	cr_assert_eq(r.tick_retired[2], 6);
	cr_assert_eq(r.tick_pcs[3], CODE + 0x18);
	cr_assert_eq(r.tick_retired[3], 6);
	cr_assert_eq(cpu_pc(r.cpu), CODE + 0x18);
	cr_assert_eq(cpu_retired(r.cpu), 6);
	cr_assert_eq(R(&r, 5), 0);
	done(&r);
}

/* An indirect call through a $$dyncall-like stub (called with r31 as link, jumping on by bv
 * through r22 with rp already the caller's) is a call of the function it reaches, from the
 * original site: gprof's arcs (mcount's caller and callee) name that function, not the stub. */
Test(hppa_cpu, dyncall_call_names_the_target)
{
	struct rig r;
	run_snippet(&r,
		    "	b,l stub,%r31\n"		/* CODE */
		    "	copy %r31,%r2\n"
		    "	b,l,n done,%r0\n"		/* CODE+8: where the callee returns */
		    "	nop\n"
		    "callee:	bv %r0(%r2)\n"		/* CODE+16 */
		    "	ldi 7,%r5\n"
		    "stub:	ldo 8(%r31),%r22\n"	/* CODE+24: r22 = callee (privilege bits set) */
		    "	bv %r0(%r22)\n"
		    "	nop\n"
		    "done:\n", 0, 0);
	expect_break(&r, 9);
	cr_assert_eq(R(&r, 5), 7);
	cr_assert_eq(r.ncalls, 1);
	cr_assert_eq(r.calls[0][0], CODE);
	cr_assert_eq(r.calls[0][1], CODE + 8);
	cr_assert_eq(r.calls[0][2], CODE + 16, "the call reached %#llx, not the callee",
		     (unsigned long long)r.calls[0][2]);
	cr_assert_eq(r.nrets, 1);
	cr_assert_eq(r.rets[0][0], CODE + 8);
	done(&r);
}

/* A program's long-branch stub, "ldil L%X,%r1; be R%X(%sr4,%r1)", which the linker puts
 * between a B,L and a function beyond its reach: the call is reported as one of the function
 * (its BE links nothing, so no later event would name it), from the original site. Called
 * twice: first into a page not decoded yet (read from memory), then from the decoded page. */
Test(hppa_cpu, ldil_be_stub_call_names_the_function)
{
	struct rig r;
	run_snippet(&r,
		    "	b,l stub,%rp\n"			/* CODE */
		    "	nop\n"
		    "	b,l stub,%rp\n"			/* CODE+8 */
		    "	nop\n"
		    "	b,l,n done,%r0\n"			/* CODE+16 */
		    "	nop\n"
		    "callee:	bv %r0(%rp)\n"			/* CODE+24 */
		    "	addi 1,%r5,%r5\n"
		    "	.org 0x1000\n"
		    "stub:	ldil L%0x10018,%r1\n"		/* CODE+0x1000, on the next page */
		    "	be R%0x10018(%sr4,%r1)\n"
		    "	nop\n"
		    "done:\n", 0, 0);
	expect_break(&r, 0x100c / 4);
	cr_assert_eq(R(&r, 5), 2);
	cr_assert_eq(r.ncalls, 2);
	for (int i = 0; i < 2; i++) {
		cr_assert_eq(r.calls[i][0], CODE + 8 * i);
		cr_assert_eq(r.calls[i][1], CODE + 8 * i + 8);
		cr_assert_eq(r.calls[i][2], CODE + 24, "call %d reached %#llx, not the function", i,
			     (unsigned long long)r.calls[i][2]);
	}
	cr_assert_eq(r.nrets, 2);
	done(&r);
}

static uint64_t slice_to_set;

static void set_slice(struct rig *r)
{
	r->quantum = slice_to_set;
}

/* Runs src with a time slice of n instructions, which must end it after n retired at pc. */
static void run_one_slice(struct rig *r, const char *src, uint64_t n, uint64_t pc)
{
	slice_to_set = n;
	run_snippet_with(r, src, 0, 0, set_slice);
	cr_assert_eq(r->stop, CPU_STOP_REQUESTED);
	cr_assert(cpu_quantum_expired(r->cpu));
	cr_assert_eq(cpu_retired(r->cpu), n);
	cr_assert_eq(cpu_pc(r->cpu), pc, "stopped at %#llx", (unsigned long long)cpu_pc(r->cpu));
	cpu_set_quantum(r->cpu, 0);
}

/* A time slice ends at its exact instruction, inside straight-line code, and a nullified
 * instruction is not one of it; the next run goes on from there. */
Test(hppa_cpu, quantum_stops_at_its_exact_instruction)
{
	struct rig r;
	/* dynamic stream: 0 ldi, 4 cmpclr,tr (nullifies 8), c ldi, 10 ldi | 14 ldi, 18 ldi */
	run_one_slice(&r, one_nullified, 4, CODE + 0x14);
	cr_assert_eq(R(&r, 5), 4);
	cr_assert_eq(R(&r, 6), 0);
	r.stop = cpu_run(r.cpu, &r.fault);
	expect_break(&r, 7);
	cr_assert_not(cpu_quantum_expired(r.cpu));
	cr_assert_eq(cpu_retired(r.cpu), 6);
	done(&r);
}

/* A slice ending between a call's branch and its delay slot: the context saved there, put
 * back over other registers and another pc, resumes with the delay slot, the branch's target
 * and the call event still due after the delay slot. */
Test(hppa_cpu, context_restores_a_thread_stopped_in_a_delay_slot)
{
	struct rig r;
	/* ldi, 5 x (addib, nop), cmpclr: 12; the ldi nullified; b,l is the 13th */
	run_one_slice(&r, loop_then_call, 13, CODE + 0x18);	/* the delay slot */
	cr_assert_eq(r.ncalls, 0, "the call is reported after its delay slot");
	struct cpu_context *ctx = cpu_context_new(r.cpu);
	cr_assert(ctx);
	cr_assert_eq(cpu_context_save(r.cpu, ctx), 0);
	/* another thread's state meanwhile */
	cpu_set_reg(r.cpu, 4, 999);
	cpu_set_reg(r.cpu, HPPA_REG_CR27, 0x5000);
	cpu_set_pc(r.cpu, CODE);
	cr_assert_eq(cpu_context_restore(r.cpu, ctx), 0);
	cpu_context_free(r.cpu, ctx);
	r.stop = cpu_run(r.cpu, &r.fault);
	expect_break(&r, 7);
	cr_assert_eq(R(&r, 4), 1, "the delay slot ran on the restored r4");
	cr_assert_eq(cpu_thread_pointer(r.cpu), 0);
	cr_assert_eq(cpu_retired(r.cpu), 14);
	cr_assert_eq(r.ncalls, 1);
	cr_assert_eq(r.calls[0][0], CODE + 0x14);
	cr_assert_eq(r.calls[0][2], CODE + 0x1c);
	cr_assert_eq(r.calls[0][3], 14, "reported at %llu", (unsigned long long)r.calls[0][3]);
	done(&r);
}

/* A tick due at the slice's last count is raised before the slice ends, with this thread's
 * pc: the next thread must not be sampled for instructions it did not retire. */
Test(hppa_cpu, tick_at_the_end_of_a_slice_comes_first)
{
	struct rig r;
	slice_to_set = 4;
	run_snippet_with(&r, one_nullified, 4, 0, set_slice);
	cr_assert_eq(r.stop, CPU_STOP_REQUESTED);
	cr_assert(cpu_quantum_expired(r.cpu));
	cr_assert_eq(cpu_retired(r.cpu), 4);
	cr_assert_eq(r.ticks, 1);
	cr_assert_eq(r.tick_retired[0], 4);
	cr_assert_eq(r.tick_pcs[0], CODE + 0x14, "%#llx", (unsigned long long)r.tick_pcs[0]);
	done(&r);
}
