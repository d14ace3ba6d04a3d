/* set_thread_area, the i386 call that installs glibc's TLS segment in the GDT. */
#include <errno.h>

#include "../../emu/x86/regs.h"
#include "../handlers.h"
#include "../thread.h"
#include "abi.h"

/* Reads a struct user_desc and installs its base; -1 asks for the first TLS entry, written
 * back. */
static int install_user_desc(struct process *p, uint64_t u_info, struct thread_tls *t)
{
	uint64_t entry, base;
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
	*t = (struct thread_tls){ .set = true, .which = (int)entry, .base = base };
	return cpu_set_tls(p->cpu, (int)entry, base);
}

/* set_thread_area(u_info), i386: struct user_desc {u32 entry_number; u32 base_addr;
 * u32 limit; u32 flags}. Entry -1 asks for a free TLS slot: we always answer the first, which
 * is what Linux answers to the first call (glibc makes exactly one). Limit and flags are not
 * used: the back end installs a flat data segment at the base, which is what glibc asks for. */
int64_t sys_set_thread_area(struct process *p, const uint64_t *a)
{
	if (p->arch != CPU_ARCH_I386)
		return -ENOSYS;
	struct thread_tls t;
	int r = install_user_desc(p, a[0], &t);
	if (!r)
		sched_tls_changed(p, t.which, t.base);
	return r;
}

/* Threads: the GDT is guest memory all threads share, so the running thread's entry is
 * written again as it is switched in (its %gs reloads from it). */
int i386_clone_tls(struct process *p, uint64_t tls, struct thread_tls *t)
{
	return install_user_desc(p, tls, t);
}

void i386_restore_tls(struct process *p, const struct thread_tls *t)
{
	if (t->set)
		cpu_set_tls(p->cpu, t->which, t->base);
}

void i386_current_tls(struct process *p, struct thread_tls *t)
{
	uint64_t gs = cpu_reg(p->cpu, X86_GS);
	t->set = (gs >> 3) >= X86_GDT_TLS_FIRST && (gs >> 3) < X86_GDT_TLS_FIRST + X86_GDT_TLS_COUNT;
	t->which = (int)(gs >> 3);
	t->base = cpu_thread_pointer(p->cpu);
}
