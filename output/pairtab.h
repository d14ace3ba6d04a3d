/* A table of fixed-size records keyed by a pair of 64-bit words, for the profile's counters
 * (pc -> ticks, (from, self) -> arc, (parent, function) -> call-tree node, (node, pc) -> ticks).
 *
 * The records live in one dense array in insertion order; a separate open-addressing index of
 * 32-bit slots finds them. Keeping the two apart means iteration never sees the hash order (the
 * order of insertion is a function of the guest's run alone), records are addressed by a stable
 * index, and growing the index never moves a record. Both arrays grow by doubling, so the hot
 * paths allocate only at the rare doublings. */
#ifndef PROFEMU_OUTPUT_PAIRTAB_H
#define PROFEMU_OUTPUT_PAIRTAB_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Every record type starts with the key: two uint64_t members, read here through memcpy so that
 * no record is accessed through a struct type it does not have. */
struct pairtab_key {
	uint64_t k0, k1;
};

/* A recent hit: the key and its record index + 1 (0: empty). */
struct pairtab_hint {
	uint64_t k0, k1;
	uint32_t index1;
};
enum { PAIRTAB_HINT_BITS = 10 };

struct pairtab {
	unsigned char *recs;	/* len records of rec_size bytes, insertion order */
	size_t rec_size, len, cap;
	uint32_t *slots;	/* 0 = empty, else record index + 1; nslots is a power of two */
	size_t nslots;
	struct pairtab_hint *hints;	/* 1 << PAIRTAB_HINT_BITS entries */
};

/* rec_size >= sizeof(struct pairtab_key). 0 or -ENOMEM. */
int pairtab_init(struct pairtab *t, size_t rec_size, size_t initial);
void pairtab_free(struct pairtab *t);

/* The record with key (k0, k1), inserted zero-filled (apart from its key) if absent. Its index
 * goes to *index. NULL only if growing failed (the table is unchanged). The pointer is valid until
 * the next insertion; the index for the table's life. */
static inline void *pairtab_get(struct pairtab *t, uint64_t k0, uint64_t k1, uint32_t *index);

/* pairtab_get past the hints (it fills the hint). */
void *pairtab_get_indexed(struct pairtab *t, struct pairtab_hint *hint, uint64_t k0, uint64_t k1,
			  uint32_t *index);

/* The record with key (k0, k1), or NULL; no insertion. */
const void *pairtab_find(const struct pairtab *t, uint64_t k0, uint64_t k1);

static inline void *pairtab_at(const struct pairtab *t, size_t i)
{
	return t->recs + i * t->rec_size;
}

static inline struct pairtab_key pairtab_key_of(const struct pairtab *t, size_t i)
{
	struct pairtab_key k;
	memcpy(&k, pairtab_at(t, i), sizeof(k));
	return k;
}

static inline struct pairtab_hint *pairtab_hint_for(const struct pairtab *t, uint64_t k0, uint64_t k1)
{
	/* one multiply: a collision costs only a trip to the index */
	uint64_t h = (k0 ^ (k1 << 17) ^ k1) * UINT64_C(0x9e3779b97f4a7c15);
	return &t->hints[h >> (64 - PAIRTAB_HINT_BITS)];
}

static inline void *pairtab_get(struct pairtab *t, uint64_t k0, uint64_t k1, uint32_t *index)
{
	struct pairtab_hint *hint = pairtab_hint_for(t, k0, k1);
	if (hint->index1 && hint->k0 == k0 && hint->k1 == k1) {
		*index = hint->index1 - 1;
		return pairtab_at(t, *index);
	}
	return pairtab_get_indexed(t, hint, k0, k1, index);
}

#endif
