/* struct stat as each guest ABI reads it: every field at the offset its libc expects, values
 * that do not fit refused with EOVERFLOW, bad destinations with EFAULT; and the stat handlers
 * filling those layouts from real files. */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "syscalls/handlers.h"
#include "syscalls/ia64/abi.h"
#include "syscalls/stat_layout.h"

enum { BUF = 0x10000, RO_PAGE = 0x20000 };

static struct process proc;

static void setup_process(enum cpu_arch arch, unsigned word_size, bool big_endian)
{
	memset(&proc, 0, sizeof proc);
	proc.arch = arch;
	proc.abi = word_size == 8 ? &sys_abi_x86_64 : &sys_abi_i386;
	proc.cfg.sysroot = "/";
	gm_init(&proc.mem, 4096, word_size == 8 ? 1ull << 47 : 1ull << 32, big_endian, word_size);
	cr_assert_eq(gm_map(&proc.mem, BUF, 4096, GM_PROT_READ | GM_PROT_WRITE), 0);
	cr_assert_eq(gm_map(&proc.mem, RO_PAGE, 4096, GM_PROT_READ), 0);
	/* A pattern, so bytes the layout must not touch can be seen untouched. */
	uint8_t fill[4096];
	memset(fill, 0xee, sizeof fill);
	cr_assert_eq(gm_write(&proc.mem, BUF, fill, sizeof fill), 0);
}

static void setup_x86_64(void) { setup_process(CPU_ARCH_X86_64, 8, false); }
static void setup_i386(void) { setup_process(CPU_ARCH_I386, 4, false); }
static void teardown(void) { gm_destroy(&proc.mem); }

static uint64_t field(uint64_t off, unsigned width)
{
	uint64_t v;
	cr_assert_eq(gm_get(&proc.mem, BUF + off, width, &v), 0);
	return v;
}

/* Distinct values in every field, all small enough for every layout. */
static struct stat sample(void)
{
	struct stat st;
	memset(&st, 0, sizeof st);
	st.st_dev = 0x0801;
	st.st_ino = 0x12345678;
	st.st_nlink = 3;
	st.st_mode = S_IFREG | 0644;
	st.st_uid = 1000;
	st.st_gid = 100;
	st.st_rdev = 0x0503;
	st.st_size = 0x7654321;
	st.st_blksize = 4096;
	st.st_blocks = 0x3b2a;
	st.st_atim.tv_sec = 1700000001;
	st.st_atim.tv_nsec = 111;
	st.st_mtim.tv_sec = 1700000002;
	st.st_mtim.tv_nsec = 222;
	st.st_ctim.tv_sec = 1700000003;
	st.st_ctim.tv_nsec = 333;
	return st;
}

/* ---- IA-64 ------------------------------------------------------------------------------------ */

static void setup_ia64(void) { setup_process(CPU_ARCH_IA64, 8, false); }

TestSuite(ia64_stat, .init = setup_ia64, .fini = teardown);

/* arch/ia64/include/uapi/asm/stat.h: x86-64's first 56 bytes, then the times before blksize. */
Test(ia64_stat, every_field_at_its_offset)
{
	struct stat st = sample();
	st.st_size = 0x123456789aLL;
	cr_assert_eq(ia64_put_stat(&proc, BUF, &st, STAT_NATIVE), 0);
	cr_assert_eq(field(0, 8), 0x0801, "st_dev");
	cr_assert_eq(field(8, 8), 0x12345678, "st_ino");
	cr_assert_eq(field(16, 8), 3, "st_nlink");
	cr_assert_eq(field(24, 4), S_IFREG | 0644, "st_mode");
	cr_assert_eq(field(28, 4), 1000, "st_uid");
	cr_assert_eq(field(32, 4), 100, "st_gid");
	cr_assert_eq(field(36, 4), 0, "__pad0");
	cr_assert_eq(field(40, 8), 0x0503, "st_rdev");
	cr_assert_eq(field(48, 8), 0x123456789aULL, "st_size");
	cr_assert_eq(field(56, 8), 1700000001, "st_atime");
	cr_assert_eq(field(64, 8), 111, "st_atime_nsec");
	cr_assert_eq(field(72, 8), 1700000002, "st_mtime");
	cr_assert_eq(field(80, 8), 222, "st_mtime_nsec");
	cr_assert_eq(field(88, 8), 1700000003, "st_ctime");
	cr_assert_eq(field(96, 8), 333, "st_ctime_nsec");
	cr_assert_eq(field(104, 8), 4096, "st_blksize");
	cr_assert_eq(field(112, 8), 0x3b2a, "st_blocks");
	for (unsigned off = 120; off < IA64_STAT_SIZE; off += 8)
		cr_assert_eq(field(off, 8), 0, "__unused at %u", off);
	cr_assert_eq(field(IA64_STAT_SIZE, 1), 0xee, "nothing written past the 144 bytes");
	cr_assert_eq(ia64_put_stat(&proc, RO_PAGE, &st, STAT_NATIVE), -EFAULT, "read-only");
}

