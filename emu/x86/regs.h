/* x86 register numbering for cpu_reg / cpu_set_reg, shared by x86-64, i386 and 8086 real mode.
 * The back end maps these onto Unicorn's own numbers; nothing else sees those. */
#ifndef PROFEMU_X86_REGS_H
#define PROFEMU_X86_REGS_H

enum x86_regnum {
	X86_RAX, X86_RBX, X86_RCX, X86_RDX, X86_RSI, X86_RDI, X86_RBP, X86_RSP,
	X86_R8, X86_R9, X86_R10, X86_R11, X86_R12, X86_R13, X86_R14, X86_R15,
	X86_RIP, X86_RFLAGS,
	X86_CS, X86_DS, X86_ES, X86_SS, X86_FS, X86_GS,
	X86_FS_BASE, X86_GS_BASE,
	X86_REG_COUNT
};

/* cpu_set_tls `which` on x86-64; on i386 it is the GDT entry number (set_thread_area). */
enum { X86_TLS_FS = -1, X86_TLS_GS = -2 };

/* GDT entries the i386 back end offers to set_thread_area, as Linux on x86-64 does. */
enum { X86_GDT_TLS_FIRST = 12, X86_GDT_TLS_COUNT = 3 };

#endif
