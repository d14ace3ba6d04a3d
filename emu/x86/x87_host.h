/* x87 transcendental instructions executed on the host's own FPU.
 *
 * Unicorn 2.1 carries QEMU 5.0's x87, which computes f2xm1, fyl2x, fpatan, fsin, fprem and their
 * kin through host doubles: low bits are lost and special cases go wrong (i386 glibc's log(0)
 * returns 0, not -inf). Every host profemu runs on is an x86-64 with a real x87, so the
 * back end hooks these instructions (opcodes D9 F0 to D9 FF) and runs each one on the host,
 * from the guest's complete FPU state, which gives the hardware's exact results. */
#ifndef PROFEMU_X87_HOST_H
#define PROFEMU_X87_HOST_H

#include <stdbool.h>
#include <stdint.h>

/* The 108-byte image FSAVE writes and FRSTOR reads (protected-mode and 64-bit layout). */
struct x87_state {
	uint16_t fcw, pad0;
	uint16_t fsw, pad1;
	uint16_t ftw, pad2;	/* two bits per physical register: 3 = empty */
	uint32_t fip;
	uint16_t fcs, fop;
	uint32_t foo;
	uint16_t fos, pad3;
	uint8_t st[8][10];	/* ST(0) to ST(7), in stack order */
} __attribute__((packed));

/* True for the instructions the host executes: D9 F0 .. D9 FF. */
static inline bool x87_host_handles(const uint8_t *insn)
{
	return insn[0] == 0xd9 && insn[1] >= 0xf0;
}

/* Executes the two-byte instruction D9 `modrm` on state, in place. */
void x87_host_execute(struct x87_state *state, uint8_t modrm);

#endif
