/* The 32-bit hppa Linux trap, process entry and C calling convention, as the kernel and
 * qemu-hppa implement them (doc: shared/reference isa-scoping, A2).
 *
 * System calls enter the gateway page with `ble 0x100(%sr2, %r0)`, the number loaded into r20
 * in the branch's delay slot; arguments in r26, r25, r24, r23, r22, r21; the result (or
 * -errno, -4095..-1) in r28; only r28 changes. The back end raises the syscall event when the
 * front of the instruction queue reaches 0x100, after the delay slot, and resumes at r31. */
#include "../../emu/hppa/regs.h"
#include "../process.h"
#include "abi.h"

void hppa_get_call(struct cpu *cpu, uint64_t *nr, uint64_t a[6])
{
	static const int arg_regs[6] = { HPPA_REG_R26, HPPA_REG_R25, HPPA_REG_R24, HPPA_REG_R23,
					 HPPA_REG_R22, HPPA_REG_R21 };
	*nr = cpu_reg(cpu, HPPA_REG_R20) & 0xffffffffu;
	for (int i = 0; i < 6; i++)
		a[i] = cpu_reg(cpu, arg_regs[i]) & 0xffffffffu;
}

void hppa_set_result(struct cpu *cpu, int64_t result)
{
	cpu_set_reg(cpu, HPPA_REG_RET0, (uint64_t)result & 0xffffffffu);
}

/* parisc's start_thread: the stack grows up, sp is the loader's (above the auxv and a 64-byte
 * frame marker area); argc in r25 and argv in r24, where __libc_start_main wants them; r23
 * (rtld_fini) zero; r31 holds the entry, as qemu-hppa leaves it. Everything else is zero. */
void hppa_set_entry_state(struct process *p, const struct sys_entry_state *e)
{
	cpu_set_reg(p->cpu, HPPA_REG_SP, e->sp);
	cpu_set_reg(p->cpu, HPPA_REG_R31, e->entry);
	if (e->argc_at) {
		uint64_t argc = 0;
		gm_get(&p->mem, e->argc_at, 4, &argc);
		cpu_set_reg(p->cpu, HPPA_REG_R25, argc);
		cpu_set_reg(p->cpu, HPPA_REG_R24, e->argv_at);
	}
	cpu_set_pc(p->cpu, e->entry);
}

/* The first four arguments of a function just entered: arg0..arg3 are r26..r23. */
int hppa_call_args(struct process *p, uint64_t args[4])
{
	static const int regs[4] = { HPPA_REG_R26, HPPA_REG_R25, HPPA_REG_R24, HPPA_REG_R23 };
	for (int i = 0; i < 4; i++)
		args[i] = cpu_reg(p->cpu, regs[i]) & 0xffffffffu;
	return 0;
}

/* glibc's syscall(nr, a0, a1, a2, a3) in place of the function just entered: nr and a0..a2
 * in r26..r23, the fifth word at -52(sp), the first slot beyond the four argument homes of
 * the caller's frame (frames are at least 64 bytes, so it is there). rp still names the
 * caller, and r19 is already the linkage table of the library both functions live in (the
 * caller's import stub loaded it). */
bool hppa_call_redirect(struct process *p, uint64_t fn, const uint64_t args[5])
{
	static const int regs[4] = { HPPA_REG_R26, HPPA_REG_R25, HPPA_REG_R24, HPPA_REG_R23 };
	uint64_t sp = cpu_reg(p->cpu, HPPA_REG_SP) & 0xffffffffu;
	if (gm_put(&p->mem, sp - 52, 4, args[4] & 0xffffffffu) != 0)
		return false;
	for (int i = 0; i < 4; i++)
		cpu_set_reg(p->cpu, regs[i], args[i] & 0xffffffffu);
	cpu_set_pc(p->cpu, fn);
	return true;
}

/* Return through rp (r2); its low two bits are the privilege level, not part of the address. */
void hppa_call_return(struct process *p, int64_t result)
{
	cpu_set_reg(p->cpu, HPPA_REG_RET0, (uint64_t)result & 0xffffffffu);
	cpu_set_pc(p->cpu, cpu_reg(p->cpu, HPPA_REG_RP) & ~(uint64_t)3);
}
