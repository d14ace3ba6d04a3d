/* The x86 back end: exact retired-instruction counts, exact tick pcs, faults, the limit.
 * Each program is a few hand-assembled instructions whose dynamic instruction stream is known,
 * so every figure is checked against a per-instruction reference computed here. */
#include <criterion/criterion.h>
#include <string.h>

#include "emu/cpu.h"
#include "emu/x86/regs.h"

#define CODE 0x400000u

/* mov ecx, N; loop: add eax, 1; dec ecx; jnz loop; then the trap (syscall or int 0x80). */
static const uint8_t loop_code[] = { 0xb9, 0xe8, 0x03, 0x00, 0x00,	/* mov ecx, 1000 */
				     0x83, 0xc0, 0x01,		/* add eax, 1 */
				     0xff, 0xc9,			/* dec ecx */
				     0x75, 0xf9 };		/* jnz -7 */
#define LOOP_N 1000
static const uint64_t body[3] = { 5, 8, 10 };

/* Address of the k-th instruction (0-based) of the program's dynamic stream. */
static uint64_t reference_pc(uint64_t k)
{
	if (k == 0)
		return CODE;
	if (k - 1 < 3 * LOOP_N)
		return CODE + body[(k - 1) % 3];
	return CODE + sizeof(loop_code);	/* the trap */
}

struct recorder {
	struct cpu *cpu;
	uint64_t retired_at_trap;
	int traps;
	uint64_t interval;
	uint64_t ticks, bad_ticks;
};

static void on_trap(void *ctx)
{
	struct recorder *r = ctx;
	r->traps++;
	r->retired_at_trap = cpu_retired(r->cpu);
	cpu_request_stop(r->cpu);
}

static uint64_t on_tick(void *ctx, uint64_t pc, uint64_t retired)
{
	struct recorder *r = ctx;
	r->ticks++;
	if (pc != reference_pc(retired) || retired != r->ticks * r->interval)
		r->bad_ticks++;
	return r->interval;
}

static struct cpu *make_cpu(enum cpu_arch arch, struct guest_mem *gm, struct recorder *r,
			    const uint8_t *code, size_t len, uint64_t first_tick, uint64_t max)
{
	bool is64 = arch == CPU_ARCH_X86_64;
	gm_init(gm, 4096, is64 ? 1ull << 47 : 1ull << 32, false, is64 ? 8 : 4);
	struct cpu_config cfg = {
		.arch = arch, .mem = gm,
		.events = { .ctx = r, .syscall = on_trap, .tick = on_tick },
		.first_tick = first_tick, .max_insns = max,
	};
	char err[128];
	struct cpu *cpu = cpu_create(&cfg, err, sizeof(err));
	cr_assert_not_null(cpu, "%s", err);
	cr_assert_eq(gm_map(gm, CODE, 4096, GM_PROT_READ | GM_PROT_EXEC), 0);
	cr_assert_eq(gm_map(gm, 0x800000, 4096, GM_PROT_READ | GM_PROT_WRITE), 0);
	cr_assert_eq(gm_poke(gm, CODE, code, len), 0);
	cpu_set_pc(cpu, CODE);
	cpu_set_reg(cpu, X86_RSP, 0x801000);
	r->cpu = cpu;
	return cpu;
}

static void loop_program(enum cpu_arch arch, uint64_t interval)
{
	uint8_t code[64];
	memcpy(code, loop_code, sizeof(loop_code));
	if (arch == CPU_ARCH_X86_64)
		memcpy(code + sizeof(loop_code), "\x0f\x05", 2);	/* syscall */
	else
		memcpy(code + sizeof(loop_code), "\xcd\x80", 2);	/* int 0x80 */
	struct guest_mem gm;
	struct recorder r = { .interval = interval };
	struct cpu *cpu = make_cpu(arch, &gm, &r, code, sizeof(loop_code) + 2, interval, 0);
	struct cpu_fault f;
	cr_assert_eq(cpu_run(cpu, &f), CPU_STOP_REQUESTED);
	cr_assert_eq(r.traps, 1);
	/* mov, 1000 x (add, dec, jnz), the trap itself */
	cr_assert_eq(r.retired_at_trap, 1 + 3 * LOOP_N + 1);
	cr_assert_eq(cpu_retired(cpu), 1 + 3 * LOOP_N + 1);
	cr_assert_eq(cpu_reg(cpu, X86_RAX), LOOP_N);
	if (interval) {
		cr_assert_eq(r.ticks, (1 + 3 * LOOP_N) / interval, "ticks up to the trap");
		cr_assert_eq(r.bad_ticks, 0, "every tick sampled the next instruction's pc");
	}
	cpu_destroy(cpu);
	gm_destroy(&gm);
}

