/* i386 signal frames in the kernel's layout (arch/x86/include/asm/sigframe.h, the ia32 ones):
 *
 * without SA_SIGINFO (returns through sigreturn, 119):
 *   esp at entry -> pretcode, sig, struct sigcontext (88 bytes), an unused 624-byte FP area,
 *                   extramask (signals 33-64), retcode[8]
 * with SA_SIGINFO (returns through rt_sigreturn, 173):
 *   esp at entry -> pretcode, sig, &info, &uc, siginfo_t (128), struct ucontext (116), retcode[8]
 *
 * Below the frame, 64-aligned, the FP state: the 112-byte FSAVE header with magic 0 ("an
 * FXSAVE image follows"), then the 512-byte FXSAVE image, which is what a return restores.
 * (esp + 4) is 16-aligned at entry, as after a call. The handler gets sig in eax too, and
 * &info, &uc in edx, ecx, as the kernel passes them for regparm code. */
#include <errno.h>
#include <string.h>

#include "../../emu/byteorder.h"
#include "../../emu/x86/regs.h"
#include "../process.h"
#include "abi.h"

enum {
	SC_SIZE = 88, FPSTATE_SIZE = 624, FXSAVE_OFF = 112,
	/* the frame without SA_SIGINFO */
	OLD_SC_OFF = 8, OLD_EXTRAMASK_OFF = 8 + SC_SIZE + FPSTATE_SIZE, OLD_FRAME_SIZE = OLD_EXTRAMASK_OFF + 4 + 8,
	/* the frame with it */
	RT_INFO_OFF = 16, RT_UC_OFF = RT_INFO_OFF + 128, RT_SC_OFF = RT_UC_OFF + 20,
	RT_SIGMASK_OFF = RT_UC_OFF + 20 + SC_SIZE, RT_FRAME_SIZE = RT_UC_OFF + 116 + 8,
	MAX_FRAME = OLD_FRAME_SIZE,
};

/* struct sigcontext: the general registers' offsets. */
static const struct { int reg, off; } sc_regs[] = {
	{ X86_RDI, 16 }, { X86_RSI, 20 }, { X86_RBP, 24 }, { X86_RSP, 28 }, { X86_RBX, 32 },
	{ X86_RDX, 36 }, { X86_RCX, 40 }, { X86_RAX, 44 }, { X86_RIP, 56 }, { X86_RFLAGS, 64 },
};
enum { SC_GS = 0, SC_FS = 4, SC_ES = 8, SC_DS = 12, SC_TRAPNO = 48, SC_CS = 60, SC_SS = 72,
       SC_ESP_AT_SIGNAL = 68, SC_FPSTATE = 76, SC_OLDMASK = 80, SC_CR2 = 84 };


static void put32(uint8_t *b, uint64_t v)
{
	bo_put32(b, (uint32_t)v, BO_LITTLE);
}

static void fill_sigcontext(struct cpu *cpu, uint8_t *sc, const struct signal_frame *f, uint32_t fpstate)
{
	put32(sc + SC_GS, cpu_reg(cpu, X86_GS));
	put32(sc + SC_FS, cpu_reg(cpu, X86_FS));
	put32(sc + SC_ES, cpu_reg(cpu, X86_ES));
	put32(sc + SC_DS, cpu_reg(cpu, X86_DS));
	for (size_t i = 0; i < sizeof(sc_regs) / sizeof(sc_regs[0]); i++)
		put32(sc + sc_regs[i].off, cpu_reg(cpu, sc_regs[i].reg));
	put32(sc + SC_CS, cpu_reg(cpu, X86_CS));
	put32(sc + SC_SS, cpu_reg(cpu, X86_SS));
	put32(sc + SC_ESP_AT_SIGNAL, cpu_reg(cpu, X86_RSP));
	if (f->info->is_fault) {
		put32(sc + SC_TRAPNO, (uint64_t)f->info->trapno);
		if (f->info->trapno == 14)
			put32(sc + SC_CR2, f->info->addr);
	}
	put32(sc + SC_FPSTATE, fpstate);
	put32(sc + SC_OLDMASK, f->saved_mask & 0xffffffffu);
}

/* The FP area: an FSAVE-style header the way the kernel fills it for FXSR machines (control,
 * status and tag words, the ST registers, magic 0) and the FXSAVE image after it. */
static int write_fpstate(struct process *p, uint32_t at)
{
	uint8_t fp[FPSTATE_SIZE];
	memset(fp, 0, sizeof(fp));
	uint8_t *fx = fp + FXSAVE_OFF;
	if (x86_fxsave(p->cpu, fx) != 0)
		return -EFAULT;
	put32(fp + 0, bo_get16(fx, BO_LITTLE) | 0xffff0000u);
	put32(fp + 4, bo_get16(fx + 2, BO_LITTLE) | 0xffff0000u);
	uint32_t tag = 0;
	for (int i = 0; i < 8; i++)
		tag |= ((fx[4] >> i) & 1 ? 0u : 3u) << (2 * i);
	put32(fp + 8, tag | 0xffff0000u);
	for (int i = 0; i < 8; i++)
		memcpy(fp + 28 + 10 * i, fx + 32 + 16 * i, 10);
	bo_put16(fp + 108, bo_get16(fx + 2, BO_LITTLE), BO_LITTLE);	/* status */
	bo_put16(fp + 110, 0, BO_LITTLE);				/* magic: FXSAVE data follows */
	return gm_write(&p->mem, at, fp, sizeof(fp)) ? -EFAULT : 0;
}

