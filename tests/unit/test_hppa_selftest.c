/* The hppa interpreter runs guests/hppa/hppa_selftest.c (millicode division, 64-bit
 * arithmetic, switch tables, indirect calls through $$dyncall, bit fields, FP conversions and
 * fsqrt), built for hppa at -O0 and -O2 by guests/hppa/checks, and prints exactly what the
 * same functions print compiled natively into this test. A small loader here maps the ELF's
 * PT_LOAD segments; write and exit are the only system calls the program makes. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu/byteorder.h"
#include "emu/cpu.h"
#include "emu/hppa/regs.h"

#define SELFTEST_NATIVE
#include "guests/hppa/hppa_selftest.c"

#define CHECK_DIR "../guests/hppa/checks/"
#define STACK 0xc0000000u

static char expected[4096];
static size_t expected_len;

static void native_emit(const char *s, unsigned len)
{
	cr_assert_lt(expected_len + len, sizeof expected);
	memcpy(expected + expected_len, s, len);
	expected_len += len;
}

struct run {
	struct guest_mem gm;
	struct cpu *cpu;
	char out[4096];
	size_t out_len;
	int exited;
};

static void on_syscall(void *ctx)
{
	struct run *r = ctx;
	uint32_t nr = (uint32_t)cpu_reg(r->cpu, HPPA_REG_R20);
	uint32_t a0 = (uint32_t)cpu_reg(r->cpu, HPPA_REG_R26);
	uint32_t a1 = (uint32_t)cpu_reg(r->cpu, HPPA_REG_R25);
	uint32_t a2 = (uint32_t)cpu_reg(r->cpu, HPPA_REG_R24);
	if (nr == 4 && a0 == 1 && r->out_len + a2 < sizeof r->out &&
	    gm_read(&r->gm, a1, r->out + r->out_len, a2) == 0) {
		r->out_len += a2;
		cpu_set_reg(r->cpu, HPPA_REG_RET0, a2);
		return;
	}
	r->exited = nr == 1 ? 1 : -1;
	cpu_request_stop(r->cpu);
}

/* Maps the PT_LOAD segments of a 32-bit big-endian EM_PARISC executable; returns the entry. */
static uint32_t load(struct guest_mem *gm, const char *path)
{
	FILE *f = fopen(path, "rb");
	cr_assert(f, "%s missing", path);
	static uint8_t img[1 << 20];
	size_t n = fread(img, 1, sizeof img, f);
	fclose(f);
	cr_assert(n > 52 && memcmp(img, "\177ELF\001\002", 6) == 0 && bo_get16(img + 18, BO_BIG) == 15);
	uint32_t phoff = bo_get32(img + 28, BO_BIG);
	unsigned phnum = bo_get16(img + 44, BO_BIG), phent = bo_get16(img + 42, BO_BIG);
	for (unsigned i = 0; i < phnum; i++) {
		const uint8_t *ph = img + phoff + i * phent;
		if (bo_get32(ph, BO_BIG) != 1)
			continue;
		uint32_t off = bo_get32(ph + 4, BO_BIG), va = bo_get32(ph + 8, BO_BIG);
		uint32_t filesz = bo_get32(ph + 16, BO_BIG), memsz = bo_get32(ph + 20, BO_BIG);
		uint32_t flags = bo_get32(ph + 24, BO_BIG);
		int prot = (flags & 4 ? GM_PROT_READ : 0) | (flags & 2 ? GM_PROT_WRITE : 0) |
			(flags & 1 ? GM_PROT_EXEC : 0);
		uint32_t start = va & ~0xfffu, end = (va + memsz + 0xfff) & ~0xfffu;
		cr_assert_eq(gm_map(gm, start, end - start, prot), 0);
		cr_assert_eq(gm_poke(gm, va, img + off, filesz), 0);
	}
	return bo_get32(img + 24, BO_BIG);
}

static void run_selftest(const char *name)
{
	char path[256], err[256];
	snprintf(path, sizeof path, CHECK_DIR "%s", name);
	FILE *probe = fopen(path, "rb");
	if (!probe)
		cr_skip_test("%s not built: hppa-linux-gnu-gcc was not found at configure time", path);
	fclose(probe);
	expected_len = 0;
	seed = 12345;
	selftest_run(native_emit);

	uint64_t counts[2];
	for (int pass = 0; pass < 2; pass++) {
		struct run r;
		memset(&r, 0, sizeof r);
		gm_init(&r.gm, 4096, 1ull << 32, true, 4);
		uint32_t entry = load(&r.gm, path);
		cr_assert_eq(gm_map(&r.gm, STACK, 0x40000, GM_PROT_READ | GM_PROT_WRITE), 0);
		struct cpu_config cfg = {
			.arch = CPU_ARCH_HPPA, .mem = &r.gm,
			.events = {.ctx = &r, .syscall = on_syscall},
			.max_insns = 50000000,
		};
		r.cpu = cpu_create(&cfg, err, sizeof err);
		cr_assert(r.cpu, "%s", err);
		cpu_set_pc(r.cpu, entry);
		cpu_set_reg(r.cpu, HPPA_REG_SP, STACK + 0x100);
		struct cpu_fault fault;
		enum cpu_stop stop = cpu_run(r.cpu, &fault);
		char regs[1024];
		cpu_dump_regs(r.cpu, regs, sizeof regs);
		cr_assert_eq(stop, CPU_STOP_REQUESTED, "stop %d at %#llx: %s\n%s", stop,
			     (unsigned long long)fault.pc, fault.detail, regs);
		cr_assert_eq(r.exited, 1);
		r.out[r.out_len] = '\0';
		expected[expected_len] = '\0';
		cr_assert_str_eq(r.out, expected, "%s prints\n%s\nnative prints\n%s", name, r.out,
				 expected);
		counts[pass] = cpu_retired(r.cpu);
		cpu_destroy(r.cpu);
		gm_destroy(&r.gm);
	}
	cr_assert_eq(counts[0], counts[1], "the instruction count is not reproducible");
	cr_log_info("%s: %llu instructions", name, (unsigned long long)counts[0]);
}

Test(hppa_selftest, O0)
{
	run_selftest("hppa_selftest-O0");
}

Test(hppa_selftest, O2)
{
	run_selftest("hppa_selftest-O2");
}
