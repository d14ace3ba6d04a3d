/* The register stack: frames of stacked registers (alloc, br.call, br.ret, cover), the frame
 * marker, and the register stack engine's traffic with the backing store in guest memory.
 *
 * c->stacked is a window onto the backing store: stacked[0] is register number win_base of
 * the store (counted from rbs_base, NaT collection slots not counted), and everything below
 * it is in guest memory, as the hardware's RSE keeps it: every 63 registers a NaT collection
 * doubleword (the one whose address bits 8:3 are all ones), the collection being filled in
 * c->rnat (ar.rnat) until then. ar.bspstore is the address of register win_base, ar.bsp that
 * of r32 of the current frame. When a call or alloc would run past the window's end the
 * oldest registers are spilled (half a window at a time); when a return reaches below
 * stacked[0] the caller's registers are loaded back (a quarter window at a time); flushrs
 * spills every register below the current frame, and a write of ar.bspstore (longjmp's)
 * makes the current frame start there, the frames below it being what memory holds. So the
 * recursion depth is bounded by the backing store mapping, not by the window. */
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

/* addr advanced by n registers, skipping the NaT collection slot at every 64th doubleword. */
static uint64_t skip_regs(uint64_t addr, uint64_t n)
{
	uint64_t slot = addr >> 3 & 63;
	return addr + 8 * (n + (slot + n) / 63);
}

/* Registers between two backing-store addresses, less the NaT collection slots. */
static uint64_t regs_between(uint64_t from, uint64_t to)
{
	uint64_t slots = (to - from) >> 3;
	return slots - ((from >> 3 & 63) + slots) / 64;
}

uint64_t ia64_rse_bsp(const struct ia64_cpu *c)
{
	return skip_regs(c->rbs_base, c->win_base + c->bof);
}

uint64_t ia64_rse_bspstore(const struct ia64_cpu *c)
{
	return skip_regs(c->rbs_base, c->win_base);
}

/* The window's registers that hold anything: up to the current frame's end, and the 96 past
 * it (a system call's arguments may lie beyond its caller's frame). */
static size_t live(const struct ia64_cpu *c)
{
	size_t end = (size_t)c->bof + c->sof + 96;
	return end < IA64_STACKED_MAX ? end : IA64_STACKED_MAX;
}

/* Writes stacked[0 .. n) to the backing store at ar.bspstore (with the NaT collections they
 * complete) and drops them from the window. */
static bool spill(struct ia64_cpu *c, unsigned n)
{
	uint64_t addr = ia64_rse_bspstore(c), rnat = c->rnat;
	for (unsigned i = 0; i < n; i++) {
		uint64_t bit = 1ULL << (addr >> 3 & 63);
		rnat = c->stacked_nat[i] ? rnat | bit : rnat & ~bit;
		if (gm_put(c->mem, addr, 8, c->stacked[i]) < 0)
			return false;
		addr += 8;
		if ((addr >> 3 & 63) == 63) {
			if (gm_put(c->mem, addr, 8, rnat) < 0)
				return false;
			rnat = 0;
			addr += 8;
		}
	}
	size_t keep = live(c) - n;
	memmove(c->stacked, c->stacked + n, keep * sizeof c->stacked[0]);
	memmove(c->stacked_nat, c->stacked_nat + n, keep * sizeof c->stacked_nat[0]);
	c->rnat = rnat;
	c->win_base += n;
	c->bof -= n;
	return true;
}

/* Loads the n registers below stacked[0] back into the window (their NaT bits from the
 * collections in memory, or from ar.rnat for the collection not written yet). */
