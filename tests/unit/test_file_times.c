/* The 32-bit ABIs' 64-bit forms of the file calls, called directly on a minimal big-endian
 * 32-bit process (hppa's shape): utimensat_time64's two 64-bit fields per time, sendfile64's
 * 64-bit offset, and fallocate's offsets in two registers high word first (hppa) or low word
 * first (i386). Files live in a fresh temporary directory. */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "syscall_testutil.h"
#include "syscalls/hppa/abi.h"

#define PAGE 0x10000ull
#define PATHS (PAGE + 0x800)

static char dir[64];

static void setup(struct process *p)
{
	memset(p, 0, sizeof(*p));
	gm_init(&p->mem, 4096, 1ull << 32, true, 4);
	cr_assert_eq(gm_map(&p->mem, PAGE, 4096, GM_PROT_READ | GM_PROT_WRITE), 0);
	p->arch = CPU_ARCH_HPPA;
	p->abi = &sys_abi_hppa;
	snprintf(dir, sizeof dir, "/tmp/profemu-ft-XXXXXX");
	cr_assert_not_null(mkdtemp(dir));
}

static void teardown(struct process *p)
{
	char cmd[96];
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	cr_assert_eq(system(cmd), 0);
	gm_destroy(&p->mem);
}

/* A file of n bytes in dir; its path also written into guest memory at PATHS. */
static int make_file(struct process *p, const char *name, size_t n)
{
	char path[128];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	int fd = open(path, O_CREAT | O_RDWR | O_TRUNC, 0644);
	cr_assert_geq(fd, 0);
	for (size_t i = 0; i < n; i++)
		cr_assert_eq(write(fd, "abcdefghij" + i % 10, 1), 1);
	cr_assert_eq(gm_write(&p->mem, PATHS, path, strlen(path) + 1), 0);
	return fd;
}

Test(utimensat_time64, two_64_bit_fields_per_time_on_a_32_bit_abi)
{
	struct process p;
	setup(&p);
	int fd = make_file(&p, "t", 0);
	put(&p, PAGE, 8, 0x100000000ull);	/* atime: 2^32 s, past 2106 */
	put(&p, PAGE + 8, 8, 7);
	put(&p, PAGE + 16, 8, 1234567890);
	put(&p, PAGE + 24, 8, 999999999);
	cr_assert_eq(CALL(utimensat_time64, &p, (uint64_t)AT_FDCWD, PATHS, PAGE, 0, 0, 0), 0);
	struct stat st;
	cr_assert_eq(fstat(fd, &st), 0);
	cr_assert_eq(st.st_atim.tv_sec, 0x100000000ll);
	cr_assert_eq(st.st_atim.tv_nsec, 7);
	cr_assert_eq(st.st_mtim.tv_sec, 1234567890);
	cr_assert_eq(st.st_mtim.tv_nsec, 999999999);
	/* native utimensat on this ABI: 32-bit fields */
	put(&p, PAGE, 4, 5);
	put(&p, PAGE + 4, 4, 6);
	put(&p, PAGE + 8, 4, 7);
	put(&p, PAGE + 12, 4, 8);
	cr_assert_eq(CALL(utimensat, &p, (uint64_t)AT_FDCWD, PATHS, PAGE, 0, 0, 0), 0);
	cr_assert_eq(fstat(fd, &st), 0);
	cr_assert_eq(st.st_atim.tv_sec, 5);
	cr_assert_eq(st.st_mtim.tv_nsec, 8);
	close(fd);
	teardown(&p);
}

Test(sendfile64, the_offset_is_64_bits_and_written_back)
{
	struct process p;
	setup(&p);
	int in = make_file(&p, "in", 20);
	int out = make_file(&p, "out", 0);
	put(&p, PAGE, 8, 4);
	cr_assert_eq(CALL(sendfile64, &p, (uint64_t)out, (uint64_t)in, PAGE, 6, 0, 0), 6);
	cr_assert_eq(get(&p, PAGE, 8), 10, "the offset moved by the count");
	char buf[8] = "";
	cr_assert_eq(pread(out, buf, sizeof buf, 0), 6);
	cr_assert_eq(memcmp(buf, "efghij", 6), 0);
	put(&p, PAGE, 4, 2);	/* sendfile: the ABI's 32-bit off_t */
	cr_assert_eq(CALL(sendfile, &p, (uint64_t)out, (uint64_t)in, PAGE, 3, 0, 0), 3);
	cr_assert_eq(get(&p, PAGE, 4), 5);
	cr_assert_eq(CALL(sendfile64, &p, (uint64_t)out, (uint64_t)in, 0x90000, 1, 0, 0), -EFAULT);
	close(in);
	close(out);
	teardown(&p);
}

Test(fallocate, offset_words_in_each_32_bit_order)
{
	struct process p;
	setup(&p);
	int fd = make_file(&p, "a", 0);
	/* hppa: offset high, low, length high, low */
	const uint64_t hp[6] = { (uint64_t)fd, 0, 0, 0, 0, 8192 };
	int64_t r = hppa_fallocate(&p, hp);
	if (r == -EOPNOTSUPP) {
		close(fd);
		teardown(&p);
		cr_skip_test("this file system has no fallocate");
	}
	cr_assert_eq(r, 0);
	struct stat st;
	cr_assert_eq(fstat(fd, &st), 0);
	cr_assert_eq(st.st_size, 8192);
	/* i386: offset low, high, length low, high */
	const uint64_t i3[6] = { (uint64_t)fd, 0, 8192, 0, 4096, 0 };
	cr_assert_eq(sys_fallocate_lo_hi(&p, i3), 0);
	cr_assert_eq(fstat(fd, &st), 0);
	cr_assert_eq(st.st_size, 12288);
	close(fd);
	teardown(&p);
}