Test(x86_cpu, counts_every_retired_instruction_x86_64)
{
	loop_program(CPU_ARCH_X86_64, 0);
}

Test(x86_cpu, counts_every_retired_instruction_i386)
{
	loop_program(CPU_ARCH_I386, 0);
}

Test(x86_cpu, ticks_sample_the_next_instruction_for_many_intervals)
{
	static const uint64_t intervals[] = { 1, 2, 3, 7, 10, 97, 1000 };
	for (size_t i = 0; i < sizeof(intervals) / sizeof(intervals[0]); i++) {
		loop_program(CPU_ARCH_X86_64, intervals[i]);
		loop_program(CPU_ARCH_I386, intervals[i]);
	}
}

Test(x86_cpu, unmapped_write_faults_with_address_and_exact_count)
{
	/* nop; nop; mov dword [0x10], eax */
	static const uint8_t code[] = { 0x90, 0x90, 0x89, 0x04, 0x25, 0x10, 0x00, 0x00, 0x00 };
	struct guest_mem gm;
	struct recorder r = { 0 };
	struct cpu *cpu = make_cpu(CPU_ARCH_X86_64, &gm, &r, code, sizeof(code), 0, 0);
	struct cpu_fault f;
	cr_assert_eq(cpu_run(cpu, &f), CPU_STOP_FAULT);
	cr_assert_eq(f.kind, CPU_FAULT_SEGV_MAPERR);
	cr_assert(f.has_addr);
	cr_assert_eq(f.addr, 0x10);
	cr_assert_eq(f.pc, CODE + 2, "pc %lx", (unsigned long)f.pc);
	cr_assert_eq(cpu_retired(cpu), 2, "the faulting store did not retire");
	cpu_destroy(cpu);
	gm_destroy(&gm);
}

Test(x86_cpu, write_to_read_only_page_is_an_access_error)
{
	static const uint8_t code[] = { 0x89, 0x04, 0x25, 0x00, 0x00, 0x40, 0x00 };	/* mov [CODE], eax */
	struct guest_mem gm;
	struct recorder r = { 0 };
	struct cpu *cpu = make_cpu(CPU_ARCH_X86_64, &gm, &r, code, sizeof(code), 0, 0);
	struct cpu_fault f;
	cr_assert_eq(cpu_run(cpu, &f), CPU_STOP_FAULT);
	cr_assert_eq(f.kind, CPU_FAULT_SEGV_ACCERR);
	cr_assert_eq(f.addr, CODE);
	cpu_destroy(cpu);
	gm_destroy(&gm);
}

Test(x86_cpu, ud2_is_illegal_and_divide_by_zero_is_fpe)
{
	static const uint8_t ud2[] = { 0x90, 0x0f, 0x0b };
	static const uint8_t div0[] = { 0x31, 0xc9, 0xf7, 0xf1 };	/* xor ecx, ecx; div ecx */
	struct guest_mem gm;
	struct recorder r = { 0 };
	struct cpu_fault f;
	struct cpu *cpu = make_cpu(CPU_ARCH_X86_64, &gm, &r, ud2, sizeof(ud2), 0, 0);
	cr_assert_eq(cpu_run(cpu, &f), CPU_STOP_FAULT);
	cr_assert_eq(f.kind, CPU_FAULT_ILL);
	cr_assert_eq(f.pc, CODE + 1);
	cpu_destroy(cpu);
	gm_destroy(&gm);
	cpu = make_cpu(CPU_ARCH_I386, &gm, &r, div0, sizeof(div0), 0, 0);
	cr_assert_eq(cpu_run(cpu, &f), CPU_STOP_FAULT);
	cr_assert_eq(f.kind, CPU_FAULT_FPE);
	cr_assert_eq(f.pc, CODE + 2);
	cr_assert_eq(cpu_retired(cpu), 1);
	cpu_destroy(cpu);
	gm_destroy(&gm);
}

