/* The x86 back end's traps: system calls (syscall, int 0x80), other interrupts and CPU
 * exceptions, invalid memory accesses and the instruction that made them, breakpoints. */
#include <inttypes.h>
#include <stdio.h>

#include "regs.h"
#include "x86_cpu_internal.h"
#include "x86_fault.h"
#include <capstone/capstone.h>

/* Code hook on a breakpoint: tell the OS layer; if it moved the pc, the instruction at addr
 * did not run and the rest of its block will run (and be counted) as a new block. */
static void on_breakpoint(uc_engine *uc, uint64_t addr, uint32_t size, void *user)
{
	struct x86_cpu *cpu = user;
	(void)uc;
	(void)size;
	if (!cpu->ev.breakpoint)
		return;
	cpu->ev.breakpoint(cpu->ev.ctx, addr);
	if (x86_pc(cpu) != addr && cpu->cur) {
		cpu->retired_base += block_index_of(cpu->cur, addr);
		x86_set_cur(cpu, NULL);
	}
}

int x86_add_breakpoint(struct x86_cpu *cpu, uint64_t addr)
{
	uc_hook h;
	if (uc_hook_add(cpu->uc, &h, UC_HOOK_CODE, (void *)on_breakpoint, cpu, addr, addr) != UC_ERR_OK)
		return -22;
	uc_ctl_remove_cache(cpu->uc, addr, addr + 1);
	return 0;
}

void x86_on_syscall(uc_engine *uc, void *user)
{
	struct x86_cpu *cpu = user;
	(void)uc;
	x86_retire_current_block(cpu);
	if (cpu->ev.syscall)
		cpu->ev.syscall(cpu->ev.ctx);
}

/* CPU exceptions and `int n` both arrive here (Unicorn's interrupt hook). */
void x86_on_interrupt(uc_engine *uc, uint32_t intno, void *user)
{
	struct x86_cpu *cpu = user;
	(void)uc;
	uint64_t pc = x86_pc(cpu);
	if (cpu->base.arch == CPU_ARCH_I8086) {
		x86_real_mode_interrupt(cpu, intno, pc);
		return;
	}
	switch (intno) {
	case 0x80:
		if (cpu->base.arch == CPU_ARCH_I386) {
			x86_retire_current_block(cpu);
			if (cpu->ev.syscall)
				cpu->ev.syscall(cpu->ev.ctx);
			return;
		}
		break;
	case 0:
		cpu->exception_in_flight = true;
		x86_set_fault(cpu, CPU_FAULT_FPE, pc, "divide error");
		return;
	case 1:
	case 3:
		x86_set_fault(cpu, CPU_FAULT_TRAP, pc, "breakpoint");
		return;
	case 6:
		x86_set_fault(cpu, CPU_FAULT_ILL, pc, "illegal instruction");
		return;
	case 10: case 11: case 12: case 13: case 8:
		cpu->exception_in_flight = true;
		x86_set_fault(cpu, CPU_FAULT_SEGV_ACCERR, pc, intno == 13 ? "general protection fault"
							 : intno == 8 ? "double fault" : "segment fault");
		return;
	default:
		break;
	}
	if (cpu->ev.interrupt && intno >= 0x20) {
		x86_retire_current_block(cpu);
		cpu->ev.interrupt(cpu->ev.ctx, intno);
		return;
	}
	char what[48];
	snprintf(what, sizeof(what), "unexpected interrupt 0x%x", intno);
	/* Linux answers a stray `int n` with SIGSEGV (a #GP from the IDT's privilege check). */
	x86_set_fault(cpu, CPU_FAULT_SEGV_ACCERR, pc, what);
}

/* Every access the guest may not make arrives here as one to unmapped memory (x86_mem.c gives
 * its page a physical address where nothing is), with the exact address; guest_mem says
 * whether the page is mapped at all. */
/* The guest address of a physical one the unmapped-memory hook names: x86_mem.c's trap pages
 * hold the address's low 48 bits, bit 47 set for the upper canonical half. */
static uint64_t x86_fault_address(const struct x86_cpu *cpu, uint64_t phys)
{
	uint64_t va = phys < X86_TRAP_PHYS ? phys : phys - X86_TRAP_PHYS;
	if (cpu->base.arch != CPU_ARCH_X86_64)
		/* 32-bit linear addresses wrap: an access across 0xffffffff faults at 0x0 and up,
		 * where Unicorn (a 64-bit machine underneath) asks for the page at 2^32 */
		return (uint32_t)va;
	return phys >= X86_TRAP_PHYS && (va >> 47) ? va | ~(X86_TRAP_PHYS - 1) : va;
}

bool x86_on_bad_memory(uc_engine *uc, uc_mem_type type, uint64_t addr, int size, int64_t value,
		       void *user)
{
	(void)uc;
	(void)size;
	(void)value;
	x86_bad_access(user, x86_fault_address(user, addr),
		       type == UC_MEM_WRITE_UNMAPPED || type == UC_MEM_WRITE_PROT,
		       type == UC_MEM_FETCH_UNMAPPED || type == UC_MEM_FETCH_PROT);
	return false;
}

