/* IA-64 signal frames, in the layout of Linux's arch/ia64 (kernel/sigframe.h, uapi asm/
 * sigcontext.h; offsets checked against the toolchain's headers with offsetof):
 *
 *   frame + 0     arg0, arg1, arg2: signal number, &info, &sc (the ABI's unwinders read them)
 *   frame + 24    handler: the address of the handler's function descriptor {entry, gp}
 *   frame + 32    siginfo_t (128): signo, errno, code @8, then pid @16, uid @20 or addr @16
 *   frame + 160   struct sigcontext (2656), which glibc's ucontext_t overlays: sc_flags, sc_nat,
 *                 sc_stack {sp, flags, size} @16, sc_ip @40 (bundle + slot), sc_cfm @48,
 *                 sc_um, ar.rsc, ar.bsp @72, ar.rnat, ar.ccv @88, ar.unat, ar.fpsr @104,
 *                 ar.pfs @112, ar.lc @120, sc_pr @128, sc_br[8] @136, sc_gr[32] @200 (gr[0]:
 *                 uc_link), sc_fr[128] @464 (16 bytes each, stf.spill's format),
 *                 sc_rbs_base @2512, sc_loadrs @2520, sc_mask @2640      2816 bytes in all
 *
 * The frame goes right below sp (IA-64 has no red zone) or at the top of the sigaltstack,
 * aligned to 16, and the handler runs with sp = frame - 16, the 16-byte scratch area the
 * software conventions give every callee; rt_sigreturn finds the frame at sp + 16 again.
 *
 * Entering the handler as the kernel's __kernel_sigtramp does: the handler gets its gp from
 * the descriptor in r1 and is called with br.call, so the register stack gives it a fresh
 * frame holding sig, &info, &sc as in0..in2, b0 a return into the gate page (gate.c) whose
 * rt_sigreturn restores everything from the frame, and ar.fpsr the default status. The kernel
 * covers the interrupted frame first; here the interrupted frame is grown by three output
 * registers instead, so that br.call leaves it whole below the handler's (the back end keeps
 * stacked registers in its own array: the frame's registers never move) and rt_sigreturn
 * gives it its own frame marker back. Unlike the kernel: every register is saved and restored
 * (the kernel saves only the scratch ones and lets the conventions keep the rest), the NaT
 * bits are not kept (sc_nat is 0: a NaT in a register is lost across a handler), and the
 * register stack stays where it is with SA_ONSTACK (sc_rbs_base 0). A frame already using
 * more than 93 stacked registers cannot take the handler's three: the delivery fails as one
 * whose frame cannot be written. */
#include <errno.h>
#include <string.h>

#include "../../emu/byteorder.h"
#include "../../emu/ia64/regs.h"
#include "../guest_signal.h"
#include "../process.h"
#include "abi.h"

enum {
	FRAME_HANDLER = 24, FRAME_INFO = 32, FRAME_SC = 160,
	SC_FLAGS = 0, SC_STACK = 16, SC_IP = 40, SC_CFM = 48, SC_AR_RSC = 64, SC_AR_BSP = 72,
	SC_AR_RNAT = 80, SC_AR_CCV = 88, SC_AR_UNAT = 96, SC_AR_FPSR = 104, SC_AR_PFS = 112,
	SC_AR_LC = 120, SC_PR = 128, SC_BR = 136, SC_GR = 200, SC_FR = 464, SC_MASK = 2640,
	SC_SIZE = 2656, FRAME_SIZE = FRAME_SC + SC_SIZE,
	SC_FLAG_ONSTACK = 1, SC_FLAG_FPH_VALID = 4,	/* IA64_SC_FLAG_* */
	SCRATCH_AREA = 16, HANDLER_ARGS = 3, STACKED_MAX = 96,
};

/* Linux's FPSR_DEFAULT: every trap disabled, sf0 round to nearest in double-extended. */
#define IA64_FPSR_DEFAULT 0x0009804c0270033fULL

/* The ar registers sigcontext keeps, with their offsets. */
static const struct { unsigned ar, off; } saved_ars[] = {
	{ IA64_AR_RSC, SC_AR_RSC }, { IA64_AR_BSP, SC_AR_BSP }, { IA64_AR_RNAT, SC_AR_RNAT },
	{ IA64_AR_CCV, SC_AR_CCV }, { IA64_AR_UNAT, SC_AR_UNAT }, { IA64_AR_FPSR, SC_AR_FPSR },
	{ IA64_AR_PFS, SC_AR_PFS }, { IA64_AR_LC, SC_AR_LC },
};

static void put64(uint8_t *b, uint64_t v)
{
	bo_put64(b, v, BO_LITTLE);
}

static uint64_t get64(const uint8_t *b)
{
	return bo_get64(b, BO_LITTLE);
}

static void fill_sigcontext(struct cpu *cpu, uint8_t *sc)
{
	put64(sc + SC_IP, cpu_reg(cpu, IA64_IP));
	put64(sc + SC_CFM, cpu_reg(cpu, IA64_CFM));
	for (unsigned i = 0; i < sizeof saved_ars / sizeof saved_ars[0]; i++)
		put64(sc + saved_ars[i].off, cpu_reg(cpu, IA64_AR(saved_ars[i].ar)));
	put64(sc + SC_PR, cpu_reg(cpu, IA64_PR));
	for (int i = 0; i < 8; i++)
		put64(sc + SC_BR + 8 * i, cpu_reg(cpu, IA64_BR(i)));
	for (int i = 1; i < 32; i++)
		put64(sc + SC_GR + 8 * i, cpu_reg(cpu, IA64_GR(i)));
	for (int i = 0; i < 128; i++) {
		put64(sc + SC_FR + 16 * i, cpu_reg(cpu, IA64_FR_SIG(i)));
		put64(sc + SC_FR + 16 * i + 8, cpu_reg(cpu, IA64_FR_SE(i)));
	}
}