Test(x86_cpu, instruction_limit_stops_without_passing_it)
{
	uint8_t code[64];
	memcpy(code, loop_code, sizeof(loop_code));
	memcpy(code + sizeof(loop_code), "\x0f\x05", 2);
	struct guest_mem gm;
	struct recorder r = { 0 };
	struct cpu *cpu = make_cpu(CPU_ARCH_X86_64, &gm, &r, code, sizeof(loop_code) + 2, 0, 500);
	struct cpu_fault f;
	cr_assert_eq(cpu_run(cpu, &f), CPU_STOP_INSN_LIMIT);
	cr_assert_leq(cpu_retired(cpu), 500);
	cr_assert_geq(cpu_retired(cpu), 500 - 3, "stops within one block of the limit");
	cr_assert_eq(r.traps, 0);
	cpu_destroy(cpu);
	gm_destroy(&gm);
}

Test(x86_cpu, i386_tls_descriptor_sets_the_gs_base)
{
	/* mov ax, 0x63 (entry 12, RPL 3); mov gs, ax; mov eax, gs:[4]; int 0x80 */
	static const uint8_t code[] = { 0x66, 0xb8, 0x63, 0x00, 0x8e, 0xe8, 0x65, 0xa1, 0x04,
					0x00, 0x00, 0x00, 0xcd, 0x80 };
	struct guest_mem gm;
	struct recorder r = { 0 };
	struct cpu *cpu = make_cpu(CPU_ARCH_I386, &gm, &r, code, sizeof(code), 0, 0);
	cr_assert_eq(gm_put(&gm, 0x800004, 4, 0xcafef00d), 0);
	cr_assert_eq(cpu_set_tls(cpu, X86_GDT_TLS_FIRST, 0x800000), 0);
	struct cpu_fault f;
	cr_assert_eq(cpu_run(cpu, &f), CPU_STOP_REQUESTED, "fault: %s", f.detail);
	cr_assert_eq(cpu_reg(cpu, X86_RAX), 0xcafef00d);
	cpu_destroy(cpu);
	gm_destroy(&gm);
}

/* fld1; fldz; fyl2x; fstp qword [0x800000]; trap: 1 * log2(0) is -inf on a real x87 (QEMU 5's
 * x87, inside Unicorn 2.1, leaves ST(0) unchanged and pops nothing). */
static void log2_of_zero(enum cpu_arch arch)
{
	static const uint8_t code64[] = { 0xd9, 0xe8, 0xd9, 0xee, 0xd9, 0xf1, 0xdd, 0x1c, 0x25,
					  0x00, 0x00, 0x80, 0x00, 0x0f, 0x05 };
	static const uint8_t code32[] = { 0xd9, 0xe8, 0xd9, 0xee, 0xd9, 0xf1, 0xdd, 0x1d,
					  0x00, 0x00, 0x80, 0x00, 0xcd, 0x80 };
	bool is64 = arch == CPU_ARCH_X86_64;
	struct guest_mem gm;
	struct recorder r = { 0 };
	struct cpu *cpu = make_cpu(arch, &gm, &r, is64 ? code64 : code32,
				   is64 ? sizeof(code64) : sizeof(code32), 0, 0);
	struct cpu_fault f;
	cr_assert_eq(cpu_run(cpu, &f), CPU_STOP_REQUESTED, "%s", f.detail);
	uint64_t bits;
	cr_assert_eq(gm_get(&gm, 0x800000, 8, &bits), 0);
	cr_assert_eq(bits, 0xfff0000000000000ull, "got %016lx", (unsigned long)bits);
	cr_assert_eq(r.retired_at_trap, 5, "fld1, fldz, fyl2x, fstp, trap");
	cpu_destroy(cpu);
	gm_destroy(&gm);
}

