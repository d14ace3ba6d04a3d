/* hppa struct stat and struct stat64 (arch/parisc/include/uapi/asm/stat.h), big-endian, filled
 * with the checks of the kernel's cp_new_stat / cp_new_stat64 (fs/stat.c). Offsets checked
 * with hppa-linux-gnu-gcc's offsetof on those headers.
 *
 * struct stat (104 bytes): dev u32 @0, ino u32 @4, mode u16 @8, nlink u16 @10, two reserved
 * u16 (the old 16-bit ids) @12, rdev u32 @16, size i32 @20, {atime, atime_nsec, mtime,
 * mtime_nsec, ctime, ctime_nsec} u32 @24..44, blksize @48, blocks @52, HP-UX leftovers
 * @56..83, uid u32 @84, gid u32 @88, spares @92..103.
 *
 * struct stat64 (104 bytes; 64-bit members aligned to 8): dev u64 @0, pad @8, __st_ino u32
 * @12, mode u32 @16, nlink u32 @20, uid u32 @24, gid u32 @28, rdev u64 @32, pad @40, size i64
 * @48, blksize i32 @56, blocks i64 @64, the six time words @72..92, ino u64 @96. */
#include <errno.h>
#include <string.h>

#include "../process.h"
#include "../stat_layout.h"
#include "abi.h"

/* The kernel's MAX_NON_LFS: what a 32-bit off_t may report without O_LARGEFILE. */
#define HPPA_MAX_NON_LFS 0x7fffffffLL

static int put_stat32(struct process *p, uint64_t addr, const struct stat *st)
{
	uint8_t b[HPPA_STAT_SIZE];
	if ((uint64_t)st->st_dev > UINT32_MAX || (uint64_t)st->st_rdev > UINT32_MAX)
		return -EOVERFLOW;
	if ((uint64_t)st->st_ino > UINT32_MAX || (uint64_t)st->st_nlink > UINT16_MAX)
		return -EOVERFLOW;
	if (st->st_size > HPPA_MAX_NON_LFS)
		return -EOVERFLOW;

	memset(b, 0, sizeof b);
	bo_put32(b + 0, (uint32_t)st->st_dev, BO_BIG);
	bo_put32(b + 4, (uint32_t)st->st_ino, BO_BIG);
	bo_put16(b + 8, (uint16_t)st->st_mode, BO_BIG);
	bo_put16(b + 10, (uint16_t)st->st_nlink, BO_BIG);
	bo_put32(b + 16, (uint32_t)st->st_rdev, BO_BIG);
	bo_put32(b + 20, (uint32_t)st->st_size, BO_BIG);
	stat_put_times32(b + 24, st, true);
	bo_put32(b + 48, (uint32_t)st->st_blksize, BO_BIG);
	bo_put32(b + 52, (uint32_t)st->st_blocks, BO_BIG);
	bo_put32(b + 84, (uint32_t)st->st_uid, BO_BIG);
	bo_put32(b + 88, (uint32_t)st->st_gid, BO_BIG);
	return gm_write(&p->mem, addr, b, sizeof b);
}

static int put_stat64(struct process *p, uint64_t addr, const struct stat *st)
{
	uint8_t b[HPPA_STAT64_SIZE];
	if ((uint64_t)st->st_nlink > UINT32_MAX)
		return -EOVERFLOW;

	memset(b, 0, sizeof b);
	bo_put64(b + 0, (uint64_t)st->st_dev, BO_BIG);
	bo_put32(b + 12, (uint32_t)st->st_ino, BO_BIG);
	bo_put32(b + 16, (uint32_t)st->st_mode, BO_BIG);
	bo_put32(b + 20, (uint32_t)st->st_nlink, BO_BIG);
	bo_put32(b + 24, (uint32_t)st->st_uid, BO_BIG);
	bo_put32(b + 28, (uint32_t)st->st_gid, BO_BIG);
	bo_put64(b + 32, (uint64_t)st->st_rdev, BO_BIG);
	bo_put64(b + 48, (uint64_t)st->st_size, BO_BIG);
	bo_put32(b + 56, (uint32_t)st->st_blksize, BO_BIG);
	bo_put64(b + 64, (uint64_t)st->st_blocks, BO_BIG);
	stat_put_times32(b + 72, st, true);
	bo_put64(b + 96, (uint64_t)st->st_ino, BO_BIG);
	return gm_write(&p->mem, addr, b, sizeof b);
}

int hppa_put_stat(struct process *p, uint64_t addr, const struct stat *st, enum stat_layout layout)
{
	return layout == STAT_64 ? put_stat64(p, addr, st) : put_stat32(p, addr, st);
}
