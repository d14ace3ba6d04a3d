/* Guest memory: a page-granular map of guest virtual addresses onto host buffers.
 *
 * Every back end shares it. A region is a run of guest pages with one protection, backed by its
 * own host mapping; the Unicorn back end maps that same host buffer into the CPU
 * (uc_mem_map_ptr), and the interpreters read it directly, so the OS layer and the profil core
 * see exactly what the guest sees. Sparse 64-bit address spaces cost one entry per region.
 * Nothing here ever touches host memory outside a region: every access is checked. */
#ifndef PROFEMU_GUEST_MEM_H
#define PROFEMU_GUEST_MEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "byteorder.h"

enum {
	GM_PROT_NONE = 0,
	GM_PROT_READ = 1,
	GM_PROT_WRITE = 2,
	GM_PROT_EXEC = 4,
};

struct gm_region {
	uint64_t start;	/* page-aligned */
	uint64_t end;	/* exclusive, page-aligned */
	int prot;
	uint8_t *host;	/* host address of start */
};

/* A back end that mirrors regions (Unicorn) listens to whole-region changes: a change to part
 * of a region removes that region and adds back the pieces, so the two views always agree
 * region for region. Callbacks return 0 or a negative errno. */
struct gm_listener {
	void *ctx;
	int (*added)(void *ctx, const struct gm_region *r);
	int (*removed)(void *ctx, const struct gm_region *r);
};

struct guest_mem {
	struct gm_region *regions;	/* sorted by start, never overlapping */
	size_t count, cap;
	uint64_t page_size;
	uint64_t addr_limit;		/* first address the guest can never map */
	bool big_endian;
	unsigned word_size;		/* 4 or 8: the guest's pointer width */
	struct gm_listener listener;
	size_t last;			/* index of the last region found: lookups are local */
	uint64_t generation;		/* bumped on every unmap or protection change */
};

void gm_init(struct guest_mem *gm, uint64_t page_size, uint64_t addr_limit, bool big_endian,
	     unsigned word_size);
void gm_destroy(struct guest_mem *gm);
void gm_set_listener(struct guest_mem *gm, const struct gm_listener *l);

static inline uint64_t gm_page_down(const struct guest_mem *gm, uint64_t a)
{
	return a & ~(gm->page_size - 1);
}

static inline uint64_t gm_page_up(const struct guest_mem *gm, uint64_t a)
{
	return (a + gm->page_size - 1) & ~(gm->page_size - 1);
}

/* MAP_FIXED semantics: whatever was mapped in [addr, addr+len) is replaced by zeroed pages.
 * addr must be page-aligned; len is rounded up. Returns 0, -EINVAL, -ENOMEM. */
int gm_map(struct guest_mem *gm, uint64_t addr, uint64_t len, int prot);
/* Pages not mapped in the range are ignored, as munmap does. */
int gm_unmap(struct guest_mem *gm, uint64_t addr, uint64_t len);
/* -ENOMEM if any page of the range is unmapped (as mprotect). */
int gm_protect(struct guest_mem *gm, uint64_t addr, uint64_t len, int prot);

/* True if no page of [addr, addr+len) is mapped and the range fits below addr_limit. */
bool gm_is_free(const struct guest_mem *gm, uint64_t addr, uint64_t len);
/* The lowest free page-aligned range of len bytes at or above `from` and ending at or below
 * `below`; 0 if there is none. Deterministic: depends only on the current map. */
uint64_t gm_find_free(const struct guest_mem *gm, uint64_t len, uint64_t from, uint64_t below);

/* The region holding addr, or NULL. */
const struct gm_region *gm_region_at(struct guest_mem *gm, uint64_t addr);

/* Host pointer for [addr, addr+len) if it lies inside one region that allows `prot`; else NULL.
 * len 0 is allowed (any mapped addr). The pointer is valid until the next map change. */
void *gm_host(struct guest_mem *gm, uint64_t addr, uint64_t len, int prot);

/* Checked copies that may span regions. Return 0 or -EFAULT (nothing partial is promised). */
int gm_read(struct guest_mem *gm, uint64_t addr, void *dst, uint64_t len);
int gm_write(struct guest_mem *gm, uint64_t addr, const void *src, uint64_t len);
/* For the loader and the kernel's own writes to read-only pages (initial stack, ELF segments). */
int gm_poke(struct guest_mem *gm, uint64_t addr, const void *src, uint64_t len);
/* Copies a NUL-terminated string of at most max bytes including the NUL.
 * Returns its length, -EFAULT, or -ENAMETOOLONG. */
long gm_read_str(struct guest_mem *gm, uint64_t addr, char *dst, size_t max);

/* Guest-order scalar access; width 1, 2, 4 or 8. Return 0 or -EFAULT. */
int gm_get(struct guest_mem *gm, uint64_t addr, unsigned width, uint64_t *value);
int gm_put(struct guest_mem *gm, uint64_t addr, unsigned width, uint64_t value);
/* Pointer-sized (word_size) forms. */
int gm_get_word(struct guest_mem *gm, uint64_t addr, uint64_t *value);
int gm_put_word(struct guest_mem *gm, uint64_t addr, uint64_t value);

#endif
