/* A CPU back end as its guest memory's listener: guest_mem tells it what changed (windows,
 * unmaps, protections, profemu's own writes into code), so decoded or translated code is never
 * stale. Kept apart from emu/cpu.c so that a back end calling it during create (x86) does not
 * depend on the dispatcher that chooses back ends. */
#include "cpu_backend.h"

static int forward_mem_change(void *ctx, const struct gm_change *c)
{
	struct cpu *cpu = ctx;
	return cpu->ops->mem_changed(cpu, c);
}

int cpu_listen_to_mem(struct cpu *cpu, struct guest_mem *mem)
{
	/* guest memory tells the CPU what changed (data flows one way: the OS layer changes
	 * memory, never the CPU directly) */
	struct gm_listener l = { .ctx = cpu, .changed = forward_mem_change };
	cpu->mem = mem;
	return gm_set_listener(mem, &l);
}
