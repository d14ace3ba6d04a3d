/* i386 segments and thread pointers: the flat GDT a 32-bit Linux process runs on, the TLS
 * entries set_thread_area fills, and the thread pointer TLS is addressed from on every mode. */
#include "../byteorder.h"
#include "regs.h"
#include "x86_cpu_internal.h"

/* The i386 GDT lives in the top page of the guest's 4 GiB, which the layouts keep free. */
#define I386_GDT_ADDR 0xfffff000u
#define I386_GDT_ENTRIES 32

/* A flat 4 GiB, 32-bit, user-mode (DPL 3) descriptor with the given base: `type` 0xf3 is a
 * writable data segment, 0xfb a readable code segment. The accessed bit is preset so the CPU
 * never writes back to the (read-only) GDT page. */
static uint64_t flat_descriptor(uint32_t base, unsigned type)
{
	uint64_t limit = 0xfffff;
	uint64_t d = (limit & 0xffff) | ((uint64_t)(base & 0xffffff) << 16);
	d |= (uint64_t)type << 40;
	d |= ((limit >> 16) & 0xf) << 48;
	d |= (uint64_t)0xc << 52;		/* 4 KiB granularity, 32-bit */
	d |= (uint64_t)(base >> 24) << 56;
	return d;
}

/* Segment selectors of a 32-bit process on x86-64 Linux (user code and data), and a ring-0
 * stack segment: Unicorn keeps the CPU at privilege level 0 after the CS load, and SS must
 * match that level. */
enum { I386_USER_CS = 4 << 3 | 3, I386_USER_DS = 5 << 3 | 3, I386_STACK_SS = 6 << 3 };

/* i386 programs run on flat segments, as under Linux, with a GDT in guest memory: TLS goes
 * through a descriptor that glibc loads into %gs after set_thread_area. Loading the code and
 * stack segments from real descriptors also keeps the stack 32-bit: without them, the first
 * segment load (glibc's %gs) recomputes the CPU's flags to a 16-bit stack pointer. */
int x86_setup_gdt(struct x86_cpu *cpu)
{
	int err = gm_map(cpu->mem, I386_GDT_ADDR, 4096, GM_PROT_READ);
	if (err)
		return err;
	uint8_t desc[8];
	bo_put64(desc, flat_descriptor(0, 0xfb), BO_LITTLE);
	gm_poke(cpu->mem, I386_GDT_ADDR + (I386_USER_CS >> 3) * 8, desc, 8);
	bo_put64(desc, flat_descriptor(0, 0xf3), BO_LITTLE);
	gm_poke(cpu->mem, I386_GDT_ADDR + (I386_USER_DS >> 3) * 8, desc, 8);
	bo_put64(desc, flat_descriptor(0, 0x93), BO_LITTLE);
	gm_poke(cpu->mem, I386_GDT_ADDR + (I386_STACK_SS >> 3) * 8, desc, 8);
	uc_x86_mmr gdtr = { .base = I386_GDT_ADDR, .limit = I386_GDT_ENTRIES * 8 - 1 };
	if (uc_reg_write(cpu->uc, UC_X86_REG_GDTR, &gdtr) != UC_ERR_OK)
		return -22;
	static const struct { int reg; uint64_t sel; } segs[] = {
		{ UC_X86_REG_CS, I386_USER_CS }, { UC_X86_REG_SS, I386_STACK_SS },
		{ UC_X86_REG_DS, I386_USER_DS }, { UC_X86_REG_ES, I386_USER_DS },
	};
	for (size_t i = 0; i < sizeof(segs) / sizeof(segs[0]); i++)
		if (uc_reg_write(cpu->uc, segs[i].reg, &segs[i].sel) != UC_ERR_OK)
			return -22;
	return 0;
}

int x86_set_tls(struct x86_cpu *cpu, int which, uint64_t base)
{
	if (cpu->base.arch == CPU_ARCH_I8086)
		return -22;	/* real mode has no thread pointer */
	if (cpu->base.arch == CPU_ARCH_X86_64) {
		int reg = which == X86_TLS_FS ? UC_X86_REG_FS_BASE : which == X86_TLS_GS ? UC_X86_REG_GS_BASE : -1;
		if (reg < 0)
			return -22;
		return uc_reg_write(cpu->uc, reg, &base) == UC_ERR_OK ? 0 : -22;
	}
	if (which < X86_GDT_TLS_FIRST || which >= X86_GDT_TLS_FIRST + X86_GDT_TLS_COUNT)
		return -22;
	uint8_t desc[8];
	bo_put64(desc, flat_descriptor((uint32_t)base, 0xf3), BO_LITTLE);
	int err = gm_poke(cpu->mem, I386_GDT_ADDR + (uint64_t)which * 8, desc, 8);
	/* If %gs already holds this selector, reload it so the new base takes effect. */
	uint64_t gs = x86_read_reg(cpu, X86_GS);
	if (!err && gs == ((uint64_t)which << 3 | 3))
		x86_write_reg(cpu, X86_GS, gs);
	return err;
}

uint64_t x86_thread_pointer(struct x86_cpu *cpu)
{
	uint64_t tp = 0;
	if (cpu->base.arch == CPU_ARCH_X86_64)
		return x86_read_reg(cpu, X86_FS_BASE);
	if (cpu->base.arch == CPU_ARCH_I8086)
		return 0;
	uint64_t gs = x86_read_reg(cpu, X86_GS);
	if (gs >> 3 == 0 || !x86_gdt_segment_base(cpu, gs, &tp))
		return 0;
	return tp;
}

bool x86_gdt_segment_base(struct x86_cpu *cpu, uint64_t sel, uint64_t *base)
{
	uint8_t desc[8];
	*base = 0;
	if (gm_read(cpu->mem, I386_GDT_ADDR + (sel >> 3) * 8, desc, 8) != 0)
		return false;
	uint64_t d = bo_get64(desc, BO_LITTLE);
	*base = ((d >> 16) & 0xffffff) | ((d >> 56) << 24);
	return true;
}
