/* IA-64 struct stat (arch/ia64/include/uapi/asm/stat.h), 144 bytes, little-endian, one layout
 * for stat, lstat, fstat and newfstatat. Unlike x86-64's, the times come before blksize:
 * dev u64 @0, ino u64 @8, nlink u64 @16, mode u32 @24, uid u32 @28, gid u32 @32, pad @36,
 * rdev u64 @40, size i64 @48, {atime, atime_nsec, mtime, mtime_nsec, ctime, ctime_nsec} u64
 * @56..96, blksize u64 @104, blocks i64 @112, three unused words @120..143. */
#include <string.h>

#include "../process.h"
#include "../stat_layout.h"
#include "abi.h"

int ia64_put_stat(struct process *p, uint64_t addr, const struct stat *st, enum stat_layout layout)
{
	(void)layout;	/* a 64-bit ABI: no stat64 */
	uint8_t b[IA64_STAT_SIZE];
	memset(b, 0, sizeof b);
	bo_put64(b + 0, (uint64_t)st->st_dev, BO_LITTLE);
	bo_put64(b + 8, (uint64_t)st->st_ino, BO_LITTLE);
	bo_put64(b + 16, (uint64_t)st->st_nlink, BO_LITTLE);
	bo_put32(b + 24, (uint32_t)st->st_mode, BO_LITTLE);
	bo_put32(b + 28, (uint32_t)st->st_uid, BO_LITTLE);
	bo_put32(b + 32, (uint32_t)st->st_gid, BO_LITTLE);
	bo_put64(b + 40, (uint64_t)st->st_rdev, BO_LITTLE);
	bo_put64(b + 48, (uint64_t)st->st_size, BO_LITTLE);
	bo_put64(b + 56, (uint64_t)st->st_atim.tv_sec, BO_LITTLE);
	bo_put64(b + 64, (uint64_t)st->st_atim.tv_nsec, BO_LITTLE);
	bo_put64(b + 72, (uint64_t)st->st_mtim.tv_sec, BO_LITTLE);
	bo_put64(b + 80, (uint64_t)st->st_mtim.tv_nsec, BO_LITTLE);
	bo_put64(b + 88, (uint64_t)st->st_ctim.tv_sec, BO_LITTLE);
	bo_put64(b + 96, (uint64_t)st->st_ctim.tv_nsec, BO_LITTLE);
	bo_put64(b + 104, (uint64_t)st->st_blksize, BO_LITTLE);
	bo_put64(b + 112, (uint64_t)st->st_blocks, BO_LITTLE);
	return gm_write(&p->mem, addr, b, sizeof b);
}
