/* Block instruction-boundary cache: see x86_blocks.h. */
#include "x86_blocks.h"

#include <capstone/capstone.h>
#include <stdlib.h>
#include <string.h>

#include "../guest_mem.h"
#include "x87_host.h"

struct block_pool_chunk {
	struct block_pool_chunk *next;
	size_t cap;
	uint16_t offsets[];
};
/* Entries of a chunk, and of all chunks together before a clear starts over (256 MB: only
 * code rewritten without end, such as a JIT's, gets there). */
enum { POOL_CHUNK = 1 << 16 };
#define POOL_LIMIT ((size_t)1 << 27)

/* A new current chunk for at least `need` entries; -1 when out of memory. */
static int pool_chain(struct block_cache *bc, size_t need)
{
	size_t cap = need > POOL_CHUNK ? need : POOL_CHUNK;
	struct block_pool_chunk *c = malloc(sizeof(*c) + cap * sizeof(c->offsets[0]));
	if (!c)
		return -1;
	c->next = bc->chunks;
	c->cap = cap;
	bc->chunks = c;
	bc->pool = c->offsets;
	bc->pool_used = 0;
	bc->pool_cap = cap;
	bc->pool_total += cap;
	return 0;
}

/* Frees every chunk but the first one made (the smallest), which becomes current and empty. */
static void pool_reset(struct block_cache *bc)
{
	while (bc->chunks && bc->chunks->next) {
		struct block_pool_chunk *c = bc->chunks;
		bc->chunks = c->next;
		free(c);
	}
	if (bc->chunks) {
		bc->pool = bc->chunks->offsets;
		bc->pool_cap = bc->pool_total = bc->chunks->cap;
	}
	bc->pool_used = 0;
}

int block_cache_init(struct block_cache *bc, int mode_bits)
{
	memset(bc, 0, sizeof(*bc));
	cs_mode mode = mode_bits == 64 ? CS_MODE_64 : mode_bits == 32 ? CS_MODE_32 : CS_MODE_16;
	csh h;
	if (cs_open(CS_ARCH_X86, mode, &h) != CS_ERR_OK)
		return -1;
	bc->csh = h;
	bc->mode_bits = mode_bits;
	bc->cap = 4096;
	bc->slots = calloc(bc->cap, sizeof(*bc->slots));
	return bc->slots && pool_chain(bc, POOL_CHUNK) == 0 ? 0 : -1;
}

void block_cache_destroy(struct block_cache *bc)
{
	csh h = bc->csh;
	if (h)
		cs_close(&h);
	free(bc->slots);
	pool_reset(bc);
	free(bc->chunks);
	memset(bc, 0, sizeof(*bc));
}

void block_cache_clear(struct block_cache *bc)
{
	for (size_t i = 0; bc->forget && i < bc->cap; i++)
		if (bc->slots[i].offsets && !bc->slots[i].dead)	/* a dead one was forgotten */
			bc->forget(bc->ctx, &bc->slots[i]);
	memset(bc->hot, 0, sizeof(bc->hot));
	memset(bc->slots, 0, bc->cap * sizeof(*bc->slots));
	bc->used = 0;
	bc->dead = 0;
	pool_reset(bc);
}

void block_cache_forget_range(struct block_cache *bc, uint64_t lo, uint64_t hi)
{
	bool any = false;
	for (size_t i = 0; i < bc->cap; i++) {
		struct block_info *b = &bc->slots[i];
		if (!b->offsets || b->dead || b->addr >= hi || b->addr + b->size <= lo)
			continue;
		if (bc->forget)
			bc->forget(bc->ctx, b);
		b->dead = true;
		bc->dead++;
		any = true;
	}
	if (any)
		memset(bc->hot, 0, sizeof(bc->hot));
}

/* Doubles the table (unless dead blocks fill half of it: rehashing alone makes room). */
static int grow(struct block_cache *bc)
{
	struct block_info *old = bc->slots;
	size_t old_cap = bc->cap;
	if (bc->dead * 4 < bc->cap)
		bc->cap *= 2;
	bc->dead = 0;
	bc->slots = calloc(bc->cap, sizeof(*bc->slots));
	if (!bc->slots) {
		bc->slots = old;
		bc->cap = old_cap;
		return -1;
	}
	memset(bc->hot, 0, sizeof(bc->hot));	/* it pointed into the old array */
	bc->used = 0;
	for (size_t i = 0; i < old_cap; i++) {
		if (!old[i].offsets || old[i].dead)
			continue;
		bc->used++;
		size_t s = block_cache_slot(bc, old[i].addr);
		while (bc->slots[s].offsets)
			s = (s + 1) & (bc->cap - 1);
		bc->slots[s] = old[i];
	}
	free(old);
	return 0;
}

