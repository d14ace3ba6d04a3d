/* Instruction boundaries of translated blocks, decoded once with Capstone and cached by block
 * address: the block hook adds a block's count to the retired total, and the tick and fault
 * paths find the k-th instruction of a block without stopping the CPU. */
#ifndef PROFEMU_X86_BLOCKS_H
#define PROFEMU_X86_BLOCKS_H

#include <stddef.h>
#include <stdint.h>

struct guest_mem;

struct block_info {
	uint64_t addr;
	uint32_t size;		/* bytes, as Unicorn reported them */
	uint32_t icount;	/* instructions in the block */
	uint16_t *offsets;	/* byte offset of each instruction; icount entries */
	uint8_t ends_with;	/* BLOCK_ENDS_PLAIN, _CALL or _RET: a call always ends a block */
	/* The last two blocks seen to follow this one: control flow mostly repeats, so the next
	 * block is usually found here without hashing (pointers die with grow and clear). */
	struct block_info *succ[2];
	uint64_t succ_addr[2];	/* their addresses, kept here so a hit reads only this block */
};

enum { BLOCK_ENDS_PLAIN, BLOCK_ENDS_CALL, BLOCK_ENDS_RET };

struct block_cache {
	struct block_info *slots;	/* open addressing, power-of-two capacity */
	size_t cap, used;
	uint16_t *pool;			/* offsets of all cached blocks */
	size_t pool_used, pool_cap;
	size_t csh;			/* Capstone handle (csh is a size_t) */
	int mode_bits;			/* 16, 32 or 64 */
	uint64_t decode_failures;	/* bytes Capstone could not decode (counted as one each) */
	uint64_t moves;			/* bumped when slots move or are wiped (grow, clear) */
	/* Called for each x87 instruction the host must execute (x87_host.h), at decode time. */
	void (*found_x87)(void *ctx, uint64_t addr);
	void *ctx;
};

int block_cache_init(struct block_cache *bc, int mode_bits);
void block_cache_destroy(struct block_cache *bc);
/* Forgets every block (after code pages were unmapped or changed). */
void block_cache_clear(struct block_cache *bc);
/* Decodes and caches the block (the miss path of block_cache_get). */
const struct block_info *block_cache_fill(struct block_cache *bc, struct guest_mem *mem,
					  uint64_t addr, uint32_t size);

static inline size_t block_cache_slot(const struct block_cache *bc, uint64_t addr)
{
	uint64_t h = addr * 0x9e3779b97f4a7c15u;
	return (size_t)(h >> 20) & (bc->cap - 1);
}

/* The block at addr with this size, decoding it on first sight. NULL only if out of memory.
 * Runs once per executed block: the hit path is kept small enough to inline. */
static inline const struct block_info *block_cache_get(struct block_cache *bc,
							struct guest_mem *mem, uint64_t addr,
							uint32_t size)
{
	for (size_t s = block_cache_slot(bc, addr); bc->slots[s].offsets; s = (s + 1) & (bc->cap - 1)) {
		if (bc->slots[s].addr == addr)
			return bc->slots[s].size == size ? &bc->slots[s] : block_cache_fill(bc, mem, addr, size);
	}
	return block_cache_fill(bc, mem, addr, size);
}
/* The block that follows `prev` (which may be NULL): its successor cache first, then the
 * table, remembering the answer in prev's cache. */
static inline const struct block_info *block_cache_next(struct block_cache *bc, struct guest_mem *mem,
							 struct block_info *prev, uint64_t addr,
							 uint32_t size)
{
	if (prev) {
		struct block_info *s0 = prev->succ[0], *s1 = prev->succ[1];
		if (s0 && s0->addr == addr && s0->size == size)
			return s0;
		if (s1 && s1->addr == addr && s1->size == size)
			return s1;
	}
	uint64_t moves = bc->moves;
	const struct block_info *b = block_cache_get(bc, mem, addr, size);
	if (prev && b && moves == bc->moves) {
		prev->succ[1] = prev->succ[0];
		prev->succ_addr[1] = prev->succ_addr[0];
		prev->succ[0] = (struct block_info *)b;
		prev->succ_addr[0] = b->addr;
	}
	return b;
}

/* Index of the instruction at pc inside b, or b->icount if pc is not an instruction start
 * inside it. */
uint32_t block_index_of(const struct block_info *b, uint64_t pc);

#endif
