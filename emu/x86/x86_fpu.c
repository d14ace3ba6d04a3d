/* The x86 floating-point state: the x87 and SSE registers as the FXSAVE image signal frames
 * carry, SSE enabled as Linux does, and the x87 instructions the host executes (x87_host.h),
 * each reached through a code hook added when the block cache first decodes it. */
#include <stdlib.h>
#include <string.h>

#include "../byteorder.h"
#include "regs.h"
#include "x86_cpu_internal.h"
#include "x87_host.h"

/* The x87 registers as an FSAVE image and back (the tag word is Unicorn's full form). */
static void x87_load(struct x86_cpu *cpu, struct x87_state *st)
{
	memset(st, 0, sizeof(*st));
	uc_reg_read(cpu->uc, UC_X86_REG_FPCW, &st->fcw);
	uc_reg_read(cpu->uc, UC_X86_REG_FPSW, &st->fsw);
	uc_reg_read(cpu->uc, UC_X86_REG_FPTAG, &st->ftw);
	for (int i = 0; i < 8; i++)
		uc_reg_read(cpu->uc, UC_X86_REG_ST0 + i, st->st[i]);
}

static void x87_store(struct x86_cpu *cpu, const struct x87_state *st)
{
	uc_reg_write(cpu->uc, UC_X86_REG_FPSW, &st->fsw);	/* first: it moves the stack top */
	uc_reg_write(cpu->uc, UC_X86_REG_FPTAG, &st->ftw);
	for (int i = 0; i < 8; i++)
		uc_reg_write(cpu->uc, UC_X86_REG_ST0 + i, st->st[i]);
}

/* Real mode has no FXSAVE (DOS programs never need one): -1 there. */
int x86_fpu_save(struct x86_cpu *cpu, uint8_t image[X86_FXSAVE_BYTES])
{
	struct x87_state st;
	uint32_t mxcsr = 0;
	memset(image, 0, X86_FXSAVE_BYTES);
	if (cpu->base.arch == CPU_ARCH_I8086)
		return -1;
	x87_load(cpu, &st);
	bo_put16(image + 0, st.fcw, BO_LITTLE);
	bo_put16(image + 2, st.fsw, BO_LITTLE);
	uint8_t abridged = 0;	/* one bit per physical register: 1 = not empty */
	for (int i = 0; i < 8; i++)
		if (((st.ftw >> (2 * i)) & 3) != 3)
			abridged |= (uint8_t)(1u << i);
	image[4] = abridged;
	uc_reg_read(cpu->uc, UC_X86_REG_MXCSR, &mxcsr);
	bo_put32(image + 24, mxcsr, BO_LITTLE);
	bo_put32(image + 28, 0xffff, BO_LITTLE);	/* MXCSR_MASK: the bits a restore may set */
	for (int i = 0; i < 8; i++)
		memcpy(image + 32 + 16 * i, st.st[i], 10);
	int nxmm = cpu->base.arch == CPU_ARCH_X86_64 ? 16 : 8;
	for (int i = 0; i < nxmm; i++)
		uc_reg_read(cpu->uc, UC_X86_REG_XMM0 + i, image + 160 + 16 * i);
	return 0;
}

int x86_fpu_restore(struct x86_cpu *cpu, const uint8_t image[X86_FXSAVE_BYTES])
{
	if (cpu->base.arch == CPU_ARCH_I8086)
		return -1;
	struct x87_state st;
	memset(&st, 0, sizeof(st));
	st.fcw = bo_get16(image + 0, BO_LITTLE);
	st.fsw = bo_get16(image + 2, BO_LITTLE);
	for (int i = 0; i < 8; i++)	/* Unicorn keeps only empty or not from the full tags */
		st.ftw |= (uint16_t)(((image[4] >> i) & 1 ? 0u : 3u) << (2 * i));
	for (int i = 0; i < 8; i++)
		memcpy(st.st[i], image + 32 + 16 * i, 10);
	uc_reg_write(cpu->uc, UC_X86_REG_FPCW, &st.fcw);
	x87_store(cpu, &st);
	uint32_t mxcsr = bo_get32(image + 24, BO_LITTLE) & 0xffff;
	uc_reg_write(cpu->uc, UC_X86_REG_MXCSR, &mxcsr);
	int nxmm = cpu->base.arch == CPU_ARCH_X86_64 ? 16 : 8;
	for (int i = 0; i < nxmm; i++)
		uc_reg_write(cpu->uc, UC_X86_REG_XMM0 + i, image + 160 + 16 * i);
	return 0;
}

/* Code hook on an x87 site: run the instruction on the host and go on after it. */
static void on_x87(uc_engine *uc, uint64_t addr, uint32_t size, void *user)
{
	struct x86_cpu *cpu = user;
	uint8_t insn[2];
	(void)uc;
	if (size != 2 || gm_read(cpu->mem, addr, insn, 2) != 0 || !x87_host_handles(insn))
		return;	/* other code now lives at this address */
	struct x87_state st;
	x87_load(cpu, &st);
	x87_host_execute(&st, insn[1]);
	x87_store(cpu, &st);
	/* The instruction has retired; the rest of its block runs as a new block, which the
	 * block hook counts, so count this block only up to here. */
	if (cpu->cur) {
		cpu->retired_base += block_index_of(cpu->cur, addr) + 1;
		x86_set_cur(cpu, NULL);
	}
	x86_set_pc(cpu, addr + 2);
}

void x86_found_x87(void *ctx, uint64_t addr)
{
	struct x86_cpu *cpu = ctx;
	for (size_t i = 0; i < cpu->x87_count; i++)
		if (cpu->x87_sites[i] == addr)
			return;
	if (cpu->x87_count == cpu->x87_cap) {
		size_t cap = cpu->x87_cap ? cpu->x87_cap * 2 : 16;
		uint64_t *n = realloc(cpu->x87_sites, cap * sizeof(*n));
		if (!n)
			return;
		cpu->x87_sites = n;
		cpu->x87_cap = cap;
	}
	uc_hook h;
	if (uc_hook_add(cpu->uc, &h, UC_HOOK_CODE, (void *)on_x87, cpu, addr, addr) != UC_ERR_OK)
		return;
	cpu->x87_sites[cpu->x87_count++] = addr;
	cpu->retranslate = true;
}

/* SSE is how every x86 glibc works: enable it (CR0.MP, CR4.OSFXSR | OSXMMEXCPT, no CR0.EM). */
void x86_enable_sse(struct x86_cpu *cpu)
{
	uint64_t cr0 = 0, cr4 = 0;
	uc_reg_read(cpu->uc, UC_X86_REG_CR0, &cr0);
	uc_reg_read(cpu->uc, UC_X86_REG_CR4, &cr4);
	cr0 = (cr0 & ~(uint64_t)0x4) | 0x2;
	cr4 |= (1u << 9) | (1u << 10);
	uc_reg_write(cpu->uc, UC_X86_REG_CR0, &cr0);
	uc_reg_write(cpu->uc, UC_X86_REG_CR4, &cr4);
	/* The x87 and SSE control words Linux gives a new process (glibc never sets them):
	 * 64-bit precision, round to nearest, every exception masked. */
	uint64_t fpcw = 0x37f, mxcsr = 0x1f80;
	uc_reg_write(cpu->uc, UC_X86_REG_FPCW, &fpcw);
	uc_reg_write(cpu->uc, UC_X86_REG_MXCSR, &mxcsr);
}
