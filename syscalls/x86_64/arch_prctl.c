/* arch_prctl, the x86-64 call that sets the FS and GS bases glibc's TLS lives behind. */
#include <errno.h>

#include "../../emu/x86/regs.h"
#include "../handlers.h"
#include "../thread.h"
#include "abi.h"

/* arch_prctl(code, addr), x86-64 only: the FS and GS bases. i386 has the call too, but not
 * these operations (EINVAL, as in Linux). */
int64_t sys_arch_prctl(struct process *p, const uint64_t *a)
{
	enum { ARCH_SET_GS_ = 0x1001, ARCH_SET_FS_ = 0x1002, ARCH_GET_FS_ = 0x1003,
	       ARCH_GET_GS_ = 0x1004 };
	uint64_t code = a[0], addr = a[1];
	if (p->arch != CPU_ARCH_X86_64)
		return -EINVAL;
	switch (code) {
	case ARCH_SET_FS_:
	case ARCH_SET_GS_:
		/* The kernel refuses bases outside the user address space. */
		if (addr >= p->mem.addr_limit)
			return -EPERM;
		return cpu_set_tls(p->cpu, code == ARCH_SET_FS_ ? X86_TLS_FS : X86_TLS_GS, addr);
	case ARCH_GET_FS_:
		return gm_put(&p->mem, addr, 8, cpu_reg(p->cpu, X86_FS_BASE));
	case ARCH_GET_GS_:
		return gm_put(&p->mem, addr, 8, cpu_reg(p->cpu, X86_GS_BASE));
	default:
		return -EINVAL;
	}
}

/* CLONE_SETTLS on x86-64: tls is the new thread's FS base, which its CPU context keeps. */
int x86_64_clone_tls(struct process *p, uint64_t tls, struct thread_tls *t)
{
	if (tls >= p->mem.addr_limit)
		return -EPERM;
	t->set = false;
	return cpu_set_tls(p->cpu, X86_TLS_FS, tls);
}