Test(x86_cpu, x87_transcendentals_match_the_hardware)
{
	log2_of_zero(CPU_ARCH_X86_64);
	log2_of_zero(CPU_ARCH_I386);
}

struct call_log {
	struct cpu *cpu;
	uint64_t site, ret_addr, target, returned_to;
	uint64_t called_at, returned_at;	/* the events' retired counts */
	int calls, rets, traps;
};

static void log_trap(void *ctx)
{
	struct call_log *l = ctx;
	l->traps++;
	cpu_request_stop(l->cpu);
}

static void log_call(void *ctx, uint64_t site, uint64_t ret_addr, uint64_t target, uint64_t retired)
{
	struct call_log *l = ctx;
	cr_assert_eq(retired, cpu_retired(l->cpu));
	l->called_at = retired;
	l->calls++;
	l->site = site;
	l->ret_addr = ret_addr;
	l->target = target;
}

static void log_ret(void *ctx, uint64_t target, uint64_t retired)
{
	struct call_log *l = ctx;
	cr_assert_eq(retired, cpu_retired(l->cpu));
	l->returned_at = retired;
	l->rets++;
	l->returned_to = target;
}

Test(x86_cpu, calls_and_returns_are_seen_with_site_and_target)
{
	/* nop; call f (+2); syscall; f: nop; ret */
	static const uint8_t code[] = { 0x90, 0xe8, 0x02, 0x00, 0x00, 0x00, 0x0f, 0x05, 0x90, 0xc3 };
	struct guest_mem gm;
	gm_init(&gm, 4096, 1ull << 47, false, 8);
	struct call_log l = { 0 };
	struct cpu_config cfg = { .arch = CPU_ARCH_X86_64, .mem = &gm,
				  .events = { .ctx = &l, .syscall = log_trap, .call = log_call, .ret = log_ret } };
	char err[128];
	struct cpu *cpu = cpu_create(&cfg, err, sizeof(err));
	cr_assert_not_null(cpu, "%s", err);
	l.cpu = cpu;
	cr_assert_eq(gm_map(&gm, CODE, 4096, GM_PROT_READ | GM_PROT_EXEC), 0);
	cr_assert_eq(gm_map(&gm, 0x800000, 4096, GM_PROT_READ | GM_PROT_WRITE), 0);
	cr_assert_eq(gm_poke(&gm, CODE, code, sizeof(code)), 0);
	cpu_set_pc(cpu, CODE);
	cpu_set_reg(cpu, X86_RSP, 0x801000);
	struct cpu_fault f;
	cr_assert_eq(cpu_run(cpu, &f), CPU_STOP_REQUESTED);
	cr_assert_eq(l.calls, 1);
	cr_assert_eq(l.site, CODE + 1);
	cr_assert_eq(l.ret_addr, CODE + 6);
	cr_assert_eq(l.target, CODE + 8);
	cr_assert_eq(l.rets, 1);
	cr_assert_eq(l.returned_to, CODE + 6);
	cr_assert_eq(l.called_at, 2, "nop, call");
	cr_assert_eq(l.returned_at, 4, "nop, call, nop, ret");
	cr_assert_eq(cpu_retired(cpu), 5, "nop, call, nop, ret, syscall");
	cpu_destroy(cpu);
	gm_destroy(&gm);
}

/* cpu_insn_counts: exact per-address counts, whatever ended the blocks (a trap, a fault, the
 * instruction limit, ticks). */
struct insn_tally {
	uint64_t addr[16], count[16];
	int n;
	uint64_t sum;
};

static void tally(void *ctx, uint64_t addr, uint64_t count)
{
	struct insn_tally *t = ctx;
	cr_assert_lt(t->n, 16);
	t->addr[t->n] = addr;
	t->count[t->n++] = count;
	t->sum += count;
}

static uint64_t tally_of(const struct insn_tally *t, uint64_t addr)
{
	for (int i = 0; i < t->n; i++)
		if (t->addr[i] == addr)
			return t->count[i];
	return 0;
}

