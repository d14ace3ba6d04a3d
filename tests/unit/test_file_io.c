/* File I/O handlers as a guest relies on them: data moves between host fds and guest memory
 * even when a buffer spans regions, bad buffers give EFAULT or a short count (never a host
 * crash), 64-bit offsets split over i386 registers arrive whole, and the structs fcntl, ioctl
 * and getdents64 exchange are in the guest's layout. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

#include "syscalls/handlers.h"
#include "syscalls/path.h"

/* Two adjacent regions (different protections keep them apart) and a read-only page. */
enum { BUF = 0x10000, BUF2 = 0x11000, END = 0x12000, RO_PAGE = 0x20000 };

static struct process proc;
static char tmpfile_path[64];

static void setup_process(enum cpu_arch arch, unsigned word_size)
{
	memset(&proc, 0, sizeof proc);
	proc.arch = arch;
	proc.abi = word_size == 8 ? &sys_abi_x86_64 : &sys_abi_i386;
	proc.cfg.sysroot = "/";
	gm_init(&proc.mem, 4096, word_size == 8 ? 1ull << 47 : 1ull << 32, false, word_size);
	cr_assert_eq(gm_map(&proc.mem, BUF, 4096, GM_PROT_READ | GM_PROT_WRITE), 0);
	cr_assert_eq(gm_map(&proc.mem, BUF2, 4096, GM_PROT_READ | GM_PROT_WRITE | GM_PROT_EXEC), 0);
	cr_assert_eq(gm_map(&proc.mem, RO_PAGE, 4096, GM_PROT_READ), 0);
	cr_assert_eq(gm_region_count(&proc.mem), 3, "BUF and BUF2 are separate regions");
	strcpy(tmpfile_path, "/tmp/profemu-io-XXXXXX");
	int fd = mkstemp(tmpfile_path);
	cr_assert_geq(fd, 0);
	close(fd);
}

static void setup_x86_64(void) { setup_process(CPU_ARCH_X86_64, 8); }
static void setup_i386(void) { setup_process(CPU_ARCH_I386, 4); }

static void teardown(void)
{
	gm_destroy(&proc.mem);
	unlink(tmpfile_path);
}

static int open_tmp(int flags)
{
	int fd = open(tmpfile_path, flags);
	cr_assert_geq(fd, 0);
	return fd;
}

static uint64_t get(uint64_t addr, unsigned width)
{
	uint64_t v;
	cr_assert_eq(gm_get(&proc.mem, addr, width, &v), 0);
	return v;
}

/* ---- read / write ---------------------------------------------------------------------------- */

TestSuite(io64, .init = setup_x86_64, .fini = teardown);

Test(io64, write_and_read_across_two_regions)
{
	int fds[2];
	cr_assert_eq(pipe(fds), 0);
	cr_assert_eq(gm_write(&proc.mem, BUF2 - 4, "ABCDEFGH", 8), 0);
	uint64_t w[6] = { (uint64_t)fds[1], BUF2 - 4, 8 };
	cr_assert_eq(sys_write(&proc, w), 8);
	char got[9] = { 0 };
	cr_assert_eq(read(fds[0], got, 8), 8);
	cr_assert_str_eq(got, "ABCDEFGH");

	cr_assert_eq(write(fds[1], "12345678", 8), 8);
	uint64_t r[6] = { (uint64_t)fds[0], BUF2 - 3, 8 };
	cr_assert_eq(sys_read(&proc, r), 8);
	cr_assert_eq(gm_read(&proc.mem, BUF2 - 3, got, 8), 0);
	cr_assert_str_eq(got, "12345678");
	close(fds[0]);
	close(fds[1]);
}

