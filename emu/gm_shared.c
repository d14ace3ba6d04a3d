/* Guest regions backed by a host MAP_SHARED mapping (guest_mem.h): shared anonymous memory and
 * shared file mappings. The guest's page stays where guest_mem put it, at the window's host
 * address; only the host mapping under it changes, so Unicorn (given the window by pointer)
 * and the interpreters see the shared pages with nothing to learn. */
#include "guest_mem.h"

#include <errno.h>
#include <sys/mman.h>

int gm_map_shared(struct guest_mem *gm, uint64_t addr, uint64_t len, int prot, int fd, uint64_t off,
		  uint64_t file_len)
{
	int err = gm_map(gm, addr, len, prot);
	if (err)
		return err;
	len = gm_page_up(gm, len);
	if (file_len > len)
		file_len = len;
	struct gm_node *n = gm_tree_ending_above(&gm->regions, addr);
	if (file_len && mmap(n->r.host, file_len, PROT_READ | PROT_WRITE,
			     MAP_SHARED | MAP_FIXED | (fd < 0 ? MAP_ANONYMOUS : 0), fd, (off_t)off) == MAP_FAILED) {
		err = -errno;
		gm_unmap(gm, addr, len);
		return err;
	}
	n->r.shared = true;
	n->r.shared_end = addr + file_len;
	return 0;
}

int gm_move_shared(struct guest_mem *gm, uint64_t from, uint64_t old_len, uint64_t to, uint64_t new_len)
{
	struct gm_node *src = gm_tree_ending_above(&gm->regions, from);
	if (!src || src->r.start > from || !src->r.shared || src->r.shared_end <= from)
		return 0;	/* nothing shared there */
	uint64_t object_end = src->r.shared_end, room = object_end - from;
	uint64_t have = old_len < room ? old_len : room, want = new_len < room ? new_len : room;
	if (src->r.end - from < have)
		have = src->r.end - from;	/* one host run: the region's own part */
	uint8_t *src_host = src->r.host + (from - src->r.start);
	uint8_t *dst_host = gm_host(gm, to, want, GM_PROT_NONE);
	if (!dst_host)
		return -EFAULT;
	/* Away first (the host mapping may not grow where it is: the window's pages follow it),
	 * then to its place, over the private pages gm_map put there. */
	void *tmp = mremap(src_host, have, want, MREMAP_MAYMOVE);
	if (tmp == MAP_FAILED)
		return -errno;
	int err = 0;
	if (mremap(tmp, want, want, MREMAP_MAYMOVE | MREMAP_FIXED, dst_host) == MAP_FAILED) {
		err = -errno;
		munmap(tmp, want);
	}
	if (err || src_host != dst_host)	/* the window keeps pages where the mapping left */
		mmap(src_host, have, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
	if (err)
		return err;
	for (struct gm_node *n = gm_tree_ending_above(&gm->regions, to); n && n->r.start < to + want;
	     n = gm_tree_next(n)) {
		n->r.shared = true;
		n->r.shared_end = to + room;
	}
	return 0;
}