static void counted_loop(enum cpu_arch arch, uint64_t interval, uint64_t max)
{
	uint8_t code[64];
	memcpy(code, loop_code, sizeof(loop_code));
	memcpy(code + sizeof(loop_code), arch == CPU_ARCH_X86_64 ? "\x0f\x05" : "\xcd\x80", 2);
	struct guest_mem gm;
	struct recorder r = { .interval = interval };
	struct cpu *cpu = make_cpu(arch, &gm, &r, code, sizeof(loop_code) + 2, interval, max);
	cr_assert_eq(cpu_count_insns(cpu), 0);
	struct cpu_fault f;
	enum cpu_stop stop = cpu_run(cpu, &f);
	cr_assert_eq(stop, max ? CPU_STOP_INSN_LIMIT : CPU_STOP_REQUESTED);
	struct insn_tally t = { 0 };
	cr_assert_eq(cpu_insn_counts(cpu, tally, &t), 0);
	cr_expect_eq(t.sum, cpu_retired(cpu), "counts add up to %llu, retired %llu",
		     (unsigned long long)t.sum, (unsigned long long)cpu_retired(cpu));
	if (!max) {
		cr_expect_eq(tally_of(&t, CODE), 1);
		for (int i = 0; i < 3; i++)
			cr_expect_eq(tally_of(&t, CODE + body[i]), LOOP_N, "body %d: %llu", i,
				     (unsigned long long)tally_of(&t, CODE + body[i]));
		cr_expect_eq(tally_of(&t, CODE + sizeof(loop_code)), 1, "the trap");
	} else {
		/* the first max instructions of the stream, each where the reference puts it */
		uint64_t want[16] = { 0 };
		for (uint64_t k = 0; k < cpu_retired(cpu); k++)
			want[reference_pc(k) - CODE]++;
		for (int a = 0; a < 16; a++)
			cr_expect_eq(tally_of(&t, CODE + (uint64_t)a), want[a], "at +%d", a);
	}
	cpu_destroy(cpu);
	gm_destroy(&gm);
}

Test(x86_cpu, insn_counts_are_exact_per_address)
{
	counted_loop(CPU_ARCH_X86_64, 0, 0);
	counted_loop(CPU_ARCH_I386, 0, 0);
	counted_loop(CPU_ARCH_X86_64, 7, 0);
	counted_loop(CPU_ARCH_I386, 97, 0);
	counted_loop(CPU_ARCH_X86_64, 0, 100);
	counted_loop(CPU_ARCH_I386, 3, 2000);
}

Test(x86_cpu, insn_counts_leave_out_a_faulting_instruction)
{
	static const uint8_t code[] = { 0x90, 0x90, 0x89, 0x04, 0x25, 0x10, 0x00, 0x00, 0x00 };
	struct guest_mem gm;
	struct recorder r = { 0 };
	struct cpu *cpu = make_cpu(CPU_ARCH_X86_64, &gm, &r, code, sizeof(code), 0, 0);
	cr_assert_eq(cpu_count_insns(cpu), 0);
	struct cpu_fault f;
	cr_assert_eq(cpu_run(cpu, &f), CPU_STOP_FAULT);
	struct insn_tally t = { 0 };
	cr_assert_eq(cpu_insn_counts(cpu, tally, &t), 0);
	cr_expect_eq(t.sum, 2);
	cr_expect_eq(tally_of(&t, CODE), 1);
	cr_expect_eq(tally_of(&t, CODE + 1), 1);
	cr_expect_eq(tally_of(&t, CODE + 2), 0);
	cpu_destroy(cpu);
	gm_destroy(&gm);
}

/* hlt is a fault in user mode (Linux answers it with SIGSEGV): it does not retire, so neither
 * the clock nor the per-address counts include it, whichever way its block was entered. */
