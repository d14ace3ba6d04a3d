/* The IA-64 Linux trap and process entry, as the kernel (arch/ia64/kernel/entry.S, ivt.S and
 * processor.h's start_thread) and glibc's INTERNAL_SYSCALL define them.
 *
 * A system call is `break 0x100000` with the number in r15 (1024 + the syscall.tbl row) and the
 * arguments in the caller's output registers out0..out5 (the back end's IA64_SYSARG(k): r32 +
 * sol + k of the frame executing the break). The result is in r8 with r10 the error flag:
 * r10 = 0 and r8 = the value on success, r10 = -1 and r8 = the positive errno on failure.
 * The back end resumes at the slot after the break by itself. */
#include "../../emu/ia64/regs.h"
#include "../process.h"
#include "abi.h"

/* The backing store of the register stack grows up from below the memory stack, as Linux's
 * rbs_bot (start_stack - the stack limit); 8 MiB holds about a million spilled registers. */
enum { IA64_RBS_SIZE = 8 << 20 };

void ia64_get_call(struct cpu *cpu, uint64_t *nr, uint64_t a[6])
{
	*nr = cpu_reg(cpu, IA64_GR(15));
	for (int i = 0; i < 6; i++)
		a[i] = cpu_reg(cpu, IA64_SYSARG(i));
}

void ia64_set_result(struct cpu *cpu, int64_t result)
{
	bool failed = result < 0 && result >= -4095;
	cpu_set_reg(cpu, IA64_GR(8), failed ? (uint64_t)-result : (uint64_t)result);
	cpu_set_reg(cpu, IA64_GR(10), failed ? ~(uint64_t)0 : 0);
}

int ia64_same_number(int n)
{
	return n;
}

/* start_thread: r12 = the loader's sp (argc - 16: the ABI's scratch area), the pc at the entry
 * point, a fresh backing store at ar.bsp with an empty frame, ar.rsc eager at user privilege
 * (0xf), ar.fpsr Linux's FPSR_DEFAULT (the back end's reset value). Everything else is zero,
 * as Ski leaves it too: the counts it records depend on that. */
void ia64_set_entry_state(struct process *p, const struct sys_entry_state *e)
{
	uint64_t rbs_end = gm_page_down(&p->mem, e->sp) - IA64_RBS_SIZE;
	uint64_t rbs = rbs_end - IA64_RBS_SIZE;
	if (gm_is_free(&p->mem, rbs, IA64_RBS_SIZE) &&
	    gm_map(&p->mem, rbs, IA64_RBS_SIZE, GM_PROT_READ | GM_PROT_WRITE) == 0)
		cpu_set_reg(p->cpu, IA64_AR(IA64_AR_BSP), rbs);
	/* else the back end keeps its frames in its own array until a flushrs faults */
	cpu_set_reg(p->cpu, IA64_AR(IA64_AR_RSC), 0xf);
	cpu_set_reg(p->cpu, IA64_GR(12), e->sp);
	cpu_set_pc(p->cpu, e->entry);
}
