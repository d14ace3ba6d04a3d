/* The PA-RISC system instructions a Linux user program runs (and the PA 2.0 forms gcc
 * -march=2.0 emits: branches, mtsarcm, prefetch, fused multiply-add), on the hppa
 * interpreter: the cache flushes (fdc, fdce, pdc, fic, fice, with and without base
 * modification, and PA 2.0's forms) that make a nested function's trampoline executable,
 * space registers as Linux user space sees them (ldsid, mtsp, mfsp; sr5..sr7 are privileged
 * to write), the interval timer cr16 (the virtual clock: the instructions retired before it),
 * and what stays privileged; and the FP unit's NaNs, whose quiet bit is the other way round
 * from the host's. The flushes' behaviour is qemu-hppa's (no-ops but for the base);
 * fic drops the decoded code of its line's page, so that code changed behind the
 * interpreter's back (here by the test, as a store through another mapping would) runs once
 * flushed.
 *
 * Snippets are assembled by hppa-linux-gnu-as when the test runs (hppa_asm.h; skipped
 * without it), loaded at CODE and end with `break 0,0`. */
#include <criterion/criterion.h>
#include <string.h>

#include "emu/cpu.h"
#include "emu/hppa/regs.h"
#include "hppa_asm.h"

#define CODE 0x10000u
#define FUNC 0x11000u	/* a page of code the system call handler rewrites */
#define DATA 0x20000u

struct sysrig {
	struct guest_mem gm;
	struct cpu *cpu;
	struct cpu_fault fault;
	enum cpu_stop stop;
	const uint8_t *new_func;	/* written at FUNC by the first system call */
	size_t new_len;
};

static void on_syscall(void *ctx)
{
	struct sysrig *r = ctx;
	if (r->new_func)
		cr_assert_eq(gm_poke(&r->gm, FUNC, r->new_func, r->new_len), 0);
	cpu_set_reg(r->cpu, HPPA_REG_RET0, 0);
}

static void run(struct sysrig *r, const char *src, const char *func)
{
	char err[256];
	size_t len, flen = 0;
	if (!have_as())
		cr_skip_test("hppa-linux-gnu-as not found: install binutils-hppa-linux-gnu");
	uint8_t *code = assemble(src, &len), *fcode = func ? assemble(func, &flen) : NULL;
	memset(r, 0, sizeof *r);
	gm_init(&r->gm, 4096, 1ull << 32, true, 4);
	cr_assert_eq(gm_map(&r->gm, CODE, 0x2000, GM_PROT_READ | GM_PROT_EXEC), 0);
	cr_assert_eq(gm_map(&r->gm, DATA, 0x2000, GM_PROT_READ | GM_PROT_WRITE), 0);
	cr_assert_eq(gm_poke(&r->gm, CODE, code, len), 0);
	if (fcode)
		cr_assert_eq(gm_poke(&r->gm, FUNC, fcode, flen), 0);
	free(code);
	free(fcode);
	struct cpu_config cfg = {
		.arch = CPU_ARCH_HPPA, .mem = &r->gm, .events = {.ctx = r, .syscall = on_syscall},
	};
	r->cpu = cpu_create(&cfg, err, sizeof err);
	cr_assert(r->cpu, "%s", err);
	cpu_set_pc(r->cpu, CODE);
}

static void go(struct sysrig *r)
{
	r->stop = cpu_run(r->cpu, &r->fault);
}

static void done(struct sysrig *r)
{
	cpu_destroy(r->cpu);
	gm_destroy(&r->gm);
}

static uint32_t R(struct sysrig *r, int n)
{
	return (uint32_t)cpu_reg(r->cpu, n);
}

static void expect_break(struct sysrig *r, uint32_t ninsns)
{
	expect_break_at(r->stop, &r->fault, CODE, ninsns);
}

