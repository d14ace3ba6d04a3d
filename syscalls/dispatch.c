/* The shared, table-driven system-call dispatcher: every ABI's trap lands here. */
#include <errno.h>

#include "process.h"
#include "strace.h"

const struct sys_entry *sys_lookup(const struct sys_abi *abi, uint64_t nr)
{
	unsigned lo = 0, hi = abi->table_len;
	while (lo < hi) {
		unsigned mid = lo + (hi - lo) / 2;
		if (abi->table[mid].nr < nr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < abi->table_len && abi->table[lo].nr == nr)
		return &abi->table[lo];
	return NULL;
}

void sys_dispatch(struct process *p)
{
	uint64_t nr, args[6];
	p->abi->get_call(p->cpu, &nr, args);
	const struct sys_entry *e = sys_lookup(p->abi, nr);

	strace_enter(p, e, nr, args);
	int64_t result = e && e->fn ? e->fn(p, args) : -ENOSYS;
	strace_exit(p, e, args, result);

	if (p->ended)
		return;	/* exit, a fatal signal: the registers no longer matter */
	if (result < 0 && result >= -4095)
		result = -(int64_t)p->abi->errno_to_guest((int)-result);
	p->abi->set_result(p->cpu, result);
}