/* ---- x86-64 ---------------------------------------------------------------------------------- */

TestSuite(x86_64_stat, .init = setup_x86_64, .fini = teardown);

Test(x86_64_stat, every_field_at_its_offset)
{
	struct stat st = sample();
	st.st_size = 0x123456789aLL;	/* beyond 32 bits: x86-64 has room */
	cr_assert_eq(x86_64_put_stat(&proc, BUF, &st, STAT_NATIVE), 0);
	cr_assert_eq(field(0, 8), 0x0801, "st_dev");
	cr_assert_eq(field(8, 8), 0x12345678, "st_ino");
	cr_assert_eq(field(16, 8), 3, "st_nlink");
	cr_assert_eq(field(24, 4), S_IFREG | 0644, "st_mode");
	cr_assert_eq(field(28, 4), 1000, "st_uid");
	cr_assert_eq(field(32, 4), 100, "st_gid");
	cr_assert_eq(field(36, 4), 0, "__pad0");
	cr_assert_eq(field(40, 8), 0x0503, "st_rdev");
	cr_assert_eq(field(48, 8), 0x123456789aULL, "st_size");
	cr_assert_eq(field(56, 8), 4096, "st_blksize");
	cr_assert_eq(field(64, 8), 0x3b2a, "st_blocks");
	cr_assert_eq(field(72, 8), 1700000001, "st_atime");
	cr_assert_eq(field(80, 8), 111, "st_atime_nsec");
	cr_assert_eq(field(88, 8), 1700000002, "st_mtime");
	cr_assert_eq(field(96, 8), 222, "st_mtime_nsec");
	cr_assert_eq(field(104, 8), 1700000003, "st_ctime");
	cr_assert_eq(field(112, 8), 333, "st_ctime_nsec");
	for (unsigned off = 120; off < 144; off += 8)
		cr_assert_eq(field(off, 8), 0, "__unused at %u", off);
	cr_assert_eq(field(144, 1), 0xee, "nothing written past the 144 bytes");
}

Test(x86_64_stat, bad_destination_is_efault)
{
	struct stat st = sample();
	cr_assert_eq(x86_64_put_stat(&proc, 0x50000, &st, STAT_NATIVE), -EFAULT, "unmapped");
	cr_assert_eq(x86_64_put_stat(&proc, RO_PAGE, &st, STAT_NATIVE), -EFAULT, "read-only");
	cr_assert_eq(x86_64_put_stat(&proc, BUF + 4096 - 100, &st, STAT_NATIVE), -EFAULT,
		     "runs off the mapping");
}

Test(x86_64_stat, fstat_handler_reports_the_file)
{
	char path[] = "/tmp/profemu-stat-XXXXXX";
	int fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	cr_assert_eq(write(fd, "hello, stat", 11), 11);
	uint64_t a[6] = { (uint64_t)fd, BUF };
	cr_assert_eq(sys_fstat(&proc, a), 0);
	cr_assert_eq(field(48, 8), 11, "st_size");
	cr_assert_eq(field(24, 4) & S_IFMT, S_IFREG);

	/* newfstatat by name, and lstat of a missing name */
	cr_assert_eq(gm_write(&proc.mem, BUF + 2048, path, sizeof path), 0);
	uint64_t b[6] = { (uint64_t)(int64_t)AT_FDCWD, BUF + 2048, BUF, 0 };
	cr_assert_eq(sys_newfstatat(&proc, b), 0);
	cr_assert_eq(field(48, 8), 11);
	unlink(path);
	uint64_t c[6] = { BUF + 2048, BUF };
	cr_assert_eq(sys_lstat(&proc, c), -ENOENT);
	close(fd);
}

Test(x86_64_stat, statx_handler_writes_the_fixed_layout)
{
	char path[] = "/tmp/profemu-statx-XXXXXX";
	int fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	cr_assert_eq(write(fd, "0123456789abcdef!", 17), 17);
	cr_assert_eq(gm_write(&proc.mem, BUF + 2048, path, sizeof path), 0);
	uint64_t a[6] = { (uint64_t)(int64_t)AT_FDCWD, BUF + 2048, 0, STATX_BASIC_STATS, BUF };
	int64_t r = sys_statx(&proc, a);
	unlink(path);
	close(fd);
	if (r == -ENOSYS)
		cr_skip_test("host has no statx");
	cr_assert_eq(r, 0);
	cr_assert_eq(field(0, 4) & STATX_SIZE, STATX_SIZE, "stx_mask");
	cr_assert_eq(field(20, 4), getuid(), "stx_uid");
	cr_assert_eq(field(28, 2) & S_IFMT, S_IFREG, "stx_mode");
	cr_assert_eq(field(40, 8), 17, "stx_size");
	cr_assert_eq(field(256, 1), 0xee, "nothing written past the 256 bytes");
}