Test(io64, buffer_running_into_unmapped_memory_gives_a_short_count)
{
	int fd = open_tmp(O_RDWR);
	char data[64];
	memset(data, 'z', sizeof data);
	cr_assert_eq(write(fd, data, sizeof data), 64);
	cr_assert_eq(lseek(fd, 0, SEEK_SET), 0);
	uint64_t r[6] = { (uint64_t)fd, END - 10, 64 };
	cr_assert_eq(sys_read(&proc, r), 10, "only the mapped prefix is filled");
	uint64_t r2[6] = { (uint64_t)fd, END, 64 };
	cr_assert_eq(sys_read(&proc, r2), -EFAULT, "nothing usable");
	uint64_t r3[6] = { (uint64_t)fd, RO_PAGE, 4 };
	cr_assert_eq(sys_read(&proc, r3), -EFAULT, "reading into a read-only page");
	uint64_t w[6] = { (uint64_t)fd, 0x50000, 4 };
	cr_assert_eq(sys_write(&proc, w), -EFAULT);
	uint64_t z[6] = { (uint64_t)fd, 0, 0 };
	cr_assert_eq(sys_read(&proc, z), 0, "a zero-length read needs no buffer");
	uint64_t bad[6] = { 999, BUF, 4 };
	cr_assert_eq(sys_read(&proc, bad), -EBADF);
	close(fd);
}

Test(io64, readv_writev_with_guest_iovecs)
{
	int fd = open_tmp(O_RDWR);
	/* iovec[2] at BUF: {BUF+0x100, 3}, {BUF2-2, 4} (the second spans both regions) */
	cr_assert_eq(gm_write(&proc.mem, BUF + 0x100, "abc", 3), 0);
	cr_assert_eq(gm_write(&proc.mem, BUF2 - 2, "defg", 4), 0);
	cr_assert_eq(gm_put(&proc.mem, BUF + 0, 8, BUF + 0x100), 0);
	cr_assert_eq(gm_put(&proc.mem, BUF + 8, 8, 3), 0);
	cr_assert_eq(gm_put(&proc.mem, BUF + 16, 8, BUF2 - 2), 0);
	cr_assert_eq(gm_put(&proc.mem, BUF + 24, 8, 4), 0);
	uint64_t w[6] = { (uint64_t)fd, BUF, 2 };
	cr_assert_eq(sys_writev(&proc, w), 7);
	char got[8] = { 0 };
	cr_assert_eq(pread(fd, got, 7, 0), 7);
	cr_assert_str_eq(got, "abcdefg");

	cr_assert_eq(pwrite(fd, "ABCDEFG", 7, 0), 7);
	cr_assert_eq(lseek(fd, 0, SEEK_SET), 0);
	uint64_t r[6] = { (uint64_t)fd, BUF, 2 };
	cr_assert_eq(sys_readv(&proc, r), 7);
	cr_assert_eq(gm_read(&proc.mem, BUF2 - 2, got, 4), 0);
	cr_assert_eq(memcmp(got, "DEFG", 4), 0);

	uint64_t many[6] = { (uint64_t)fd, BUF, 1025 };
	cr_assert_eq(sys_readv(&proc, many), -EINVAL, "more than UIO_MAXIOV");
	cr_assert_eq(gm_put(&proc.mem, BUF + 8, 8, (uint64_t)-1), 0);
	cr_assert_eq(sys_readv(&proc, r), -EINVAL, "a negative length");
	uint64_t badvec[6] = { (uint64_t)fd, 0x50000, 1 };
	cr_assert_eq(sys_readv(&proc, badvec), -EFAULT);
	close(fd);
}

Test(io64, pread_pwrite_and_lseek)
{
	int fd = open_tmp(O_RDWR);
	cr_assert_eq(gm_write(&proc.mem, BUF, "xyz", 3), 0);
	uint64_t w[6] = { (uint64_t)fd, BUF, 3, 1000 };
	cr_assert_eq(sys_pwrite64(&proc, w), 3);
	cr_assert_eq(lseek(fd, 0, SEEK_CUR), 0, "positional: the file offset did not move");
	uint64_t r[6] = { (uint64_t)fd, BUF + 100, 3, 1000 };
	cr_assert_eq(sys_pread64(&proc, r), 3);
	char got[4] = { 0 };
	cr_assert_eq(gm_read(&proc.mem, BUF + 100, got, 3), 0);
	cr_assert_str_eq(got, "xyz");
	uint64_t neg[6] = { (uint64_t)fd, BUF, 3, (uint64_t)-1 };
	cr_assert_eq(sys_pread64(&proc, neg), -EINVAL);

	uint64_t s[6] = { (uint64_t)fd, (uint64_t)-3, SEEK_END };
	cr_assert_eq(sys_lseek(&proc, s), 1000);
	uint64_t big[6] = { (uint64_t)fd, 5ull << 30, SEEK_SET };
	cr_assert_eq(sys_lseek(&proc, big), 5ll << 30, "x86-64 offsets are 64-bit");
	close(fd);
}