Test(hppa_system, cache_flushes_modify_only_their_base)
{
	struct sysrig r;
	run(&r,
	    "	ldil L%0x20000,%r3\n"
	    "	ldi 32,%r4\n"
	    "	fdc %r4(%r3)\n"		/* no ,m: nothing changes */
	    "	fdc,m %r4(%r3)\n"		/* r3 += 32 */
	    "	fdce,m %r4(%sr1,%r3)\n"	/* r3 += 32 */
	    "	pdc,m %r4(%r3)\n"		/* r3 += 32 */
	    "	fic,m %r4(%sr4,%r3)\n"	/* r3 += 32 */
	    "	fice,m %r4(%sr0,%r3)\n"	/* r3 += 32 */
	    "	fice %r4(%sr0,%r3)\n"
	    "	.word 0x046413e0\n"		/* PA 2.0 fic,m r4(r3): r3 += 32 */
	    "	.word 0x04703280\n"		/* PA 2.0 fdc 8(r3): nothing changes */
	    "	sync\n"
	    "	syncdma\n"
	    "	copy %r3,%r5\n"
	    "	fdc,m %r0(%r0)\n", NULL);	/* r0 stays 0 */
	go(&r);
	expect_break(&r, 15);
	cr_assert_eq(R(&r, 5), DATA + 6 * 32, "r3 = %#x", R(&r, 5));
	cr_assert_eq(R(&r, 0), 0);
	done(&r);
}

/* What gcc's trampoline for a nested function does: ldsid of the target, mtsp to sr0, be. */
Test(hppa_system, space_registers_as_linux_user_space_sees_them)
{
	struct sysrig r;
	run(&r,
	    "	ldil L%0xc0000000,%r3\n"
	    "	ldsid (%r3),%r4\n"		/* sr7 (top bits 11): 0, as under qemu-hppa */
	    "	mfsp %sr4,%r5\n"
	    "	ldi 77,%r6\n"
	    "	mtsp %r6,%sr1\n"
	    "	ldsid (%sr1,%r3),%r7\n"	/* an explicit space register: its value */
	    "	mfsp %sr1,%r8\n"
	    "	ldil L%0x10000,%r9\n"
	    "	ldsid (%r9),%r10\n"
	    "	mtsp %r10,%sr0\n"
	    "	be 0x30(%sr0,%r9)\n"		/* to the ldi below */
	    "	nop\n"
	    "	ldi 1,%r11\n", NULL);
	go(&r);
	expect_break(&r, 13);
	cr_assert_eq(R(&r, 4), 0);
	cr_assert_eq(R(&r, 5), 0);
	cr_assert_eq(R(&r, 7), 77);
	cr_assert_eq(R(&r, 8), 77);
	cr_assert_eq(R(&r, 11), 1);
	done(&r);
}

Test(hppa_system, cr16_counts_the_instructions_retired_before_it)
{
	struct sysrig r;
	run(&r,
	    "	ldi 3,%r3\n"
	    "1:	addib,<> -1,%r3,1b\n"
	    "	nop\n"
	    "	mfctl %cr16,%r4\n"		/* 1 + 3 * 2 retired before it */
	    "	nop\n"
	    "	mfctl %cr16,%r5\n", NULL);
	go(&r);
	expect_break(&r, 6);
	cr_assert_eq(R(&r, 4), 7);
	cr_assert_eq(R(&r, 5), 9);
	done(&r);
}

Test(hppa_system, tlb_and_control_registers_stay_privileged)
{
	static const char *const insns[] = {
		"pdtlb %r4(%r3)", "pitlb %r4(%sr4,%r3)", "lpa %r4(%r3),%r5", "lci %r4(%r3),%r5",
		"mtsp %r4,%sr5", "mtsp %r4,%sr7", "mfctl %cr8,%r5", "mtctl %r4,%cr16", "rsm 0,%r5",
	};
	for (size_t i = 0; i < sizeof insns / sizeof *insns; i++) {
		char src[128];
		struct sysrig r;
		snprintf(src, sizeof src, "	ldi 0,%%r4\n	%s\n", insns[i]);
		run(&r, src, NULL);
		go(&r);
		cr_assert_eq(r.stop, CPU_STOP_FAULT);
		cr_assert_eq(r.fault.kind, CPU_FAULT_ILL, "%s: fault %d", insns[i], r.fault.kind);
		cr_assert_eq(r.fault.pc, CODE + 4, "%s", insns[i]);
		done(&r);
	}
}