static void hlt_program(enum cpu_arch arch, uint64_t interval)
{
	static const uint8_t code[] = { 0x90, 0x90, 0xf4, 0x90 };	/* nop; nop; hlt; nop */
	struct guest_mem gm;
	struct recorder r = { .interval = interval };
	struct cpu *cpu = make_cpu(arch, &gm, &r, code, sizeof(code), interval, 0);
	cr_assert_eq(cpu_count_insns(cpu), 0);
	struct cpu_fault f;
	cr_assert_eq(cpu_run(cpu, &f), CPU_STOP_FAULT);
	cr_assert_eq(f.kind, CPU_FAULT_SEGV_ACCERR);
	cr_assert_eq(f.pc, CODE + 2);
	cr_assert_eq(cpu_pc(cpu), CODE + 2);
	cr_assert_eq(cpu_retired(cpu), 2, "nop, nop; not the hlt");
	struct insn_tally t = { 0 };
	cr_assert_eq(cpu_insn_counts(cpu, tally, &t), 0);
	cr_expect_eq(t.sum, 2, "per-address counts add up to %llu", (unsigned long long)t.sum);
	cr_expect_eq(tally_of(&t, CODE + 2), 0, "the hlt counted %llu times",
		     (unsigned long long)tally_of(&t, CODE + 2));
	cpu_destroy(cpu);
	gm_destroy(&gm);
}

Test(x86_cpu, hlt_does_not_retire_in_the_counts)
{
	hlt_program(CPU_ARCH_X86_64, 0);
	hlt_program(CPU_ARCH_I386, 0);
	hlt_program(CPU_ARCH_X86_64, 1);
}

/* A rep-prefixed string instruction counts once per iteration and once more for the test that
 * finds the count exhausted (n + 1 for a count of n, 1 for a count of 0), as valgrind counts
 * it (doc/profemu.1, COMPARING WITH VALGRIND). */
static void rep_program(uint32_t n, uint64_t want_at_rep)
{
	uint8_t code[32];
	size_t len = 0;
	code[len++] = 0xb9;	/* mov ecx, n */
	memcpy(code + len, &n, 4);
	len += 4;
	static const uint8_t rest[] = { 0xbf, 0x00, 0x00, 0x80, 0x00,	/* mov edi, 0x800000 */
					0xbe, 0x00, 0x01, 0x80, 0x00,	/* mov esi, 0x800100 */
					0xf3, 0xa4,			/* rep movsb */
					0x0f, 0x05 };			/* syscall */
	memcpy(code + len, rest, sizeof(rest));
	len += sizeof(rest);
	struct guest_mem gm;
	struct recorder r = { 0 };
	struct cpu *cpu = make_cpu(CPU_ARCH_X86_64, &gm, &r, code, len, 0, 0);
	cr_assert_eq(cpu_count_insns(cpu), 0);
	struct cpu_fault f;
	cr_assert_eq(cpu_run(cpu, &f), CPU_STOP_REQUESTED);
	struct insn_tally t = { 0 };
	cr_assert_eq(cpu_insn_counts(cpu, tally, &t), 0);
	cr_expect_eq(tally_of(&t, CODE + 15), want_at_rep, "rep movsb of %u: counted %llu", n,
		     (unsigned long long)tally_of(&t, CODE + 15));
	cr_expect_eq(cpu_retired(cpu), 3 + want_at_rep + 1);
	cr_expect_eq(t.sum, cpu_retired(cpu));
	cpu_destroy(cpu);
	gm_destroy(&gm);
}

Test(x86_cpu, rep_counts_each_iteration_and_the_final_test)
{
	rep_program(0, 1);
	rep_program(1, 2);
	rep_program(5, 6);
	rep_program(200, 201);
}

/* CPUID describes the documented model (x86_cpuid.c), not the host or Unicorn's default. */
static void cpuid_of(enum cpu_arch arch, uint32_t leaf, uint32_t subleaf, uint32_t out[4])
{
	uint8_t code[16];
	size_t len = 0;
	code[len++] = 0xb8;	/* mov eax, leaf */
	memcpy(code + len, &leaf, 4);
	len += 4;
	code[len++] = 0xb9;	/* mov ecx, subleaf */
	memcpy(code + len, &subleaf, 4);
	len += 4;
	memcpy(code + len, "\x0f\xa2", 2);	/* cpuid */
	len += 2;
	memcpy(code + len, arch == CPU_ARCH_X86_64 ? "\x0f\x05" : "\xcd\x80", 2);
	len += 2;
	struct guest_mem gm;
	struct recorder r = { 0 };
	struct cpu *cpu = make_cpu(arch, &gm, &r, code, len, 0, 0);
	struct cpu_fault f;
	cr_assert_eq(cpu_run(cpu, &f), CPU_STOP_REQUESTED);
	static const int regs[4] = { X86_RAX, X86_RBX, X86_RCX, X86_RDX };
	for (int i = 0; i < 4; i++)
		out[i] = (uint32_t)cpu_reg(cpu, regs[i]);
	cr_expect_eq(cpu_retired(cpu), 4, "mov, mov, cpuid, trap");
	cpu_destroy(cpu);
	gm_destroy(&gm);
}

