/* Guest memory: a page-granular map of guest virtual addresses onto host memory.
 *
 * Every back end shares it, so the OS layer and the profil core see exactly what the guest sees.
 *
 * Host side: the guest's address space is covered by a few large host reservations, the
 * windows (gm_window.c): a window is one host mapping of PROT_NONE, MAP_NORESERVE pages, and a
 * guest address a inside it lives at host address window.host + (a - window.start), always.
 * A 32-bit guest has one window of its whole space; a 64-bit one gets a window of 64 GiB (or
 * more) around each place it maps something, and windows that would overlap are joined into
 * one. A guest mapping is a host mapping made with MAP_FIXED inside its window (read+write,
 * whatever the guest's protection: profemu itself writes read-only pages for the loader and
 * the kernel); unmapping puts PROT_NONE pages back. So a stray host access to an unmapped
 * guest page faults instead of reaching anything else, and a back end that needs the guest's
 * memory as one host range (Unicorn) is given each window once, whatever the guest does after.
 *
 * A region that a host MAP_SHARED mapping backs (shared anonymous memory, or a file at an
 * offset: gm_map_shared, gm_shared.c) is made the same way: a read+write MAP_SHARED | MAP_FIXED
 * host mapping over the region's host range. A guest fork is a host fork, so the pages stay
 * shared with the child, and stores reach the file. gm_unmap and a later gm_map replace it with
 * private anonymous pages again, so nothing else changes.
 *
 * Regions live in an augmented AVL tree (gm_tree.h): lookups, map, unmap, protect and
 * gm_find_free cost O(log n) for n regions (plus the pages they touch).
 *
 * Back ends follow changes through one listener (emu/cpu.c installs the CPU's): windows added
 * and removed, pages unmapped, replaced or given another protection, and bytes written by
 * profemu itself into executable pages, so that whatever a back end decoded or translated of
 * them is dropped. Nothing here ever touches host memory outside a region: every access is
 * checked. */
#ifndef PROFEMU_GUEST_MEM_H
#define PROFEMU_GUEST_MEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "byteorder.h"
#include "gm_types.h"

void gm_init(struct guest_mem *gm, uint64_t page_size, uint64_t addr_limit, bool big_endian,
	     unsigned word_size);
void gm_destroy(struct guest_mem *gm);
/* The listener hears GM_WINDOW_ADDED for every window there already is, then every change. */
int gm_set_listener(struct guest_mem *gm, const struct gm_listener *l);

/* MAP_FIXED semantics: whatever was mapped in [addr, addr+len) is replaced by zeroed pages.
 * addr must be page-aligned; len is rounded up. Returns 0, -EINVAL, -ENOMEM. */
int gm_map(struct guest_mem *gm, uint64_t addr, uint64_t len, int prot);
/* Pages not mapped in the range are ignored, as munmap does. */
int gm_unmap(struct guest_mem *gm, uint64_t addr, uint64_t len);
/* -ENOMEM if any page of the range is unmapped (as mprotect). */
int gm_protect(struct guest_mem *gm, uint64_t addr, uint64_t len, int prot);

/* gm_map, then the first file_len bytes (a multiple of the host's page) are a host MAP_SHARED
 * mapping of fd at off (fd -1: shared anonymous memory); fd must be open for reading and
 * writing. The rest stays private zero pages (a file's end: the host would raise SIGBUS).
 * 0, -EINVAL, -ENOMEM or the host's error. */
int gm_map_shared(struct guest_mem *gm, uint64_t addr, uint64_t len, int prot, int fd, uint64_t off,
		  uint64_t file_len);

/* mremap of a shared region: the host MAP_SHARED mapping under [from, from+old_len) moves to
 * [to, to+new_len), which gm_map has mapped (its private pages are replaced), as far as the
 * host object reaches (beyond it the new pages stay private, as gm_map_shared leaves a file's
 * end); from == to grows it in place. The caller unmaps the old range after a move. 0 when
 * nothing there is shared, or the host's error. */
int gm_move_shared(struct guest_mem *gm, uint64_t from, uint64_t old_len, uint64_t to, uint64_t new_len);

/* True if no page of [addr, addr+len) is mapped and the range fits below addr_limit. */
bool gm_is_free(const struct guest_mem *gm, uint64_t addr, uint64_t len);
/* The lowest free page-aligned range of len bytes at or above `from` and ending at or below
 * `below`; 0 if there is none. Deterministic: depends only on the current map. */
uint64_t gm_find_free(const struct guest_mem *gm, uint64_t len, uint64_t from, uint64_t below);
/* The same, the highest such range. */
uint64_t gm_find_free_top(const struct guest_mem *gm, uint64_t len, uint64_t from, uint64_t below);

/* The region holding addr, or NULL. Valid until the next map change. */
const struct gm_region *gm_region_at(struct guest_mem *gm, uint64_t addr);
/* The lowest region ending above addr, or NULL: gm_region_next(gm, 0), then
 * gm_region_next(gm, r->end), visits every region in address order. */
const struct gm_region *gm_region_next(const struct guest_mem *gm, uint64_t addr);
static inline size_t gm_region_count(const struct guest_mem *gm)
{
	return gm->regions.count;
}

/* Host pointer for [addr, addr+len) if every page of it is mapped and allows `prot` (it may
 * span regions: a window's pages are contiguous on the host); else NULL. len 0 is allowed (any
 * mapped addr). The pointer is valid until the next map change. A caller that writes through
 * it calls gm_wrote afterwards. */
void *gm_host(struct guest_mem *gm, uint64_t addr, uint64_t len, int prot);
/* The caller wrote [addr, addr+len) through gm_host pointers (a read() into guest memory):
 * the listener hears of it when any of those pages is executable. */
void gm_wrote(struct guest_mem *gm, uint64_t addr, uint64_t len);

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