Test(x86_64_stat, statx_in_big_endian_guest_order)
{
	/* The future hppa guest: the same struct, every field byte-swapped. */
	gm_destroy(&proc.mem);
	gm_init(&proc.mem, 4096, 1ull << 32, true, 4);
	cr_assert_eq(gm_map(&proc.mem, BUF, 4096, GM_PROT_READ | GM_PROT_WRITE), 0);
	char path[] = "/tmp/profemu-statx-XXXXXX";
	int fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	cr_assert_eq(write(fd, "abc", 3), 3);
	uint64_t a[6] = { (uint64_t)fd, 0, AT_EMPTY_PATH, STATX_BASIC_STATS, BUF };
	int64_t r = sys_statx(&proc, a);
	unlink(path);
	close(fd);
	if (r == -ENOSYS)
		cr_skip_test("host has no statx");
	cr_assert_eq(r, 0);
	uint8_t size[8], mode[2];
	cr_assert_eq(gm_read(&proc.mem, BUF + 40, size, 8), 0);
	cr_assert_eq(gm_read(&proc.mem, BUF + 28, mode, 2), 0);
	cr_assert_eq(size[7], 3, "stx_size big-endian");
	cr_assert_eq(size[0], 0);
	cr_assert_eq((mode[0] << 8 | mode[1]) & S_IFMT, S_IFREG, "stx_mode big-endian");
}

/* ---- i386 ------------------------------------------------------------------------------------ */

TestSuite(i386_stat, .init = setup_i386, .fini = teardown);

Test(i386_stat, stat64_every_field_at_its_packed_offset)
{
	struct stat st = sample();
	st.st_ino = 0x123456789abcULL;	/* the full number is only at 88 */
	st.st_size = 0x1122334455LL;
	cr_assert_eq(i386_put_stat(&proc, BUF, &st, STAT_64), 0);
	cr_assert_eq(field(0, 8), 0x0801, "st_dev");
	cr_assert_eq(field(8, 4), 0, "__pad0");
	cr_assert_eq(field(12, 4), 0x56789abc, "__st_ino: the low 32 bits");
	cr_assert_eq(field(16, 4), S_IFREG | 0644, "st_mode");
	cr_assert_eq(field(20, 4), 3, "st_nlink");
	cr_assert_eq(field(24, 4), 1000, "st_uid");
	cr_assert_eq(field(28, 4), 100, "st_gid");
	cr_assert_eq(field(32, 8), 0x0503, "st_rdev");
	cr_assert_eq(field(40, 4), 0, "__pad3");
	cr_assert_eq(field(44, 8), 0x1122334455ULL, "st_size at 44, not 8-aligned");
	cr_assert_eq(field(52, 4), 4096, "st_blksize");
	cr_assert_eq(field(56, 8), 0x3b2a, "st_blocks");
	cr_assert_eq(field(64, 4), 1700000001, "st_atime");
	cr_assert_eq(field(68, 4), 111, "st_atime_nsec");
	cr_assert_eq(field(72, 4), 1700000002, "st_mtime");
	cr_assert_eq(field(76, 4), 222, "st_mtime_nsec");
	cr_assert_eq(field(80, 4), 1700000003, "st_ctime");
	cr_assert_eq(field(84, 4), 333, "st_ctime_nsec");
	cr_assert_eq(field(88, 8), 0x123456789abcULL, "st_ino");
	cr_assert_eq(field(96, 1), 0xee, "nothing written past the 96 bytes");
}

Test(i386_stat, old_stat_every_field_at_its_offset)
{
	struct stat st = sample();
	cr_assert_eq(i386_put_stat(&proc, BUF, &st, STAT_NATIVE), 0);
	cr_assert_eq(field(0, 4), 0x0801, "st_dev");
	cr_assert_eq(field(4, 4), 0x12345678, "st_ino");
	cr_assert_eq(field(8, 2), S_IFREG | 0644, "st_mode");
	cr_assert_eq(field(10, 2), 3, "st_nlink");
	cr_assert_eq(field(12, 2), 1000, "st_uid");
	cr_assert_eq(field(14, 2), 100, "st_gid");
	cr_assert_eq(field(16, 4), 0x0503, "st_rdev");
	cr_assert_eq(field(20, 4), 0x7654321, "st_size");
	cr_assert_eq(field(24, 4), 4096, "st_blksize");
	cr_assert_eq(field(28, 4), 0x3b2a, "st_blocks");
	cr_assert_eq(field(32, 4), 1700000001, "st_atime");
	cr_assert_eq(field(36, 4), 111, "st_atime_nsec");
	cr_assert_eq(field(40, 4), 1700000002, "st_mtime");
	cr_assert_eq(field(44, 4), 222, "st_mtime_nsec");
	cr_assert_eq(field(48, 4), 1700000003, "st_ctime");
	cr_assert_eq(field(52, 4), 333, "st_ctime_nsec");
	cr_assert_eq(field(56, 8), 0, "__unused4, __unused5");
	cr_assert_eq(field(64, 1), 0xee, "nothing written past the 64 bytes");
}

