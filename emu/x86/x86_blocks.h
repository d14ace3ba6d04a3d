/* Instruction boundaries of translated blocks, decoded once with Capstone and cached by block
 * address: the block hook adds a block's count to the retired total, and the tick and fault
 * paths find the k-th instruction of a block without stopping the CPU. */
#ifndef PROFEMU_X86_BLOCKS_H
#define PROFEMU_X86_BLOCKS_H

#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>

struct guest_mem;

struct block_info {
	uint64_t addr;
	uint32_t size;		/* bytes, as Unicorn reported them */
	uint32_t icount;	/* instructions in the block */
	uint16_t *offsets;	/* byte offset of each instruction; icount entries */
	uint8_t ends_with;	/* BLOCK_ENDS_PLAIN, _CALL or _RET: a call always ends a block */
	bool dead;		/* forgotten (block_cache_forget_range): never found again */
	uint16_t last_offset;	/* offsets[icount - 1]: a call's site, read without the pool */
	uint64_t execs;		/* times the block hook entered it (cpu_insn_counts) */
};

/* The per-block fast path: a direct-mapped table of recently executed blocks holding what the
 * block hook needs (the count) next to the key, so a hit is one load from a slot whose index
 * comes from the address alone; nothing is read through a pointer. Entries point into `slots`
 * and are wiped whenever those move (grow, clear). */
struct block_hot {
	uint64_t addr;
	uint32_t size;
	uint16_t icount;	/* blocks of more instructions have no hot entry */
	uint8_t ends_with;	/* b->ends_with: the call-watching hook keeps it in the CPU */
	struct block_info *b;
};
/* 16384: python3's interpreter loop and library run over 2048 blocks often enough that a
 * quarter of its blocks missed a 2048-slot table (9 M misses in 400 M instructions). */
enum { BLOCK_HOT_SLOTS = 16384 };

enum { BLOCK_ENDS_PLAIN = 0, BLOCK_ENDS_CALL = 1, BLOCK_ENDS_RET = 2 };	/* bits: x86_cpu.ends_watched */

struct block_cache {
	struct block_info *slots;	/* open addressing, power-of-two capacity */
	size_t cap, used;		/* used counts dead blocks too (they hold their slots) */
	size_t dead;
	/* Offsets of all cached blocks, in chunks that never move (a block points into one):
	 * when the current chunk is full another is chained, and only a clear frees them, so a
	 * program with much code (python3 runs over 65536 distinct instructions) keeps every
	 * decoded block instead of decoding it again after each clear. */
	struct block_pool_chunk *chunks;
	uint16_t *pool;			/* the current chunk's offsets */
	size_t pool_used, pool_cap;
	size_t pool_total;		/* entries in all chunks */
	size_t csh;			/* Capstone handle (csh is a size_t) */
	int mode_bits;			/* 16, 32 or 64 */
	uint64_t decode_failures;	/* bytes Capstone could not decode (counted as one each) */
	struct block_hot hot[BLOCK_HOT_SLOTS];	/* in place: the hook reads it at a fixed offset */
	/* Called for each x87 instruction the host must execute (x87_host.h), at decode time. */
	void (*found_x87)(void *ctx, uint64_t addr);
	/* Called for each block decoded, with the bytes it was decoded from; may be NULL. */
	void (*decoded)(void *ctx, uint64_t addr, uint32_t size);
	/* Called with each cached block about to be forgotten (cleared, or decoded again in
	 * place), so that its execution count can be kept; may be NULL. */
	void (*forget)(void *ctx, struct block_info *b);
	void *ctx;
};

int block_cache_init(struct block_cache *bc, int mode_bits);
void block_cache_destroy(struct block_cache *bc);
/* Forgets every block (after code pages were unmapped or changed). */
void block_cache_clear(struct block_cache *bc);
/* Forgets the blocks with a byte in [lo, hi): they stay in place, dead, so that a pointer to
 * one (the block being run) stays good until the table next moves (grow, clear). */
void block_cache_forget_range(struct block_cache *bc, uint64_t lo, uint64_t hi);
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
		if (bc->slots[s].addr == addr && !bc->slots[s].dead)
			return bc->slots[s].size == size ? &bc->slots[s] : block_cache_fill(bc, mem, addr, size);
	}
	return block_cache_fill(bc, mem, addr, size);
}
static inline struct block_hot *block_cache_hot_slot(struct block_cache *bc, uint64_t addr)
{
	return &bc->hot[(addr ^ (addr >> 11)) & (BLOCK_HOT_SLOTS - 1)];
}

/* The block at addr with this size through the hot table, then the full table (decoding on
 * first sight), remembering the answer in the hot table. NULL only if out of memory. */
static inline const struct block_info *block_cache_lookup(struct block_cache *bc, struct guest_mem *mem,
							  uint64_t addr, uint32_t size)
{
	struct block_hot *h = block_cache_hot_slot(bc, addr);
	if (h->addr == addr && h->size == size)
		return h->b;
	const struct block_info *b = block_cache_get(bc, mem, addr, size);
	if (b && b->icount <= UINT16_MAX) {
		h = block_cache_hot_slot(bc, addr);	/* unchanged: the table is not moved */
		*h = (struct block_hot){ .addr = addr, .size = size, .icount = (uint16_t)b->icount,
					 .ends_with = b->ends_with, .b = (struct block_info *)b };
	}
	return b;
}

/* Index of the instruction at pc inside b, or b->icount if pc is not an instruction start
 * inside it. */
uint32_t block_index_of(const struct block_info *b, uint64_t pc);

#endif
