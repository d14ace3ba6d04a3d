/* The x86-64 Linux trap: `syscall` with the number in rax, arguments in rdi, rsi, rdx, r10, r8,
 * r9, the result in rax. errno and signal numbers are the host's (both are x86 Linux). */
#include "../../emu/x86/regs.h"
#include "../process.h"
#include "abi.h"

void x86_64_get_call(struct cpu *cpu, uint64_t *nr, uint64_t a[6])
{
	static const int arg_regs[6] = { X86_RDI, X86_RSI, X86_RDX, X86_R10, X86_R8, X86_R9 };
	*nr = cpu_reg(cpu, X86_RAX);
	for (int i = 0; i < 6; i++)
		a[i] = cpu_reg(cpu, arg_regs[i]);
}

void x86_64_set_result(struct cpu *cpu, int64_t result)
{
	cpu_set_reg(cpu, X86_RAX, (uint64_t)result);
}

/* `syscall` and i386's `int $0x80` are both two bytes, and the pc is past them between runs. */
void x86_restart_call(struct process *p, uint64_t nr)
{
	cpu_set_pc(p->cpu, cpu_pc(p->cpu) - 2);
	cpu_set_reg(p->cpu, X86_RAX, nr);
}

int x86_same_number(int n)
{
	return n;
}
