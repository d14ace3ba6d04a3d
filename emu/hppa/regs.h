/* hppa register numbering for cpu_reg/cpu_set_reg (emu/cpu.h).
 *
 * r0..r31 are 0..31; then the front of the instruction address queue (the pc), SAR (cr11),
 * the thread pointer cr27, the 32 floating-point registers as 64-bit values (fr0's left half is
 * the FP status register; a single-precision frNL is the high word, frNR the low word, as the
 * machine is big-endian), and last the back of the queue and the PSW (N, V and C/B bits as the
 * kernel's sigcontext gr[0] holds them). Writing HPPA_REG_PC sets the back to pc + 4. */
#ifndef PROFEMU_HPPA_REGS_H
#define PROFEMU_HPPA_REGS_H

enum {
	HPPA_REG_R0 = 0,
	HPPA_REG_RP = 2,	/* return pointer */
	HPPA_REG_R19 = 19,	/* PIC / linkage table */
	HPPA_REG_R20 = 20,	/* system-call number */
	HPPA_REG_R21 = 21,
	HPPA_REG_R22 = 22,
	HPPA_REG_R23 = 23,
	HPPA_REG_R24 = 24,
	HPPA_REG_R25 = 25,
	HPPA_REG_R26 = 26,	/* first argument */
	HPPA_REG_DP = 27,
	HPPA_REG_RET0 = 28,
	HPPA_REG_RET1 = 29,
	HPPA_REG_SP = 30,
	HPPA_REG_R31 = 31,	/* BLE and millicode link */
	HPPA_REG_PC = 32,	/* IAOQ front */
	HPPA_REG_SAR = 33,
	HPPA_REG_CR27 = 34,
	HPPA_REG_FR0 = 35,	/* .. HPPA_REG_FR0 + 31 */
	HPPA_REG_IAOQ_B = HPPA_REG_FR0 + 32,
	HPPA_REG_PSW,
	HPPA_REG_COUNT
};

/* PSW bits in HPPA_REG_PSW (as Linux's sigcontext and qemu lay them out). */
#define HPPA_PSW_N 0x00200000u
#define HPPA_PSW_V 0x00020000u
#define HPPA_PSW_CB 0x0000ff00u

/* PA-RISC interruption numbers a fault carries in cpu_fault.trap (PA-RISC 1.1 Architecture,
 * chapter 5; the kernel's handle_interruption switches on them to choose si_code). */
enum {
	HPPA_INT_ITLB_MISS = 6,
	HPPA_INT_IMEM_PROTECTION = 7,
	HPPA_INT_ILLEGAL = 8,
	HPPA_INT_BREAK = 9,
	HPPA_INT_PRIV_OP = 10,
	HPPA_INT_OVERFLOW = 12,
	HPPA_INT_CONDITIONAL = 13,
	HPPA_INT_DTLB_MISS = 15,
	HPPA_INT_DATA_ACCESS_RIGHTS = 26,
	HPPA_INT_UNALIGNED = 28,
};

#endif
