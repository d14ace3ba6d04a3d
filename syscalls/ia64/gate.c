/* profemu's IA-64 gate page: the few bundles through which the back end enters signal handlers
 * and leaves functions served natively, where Linux has its gate page (region 5, with
 * __kernel_sigtramp). Region 5 is beyond the guest's address space here, so the page sits at
 * the top of region 0, which Linux ia64 processes do not use; no auxv entry names it (no
 * AT_SYSINFO: glibc makes its system calls with break).
 *
 * The code, as `ia64-linux-gnu-as -xexplicit` assembles it (tests/unit/test_ia64_gate.c
 * disassembles these words and compares):
 *   +0x00 sigtramp   { .mib  nop.m 0x0 ; nop.i 0x0 ; br.call.sptk.many b0=b6 ;; }
 *   +0x10 sigreturn  { .mii  nop.m 0x0 ; adds r15=1181,r0 ; nop.i 0x0 ;; }
 *   +0x20            { .mii  break.m 0x100000 ; nop.i 0x0 ; nop.i 0x0 ;; }
 *   +0x30 callret    { .mib  nop.m 0x0 ; nop.i 0x0 ; br.ret.sptk.many b0 ;; }
 * sigtramp calls the handler (b6, its gp already in r1) as the kernel's trampoline does, so
 * that the register stack makes the handler's frame; the handler returns to sigreturn, which
 * makes the rt_sigreturn call (1181). callret returns from a function entered a moment ago
 * (br.call left b0 and ar.pfs for it). Each retires its slots as any guest code: 3 to enter a
 * handler, 4 to leave it, 3 to return from a served call. */
#include <errno.h>
#include <string.h>

#include "../../emu/byteorder.h"
#include "../process.h"
#include "abi.h"

const uint64_t ia64_gate_code[IA64_GATE_WORDS] = {
	0x0000000100000011ULL, 0x1080006800000200ULL,	/* sigtramp */
	0xe8f0000100000001ULL, 0x0004000000421200ULL,	/* sigreturn */
	0x0000020000000001ULL, 0x0004000000000200ULL,
	0x0000000100000011ULL, 0x0084000880000200ULL,	/* callret */
};

int ia64_gate_map(struct process *p)
{
	if (p->trampoline)
		return 0;
	struct guest_mem *gm = &p->mem;
	uint8_t b[sizeof ia64_gate_code];
	for (unsigned i = 0; i < IA64_GATE_WORDS; i++)
		bo_put64(b + 8 * i, ia64_gate_code[i], BO_LITTLE);
	if (!gm_is_free(gm, IA64_GATE_PAGE, gm->page_size) ||
	    gm_map(gm, IA64_GATE_PAGE, gm->page_size, GM_PROT_READ | GM_PROT_EXEC) != 0 ||
	    gm_poke(gm, IA64_GATE_PAGE, b, sizeof b) != 0)
		return -EFAULT;
	p->trampoline = IA64_GATE_PAGE;
	return 0;
}