Test(i386_stat, old_stat_refuses_what_it_cannot_hold)
{
	struct stat st = sample();
	st.st_size = 0x80000000LL;
	cr_assert_eq(i386_put_stat(&proc, BUF, &st, STAT_NATIVE), -EOVERFLOW, "2 GiB file");
	cr_assert_eq(field(0, 1), 0xee, "nothing written on EOVERFLOW");
	cr_assert_eq(i386_put_stat(&proc, BUF, &st, STAT_64), 0, "stat64 holds it");
	cr_assert_eq(field(44, 8), 0x80000000ULL);

	st = sample();
	st.st_ino = 0x100000000ULL;
	cr_assert_eq(i386_put_stat(&proc, BUF, &st, STAT_NATIVE), -EOVERFLOW, "64-bit inode");

	st = sample();
	st.st_nlink = 70000;
	cr_assert_eq(i386_put_stat(&proc, BUF, &st, STAT_NATIVE), -EOVERFLOW, "nlink > u16");
}

Test(i386_stat, old_stat_shows_big_ids_as_the_overflow_id)
{
	struct stat st = sample();
	st.st_uid = 100000;
	st.st_gid = 65536;
	cr_assert_eq(i386_put_stat(&proc, BUF, &st, STAT_NATIVE), 0);
	cr_assert_eq(field(12, 2), 65534, "uid");
	cr_assert_eq(field(14, 2), 65534, "gid");
	cr_assert_eq(i386_put_stat(&proc, BUF, &st, STAT_64), 0);
	cr_assert_eq(field(24, 4), 100000, "stat64 has 32-bit ids");
}

Test(i386_stat, bad_destination_is_efault)
{
	struct stat st = sample();
	cr_assert_eq(i386_put_stat(&proc, 0x50000, &st, STAT_64), -EFAULT);
	cr_assert_eq(i386_put_stat(&proc, RO_PAGE, &st, STAT_NATIVE), -EFAULT);
}

Test(i386_stat, big_endian_guest_gets_big_endian_fields)
{
	gm_destroy(&proc.mem);
	gm_init(&proc.mem, 4096, 1ull << 32, true, 4);
	cr_assert_eq(gm_map(&proc.mem, BUF, 4096, GM_PROT_READ | GM_PROT_WRITE), 0);
	struct stat st = sample();
	cr_assert_eq(i386_put_stat(&proc, BUF, &st, STAT_64), 0);
	uint8_t b[8];
	cr_assert_eq(gm_read(&proc.mem, BUF + 44, b, 8), 0);
	cr_assert_eq(memcmp(b, "\0\0\0\0\x07\x65\x43\x21", 8), 0, "st_size most significant first");
	cr_assert_eq(field(44, 8), 0x7654321, "and gm_get reads it back in guest order");
}

Test(i386_stat, stat64_handlers_report_the_file)
{
	char path[] = "/tmp/profemu-stat64-XXXXXX";
	int fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	cr_assert_eq(write(fd, "12345", 5), 5);
	cr_assert_eq(gm_write(&proc.mem, BUF + 2048, path, sizeof path), 0);

	uint64_t a[6] = { BUF + 2048, BUF };
	cr_assert_eq(sys_stat64(&proc, a), 0);
	cr_assert_eq(field(44, 8), 5, "stat64 st_size");
	struct stat host;
	cr_assert_eq(stat(path, &host), 0);
	cr_assert_eq(field(88, 8), (uint64_t)host.st_ino, "st_ino");

	uint64_t b[6] = { (uint64_t)fd, BUF };
	cr_assert_eq(sys_fstat64(&proc, b), 0);
	cr_assert_eq(field(44, 8), 5);

	/* fstatat64 with the i386 AT_FDCWD: -100 arrives zero-extended from a 32-bit register. */
	uint64_t c[6] = { 0xffffff9c, BUF + 2048, BUF, 0 };
	cr_assert_eq(sys_fstatat64(&proc, c), 0);
	cr_assert_eq(field(44, 8), 5);

	uint64_t d[6] = { BUF + 2048, RO_PAGE };
	cr_assert_eq(sys_stat(&proc, d), -EFAULT);
	unlink(path);
	close(fd);
}
