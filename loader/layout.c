/* Fixed guest address layouts, one per architecture.
 *
 * They never change between runs or machines: profiles and fault messages must be reproducible,
 * so there is no address-space randomisation. Where Linux has a well-known no-ASLR address we
 * use it, so that addresses look familiar to anyone who has run the program under gdb.
 * Each layout keeps its pieces disjoint: program (+ brk heap above it), mmap range,
 * interpreter, stack. stack_build maps the whole stack_size at once (there is no grow-down
 * or grow-up fault handling), so the stack really occupies [stack_top - stack_size, stack_top).
 * Beside the addresses, each layout holds the facts of its Linux exec that stack_build follows
 * (loader.h), as data: no code here or there asks which architecture it is. AT_PLATFORM and the
 * default sysroot are the ABI's (struct sys_abi), given by the caller. */
#include "loader.h"

#define MIB (UINT64_C(1) << 20)

/* x86-64 (47-bit user space):
 *   0x555555554000   PIE/static-pie base: what Linux uses with ASLR off; brk grows above it.
 *   0x7ff000000000   mmap range start: ~64 GiB up to the interpreter, far above any brk heap.
 *   0x7ffff7fc0000   interpreter, also the mmap range end (Linux puts ld.so at 0x7ffff7fc3000,
 *                    just above its vDSO, which we do not have). ~120 MiB of room above it.
 *   When the mmap range is full (a 100 GB MAP_NORESERVE mapping, say), mappings go on below
 *   it, downward to 0x600000000000 (10 TiB above the PIE for its heap), then above the
 *   interpreter, as Linux's top-down search would find room.
 *   0x7fffff7ff000   stack bottom = stack_top - 8 MiB.
 *   0x7ffffffff000   stack top: the Linux no-ASLR value (one guard page below 1 << 47). */
static const struct addr_layout layout_x86_64 = {
	.exec_base = UINT64_C(0x555555554000),
	.interp_base = UINT64_C(0x7ffff7fc0000),
	.stack_top = UINT64_C(0x7ffffffff000),
	.stack_size = 8 * MIB,
	.mmap_lo = UINT64_C(0x7ff000000000),
	.mmap_hi = UINT64_C(0x7ffff7fc0000),
	.mmap_floor = UINT64_C(0x600000000000),
	.mmap_ceiling = UINT64_C(0x7ffffffff000),
	.addr_limit = UINT64_C(1) << 47,
	.page_size = 4096,
	.strings_align = 16,	/* x86's arch_align_stack */
	.sp_align = 16,
};

/* i386 (4 GiB user space, as a 32-bit program sees it on a 64-bit kernel):
 *   0x08048000       where ET_EXEC i386 programs are traditionally linked (not ours to pick).
 *   0x56555000       PIE/static-pie base: the Linux no-ASLR value; brk grows above it.
 *   0x80000000       mmap range start, leaving ~680 MiB of brk heap above a PIE.
 *   0xf7fc0000       interpreter, also the mmap range end (ld.so is ~200 KiB).
 *   0xff7dd000       stack bottom = stack_top - 8 MiB.
 *   0xfffdd000       stack top. The pages above it stay free: the i386 back end maps its GDT
 *                    page at 0xfffff000.
 *   When the mmap range is full, mappings go on below it down to 16 MiB (above an ET_EXEC
 *   program's usual 0x08048000 they meet its heap only when the space is nearly full, as on
 *   Linux), then in the free pages above it. */
static const struct addr_layout layout_i386 = {
	.exec_base = 0x56555000,
	.interp_base = 0xf7fc0000,
	.stack_top = 0xfffdd000,
	.stack_size = 8 * MIB,
	.mmap_lo = 0x80000000,
	.mmap_hi = 0xf7fc0000,
	.mmap_floor = 0x01000000,
	.mmap_ceiling = 0xfffff000,
	.addr_limit = UINT64_C(1) << 32,
	.page_size = 4096,
	.strings_align = 16,
	.sp_align = 16,
};

