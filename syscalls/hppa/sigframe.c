/* hppa signal frames, laid out as the 32-bit parisc kernel and qemu-hppa lay them out
 * (arch/parisc/include/asm/rt_sigframe.h, uapi asm/sigcontext.h, asm-generic/ucontext.h):
 *
 *   frame + 0     tramp[2]
 *   frame + 8     siginfo_t (128): signo, errno, code, then pid, uid or the fault address
 *   frame + 136   struct ucontext: uc_flags, uc_link, uc_stack {sp, flags, size}
 *   frame + 160     struct sigcontext: sc_flags, sc_gr[32] (gr[0] holds the PSW) @+4,
 *                   sc_fr[32] (u64) @+136, sc_iasq[2] @+392, sc_iaoq[2] @+400, sc_sar @+408
 *   frame + 576     uc_sigmask (two words, signals 1-32 first)        584 bytes in all
 *
 * The stack grows up: the frame goes at sp rounded up to 64 (or near the bottom of the
 * alternate stack) and sp moves past it by PARISC_RT_SIGFRAME_SIZE32, (584 + 48 + 64) & -64 =
 * 640, leaving the 48-byte call frame the handler's prologue expects; rt_sigreturn finds the
 * frame 640 below its sp again. The handler gets sig, &info, &uc in r26, r25, r24 and returns
 * through rp to a trampoline page (qemu-hppa's sigtramp page: the offset of the register save
 * area, a nop, then `ldi 0,%r25; ldi 173,%r20; be,l 0x100(%sr2,%r0); nop`). A handler
 * address with bit 1 set is a plabel: {entry, r19} at the address without its low bits. */
#include <errno.h>
#include <string.h>

#include "../../emu/byteorder.h"
#include "../../emu/hppa/regs.h"
#include "../guest_signal.h"
#include "../process.h"
#include "abi.h"

enum {
	INFO_OFF = 8, UC_OFF = 136, UC_STACK_OFF = UC_OFF + 8, SC_OFF = 160,
	SC_GR_OFF = SC_OFF + 4, SC_FR_OFF = SC_OFF + 136, SC_IASQ_OFF = SC_OFF + 392,
	SC_IAOQ_OFF = SC_OFF + 400, SC_SAR_OFF = SC_OFF + 408, SIGMASK_OFF = 576,
	FRAME_SIZE = 584, FUNCTION_CALL_FRAME = 48, SIGFRAME_ALIGN = 64,
	RT_SIGFRAME_SIZE = (FRAME_SIZE + FUNCTION_CALL_FRAME + SIGFRAME_ALIGN) & -SIGFRAME_ALIGN,
};

/* Where the trampoline page goes when that is free (below the stack region, above ld.so). */
#define HPPA_SIGTRAMP_HINT 0xbfffe000u
enum { TRAMP_ENTRY = 8 };

static int map_sigtramp(struct process *p)
{
	if (p->trampoline)
		return 0;
	struct guest_mem *gm = &p->mem;
	uint64_t page = HPPA_SIGTRAMP_HINT;
	if (!gm_is_free(gm, page, gm->page_size))
		page = process_place_mapping(p, gm->page_size);
	if (!page || gm_map(gm, page, gm->page_size, GM_PROT_READ | GM_PROT_EXEC) != 0)
		return -EFAULT;
	const uint32_t words[6] = {
		(uint32_t)(SC_OFF - RT_SIGFRAME_SIZE),	/* the register save area, from sp */
		0x08000240,				/* nop (for the unwinders) */
		0x34190000,				/* ldi 0,%r25 (not in a syscall) */
		0x3414015a,				/* ldi __NR_rt_sigreturn,%r20 */
		0xe4008200,				/* be,l 0x100(%sr2,%r0),%sr0,%r31 */
		0x08000240,				/* nop */
	};
	uint8_t b[sizeof words];
	for (unsigned i = 0; i < 6; i++)
		bo_put32(b + 4 * i, words[i], BO_BIG);
	if (gm_poke(gm, page, b, sizeof b) != 0)
		return -EFAULT;
	p->trampoline = page;
	return 0;
}

static void put32(uint8_t *b, uint64_t v)
{
	bo_put32(b, (uint32_t)v, BO_BIG);
}

static void fill_sigcontext(struct cpu *cpu, uint8_t *b)
{
	put32(b + SC_GR_OFF, cpu_reg(cpu, HPPA_REG_PSW));
	for (int i = 1; i < 32; i++)
		put32(b + SC_GR_OFF + 4 * i, cpu_reg(cpu, i));
	for (int i = 0; i < 32; i++)
		bo_put64(b + SC_FR_OFF + 8 * i, cpu_reg(cpu, HPPA_REG_FR0 + i), BO_BIG);
	put32(b + SC_IAOQ_OFF, cpu_reg(cpu, HPPA_REG_PC) | 3);
	put32(b + SC_IAOQ_OFF + 4, cpu_reg(cpu, HPPA_REG_IAOQ_B) | 3);
	put32(b + SC_SAR_OFF, cpu_reg(cpu, HPPA_REG_SAR));
}