Test(x86_cpu, cpuid_is_the_documented_model)
{
	uint32_t v[4];
	cpuid_of(CPU_ARCH_X86_64, 0, 0, v);
	cr_expect_eq(v[0], 0xd);
	cr_expect_eq(v[1], 0x756e6547);	/* "Genu" "ineI" "ntel" */
	cr_expect_eq(v[3], 0x49656e69);
	cr_expect_eq(v[2], 0x6c65746e);
	cpuid_of(CPU_ARCH_X86_64, 1, 0, v);
	cr_expect_eq(v[0], 0x306c3, "Haswell, family 6 model 60 stepping 3");
	cr_expect_eq(v[2] & (1u << 27), 0, "OSXSAVE clear: no AVX state, AVX unusable");
	cr_expect_neq(v[2] & (1u << 20), 0, "SSE4.2");
	cr_expect_eq(v[2] & (1u << 30), 0, "no RDRAND (its results would come from the host)");
	cpuid_of(CPU_ARCH_X86_64, 4, 3, v);
	cr_expect_eq(v[0], 0x1c03c163, "the L3 cache's leaf 4");
	cpuid_of(CPU_ARCH_X86_64, 0xb, 2, v);
	cr_expect_eq(v[2], 2, "a topology level past the last reports its number");
	cpuid_of(CPU_ARCH_X86_64, 0x40000000, 0, v);
	uint32_t top[4];
	cpuid_of(CPU_ARCH_X86_64, 0xd, 0, top);
	cr_expect_arr_eq(v, top, sizeof(v), "above the highest leaf: the highest basic leaf");
	cpuid_of(CPU_ARCH_I386, 1, 0, v);
	cr_expect_eq(v[0], 0x6f6, "Core 2, family 6 model 15 stepping 6");
	cr_expect_neq(v[2] & (1u << 9), 0, "SSSE3");
	cr_expect_eq(v[2] & (1u << 19), 0, "no SSE4.1");
}

/* Issue 18: the back end counts by blocks; a tick inside a block must not name an instruction
 * that a fault earlier in the block keeps from running. The program: two nops, a store to an
 * unmapped page (the fault), three nops, the trap; the "signal handler" is more nops at
 * CODE + 0x100, where the run goes on after the fault. Every tick must name the instruction
 * that comes after exactly its count of retired ones: the store for count 2 (reached, though
 * it faults), a handler nop for later counts, never a nop after the store. */
struct fault_ticks {
	struct cpu *cpu;
	uint64_t pcs[8], counts[8];
	int n;
	bool stop;	/* cpu_request_stop_at_tick at each tick */
};

static uint64_t fault_tick(void *ctx, uint64_t pc, uint64_t retired)
{
	struct fault_ticks *t = ctx;
	if (t->n < 8) {
		t->pcs[t->n] = pc;
		t->counts[t->n] = retired;
	}
	t->n++;
	if (t->stop)
		cpu_request_stop_at_tick(t->cpu);
	return 1000;
}

static void fault_ticks_trap(void *ctx)
{
	cpu_request_stop(((struct fault_ticks *)ctx)->cpu);
}

