/* The uncompressed copies of separate debug files: see debug_cache.h. */
#include "symbols/debug_cache.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* $XDG_CACHE_HOME/profemu (an absolute XDG_CACHE_HOME, as the XDG spec wants), else
 * $HOME/.cache/profemu, made if missing; false if there is none. */
static bool cache_dir(char *out, size_t len)
{
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	char base[PATH_MAX];
	if (xdg && xdg[0] == '/') {
		if ((size_t)snprintf(base, sizeof(base), "%s", xdg) >= sizeof(base))
			return false;
	} else if (home && home[0] == '/') {
		if ((size_t)snprintf(base, sizeof(base), "%s/.cache", home) >= sizeof(base))
			return false;
	} else {
		return false;
	}
	if (mkdir(base, 0700) != 0 && errno != EEXIST)
		return false;
	if ((size_t)snprintf(out, len, "%s/profemu", base) >= len)
		return false;
	return mkdir(out, 0700) == 0 || errno == EEXIST;
}

static bool has_compressed_section(Elf *elf)
{
	for (Elf_Scn *scn = elf_nextscn(elf, NULL); scn; scn = elf_nextscn(elf, scn)) {
		GElf_Shdr sh;
		if (gelf_getshdr(scn, &sh) && (sh.sh_flags & SHF_COMPRESSED))
			return true;
	}
	return false;
}

/* elf holds the GNU build-id note id. */
static bool has_build_id(Elf *elf, const unsigned char *id, size_t idlen)
{
	for (Elf_Scn *scn = elf_nextscn(elf, NULL); scn; scn = elf_nextscn(elf, scn)) {
		GElf_Shdr sh;
		Elf_Data *d;
		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_NOTE || !(d = elf_getdata(scn, NULL)))
			continue;
		GElf_Nhdr nh;
		size_t off = 0, name_at, desc_at;
		while ((off = gelf_getnote(d, off, &nh, &name_at, &desc_at)) > 0)
			if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 &&
			    memcmp((const char *)d->d_buf + name_at, "GNU", 4) == 0)
				return nh.n_descsz == idlen &&
				       memcmp((const char *)d->d_buf + desc_at, id, idlen) == 0;
	}
	return false;
}

/* Where the file's headers say it ends: its section header table or its last section. */
static uint64_t layout_end(Elf *elf)
{
	GElf_Ehdr eh;
	size_t shnum;
	if (!gelf_getehdr(elf, &eh) || elf_getshdrnum(elf, &shnum) != 0)
		return 0;
	uint64_t end = eh.e_shoff + (uint64_t)shnum * eh.e_shentsize;
	for (Elf_Scn *scn = elf_nextscn(elf, NULL); scn; scn = elf_nextscn(elf, scn)) {
		GElf_Shdr sh;
		if (gelf_getshdr(scn, &sh) && sh.sh_type != SHT_NOBITS && sh.sh_offset + sh.sh_size > end)
			end = sh.sh_offset + sh.sh_size;
	}
	return end;
}

/* A descriptor of the copy at path if it is one to use: no compressed section, the build-id,
 * and as long as its headers say (not cut short by a crash or a full disk). -1 otherwise. */
static int open_usable(const char *path, const unsigned char *id, size_t idlen)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	if (fd < 0)
		return -1;
	Elf *elf = fstat(fd, &st) == 0 ? elf_begin(fd, ELF_C_READ_MMAP, NULL) : NULL;
	bool ok = elf && elf_kind(elf) == ELF_K_ELF && has_build_id(elf, id, idlen) &&
		  !has_compressed_section(elf) && layout_end(elf) == (uint64_t)st.st_size;
	elf_end(elf);
	if (!ok)
		close(fd);
	return ok ? fd : -1;
}

/* src, its compressed sections inflated (in memory only), written to out as libelf lays it
 * out. The program headers are kept as they were: a debug file's segments hold no bytes
 * (SHT_NOBITS), and libdwfl reads their addresses only. */
static bool write_plain(Elf *src, int out)
{
	GElf_Ehdr eh;
	size_t phnum;
	Elf *dst = elf_begin(out, ELF_C_WRITE, NULL);
	bool ok = dst && gelf_getehdr(src, &eh) && gelf_newehdr(dst, gelf_getclass(src)) &&
		  elf_getphdrnum(src, &phnum) == 0 && (phnum == 0 || gelf_newphdr(dst, phnum));
	for (size_t i = 0; ok && i < phnum; i++) {
		GElf_Phdr ph;
		ok = gelf_getphdr(src, (int)i, &ph) && gelf_update_phdr(dst, (int)i, &ph);
	}
	for (Elf_Scn *scn = elf_nextscn(src, NULL); ok && scn; scn = elf_nextscn(src, scn)) {
		GElf_Shdr sh;
		Elf_Scn *to;
		ok = gelf_getshdr(scn, &sh) &&
		     (!(sh.sh_flags & SHF_COMPRESSED) || elf_compress(scn, 0, 0) == 1) &&
		     gelf_getshdr(scn, &sh) && (to = elf_newscn(dst)) && gelf_update_shdr(to, &sh);
		/* a SHT_NOBITS section's data too: no bytes, but its size is the section's */
		for (Elf_Data *d = NULL; ok && (d = elf_getdata(scn, d));) {
			Elf_Data *nd = elf_newdata(to);
			if (nd)
				*nd = *d;
			ok = nd != NULL;
		}
	}
	ok = ok && gelf_update_ehdr(dst, &eh) && elf_update(dst, ELF_C_WRITE) >= 0;
	elf_end(dst);
	return ok;
}

/* debug_cache_open's, writing the copy only when write is set */
static int cached_copy(const char *debug_file, const unsigned char *id, size_t idlen, bool write)
{
	char dir[PATH_MAX], path[PATH_MAX + 160], tmp[PATH_MAX + 200], hex[2 * 64 + 1];
	if (!id || idlen == 0 || idlen > 64 || elf_version(EV_CURRENT) == EV_NONE)
		return -1;
	int fd = open(debug_file, O_RDONLY | O_CLOEXEC);
	Elf *src = fd >= 0 ? elf_begin(fd, ELF_C_READ_MMAP, NULL) : NULL;
	int copy = -1;
	if (src && elf_kind(src) == ELF_K_ELF && has_compressed_section(src) &&
	    has_build_id(src, id, idlen) && cache_dir(dir, sizeof(dir))) {
		for (size_t i = 0; i < idlen; i++)
			snprintf(hex + 2 * i, 3, "%02x", id[i]);
		snprintf(path, sizeof(path), "%s/%s.debug", dir, hex);
		copy = open_usable(path, id, idlen);
		if (copy < 0 && write) {
			/* written under a name of its own, then renamed: a reader sees all or none */
			snprintf(tmp, sizeof(tmp), "%s/.%s.%ld.tmp", dir, hex, (long)getpid());
			int out = open(tmp, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
			bool written = out >= 0 && write_plain(src, out);
			if (out >= 0 && close(out) != 0)
				written = false;
			if (written && rename(tmp, path) == 0)
				copy = open_usable(path, id, idlen);
			else if (out >= 0)
				unlink(tmp);
		}
	}
	elf_end(src);
	if (fd >= 0)
		close(fd);
	return copy;
}

int debug_cache_open(const char *debug_file, const unsigned char *id, size_t idlen)
{
	return cached_copy(debug_file, id, idlen, true);
}

int debug_cache_find(const char *debug_file, const unsigned char *id, size_t idlen)
{
	return cached_copy(debug_file, id, idlen, false);
}
