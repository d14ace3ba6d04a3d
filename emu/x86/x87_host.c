/* Running one x87 instruction on the host FPU: see x87_host.h. The host's own FPU state is
 * saved around it, so the emulator's long double arithmetic is never disturbed. */
#include "x87_host.h"

_Static_assert(sizeof(struct x87_state) == 108, "FSAVE image is 108 bytes");

/* Saves the host state, loads the guest's, runs INSN, saves the guest's, restores the host's.
 * FNSAVE reinitialises the FPU, so no guest exception is left pending for the host. */
#define RUN_ON_HOST(insn)                                                                  \
	__asm__ volatile("fnsave %0\n\tfrstor %1\n\t" insn "\n\tfnsave %1\n\tfrstor %0"   \
			 : "+m"(host), "+m"(*state))

void x87_host_execute(struct x87_state *state, uint8_t modrm)
{
	struct x87_state host;
	/* The guest's exceptions run masked here: with one unmasked and its flag pending (or
	 * raised by this instruction) the host's FPU would trap, and profemu die of SIGFPE (the
	 * fuzz_x86 harness found it). Its flags are kept, and the summary bits a real FPU sets
	 * for an unmasked one, as after an FNSAVE-visible exception. */
	uint16_t guest_fcw = state->fcw;
	state->fcw |= 0x3f;
	switch (modrm) {
	case 0xf0: RUN_ON_HOST("f2xm1"); break;
	case 0xf1: RUN_ON_HOST("fyl2x"); break;
	case 0xf2: RUN_ON_HOST("fptan"); break;
	case 0xf3: RUN_ON_HOST("fpatan"); break;
	case 0xf4: RUN_ON_HOST("fxtract"); break;
	case 0xf5: RUN_ON_HOST("fprem1"); break;
	case 0xf6: RUN_ON_HOST("fdecstp"); break;
	case 0xf7: RUN_ON_HOST("fincstp"); break;
	case 0xf8: RUN_ON_HOST("fprem"); break;
	case 0xf9: RUN_ON_HOST("fyl2xp1"); break;
	case 0xfa: RUN_ON_HOST("fsqrt"); break;
	case 0xfb: RUN_ON_HOST("fsincos"); break;
	case 0xfc: RUN_ON_HOST("frndint"); break;
	case 0xfd: RUN_ON_HOST("fscale"); break;
	case 0xfe: RUN_ON_HOST("fsin"); break;
	case 0xff: RUN_ON_HOST("fcos"); break;
	default: break;
	}
	state->fcw = guest_fcw;
	if (state->fsw & ~guest_fcw & 0x3f)
		state->fsw |= 0x8080;	/* ES and B: an unmasked exception is pending */
}
