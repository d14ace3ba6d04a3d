/* Guest memory as Unicorn sees it.
 *
 * Unicorn is given each guest_mem window once (uc_mem_map_ptr, read+write+exec, at the guest
 * addresses: physical = virtual), never one region per guest mapping: QEMU rebuilds its whole
 * memory map on every region change (each mapping cost more than the last: 4 000 took 99 s)
 * and aborts past ~4 000 of them (phys_section_add). The guest's page protections are enforced
 * by a TLB fill hook instead (UC_TLB_VIRTUAL): on a TLB miss it answers from guest_mem, in
 * O(log n). Measured on a loop of loads and stores over 2 048 pages (a TLB miss every 64
 * iterations): no slower than the default TLB.
 *
 * An access the guest may not make is not refused by the hook (Unicorn would then only say
 * "exception", with the page but not the address); its page is given a physical address where
 * nothing is mapped (trap_phys: X86_TRAP_PHYS plus the address's low 48 bits, which sends
 * every canonical address, both halves, one-to-one above the guest's windows), so the access
 * reaches Unicorn's unmapped-memory hook with the exact address, as before
 * (x86_on_bad_memory). A plain va + X86_TRAP_PHYS wrapped past 2^64 for 0xffff0000'00000000
 * and above, onto a low guest page: Unicorn then read or wrote the window's host memory
 * there, a host SIGSEGV inside helper_le_ldul_mmu when that page had never been mapped, a
 * silently wrong access when it had (fuzz_x86: corpus_fuzz_x86/noncanonical-wrap). A
 * non-canonical address (x86-64) has no translation at all: the hardware raises #GP before
 * any page walk, so the fill is refused and the fault recorded there with the exact address.
 * The TLB is flushed after every map change and fault, so a trap entry never outlives it.
 *
 * Code is never stale. Unicorn keeps its translations of a page until a guest store to it
 * (QEMU's own self-modifying-code check); it knows nothing of what profemu writes, nor does
 * the block cache (x86_blocks.h) of any write. So every page a block was decoded from is
 * remembered (code_pages), and:
 *  - profemu's writes into executable pages and changes to pages that were executable
 *    (guest_mem's GM_CODE_WRITTEN and GM_PAGES_CHANGED) drop Unicorn's translations and the
 *    blocks of those pages;
 *  - a guest store to such a page while it is writable is caught: the hook leaves write
 *    permission out of its TLB entries, the store's fill is refused (the pc is then exact),
 *    and cpu_run drops the page's blocks and runs the store again, now allowed until a block
 *    is decoded from the page again.
 * A store into its own page would be refused for ever that way (its block, decoded again
 * before it runs, watches the page again): refused twice at one pc with nothing retired
 * between, the page is left unwatched (self_writing) until guest_mem next changes it.
 * Unicorn's own translations stay right there (QEMU sees guest stores into code); only the
 * block cache's instruction boundaries may then be stale, if the code is rewritten with
 * other boundaries. */
#include <stdio.h>

#include "../gm_window.h"
#include "x86_cpu_internal.h"

#define X86_PAGE 4096u

static uint32_t uc_perms(int prot)
{
	return (prot & GM_PROT_READ ? UC_PROT_READ : 0) | (prot & GM_PROT_WRITE ? UC_PROT_WRITE : 0) |
	       (prot & GM_PROT_EXEC ? UC_PROT_EXEC : 0);
}

/* Where the page at va goes when the guest may not access it: above every window, one page
 * per canonical page (x86_traps.c's x86_fault_address undoes it). */
static uint64_t trap_phys(uint64_t va)
{
	return X86_TRAP_PHYS + (va & (X86_TRAP_PHYS - 1));
}

static bool canonical(const struct x86_cpu *cpu, uint64_t va)
{
	uint64_t top = va >> 47;
	return cpu->base.arch != CPU_ARCH_X86_64 || top == 0 || top == 0x1ffff;
}

static bool on_tlb_fill(uc_engine *uc, uint64_t va, uc_mem_type type, uc_tlb_entry *e, void *user)
{
	struct x86_cpu *cpu = user;
	(void)uc;
	if (!canonical(cpu, va)) {
		/* #GP: refused, so Unicorn stops with the pc exact; the fault is told here */
		if (!cpu->invalidating)
			x86_bad_access(cpu, va, type == UC_MEM_WRITE, type == UC_MEM_FETCH);
		return false;
	}
	if (cpu->invalidating) {
		/* uc_ctl_remove_cache looks up the page it drops: any page of a window */
		e->paddr = va;
		e->perms = UC_PROT_READ | UC_PROT_EXEC;
		return gm_window_at(cpu->mem, va) != NULL;
	}
	const struct gm_region *r = gm_region_at(cpu->mem, va);
	uint32_t perms = r ? uc_perms(r->prot) : 0;
	uint32_t need = type == UC_MEM_WRITE ? UC_PROT_WRITE : type == UC_MEM_FETCH ? UC_PROT_EXEC
									    : UC_PROT_READ;
	if (!(perms & need)) {
		e->paddr = trap_phys(va);
		e->perms = UC_PROT_ALL;
		return true;
	}
	if ((perms & UC_PROT_WRITE) && page_set_has(&cpu->code_pages, va / X86_PAGE)) {
		if (type == UC_MEM_WRITE) {
			cpu->code_write_page = va;
			cpu->code_write_pending = true;
			return false;
		}
		perms &= ~UC_PROT_WRITE;
	}
	e->paddr = va;
	e->perms = perms;
	return true;
}

