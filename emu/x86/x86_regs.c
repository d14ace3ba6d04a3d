/* x86 registers by the numbering of regs.h onto Unicorn's, per mode, and the register dump of
 * fault messages. In real mode the pc is linear (CS*16 + IP). */
#include <inttypes.h>
#include <stdio.h>

#include "regs.h"
#include "x86_cpu_internal.h"

static const int uc_regs_64[X86_REG_COUNT] = {
	[X86_RAX] = UC_X86_REG_RAX, [X86_RBX] = UC_X86_REG_RBX, [X86_RCX] = UC_X86_REG_RCX,
	[X86_RDX] = UC_X86_REG_RDX, [X86_RSI] = UC_X86_REG_RSI, [X86_RDI] = UC_X86_REG_RDI,
	[X86_RBP] = UC_X86_REG_RBP, [X86_RSP] = UC_X86_REG_RSP, [X86_R8] = UC_X86_REG_R8,
	[X86_R9] = UC_X86_REG_R9, [X86_R10] = UC_X86_REG_R10, [X86_R11] = UC_X86_REG_R11,
	[X86_R12] = UC_X86_REG_R12, [X86_R13] = UC_X86_REG_R13, [X86_R14] = UC_X86_REG_R14,
	[X86_R15] = UC_X86_REG_R15, [X86_RIP] = UC_X86_REG_RIP, [X86_RFLAGS] = UC_X86_REG_EFLAGS,
	[X86_CS] = UC_X86_REG_CS, [X86_DS] = UC_X86_REG_DS, [X86_ES] = UC_X86_REG_ES,
	[X86_SS] = UC_X86_REG_SS, [X86_FS] = UC_X86_REG_FS, [X86_GS] = UC_X86_REG_GS,
	[X86_FS_BASE] = UC_X86_REG_FS_BASE, [X86_GS_BASE] = UC_X86_REG_GS_BASE,
};

static const int uc_regs_32[X86_REG_COUNT] = {
	[X86_RAX] = UC_X86_REG_EAX, [X86_RBX] = UC_X86_REG_EBX, [X86_RCX] = UC_X86_REG_ECX,
	[X86_RDX] = UC_X86_REG_EDX, [X86_RSI] = UC_X86_REG_ESI, [X86_RDI] = UC_X86_REG_EDI,
	[X86_RBP] = UC_X86_REG_EBP, [X86_RSP] = UC_X86_REG_ESP, [X86_R8] = UC_X86_REG_INVALID,
	[X86_RIP] = UC_X86_REG_EIP, [X86_RFLAGS] = UC_X86_REG_EFLAGS,
	[X86_CS] = UC_X86_REG_CS, [X86_DS] = UC_X86_REG_DS, [X86_ES] = UC_X86_REG_ES,
	[X86_SS] = UC_X86_REG_SS, [X86_FS] = UC_X86_REG_FS, [X86_GS] = UC_X86_REG_GS,
	[X86_FS_BASE] = UC_X86_REG_FS_BASE, [X86_GS_BASE] = UC_X86_REG_GS_BASE,
};

/* 8086 real mode: the 16-bit registers (regs.h); no r8-r15, no segment bases. */
static const int uc_regs_16[X86_REG_COUNT] = {
	[X86_RAX] = UC_X86_REG_AX, [X86_RBX] = UC_X86_REG_BX, [X86_RCX] = UC_X86_REG_CX,
	[X86_RDX] = UC_X86_REG_DX, [X86_RSI] = UC_X86_REG_SI, [X86_RDI] = UC_X86_REG_DI,
	[X86_RBP] = UC_X86_REG_BP, [X86_RSP] = UC_X86_REG_SP, [X86_R8] = UC_X86_REG_INVALID,
	[X86_RIP] = UC_X86_REG_IP, [X86_RFLAGS] = UC_X86_REG_FLAGS,
	[X86_CS] = UC_X86_REG_CS, [X86_DS] = UC_X86_REG_DS, [X86_ES] = UC_X86_REG_ES,
	[X86_SS] = UC_X86_REG_SS, [X86_FS] = UC_X86_REG_FS, [X86_GS] = UC_X86_REG_GS,
	[X86_FS_BASE] = UC_X86_REG_INVALID, [X86_GS_BASE] = UC_X86_REG_INVALID,
};

static const int *reg_map(const struct x86_cpu *cpu)
{
	switch (cpu->base.arch) {
	case CPU_ARCH_X86_64: return uc_regs_64;
	case CPU_ARCH_I8086: return uc_regs_16;
	default: return uc_regs_32;
	}
}

/* Unused slots of the maps are 0, which is UC_X86_REG_INVALID. */
uint64_t x86_read_reg(struct x86_cpu *cpu, int reg)
{
	uint64_t v = 0;
	if (reg >= 0 && reg < X86_REG_COUNT && reg_map(cpu)[reg] != UC_X86_REG_INVALID)
		uc_reg_read(cpu->uc, reg_map(cpu)[reg], &v);
	if (cpu->base.arch == CPU_ARCH_I8086)
		v &= 0xffffu;
	else if (cpu->base.arch != CPU_ARCH_X86_64 && reg != X86_FS_BASE && reg != X86_GS_BASE)
		v &= 0xffffffffu;
	return v;
}

