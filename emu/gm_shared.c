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
	return 0;
}
