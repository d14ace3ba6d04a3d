/* hppa's light-weight system calls: `ble 0xb0(%sr2, %r0)` with the operation in r20, which
 * the back end raises as software interrupt 0xb0 (already resumed at r31). glibc builds its
 * atomics on them. Per the kernel's gateway page (arch/parisc/kernel/syscall.S, lws_entry):
 *   0  32-bit compare and swap: r26 address, r25 old, r24 new; r28 = the value found.
 *   2  compare and swap of 1, 2, 4 or 8 bytes (r23 = 0..3), r25 and r24 pointing to the old
 *      and new values; r28 = 0 if it swapped, 1 if not.
 * r21 is 0 or -errno (-EFAULT for a bad address, -ENOSYS for an unknown operation; glibc
 * retries on -EAGAIN and aborts on anything else). The emulated process has one thread, so
 * a plain read-compare-write is atomic. Operations 3 (exchange) and 4 (store) of newer
 * kernels are answered -ENOSYS, as qemu-hppa 7.2 does. */
#include <errno.h>

#include "../../emu/hppa/regs.h"
#include "../process.h"
#include "abi.h"

enum { LWS_CAS32 = 0, LWS_CAS_SIZED = 2 };

static int cas32(struct process *p, const struct hppa_lws_call *c, uint32_t *r28)
{
	uint64_t now;
	if (c->r26 & 3 || gm_get(&p->mem, c->r26, 4, &now) != 0)
		return EFAULT;
	if (now == c->r25 && gm_put(&p->mem, c->r26, 4, c->r24) != 0)
		return EFAULT;
	*r28 = (uint32_t)now;
	return 0;
}

static int cas_sized(struct process *p, const struct hppa_lws_call *c, uint32_t *r28)
{
	if (c->r23 > 3)
		return ENOSYS;
	unsigned width = 1u << c->r23;
	uint64_t old, new_value, now;
	if ((c->r26 & (width - 1)) || gm_get(&p->mem, c->r25, width, &old) != 0 ||
	    gm_get(&p->mem, c->r24, width, &new_value) != 0 ||
	    gm_get(&p->mem, c->r26, width, &now) != 0)
		return EFAULT;
	if (now != old) {
		*r28 = 1;
		return 0;
	}
	if (gm_put(&p->mem, c->r26, width, new_value) != 0)
		return EFAULT;
	*r28 = 0;
	return 0;
}

int hppa_lws_run(struct process *p, const struct hppa_lws_call *c, uint32_t *r28)
{
	*r28 = 0;
	switch (c->op) {
	case LWS_CAS32: return cas32(p, c, r28);
	case LWS_CAS_SIZED: return cas_sized(p, c, r28);
	default: return ENOSYS;
	}
}

void hppa_interrupt(struct process *p, unsigned vector)
{
	if (vector != 0xb0)
		return;
	struct cpu *cpu = p->cpu;
	const struct hppa_lws_call c = {
		.op = (uint32_t)cpu_reg(cpu, HPPA_REG_R20), .r26 = (uint32_t)cpu_reg(cpu, HPPA_REG_R26),
		.r25 = (uint32_t)cpu_reg(cpu, HPPA_REG_R25), .r24 = (uint32_t)cpu_reg(cpu, HPPA_REG_R24),
		.r23 = (uint32_t)cpu_reg(cpu, HPPA_REG_R23),
	};
	uint32_t r28;
	int err = hppa_lws_run(p, &c, &r28);
	cpu_set_reg(cpu, HPPA_REG_RET0, r28);
	cpu_set_reg(cpu, HPPA_REG_R21, (uint32_t)(err ? -p->abi->errno_to_guest(err) : 0));
}
