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
};

struct block_cache {
	struct block_info *slots;	/* open addressing, power-of-two capacity */
	size_t cap, used;
	uint16_t *pool;			/* offsets of all cached blocks */
	size_t pool_used, pool_cap;
	size_t csh;			/* Capstone handle (csh is a size_t) */
	int mode_bits;			/* 16, 32 or 64 */
	uint64_t decode_failures;	/* bytes Capstone could not decode (counted as one each) */
};

int block_cache_init(struct block_cache *bc, int mode_bits);
void block_cache_destroy(struct block_cache *bc);
/* Forgets every block (after code pages were unmapped or changed). */
void block_cache_clear(struct block_cache *bc);
/* The block at addr with this size, decoding it on first sight. NULL only if out of memory. */
const struct block_info *block_cache_get(struct block_cache *bc, struct guest_mem *mem,
					 uint64_t addr, uint32_t size);
/* Index of the instruction at pc inside b, or b->icount if pc is not an instruction start
 * inside it. */
uint32_t block_index_of(const struct block_info *b, uint64_t pc);

#endif
