/* Memory system calls: brk, mmap (and i386's mmap2 and old mmap), munmap, mprotect, mremap,
 * mincore.
 * Placement is deterministic: without a usable hint a mapping goes to the lowest free range of
 * [mmap_lo, mmap_hi) (or next to it: process_place_mapping), so the same program maps the
 * same addresses on every run. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "abi_flags.h"
#include "handlers.h"
#include "sys_args.h"

/* The guest's PROT_* bits (through the ABI) as guest-memory protections. */
static int guest_prot(const struct process *p, uint64_t guest)
{
	uint64_t prot = abi_bits_to_neutral(&p->abi->flags->prot, guest);
	return (prot & ABI_PROT_READ ? GM_PROT_READ : 0) | (prot & ABI_PROT_WRITE ? GM_PROT_WRITE : 0) |
	       (prot & ABI_PROT_EXEC ? GM_PROT_EXEC : 0);
}

/* Fills a fresh private mapping from the file, as MAP_PRIVATE reads it; pages past the end of
 * the file stay zero. */
static int fill_from_file(struct process *p, uint64_t addr, uint64_t len, int fd, uint64_t off)
{
	uint8_t *host = gm_host(&p->mem, addr, len, GM_PROT_NONE);
	if (!host)
		return -EFAULT;
	uint64_t done = 0;
	while (done < len) {
		ssize_t n = pread(fd, host + done, len - done, (off_t)(off + done));
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (n == 0)
			break;
		done += (uint64_t)n;
	}
	gm_wrote(&p->mem, addr, done);
	return 0;
}

/* The host path of the file behind fd, "" if it has none. */
static void fd_path(int fd, char *path, size_t len)
{
	char link[64];
	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	ssize_t n = readlink(link, path, len - 1);
	path[n > 0 ? n : 0] = 0;
}

/* ld.so maps a library's first page at its load base (file offset 0) before anything of it
 * runs: if it is libc, glibc's profil and sprofil there are served natively from now on. */
static void notice_libc(struct process *p, const char *path, uint64_t base)
{
	const char *name = strrchr(path, '/');
	name = name ? name + 1 : path;
	if (strncmp(name, "libc.so", 7) == 0 || strncmp(name, "libc-", 5) == 0)
		profil_glibc_attach_file(p, path, base);
}

uint64_t process_place_mapping(struct process *p, uint64_t len)
{
	struct guest_mem *gm = &p->mem;
	uint64_t at = gm_find_free(gm, len, p->mmap_lo, p->mmap_hi);
	if (!at && p->mmap_floor < p->mmap_lo)
		at = gm_find_free_top(gm, len, p->mmap_floor, p->mmap_hi);
	if (!at && p->mmap_ceiling > p->mmap_hi)
		at = gm_find_free(gm, len, p->mmap_hi, p->mmap_ceiling);
	return at;
}

/* An executable mapping of a file is code of an object (a shared library, a dlopen'ed module):
 * the object map learns it, for the symbolizer. Any mapping of a file, executable or not, is
 * one of the files behind guest memory (/proc/self/maps names it). Any other mapping ends
 * what was there. */
static void notice_mapping(struct process *p, uint64_t addr, uint64_t size, uint64_t prot,
			   const char *path, const struct stat *st, uint64_t off)
{
	bool exec = abi_bits_to_neutral(&p->abi->flags->prot, prot) & ABI_PROT_EXEC;
	bool file = path && *path;
	if (!exec || !file ||
	    objmap_map(&p->objects, addr, size, path, off, st->st_dev, st->st_ino) != 0)
		objmap_unmap(&p->objects, addr, size);
	if (!file || objmap_map(&p->files, addr, size, path, off, st->st_dev, st->st_ino) != 0)
		objmap_unmap(&p->files, addr, size);
}

/* The file behind [from, from + len) follows it to [to, to + new_len) (mremap). */
static void move_file(struct process *p, uint64_t from, uint64_t len, uint64_t to, uint64_t new_len)
{
	const struct objmap_range *r = objmap_next_live(&p->files, from);
	if (!r || r->start > from) {
		objmap_unmap(&p->files, to, new_len);
		return;
	}
	const struct objmap_object *o = objmap_object_of(&p->files, r);
	char *path = strdup(o->path);
	uint64_t dev = o->dev, ino = o->ino, off = r->file_off + (from - r->start);
	objmap_unmap(&p->files, from, len);
	if (!path || objmap_map(&p->files, to, new_len, path, off, dev, ino) != 0)
		objmap_unmap(&p->files, to, new_len);
	free(path);
}

