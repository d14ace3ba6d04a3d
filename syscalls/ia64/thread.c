/* Threads on IA-64 (clone2, clone; sys_abi.clone_stack, clone_tls, restart_call;
 * syscalls/sched.c runs them).
 *
 * glibc makes threads with clone2(flags, stack_base, stack_size, parent_tid, child_tid, tls)
 * (__NR_clone2, 1213): a stack area, not a stack pointer, because a thread needs two stacks.
 * arch/ia64/kernel/process.c's copy_thread gives the child r12 = base + size - 16 (the
 * memory stack grows down from the top, leaving the ABI's 16-byte scratch area) and
 * ar.bspstore = base with ar.rnat = 0 (its register stack grows up from the bottom), and
 * under CLONE_SETTLS r13 = tls (the thread pointer). The child keeps its parent's current
 * frame, which glibc's __clone2 reads after the call (the function and its argument are in
 * its input registers), and returns r8 = 0 with r10 = 0. The older clone(flags, stack_base,
 * parent_tid, child_tid, tls) is clone2 with a 16-byte stack area (entry.S's sys_clone).
 * A clone that makes a process keeps the parent's backing store address: the child has a
 * copy of the memory, so it is its own. */
#include "../../emu/ia64/regs.h"
#include "../handlers.h"
#include "../process.h"
#include "../thread.h"
#include "abi.h"

static int64_t clone_area(struct process *p, uint64_t flags, uint64_t base, uint64_t size,
			  uint64_t parent_tid, uint64_t child_tid, uint64_t tls)
{
	if (!clone_makes_thread(flags))
		return process_fork(p, flags, base ? base + size - 16 : 0, parent_tid, child_tid);
	int64_t tid = thread_clone(p, flags, base, parent_tid, child_tid, tls);
	if (tid > 0 && p->sched && p->sched->start.t)
		p->sched->start.stack_size = size;
	return tid;
}

int64_t ia64_clone2(struct process *p, const uint64_t *a)
{
	return clone_area(p, a[0], a[1], a[2], a[3], a[4], a[5]);
}

int64_t ia64_clone(struct process *p, const uint64_t *a)
{
	return clone_area(p, a[0], a[1], 16, a[2], a[3], a[4]);
}

/* The child's registers are a copy of its parent's (sched.c); its new stack area gives it
 * both stacks. Its register backing store starts empty: the current frame moves to its base,
 * as the kernel's child returns with the frame and bsp at the new store. */
void ia64_clone_stack(struct process *p, uint64_t base, uint64_t size)
{
	cpu_set_reg(p->cpu, IA64_GR(12), base + size - 16);
	cpu_set_reg(p->cpu, IA64_AR(IA64_AR_BSPSTORE), base);
	cpu_set_reg(p->cpu, IA64_AR(IA64_AR_RNAT), 0);
}

/* r13 is the thread pointer and part of the CPU context: nothing to put back at a switch. */
int ia64_clone_tls(struct process *p, uint64_t tls, struct thread_tls *t)
{
	t->set = false;
	return cpu_set_tls(p->cpu, 0, tls);
}

/* The call entered with `break 0x100000` (number in r15), and the back end resumed at the
 * slot after it: running the call again is running that break again, one slot back (the
 * previous bundle's slot 2 when the break ended its bundle), with r15 the number once more;
 * the arguments are still in the caller's output registers. */
void ia64_restart_call(struct process *p, uint64_t nr)
{
	uint64_t pc = cpu_pc(p->cpu), bundle = pc & ~15ULL, slot = pc & 15;
	cpu_set_pc(p->cpu, slot ? bundle | (slot - 1) : (bundle - 16) | 2);
	cpu_set_reg(p->cpu, IA64_GR(15), nr);
}