int i386_signal_push(struct process *p, const struct signal_frame *f)
{
	struct cpu *cpu = p->cpu;
	if (!(f->sa->flags & ABI_SA_RESTORER))
		return -EFAULT;	/* Linux would return through the vDSO, which guests here lack */
	bool rt = f->sa->flags & ABI_SA_SIGINFO;
	int ss_flags;
	uint32_t sp = (uint32_t)signal_frame_sp(f, cpu_reg(cpu, X86_RSP), 0, &ss_flags);
	uint32_t fpstate = (sp - FPSTATE_SIZE) & ~63u;
	uint32_t size = rt ? RT_FRAME_SIZE : OLD_FRAME_SIZE;
	uint32_t frame = ((fpstate - size + 4) & ~15u) - 4;
	if (write_fpstate(p, fpstate) != 0)
		return -EFAULT;

	uint8_t b[MAX_FRAME];
	memset(b, 0, sizeof(b));
	put32(b, f->sa->restorer);
	put32(b + 4, (uint64_t)f->sig);
	if (rt) {
		put32(b + 8, frame + RT_INFO_OFF);
		put32(b + 12, frame + RT_UC_OFF);
		signal_fill_siginfo(b + RT_INFO_OFF, f, 4, false);
		uint8_t *uc = b + RT_UC_OFF;
		put32(uc + 8, f->altstack_sp);
		put32(uc + 12, (uint32_t)ss_flags);
		put32(uc + 16, f->altstack_size);
		fill_sigcontext(cpu, b + RT_SC_OFF, f, fpstate);
		put32(b + RT_SIGMASK_OFF, f->saved_mask & 0xffffffffu);
		put32(b + RT_SIGMASK_OFF + 4, f->saved_mask >> 32);
	} else {
		fill_sigcontext(cpu, b + OLD_SC_OFF, f, fpstate);
		put32(b + OLD_EXTRAMASK_OFF, f->saved_mask >> 32);
	}
	if (gm_write(&p->mem, frame, b, size) != 0)
		return -EFAULT;

	cpu_set_reg(cpu, X86_RSP, frame);
	cpu_set_reg(cpu, X86_RAX, (uint64_t)f->sig);
	cpu_set_reg(cpu, X86_RDX, rt ? frame + RT_INFO_OFF : 0);
	cpu_set_reg(cpu, X86_RCX, rt ? frame + RT_UC_OFF : 0);
	cpu_set_reg(cpu, X86_RFLAGS, cpu_reg(cpu, X86_RFLAGS) & ~(uint64_t)X86_FLAGS_CLEARED_FOR_HANDLER);
	cpu_set_pc(cpu, f->sa->handler);
	return 0;
}

/* sigreturn (after the restorer popped sig: the frame is 8 below esp) or rt_sigreturn (4). */
int i386_signal_pop(struct process *p, bool rt, uint64_t *mask)
{
	struct cpu *cpu = p->cpu;
	uint32_t esp = (uint32_t)cpu_reg(cpu, X86_RSP);
	uint32_t frame = esp - (rt ? 4 : 8);
	uint32_t size = rt ? RT_FRAME_SIZE : OLD_FRAME_SIZE;
	uint8_t b[MAX_FRAME];
	if (gm_read(&p->mem, frame, b, size) != 0)
		return -EFAULT;
	const uint8_t *sc = b + (rt ? RT_SC_OFF : OLD_SC_OFF);
	uint32_t fpstate = bo_get32(sc + SC_FPSTATE, BO_LITTLE);
	if (fpstate) {
		uint8_t fx[X86_FXSAVE_BYTES];
		if (gm_read(&p->mem, fpstate + FXSAVE_OFF, fx, sizeof(fx)) != 0)
			return -EFAULT;
		x86_fxrstor(cpu, fx);
	}
	/* The thread's TLS segment: reloaded only if the handler changed it. */
	uint32_t gs = bo_get32(sc + SC_GS, BO_LITTLE) & 0xffff;
	if (gs != (cpu_reg(cpu, X86_GS) & 0xffff))
		cpu_set_reg(cpu, X86_GS, gs);
	uint64_t flags = cpu_reg(cpu, X86_RFLAGS);
	for (size_t i = 0; i < sizeof(sc_regs) / sizeof(sc_regs[0]); i++) {
		uint64_t v = bo_get32(sc + sc_regs[i].off, BO_LITTLE);
		if (sc_regs[i].reg == X86_RFLAGS)
			v = (flags & ~(uint64_t)X86_FLAGS_USER) | (v & X86_FLAGS_USER);
		cpu_set_reg(cpu, sc_regs[i].reg, v);
	}
	if (rt)
		*mask = bo_get32(b + RT_SIGMASK_OFF, BO_LITTLE) |
			(uint64_t)bo_get32(b + RT_SIGMASK_OFF + 4, BO_LITTLE) << 32;
	else
		*mask = bo_get32(sc + SC_OLDMASK, BO_LITTLE) |
			(uint64_t)bo_get32(b + OLD_EXTRAMASK_OFF, BO_LITTLE) << 32;
	return 0;
}