/* How many bytes of a MAP_SHARED mapping of fd at off a host MAP_SHARED mapping backs (its
 * stores reach the file and every other process mapping it): all of a shared anonymous one
 * (or /dev/zero's); a regular file's pages up to its end if fd is open for reading and writing
 * (past the end the host would raise SIGBUS: those pages stay private zeros). A read-only
 * fd gives a copy (0), which reads the same; -EACCES if the fd cannot be read. */
static int64_t shared_length(bool anonymous, int fd, const struct stat *st,
			     uint64_t off, uint64_t size)
{
	if (anonymous || S_ISCHR(st->st_mode))
		return anonymous || (major(st->st_rdev) == 1 && minor(st->st_rdev) == 5) ? (int64_t)size : 0;
	int mode = fcntl(fd, F_GETFL);
	if (mode < 0 || (mode & O_ACCMODE) == O_WRONLY)
		return -EACCES;
	if ((mode & O_ACCMODE) != O_RDWR || !S_ISREG(st->st_mode) || (uint64_t)st->st_size <= off)
		return 0;
	uint64_t host_page = (uint64_t)sysconf(_SC_PAGESIZE), left = (uint64_t)st->st_size - off;
	left = (left + host_page - 1) / host_page * host_page;
	return (int64_t)(left < size ? left : size);
}

static int64_t do_mmap(struct process *p, uint64_t addr, uint64_t len, uint64_t prot,
		       uint64_t guest_flags, int fd, uint64_t off)
{
	struct guest_mem *gm = &p->mem;
	uint64_t flags = abi_bits_to_neutral(&p->abi->flags->mmap, guest_flags);
	if (len == 0 || (off & (gm->page_size - 1)))
		return -EINVAL;
	uint64_t size = gm_page_up(gm, len);
	if (size < len || size > gm->addr_limit)
		return -ENOMEM;
	bool fixed = flags & (ABI_MAP_FIXED | ABI_MAP_FIXED_NOREPLACE);
	if (fixed) {
		if (addr & (gm->page_size - 1))
			return -EINVAL;
		if ((flags & ABI_MAP_FIXED_NOREPLACE) && !(flags & ABI_MAP_FIXED) && !gm_is_free(gm, addr, size))
			return -EEXIST;
	} else if (addr && !(addr & (gm->page_size - 1)) && gm_is_free(gm, addr, size)) {
		/* A free, aligned hint is honoured, as Linux does. */
	} else {
		addr = process_place_mapping(p, size);
		if (!addr)
			return -ENOMEM;
	}
	bool anonymous = flags & ABI_MAP_ANONYMOUS;
	struct stat st;
	char path[PATH_MAX] = "";
	if (!anonymous) {
		if (fd < 0 || fstat(fd, &st) != 0)
			return -EBADF;
		if (S_ISDIR(st.st_mode))
			return -ENODEV;
	}
	int64_t shared = 0;
	if (flags & ABI_MAP_SHARED) {
		shared = shared_length(anonymous, fd, &st, off, size);
		if (shared < 0)
			return shared;
	}
	int err = shared ? gm_map_shared(gm, addr, size, guest_prot(p, prot), anonymous ? -1 : fd, off,
					 (uint64_t)shared)
			 : gm_map(gm, addr, size, guest_prot(p, prot));
	if (err)
		return err;
	p->shared_mem |= shared != 0;	/* its guest code now runs under the tree's lock */
	if (!anonymous && !shared) {
		err = fill_from_file(p, addr, size, fd, off);
		if (err) {
			gm_unmap(gm, addr, size);
			return err;
		}
	}
	if (!anonymous) {
		fd_path(fd, path, sizeof(path));
		if (off == 0 && *path)
			notice_libc(p, path, addr);
	}
	notice_mapping(p, addr, size, prot, path, &st, off);
	return (int64_t)addr;
}

int64_t sys_mmap(struct process *p, const uint64_t *a)
{
	return do_mmap(p, a[0], a[1], a[2], a[3], (int)a[4], a[5]);
}

