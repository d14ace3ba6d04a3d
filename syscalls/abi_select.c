/* Which system-call ABI serves a program of a given architecture. */
#include "syscall.h"

const struct sys_abi *sys_abi_for_arch(enum cpu_arch arch)
{
	switch (arch) {
	case CPU_ARCH_X86_64: return &sys_abi_x86_64;
	case CPU_ARCH_I386: return &sys_abi_i386;
	case CPU_ARCH_HPPA: return &sys_abi_hppa;	/* runs once emu/hppa and the upward stack do */
	case CPU_ARCH_IA64: return &sys_abi_ia64;
	default: return NULL;	/* DOS programs have their own start (cli/run_dos.c) */
	}
}
