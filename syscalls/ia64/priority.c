/* getpriority on IA-64 answers the nice value itself (-20..19), not the 40..1 that the other
 * ABIs' kernels return to keep results positive: IA-64 tells success from failure by r10,
 * not by the sign, and its glibc uses the value as it comes. (A negative nice, which only a
 * privileged process can have, would read as an error through this ABI's result path.) */
#include "../handlers.h"
#include "abi.h"

int64_t ia64_getpriority(struct process *p, const uint64_t *a)
{
	int64_t r = sys_getpriority(p, a);
	return r < 0 ? r : 20 - r;
}