static bool fill(struct ia64_cpu *c, unsigned n)
{
	uint64_t top = ia64_rse_bspstore(c), from = skip_regs(c->rbs_base, c->win_base - n);
	if (n > c->win_base || !gm_host(c->mem, from, top - from, GM_PROT_READ))
		return false;
	size_t keep = live(c);
	if (keep > IA64_STACKED_MAX - n)
		keep = IA64_STACKED_MAX - n;
	memmove(c->stacked + n, c->stacked, keep * sizeof c->stacked[0]);
	memmove(c->stacked_nat + n, c->stacked_nat, keep * sizeof c->stacked_nat[0]);
	uint64_t addr = from, rnat_new = 0;
	for (unsigned i = 0; i < n; i++, addr += 8) {
		if ((addr >> 3 & 63) == 63)
			addr += 8;
		uint64_t v = 0, rnat = c->rnat;
		gm_get(c->mem, addr, 8, &v);
		if ((addr | 0x1f8) < top)	/* that collection is in memory already */
			gm_get(c->mem, addr | 0x1f8, 8, &rnat);
		c->stacked[i] = v;
		c->stacked_nat[i] = rnat >> (addr >> 3 & 63) & 1;
		if (i == 0)
			rnat_new = rnat;
	}
	/* ar.rnat now holds the collection of the group the new ar.bspstore is in */
	c->rnat = rnat_new & ((1ULL << (from >> 3 & 63)) - 1);
	c->win_base -= n;
	c->bof += n;
	return true;
}

/* Makes room in the window up to register index end (relative to stacked[0]): spills the
 * oldest registers, never the current frame's. */
static bool room_up_to(struct ia64_cpu *c, uint64_t end)
{
	if (end <= IA64_STACKED_MAX)
		return true;
	uint64_t need = end - IA64_STACKED_MAX, n = need > IA64_STACKED_MAX / 2 ? need
									      : IA64_STACKED_MAX / 2;
	if (n > c->bof)
		n = c->bof;
	return n >= need && spill(c, (unsigned)n);
}

bool ia64_rse_alloc(struct ia64_cpu *c, unsigned sof, unsigned sol, unsigned sor)
{
	if (sof > 96 || sol > sof || sor > sof)
		return false;
	/* Changing the rotating size with registers rotated is an illegal operation. */
	if (sor != c->sor && (c->rrb_gr || c->rrb_fr || c->rrb_pr))
		return false;
	if (!room_up_to(c, (uint64_t)c->bof + sof))
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
	if (!room_up_to(c, (uint64_t)c->bof + c->sol + 96))
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
	/* The caller's frame ends where ours began: its locals are below our bof, maybe in
	 * memory already. */
	if (c->sol > c->bof) {
		uint64_t n = IA64_STACKED_MAX / 4, need = c->sol - c->bof;
		if (n < need)
			n = need;
		if (n > c->win_base)
			n = c->win_base;
		if (n < need || !fill(c, (unsigned)n))
			c->bof = c->sol;	/* an underflow: what memory lacks reads as 0 */
	}
	c->bof -= c->sol;
	/* A frame restored from a forged ar.pfs may not fit after a cover. */
	return room_up_to(c, (uint64_t)c->bof + c->sof);
}

bool ia64_rse_cover(struct ia64_cpu *c)
{
	if (!room_up_to(c, (uint64_t)c->bof + c->sof + 96))
		return false;
	c->bof += c->sof;
	c->sof = c->sol = c->sor = 0;
	c->rrb_gr = c->rrb_fr = c->rrb_pr = 0;
	return true;
}

int ia64_rse_flush(struct ia64_cpu *c)
{
	return spill(c, c->bof) ? 0 : -1;
}

/* mov ar.bspstore after flushrs, as glibc's __longjmp does to go back to setjmp's frame: the
 * current frame now starts at addr and the frames below it are what memory holds (loaded
 * when returns reach them). False, leaving everything, for an address outside this backing
 * store. */
bool ia64_rse_set_bspstore(struct ia64_cpu *c, uint64_t addr)
{
	if (addr < c->rbs_base || (addr & 7))
		return false;
	memmove(c->stacked, c->stacked + c->bof, c->sof * sizeof c->stacked[0]);
	memmove(c->stacked_nat, c->stacked_nat + c->bof, c->sof * sizeof c->stacked_nat[0]);
	c->win_base = regs_between(c->rbs_base, addr);
	c->bof = 0;
	return true;
}

/* A new backing store at addr (process entry, a clone's thread): the current frame starts it. */
void ia64_rse_reset(struct ia64_cpu *c, uint64_t addr)
{
	c->rbs_base = addr;
	memmove(c->stacked, c->stacked + c->bof, c->sof * sizeof c->stacked[0]);
	memmove(c->stacked_nat, c->stacked_nat + c->bof, c->sof * sizeof c->stacked_nat[0]);
	c->win_base = 0;
	c->bof = 0;
	c->rnat = 0;
}