/* i386 mmap2: the offset counts 4096-byte units, so files past 4 GiB can be mapped. */
int64_t sys_mmap2(struct process *p, const uint64_t *a)
{
	return do_mmap(p, a[0], a[1], a[2], a[3], (int)a[4], a[5] * 4096);
}

/* The original mmap (i386's) takes one pointer to its six arguments. */
int64_t sys_old_mmap(struct process *p, const uint64_t *a)
{
	uint64_t args[6];
	for (int i = 0; i < 6; i++)
		if (gm_get(&p->mem, a[0] + 4u * (unsigned)i, 4, &args[i]))
			return -EFAULT;
	return do_mmap(p, args[0], args[1], args[2], args[3], (int)args[4], args[5]);
}

int64_t sys_munmap(struct process *p, const uint64_t *a)
{
	if ((a[0] & (p->mem.page_size - 1)) || a[1] == 0)
		return -EINVAL;
	int err = gm_unmap(&p->mem, a[0], a[1]);
	if (!err) {
		objmap_unmap(&p->objects, a[0], gm_page_up(&p->mem, a[1]));
		objmap_unmap(&p->files, a[0], gm_page_up(&p->mem, a[1]));
	}
	return err;
}

int64_t sys_mprotect(struct process *p, const uint64_t *a)
{
	if (a[0] & (p->mem.page_size - 1))
		return -EINVAL;
	if (a[1] == 0)
		return 0;
	return gm_protect(&p->mem, a[0], a[1], guest_prot(p, a[2]));
}

int64_t sys_madvise(struct process *p, const uint64_t *a)
{
	(void)p;
	(void)a;
	return 0;	/* advice only; MADV_DONTNEED's zeroing is not emulated */
}

/* msync: the stores to a shared file mapping are in the host's page cache already (the file
 * reads them at once); the host's msync writes them to the disk. Every page must be mapped. */
int64_t sys_msync(struct process *p, const uint64_t *a)
{
	struct guest_mem *gm = &p->mem;
	uint64_t addr = a[0], end = a[0] + gm_page_up(gm, a[1]);
	if ((addr & (gm->page_size - 1)) || end < addr)
		return -EINVAL;
	for (uint64_t at = addr; at < end;) {
		const struct gm_region *r = gm_region_next(gm, at);
		if (!r || r->start > at)
			return -ENOMEM;
		uint64_t to = r->end < end ? r->end : end;
		if (r->shared && msync(r->host + (at - r->start), to - at, MS_SYNC) != 0)
			return -errno;
		at = to;
	}
	return 0;
}

/* mremap flags: include/uapi/linux/mman.h, the same in every ABI. */
enum { GUEST_MREMAP_MAYMOVE = 1, GUEST_MREMAP_FIXED = 2 };

/* Copies len bytes of the regions at `from` into the fresh mapping at `to`. */
static void copy_regions(struct guest_mem *gm, uint64_t from, uint64_t to, uint64_t len)
{
	uint8_t *dst = gm_host(gm, to, len, GM_PROT_NONE);
	for (uint64_t done = 0; done < len;) {
		const struct gm_region *src = gm_region_at(gm, from + done);
		uint64_t n = src->end - (from + done);
		if (n > len - done)
			n = len - done;
		memcpy(dst + done, src->host + (from + done - src->start), n);
		done += n;
	}
	gm_wrote(gm, to, len);
}

/* mremap(old, old_size, new_size, flags, new_address). Shared memory stays shared: the host
 * mapping under it moves or grows with it (gm_move_shared), as far as its object reaches. */
