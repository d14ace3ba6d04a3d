/* The i386 C calling convention (cdecl), for glibc functions served natively
 * (profil_glibc.c): the return address and then the arguments on the stack, the result in
 * eax, the caller pops the arguments. */
#include <errno.h>

#include "../../emu/x86/regs.h"
#include "../process.h"
#include "abi.h"

/* Where the stub that returns from a redirected call lives (between the stack and the GDT
 * page, both placed by the loader's layout), and the stub: add esp, 20; ret. */
#define I386_TRAMPOLINE 0xffffe000u
static const uint8_t i386_trampoline[] = { 0x83, 0xc4, 0x14, 0xc3 };

int i386_call_args(struct process *p, uint64_t args[4])
{
	uint64_t sp = cpu_reg(p->cpu, X86_RSP), ret;
	if (gm_get(&p->mem, sp, 4, &ret) != 0)
		return -EFAULT;
	for (int i = 0; i < 4; i++)
		if (gm_get(&p->mem, sp + 4 + 4u * (unsigned)i, 4, &args[i]) != 0)
			return -EFAULT;
	return 0;
}

static bool map_trampoline(struct process *p)
{
	if (!p->trampoline && gm_map(&p->mem, I386_TRAMPOLINE, 4096, GM_PROT_READ | GM_PROT_EXEC) == 0 &&
	    gm_poke(&p->mem, I386_TRAMPOLINE, i386_trampoline, sizeof(i386_trampoline)) == 0)
		p->trampoline = I386_TRAMPOLINE;
	return p->trampoline != 0;
}

/* A new frame below the caller's: trampoline, then the five arguments. fn returns to the
 * trampoline, which drops the frame's remaining 20 bytes and returns to the caller. */
bool i386_call_redirect(struct process *p, uint64_t fn, const uint64_t args[5])
{
	if (!map_trampoline(p))
		return false;
	uint64_t frame = cpu_reg(p->cpu, X86_RSP) - 24;
	uint64_t words[6] = { p->trampoline, args[0], args[1], args[2], args[3], args[4] };
	for (int i = 0; i < 6; i++)
		if (gm_put(&p->mem, frame + 4u * (unsigned)i, 4, words[i]) != 0)
			return false;
	cpu_set_reg(p->cpu, X86_RSP, frame);
	cpu_set_pc(p->cpu, fn);
	return true;
}

void i386_call_return(struct process *p, int64_t result)
{
	uint64_t sp = cpu_reg(p->cpu, X86_RSP), ret;
	if (gm_get(&p->mem, sp, 4, &ret) != 0)
		return;
	cpu_set_reg(p->cpu, X86_RAX, (uint64_t)result & 0xffffffffu);
	cpu_set_reg(p->cpu, X86_RSP, sp + 4);
	cpu_set_pc(p->cpu, ret);
}