int hppa_signal_push(struct process *p, const struct signal_frame *f)
{
	struct cpu *cpu = p->cpu;
	if (map_sigtramp(p) != 0)
		return -EFAULT;
	uint64_t sp = cpu_reg(cpu, HPPA_REG_SP) & 0xffffffffu;
	bool has = f->altstack_size != 0, on = sp_on_altstack(sp, f->altstack_sp, f->altstack_size);
	int ss_flags = !has ? SS_DISABLE_ : on ? SS_ONSTACK_ : 0;
	if (has && !on && (f->sa->flags & ABI_SA_ONSTACK))
		sp = (f->altstack_sp + 0x7f) & ~(uint64_t)0x3f;	/* the stack grows up from its base */
	uint64_t frame = (sp + SIGFRAME_ALIGN - 1) & ~(uint64_t)(SIGFRAME_ALIGN - 1);

	uint8_t b[FRAME_SIZE];
	memset(b, 0, sizeof b);
	signal_fill_siginfo(b + INFO_OFF, f, 4, true);
	put32(b + UC_STACK_OFF, f->altstack_sp);
	put32(b + UC_STACK_OFF + 4, (uint32_t)ss_flags);
	put32(b + UC_STACK_OFF + 8, f->altstack_size);
	fill_sigcontext(cpu, b);
	put32(b + SIGMASK_OFF, f->saved_mask & 0xffffffffu);
	put32(b + SIGMASK_OFF + 4, f->saved_mask >> 32);
	if (gm_write(&p->mem, frame, b, sizeof b) != 0)
		return -EFAULT;

	uint64_t handler = f->sa->handler & 0xffffffffu;
	if (handler & 2) {	/* a plabel: {entry, linkage table} */
		uint64_t entry, r19;
		if (gm_get(&p->mem, handler & ~(uint64_t)3, 4, &entry) != 0 ||
		    gm_get(&p->mem, (handler & ~(uint64_t)3) + 4, 4, &r19) != 0)
			return -EFAULT;
		handler = entry;
		cpu_set_reg(cpu, HPPA_REG_R19, r19);
	}
	cpu_set_reg(cpu, HPPA_REG_RP, (p->trampoline + TRAMP_ENTRY) | 3);
	cpu_set_reg(cpu, HPPA_REG_SP, frame + RT_SIGFRAME_SIZE);
	cpu_set_reg(cpu, HPPA_REG_R26, (uint64_t)f->sig);
	cpu_set_reg(cpu, HPPA_REG_R25, frame + INFO_OFF);
	cpu_set_reg(cpu, HPPA_REG_R24, frame + UC_OFF);
	cpu_set_pc(cpu, handler);	/* also clears PSW[N]: the handler's first instruction runs */
	return 0;
}

/* rt_sigreturn: the frame lies RT_SIGFRAME_SIZE below sp (the handler has returned, so sp is
 * back where the push left it). */
int hppa_signal_pop(struct process *p, bool rt, uint64_t *mask)
{
	(void)rt;	/* hppa has rt_sigreturn only */
	struct cpu *cpu = p->cpu;
	uint64_t frame = ((cpu_reg(cpu, HPPA_REG_SP) & ~(uint64_t)1) - RT_SIGFRAME_SIZE) & 0xffffffffu;
	uint8_t b[FRAME_SIZE];
	if (gm_read(&p->mem, frame, b, sizeof b) != 0)
		return -EFAULT;
	for (int i = 1; i < 32; i++)
		cpu_set_reg(cpu, i, bo_get32(b + SC_GR_OFF + 4 * i, BO_BIG));
	for (int i = 0; i < 32; i++)
		cpu_set_reg(cpu, HPPA_REG_FR0 + i, bo_get64(b + SC_FR_OFF + 8 * i, BO_BIG));
	cpu_set_reg(cpu, HPPA_REG_SAR, bo_get32(b + SC_SAR_OFF, BO_BIG));
	/* The pc first (it resets the back of the queue and PSW[N]), then the back, then the PSW
	 * with the N bit the interrupted instruction had. */
	cpu_set_pc(cpu, bo_get32(b + SC_IAOQ_OFF, BO_BIG) & ~3u);
	cpu_set_reg(cpu, HPPA_REG_IAOQ_B, bo_get32(b + SC_IAOQ_OFF + 4, BO_BIG));
	cpu_set_reg(cpu, HPPA_REG_PSW, bo_get32(b + SC_GR_OFF, BO_BIG));
	*mask = bo_get32(b + SIGMASK_OFF, BO_BIG) | (uint64_t)bo_get32(b + SIGMASK_OFF + 4, BO_BIG) << 32;
	return 0;
}
