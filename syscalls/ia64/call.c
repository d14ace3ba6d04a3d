/* The IA-64 C calling convention, for glibc functions served natively (profil_glibc.c). At a
 * function's first instruction br.call has just made its frame: the arguments are the
 * caller's outputs, now r32 and up (sol is 0 until the callee's alloc), b0 holds the return
 * bundle and ar.pfs the caller's frame marker. Function symbols are entry addresses (function
 * pointers are descriptors, symbols are not), and a function reached from another of the same
 * image shares its gp, so a redirect needs no descriptor. The result goes in r8. */
#include "../../emu/ia64/regs.h"
#include "../process.h"
#include "abi.h"

int ia64_call_args(struct process *p, uint64_t args[4])
{
	for (int i = 0; i < 4; i++)
		args[i] = cpu_reg(p->cpu, IA64_GR(32 + i));
	return 0;
}

/* fn(args[0..4]) in place of the function just entered: five inputs (the frame grows to
 * hold them when the caller had fewer outputs), b0 and ar.pfs left to return to the caller. */
bool ia64_call_redirect(struct process *p, uint64_t fn, const uint64_t args[5])
{
	uint64_t cfm = cpu_reg(p->cpu, IA64_CFM);
	if ((cfm & 0x7f) < 5)
		cpu_set_reg(p->cpu, IA64_CFM, (cfm & ~(uint64_t)0x7f) | 5);
	for (int i = 0; i < 5; i++)
		cpu_set_reg(p->cpu, IA64_GR(32 + i), args[i]);
	cpu_set_pc(p->cpu, fn);
	return true;
}

/* Returns through the gate's br.ret b0, which gives the caller its frame back as the function's
 * own br.ret would. */
void ia64_call_return(struct process *p, int64_t result)
{
	if (ia64_gate_map(p) != 0)
		return;	/* let the function run */
	cpu_set_reg(p->cpu, IA64_GR(8), (uint64_t)result);
	cpu_set_pc(p->cpu, p->trampoline + IA64_GATE_CALLRET);
}