Test(io64, open_flags_round_trip_through_fcntl)
{
	int fd = open_tmp(O_RDWR | O_APPEND);
	uint64_t getfl[6] = { (uint64_t)fd, 3 };
	int64_t fl = sys_fcntl(&proc, getfl);
	cr_assert_geq(fl, 0);
	cr_assert_eq(fl & 03, 02, "O_RDWR");
	cr_assert_eq(fl & 02000, 02000, "O_APPEND");
	uint64_t setfl[6] = { (uint64_t)fd, 4, 04000 | 02000 };
	cr_assert_eq(sys_fcntl(&proc, setfl), 0);
	cr_assert_eq(fcntl(fd, F_GETFL) & O_NONBLOCK, O_NONBLOCK);

	uint64_t setfd[6] = { (uint64_t)fd, 2, 1 };
	cr_assert_eq(sys_fcntl(&proc, setfd), 0);
	uint64_t getfd[6] = { (uint64_t)fd, 1 };
	cr_assert_eq(sys_fcntl(&proc, getfd), 1, "FD_CLOEXEC");
	uint64_t dupfd[6] = { (uint64_t)fd, 1030, 100 };
	int64_t d = sys_fcntl(&proc, dupfd);
	cr_assert_geq(d, 100, "F_DUPFD_CLOEXEC: lowest fd at or above 100");
	cr_assert_eq(fcntl((int)d, F_GETFD), FD_CLOEXEC);
	close((int)d);
	uint64_t unknown[6] = { (uint64_t)fd, 999 };
	cr_assert_eq(sys_fcntl(&proc, unknown), -EINVAL);
	uint64_t gl64[6] = { (uint64_t)fd, 12, BUF };
	cr_assert_eq(sys_fcntl(&proc, gl64), -EINVAL, "F_GETLK64 does not exist on x86-64");
	close(fd);
}

/* A write lock on [100, 200) held through another open file description, so F_GETLK on ours
 * reports it (l_pid -1 for an OFD lock). */
static int hold_ofd_lock(void)
{
	int other = open_tmp(O_RDWR);
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = 100, .l_len = 100 };
	cr_assert_eq(fcntl(other, F_OFD_SETLK, &fl), 0);
	return other;
}

Test(io64, lock_query_in_the_x86_64_flock_layout)
{
	int other = hold_ofd_lock();
	int fd = open_tmp(O_RDWR);
	uint8_t zero[32] = { 0 };
	cr_assert_eq(gm_write(&proc.mem, BUF, zero, 32), 0);
	cr_assert_eq(gm_put(&proc.mem, BUF + 0, 2, F_WRLCK), 0);
	cr_assert_eq(gm_put(&proc.mem, BUF + 2, 2, SEEK_SET), 0);
	uint64_t a[6] = { (uint64_t)fd, 36 /* F_OFD_GETLK */, BUF };
	cr_assert_eq(sys_fcntl(&proc, a), 0);
	cr_assert_eq(get(BUF + 0, 2), F_WRLCK);
	cr_assert_eq(get(BUF + 8, 8), 100, "l_start");
	cr_assert_eq(get(BUF + 16, 8), 100, "l_len");
	cr_assert_eq((int32_t)get(BUF + 24, 4), -1, "l_pid of an OFD lock");

	/* F_SETLK on the held range fails as the host says. */
	uint64_t b[6] = { (uint64_t)fd, 6 /* F_SETLK */, BUF };
	cr_assert_eq(gm_put(&proc.mem, BUF + 8, 8, 150), 0);
	cr_assert_eq(gm_put(&proc.mem, BUF + 16, 8, 1), 0);
	int64_t r = sys_fcntl(&proc, b);
	cr_assert(r == -EAGAIN || r == -EACCES);
	close(fd);
	close(other);
}