int64_t sys_mremap(struct process *p, const uint64_t *a)
{
	struct guest_mem *gm = &p->mem;
	uint64_t old = a[0], old_size = gm_page_up(gm, a[1]), new_size = gm_page_up(gm, a[2]);
	uint64_t flags = a[3], page_mask = gm->page_size - 1;
	bool fixed = flags & GUEST_MREMAP_FIXED;
	if ((old & page_mask) || new_size == 0 || (flags & ~(uint64_t)3) ||
	    (fixed && !(flags & GUEST_MREMAP_MAYMOVE)))
		return -EINVAL;
	const struct gm_region *r = gm_region_at(gm, old);
	if (!r || old_size == 0)
		return -EFAULT;
	for (const struct gm_region *q = r; q->end - old < old_size;) {	/* mapped throughout */
		const struct gm_region *next = gm_region_next(gm, q->end);
		if (!next || next->start != q->end)
			return -EFAULT;
		q = next;
	}
	int prot = r->prot;
	bool shared = r->shared;
	if (!fixed && new_size <= old_size) {
		if (new_size < old_size) {
			gm_unmap(gm, old + new_size, old_size - new_size);
			objmap_unmap(&p->files, old + new_size, old_size - new_size);
		}
		return (int64_t)old;
	}
	if (!fixed && gm_is_free(gm, old + old_size, new_size - old_size)) {
		int err = gm_map(gm, old + old_size, new_size - old_size, prot);
		if (!err && shared)
			err = gm_move_shared(gm, old, old_size, old, new_size);
		if (!err)
			move_file(p, old, old_size, old, new_size);
		return err ? err : (int64_t)old;
	}
	if (!(flags & GUEST_MREMAP_MAYMOVE))
		return -ENOMEM;
	uint64_t to = fixed ? a[4] : process_place_mapping(p, new_size);
	if (fixed) {
		if ((to & page_mask) || to >= gm->addr_limit || gm->addr_limit - to < new_size ||
		    (to < old + old_size && old < to + new_size))
			return -EINVAL;
		gm_unmap(gm, to, new_size);
	}
	if (!to)
		return -ENOMEM;
	int err = gm_map(gm, to, new_size, prot);
	if (err)
		return err;
	uint64_t kept = old_size < new_size ? old_size : new_size;
	copy_regions(gm, old, to, kept);
	if (shared && (err = gm_move_shared(gm, old, kept, to, new_size))) {
		gm_unmap(gm, to, new_size);
		return err;
	}
	gm_unmap(gm, old, old_size);
	move_file(p, old, old_size, to, new_size);
	return (int64_t)to;
}

/* The break moves in whole pages behind the scenes; the guest sees the exact value it asked. */
int64_t sys_brk(struct process *p, const uint64_t *a)
{
	struct guest_mem *gm = &p->mem;
	uint64_t want = a[0];
	if (want < p->brk_start)
		return (int64_t)p->brk_cur;
	uint64_t have_end = gm_page_up(gm, p->brk_cur), want_end = gm_page_up(gm, want);
	/* past the address space, or wrapping past 2^64 to 0 (brk(-1)): the current break, as
	 * Linux answers, and nothing unmapped */
	if (want_end < want || want_end > gm->addr_limit)
		return (int64_t)p->brk_cur;
	if (want_end > have_end) {
		if (!gm_is_free(gm, have_end, want_end - have_end))
			return (int64_t)p->brk_cur;
		if (gm_map(gm, have_end, want_end - have_end, GM_PROT_READ | GM_PROT_WRITE))
			return (int64_t)p->brk_cur;
	} else if (want_end < have_end) {
		gm_unmap(gm, want_end, have_end - want_end);
	}
	p->brk_cur = want;
	return (int64_t)want;
}

/* mincore(addr, len, vec): one byte per guest page, 1 if the host has any of the memory under
 * it resident (guest memory is host memory: an untouched page is not resident, as natively). */
int64_t sys_mincore(struct process *p, const uint64_t *a)
{
	struct guest_mem *gm = &p->mem;
	uint64_t addr = a[0], len = gm_page_up(gm, sys_arg_size(p, a[1])), vec = a[2];
	if (addr & (gm->page_size - 1))
		return -EINVAL;
	if (len > gm->addr_limit || addr > gm->addr_limit - len)
		return -ENOMEM;
	long host_page = sysconf(_SC_PAGESIZE);
	uint64_t per = gm->page_size > (uint64_t)host_page ? gm->page_size / (uint64_t)host_page : 1;
	for (uint64_t at = addr; at < addr + len; at += gm->page_size) {
		const struct gm_region *r = gm_region_at(gm, at);
		if (!r)
			return -ENOMEM;
		unsigned char host[64] = { 0 };
		uint8_t resident = 0;
		if (per <= sizeof(host) && mincore(r->host + (at - r->start), gm->page_size, host) == 0)
			for (uint64_t i = 0; i < per; i++)
				resident |= host[i] & 1;
		if (gm_write(gm, vec + (at - addr) / gm->page_size, &resident, 1) < 0)
			return -EFAULT;
	}
	return 0;
}
