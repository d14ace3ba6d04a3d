/* Memory blocks (INT 21h 48h, 49h, 4Ah) on the memory control block chain in guest memory,
 * which the loader starts (loader/dos_psp.c) and a program may walk, as under DOS.
 *
 * Allocation is first fit. Adjacent free blocks are merged when a walk meets them (as DOS
 * does) and when a block grows. A block's segment is its MCB's plus one. A chain whose
 * signature is neither 'M' nor 'Z', or that runs past the memory top, is "destroyed" (error
 * 7); a segment that is not a block on the chain is "invalid" (error 9). */
#include "services.h"

struct mcb {
	uint16_t seg;	/* the MCB's own paragraph */
	uint8_t type;
	uint16_t owner, size;
};

static int mcb_read(struct process *p, uint16_t seg, struct mcb *m)
{
	uint64_t base = (uint64_t)seg * 16, type, owner, size;
	if (gm_get(&p->mem, base + MCB_TYPE, 1, &type) || gm_get(&p->mem, base + MCB_OWNER, 2, &owner) ||
	    gm_get(&p->mem, base + MCB_SIZE, 2, &size))
		return -EUCLEAN;
	*m = (struct mcb){ seg, (uint8_t)type, (uint16_t)owner, (uint16_t)size };
	if ((m->type != MCB_TYPE_MID && m->type != MCB_TYPE_LAST) ||
	    (uint32_t)seg + 1 + m->size > DOS_MEM_TOP_SEG)
		return -EUCLEAN;
	return 0;
}

static void mcb_write(struct process *p, const struct mcb *m)
{
	uint64_t base = (uint64_t)m->seg * 16;
	gm_put(&p->mem, base + MCB_TYPE, 1, m->type);
	gm_put(&p->mem, base + MCB_OWNER, 2, m->owner);
	gm_put(&p->mem, base + MCB_SIZE, 2, m->size);
}

/* The block after m, which must not be the last. */
static int mcb_next(struct process *p, const struct mcb *m, struct mcb *next)
{
	return mcb_read(p, (uint16_t)(m->seg + 1 + m->size), next);
}

/* Merges the free blocks that follow m into it (m need not be free: 4Ah grows into them).
 * Returns 0 or -EUCLEAN. Writes nothing unless `commit`; *m holds the merged extent. */
static int absorb_free_followers(struct process *p, struct mcb *m, uint32_t limit, bool commit)
{
	while (m->type == MCB_TYPE_MID && m->size < limit) {
		struct mcb n;
		int r = mcb_next(p, m, &n);
		if (r)
			return r;
		if (n.owner != 0)
			break;
		m->size = (uint16_t)(m->size + 1 + n.size);
		m->type = n.type;
	}
	if (commit)
		mcb_write(p, m);
	return 0;
}

/* Cuts m to `size` paragraphs, the rest becoming a free block after it. */
static void split(struct process *p, struct mcb *m, uint16_t size)
{
	if (m->size <= size)
		return;
	struct mcb rest = { (uint16_t)(m->seg + 1 + size), m->type, 0, (uint16_t)(m->size - size - 1) };
	m->type = MCB_TYPE_MID;
	m->size = size;
	mcb_write(p, m);
	mcb_write(p, &rest);
}

/* Finds the block whose data starts at `seg`. */
static int find_block(struct process *p, uint64_t seg, struct mcb *out)
{
	struct mcb m;
	int r = mcb_read(p, DOS_ENV_MCB_SEG, &m);
	for (;;) {
		if (r)
			return r;
		if (m.seg + 1u == seg) {
			*out = m;
			return 0;
		}
		if (m.type == MCB_TYPE_LAST || m.seg + 1u > seg)
			return -EFAULT;
		r = mcb_next(p, &m, &m);
	}
}

/* AH=48h: BX paragraphs; AX = the block's segment. Failing, BX = the largest free block. */
DOS_SVC(alloc)
{
	uint16_t want = (uint16_t)a[0], largest = 0;
	struct mcb m;
	int r = mcb_read(p, DOS_ENV_MCB_SEG, &m);
	for (;;) {
		if (r)
			return r;
		if (m.owner == 0) {
			r = absorb_free_followers(p, &m, 0xffff, true);
			if (r)
				return r;
			if (m.size >= want) {
				split(p, &m, want);
				m.owner = dos_of(p)->img.psp_seg;
				mcb_write(p, &m);
				return m.seg + 1;
			}
			if (m.size > largest)
				largest = m.size;
		}
		if (m.type == MCB_TYPE_LAST)
			break;
		r = mcb_next(p, &m, &m);
	}
	cpu_set_reg(p->cpu, X86_BX, largest);
	return -ENOMEM;
}

/* AH=49h: frees the block at ES. */
DOS_SVC(free)
{
	struct mcb m;
	int r = find_block(p, a[0], &m);
	if (r)
		return r;
	m.owner = 0;
	mcb_write(p, &m);
	return 0;
}

/* AH=4Ah: makes the block at ES BX paragraphs long, growing into free blocks after it.
 * Failing, BX = the most it could have. */
DOS_SVC(resize)
{
	uint16_t want = (uint16_t)a[1];
	struct mcb m;
	int r = find_block(p, a[0], &m);
	if (r)
		return r;
	if (want > m.size) {
		struct mcb grown = m;
		r = absorb_free_followers(p, &grown, want, false);
		if (r)
			return r;
		if (grown.size < want) {
			cpu_set_reg(p->cpu, X86_BX, grown.size);
			return -ENOMEM;
		}
		m = grown;
		mcb_write(p, &m);
	}
	split(p, &m, want);
	/* The freed tail may touch a free block: merge them so the chain stays tidy. */
	if (m.type == MCB_TYPE_MID) {
		struct mcb n;
		if (mcb_next(p, &m, &n) == 0 && n.owner == 0)
			absorb_free_followers(p, &n, 0xffff, true);
	}
	return 0;
}
