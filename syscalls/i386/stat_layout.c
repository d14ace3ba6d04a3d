/* i386 struct stat and struct stat64 (arch/x86/include/uapi/asm/stat.h, the __i386__ branch),
 * filled with the checks of the kernel's cp_new_stat / cp_new_stat64 (fs/stat.c).
 *
 * struct stat (64 bytes): dev u32 @0, ino u32 @4, mode u16 @8, nlink u16 @10, uid u16 @12,
 * gid u16 @14, rdev u32 @16, size u32 @20, blksize u32 @24, blocks u32 @28,
 * {atime, atime_nsec, mtime, mtime_nsec, ctime, ctime_nsec} u32 @32..52, 2 unused u32.
 *
 * struct stat64 (96 bytes; i386 aligns 64-bit members to 4, so it is packed): dev u64 @0,
 * pad[4], __st_ino u32 @12 (low bits: "STAT64_HAS_BROKEN_ST_INO"), mode u32 @16, nlink u32 @20,
 * uid u32 @24, gid u32 @28, rdev u64 @32, pad[4], size i64 @44, blksize u32 @52,
 * blocks u64 @56, {atime, atime_nsec, mtime, mtime_nsec, ctime, ctime_nsec} u32 @64..84,
 * ino u64 @88. */
#include "../stat_layout.h"

#include <errno.h>
#include <string.h>

#include "../process.h"

/* The kernel's MAX_NON_LFS: what a 32-bit off_t may report without O_LARGEFILE. */
#define I386_MAX_NON_LFS 0x7fffffffLL
/* high2lowuid: ids that do not fit 16 bits read as the kernel's overflowuid, not truncated. */
#define I386_OVERFLOW_ID 65534u

static uint16_t low_id(uint32_t id)
{
	return id > 0xffff ? I386_OVERFLOW_ID : (uint16_t)id;
}

static int put_stat32(struct process *p, uint64_t addr, const struct stat *st)
{
	uint8_t b[I386_STAT_SIZE];
	bool be = p->mem.big_endian;

	/* Host dev_t values are the kernel's new_encode_dev, which a 32-bit field holds. */
	if ((uint64_t)st->st_dev > UINT32_MAX || (uint64_t)st->st_rdev > UINT32_MAX)
		return -EOVERFLOW;
	if ((uint64_t)st->st_ino > UINT32_MAX || (uint64_t)st->st_nlink > UINT16_MAX)
		return -EOVERFLOW;
	if (st->st_size > I386_MAX_NON_LFS)
		return -EOVERFLOW;

	memset(b, 0, sizeof b);
	bo_put32(b + 0, (uint32_t)st->st_dev, be);
	bo_put32(b + 4, (uint32_t)st->st_ino, be);
	bo_put16(b + 8, (uint16_t)st->st_mode, be);
	bo_put16(b + 10, (uint16_t)st->st_nlink, be);
	bo_put16(b + 12, low_id(st->st_uid), be);
	bo_put16(b + 14, low_id(st->st_gid), be);
	bo_put32(b + 16, (uint32_t)st->st_rdev, be);
	bo_put32(b + 20, (uint32_t)st->st_size, be);
	bo_put32(b + 24, (uint32_t)st->st_blksize, be);
	bo_put32(b + 28, (uint32_t)st->st_blocks, be);
	stat_put_times32(b + 32, st, be);
	return gm_write(&p->mem, addr, b, sizeof b);
}

static int put_stat64(struct process *p, uint64_t addr, const struct stat *st)
{
	uint8_t b[I386_STAT64_SIZE];
	bool be = p->mem.big_endian;

	/* Only nlink can overflow here (u32 field, as the kernel checks). */
	if ((uint64_t)st->st_nlink > UINT32_MAX)
		return -EOVERFLOW;

	memset(b, 0, sizeof b);
	bo_put64(b + 0, (uint64_t)st->st_dev, be);
	bo_put32(b + 12, (uint32_t)st->st_ino, be);
	bo_put32(b + 16, (uint32_t)st->st_mode, be);
	bo_put32(b + 20, (uint32_t)st->st_nlink, be);
	bo_put32(b + 24, (uint32_t)st->st_uid, be);
	bo_put32(b + 28, (uint32_t)st->st_gid, be);
	bo_put64(b + 32, (uint64_t)st->st_rdev, be);
	bo_put64(b + 44, (uint64_t)st->st_size, be);
	bo_put32(b + 52, (uint32_t)st->st_blksize, be);
	bo_put64(b + 56, (uint64_t)st->st_blocks, be);
	stat_put_times32(b + 64, st, be);
	bo_put64(b + 88, (uint64_t)st->st_ino, be);
	return gm_write(&p->mem, addr, b, sizeof b);
}

int i386_put_stat(struct process *p, uint64_t addr, const struct stat *st,
		  enum stat_layout layout)
{
	return layout == STAT_64 ? put_stat64(p, addr, st) : put_stat32(p, addr, st);
}