void x86_bad_access(struct x86_cpu *cpu, uint64_t addr, bool write, bool fetch)
{
	bool unmapped = gm_region_at(cpu->mem, addr) == NULL;
	const char *what = write ? "write" : fetch ? "execute" : "read";
	cpu->mem_fault_seen = true;
	cpu->mem_fault_write = write;
	cpu->fault.kind = unmapped ? CPU_FAULT_SEGV_MAPERR : CPU_FAULT_SEGV_ACCERR;
	cpu->fault.addr = addr;
	cpu->fault.has_addr = true;
	uint64_t top = addr >> 47;
	if (cpu->base.arch == CPU_ARCH_X86_64 && top != 0 && top != 0x1ffff) {
		/* not canonical: the hardware raises #GP, and Linux's SIGSEGV carries no address
		 * (x86_mem.c's TLB fill hook refuses the page and tells it here) */
		cpu->fault.has_addr = false;
		cpu->fault.addr = 0;
		snprintf(cpu->fault.detail, sizeof(cpu->fault.detail),
			 "general protection: %s at a non-canonical address (page 0x%" PRIx64 ")", what,
			 addr);
		return;
	}
	snprintf(cpu->fault.detail, sizeof(cpu->fault.detail), "invalid %s at 0x%" PRIx64 " (%s)",
		 what, addr, unmapped ? "not mapped" : "not permitted");
}

/* Capstone's register names onto Unicorn's, for the registers an address can use. */
static bool read_capstone_reg(void *ctx, int reg, uint64_t *value)
{
	static const struct { int cs, uc; } map[] = {
		{ X86_REG_RAX, UC_X86_REG_RAX }, { X86_REG_RBX, UC_X86_REG_RBX },
		{ X86_REG_RCX, UC_X86_REG_RCX }, { X86_REG_RDX, UC_X86_REG_RDX },
		{ X86_REG_RSI, UC_X86_REG_RSI }, { X86_REG_RDI, UC_X86_REG_RDI },
		{ X86_REG_RBP, UC_X86_REG_RBP }, { X86_REG_RSP, UC_X86_REG_RSP },
		{ X86_REG_R8, UC_X86_REG_R8 }, { X86_REG_R9, UC_X86_REG_R9 },
		{ X86_REG_R10, UC_X86_REG_R10 }, { X86_REG_R11, UC_X86_REG_R11 },
		{ X86_REG_R12, UC_X86_REG_R12 }, { X86_REG_R13, UC_X86_REG_R13 },
		{ X86_REG_R14, UC_X86_REG_R14 }, { X86_REG_R15, UC_X86_REG_R15 },
		{ X86_REG_EAX, UC_X86_REG_EAX }, { X86_REG_EBX, UC_X86_REG_EBX },
		{ X86_REG_ECX, UC_X86_REG_ECX }, { X86_REG_EDX, UC_X86_REG_EDX },
		{ X86_REG_ESI, UC_X86_REG_ESI }, { X86_REG_EDI, UC_X86_REG_EDI },
		{ X86_REG_EBP, UC_X86_REG_EBP }, { X86_REG_ESP, UC_X86_REG_ESP },
		{ X86_REG_R8D, UC_X86_REG_R8D }, { X86_REG_R9D, UC_X86_REG_R9D },
		{ X86_REG_R10D, UC_X86_REG_R10D }, { X86_REG_R11D, UC_X86_REG_R11D },
		{ X86_REG_R12D, UC_X86_REG_R12D }, { X86_REG_R13D, UC_X86_REG_R13D },
		{ X86_REG_R14D, UC_X86_REG_R14D }, { X86_REG_R15D, UC_X86_REG_R15D },
	};
	struct x86_cpu *cpu = ctx;
	*value = 0;
	if (reg == X86_REG_FS || reg == X86_REG_GS) {
		if (cpu->base.arch == CPU_ARCH_X86_64)
			return uc_reg_read(cpu->uc, reg == X86_REG_FS ? UC_X86_REG_FS_BASE
								     : UC_X86_REG_GS_BASE, value) == UC_ERR_OK;
		return x86_gdt_segment_base(cpu, x86_read_reg(cpu, reg == X86_REG_FS ? X86_FS : X86_GS), value);
	}
	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (map[i].cs == reg)
			return uc_reg_read(cpu->uc, map[i].uc, value) == UC_ERR_OK;
	return false;
}

uint64_t x86_locate_faulting_pc(struct x86_cpu *cpu, uint64_t pc)
{
	const struct block_info *b = cpu->cur;
	/* Real mode: addresses need segment bases the decoder does not add; and DOS maps all of
	 * the 8086's memory, so only tests see such faults. The block start is near enough. */
	if (!b || pc != b->addr || cpu->base.arch == CPU_ARCH_I8086)
		return pc;
	const uint8_t *code = gm_host(cpu->mem, b->addr, b->size, GM_PROT_NONE);
	if (!code)
		return pc;
	uint32_t i = x86_locate_fault(b, code, cpu->base.arch == CPU_ARCH_X86_64 ? 64 : 32,
				      cpu->fault.addr, cpu->mem_fault_write, read_capstone_reg, cpu);
	return i < b->icount ? b->addr + b->offsets[i] : pc;
}
