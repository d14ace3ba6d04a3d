/* x86-64 struct stat (arch/x86/include/uapi/asm/stat.h, the !__i386__ branch): 144 bytes of
 * naturally aligned 64-bit fields; every host value fits, so it never overflows. */
#include "../stat_layout.h"

#include <errno.h>
#include <string.h>

#include "../process.h"

int x86_64_put_stat(struct process *p, uint64_t addr, const struct stat *st,
		    enum stat_layout layout)
{
	(void)layout;	/* no stat64 on x86-64: fstatat64 callers get the one layout */
	uint8_t b[X86_64_STAT_SIZE];
	bool be = p->mem.big_endian;

	memset(b, 0, sizeof b);	/* padding and __unused[3] */
	bo_put64(b + 0, (uint64_t)st->st_dev, be);
	bo_put64(b + 8, (uint64_t)st->st_ino, be);
	bo_put64(b + 16, (uint64_t)st->st_nlink, be);
	bo_put32(b + 24, (uint32_t)st->st_mode, be);
	bo_put32(b + 28, (uint32_t)st->st_uid, be);
	bo_put32(b + 32, (uint32_t)st->st_gid, be);
	bo_put64(b + 40, (uint64_t)st->st_rdev, be);
	bo_put64(b + 48, (uint64_t)st->st_size, be);
	bo_put64(b + 56, (uint64_t)st->st_blksize, be);
	bo_put64(b + 64, (uint64_t)st->st_blocks, be);
	bo_put64(b + 72, (uint64_t)st->st_atim.tv_sec, be);
	bo_put64(b + 80, (uint64_t)st->st_atim.tv_nsec, be);
	bo_put64(b + 88, (uint64_t)st->st_mtim.tv_sec, be);
	bo_put64(b + 96, (uint64_t)st->st_mtim.tv_nsec, be);
	bo_put64(b + 104, (uint64_t)st->st_ctim.tv_sec, be);
	bo_put64(b + 112, (uint64_t)st->st_ctim.tv_nsec, be);

	return gm_write(&p->mem, addr, b, sizeof b);
}
