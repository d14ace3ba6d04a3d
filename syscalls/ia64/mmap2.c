/* IA-64's mmap2 counts its file offset in the kernel's pages (arch/ia64/kernel/sys_ia64.c
 * hands pgoff straight to ksys_mmap_pgoff), and glibc divides by the page size the auxv gave
 * (AT_PAGESZ), not by 4096 as on i386: the offset is pgoff pages of the guest's page size. */
#include "../handlers.h"
#include "../process.h"
#include "abi.h"

int64_t ia64_mmap2(struct process *p, const uint64_t *a)
{
	const uint64_t b[6] = { a[0], a[1], a[2], a[3], a[4], a[5] * p->mem.page_size };
	return sys_mmap(p, b);
}