/* hppa (32-bit, big-endian). hppa-linux links ET_EXEC text at 0x00010000. On hppa the stack
 * grows UP (CONFIG_STACK_GROWSUP), so its region starts low (0xc0000000) and stack_top is the
 * region's end: the strings sit at its bottom, the tables just above them, and sp above those
 * (stack.c), growing toward stack_top.
 *   0x10000000       PIE base.
 *   0x40000000       mmap range start, up to the interpreter.
 *   0xb0000000       interpreter.
 *   0xc0000000       stack region, 8 MiB; stack_top 0xc0800000.
 *   A 32-bit process's space ends at 0xfff00000 (DEFAULT_TASK_SIZE32). When the mmap range
 *   is full (~220 threads with 8 MiB stacks), mappings go on below it down to 16 MiB, then
 *   above the stack up to there: qemu-hppa, which maps top-down through all of it, runs 500
 *   such threads. */
static const struct addr_layout layout_hppa = {
	.exec_base = 0x10000000,
	.interp_base = 0xb0000000,
	.stack_top = 0xc0800000,
	.stack_size = 8 * MIB,
	.mmap_lo = 0x40000000,
	.mmap_hi = 0xb0000000,
	.mmap_floor = 0x01000000,
	.mmap_ceiling = 0xfff00000,
	.addr_limit = UINT64_C(1) << 32,
	.page_size = 4096,
	.stack_grows_up = true,
	.strings_align = 1,	/* arch/parisc/include/asm/exec.h: arch_align_stack(x) is x */
	.sp_align = 64,		/* start_thread: r30 = (sp + 63) & ~63 */
	/* and 64 bytes above that: the frame marker and argument slots a PA-RISC function writes
	 * below its sp (glibc's static start-up does) must not land on the auxv's end. qemu-user
	 * starts hppa programs so too; measured: without it getauxval(AT_EXECFN) read 0 in static
	 * programs for some argument lengths (e2e args-hppa-static-*). */
	.sp_offset = 64,
};

/* IA-64 divides the space into eight regions by the top three address bits. ia64 linkers put
 * text in region 2 (0x4000000000000000) and data in region 3 (0x6000000000000000); Linux puts
 * ld.so and mmaps in region 1 and the stack at the top of region 3's implemented range.
 *   0x2000000000000000   interpreter (where Linux ia64 puts ld-linux-ia64.so.2).
 *   0x2000000001000000   mmap range start, to the end of region 1.
 *   0x4000000000000000   PIE base (region 2, like ET_EXEC text).
 *   0x60000fffff7e0000   stack bottom = stack_top - 8 MiB (the ia64 back end puts the register
 *                        backing store where it wants; the stack itself is ordinary memory).
 *   0x60000ffffffe0000   stack top, as on Linux ia64 (region 3, below the unimplemented hole).
 * Pages are 4 KiB, as in HP's Ski simulator, the oracle the IA-64 guests are checked against
 * (Linux ia64 kernels were mostly built with 16 KiB pages; glibc asks AT_PAGESZ, and malloc's
 * and the guests' page arithmetic follow it, so only the same size gives Ski's output and
 * counts). ia64 binaries align segments to 64 KiB, so they load with any of the page sizes.
 * addr_limit covers regions 0-3 (user space). */
static const struct addr_layout layout_ia64 = {
	.exec_base = UINT64_C(0x4000000000000000),
	.interp_base = UINT64_C(0x2000000000000000),
	.stack_top = UINT64_C(0x60000ffffffe0000),
	.stack_size = 8 * MIB,
	.mmap_lo = UINT64_C(0x2000000001000000),
	.mmap_hi = UINT64_C(0x4000000000000000),
	.mmap_floor = UINT64_C(0x2000000001000000),	/* region 1 is the mmap range: no more */
	.mmap_ceiling = UINT64_C(0x4000000000000000),
	.addr_limit = UINT64_C(0x8000000000000000),
	.page_size = 4096,
	.strings_align = 1,	/* arch/ia64/include/asm/exec.h: arch_align_stack(x) is x */
	.sp_align = 16,
	.sp_offset = -16,	/* start_thread: r12 = the address of argc - 16 */
};

const struct addr_layout *addr_layout_for(enum cpu_arch arch)
{
	switch (arch) {
	case CPU_ARCH_X86_64: return &layout_x86_64;
	case CPU_ARCH_I386: return &layout_i386;
	case CPU_ARCH_HPPA: return &layout_hppa;
	case CPU_ARCH_IA64: return &layout_ia64;
	case CPU_ARCH_I8086: return NULL;	/* DOS programs are not ELF: no layout yet */
	}
	return NULL;
}
