/* x86-64 signal frames in the kernel's layout (arch/x86/include/asm/sigframe.h), so that a
 * handler reading its ucontext_t (glibc's REG_RIP, REG_RSP...) or siginfo_t finds what Linux
 * puts there, and one that edits them sees the edit take effect on return:
 *
 *   rsp at entry -> pretcode (sa_restorer, which calls rt_sigreturn)
 *                   struct ucontext   flags, link, uc_stack, sigcontext (256 bytes), sigmask
 *                   siginfo_t         128 bytes
 *   (below the 128-byte red zone, 64-aligned) the FXSAVE image sigcontext.fpstate points at
 *
 * rsp is 8 off a 16-byte boundary at entry, as after a call. */
#include <errno.h>
#include <string.h>

#include "../../emu/byteorder.h"
#include "../../emu/x86/regs.h"
#include "../process.h"
#include "abi.h"

enum {
	UC_OFF = 8, UC_SIZE = 304, INFO_OFF = UC_OFF + UC_SIZE, INFO_SIZE = 128,
	FRAME_SIZE = INFO_OFF + INFO_SIZE,
	MC_OFF = UC_OFF + 40,		/* uc_mcontext inside the frame */
	SIGMASK_OFF = UC_OFF + 296,
};

/* sigcontext's general registers, in their order (glibc's REG_R8 = 0 ... REG_EFL = 17). */
static const int mc_regs[18] = {
	X86_R8, X86_R9, X86_R10, X86_R11, X86_R12, X86_R13, X86_R14, X86_R15,
	X86_RDI, X86_RSI, X86_RBP, X86_RBX, X86_RDX, X86_RAX, X86_RCX, X86_RSP,
	X86_RIP, X86_RFLAGS,
};

static void put64(uint8_t *b, uint64_t v)
{
	bo_put64(b, v, BO_LITTLE);
}

int x86_64_signal_push(struct process *p, const struct signal_frame *f)
{
	struct cpu *cpu = p->cpu;
	if (!(f->sa->flags & ABI_SA_RESTORER))
		return -EFAULT;	/* x86-64 has no default return path: the kernel refuses too */
	int ss_flags;
	uint64_t sp = signal_frame_sp(f, cpu_reg(cpu, X86_RSP), 128, &ss_flags);
	uint64_t fpstate = (sp - X86_FXSAVE_BYTES) & ~63ull;
	uint64_t frame = ((fpstate - FRAME_SIZE) & ~15ull) - 8;

	uint8_t fx[X86_FXSAVE_BYTES];
	if (x86_fxsave(cpu, fx) != 0 || gm_write(&p->mem, fpstate, fx, sizeof(fx)) != 0)
		return -EFAULT;

	uint8_t b[FRAME_SIZE];
	memset(b, 0, sizeof(b));
	put64(b, f->sa->restorer);
	put64(b + UC_OFF, 0x6);	/* UC_SIGCONTEXT_SS | UC_STRICT_RESTORE_SS */
	put64(b + UC_OFF + 16, f->altstack_sp);
	bo_put32(b + UC_OFF + 24, (uint32_t)ss_flags, BO_LITTLE);
	put64(b + UC_OFF + 32, f->altstack_size);
	for (int i = 0; i < 18; i++)
		put64(b + MC_OFF + 8 * i, cpu_reg(cpu, mc_regs[i]));
	bo_put16(b + MC_OFF + 144, (uint16_t)cpu_reg(cpu, X86_CS), BO_LITTLE);
	bo_put16(b + MC_OFF + 150, (uint16_t)cpu_reg(cpu, X86_SS), BO_LITTLE);
	if (f->info->is_fault) {
		put64(b + MC_OFF + 160, (uint64_t)f->info->trapno);
		if (f->info->trapno == 14)
			put64(b + MC_OFF + 176, f->info->addr);	/* cr2 */
	}
	put64(b + MC_OFF + 168, f->saved_mask & 0xffffffffu);	/* oldmask */
	put64(b + MC_OFF + 184, fpstate);
	put64(b + SIGMASK_OFF, f->saved_mask);

	signal_fill_siginfo(b + INFO_OFF, f, 8, false);
	if (gm_write(&p->mem, frame, b, sizeof(b)) != 0)
		return -EFAULT;

	cpu_set_reg(cpu, X86_RSP, frame);
	cpu_set_reg(cpu, X86_RDI, (uint64_t)f->sig);
	cpu_set_reg(cpu, X86_RSI, frame + INFO_OFF);
	cpu_set_reg(cpu, X86_RDX, frame + UC_OFF);
	cpu_set_reg(cpu, X86_RAX, 0);	/* no vector registers used by a variadic call */
	cpu_set_reg(cpu, X86_RFLAGS, cpu_reg(cpu, X86_RFLAGS) & ~(uint64_t)X86_FLAGS_CLEARED_FOR_HANDLER);
	cpu_set_pc(cpu, f->sa->handler);
	return 0;
}

/* rt_sigreturn: the handler's `ret` popped pretcode, so the frame starts 8 bytes below rsp. */
int x86_64_signal_pop(struct process *p, bool rt, uint64_t *mask)
{
	struct cpu *cpu = p->cpu;
	(void)rt;
	uint64_t frame = cpu_reg(cpu, X86_RSP) - 8;
	uint8_t b[FRAME_SIZE];
	if (gm_read(&p->mem, frame, b, sizeof(b)) != 0)
		return -EFAULT;
	uint64_t fpstate = bo_get64(b + MC_OFF + 184, BO_LITTLE);
	if (fpstate) {
		uint8_t fx[X86_FXSAVE_BYTES];
		if (gm_read(&p->mem, fpstate, fx, sizeof(fx)) != 0)
			return -EFAULT;
		x86_fxrstor(cpu, fx);
	}
	uint64_t flags = cpu_reg(cpu, X86_RFLAGS);
	for (int i = 0; i < 18; i++) {
		uint64_t v = bo_get64(b + MC_OFF + 8 * i, BO_LITTLE);
		if (mc_regs[i] == X86_RFLAGS)
			v = (flags & ~(uint64_t)X86_FLAGS_USER) | (v & X86_FLAGS_USER);
		cpu_set_reg(cpu, mc_regs[i], v);
	}
	*mask = bo_get64(b + SIGMASK_OFF, BO_LITTLE);
	return 0;
}
