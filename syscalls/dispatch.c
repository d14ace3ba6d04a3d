/* The shared, table-driven system-call dispatcher: every ABI's trap lands here. */
#include <errno.h>
#include <stdlib.h>

#include "process.h"
#include "strace.h"

static int entry_cmp(const void *a, const void *b)
{
	const struct sys_entry *x = a, *y = b;
	return x->nr < y->nr ? -1 : x->nr > y->nr;
}

/* Every ABI's table is sorted by number (a unit test holds it to that). */
const struct sys_entry *sys_lookup(const struct sys_abi *abi, uint64_t nr)
{
	if (nr > UINT32_MAX || !abi->table_len)
		return NULL;
	const struct sys_entry key = { .nr = (uint32_t)nr };
	return bsearch(&key, abi->table, abi->table_len, sizeof(*abi->table), entry_cmp);
}

/* The --prf cost model: the call's guest time runs on the clock, and the ticks inside it are
 * charged to the instruction after the call, as real kernels charge system time. */
static void charge_cost(struct process *p, const struct sys_entry *e, int64_t result)
{
	enum sys_charge charge;
	uint64_t cost = sys_call_cost(e, result, &charge);
	p->charging = charge;
	cpu_charge(p->cpu, cost, cpu_pc(p->cpu) + p->abi->trap_pc_adjust);
	p->charging = SYS_CHARGE_NONE;
	p->charged += cost;
}

void sys_dispatch(struct process *p)
{
	uint64_t nr, args[6];
	p->abi->get_call(p->cpu, &nr, args);
	const struct sys_entry *e = sys_lookup(p->abi, nr);

	strace_enter(p, e, nr, args);
	int64_t result = e && e->fn ? e->fn(p, args) : -ENOSYS;
	strace_exit(p, e, args, result);

	if (p->syscall_costs && !p->ended)
		charge_cost(p, e, result);
	if (p->ended)
		return;	/* exit, a fatal signal: the registers no longer matter */
	if (result < 0 && result >= -4095)
		result = -(int64_t)p->abi->errno_to_guest((int)-result);
	p->abi->set_result(p->cpu, result);
	/* A signal became deliverable, or a sigreturn wants its frame: the run loop does both
	 * between runs, with the result already in place (the handler's frame saves it). */
	if (process_signal_due(p))
		cpu_request_stop(p->cpu);
}
