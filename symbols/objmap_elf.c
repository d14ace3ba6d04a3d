/* The loader's objects in the object map: see objmap_elf.h. */
#include "symbols/objmap_elf.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

/* page 0: the executable segments, whole (p_memsz); else every segment's pages that hold file
 * bytes, as mmap maps them (the bss pages beyond are anonymous memory). */
static int report(struct objmap *m, const char *path, uint64_t bias, uint64_t addr_mask,
		  uint64_t page)
{
	char canonical[PATH_MAX];
	if (!realpath(path, canonical))
		return -errno;
	path = canonical;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	struct stat st;
	int err = fstat(fd, &st) ? -errno : 0;
	elf_version(EV_CURRENT);
	Elf *elf = err ? NULL : elf_begin(fd, ELF_C_READ, NULL);
	size_t n = 0;
	if (!err && (!elf || elf_kind(elf) != ELF_K_ELF || elf_getphdrnum(elf, &n) != 0))
		err = -ENOEXEC;
	for (size_t i = 0; !err && i < n; i++) {
		GElf_Phdr ph;
		if (!gelf_getphdr(elf, (int)i, &ph) || ph.p_type != PT_LOAD ||
		    (!page && !(ph.p_flags & PF_X)) || (page ? ph.p_filesz : ph.p_memsz) == 0)
			continue;
		uint64_t at = ph.p_vaddr, size = ph.p_memsz, off = ph.p_offset;
		if (page) {
			uint64_t in = at & (page - 1);
			at -= in;
			off -= in;
			size = (ph.p_filesz + in + page - 1) & ~(page - 1);
		}
		err = objmap_map(m, (at + bias) & addr_mask, size, path, off, (uint64_t)st.st_dev,
				 (uint64_t)st.st_ino);
	}
	if (elf)
		elf_end(elf);
	close(fd);
	return err;
}

int objmap_report_elf(struct objmap *m, const char *path, uint64_t bias, uint64_t addr_mask)
{
	return report(m, path, bias, addr_mask, 0);
}

int objmap_report_elf_pages(struct objmap *m, const char *path, uint64_t bias, uint64_t addr_mask,
			    uint64_t page_size)
{
	return report(m, path, bias, addr_mask, page_size);
}