/* ---- ioctl --------------------------------------------------------------------------------- */

Test(io64, terminal_ioctls_on_a_pipe_say_not_a_tty)
{
	int fds[2];
	cr_assert_eq(pipe(fds), 0);
	uint64_t a[6] = { (uint64_t)fds[0], 0x5401 /* TCGETS */, BUF };
	cr_assert_eq(sys_ioctl(&proc, a), -ENOTTY);
	uint64_t b[6] = { (uint64_t)fds[0], 0x5413 /* TIOCGWINSZ */, BUF };
	cr_assert_eq(sys_ioctl(&proc, b), -ENOTTY);
	uint64_t c[6] = { (uint64_t)fds[0], 0x12345678, BUF };
	cr_assert_eq(sys_ioctl(&proc, c), -ENOTTY, "unknown requests");

	cr_assert_eq(write(fds[1], "hello", 5), 5);
	uint64_t d[6] = { (uint64_t)fds[0], 0x541b /* FIONREAD */, BUF };
	cr_assert_eq(sys_ioctl(&proc, d), 0);
	cr_assert_eq(get(BUF, 4), 5);
	uint64_t e[6] = { (uint64_t)fds[0], 0x541b, RO_PAGE };
	cr_assert_eq(sys_ioctl(&proc, e), -EFAULT);
	close(fds[0]);
	close(fds[1]);
}

Test(io64, terminal_ioctls_on_a_pty)
{
	int master = posix_openpt(O_RDWR | O_NOCTTY);
	if (master < 0 || grantpt(master) < 0 || unlockpt(master) < 0)
		cr_skip_test("no pseudo-terminals here");
	int tty = open(ptsname(master), O_RDWR | O_NOCTTY);
	cr_assert_geq(tty, 0);
	struct winsize ws = { .ws_row = 24, .ws_col = 80, .ws_xpixel = 1, .ws_ypixel = 2 };
	cr_assert_eq(ioctl(tty, TIOCSWINSZ, &ws), 0);

	uint64_t a[6] = { (uint64_t)tty, 0x5413 /* TIOCGWINSZ */, BUF };
	cr_assert_eq(sys_ioctl(&proc, a), 0);
	cr_assert_eq(get(BUF + 0, 2), 24);
	cr_assert_eq(get(BUF + 2, 2), 80);
	cr_assert_eq(get(BUF + 4, 2), 1);
	cr_assert_eq(get(BUF + 6, 2), 2);

	struct termios t;
	cr_assert_eq(tcgetattr(tty, &t), 0);
	uint8_t fill[40];
	memset(fill, 0xee, sizeof fill);
	cr_assert_eq(gm_write(&proc.mem, BUF, fill, sizeof fill), 0);
	uint64_t b[6] = { (uint64_t)tty, 0x5401 /* TCGETS */, BUF };
	cr_assert_eq(sys_ioctl(&proc, b), 0);
	cr_assert_eq(get(BUF + 0, 4), t.c_iflag);
	cr_assert_eq(get(BUF + 4, 4), t.c_oflag);
	cr_assert_eq(get(BUF + 8, 4), t.c_cflag);
	cr_assert_eq(get(BUF + 12, 4), t.c_lflag);
	cr_assert_eq(get(BUF + 16, 1), t.c_line);
	cr_assert_eq(get(BUF + 17 + VINTR, 1), t.c_cc[VINTR]);
	cr_assert_eq(get(BUF + 17 + VMIN, 1), t.c_cc[VMIN]);
	cr_assert_eq(get(BUF + 36, 1), 0xee, "36 bytes, no more");

	/* TCSETS: the guest turns echo off. */
	cr_assert_eq(gm_put(&proc.mem, BUF + 12, 4, t.c_lflag & ~(uint32_t)ECHO), 0);
	uint64_t c[6] = { (uint64_t)tty, 0x5402 /* TCSETS */, BUF };
	cr_assert_eq(sys_ioctl(&proc, c), 0);
	cr_assert_eq(tcgetattr(tty, &t), 0);
	cr_assert_eq(t.c_lflag & ECHO, 0);
	close(tty);
	close(master);
}

