/* glibc's profil, __profil, sprofil and __sprofil, served natively.
 *
 * Each is found through an image's symbols (the static program's .symtab, or libc.so's when
 * ld.so maps it) and gets a breakpoint. When the guest calls one, the call is redirected to
 * glibc's own syscall() in the same image with our system-call number (0x6000 or 0x6001)
 * first: the profil core does the work, and glibc's syscall() turns an error into -1 and errno
 * exactly as glibc does, so the guest sees the return value and errno a glibc function would
 * give. Without a syscall() to borrow (static programs rarely link it), the call is completed
 * here, and errno is written into the program's own TLS block. The calling convention and the
 * TLS layout are the ABI's (struct sys_abi). */
#include <errno.h>
#include <string.h>

#include "../loader/loader.h"
#include "handlers.h"
#include "process.h"

/* Where errno lives relative to the thread pointer, for a static program's own TLS block. In
 * TLS variant II (x86) the executable's block ends right at the thread pointer, its size
 * rounded up to its alignment; in variant I (hppa, IA-64) it starts after the thread control
 * block, at the TCB size rounded up to the block's alignment. */
static bool errno_place(const struct sys_abi *abi, const struct symtab *st, int64_t *from_tp)
{
	uint64_t off = symtab_find(st, "errno"), memsz, align;
	if (!off)
		off = symtab_find(st, "__libc_errno");
	if (!off || !symtab_tls_block(st, &memsz, &align) || !abi->tls_variant)
		return false;
	if (align == 0)
		align = 1;
	if (abi->tls_variant == 1) {
		uint64_t start = (abi->tls_tcb_size + align - 1) / align * align;
		*from_tp = (int64_t)(start + off);
		return true;
	}
	uint64_t block = (memsz + align - 1) / align * align;
	*from_tp = (int64_t)off - (int64_t)block;
	return true;
}

static void add_hook(struct process *p, const struct symtab *st, uint64_t addr, uint64_t syscall_fn,
		     uint32_t nr)
{
	for (unsigned i = 0; i < p->glibc_hook_count; i++)
		if (p->glibc_hooks[i].addr == addr)
			return;	/* profil and __profil are aliases: one address */
	if (p->glibc_hook_count == sizeof(p->glibc_hooks) / sizeof(p->glibc_hooks[0]))
		return;
	if (cpu_add_breakpoint(p->cpu, addr) != 0)
		return;
	struct glibc_hook h = { .addr = addr, .syscall_fn = syscall_fn, .nr = nr };
	if (!syscall_fn)
		h.has_errno = errno_place(p->abi, st, &h.errno_from_tp);
	p->glibc_hooks[p->glibc_hook_count++] = h;
}

void profil_glibc_attach(struct process *p, const struct symtab *st)
{
	static const struct { const char *name; uint32_t nr; } entry_points[] = {
		{ "profil", SYS_PROFEMU_PROFIL }, { "__profil", SYS_PROFEMU_PROFIL },
		{ "sprofil", SYS_PROFEMU_SPROFIL }, { "__sprofil", SYS_PROFEMU_SPROFIL },
	};
	if (!st)
		return;
	uint64_t syscall_fn = symtab_find(st, "syscall");
	for (size_t i = 0; i < sizeof(entry_points) / sizeof(entry_points[0]); i++) {
		uint64_t addr = symtab_find(st, entry_points[i].name);
		if (!addr)
			continue;
		add_hook(p, st, addr, syscall_fn, entry_points[i].nr);
	}
}

void profil_glibc_attach_file(struct process *p, const char *path, uint64_t bias)
{
	struct symtab *st = symtab_load(path, bias);
	profil_glibc_attach(p, st);
	symtab_free(st);
}

/* Serves the call here and sets errno itself (when its place is known). */
static int64_t call_directly(struct process *p, const struct glibc_hook *h, const uint64_t *args)
{
	int64_t r = h->nr == SYS_PROFEMU_PROFIL ? sys_profil(p, args) : sys_sprofil(p, args);
	if (r >= 0)
		return r;
	uint64_t tp = cpu_thread_pointer(p->cpu);
	if (h->has_errno && tp)
		gm_put(&p->mem, tp + (uint64_t)h->errno_from_tp, 4,
		       (uint32_t)p->abi->errno_to_guest((int)-r));
	return -1;
}

/* The guest just entered profil or sprofil: call glibc's syscall(nr, a0..a3) instead, or serve
 * the call here and return to the caller. */
static void redirect(struct process *p, const struct glibc_hook *h)
{
	const struct sys_abi *abi = p->abi;
	uint64_t args[6] = { 0 };
	if (!abi->call_args || abi->call_args(p, args) != 0)
		return;	/* let the call run and fault as it would */
	if (h->syscall_fn) {
		const uint64_t call[5] = { h->nr, args[0], args[1], args[2], args[3] };
		if (abi->call_redirect(p, h->syscall_fn, call))
			return;
	}
	int64_t result = call_directly(p, h, args);
	if (!p->ended)
		abi->call_return(p, result);
}

void process_on_breakpoint(void *ctx, uint64_t addr)
{
	struct process *p = ctx;
	for (unsigned i = 0; i < p->glibc_hook_count; i++) {
		if (p->glibc_hooks[i].addr == addr) {
			redirect(p, &p->glibc_hooks[i]);
			return;
		}
	}
}
