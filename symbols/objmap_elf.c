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

int objmap_report_elf(struct objmap *m, const char *path, uint64_t bias, uint64_t addr_mask)
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
		if (!gelf_getphdr(elf, (int)i, &ph) || ph.p_type != PT_LOAD || !(ph.p_flags & PF_X) ||
		    ph.p_memsz == 0)
			continue;
		err = objmap_map(m, (ph.p_vaddr + bias) & addr_mask, ph.p_memsz, path, ph.p_offset,
				 (uint64_t)st.st_dev, (uint64_t)st.st_ino);
	}
	if (elf)
		elf_end(elf);
	close(fd);
	return err;
}