static void tick_after_fault(enum cpu_arch arch, uint64_t first_tick, bool exact, bool stop)
{
	static const uint8_t code[] = { 0x90, 0x90, 0x89, 0x05, 0x00, 0x00, 0x00, 0x00,	/* mov [0x?], eax */
					0x90, 0x90, 0x90, 0xcd, 0x80 };
	uint8_t prog[sizeof code];
	uint8_t handler[] = { 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0xcd, 0x80 };
	memcpy(prog, code, sizeof code);
	if (arch == CPU_ARCH_X86_64) {	/* syscall for int 0x80 */
		memcpy(prog + 11, "\x0f\x05", 2);
		memcpy(handler + 8, "\x0f\x05", 2);
	}
	if (arch == CPU_ARCH_X86_64)	/* mov [rip+0x7fff0000] has no page: the same length */
		memcpy(prog + 2, "\x89\x05\x00\x00\xff\x7f", 6);
	else	/* mov [0x10], eax */
		memcpy(prog + 2, "\x89\x05\x10\x00\x00\x00", 6);
	bool is64 = arch == CPU_ARCH_X86_64;
	struct guest_mem gm;
	gm_init(&gm, 4096, is64 ? 1ull << 47 : 1ull << 32, false, is64 ? 8 : 4);
	struct fault_ticks t = { .stop = stop };
	struct cpu_config cfg = {
		.arch = arch, .mem = &gm,
		.events = { .ctx = &t, .syscall = fault_ticks_trap, .tick = fault_tick },
		.first_tick = first_tick,
	};
	char err[128];
	struct cpu *cpu = cpu_create(&cfg, err, sizeof(err));
	cr_assert_not_null(cpu, "%s", err);
	t.cpu = cpu;
	cpu_exact_ticks(cpu, exact);
	cr_assert_eq(gm_map(&gm, CODE, 4096, GM_PROT_READ | GM_PROT_EXEC), 0);
	cr_assert_eq(gm_poke(&gm, CODE, prog, sizeof prog), 0);
	cr_assert_eq(gm_poke(&gm, CODE + 0x100, handler, sizeof handler), 0);
	cpu_set_pc(cpu, CODE);
	struct cpu_fault f;
	enum cpu_stop s;
	while ((s = cpu_run(cpu, &f)) == CPU_STOP_REQUESTED)
		;	/* stops at ticks (stop), then the fault */
	cr_assert_eq(s, CPU_STOP_FAULT, "%s ticks at %lu: stop %d", cpu_arch_name(arch),
		     (unsigned long)first_tick, s);
	cr_assert_eq(f.pc, CODE + 2);
	cr_assert_eq(cpu_retired(cpu), 2);
	if (first_tick <= 2) {
		cr_assert_eq(t.n, 1, "%s: the tick at %lu came", cpu_arch_name(arch), (unsigned long)first_tick);
		cr_assert_eq(t.pcs[0], CODE + first_tick, "the store's pc for count 2");
	} else {
		cr_assert_eq(t.n, 0, "%s exact %d: a tick at count %lu named 0x%lx before the fault let it come",
			     cpu_arch_name(arch), exact, (unsigned long)t.counts[0], (unsigned long)t.pcs[0]);
	}
	cpu_set_pc(cpu, CODE + 0x100);	/* the handler */
	int before = t.n;
	while ((s = cpu_run(cpu, &f)) == CPU_STOP_REQUESTED && cpu_pc(cpu) != CODE + 0x10a)
		;
	if (first_tick > 2) {
		cr_assert_eq(t.n, before + 1);
		cr_assert_eq(t.counts[before], first_tick);
		cr_assert_eq(t.pcs[before], CODE + 0x100 + (first_tick - 2),
			     "%s exact %d stop %d: tick at %lu named 0x%lx", cpu_arch_name(arch), exact, stop,
			     (unsigned long)first_tick, (unsigned long)t.pcs[before]);
	}
	cpu_destroy(cpu);
	gm_destroy(&gm);
}

Test(x86_cpu, no_tick_names_an_instruction_a_fault_kept_from_running)
{
	static const enum cpu_arch arches[] = { CPU_ARCH_X86_64, CPU_ARCH_I386 };
	for (int a = 0; a < 2; a++)
		for (uint64_t first = 1; first <= 6; first++)
			for (int mode = 0; mode < 3; mode++)	/* deferred, exact, exact with stops */
				tick_after_fault(arches[a], first, mode > 0, mode == 2);
}