/* The function at FUNC returns 1; the system call rewrites it to return 2 without the
 * interpreter seeing a store (a write through another mapping); after fic on it the new
 * code runs. */
Test(hppa_system, fic_makes_rewritten_code_run)
{
	static const char *const flushes[] = {
		"fic %r0(%sr4,%r9)", "fic,m %r0(%sr0,%r9)", "fice %r0(%sr4,%r9)", ".word 0x052013c0",
	};
	for (size_t i = 0; i < sizeof flushes / sizeof *flushes; i++) {
		char src[1024];
		struct sysrig r;
		size_t len;
		snprintf(src, sizeof src,
			 "	ldil L%%0x11000,%%r9\n"
			 "	ble 0(%%sr4,%%r9)\n"	/* call: 1 */
			 "	copy %%r31,%%r2\n"
			 "	copy %%ret0,%%r3\n"
			 "	ble 0x100(%%sr2,%%r0)\n"	/* the system call rewrites FUNC */
			 "	ldi 1,%%r20\n"
			 "	%s\n"
			 "	sync\n"
			 "	ble 0(%%sr4,%%r9)\n"	/* call again: 2 */
			 "	copy %%r31,%%r2\n"
			 "	copy %%ret0,%%r4\n", flushes[i]);
		uint8_t *f2 = assemble("	bv %r0(%r2)\n	ldi 2,%ret0\n", &len);
		run(&r, src, "	bv %r0(%r2)\n	ldi 1,%ret0\n");
		r.new_func = f2;
		r.new_len = len;
		go(&r);
		expect_break(&r, 11);
		cr_assert_eq(R(&r, 3), 1, "%s", flushes[i]);
		cr_assert_eq(R(&r, 4), 2, "%s: the old code ran after the flush", flushes[i]);
		free(f2);
		done(&r);
	}
}

/* PA 2.0's branches, which gcc -march=2.0 emits for calls and returns: B,L with a 22-bit
 * displacement (linking rp), BVE (a return) and BVE,L (a call through a register). */
Test(hppa_system, pa20_branches_call_and_return)
{
	struct sysrig r;
	run(&r,
	    "	.level 2.0\n"
	    "	b,l 1f,%r2\n"		/* the 22-bit form: gas takes it for rp in 2.0 */
	    "	ldi 5,%r3\n"		/* delay slot */
	    "	b 2f\n"
	    "	copy %r2,%r6\n"		/* the link: the b after the delay slot */
	    "1:	ldi 7,%r4\n"
	    "	bve (%r2)\n"
	    "	nop\n"
	    "2:	ldil L%0x11000,%r9\n"
	    "	bve,l (%r9),%r2\n"		/* FUNC returns 1 */
	    "	nop\n"
	    "	copy %ret0,%r5\n",
	    "	bv %r0(%r2)\n	ldi 1,%ret0\n");
	go(&r);
	expect_break(&r, 11);
	cr_assert_eq(R(&r, 3), 5);
	cr_assert_eq(R(&r, 4), 7);
	cr_assert_eq(R(&r, 5), 1);
	cr_assert_eq(R(&r, 6) & ~3u, CODE + 8, "link %#x", R(&r, 6));
	done(&r);
}

/* PA 2.0's mtsarcm (SAR = the complement) and ldd into r0, a prefetch: nothing is loaded and
 * an unmapped address does not fault. */
