/* The host's floating-point exception flags, cleared and read around one emulated operation.
 *
 * glibc's feclearexcept on x86-64 stores and reloads the whole x87 environment (fnstenv,
 * fldenv) besides MXCSR: about 65 % of an FP-bound hppa guest's time went there (perf,
 * fpkernels). On x86-64 the flags live in two places, MXCSR (SSE arithmetic) and the x87
 * status word (libm routines written in x87 code); they have the same bit for the same
 * exception as <fenv.h>'s FE_* constants, so clearing both and reading both gives what
 * feclearexcept(FE_ALL_EXCEPT) and fetestexcept(FE_ALL_EXCEPT) give, at a few cycles. Other
 * hosts use <fenv.h>. */
#ifndef PROFEMU_HOST_FENV_H
#define PROFEMU_HOST_FENV_H

#include <fenv.h>

#if defined(__x86_64__) && defined(__GNUC__)
_Static_assert(FE_INVALID == 0x01 && FE_DIVBYZERO == 0x04 && FE_OVERFLOW == 0x08 &&
		       FE_UNDERFLOW == 0x10 && FE_INEXACT == 0x20,
	       "x86's FE_* bits are MXCSR's and the x87 status word's");

static inline void host_fenv_clear(void)
{
	unsigned mxcsr;
	__asm__ volatile("stmxcsr %0" : "=m"(mxcsr));
	mxcsr &= ~(unsigned)FE_ALL_EXCEPT;
	__asm__ volatile("ldmxcsr %0\n\tfnclex" : : "m"(mxcsr) : "memory");
}

static inline int host_fenv_test(void)
{
	unsigned mxcsr;
	unsigned short fsw;
	__asm__ volatile("stmxcsr %0\n\tfnstsw %1" : "=m"(mxcsr), "=m"(fsw) : : "memory");
	return (int)((mxcsr | fsw) & FE_ALL_EXCEPT);
}
#else
static inline void host_fenv_clear(void)
{
	feclearexcept(FE_ALL_EXCEPT);
}

static inline int host_fenv_test(void)
{
	return fetestexcept(FE_ALL_EXCEPT);
}
#endif

#endif
