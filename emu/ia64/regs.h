/* IA-64 register numbering for cpu_reg / cpu_set_reg.
 *
 * General registers are numbered as the running code names them: IA64_GR(n) is rn of the
 * current register frame (r32 and up are the stacked registers of that frame, after rotation),
 * so the OS layer reads a system call's number as IA64_GR(15) and writes its result to
 * IA64_GR(8) and IA64_GR(10). The system-call arguments are the caller's output registers,
 * IA64_SYSARG(k) (out0 = r32 + sol). The pc (IA64_IP) is the bundle address plus the slot
 * number (0-2) in its low bits, as Linux's ip and psr.ri together. */
#ifndef PROFEMU_IA64_REGS_H
#define PROFEMU_IA64_REGS_H

enum {
	IA64_GR0 = 0,			/* r0-r127: IA64_GR(n) */
	IA64_BR0 = 128,			/* b0-b7 */
	IA64_AR0 = 136,			/* ar0-ar127: IA64_AR(n) */
	IA64_PR = 264,			/* the 64 predicates as one word (p0 reads 1) */
	IA64_IP = 265,			/* bundle address | slot */
	IA64_CFM = 266,			/* current frame marker (sof, sol, sor, rrb.gr/fr/pr) */
	IA64_SYSARG0 = 267,		/* the caller's out0..out7: a system call's arguments */
	IA64_FR_SIG0 = 275,		/* f0-f127's significands: IA64_FR_SIG(n) */
	IA64_FR_SE0 = 403,		/* f0-f127's sign (bit 17) and exponent (bits 16:0), as
					 * stf.spill stores them at +8: IA64_FR_SE(n) */
	IA64_REG_COUNT = 531,
};

#define IA64_GR(n) (IA64_GR0 + (n))
#define IA64_BR(n) (IA64_BR0 + (n))
#define IA64_AR(n) (IA64_AR0 + (n))
#define IA64_SYSARG(k) (IA64_SYSARG0 + (k))
#define IA64_FR_SIG(n) (IA64_FR_SIG0 + (n))
#define IA64_FR_SE(n) (IA64_FR_SE0 + (n))

/* Application registers by their architected numbers. */
enum {
	IA64_AR_RSC = 16, IA64_AR_BSP = 17, IA64_AR_BSPSTORE = 18, IA64_AR_RNAT = 19, IA64_AR_CSD = 25,
	IA64_AR_CCV = 32, IA64_AR_UNAT = 36, IA64_AR_FPSR = 40, IA64_AR_ITC = 44,
	IA64_AR_PFS = 64, IA64_AR_LC = 65, IA64_AR_EC = 66,
};

/* The Linux system-call break immediate. */
enum { IA64_BREAK_SYSCALL = 0x100000 };

#endif
