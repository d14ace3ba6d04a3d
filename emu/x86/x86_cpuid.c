/* The CPU a guest's CPUID instruction describes: a fixed, documented model per architecture
 * (doc/profemu.1, CPU MODEL), never the host's and never Unicorn's default (an AMD "QEMU
 * Virtual CPU" without SSSE3). The C library picks its string functions, cache sizes and
 * start-up paths by what CPUID says, so the model is part of what makes an instruction count
 * reproducible on any host, and it is the one valgrind presents, so that counts compare with
 * valgrind's instruction for instruction:
 *
 *   x86-64  Intel Core i7-4910MQ (Haswell, family 6 model 60 stepping 3), the CPU valgrind's
 *           amd64 guests see on hosts with AVX2, less what Unicorn cannot execute: AVX, AVX2,
 *           FMA, F16C and XSAVE/OSXSAVE (no AVX state); and RDRAND, RDSEED, whose results
 *           would come from the host (the run would not be reproducible).
 *   i386    Intel Core 2 6600 (family 6 model 15 stepping 6, SSSE3), the CPU valgrind's x86
 *           guests see, as it is.
 *
 * The leaves are the processor's own values as valgrind reports them (measured with a CPUID
 * dump run under it). Unicorn is given a model that executes every instruction set the table
 * announces (x86_cpuid_unicorn_model). */
#include <stddef.h>

#include "regs.h"
#include "x86_cpu_internal.h"
#include "x86_cpuid.h"

struct cpuid_leaf {
	uint32_t leaf, subleaf;	/* subleaf ignored unless the model lists the leaf per subleaf */
	uint32_t eax, ebx, ecx, edx;
};

struct cpuid_model {
	const struct cpuid_leaf *leaves;
	size_t count;
	uint32_t max_basic, max_extended;
	/* leaves whose output depends on ECX; a subleaf not listed is zero, except leaf 0xb
	 * (topology), whose levels past the listed ones report their number in ECX */
	uint32_t per_subleaf[4];
};

/* CPUID.1 ECX and CPUID.7 EBX bits the x86-64 model takes off the Haswell. */
#define ECX1_FMA (1u << 12)
#define ECX1_XSAVE (1u << 26)
#define ECX1_OSXSAVE (1u << 27)
#define ECX1_AVX (1u << 28)
#define ECX1_F16C (1u << 29)
#define ECX1_RDRAND (1u << 30)
#define EBX7_AVX2 (1u << 5)
#define EBX7_RDSEED (1u << 18)

static const struct cpuid_leaf haswell_leaves[] = {
	{ 0x0, 0, 0x0000000d, 0x756e6547, 0x6c65746e, 0x49656e69 },	/* "GenuineIntel" */
	{ 0x1, 0, 0x000306c3, 0x02100800,
	  0x7ffafbff & ~(ECX1_OSXSAVE | ECX1_RDRAND),
	  0xbfebfbff },
	{ 0x2, 0, 0x76036301, 0x00f0b6ff, 0x00000000, 0x00c10000 },	/* cache descriptors */
	{ 0x4, 0, 0x1c004121, 0x01c0003f, 0x0000003f, 0x00000000 },	/* L1d 32K */
	{ 0x4, 1, 0x1c004122, 0x01c0003f, 0x0000003f, 0x00000000 },	/* L1i 32K */
	{ 0x4, 2, 0x1c004143, 0x01c0003f, 0x000001ff, 0x00000000 },	/* L2 256K */
	{ 0x4, 3, 0x1c03c163, 0x03c0003f, 0x00001fff, 0x00000006 },	/* L3 8M */
	{ 0x5, 0, 0x00000040, 0x00000040, 0x00000003, 0x00042120 },
	{ 0x6, 0, 0x00000077, 0x00000002, 0x00000009, 0x00000000 },
	{ 0x7, 0, 0x00000000, 0x000427aa & ~EBX7_RDSEED, 0x00000000, 0x00000000 },
	{ 0xa, 0, 0x07300803, 0x00000000, 0x00000000, 0x00000603 },
	{ 0xb, 0, 0x00000001, 0x00000002, 0x00000100, 0x00000002 },	/* SMT level */
	{ 0xb, 1, 0x00000004, 0x00000008, 0x00000201, 0x00000002 },	/* core level */
	/* 0xd: no XSAVE, no state components */
	{ 0x80000000, 0, 0x80000008, 0, 0, 0 },
	{ 0x80000001, 0, 0x00000000, 0x00000000, 0x00000021, 0x2c100800 },
	{ 0x80000002, 0, 0x65746e49, 0x2952286c, 0x726f4320, 0x4d542865 },	/* brand string: */
	{ 0x80000003, 0, 0x37692029, 0x3139342d, 0x20514d30, 0x20555043 },	/* "Intel(R) Core(TM) */
	{ 0x80000004, 0, 0x2e322040, 0x48473039, 0x0000007a, 0x00000000 },	/* i7-4910MQ ..." */
	{ 0x80000006, 0, 0x00000000, 0x00000000, 0x01006040, 0x00000000 },
	{ 0x80000007, 0, 0x00000000, 0x00000000, 0x00000000, 0x00000100 },
	{ 0x80000008, 0, 0x00003027, 0x00000000, 0x00000000, 0x00000000 },
};

