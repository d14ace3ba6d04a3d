/* The x86 back end in 8086 real mode (UC_MODE_16): exact retired counts and tick pcs as
 * linear addresses CS*16+IP, CS:IP handling, which interrupts are events and which are
 * faults, and cpu_charge (ticks inside charged work, the shift of the next tick, retired
 * counts without the charge). Programs are a few hand-assembled 16-bit instructions. */
#include <criterion/criterion.h>
#include <string.h>

#include "emu/cpu.h"
#include "emu/x86/regs.h"

#define SEG 0x1000u
#define CODE (SEG * 16)

/* mov cx, 1000; loop: add ax, 1; dec cx; jnz loop; int 21h */
static const uint8_t loop_code[] = { 0xb9, 0xe8, 0x03, 0x83, 0xc0, 0x01, 0x49, 0x75, 0xfa, 0xcd, 0x21 };
#define LOOP_N 1000
static const uint64_t body[3] = { 3, 6, 7 };

static uint64_t reference_pc(uint64_t k)
{
	if (k == 0)
		return CODE;
	if (k - 1 < 3 * LOOP_N)
		return CODE + body[(k - 1) % 3];
	return CODE + 9;
}

struct rec {
	struct cpu *cpu;
	unsigned vectors[8];
	uint64_t retired_at[8], pc_at[8];
	int interrupts;
	uint64_t interval;
	uint64_t tick_pcs[64], tick_retired[64];
	int ticks, bad_ticks;
	bool check_reference;
	uint64_t charge, charge_pc;	/* charged at each interrupt, if set */
};

static void on_interrupt(void *ctx, unsigned vector)
{
	struct rec *r = ctx;
	if (r->interrupts < 8) {
		r->vectors[r->interrupts] = vector;
		r->retired_at[r->interrupts] = cpu_retired(r->cpu);
		r->pc_at[r->interrupts] = cpu_pc(r->cpu);
	}
	r->interrupts++;
	if (r->charge)
		cpu_charge(r->cpu, r->charge, r->charge_pc);
	if (vector == 0x20 || !r->charge)
		cpu_request_stop(r->cpu);
}

static uint64_t on_tick(void *ctx, uint64_t pc, uint64_t retired)
{
	struct rec *r = ctx;
	if (r->ticks < 64) {
		r->tick_pcs[r->ticks] = pc;
		r->tick_retired[r->ticks] = retired;
	}
	r->ticks++;
	if (r->check_reference && (pc != reference_pc(retired) || retired != (uint64_t)r->ticks * r->interval))
		r->bad_ticks++;
	return r->interval;
}

static struct cpu *make_cpu(struct guest_mem *gm, struct rec *r, const uint8_t *code, size_t len,
			    uint64_t first_tick)
{
	gm_init(gm, 4096, 0x110000, false, 4);
	struct cpu_config cfg = {
		.arch = CPU_ARCH_I8086, .mem = gm,
		.events = { .ctx = r, .interrupt = on_interrupt, .tick = on_tick },
		.first_tick = first_tick,
	};
	char err[128];
	struct cpu *cpu = cpu_create(&cfg, err, sizeof(err));
	cr_assert_not_null(cpu, "%s", err);
	cr_assert_eq(gm_map(gm, 0, 0x110000, GM_PROT_READ | GM_PROT_WRITE | GM_PROT_EXEC), 0);
	cr_assert_eq(gm_poke(gm, CODE, code, len), 0);
	cpu_set_reg(cpu, X86_SS, 0x9000);
	cpu_set_reg(cpu, X86_SP, 0xfffe);
	cpu_set_reg(cpu, X86_CS, SEG);
	cpu_set_reg(cpu, X86_IP, 0);
	r->cpu = cpu;
	return cpu;
}

static void done(struct cpu *cpu, struct guest_mem *gm)
{
	cpu_destroy(cpu);
	gm_destroy(gm);
}

