/* The x86-64 C calling convention, for glibc functions served natively (profil_glibc.c):
 * arguments in rdi, rsi, rdx, rcx, r8, r9, the result in rax, the return address on the
 * stack. Also the process entry state (the System V psABI: rsp at argc, the rest zero). */
#include "../../emu/x86/regs.h"
#include "../process.h"
#include "abi.h"

int x86_64_call_args(struct process *p, uint64_t args[4])
{
	static const int regs[4] = { X86_RDI, X86_RSI, X86_RDX, X86_RCX };
	for (int i = 0; i < 4; i++)
		args[i] = cpu_reg(p->cpu, regs[i]);
	return 0;
}

/* Every argument in its register, the return address left in place: fn returns to the
 * caller. */
bool x86_64_call_redirect(struct process *p, uint64_t fn, const uint64_t args[5])
{
	static const int regs[5] = { X86_RDI, X86_RSI, X86_RDX, X86_RCX, X86_R8 };
	for (int i = 0; i < 5; i++)
		cpu_set_reg(p->cpu, regs[i], args[i]);
	cpu_set_pc(p->cpu, fn);
	return true;
}

void x86_64_call_return(struct process *p, int64_t result)
{
	uint64_t sp = cpu_reg(p->cpu, X86_RSP), ret;
	if (gm_get(&p->mem, sp, 8, &ret) != 0)
		return;	/* let the function run and fault as it would */
	cpu_set_reg(p->cpu, X86_RAX, (uint64_t)result);
	cpu_set_reg(p->cpu, X86_RSP, sp + 8);
	cpu_set_pc(p->cpu, ret);
}

/* Shared with i386: rsp/esp at the loader's argc, the pc at the entry; the psABI leaves the
 * other registers zero (rdx: no rtld_fini). */
void x86_set_entry_state(struct process *p, const struct sys_entry_state *e)
{
	cpu_set_reg(p->cpu, X86_RSP, e->sp);
	cpu_set_pc(p->cpu, e->entry);
}