int x86_mem_setup(struct x86_cpu *cpu)
{
	uc_hook h;
	if (uc_ctl_tlb_mode(cpu->uc, UC_TLB_VIRTUAL) != UC_ERR_OK)
		return -1;
	return uc_hook_add(cpu->uc, &h, UC_HOOK_TLB_FILL, (void *)on_tlb_fill, cpu, 1, 0) == UC_ERR_OK
		       ? 0 : -1;
}

/* Drops Unicorn's translations of one code page and the blocks decoded from it. */
static void drop_code_page(void *ctx, uint64_t page)
{
	struct x86_cpu *cpu = ctx;
	uint64_t a = page * X86_PAGE;
	cpu->invalidating = true;
	uc_ctl_remove_cache(cpu->uc, a, a + X86_PAGE);
	cpu->invalidating = false;
	block_cache_forget_range(&cpu->blocks, a, a + X86_PAGE);
}

static void drop_code(struct x86_cpu *cpu, uint64_t start, uint64_t end)
{
	/* before: Unicorn finds a page's translations through the TLB, where a page's entry may
	 * be a trap entry; after: the invalidation's own fills leave entries behind */
	uc_ctl_flush_tlb(cpu->uc);
	if (end > start) {
		page_set_remove_range(&cpu->code_pages, start / X86_PAGE, (end - 1) / X86_PAGE,
				      drop_code_page, cpu);
		page_set_remove_range(&cpu->self_writing, start / X86_PAGE, (end - 1) / X86_PAGE,
				      NULL, NULL);
	}
	uc_ctl_flush_tlb(cpu->uc);
}

int x86_op_mem_changed(struct cpu *base, const struct gm_change *c)
{
	struct x86_cpu *cpu = (struct x86_cpu *)base;
	switch (c->what) {
	case GM_WINDOW_ADDED:
		return uc_mem_map_ptr(cpu->uc, c->start, c->end - c->start, UC_PROT_ALL, c->host) == UC_ERR_OK
			       ? 0 : -12 /* ENOMEM */;
	case GM_WINDOW_REMOVED:
		/* its pages move to another window: what was translated there goes, page by page
		 * (code_pages holds every page a block came from). Never a whole uc_ctl_flush_tb:
		 * this runs inside a system call, from the block that made it, and a flush resets
		 * the code buffer under that block (a host crash on return). */
		drop_code(cpu, c->start, c->end);
		uc_mem_unmap(cpu->uc, c->start, c->end - c->start);
		uc_ctl_flush_tlb(cpu->uc);
		return 0;
	case GM_PAGES_CHANGED:
		if (c->had_exec)
			drop_code(cpu, c->start, c->end);
		else
			uc_ctl_flush_tlb(cpu->uc);
		return 0;
	case GM_CODE_WRITTEN:
		drop_code(cpu, c->start, c->end);
		return 0;
	}
	return 0;
}

/* block_cache.decoded: the block's pages hold code now. A page the guest may write must lose
 * write permission in the TLB, so that the next store to it is seen. */
void x86_code_decoded(void *ctx, uint64_t addr, uint32_t size)
{
	struct x86_cpu *cpu = ctx;
	bool flush = false;
	for (uint64_t p = addr / X86_PAGE; size && p <= (addr + size - 1) / X86_PAGE; p++) {
		if (page_set_has(&cpu->self_writing, p) || page_set_add(&cpu->code_pages, p) != 1)
			continue;
		const struct gm_region *r = gm_region_at(cpu->mem, p * X86_PAGE);
		flush |= r && (r->prot & GM_PROT_WRITE);
	}
	if (flush)
		uc_ctl_flush_tlb(cpu->uc);
}

/* After cpu_run's engine stopped on a store into a code page (code_write_pending): the page's
 * blocks go, and the store may now run. */
void x86_code_write_seen(struct x86_cpu *cpu)
{
	uint64_t page = cpu->code_write_page / X86_PAGE, pc = x86_pc(cpu);
	cpu->code_write_pending = false;
	if (pc == cpu->refused_pc && cpu->retired_base == cpu->refused_retired)
		page_set_add(&cpu->self_writing, page);	/* its own block watched it again */
	cpu->refused_pc = pc;
	cpu->refused_retired = cpu->retired_base;
	if (page_set_remove(&cpu->code_pages, page))
		block_cache_forget_range(&cpu->blocks, page * X86_PAGE, page * X86_PAGE + X86_PAGE);
}
