/* The register stack: frames of stacked registers (alloc, br.call, br.ret, cover), the frame
 * marker, and the backing store address ar.bsp. Frames live in the host array
 * c->stacked (oldest first); guest memory sees them only when flushrs spills them. */
#include <string.h>

#include "ia64_cpu_internal.h"

uint64_t ia64_cfm(const struct ia64_cpu *c)
{
	return (uint64_t)c->sof | (uint64_t)c->sol << 7 | (uint64_t)(c->sor / 8) << 14 |
	       (uint64_t)c->rrb_gr << 18 | (uint64_t)c->rrb_fr << 25 | (uint64_t)c->rrb_pr << 32;
}

void ia64_set_cfm(struct ia64_cpu *c, uint64_t cfm)
{
	c->sof = cfm & 0x7f;
	c->sol = cfm >> 7 & 0x7f;
	c->sor = (cfm >> 14 & 0xf) * 8;
	c->rrb_gr = cfm >> 18 & 0x7f;
	c->rrb_fr = cfm >> 25 & 0x7f;
	c->rrb_pr = cfm >> 32 & 0x3f;
	if (c->sof > 96)
		c->sof = 96;
	if (c->sol > c->sof)
		c->sol = c->sof;
	if (c->sor > c->sof)
		c->sor = c->sof & ~7u;
	if (c->sor == 0 || c->rrb_gr >= c->sor)
		c->rrb_gr = 0;
	if (c->rrb_fr >= 96)
		c->rrb_fr = 0;
	if (c->rrb_pr >= 48)
		c->rrb_pr = 0;
}

bool ia64_rse_alloc(struct ia64_cpu *c, unsigned sof, unsigned sol, unsigned sor)
{
	if (sof > 96 || sol > sof || sor > sof || c->bof + sof > IA64_STACKED_MAX)
		return false;
	/* Changing the rotating size with registers rotated is an illegal operation. */
	if (sor != c->sor && (c->rrb_gr || c->rrb_fr || c->rrb_pr))
		return false;
	for (unsigned i = c->sof; i < sof; i++)
		c->stacked_nat[c->bof + i] = false;
	c->sof = sof;
	c->sol = sol;
	c->sor = sor;
	return true;
}

bool ia64_rse_call(struct ia64_cpu *c)
{
	if (c->bof + c->sol + 96 > IA64_STACKED_MAX)
		return false;
	c->ar[IA64_AR_PFS] = ia64_cfm(c) | (c->ar[IA64_AR_EC] & 63) << 52 | 3ULL << 62;
	c->bof += c->sol;
	c->sof -= c->sol;
	c->sol = 0;
	c->sor = 0;
	c->rrb_gr = c->rrb_fr = c->rrb_pr = 0;
	return true;
}

bool ia64_rse_return(struct ia64_cpu *c, uint64_t pfs)
{
	ia64_set_cfm(c, pfs & ((1ULL << 38) - 1));
	c->ar[IA64_AR_EC] = pfs >> 52 & 63;
	/* The caller's frame ends where ours began: its locals are below our bof. */
	c->bof = c->bof >= c->sol ? c->bof - c->sol : 0;
	/* A frame restored from a forged ar.pfs may not fit after a cover. */
	return c->bof + c->sof <= IA64_STACKED_MAX;
}

bool ia64_rse_cover(struct ia64_cpu *c)
{
	c->bof += c->sof;
	c->sof = c->sol = c->sor = 0;
	c->rrb_gr = c->rrb_fr = c->rrb_pr = 0;
	return c->bof <= IA64_STACKED_MAX;
}

/* addr advanced by n registers, skipping the NaT collection slot at every 64th doubleword
 * (the one whose bits 8:3 are all ones). */
static uint64_t skip_regs(uint64_t addr, uint64_t n)
{
	uint64_t slot = addr >> 3 & 63;
	return addr + 8 * (n + (slot + n) / 63);
}

uint64_t ia64_rse_bsp(const struct ia64_cpu *c)
{
	return skip_regs(c->rbs_base, c->bof);
}

int ia64_rse_flush(struct ia64_cpu *c)
{
	uint64_t addr = c->rbs_base, rnat = 0;
	for (unsigned i = 0; i < c->bof; i++) {
		if ((addr >> 3 & 63) == 63) {
			if (gm_put(c->mem, addr, 8, rnat) < 0)
				return -1;
			rnat = 0;
			addr += 8;
		}
		if (c->stacked_nat[i])
			rnat |= 1ULL << (addr >> 3 & 63);
		if (gm_put(c->mem, addr, 8, c->stacked[i]) < 0)
			return -1;
		addr += 8;
	}
	c->ar[IA64_AR_RNAT] = rnat;
	c->ar[IA64_AR_BSPSTORE] = addr;
	return 0;
}

/* Registers between two backing-store addresses, less the NaT collection slots. */
static uint64_t regs_between(uint64_t from, uint64_t to)
{
	uint64_t slots = (to - from) >> 3;
	return slots - ((from >> 3 & 63) + slots) / 64;
}

/* mov ar.bspstore after flushrs, as glibc's __longjmp does to go back to setjmp's frame: the
 * backing store now ends at addr, the current frame (the one writing it) sits there, and the
 * frames below it are what memory holds, as the RSE's mandatory loads would bring them back
 * (with their NaT bits from the collections and ar.rnat). False, leaving everything, for an
 * address outside this backing store or one the frames do not fit below. */
bool ia64_rse_set_bspstore(struct ia64_cpu *c, uint64_t addr)
{
	if (addr < c->rbs_base || (addr & 7))
		return false;
	uint64_t n = regs_between(c->rbs_base, addr);
	if (n + c->sof > IA64_STACKED_MAX ||
	    (addr > c->rbs_base && !gm_host(c->mem, c->rbs_base, addr - c->rbs_base, GM_PROT_READ)))
		return false;	/* checked first: nothing moves unless every load can be made */
	memmove(&c->stacked[n], &c->stacked[c->bof], c->sof * sizeof c->stacked[0]);
	memmove(&c->stacked_nat[n], &c->stacked_nat[c->bof], c->sof * sizeof c->stacked_nat[0]);
	uint64_t a = c->rbs_base;
	for (unsigned i = 0; i < n; i++, a += 8) {
		if ((a >> 3 & 63) == 63)
			a += 8;
		uint64_t v = 0, rnat = c->ar[IA64_AR_RNAT];
		gm_get(c->mem, a, 8, &v);
		if ((a | 0x1f8) < addr)
			gm_get(c->mem, a | 0x1f8, 8, &rnat);
		c->stacked[i] = v;
		c->stacked_nat[i] = rnat >> (a >> 3 & 63) & 1;
	}
	c->bof = (unsigned)n;
	c->ar[IA64_AR_BSPSTORE] = addr;
	return true;
}