int ia64_signal_push(struct process *p, const struct signal_frame *f)
{
	struct cpu *cpu = p->cpu;
	uint64_t cfm = cpu_reg(cpu, IA64_CFM), entry, gp;
	unsigned sof = (unsigned)(cfm & 0x7f);
	if (sof + HANDLER_ARGS > STACKED_MAX || ia64_gate_map(p) != 0)
		return -EFAULT;
	if (gm_get(&p->mem, f->sa->handler, 8, &entry) != 0 ||
	    gm_get(&p->mem, f->sa->handler + 8, 8, &gp) != 0)
		return -EFAULT;
	int ss_flags;
	uint64_t sp = signal_frame_sp(f, cpu_reg(cpu, IA64_GR(12)), 0, &ss_flags);
	uint64_t frame = (sp - FRAME_SIZE) & ~(uint64_t)15;

	uint8_t b[FRAME_SIZE];
	memset(b, 0, sizeof b);
	put64(b, (uint64_t)f->sig);
	put64(b + 8, frame + FRAME_INFO);
	put64(b + 16, frame + FRAME_SC);
	put64(b + FRAME_HANDLER, f->sa->handler);
	signal_fill_siginfo(b + FRAME_INFO, f, 8, false);
	uint8_t *sc = b + FRAME_SC;
	bool on_alt = sp_on_altstack(frame, f->altstack_sp, f->altstack_size);
	put64(sc + SC_FLAGS, SC_FLAG_FPH_VALID | (on_alt ? SC_FLAG_ONSTACK : 0));
	put64(sc + SC_STACK, f->altstack_sp);
	bo_put32(sc + SC_STACK + 8, (uint32_t)ss_flags, BO_LITTLE);
	put64(sc + SC_STACK + 16, f->altstack_size);
	fill_sigcontext(cpu, sc);
	put64(sc + SC_MASK, f->saved_mask);
	if (gm_write(&p->mem, frame, b, sizeof b) != 0)
		return -EFAULT;

	/* The interrupted frame, all of it locals now, with the handler's arguments as its
	 * outputs; the gate's br.call makes them the handler's inputs. */
	cpu_set_reg(cpu, IA64_CFM, (cfm & ~(uint64_t)0x3fff) | (sof + HANDLER_ARGS) | (uint64_t)sof << 7);
	cpu_set_reg(cpu, IA64_SYSARG(0), (uint64_t)f->sig);
	cpu_set_reg(cpu, IA64_SYSARG(1), frame + FRAME_INFO);
	cpu_set_reg(cpu, IA64_SYSARG(2), frame + FRAME_SC);
	cpu_set_reg(cpu, IA64_GR(1), gp);
	cpu_set_reg(cpu, IA64_BR(6), entry);
	cpu_set_reg(cpu, IA64_GR(12), frame - SCRATCH_AREA);
	cpu_set_reg(cpu, IA64_AR(IA64_AR_FPSR), IA64_FPSR_DEFAULT);
	cpu_set_pc(cpu, p->trampoline + IA64_GATE_SIGTRAMP);
	return 0;
}

/* rt_sigreturn, made from the gate after the handler returned: sp is back at frame - 16, and
 * the frame marker is the grown one the push made, over the same registers. */
int ia64_signal_pop(struct process *p, bool rt, uint64_t *mask)
{
	(void)rt;	/* IA-64 has rt_sigreturn only */
	struct cpu *cpu = p->cpu;
	uint64_t sc_addr = cpu_reg(cpu, IA64_GR(12)) + SCRATCH_AREA + FRAME_SC;
	uint8_t sc[SC_SIZE];
	if (gm_read(&p->mem, sc_addr, sc, sizeof sc) != 0)
		return -EFAULT;
	cpu_set_reg(cpu, IA64_CFM, get64(sc + SC_CFM));
	for (int i = 1; i < 32; i++)
		cpu_set_reg(cpu, IA64_GR(i), get64(sc + SC_GR + 8 * i));
	for (int i = 0; i < 8; i++)
		cpu_set_reg(cpu, IA64_BR(i), get64(sc + SC_BR + 8 * i));
	cpu_set_reg(cpu, IA64_PR, get64(sc + SC_PR));
	/* ar.rsc, ar.bsp and ar.rnat describe the register stack, which did not move */
	for (unsigned i = 3; i < sizeof saved_ars / sizeof saved_ars[0]; i++)
		cpu_set_reg(cpu, IA64_AR(saved_ars[i].ar), get64(sc + saved_ars[i].off));
	for (int i = 2; i < 128; i++) {
		cpu_set_reg(cpu, IA64_FR_SIG(i), get64(sc + SC_FR + 16 * i));
		cpu_set_reg(cpu, IA64_FR_SE(i), get64(sc + SC_FR + 16 * i + 8));
	}
	cpu_set_pc(cpu, get64(sc + SC_IP));
	*mask = get64(sc + SC_MASK);
	return 0;
}