/* ---- pipes, dup ------------------------------------------------------------------------------ */

Test(io64, pipe2_stores_two_guest_ints)
{
	uint64_t a[6] = { BUF, 02000000 /* O_CLOEXEC */ };
	cr_assert_eq(sys_pipe2(&proc, a), 0);
	int rd = (int)get(BUF, 4), wr = (int)get(BUF + 4, 4);
	cr_assert_eq(fcntl(rd, F_GETFD), FD_CLOEXEC);
	cr_assert_eq(write(wr, "p", 1), 1);
	char c;
	cr_assert_eq(read(rd, &c, 1), 1);
	cr_assert_eq(c, 'p');
	close(rd);
	close(wr);

	uint64_t b[6] = { RO_PAGE };
	cr_assert_eq(sys_pipe(&proc, b), -EFAULT);
	uint64_t d[6] = { (uint64_t)open_tmp(O_RDONLY), 77, 02000000 };
	cr_assert_eq(sys_dup3(&proc, d), 77);
	cr_assert_eq(fcntl(77, F_GETFD), FD_CLOEXEC);
	uint64_t cl[6] = { 77 };
	cr_assert_eq(sys_close(&proc, cl), 0);
	cr_assert_eq(sys_close(&proc, cl), -EBADF);
	close((int)d[0]);
}

/* ---- getdents64 ------------------------------------------------------------------------------ */

Test(io64, getdents64_lists_the_directory_in_the_kernel_layout)
{
	char dir[] = "/tmp/profemu-dir-XXXXXX";
	cr_assert_not_null(mkdtemp(dir));
	char f[128];
	snprintf(f, sizeof f, "%s/alpha", dir);
	close(open(f, O_CREAT | O_WRONLY, 0644));
	snprintf(f, sizeof f, "%s/beta", dir);
	cr_assert_eq(mkdir(f, 0755), 0);
	int fd = open(dir, O_RDONLY | O_DIRECTORY);

	uint64_t a[6] = { (uint64_t)fd, BUF, 8192 };	/* spans BUF and BUF2 */
	int64_t n = sys_getdents64(&proc, a);
	cr_assert_gt(n, 0);
	bool alpha = false, beta = false;
	for (int64_t off = 0; off < n;) {
		uint64_t reclen = get(BUF + (uint64_t)off + 16, 2);
		uint64_t type = get(BUF + (uint64_t)off + 18, 1);
		char name[64] = { 0 };
		cr_assert_eq(gm_read(&proc.mem, BUF + (uint64_t)off + 19, name, 16), 0);
		cr_assert_neq(get(BUF + (uint64_t)off, 8), 0, "d_ino");
		if (strcmp(name, "alpha") == 0)
			alpha = type == DT_REG;
		if (strcmp(name, "beta") == 0)
			beta = type == DT_DIR;
		cr_assert_gt(reclen, 0);
		off += (int64_t)reclen;
	}
	cr_assert(alpha && beta, "both entries, with their types");
	cr_assert_eq(sys_getdents64(&proc, a), 0, "end of directory");

	lseek(fd, 0, SEEK_SET);
	uint64_t bad[6] = { (uint64_t)fd, RO_PAGE, 4096 };
	cr_assert_eq(sys_getdents64(&proc, bad), -EFAULT);
	close(fd);
	snprintf(f, sizeof f, "rm -rf '%s'", dir);
	cr_assert_eq(system(f), 0);
}

/* ---- i386 ------------------------------------------------------------------------------------ */

TestSuite(io32, .init = setup_i386, .fini = teardown);

