/* Threads on hppa (sys_abi.clone_tls, restart_call; syscalls/sched.c runs them).
 *
 * parisc's clone takes (flags, newsp, parent_tid, tls, child_tid), the kernel's
 * CLONE_BACKWARDS order the table already decodes; its copy_thread sets the child's r30 from
 * newsp (the stack grows up, so that is the base of the new stack) and, under CLONE_SETTLS,
 * cr27 from tls. cr27 is part of the CPU context (emu/hppa/hppa_context.c), so no thread
 * pointer needs putting back at a switch: restore_tls and current_tls stay NULL. */
#include "../../emu/hppa/regs.h"
#include "../process.h"
#include "../thread.h"
#include "abi.h"

int hppa_clone_tls(struct process *p, uint64_t tls, struct thread_tls *t)
{
	t->set = false;
	return cpu_set_tls(p->cpu, 0, tls & 0xffffffffu);
}

/* A call enters with `ble 0x100(%sr2, %r0)` and the number loaded into r20 in its delay
 * slot; the ble left r31 (with the privilege bits) at the instruction after that slot, where
 * the gateway resumed. Running the call again is running the ble again: 8 bytes back, the
 * kernel's own restart (gr[31] -= 8), with r20 holding the number once more. */
void hppa_restart_call(struct process *p, uint64_t nr)
{
	cpu_set_pc(p->cpu, cpu_pc(p->cpu) - 8);
	cpu_set_reg(p->cpu, HPPA_REG_R20, nr);
}
