/* x86 register numbering for cpu_reg / cpu_set_reg, shared by x86-64, i386 and 8086 real mode.
 * The back end maps these onto Unicorn's own numbers; nothing else sees those.
 *
 * In 8086 real mode (CPU_ARCH_I8086) the same numbers name the 16-bit registers: X86_RAX is AX
 * ... X86_RSP is SP, X86_RIP is IP (the offset in CS), X86_RFLAGS is FLAGS; values read are
 * 16 bits. cpu_pc is the linear address CS*16 + IP. Writing X86_CS moves the pc to CS:IP with
 * the current IP; write X86_RIP after it for a far jump. r8-r15 and the bases do not exist. */
#ifndef PROFEMU_X86_REGS_H
#define PROFEMU_X86_REGS_H

#include <stdint.h>

enum x86_regnum {
	X86_RAX, X86_RBX, X86_RCX, X86_RDX, X86_RSI, X86_RDI, X86_RBP, X86_RSP,
	X86_R8, X86_R9, X86_R10, X86_R11, X86_R12, X86_R13, X86_R14, X86_R15,
	X86_RIP, X86_RFLAGS,
	X86_CS, X86_DS, X86_ES, X86_SS, X86_FS, X86_GS,
	X86_FS_BASE, X86_GS_BASE,
	X86_REG_COUNT
};

/* The 8086 names of the same numbers, for real-mode code (syscalls/dos/, loader/dos*). */
enum {
	X86_AX = X86_RAX, X86_BX = X86_RBX, X86_CX = X86_RCX, X86_DX = X86_RDX,
	X86_SI = X86_RSI, X86_DI = X86_RDI, X86_BP = X86_RBP, X86_SP = X86_RSP,
	X86_IP = X86_RIP, X86_FLAGS = X86_RFLAGS,
};

/* FLAGS bits the DOS layer and the signal frames read and write. */
enum { X86_FLAG_CF = 0x0001, X86_FLAG_ZF = 0x0040, X86_FLAG_TF = 0x0100, X86_FLAG_IF = 0x0200,
       X86_FLAG_DF = 0x0400, X86_FLAG_RF = 0x10000 };
/* The flags a user program may set, which a sigreturn restores (AC OF DF TF SF ZF AF PF CF
 * RF: Linux's FIX_EFLAGS); the others (IOPL, IF, ...) stay the CPU's. */
#define X86_FLAGS_USER 0x50dd5u
/* Cleared when a signal handler is entered, as Linux does. */
#define X86_FLAGS_CLEARED_FOR_HANDLER (X86_FLAG_TF | X86_FLAG_DF | X86_FLAG_RF)

/* cpu_set_tls `which` on x86-64; on i386 it is the GDT entry number (set_thread_area). */
enum { X86_TLS_FS = -1, X86_TLS_GS = -2 };

/* GDT entries the i386 back end offers to set_thread_area, as Linux on x86-64 does. */
enum { X86_GDT_TLS_FIRST = 12, X86_GDT_TLS_COUNT = 3 };

/* The floating-point and vector registers as the 512-byte FXSAVE image, the form x86 signal
 * frames carry: x87 control, status, abridged tags, ST(0)-ST(7), MXCSR and XMM0-XMM15 (XMM0-7
 * on i386). The instruction and operand pointers are not kept (written as 0). 0 or -1. */
enum { X86_FXSAVE_BYTES = 512 };
struct cpu;
int x86_fxsave(struct cpu *cpu, uint8_t image[X86_FXSAVE_BYTES]);
int x86_fxrstor(struct cpu *cpu, const uint8_t image[X86_FXSAVE_BYTES]);

#endif