Test(io32, split_offsets_arrive_whole)
{
	int fd = open_tmp(O_RDWR);
	cr_assert_eq(gm_write(&proc.mem, BUF, "far", 3), 0);
	/* pwrite64(fd, buf, 3, lo, hi) at 5 GiB + 7 */
	uint64_t off = (5ull << 30) + 7;
	uint64_t w[6] = { (uint64_t)fd, BUF, 3, off & 0xffffffff, off >> 32 };
	cr_assert_eq(sys_pwrite64_lo_hi(&proc, w), 3);
	struct stat st;
	cr_assert_eq(fstat(fd, &st), 0);
	cr_assert_eq((uint64_t)st.st_size, off + 3);
	uint64_t r[6] = { (uint64_t)fd, BUF + 8, 3, off & 0xffffffff, off >> 32 };
	cr_assert_eq(sys_pread64_lo_hi(&proc, r), 3);
	char got[4] = { 0 };
	cr_assert_eq(gm_read(&proc.mem, BUF + 8, got, 3), 0);
	cr_assert_str_eq(got, "far");

	/* _llseek(fd, hi, lo, &result, SEEK_SET) writes a 64-bit result */
	uint64_t s[6] = { (uint64_t)fd, off >> 32, off & 0xffffffff, BUF + 16, SEEK_SET };
	cr_assert_eq(sys_llseek(&proc, s), 0);
	cr_assert_eq(get(BUF + 16, 8), off);

	/* plain lseek cannot report it */
	uint64_t l[6] = { (uint64_t)fd, 0, SEEK_END };
	cr_assert_eq(sys_lseek(&proc, l), -EOVERFLOW);
	/* and its 32-bit offset is signed: -3 from the end of a small file */
	uint64_t t[6] = { (uint64_t)fd, 10, 0 };
	cr_assert_eq(sys_ftruncate64_lo_hi(&proc, t), 0);
	uint64_t back[6] = { (uint64_t)fd, 0xfffffffd, SEEK_END };
	cr_assert_eq(sys_lseek(&proc, back), 7);

	uint64_t ft[6] = { (uint64_t)fd, off & 0xffffffff, off >> 32 };
	cr_assert_eq(sys_ftruncate64_lo_hi(&proc, ft), 0);
	cr_assert_eq(fstat(fd, &st), 0);
	cr_assert_eq((uint64_t)st.st_size, off);
	close(fd);
}

Test(io32, iovecs_of_32_bit_words)
{
	int fd = open_tmp(O_RDWR);
	cr_assert_eq(gm_write(&proc.mem, BUF + 0x100, "one", 3), 0);
	cr_assert_eq(gm_write(&proc.mem, BUF + 0x200, "two", 3), 0);
	cr_assert_eq(gm_put(&proc.mem, BUF + 0, 4, BUF + 0x100), 0);
	cr_assert_eq(gm_put(&proc.mem, BUF + 4, 4, 3), 0);
	cr_assert_eq(gm_put(&proc.mem, BUF + 8, 4, BUF + 0x200), 0);
	cr_assert_eq(gm_put(&proc.mem, BUF + 12, 4, 3), 0);
	uint64_t w[6] = { (uint64_t)fd, BUF, 2 };
	cr_assert_eq(sys_writev(&proc, w), 6);
	char got[7] = { 0 };
	cr_assert_eq(pread(fd, got, 6, 0), 6);
	cr_assert_str_eq(got, "onetwo");
	cr_assert_eq(gm_put(&proc.mem, BUF + 4, 4, 0x80000000u), 0);
	cr_assert_eq(sys_writev(&proc, w), -EINVAL, "negative as a 32-bit ssize_t");
	close(fd);
}

