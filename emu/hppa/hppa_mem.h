/* The hppa back end's guest data accesses: the direct-mapped TLB (struct hppa_tlb) on the hot
 * path, loads and stores in the guest's byte order, effective addresses, and the faults run()
 * reports (hppa_mem.c). */
#ifndef PROFEMU_HPPA_MEM_H
#define PROFEMU_HPPA_MEM_H

#include "../byteorder.h"
#include "hppa_state.h"

/* A TLB miss: the slot is filled from guest_mem. NULL for an address that is not mapped with
 * prot or not aligned to align + 1 (the caller tells which). */
uint8_t *hppa_tlb_fill(struct hppa_cpu *c, struct hppa_tlb *tlb, uint32_t addr, int prot,
		       uint32_t align);

/* A fault at an address (a data access with prot, or GM_PROT_EXEC for a fetch): *f filled,
 * CPU_STOP_FAULT. */
enum cpu_stop hppa_mem_fault(struct hppa_cpu *c, struct cpu_fault *f, uint32_t addr, int prot);

/* A fault of the instruction word at iaoq_f: kind, the message (which names the
 * interruption), CPU_STOP_FAULT. */
enum cpu_stop hppa_fault(struct hppa_cpu *c, struct cpu_fault *f, enum cpu_fault_kind kind,
			 const char *what, uint32_t word);

/* The host address of a data access of size align + 1 (a power of two) at addr, or NULL
 * (unaligned or not accessible). One compare checks both the page and the alignment: a
 * slot's tag never has the alignment bits set. */
static inline __attribute__((always_inline)) uint8_t *data_host_aligned(
	struct hppa_cpu *c, struct hppa_tlb *tlbs, uint32_t addr, int prot, uint32_t align)
{
	struct hppa_tlb *tlb = &tlbs[(addr >> HPPA_PAGE_SHIFT) % HPPA_TLB_SLOTS];
	if (__builtin_expect(tlb->vaddr == (addr & (~PAGE_MASK | align)), 1))
		return (uint8_t *)(tlb->addend + addr);
	return hppa_tlb_fill(c, tlb, addr, prot, align);
}

static inline __attribute__((always_inline)) uint8_t *data_host(struct hppa_cpu *c, struct hppa_tlb *tlbs, uint32_t addr, int prot)
{
	return data_host_aligned(c, tlbs, addr, prot, 0);
}


static inline uint32_t ld(const uint8_t *h, unsigned lg)
{
	switch (lg) {
	case 0: return h[0];
	case 1: return bo_get16(h, BO_BIG);
	default: return bo_get32(h, BO_BIG);
	}
}

static inline void st(uint8_t *h, unsigned lg, uint32_t v)
{
	switch (lg) {
	case 0: h[0] = (uint8_t)v; break;
	case 1: bo_put16(h, (uint16_t)v, BO_BIG); break;
	default: bo_put32(h, v, BO_BIG); break;
	}
}

/* Effective address and modified base of a load or store. */
static inline uint32_t mem_ea(const struct hppa_cpu *c, const struct hppa_insn *in, unsigned lg,
		       uint32_t *newbase)
{
	uint32_t base = c->gr[in->r2];
	uint32_t off = (in->flags & HF_IDX) ?
		c->gr[in->r1] << ((in->flags & HF_SCALE) ? lg : 0) : (uint32_t)in->imm;
	*newbase = base + off;
	return (in->flags & HF_MOD) && !(in->flags & HF_MB) ? base : base + off;
}

#endif