Test(hppa_system, pa20_mtsarcm_and_prefetch)
{
	struct sysrig r;
	run(&r,
	    "	.level 2.0\n"
	    "	ldi 3,%r3\n"
	    "	mtsarcm %r3\n"		/* SAR = 28 */
	    "	mfctl %sar,%r4\n"
	    "	ldd 0(%r0),%r0\n"		/* page 0 is not mapped */
	    "	ldd,sl 8(%r3),%r0\n"
	    "	ldi 1,%r5\n", NULL);
	go(&r);
	expect_break(&r, 6);
	cr_assert_eq(R(&r, 4), 28);
	cr_assert_eq(R(&r, 5), 1);
	done(&r);
}

static uint64_t FR(struct sysrig *r, int n)
{
	return cpu_reg(r->cpu, HPPA_REG_FR0 + n);
}

/* PA 2.0's FMPYFADD and FMPYNFADD, which gcc -march=2.0 emits for a * b + c: the product is
 * exact and the sum rounded once. (1 + 2^-27)^2 - (1 + 2^-26) is 2^-54 fused and 0 when the
 * product is rounded first; in single precision (1 + 2^-12)^2 - (1 + 2^-11) is 2^-24. The
 * addend's register number is split across the word (fr13: 011|01), the single operands name
 * their halves. Values as qemu-hppa gives them (guest built with -march=2.0, fma()). */
Test(hppa_system, pa20_fused_multiply_add_rounds_once)
{
	struct sysrig r;
	run(&r,
	    "	.level 2.0\n"
	    "	fmpyfadd,dbl %fr4,%fr4,%fr13,%fr10\n"
	    "	fmpynfadd,dbl %fr4,%fr4,%fr14,%fr11\n"
	    "	fmpynfadd,dbl %fr7,%fr5,%fr6,%fr12\n"	/* -(+0 * 1) + -0 = -0 */
	    "	fmpyfadd,dbl %fr7,%fr5,%fr6,%fr16\n"	/* +0 * 1 + -0 = +0 */
	    "	fmpyfadd,sgl %fr8R,%fr8R,%fr22R,%fr15R\n"
	    "	fmpynfadd,sgl %fr8R,%fr8R,%fr9,%fr15\n", NULL);
	cpu_set_reg(r.cpu, HPPA_REG_FR0 + 4, 0x3ff0000002000000ull);	/* 1 + 2^-27 */
	cpu_set_reg(r.cpu, HPPA_REG_FR0 + 13, 0xbff0000004000000ull);	/* -(1 + 2^-26) */
	cpu_set_reg(r.cpu, HPPA_REG_FR0 + 14, 0x3ff0000004000000ull);	/* 1 + 2^-26 */
	cpu_set_reg(r.cpu, HPPA_REG_FR0 + 5, 0x3ff0000000000000ull);	/* 1 */
	cpu_set_reg(r.cpu, HPPA_REG_FR0 + 6, 0x8000000000000000ull);	/* -0 */
	cpu_set_reg(r.cpu, HPPA_REG_FR0 + 7, 0);
	cpu_set_reg(r.cpu, HPPA_REG_FR0 + 8, 0x123456783f800800ull);	/* R: 1 + 2^-12 */
	cpu_set_reg(r.cpu, HPPA_REG_FR0 + 22, 0x12345678bf801000ull);	/* R: -(1 + 2^-11) */
	cpu_set_reg(r.cpu, HPPA_REG_FR0 + 9, 0x3f80100012345678ull);	/* L: 1 + 2^-11 */
	go(&r);
	expect_break(&r, 6);
	cr_assert_eq(FR(&r, 10), 0x3c90000000000000ull, "fmpyfadd,dbl %#llx", (unsigned long long)FR(&r, 10));
	cr_assert_eq(FR(&r, 11), 0xbc90000000000000ull, "fmpynfadd,dbl %#llx", (unsigned long long)FR(&r, 11));
	cr_assert_eq(FR(&r, 12), 0x8000000000000000ull);
	cr_assert_eq(FR(&r, 16), 0);
	cr_assert_eq(FR(&r, 15), 0xb380000033800000ull, "sgl: %#llx", (unsigned long long)FR(&r, 15));
	done(&r);
}

