/* libFuzzer harness for the hppa interpreter (emu/hppa/): the input is a register state and a
 * run of instruction words. Every word is decoded and disassembled, then the code runs from a
 * read+exec page next to a data page the registers partly point into, with ticks, a breakpoint,
 * call/return/syscall events and an instruction limit; after a fault it resumes at the next
 * word a few times, so one input exercises many paths. Any crash, sanitizer report or leak, or
 * a fault without its message, is a bug. Each input runs twice, interpreted and with the host-code
 * translator (hppa_jit.c), and the two must leave the same registers, memory, count and events.
 *
 * Input layout: 32 words of general registers, one word of flags (SAR, FP status, PSW bits,
 * tick interval), 8 doublewords of FP registers, then the instruction words (big-endian). */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "emu/byteorder.h"
#include "emu/hppa/hppa_cpu.h"
#include "emu/hppa/hppa_disasm.h"
#include "emu/hppa/regs.h"

#define CODE 0x10000u
#define DATA 0x20000u
#define HEADER (33 * 4 + 8 * 8)
#define MAX_WORDS 256

struct ctx {
	struct cpu *cpu;
	int events;
};

static void on_syscall(void *p)
{
	struct ctx *c = p;
	if (++c->events > 50)
		hppa_cpu_ops.request_stop(c->cpu);
	hppa_cpu_ops.set_reg(c->cpu, HPPA_REG_RET0, (uint64_t)-38);
	hppa_cpu_ops.charge(c->cpu, 3 + (c->events & 15), hppa_cpu_ops.pc(c->cpu));
}

static void on_interrupt(void *p, unsigned vector)
{
	(void)vector;
	on_syscall(p);
}

static uint64_t on_tick(void *p, uint64_t pc, uint64_t retired)
{
	struct ctx *c = p;
	(void)retired;
	if ((pc & 0x3c) == 0x3c)
		hppa_cpu_ops.request_stop_at_tick(c->cpu);
	if ((pc & 0x7c) == 0x40)
		hppa_cpu_ops.charge(c->cpu, 25, pc);
	return 7;
}

static void on_breakpoint(void *p, uint64_t addr)
{
	struct ctx *c = p;
	if (++c->events & 1)
		hppa_cpu_ops.set_pc(c->cpu, addr + 4);
}

static void on_call(void *p, uint64_t site, uint64_t ret, uint64_t target, uint64_t retired)
{
	(void)p, (void)site, (void)ret, (void)target, (void)retired;
}

static void on_ret(void *p, uint64_t target, uint64_t retired)
{
	(void)p, (void)target, (void)retired;
}

/* What one run leaves behind, for the translator's differential check. */
struct outcome {
	char regs[1024];
	uint64_t retired, psw, r0;
	int events;
	uint8_t data[0x2000];
};

/* Runs the input's code once, with the host-code translator (hppa_jit.c) or without it. */
static void run_once(const uint8_t *data, const uint8_t *code, size_t nwords, bool jit,
		     struct outcome *out)
{
	struct guest_mem gm;
	gm_init(&gm, 4096, 1ull << 32, true, 4);
	if (gm_map(&gm, CODE, 0x2000, GM_PROT_READ | GM_PROT_EXEC) ||
	    gm_map(&gm, DATA, 0x2000, GM_PROT_READ | GM_PROT_WRITE))
		__builtin_trap();
	gm_poke(&gm, CODE, code, nwords * 4);

