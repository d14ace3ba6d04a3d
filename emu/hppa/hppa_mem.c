/* The hppa back end's data translations (TLB fills) and the faults run() reports. */
#include <stdio.h>
#include <string.h>

#include "../guest_mem.h"
#include "hppa_mem.h"
#include "regs.h"

/* A TLB miss: the slot is filled from guest_mem. NULL for an address that is not mapped with
 * prot or not aligned to align + 1 (the caller tells which). Out of line so that the hits'
 * paths keep their values in registers. */
__attribute__((noinline, cold)) uint8_t *hppa_tlb_fill(struct hppa_cpu *c, struct hppa_tlb *tlb,
							uint32_t addr, int prot, uint32_t align)
{
	uint32_t va = addr & ~PAGE_MASK;
	if (addr & align)
		return NULL;
	uint8_t *h = gm_host(c->mem, va, 4096, prot);
	if (!h)
		return NULL;
	tlb->vaddr = va;
	tlb->addend = (uintptr_t)h - va;
	return h + (addr & PAGE_MASK);
}

enum cpu_stop hppa_mem_fault(struct hppa_cpu *c, struct cpu_fault *f, uint32_t addr, int prot)
{
	const struct gm_region *r = gm_region_at(c->mem, addr);
	f->kind = r ? CPU_FAULT_SEGV_ACCERR : CPU_FAULT_SEGV_MAPERR;
	if (prot == GM_PROT_EXEC)
		f->trap = r ? HPPA_INT_IMEM_PROTECTION : HPPA_INT_ITLB_MISS;
	else
		f->trap = r ? HPPA_INT_DATA_ACCESS_RIGHTS : HPPA_INT_DTLB_MISS;
	f->pc = c->iaoq_f;
	f->addr = addr;
	f->has_addr = true;
	snprintf(f->detail, sizeof f->detail, "%s at 0x%08x", prot == GM_PROT_WRITE ? "write" : "read",
		 addr);
	return CPU_STOP_FAULT;
}

/* The interruption each hppa_fault() message stands for (PA-RISC 1.1, chapter 5), kept here so
 * that the run loop's call sites name only the message. */
static const struct { const char *what; unsigned trap; } fault_interruptions[] = {
	{ "illegal instruction", HPPA_INT_ILLEGAL }, { "privileged instruction", HPPA_INT_PRIV_OP },
	{ "break", HPPA_INT_BREAK }, { "signed overflow trap", HPPA_INT_OVERFLOW },
	{ "conditional trap", HPPA_INT_CONDITIONAL },
};

enum cpu_stop hppa_fault(struct hppa_cpu *c, struct cpu_fault *f, enum cpu_fault_kind kind,
			   const char *what, uint32_t word)
{
	f->kind = kind;
	f->trap = HPPA_INT_ILLEGAL;
	for (unsigned i = 0; i < sizeof fault_interruptions / sizeof fault_interruptions[0]; i++)
		if (strcmp(fault_interruptions[i].what, what) == 0)
			f->trap = fault_interruptions[i].trap;
	f->pc = c->iaoq_f;
	f->addr = 0;
	f->has_addr = false;
	snprintf(f->detail, sizeof f->detail, "%s (0x%08x)", what, word);
	return CPU_STOP_FAULT;
}
