/* The i386 Linux trap: `int $0x80` with the number in eax, arguments in ebx, ecx, edx, esi,
 * edi, ebp, the result in eax. Arguments arrive zero-extended; handlers narrow int arguments
 * themselves. errno and signal numbers are the host's. */
#include "../../emu/x86/regs.h"
#include "../process.h"
#include "abi.h"

void i386_get_call(struct cpu *cpu, uint64_t *nr, uint64_t a[6])
{
	static const int arg_regs[6] = { X86_RBX, X86_RCX, X86_RDX, X86_RSI, X86_RDI, X86_RBP };
	*nr = cpu_reg(cpu, X86_RAX) & 0xffffffffu;
	for (int i = 0; i < 6; i++)
		a[i] = cpu_reg(cpu, arg_regs[i]) & 0xffffffffu;
}

void i386_set_result(struct cpu *cpu, int64_t result)
{
	cpu_set_reg(cpu, X86_RAX, (uint64_t)result & 0xffffffffu);
}
