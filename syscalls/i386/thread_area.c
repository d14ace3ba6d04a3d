/* set_thread_area, the i386 call that installs glibc's TLS segment in the GDT. */
#include <errno.h>

#include "../../emu/x86/regs.h"
#include "../handlers.h"

/* set_thread_area(u_info), i386: struct user_desc {u32 entry_number; u32 base_addr;
 * u32 limit; u32 flags}. Entry -1 asks for a free TLS slot: we always answer the first, which
 * is what Linux answers to the first call (glibc makes exactly one). Limit and flags are not
 * used: the back end installs a flat data segment at the base, which is what glibc asks for. */
int64_t sys_set_thread_area(struct process *p, const uint64_t *a)
{
	uint64_t u_info = a[0], entry, base;
	if (p->arch != CPU_ARCH_I386)
		return -ENOSYS;
	int r = gm_get(&p->mem, u_info, 4, &entry);
	if (!r)
		r = gm_get(&p->mem, u_info + 4, 4, &base);
	if (r)
		return r;
	if (entry == UINT32_MAX) {
		entry = X86_GDT_TLS_FIRST;
		r = gm_put(&p->mem, u_info, 4, entry);
		if (r)
			return r;
	}
	if (entry < X86_GDT_TLS_FIRST || entry >= X86_GDT_TLS_FIRST + X86_GDT_TLS_COUNT)
		return -EINVAL;
	return cpu_set_tls(p->cpu, (int)entry, base);
}
