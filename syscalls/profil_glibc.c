/* glibc's profil, __profil, sprofil and __sprofil, served natively.
 *
 * Each is found through an image's symbols (the static program's .symtab, or libc.so's when
 * ld.so maps it) and gets a breakpoint. When the guest calls one, the call is redirected to
 * glibc's own syscall() in the same image with our system-call number (0x6000 or 0x6001)
 * first: the profil core does the work, and glibc's syscall() turns an error into -1 and errno
 * exactly as glibc does, so the guest sees the return value and errno a glibc function would
 * give. Without a syscall() to borrow (static programs rarely link it), the call is completed
 * here, and errno is written into the program's own TLS block. */
#include <errno.h>
#include <string.h>

#include "../emu/x86/regs.h"
#include "../loader/loader.h"
#include "handlers.h"
#include "process.h"

/* i386: where the stub that returns from a redirected call lives (between the stack and the
 * GDT page, both placed by the loader's layout), and the stub: add esp, 20; ret. */
#define I386_TRAMPOLINE 0xffffe000u
static const uint8_t i386_trampoline[] = { 0x83, 0xc4, 0x14, 0xc3 };

/* Where errno lives relative to the thread pointer, for a static program's own TLS block: x86
 * keeps TLS below the thread pointer (variant II), the executable's block ending right at it,
 * rounded to its alignment. */
static bool errno_place(const struct symtab *st, int64_t *from_tp)
{
	uint64_t off = symtab_find(st, "errno"), memsz, align;
	if (!off)
		off = symtab_find(st, "__libc_errno");
	if (!off || !symtab_tls_block(st, &memsz, &align))
		return false;
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
		h.has_errno = errno_place(st, &h.errno_from_tp);
	p->glibc_hooks[p->glibc_hook_count++] = h;
}

static void map_trampoline(struct process *p)
{
	if (p->arch != CPU_ARCH_I386 || p->trampoline)
		return;
	if (gm_map(&p->mem, I386_TRAMPOLINE, 4096, GM_PROT_READ | GM_PROT_EXEC) == 0 &&
	    gm_poke(&p->mem, I386_TRAMPOLINE, i386_trampoline, sizeof(i386_trampoline)) == 0)
		p->trampoline = I386_TRAMPOLINE;
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
		if (syscall_fn)
			map_trampoline(p);
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

static void redirect_x86_64(struct process *p, const struct glibc_hook *h)
{
	struct cpu *cpu = p->cpu;
	uint64_t args[6] = { cpu_reg(cpu, X86_RDI), cpu_reg(cpu, X86_RSI), cpu_reg(cpu, X86_RDX),
			     cpu_reg(cpu, X86_RCX) };
	if (h->syscall_fn) {
		/* syscall(nr, a0, a1, a2, a3): every argument moves one register along. */
		cpu_set_reg(cpu, X86_RDI, h->nr);
		cpu_set_reg(cpu, X86_RSI, args[0]);
		cpu_set_reg(cpu, X86_RDX, args[1]);
		cpu_set_reg(cpu, X86_RCX, args[2]);
		cpu_set_reg(cpu, X86_R8, args[3]);
		cpu_set_pc(cpu, h->syscall_fn);
		return;
	}
	uint64_t sp = cpu_reg(cpu, X86_RSP), ret;
	int64_t result = call_directly(p, h, args);
	if (p->ended || gm_get(&p->mem, sp, 8, &ret) != 0)
		return;
	cpu_set_reg(cpu, X86_RAX, (uint64_t)result);
	cpu_set_reg(cpu, X86_RSP, sp + 8);
	cpu_set_pc(cpu, ret);
}

static void redirect_i386(struct process *p, const struct glibc_hook *h)
{
	struct cpu *cpu = p->cpu;
	uint64_t sp = cpu_reg(cpu, X86_RSP), ret, args[6] = { 0 };
	if (gm_get(&p->mem, sp, 4, &ret) != 0)
		return;	/* let the call run and fault as it would */
	for (int i = 0; i < 4; i++)
		if (gm_get(&p->mem, sp + 4 + 4u * (unsigned)i, 4, &args[i]) != 0)
			return;
	if (h->syscall_fn && p->trampoline) {
		/* A new frame below: trampoline, nr, a0..a3. syscall() returns to the trampoline,
		 * which drops the frame's remaining 20 bytes and returns to the caller. */
		uint64_t frame = sp - 24;
		uint64_t words[6] = { p->trampoline, h->nr, args[0], args[1], args[2], args[3] };
		for (int i = 0; i < 6; i++)
			if (gm_put(&p->mem, frame + 4u * (unsigned)i, 4, words[i]) != 0)
				return;
		cpu_set_reg(cpu, X86_RSP, frame);
		cpu_set_pc(cpu, h->syscall_fn);
		return;
	}
	int64_t result = call_directly(p, h, args);
	if (p->ended)
		return;
	cpu_set_reg(cpu, X86_RAX, (uint64_t)result & 0xffffffffu);
	cpu_set_reg(cpu, X86_RSP, sp + 4);
	cpu_set_pc(cpu, ret);
}

void process_on_breakpoint(void *ctx, uint64_t addr)
{
	struct process *p = ctx;
	for (unsigned i = 0; i < p->glibc_hook_count; i++) {
		if (p->glibc_hooks[i].addr != addr)
			continue;
		if (p->arch == CPU_ARCH_X86_64)
			redirect_x86_64(p, &p->glibc_hooks[i]);
		else if (p->arch == CPU_ARCH_I386)
			redirect_i386(p, &p->glibc_hooks[i]);
		return;
	}
}