static uint32_t fp_status(struct sysrig *r)
{
	return (uint32_t)(FR(r, 0) >> 32);
}

#define FPSR_INVALID 0x80000000u
#define QNAN_D 0x7ff4000000000000ull	/* the default quiet NaN: fraction 01000... */

/* An invalid operation on numbers (0 * inf, inf - inf, inf * 0 + 1 fused) makes PA-RISC's
 * default quiet NaN, 7ff40000 00000000 or 7fa00000: positive, the fraction's most
 * significant bit clear (quiet on PA-RISC), its second set. Not x86's fff80000 00000000,
 * which PA-RISC reads as signaling, nor 7ff7ffff ffffffff (gcc's NAN constant for hppa).
 * Values of HP's floating-point emulation (Linux arch/parisc/math-emu) and qemu-hppa. */
Test(hppa_system, invalid_operation_makes_the_default_quiet_nan)
{
	struct sysrig r;
	run(&r,
	    "	.level 2.0\n"
	    "	fmpy,dbl %fr4,%fr5,%fr6\n"
	    "	fsub,dbl %fr4,%fr4,%fr7\n"
	    "	fmpy,sgl %fr8,%fr8R,%fr9\n"
	    "	fmpyfadd,dbl %fr4,%fr5,%fr10,%fr11\n", NULL);
	cpu_set_reg(r.cpu, HPPA_REG_FR0 + 4, 0x7ff0000000000000ull);	/* +inf */
	cpu_set_reg(r.cpu, HPPA_REG_FR0 + 5, 0);
	cpu_set_reg(r.cpu, HPPA_REG_FR0 + 8, 0x7f80000000000000ull);	/* L: +inf, R: 0 */
	cpu_set_reg(r.cpu, HPPA_REG_FR0 + 10, 0x3ff0000000000000ull);	/* 1 */
	go(&r);
	expect_break(&r, 4);
	cr_assert_eq(FR(&r, 6), QNAN_D, "0 * inf: %#llx", (unsigned long long)FR(&r, 6));
	cr_assert_eq(FR(&r, 7), QNAN_D, "inf - inf: %#llx", (unsigned long long)FR(&r, 7));
	cr_assert_eq(FR(&r, 9) >> 32, 0x7fa00000u, "sgl: %#llx", (unsigned long long)FR(&r, 9));
	cr_assert_eq(FR(&r, 11), QNAN_D, "fused: %#llx", (unsigned long long)FR(&r, 11));
	cr_assert(fp_status(&r) & FPSR_INVALID);
	done(&r);
}

/* A quiet NaN operand (PA-RISC's: top fraction bit clear) passes through as it is, without
 * the invalid flag; x86 arithmetic would take it for a signaling NaN and set that bit. Two
 * quiet NaNs: the first operand's. */
