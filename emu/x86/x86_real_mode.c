/* 8086 real mode (DOS programs): every software interrupt goes to the OS layer, which serves
 * it through DOS's interrupt vector table; the exceptions the CPU raises itself are faults. */
#include <stdio.h>

#include "x86_cpu_internal.h"

/* Real mode: was `intno` raised by an `int n`, `int3` or `into` that just ran (Unicorn then
 * leaves the pc after it), or by the CPU at the faulting instruction (the pc on it)? The bytes
 * before the pc tell; a CPU exception whose instruction happens to follow such bytes is taken
 * for a software interrupt, a harmless confusion since no vector here has both meanings. */
static bool real_mode_software_int(struct x86_cpu *cpu, uint64_t pc, uint32_t intno)
{
	uint8_t b[2];
	if (pc >= 2 && gm_read(cpu->mem, pc - 2, b, 2) == 0 && b[0] == 0xcd && b[1] == intno)
		return true;
	if (pc >= 1 && gm_read(cpu->mem, pc - 1, b + 1, 1) == 0)
		return (intno == 3 && b[1] == 0xcc) || (intno == 4 && b[1] == 0xce);
	return false;
}

/* 8086 real mode: every software interrupt, whatever its vector, goes to the OS layer (DOS
 * serves them through its interrupt vector table); a divide error and an invalid opcode are
 * always faults, as are the other exceptions the CPU raises itself. */
/* Whether the instruction at pc divides (div, idiv, aam): a #DE there is the CPU's own. */
static bool real_mode_divides_at(struct x86_cpu *cpu, uint64_t pc)
{
	uint8_t b[8];
	if (gm_read(cpu->mem, pc, b, sizeof(b)) != 0)
		return false;
	unsigned i = 0;
	while (i < 6 && (b[i] == 0x26 || b[i] == 0x2e || b[i] == 0x36 || b[i] == 0x3e || b[i] == 0x64 ||
			 b[i] == 0x65 || b[i] == 0x66 || b[i] == 0x67 || b[i] == 0xf0 || b[i] == 0xf2 ||
			 b[i] == 0xf3))
		i++;
	return ((b[i] == 0xf6 || b[i] == 0xf7) && ((b[i + 1] >> 3) & 7) >= 6) || b[i] == 0xd4;
}

void x86_real_mode_interrupt(struct x86_cpu *cpu, uint32_t intno, uint64_t pc)
{
	if (intno == 0 || intno == 6) {
		/* An explicit `int 0` or `int 6` faults too, reported at the int itself (which
		 * then has not retired), as the CPU's own exceptions are. */
		bool cpu_raised = intno == 0 ? real_mode_divides_at(cpu, pc)
					     : !real_mode_software_int(cpu, pc, intno);
		if (!cpu_raised && real_mode_software_int(cpu, pc, intno)) {
			pc -= 2;
			x86_set_pc(cpu, pc);
		}
		x86_set_fault(cpu, intno == 0 ? CPU_FAULT_FPE : CPU_FAULT_ILL, pc,
			  intno == 0 ? "divide error" : "invalid opcode");
		return;
	}
	if (real_mode_software_int(cpu, pc, intno)) {
		x86_retire_current_block(cpu);
		if (cpu->ev.interrupt) {
			cpu->ev.interrupt(cpu->ev.ctx, intno);
			return;
		}
		char what[48];
		snprintf(what, sizeof(what), "unexpected interrupt 0x%x", intno);
		x86_set_fault(cpu, CPU_FAULT_SEGV_ACCERR, pc, what);
		return;
	}
	char what[48];
	switch (intno) {
	case 1:
		x86_set_fault(cpu, CPU_FAULT_TRAP, pc, "single-step trap");
		return;
	case 7:
		x86_set_fault(cpu, CPU_FAULT_ILL, pc, "no coprocessor");
		return;
	case 16:
		x86_set_fault(cpu, CPU_FAULT_FPE, pc, "x87 floating-point error");
		return;
	default:
		/* 5 (bound), 12 and 13 (an access across the end of a 64 KiB segment), ... */
		snprintf(what, sizeof(what), "CPU exception %u", intno);
		x86_set_fault(cpu, CPU_FAULT_SEGV_ACCERR, pc, what);
		return;
	}
}
