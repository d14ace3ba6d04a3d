/* IA-64 has no pause call: glibc's pause() is ppoll(NULL, 0, NULL, NULL), a wait with nothing
 * to poll, no timeout and the mask unchanged, which only a signal ends. That form is pause;
 * polling descriptors is not served (-ENOSYS, as the call's row said before). */
#include <errno.h>

#include "../handlers.h"
#include "abi.h"

int64_t ia64_ppoll(struct process *p, const uint64_t *a)
{
	if (a[0] || a[1] || a[2] || a[3])
		return -ENOSYS;
	return sys_pause(p, a);
}