Test(hppa_system, quiet_nan_operands_pass_unchanged)
{
	struct sysrig r;
	run(&r,
	    "	fadd,dbl %fr4,%fr5,%fr10\n"
	    "	fmpy,dbl %fr7,%fr4,%fr11\n"
	    "	fsqrt,dbl %fr7,%fr12\n"
	    "	fcnvff,sgl,dbl %fr8,%fr13\n", NULL);
	cpu_set_reg(r.cpu, HPPA_REG_FR0 + 4, QNAN_D);
	cpu_set_reg(r.cpu, HPPA_REG_FR0 + 5, 0x3ff0000000000000ull);
	cpu_set_reg(r.cpu, HPPA_REG_FR0 + 7, 0xfff0000000000005ull);	/* quiet, negative */
	cpu_set_reg(r.cpu, HPPA_REG_FR0 + 8, 0xff80000300000000ull);	/* L: quiet, negative */
	go(&r);
	expect_break(&r, 4);
	cr_assert_eq(FR(&r, 10), QNAN_D, "%#llx", (unsigned long long)FR(&r, 10));
	cr_assert_eq(FR(&r, 11), 0xfff0000000000005ull, "%#llx", (unsigned long long)FR(&r, 11));
	cr_assert_eq(FR(&r, 12), 0xfff0000000000005ull, "%#llx", (unsigned long long)FR(&r, 12));
	cr_assert_eq(FR(&r, 13), 0xfff0000060000000ull, "%#llx", (unsigned long long)FR(&r, 13));
	cr_assert_eq(fp_status(&r) & FPSR_INVALID, 0);
	done(&r);
}

/* A signaling NaN operand (top fraction bit set) is invalid: the result is that NaN made
 * quiet (top fraction bits 01), chosen over an earlier quiet NaN operand, also in the fused
 * multiply-add (where qemu-hppa 7.2 returns the first NaN operand, HP's emulation the
 * signaling addend). A conversion to single keeps the fraction's top bits and stays a NaN
 * when none is left (qemu-hppa 7.2 makes it an infinity). */
Test(hppa_system, signaling_nan_operands_are_made_quiet)
{
	struct sysrig r;
	run(&r,
	    "	.level 2.0\n"
	    "	fadd,dbl %fr4,%fr6,%fr10\n"
	    "	fmpyfadd,dbl %fr4,%fr5,%fr6,%fr11\n"
	    "	fcnvff,dbl,sgl %fr6,%fr12\n"
	    "	fcnvff,dbl,sgl %fr7,%fr13\n", NULL);
	cpu_set_reg(r.cpu, HPPA_REG_FR0 + 4, QNAN_D);
	cpu_set_reg(r.cpu, HPPA_REG_FR0 + 5, 0x3ff0000000000000ull);
	cpu_set_reg(r.cpu, HPPA_REG_FR0 + 6, 0x7ff8000000000001ull);	/* signaling */
	cpu_set_reg(r.cpu, HPPA_REG_FR0 + 7, 0xfff0000000000005ull);	/* quiet, low fraction */
	go(&r);
	expect_break(&r, 4);
	cr_assert_eq(FR(&r, 10), 0x7ff4000000000001ull, "%#llx", (unsigned long long)FR(&r, 10));
	cr_assert_eq(FR(&r, 11), 0x7ff4000000000001ull, "%#llx", (unsigned long long)FR(&r, 11));
	cr_assert_eq(FR(&r, 12) >> 32, 0x7fa00000u, "%#llx", (unsigned long long)FR(&r, 12));
	cr_assert_eq(FR(&r, 13) >> 32, 0xffa00000u, "%#llx", (unsigned long long)FR(&r, 13));
	cr_assert(fp_status(&r) & FPSR_INVALID);
	done(&r);
}

/* A NaN converted to an integer is invalid and gives the bound of its sign's side, as an
 * infinity does: +NaN 7fffffff, -NaN 80000000 (0 for an unsigned one), HP's floating-point
 * emulation's values (Linux arch/parisc/math-emu fcnvfx.c/fcnvfxt.c; qemu-hppa 7.2 gives
 * 7fffffff for both signs, softfloat's generic rule, with the same invalid flag). */