Test(real_mode, registers_are_16_bit_and_pc_is_linear)
{
	struct guest_mem gm;
	struct rec r = { 0 };
	struct cpu *cpu = make_cpu(&gm, &r, loop_code, sizeof(loop_code), 0);
	cr_assert_eq(cpu_pc(cpu), CODE);
	cpu_set_reg(cpu, X86_AX, 0x12345);
	cr_assert_eq(cpu_reg(cpu, X86_AX), 0x2345);
	cpu_set_pc(cpu, CODE + 5);	/* inside CS's 64 KiB: CS kept */
	cr_assert_eq(cpu_reg(cpu, X86_CS), SEG);
	cr_assert_eq(cpu_reg(cpu, X86_IP), 5);
	cpu_set_pc(cpu, 0x2345);	/* below CS: CS = pc / 16 */
	cr_assert_eq(cpu_reg(cpu, X86_CS), 0x234);
	cr_assert_eq(cpu_reg(cpu, X86_IP), 5);
	cr_assert_eq(cpu_pc(cpu), 0x2345);
	cr_assert_eq(cpu_set_tls(cpu, X86_TLS_FS, 0), -22);
	cr_assert_eq(cpu_thread_pointer(cpu), 0);
	char regs[256];
	cpu_dump_regs(cpu, regs, sizeof(regs));
	cr_assert(strstr(regs, "CS=0234 IP=0005"), "%s", regs);
	done(cpu, &gm);
}

Test(real_mode, exact_counts_and_tick_pcs)
{
	static const uint64_t intervals[] = { 1, 2, 3, 7, 1000 };
	for (size_t i = 0; i < sizeof(intervals) / sizeof(intervals[0]); i++) {
		struct guest_mem gm;
		struct rec r = { .interval = intervals[i], .check_reference = true };
		struct cpu *cpu = make_cpu(&gm, &r, loop_code, sizeof(loop_code), intervals[i]);
		struct cpu_fault f;
		cr_assert_eq(cpu_run(cpu, &f), CPU_STOP_REQUESTED);
		cr_assert_eq(r.interrupts, 1);
		cr_assert_eq(r.vectors[0], 0x21);
		/* mov, 3 x 1000 loop instructions, the int itself */
		cr_assert_eq(r.retired_at[0], 1 + 3 * LOOP_N + 1);
		cr_assert_eq(r.pc_at[0], CODE + sizeof(loop_code), "pc after the int");
		cr_assert_eq(cpu_reg(cpu, X86_AX), LOOP_N);
		cr_assert_eq(r.bad_ticks, 0, "interval %lu", (unsigned long)intervals[i]);
		cr_assert_eq((uint64_t)r.ticks, (3 * LOOP_N + 1) / intervals[i]);
		done(cpu, &gm);
	}
}

Test(real_mode, far_jump_to_another_segment)
{
	/* jmp far 2000:0010; there: int 60h */
	static const uint8_t code[] = { 0xea, 0x10, 0x00, 0x00, 0x20 };
	static const uint8_t there[] = { 0xcd, 0x60 };
	struct guest_mem gm;
	struct rec r = { 0 };
	struct cpu *cpu = make_cpu(&gm, &r, code, sizeof(code), 0);
	cr_assert_eq(gm_poke(&gm, 0x20010, there, sizeof(there)), 0);
	struct cpu_fault f;
	cr_assert_eq(cpu_run(cpu, &f), CPU_STOP_REQUESTED);
	cr_assert_eq(r.vectors[0], 0x60);
	cr_assert_eq(r.retired_at[0], 2);
	cr_assert_eq(r.pc_at[0], 0x20012);
	cr_assert_eq(cpu_reg(cpu, X86_CS), 0x2000);
	done(cpu, &gm);
}

Test(real_mode, every_software_interrupt_is_an_event)
{
	/* int3; int 10h; int 21h (each stops the run; we resume) */
	static const uint8_t code[] = { 0xcc, 0xcd, 0x10, 0xcd, 0x21 };
	struct guest_mem gm;
	struct rec r = { 0 };
	struct cpu *cpu = make_cpu(&gm, &r, code, sizeof(code), 0);
	struct cpu_fault f;
	for (int i = 0; i < 3; i++)
		cr_assert_eq(cpu_run(cpu, &f), CPU_STOP_REQUESTED);
	cr_assert_eq(r.interrupts, 3);
	cr_assert_eq(r.vectors[0], 3);
	cr_assert_eq(r.vectors[1], 0x10);
	cr_assert_eq(r.vectors[2], 0x21);
	cr_assert_eq(r.retired_at[2], 3);
	done(cpu, &gm);
}

