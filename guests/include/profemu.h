/* profemu's profiling system calls, for guests with or without glibc.
 *
 * profemu serves profil(2) and sprofil(2) itself, on a clock that ticks after exactly N
 * retired instructions (--tick=N). glibc's profil()/sprofil() reach it directly; programs
 * without glibc (or wanting another personality's spelling) use these raw calls:
 *   every ABI:  0x6000 = profil,  0x6001 = sprofil
 *   i386:       98 = profil too (Linux's historical __NR_profil)
 *   hppa:       through the gateway page, as glibc calls the kernel (ble 0x100(%sr2,%r0),
 *               the number set in the delay slot)
 * The rules each call follows are the personality's (--personality=svr4|bsd|linux|hpux):
 * see profil(2) and sprofil(2) in profemu's doc/. */
#ifndef PROFEMU_GUEST_H
#define PROFEMU_GUEST_H

#include <stddef.h>

#define PROFEMU_NR_PROFIL 0x6000
#define PROFEMU_NR_SPROFIL 0x6001
#define PROFEMU_NR_PROFIL_I386 98

/* sprofil flags (glibc's values; PROF_UINT64 as HP-UX has it, for --personality=hpux) */
#ifndef PROF_USHORT
#define PROF_USHORT 0
#define PROF_UINT 1
#define PROF_FAST 2
#endif
#define PROF_UINT64 4

/* The region descriptor of --personality=linux (glibc's struct prof). */
struct profemu_prof {
	void *pr_base;
	size_t pr_size;
	size_t pr_off;
	unsigned long pr_scale;
};

/* The region descriptor of --personality=hpux (HP-UX's struct prof). */
struct profemu_prof_hpux {
	void *pr_base;
	unsigned int pr_size;
	void *pr_offset;
	unsigned int pr_scale;
};

/* The raw calls: the result, or -errno (no errno is set). */
static inline long profemu_syscall4(long nr, long a, long b, long c, long d)
{
	long r;
#if defined(__x86_64__)
	register long r10 __asm__("r10") = d;
	__asm__ volatile("syscall" : "=a"(r) : "a"(nr), "D"(a), "S"(b), "d"(c), "r"(r10)
			 : "rcx", "r11", "memory");
#elif defined(__i386__)
	__asm__ volatile("int $0x80" : "=a"(r) : "a"(nr), "b"(a), "c"(b), "d"(c), "S"(d) : "memory");
#elif defined(__ia64__)
	/* break 0x100000 with the number in r15 and the arguments in the output registers; the
	 * result in r8, r10 = -1 when it is an error (r8 then the positive errno). The kernel's
	 * scratch registers are clobbered, as glibc's INTERNAL_SYSCALL says. */
	register long r15 __asm__("r15") = nr;
	register long out0 __asm__("out0") = a, out1 __asm__("out1") = b;
	register long out2 __asm__("out2") = c, out3 __asm__("out3") = d;
	register long r8 __asm__("r8"), r10 __asm__("r10");
	__asm__ volatile("break 0x100000;;"
			 : "=r"(r8), "=r"(r10), "+r"(r15), "+r"(out0), "+r"(out1), "+r"(out2),
			   "+r"(out3)
			 :
			 : "memory", "r2", "r3", "r9", "r11", "r13", "r14", "r16", "r17", "r18",
			   "r19", "r20", "r21", "r22", "r23", "r24", "r25", "r26", "r27", "r28",
			   "r29", "r30", "r31", "p6", "p7", "p8", "p9", "p10", "p11", "p12", "p13",
			   "p14", "p15", "b6", "b7");
	r = r10 == -1 ? -r8 : r8;
#elif defined(__hppa__)
	/* glibc's sequence: the call may clobber r1, r2, r4, r20, r29 and r31; r19 (the PIC
	 * register) is kept in r4 across it. Arguments in r26..r23, the result in r28. */
	register long r26 __asm__("r26") = a;
	register long r25 __asm__("r25") = b;
	register long r24 __asm__("r24") = c;
	register long r23 __asm__("r23") = d;
	register long r28 __asm__("r28");
	__asm__ volatile("copy %%r19, %%r4\n\t"
			 "ble 0x100(%%sr2, %%r0)\n\t"
			 "copy %5, %%r20\n\t"
			 "copy %%r4, %%r19"
			 : "=r"(r28) : "r"(r26), "r"(r25), "r"(r24), "r"(r23), "r"(nr)
			 : "r1", "r2", "r4", "r20", "r29", "r31", "memory");
	r = r28;
#else
#error "profemu.h: no raw system call for this architecture yet"
#endif
	return r;
}

static inline long profemu_profil(void *buf, size_t bufsiz, size_t offset, unsigned scale)
{
	return profemu_syscall4(PROFEMU_NR_PROFIL, (long)buf, (long)bufsiz, (long)offset, (long)scale);
}

static inline long profemu_sprofil(void *profp, int profcnt, void *tvp, unsigned flags)
{
	return profemu_syscall4(PROFEMU_NR_SPROFIL, (long)profp, profcnt, (long)tvp, (long)flags);
}

#endif