Test(hppa_system, nan_to_integer_is_invalid_and_saturates_by_sign)
{
	struct sysrig r;
	run(&r,
	    "	fcnvfxt,dbl,sgl %fr4,%fr10\n"
	    "	fcnvfxt,dbl,sgl %fr5,%fr11\n"
	    "	fcnvfxt,dbl,dbl %fr5,%fr12\n"
	    "	fcnvfx,sgl,sgl %fr6,%fr13\n", NULL);
	cpu_set_reg(r.cpu, HPPA_REG_FR0 + 4, QNAN_D);
	cpu_set_reg(r.cpu, HPPA_REG_FR0 + 5, 0xfff4000000000000ull);	/* quiet, negative */
	cpu_set_reg(r.cpu, HPPA_REG_FR0 + 6, 0xffc0000000000000ull);	/* L: signaling, negative */
	go(&r);
	expect_break(&r, 4);
	cr_assert_eq(FR(&r, 10) >> 32, 0x7fffffffu, "%#llx", (unsigned long long)FR(&r, 10));
	cr_assert_eq(FR(&r, 11) >> 32, 0x80000000u, "%#llx", (unsigned long long)FR(&r, 11));
	cr_assert_eq(FR(&r, 12), 0x8000000000000000ull, "%#llx", (unsigned long long)FR(&r, 12));
	cr_assert_eq(FR(&r, 13) >> 32, 0x80000000u, "%#llx", (unsigned long long)FR(&r, 13));
	cr_assert(fp_status(&r) & FPSR_INVALID);
	done(&r);
}

/* The invalid flag after one FCMP of a NaN with 1 (fr4 the NaN, fr5 1.0). */
static uint32_t fcmp_invalid(const char *code, uint64_t nan)
{
	struct sysrig r;
	run(&r, code, NULL);
	cpu_set_reg(r.cpu, HPPA_REG_FR0 + 4, nan);
	cpu_set_reg(r.cpu, HPPA_REG_FR0 + 5, 0x3ff0000000000000ull);
	go(&r);
	expect_break(&r, 1);
	uint32_t v = fp_status(&r) & FPSR_INVALID;
	done(&r);
	return v;
}

/* FCMP of a quiet NaN is invalid only under a condition that asks for it (C's <, <=, >, >=,
 * not == or the unordered tests: isless, isunordered); of a signaling NaN, always (HP's
 * emulation, sfcmp.c/dfcmp.c; qemu-hppa 7.2 the same). glibc's fetestexcept reads it. */
Test(hppa_system, fcmp_of_nan_is_invalid_by_condition_and_signaling_bit)
{
	cr_assert_eq(fcmp_invalid("	fcmp,dbl,= %fr4,%fr5\n", QNAN_D), 0);
	cr_assert_eq(fcmp_invalid("	fcmp,dbl,!? %fr4,%fr5\n", QNAN_D), 0);
	cr_assert_eq(fcmp_invalid("	fcmp,dbl,!?>= %fr4,%fr5\n", QNAN_D), 0);
	cr_assert_eq(fcmp_invalid("	fcmp,dbl,< %fr4,%fr5\n", QNAN_D), FPSR_INVALID);
	cr_assert_eq(fcmp_invalid("	fcmp,dbl,!< %fr4,%fr5\n", QNAN_D), FPSR_INVALID);
	cr_assert_eq(fcmp_invalid("	fcmp,dbl,= %fr4,%fr5\n", 0x7ff8000000000001ull), FPSR_INVALID);
	cr_assert_eq(fcmp_invalid("	fcmp,dbl,< %fr5,%fr5\n", QNAN_D), 0);
}

/* PA 2.0's MFIA (gcc -march=2.0's trampolines find their data with it): the address of the
 * MFIA itself, its privilege bits clear, at a group's start and inside it. */
Test(hppa_system, pa20_mfia_reads_its_own_address)
{
	struct sysrig r;
	run(&r,
	    "	.level 2.0\n"
	    "	mfia %r20\n"
	    "	ldi 1,%r3\n"
	    "	mfia %r21\n", NULL);
	go(&r);
	expect_break(&r, 3);
	cr_assert_eq(R(&r, 20), CODE, "%#x", R(&r, 20));
	cr_assert_eq(R(&r, 21), CODE + 8, "%#x", R(&r, 21));
	done(&r);
}