static void expect_fault(const uint8_t *code, size_t len, enum cpu_fault_kind kind, uint64_t pc,
			 uint64_t retired)
{
	struct guest_mem gm;
	struct rec r = { 0 };
	struct cpu *cpu = make_cpu(&gm, &r, code, len, 0);
	struct cpu_fault f;
	cr_assert_eq(cpu_run(cpu, &f), CPU_STOP_FAULT);
	cr_assert_eq(f.kind, kind);
	cr_assert_eq(f.pc, pc);
	cr_assert_eq(cpu_retired(cpu), retired);
	cr_assert_eq(r.interrupts, 0);
	done(cpu, &gm);
}

Test(real_mode, divide_error_is_a_fault_at_the_div)
{
	static const uint8_t code[] = { 0x31, 0xc9, 0xf7, 0xf1 };	/* xor cx, cx; div cx */
	expect_fault(code, sizeof(code), CPU_FAULT_FPE, CODE + 2, 1);
}

Test(real_mode, invalid_opcode_is_a_fault)
{
	static const uint8_t code[] = { 0x90, 0x0f, 0x0b };	/* nop; ud2 */
	expect_fault(code, sizeof(code), CPU_FAULT_ILL, CODE + 1, 1);
}

Test(real_mode, int_0_and_int_6_are_always_faults)
{
	static const uint8_t int0[] = { 0x90, 0xcd, 0x00 };
	expect_fault(int0, sizeof(int0), CPU_FAULT_FPE, CODE + 1, 1);
	static const uint8_t int6[] = { 0x90, 0x90, 0xcd, 0x06 };
	expect_fault(int6, sizeof(int6), CPU_FAULT_ILL, CODE + 2, 2);
	/* a div right after bytes that read as `int 0` is still the div's fault */
	static const uint8_t div[] = { 0x31, 0xc9, 0xeb, 0x02, 0xcd, 0x00, 0xf7, 0xf1 };
	expect_fault(div, sizeof(div), CPU_FAULT_FPE, CODE + 6, 2);
}

Test(real_mode, hlt_is_a_fault)
{
	static const uint8_t code[] = { 0x90, 0xf4 };
	expect_fault(code, sizeof(code), CPU_FAULT_SEGV_ACCERR, CODE + 1, 1);
}

/* 5 nops; int 21h; 30 nops; int 20h */
static size_t charge_program(uint8_t *code)
{
	size_t n = 0;
	for (int i = 0; i < 5; i++)
		code[n++] = 0x90;
	code[n++] = 0xcd;
	code[n++] = 0x21;
	for (int i = 0; i < 30; i++)
		code[n++] = 0x90;
	code[n++] = 0xcd;
	code[n++] = 0x20;
	return n;
}