void x86_write_reg(struct x86_cpu *cpu, int reg, uint64_t value)
{
	if (reg >= 0 && reg < X86_REG_COUNT && reg_map(cpu)[reg] != UC_X86_REG_INVALID)
		uc_reg_write(cpu->uc, reg_map(cpu)[reg], &value);
	if (cpu->base.arch == CPU_ARCH_I8086 && reg == X86_CS) {
		/* A CS write alone does not make Unicorn leave the current translation (an IP
		 * write does): rewrite IP so that the new CS:IP takes effect at once. */
		uint64_t ip = x86_read_reg(cpu, X86_RIP);
		uc_reg_write(cpu->uc, UC_X86_REG_IP, &ip);
	}
}

/* In real mode the pc is linear: CS*16 + IP (what Unicorn's block hooks report too). */
uint64_t x86_pc(struct x86_cpu *cpu)
{
	if (cpu->base.arch == CPU_ARCH_I8086)
		return (x86_read_reg(cpu, X86_CS) << 4) + x86_read_reg(cpu, X86_RIP);
	return x86_read_reg(cpu, X86_RIP);
}

/* Real mode: keep CS when the linear pc lies in its 64 KiB, else take CS = pc / 16. */
void x86_set_pc(struct x86_cpu *cpu, uint64_t pc)
{
	if (cpu->base.arch == CPU_ARCH_I8086) {
		uint64_t base = x86_read_reg(cpu, X86_CS) << 4;
		if (pc < base || pc - base > 0xffffu) {
			uint64_t cs = (pc >> 4) & 0xffffu;
			uc_reg_write(cpu->uc, UC_X86_REG_CS, &cs);
			base = cs << 4;
		}
		x86_write_reg(cpu, X86_RIP, pc - base);
		return;
	}
	x86_write_reg(cpu, X86_RIP, pc);
}

void x86_dump_regs(struct x86_cpu *cpu, char *buf, size_t len)
{
	static const char *names64[] = { "rax", "rbx", "rcx", "rdx", "rsi", "rdi", "rbp", "rsp",
					 "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15",
					 "rip", "flags" };
	static const char *names32[] = { "eax", "ebx", "ecx", "edx", "esi", "edi", "ebp", "esp" };
	size_t n = 0;
	buf[0] = 0;
	if (cpu->base.arch == CPU_ARCH_I8086) {
		/* As DEBUG's R command shows them. */
		snprintf(buf, len,
			 "AX=%04" PRIx64 " BX=%04" PRIx64 " CX=%04" PRIx64 " DX=%04" PRIx64
			 " SP=%04" PRIx64 " BP=%04" PRIx64 " SI=%04" PRIx64 " DI=%04" PRIx64 "\n"
			 "DS=%04" PRIx64 " ES=%04" PRIx64 " SS=%04" PRIx64 " CS=%04" PRIx64
			 " IP=%04" PRIx64 " FLAGS=%04" PRIx64 "\n",
			 x86_read_reg(cpu, X86_RAX), x86_read_reg(cpu, X86_RBX), x86_read_reg(cpu, X86_RCX),
			 x86_read_reg(cpu, X86_RDX), x86_read_reg(cpu, X86_RSP), x86_read_reg(cpu, X86_RBP),
			 x86_read_reg(cpu, X86_RSI), x86_read_reg(cpu, X86_RDI), x86_read_reg(cpu, X86_DS),
			 x86_read_reg(cpu, X86_ES), x86_read_reg(cpu, X86_SS), x86_read_reg(cpu, X86_CS),
			 x86_read_reg(cpu, X86_RIP), x86_read_reg(cpu, X86_RFLAGS));
		return;
	}
	if (cpu->base.arch == CPU_ARCH_X86_64) {
		for (int r = 0; r <= X86_RFLAGS && n < len; r++)
			n += (size_t)snprintf(buf + n, len - n, "%s=%016" PRIx64 "%s", names64[r],
					      x86_read_reg(cpu, r), r % 4 == 3 || r == X86_RFLAGS ? "\n" : " ");
	} else {
		for (int r = 0; r <= X86_RSP && n < len; r++)
			n += (size_t)snprintf(buf + n, len - n, "%s=%08" PRIx64 "%s", names32[r],
					      x86_read_reg(cpu, r), r % 4 == 3 ? "\n" : " ");
		if (n < len)
			snprintf(buf + n, len - n, "eip=%08" PRIx64 " flags=%08" PRIx64 "\n",
				 x86_read_reg(cpu, X86_RIP), x86_read_reg(cpu, X86_RFLAGS));
	}
}