	uint32_t flags = bo_get32(data + 32 * 4, BO_BIG);
	struct ctx ctx = {0};
	struct cpu_config cfg = {
		.arch = CPU_ARCH_HPPA,
		.mem = &gm,
		.events = {.ctx = &ctx, .syscall = on_syscall, .interrupt = on_interrupt,
			   .tick = on_tick, .breakpoint = on_breakpoint, .call = on_call, .ret = on_ret},
		.max_insns = 4000,
		.first_tick = 1 + (flags >> 28),
	};
	char err[128];
	struct cpu *cpu = hppa_cpu_ops.create(&cfg, err, sizeof err);
	if (!cpu)
		__builtin_trap();
	if (!jit)
		((struct hppa_cpu *)cpu)->jit.off = true;
	ctx.cpu = cpu;
	for (int r = 1; r < 32; r++) {
		uint32_t v = bo_get32(data + 4 * r, BO_BIG);
		/* half the registers point into the data page, as real code's pointers do */
		if (v & 0x80000000u && r % 3)
			v = DATA + (v & 0x1ffc);
		hppa_cpu_ops.set_reg(cpu, r, v);
	}
	hppa_cpu_ops.set_reg(cpu, HPPA_REG_SAR, flags & 31);
	hppa_cpu_ops.set_reg(cpu, HPPA_REG_PSW, flags & (HPPA_PSW_N | HPPA_PSW_V | HPPA_PSW_CB));
	for (int i = 0; i < 8; i++)
		hppa_cpu_ops.set_reg(cpu, HPPA_REG_FR0 + 4 + i, bo_get64(data + 33 * 4 + 8 * i, BO_BIG));
	hppa_cpu_ops.set_reg(cpu, HPPA_REG_FR0, (uint64_t)(flags & 0x00000600u) << 32);
	if (flags & 0x100)
		hppa_cpu_ops.add_breakpoint(cpu, CODE + 8);
	hppa_cpu_ops.set_pc(cpu, CODE);

	for (int round = 0; round < 8; round++) {
		struct cpu_fault f;
		memset(&f, 0, sizeof f);
		enum cpu_stop s = hppa_cpu_ops.run(cpu, &f);
		if (s == CPU_STOP_INSN_LIMIT)
			break;
		if (s == CPU_STOP_FAULT) {
			if (!f.detail[0])
				__builtin_trap();	/* every fault says what happened */
			hppa_cpu_ops.set_pc(cpu, (f.pc & ~3u) + 4);
		}
		if (hppa_cpu_ops.pc(cpu) >= CODE + nwords * 4 || hppa_cpu_ops.pc(cpu) < CODE)
			hppa_cpu_ops.set_pc(cpu, CODE + 4 * (uint32_t)(round % (int)nwords));
	}
	hppa_cpu_ops.dump_regs(cpu, out->regs, sizeof out->regs);
	out->retired = hppa_cpu_ops.retired(cpu);
	out->psw = hppa_cpu_ops.reg(cpu, HPPA_REG_PSW);	/* the carry bits with it */
	out->r0 = hppa_cpu_ops.reg(cpu, 0);
	out->events = ctx.events;
	(void)hppa_cpu_ops.thread_pointer(cpu);
	const uint8_t *d = gm_host(&gm, DATA, sizeof out->data, GM_PROT_READ);
	if (!d)
		__builtin_trap();
	memcpy(out->data, d, sizeof out->data);
	hppa_cpu_ops.destroy(cpu);
	gm_destroy(&gm);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < HEADER + 4)
		return 0;
	size_t nwords = (size - HEADER) / 4;
	if (nwords > MAX_WORDS)
		nwords = MAX_WORDS;
	const uint8_t *code = data + HEADER;

	char text[128];
	for (size_t i = 0; i < nwords; i++) {
		struct hppa_insn in;
		uint32_t w = bo_get32(code + 4 * i, BO_BIG);
		hppa_decode(w, &in);
		if (in.op >= HOP_COUNT || hppa_disasm(w, CODE + 4 * (uint32_t)i, text, sizeof text) == 0)
			__builtin_trap();
	}

	/* The translator must change nothing a program can see: registers, carry bits, memory,
	 * the count and the events are those of the interpreter alone. */
	static struct outcome interp, translated;
	run_once(data, code, nwords, false, &interp);
	run_once(data, code, nwords, true, &translated);
	if (strcmp(interp.regs, translated.regs) || interp.retired != translated.retired ||
	    interp.psw != translated.psw || interp.r0 != translated.r0 ||
	    interp.events != translated.events || memcmp(interp.data, translated.data, sizeof interp.data)) {
		fprintf(stderr, "fuzz_hppa: the translator differs from the interpreter\n"
			"interpreter: %s\nretired %llu\ntranslated: %s\nretired %llu\n", interp.regs,
			(unsigned long long)interp.retired, translated.regs,
			(unsigned long long)translated.retired);
		__builtin_trap();
	}
	return 0;
}