static const struct cpuid_leaf core2_leaves[] = {
	{ 0x0, 0, 0x0000000a, 0x756e6547, 0x6c65746e, 0x49656e69 },	/* "GenuineIntel" */
	{ 0x1, 0, 0x000006f6, 0x00020800, 0x0000e3bd, 0xbfebfbff },
	{ 0x2, 0, 0x05b0b101, 0x005657f0, 0x00000000, 0x2cb43049 },
	{ 0x4, 0, 0x04000121, 0x01c0003f, 0x0000003f, 0x00000001 },	/* L1d 32K */
	{ 0x4, 1, 0x04000122, 0x01c0003f, 0x0000003f, 0x00000001 },	/* L1i 32K */
	{ 0x4, 2, 0x04004143, 0x03c0003f, 0x00000fff, 0x00000001 },	/* L2 4M */
	{ 0x5, 0, 0x00000040, 0x00000040, 0x00000003, 0x00000020 },
	{ 0x6, 0, 0x00000001, 0x00000002, 0x00000001, 0x00000000 },
	{ 0x8, 0, 0x00000400, 0x00000000, 0x00000000, 0x00000000 },
	{ 0xa, 0, 0x07280202, 0x00000000, 0x00000000, 0x00000000 },
	{ 0x80000000, 0, 0x80000008, 0, 0, 0 },
	{ 0x80000001, 0, 0x00000000, 0x00000000, 0x00000001, 0x20100000 },
	{ 0x80000002, 0, 0x65746e49, 0x2952286c, 0x726f4320, 0x4d542865 },	/* brand string: */
	{ 0x80000003, 0, 0x43203229, 0x20205550, 0x20202020, 0x20202020 },	/* "Intel(R) Core(TM)2 */
	{ 0x80000004, 0, 0x30303636, 0x20402020, 0x30342e32, 0x007a4847 },	/* CPU 6600 ..." */
	{ 0x80000006, 0, 0x00000000, 0x00000000, 0x10008040, 0x00000000 },
	{ 0x80000008, 0, 0x00003024, 0x00000000, 0x00000000, 0x00000000 },
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static const struct cpuid_model haswell = {
	haswell_leaves, COUNT(haswell_leaves), 0xd, 0x80000008, { 0x4, 0x7, 0xb, 0xd },
};
static const struct cpuid_model core2 = {
	core2_leaves, COUNT(core2_leaves), 0xa, 0x80000008, { 0x4, 0x7, 0xb, 0xd },
};

static const struct cpuid_model *model_of(enum cpu_arch arch)
{
	return arch == CPU_ARCH_X86_64 ? &haswell : arch == CPU_ARCH_I386 ? &core2 : NULL;
}

bool x86_cpuid_has_model(enum cpu_arch arch)
{
	return model_of(arch) != NULL;
}

int x86_cpuid_unicorn_model(enum cpu_arch arch)
{
	/* Unicorn's own models of the same processors: they decode SSSE3 (Core 2) and SSE4.2,
	 * POPCNT, MOVBE, AES, PCLMULQDQ, BMI1/2, LZCNT (Haswell); the default one does not. */
	return arch == CPU_ARCH_X86_64 ? UC_CPU_X86_HASWELL : UC_CPU_X86_CORE2DUO;
}

static bool listed_per_subleaf(const struct cpuid_model *m, uint32_t leaf)
{
	for (size_t i = 0; i < COUNT(m->per_subleaf); i++)
		if (m->per_subleaf[i] == leaf)
			return true;
	return false;
}

/* Intel's rule for a leaf above the highest one: the highest basic leaf's output. */
void x86_cpuid_lookup(enum cpu_arch arch, uint32_t leaf, uint32_t subleaf, uint32_t out[4])
{
	const struct cpuid_model *m = model_of(arch);
	out[0] = out[1] = out[2] = out[3] = 0;
	if (!m)
		return;
	bool extended = leaf >= 0x80000000u;
	if ((!extended && leaf > m->max_basic) || (extended && leaf > m->max_extended))
		leaf = m->max_basic;
	bool by_subleaf = listed_per_subleaf(m, leaf);
	if (!by_subleaf)
		subleaf = 0;
	for (size_t i = 0; i < m->count; i++) {
		const struct cpuid_leaf *l = &m->leaves[i];
		if (l->leaf == leaf && l->subleaf == subleaf) {
			out[0] = l->eax, out[1] = l->ebx, out[2] = l->ecx, out[3] = l->edx;
			return;
		}
	}
	if (leaf == 0xb && leaf <= m->max_basic) {
		/* a level past the last: type 0 (invalid), its number in ECX[7:0], the x2APIC id */
		out[2] = subleaf & 0xff;
		out[3] = 2;
	}
}

/* The instruction writes the low 32 bits of each register; in 64-bit mode that clears the
 * upper half, as writing the whole register with a 32-bit value does. */
int x86_on_cpuid(uc_engine *uc, void *user)
{
	struct x86_cpu *cpu = user;
	(void)uc;
	uint32_t out[4];
	x86_cpuid_lookup(cpu->base.arch, (uint32_t)x86_read_reg(cpu, X86_RAX),
			 (uint32_t)x86_read_reg(cpu, X86_RCX), out);
	static const int regs[4] = { X86_RAX, X86_RBX, X86_RCX, X86_RDX };
	for (int i = 0; i < 4; i++)
		x86_write_reg(cpu, regs[i], out[i]);
	return 1;	/* handled: Unicorn does not run its own CPUID */
}