Test(io32, lock_query_in_the_i386_flock_layouts)
{
	int other = hold_ofd_lock();
	int fd = open_tmp(O_RDWR);

	/* struct flock (F_GETLK = 5): 32-bit l_start @4, l_len @8, l_pid @12 */
	uint8_t zero[32] = { 0 };
	cr_assert_eq(gm_write(&proc.mem, BUF, zero, 32), 0);
	cr_assert_eq(gm_put(&proc.mem, BUF, 2, F_WRLCK), 0);
	uint64_t a[6] = { (uint64_t)fd, 5, BUF };
	cr_assert_eq(sys_fcntl(&proc, a), 0);
	cr_assert_eq(get(BUF + 0, 2), F_WRLCK);
	cr_assert_eq(get(BUF + 4, 4), 100, "l_start");
	cr_assert_eq(get(BUF + 8, 4), 100, "l_len");
	cr_assert_eq((int32_t)get(BUF + 12, 4), -1, "l_pid");

	/* struct flock64 (F_GETLK64 = 12): packed, l_start @4, l_len @12, l_pid @20 */
	cr_assert_eq(gm_write(&proc.mem, BUF, zero, 32), 0);
	cr_assert_eq(gm_put(&proc.mem, BUF, 2, F_RDLCK), 0);
	uint64_t b[6] = { (uint64_t)fd, 12, BUF };
	cr_assert_eq(sys_fcntl(&proc, b), 0);
	cr_assert_eq(get(BUF + 0, 2), F_WRLCK);
	cr_assert_eq(get(BUF + 4, 8), 100, "l_start");
	cr_assert_eq(get(BUF + 12, 8), 100, "l_len");
	cr_assert_eq((int32_t)get(BUF + 20, 4), -1, "l_pid");
	close(fd);
	close(other);
}

/* Entry i's d_off and the name of entry i + 1 in a getdents64 result at BUF. */
static void entry_after(int64_t n, int i, uint64_t *cookie, char *next_name)
{
	int k = 0;
	for (int64_t off = 0; off < n; k++) {
		if (k == i)
			*cookie = get(BUF + (uint64_t)off + 8, 8);
		if (k == i + 1)
			cr_assert_eq(gm_read(&proc.mem, BUF + (uint64_t)off + 19, next_name, 32), 0);
		off += (int64_t)get(BUF + (uint64_t)off + 16, 2);
	}
	cr_assert_gt(k, i + 1);
}

Test(io32, directory_cookies_fit_a_32_bit_off_t_and_seek_back)
{
	/* A real i386 process gets 32-bit cookies from hashed (ext4) directories; its readdir
	 * fails with EOVERFLOW otherwise. */
	char dir[] = "/tmp/profemu-dir-XXXXXX", f[128];
	cr_assert_not_null(mkdtemp(dir));
	for (int i = 0; i < 50; i++) {
		snprintf(f, sizeof f, "%s/entry-number-%d", dir, i);
		close(open(f, O_CREAT | O_WRONLY, 0644));
	}
	int fd = open(dir, O_RDONLY | O_DIRECTORY);
	uint64_t a[6] = { (uint64_t)fd, BUF, 8192 };
	int64_t n = sys_getdents64(&proc, a);
	cr_assert_gt(n, 0);
	for (int64_t off = 0; off < n; off += (int64_t)get(BUF + (uint64_t)off + 16, 2))
		cr_assert_leq(get(BUF + (uint64_t)off + 8, 8), INT32_MAX, "d_off at %lld", (long long)off);

	uint64_t cookie = 0;
	char next[32] = { 0 }, got[32] = { 0 };
	entry_after(n, 9, &cookie, next);
	uint64_t s[6] = { (uint64_t)fd, cookie, SEEK_SET };
	cr_assert_eq(sys_lseek(&proc, s), (int64_t)cookie, "lseek answers the guest's cookie");
	cr_assert_gt(sys_getdents64(&proc, a), 0);
	cr_assert_eq(gm_read(&proc.mem, BUF + 19, got, 32), 0);
	cr_assert_str_eq(got, next, "seekdir(telldir()) resumes at the next entry");

	uint64_t ll[6] = { (uint64_t)fd, 0, cookie, BUF2 + 100, SEEK_SET };
	cr_assert_eq(sys_llseek(&proc, ll), 0);
	cr_assert_eq(get(BUF2 + 100, 8), cookie);
	close(fd);
	snprintf(f, sizeof f, "rm -rf '%s'", dir);
	cr_assert_eq(system(f), 0);
}