/* Capstone walks the block's bytes; where it cannot decode (an instruction it does not know but
 * Unicorn executed), one byte counts as one instruction so the total stays close and we note it. */
static uint32_t decode(struct block_cache *bc, const uint8_t *code, uint32_t size, uint64_t addr,
		       uint16_t *offsets, uint8_t *ends_with)
{
	*ends_with = BLOCK_ENDS_PLAIN;
	csh h = bc->csh;
	cs_insn *insn = cs_malloc(h);
	uint32_t n = 0, off = 0;
	while (off < size && insn) {
		const uint8_t *p = code + off;
		size_t left = size - off;
		uint64_t a = addr + off;
		offsets[n++] = (uint16_t)off;
		if (cs_disasm_iter(h, &p, &left, &a, insn)) {
			if (insn->size == 2 && x87_host_handles(insn->bytes) && bc->found_x87)
				bc->found_x87(bc->ctx, addr + off);
			/* far calls and returns too: DOS programs' procedures in other segments */
			bool call = insn->id == X86_INS_CALL || insn->id == X86_INS_LCALL;
			bool ret = insn->id == X86_INS_RET || insn->id == X86_INS_RETF ||
				   insn->id == X86_INS_RETFQ;
			*ends_with = call ? BLOCK_ENDS_CALL : ret ? BLOCK_ENDS_RET : BLOCK_ENDS_PLAIN;
			off += insn->size;
		} else {
			bc->decode_failures++;
			*ends_with = BLOCK_ENDS_PLAIN;
			off += 1;
		}
	}
	cs_free(insn, 1);
	return n;
}

const struct block_info *block_cache_fill(struct block_cache *bc, struct guest_mem *mem,
					  uint64_t addr, uint32_t size)
{
	size_t s = block_cache_slot(bc, addr);
	while (bc->slots[s].offsets) {
		if (bc->slots[s].addr == addr && bc->slots[s].size == size && !bc->slots[s].dead)
			return &bc->slots[s];
		if (bc->slots[s].addr == addr)
			break;	/* same address, other code or forgotten: decode again in place */
		s = (s + 1) & (bc->cap - 1);
	}
	if (!bc->slots[s].offsets && (bc->used + 1) * 2 > bc->cap) {
		if (grow(bc))
			return NULL;
		return block_cache_fill(bc, mem, addr, size);
	}
	/* A block is never longer than its byte size in instructions. */
	if (bc->pool_used + size > bc->pool_cap) {
		/* The pool is only ever appended to: chain a chunk, or past the limit start over
		 * (every cached pointer into the pool is dropped with it). */
		if (bc->pool_total + size > POOL_LIMIT) {
			block_cache_clear(bc);
			s = block_cache_slot(bc, addr);
		}
		if (bc->pool_used + size > bc->pool_cap && pool_chain(bc, size))
			return NULL;
	}
	/* Code may be execute-only, so read it whatever the protection. */
	uint8_t buf[4096];
	const uint8_t *code = gm_host(mem, addr, size, GM_PROT_NONE);
	if (!code && size <= sizeof(buf) && gm_read(mem, addr, buf, size) == 0)
		code = buf;
	uint16_t *offsets = bc->pool + bc->pool_used;
	uint32_t n;
	uint8_t ends_with = BLOCK_ENDS_PLAIN;
	if (code) {
		n = decode(bc, code, size, addr, offsets, &ends_with);
	} else {
		offsets[0] = 0;	/* unreadable: cannot have been translated; count one */
		n = 1;
	}
	bc->pool_used += n;
	/* A hot entry for this address describes the code that was here: the slot changes now. */
	struct block_hot *h = block_cache_hot_slot(bc, addr);
	if (h->addr == addr)
		memset(h, 0, sizeof(*h));
	if (!bc->slots[s].offsets)
		bc->used++;
	else if (bc->slots[s].dead)
		bc->dead--;
	else if (bc->forget)
		bc->forget(bc->ctx, &bc->slots[s]);
	bc->slots[s] = (struct block_info){ .addr = addr, .size = size, .icount = n, .offsets = offsets,
					    .ends_with = ends_with, .last_offset = n ? offsets[n - 1] : 0 };
	if (bc->decoded)
		bc->decoded(bc->ctx, addr, size);
	return &bc->slots[s];
}

uint32_t block_index_of(const struct block_info *b, uint64_t pc)
{
	if (pc < b->addr || pc >= b->addr + b->size)
		return b->icount;
	uint32_t off = (uint32_t)(pc - b->addr);
	uint32_t lo = 0, hi = b->icount;
	while (lo < hi) {
		uint32_t mid = (lo + hi) / 2;
		if (b->offsets[mid] < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < b->icount && b->offsets[lo] == off ? lo : b->icount;
}