Test(real_mode, charge_raises_the_ticks_inside_it_and_shifts_the_next)
{
	uint8_t code[64];
	size_t len = charge_program(code);
	struct guest_mem gm;
	struct rec r = { .interval = 10, .charge = 25, .charge_pc = 0xf00 };
	struct cpu *cpu = make_cpu(&gm, &r, code, len, 10);
	struct cpu_fault f;
	cr_assert_eq(cpu_run(cpu, &f), CPU_STOP_REQUESTED);
	cr_assert_eq(r.interrupts, 2);
	/* The first int ends at retired 6: the charge spans clock [6, 31): ticks at 10, 20, 30
	 * inside it, all at the charge's pc, all at retired 6. */
	cr_assert_geq(r.ticks, 3);
	for (int i = 0; i < 3; i++) {
		cr_assert_eq(r.tick_pcs[i], 0xf00, "tick %d", i);
		cr_assert_eq(r.tick_retired[i], 6);
	}
	/* The tick at clock 40 comes 25 real instructions earlier: at retired 15, which is the
	 * nop at offset 7 + (15 - 6) = 16; then retired 25 at offset 26; then retired 35 is
	 * inside the second charge (it starts at retired 37). */
	cr_assert_eq(r.tick_pcs[3], CODE + 16);
	cr_assert_eq(r.tick_retired[3], 15);
	cr_assert_eq(r.tick_pcs[4], CODE + 26);
	cr_assert_eq(r.tick_retired[4], 25);
	cr_assert_eq(r.tick_pcs[5], CODE + 36);
	/* the second charge (at retired 37) takes clock [37, 62): ticks at 45, 55 */
	cr_assert_eq(r.ticks, 8);
	cr_assert_eq(r.tick_pcs[6], 0xf00);
	cr_assert_eq(r.tick_pcs[7], 0xf00);
	cr_assert_eq(cpu_retired(cpu), 37, "charged instructions are not retired");
	done(cpu, &gm);
}

Test(real_mode, charge_without_ticks_changes_nothing)
{
	uint8_t code[64];
	size_t len = charge_program(code);
	struct guest_mem gm;
	struct rec r = { .charge = 1000, .charge_pc = 0xf00 };
	struct cpu *cpu = make_cpu(&gm, &r, code, len, 0);
	struct cpu_fault f;
	cr_assert_eq(cpu_run(cpu, &f), CPU_STOP_REQUESTED);
	cr_assert_eq(r.ticks, 0);
	cr_assert_eq(cpu_retired(cpu), 37);
	done(cpu, &gm);
}

Test(real_mode, charge_before_the_first_instruction)
{
	uint8_t code[64];
	size_t len = charge_program(code);
	struct guest_mem gm;
	struct rec r = { .interval = 5 };
	struct cpu *cpu = make_cpu(&gm, &r, code, len, 5);
	/* Clock [0, 5) is charged: the tick due at 5 falls at its end, so it belongs to the next
	 * real instruction, the first, and is raised as that is about to run. */
	cpu_charge(cpu, 5, 0x700);
	cr_assert_eq(r.ticks, 0);
	struct cpu_fault f;
	cr_assert_eq(cpu_run(cpu, &f), CPU_STOP_REQUESTED);	/* the int 21h */
	cr_assert_eq(r.ticks, 2);
	cr_assert_eq(r.tick_pcs[0], CODE);
	cr_assert_eq(r.tick_retired[0], 0);
	cr_assert_eq(r.tick_pcs[1], CODE + 5);	/* clock 10: retired 5, the int 21h */
	cr_assert_eq(r.tick_retired[1], 5);
	done(cpu, &gm);
}

/* Work charged before the next real instruction takes the tick due where it starts, whether
 * that tick fell due at the end of earlier charged work or of real instructions (emu/clock.c:
 * the back ends keep one rule; this back end once raised it at once, naming the instruction,
 * but only when no instruction had retired yet). */
Test(real_mode, charge_takes_the_tick_due_where_it_starts)
{
	uint8_t code[64];
	size_t len = charge_program(code);
	struct guest_mem gm;
	struct rec r = { .interval = 5 };
	struct cpu *cpu = make_cpu(&gm, &r, code, len, 5);
	cpu_charge(cpu, 5, 0x700);
	cpu_charge(cpu, 3, 0x800);	/* clock [5, 8): the tick at 5 is inside it */
	cr_assert_eq(r.ticks, 1);
	cr_assert_eq(r.tick_pcs[0], 0x800);
	cr_assert_eq(r.tick_retired[0], 0);
	struct cpu_fault f;
	cr_assert_eq(cpu_run(cpu, &f), CPU_STOP_REQUESTED);	/* the int 21h */
	cr_assert_eq(r.tick_pcs[1], CODE + 2);	/* clock 10 is 8 charged + 2 retired */
	cr_assert_eq(r.tick_retired[1], 2);
	done(cpu, &gm);
}
