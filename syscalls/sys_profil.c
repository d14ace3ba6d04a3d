/* The profil and sprofil system calls: i386's historical number 98 and, on every ABI, 0x6000
 * and 0x6001 (guests/include/profemu.h). glibc's functions of those names reach the same
 * handlers (profil_glibc.c). The profil core does the work; this file only adapts. */
#include <errno.h>
#include <signal.h>

#include "handlers.h"
#include "profil_glue.h"
#include "sys_args.h"

static int mem_read(void *ctx, uint64_t addr, unsigned width, uint64_t *value)
{
	return gm_get(&((struct process *)ctx)->mem, addr, width, value);
}

static int mem_write(void *ctx, uint64_t addr, unsigned width, uint64_t value)
{
	return gm_put(&((struct process *)ctx)->mem, addr, width, value);
}

static bool mem_writable(void *ctx, uint64_t addr, uint64_t len)
{
	struct guest_mem *gm = &((struct process *)ctx)->mem;
	while (len) {
		const struct gm_region *r = gm_region_at(gm, addr);
		if (!r || !(r->prot & GM_PROT_WRITE))
			return false;
		uint64_t n = r->end - addr;
		if (n >= len)
			return true;
		addr += n;
		len -= n;
	}
	return true;
}

struct prof_mem process_prof_mem(struct process *p)
{
	return (struct prof_mem){ .ctx = p, .read = mem_read, .write = mem_write,
				  .writable = mem_writable };
}

/* PROF_RAISE_SIGSEGV: the linux personality's "core dump" for a bad buffer. */
static int64_t outcome(struct process *p, int r)
{
	if (r == PROF_RAISE_SIGSEGV) {
		process_kill(p, p->abi->signal_to_guest(SIGSEGV));
		return 0;
	}
	return r;
}

int64_t sys_profil(struct process *p, const uint64_t *a)
{
	struct prof_mem m = process_prof_mem(p);
	/* offset and scale are an int/size_t and an unsigned int in every prototype */
	return outcome(p, prof_profil(&p->prof, &m, sys_arg_size(p, a[0]), sys_arg_size(p, a[1]),
				      sys_arg_size(p, a[2]), (uint32_t)a[3]));
}

int64_t sys_sprofil(struct process *p, const uint64_t *a)
{
	struct prof_mem m = process_prof_mem(p);
	return outcome(p, prof_sprofil(&p->prof, &m, sys_arg_size(p, a[0]), sys_arg_int(a[1]),
				       sys_arg_size(p, a[2]), (uint32_t)a[3]));
}
