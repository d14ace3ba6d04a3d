/* The 32-bit hppa Linux ABI's tables (syscalls/hppa/) against the parisc kernel's uapi values,
 * as Debian's hppa-linux-gnu cross headers spell them (/usr/hppa-linux-gnu/include/asm/:
 * unistd_32.h, errno.h, signal.h, fcntl.h, mman.h, ioctls.h, termbits.h, stat.h; they are the
 * kernel's arch/parisc/include/uapi/asm/ and syscalls/syscall.tbl). The expected numbers are
 * written out here, so the test needs no cross compiler; and the shared handlers, driven
 * through this ABI, act on hppa's numbering. */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "emu/hppa/regs.h"
#include "syscalls/abi_flags.h"
#include "syscalls/handlers.h"
#include "syscalls/hppa/abi.h"

static const struct sys_abi *hppa = &sys_abi_hppa;

static void assert_row(uint64_t nr, const char *name, bool implemented)
{
	const struct sys_entry *e = sys_lookup(hppa, nr);
	cr_assert_not_null(e, "hppa: %lu missing", (unsigned long)nr);
	cr_assert_str_eq(e->name, name, "hppa: %lu", (unsigned long)nr);
	cr_assert_eq(e->fn != NULL, implemented, "hppa: %s", name);
}

Test(abi_hppa, syscall_table_is_sorted_and_searchable)
{
	for (unsigned i = 1; i < hppa->table_len; i++)
		cr_assert_lt(hppa->table[i - 1].nr, hppa->table[i].nr, "row %u (%s) out of order", i,
			     hppa->table[i].name);
	for (unsigned i = 0; i < hppa->table_len; i++)
		cr_assert_eq(sys_lookup(hppa, hppa->table[i].nr), &hppa->table[i]);
	cr_assert_eq(sys_abi_for_arch(CPU_ARCH_HPPA), hppa);
}

/* asm/unistd_32.h (__NR_Linux is 0): the calls static glibc programs make first, and the
 * ones whose hppa number differs from i386's. */
Test(abi_hppa, syscall_numbers_are_parisc)
{
	assert_row(1, "exit", true);
	assert_row(3, "read", true);
	assert_row(4, "write", true);
	assert_row(5, "open", true);
	assert_row(45, "brk", true);
	assert_row(54, "ioctl", true);
	assert_row(59, "uname", true);
	assert_row(76, "getrlimit", true);
	assert_row(85, "readlink", true);
	assert_row(89, "mmap2", true);
	assert_row(90, "mmap", true);
	assert_row(101, "stat64", true);
	assert_row(108, "pread64", true);
	assert_row(112, "fstat64", true);
	assert_row(116, "sysinfo", true);
	assert_row(120, "clone", true);
	assert_row(173, "rt_sigreturn", true);
	assert_row(174, "rt_sigaction", true);
	assert_row(202, "fcntl64", true);
	assert_row(210, "futex", true);
	assert_row(222, "exit_group", true);
	assert_row(237, "set_tid_address", true);
	assert_row(256, "clock_gettime", true);
	assert_row(280, "fstatat64", true);
	assert_row(289, "set_robust_list", true);
	assert_row(339, "getrandom", true);
	assert_row(349, "statx", true);
	assert_row(403, "clock_gettime64", true);
	/* i386's set_thread_area and arch_prctl numbers: hppa has neither (cr27 is set through
	 * the gateway) */
	assert_row(243, "fgetxattr", false);
	cr_assert_null(sys_lookup(hppa, 384), "no arch_prctl");
}

/* asm/errno.h: HP-UX's numbering above 34; errno-base.h below. */
Test(abi_hppa, errno_numbers_are_parisc)
{
	cr_assert_eq(hppa->errno_to_guest(ENOENT), 2);
	cr_assert_eq(hppa->errno_to_guest(EAGAIN), 11);
	cr_assert_eq(hppa->errno_to_guest(ERANGE), 34);
	cr_assert_eq(hppa->errno_to_guest(ENOMSG), 35);
	cr_assert_eq(hppa->errno_to_guest(EDEADLK), 45);
	cr_assert_eq(hppa->errno_to_guest(ENOLCK), 46);
	cr_assert_eq(hppa->errno_to_guest(EILSEQ), 47);
	cr_assert_eq(hppa->errno_to_guest(EOVERFLOW), 72);
	cr_assert_eq(hppa->errno_to_guest(ENOTSOCK), 216);
	cr_assert_eq(hppa->errno_to_guest(EOPNOTSUPP), 223);
	cr_assert_eq(hppa->errno_to_guest(ETIMEDOUT), 238);
	cr_assert_eq(hppa->errno_to_guest(ECONNREFUSED), 239);
	cr_assert_eq(hppa->errno_to_guest(EALREADY), 244);
	cr_assert_eq(hppa->errno_to_guest(ENOTEMPTY), 247);
	cr_assert_eq(hppa->errno_to_guest(ENAMETOOLONG), 248);
	cr_assert_eq(hppa->errno_to_guest(ELOOP), 249);
	cr_assert_eq(hppa->errno_to_guest(ENOSYS), 251);
	cr_assert_eq(hppa->errno_to_guest(ECANCELED), 253);
	cr_assert_eq(hppa->errno_to_guest(EHWPOISON), 257);
}

Test(abi_hppa, errno_numbers_never_collide)
{
	int seen[512] = { 0 };
	for (int host = 1; host <= 133; host++) {
		if (host == 41 || host == 58)
			continue;	/* no errno has these numbers in asm-generic/errno.h */
		int g = hppa->errno_to_guest(host);
		cr_assert(g > 0 && g < 512, "host %d", host);
		cr_assert_eq(seen[g], 0, "host %d and %d both become %d", seen[g], host, g);
		seen[g] = host;
	}
}

/* asm/signal.h */
Test(abi_hppa, signal_numbers_are_parisc)
{
	static const struct { int host, guest; } sigs[] = {
		{ SIGHUP, 1 }, { SIGINT, 2 }, { SIGQUIT, 3 }, { SIGILL, 4 }, { SIGTRAP, 5 },
		{ SIGABRT, 6 }, { SIGSTKFLT, 7 }, { SIGFPE, 8 }, { SIGKILL, 9 }, { SIGBUS, 10 },
		{ SIGSEGV, 11 }, { SIGXCPU, 12 }, { SIGPIPE, 13 }, { SIGALRM, 14 }, { SIGTERM, 15 },
		{ SIGUSR1, 16 }, { SIGUSR2, 17 }, { SIGCHLD, 18 }, { SIGPWR, 19 }, { SIGVTALRM, 20 },
		{ SIGPROF, 21 }, { SIGIO, 22 }, { SIGWINCH, 23 }, { SIGSTOP, 24 }, { SIGTSTP, 25 },
		{ SIGCONT, 26 }, { SIGTTIN, 27 }, { SIGTTOU, 28 }, { SIGURG, 29 }, { SIGXFSZ, 30 },
		{ SIGSYS, 31 },
	};
	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
		cr_assert_eq(hppa->signal_to_guest(sigs[i].host), sigs[i].guest, "host %d", sigs[i].host);
		cr_assert_eq(hppa->signal_to_host(sigs[i].guest), sigs[i].host, "guest %d", sigs[i].guest);
	}
	for (int rt = 32; rt <= 64; rt++)
		cr_assert_eq(hppa->signal_to_guest(rt), rt, "real-time signals keep their numbers");
	cr_assert_eq(hppa->signal_to_guest(0), 0);
}

/* fcntl.h, mman.h, signal.h, ioctls.h (with parisc's _IOC_READ 1, _IOC_WRITE 2), termbits.h */
/* si_code by interruption, as arch/parisc/kernel/traps.c and mm/fault.c send them (the
 * generic uapi siginfo.h values; x86 would say FPE_INTDIV and SI_KERNEL). */
Test(abi_hppa, fault_codes_follow_the_interruption)
{
	static const struct { enum cpu_fault_kind kind; unsigned trap; int32_t code; } rows[] = {
		{ CPU_FAULT_SEGV_MAPERR, HPPA_INT_DTLB_MISS, SEGV_MAPERR },
		{ CPU_FAULT_SEGV_ACCERR, HPPA_INT_DATA_ACCESS_RIGHTS, SEGV_ACCERR },
		{ CPU_FAULT_SEGV_MAPERR, HPPA_INT_ITLB_MISS, SEGV_MAPERR },
		{ CPU_FAULT_FPE, HPPA_INT_OVERFLOW, FPE_INTOVF },
		{ CPU_FAULT_FPE, HPPA_INT_CONDITIONAL, 15 /* FPE_CONDTRAP */ },
		{ CPU_FAULT_ILL, HPPA_INT_ILLEGAL, ILL_ILLOPC },
		{ CPU_FAULT_ILL, HPPA_INT_PRIV_OP, ILL_PRVOPC },
		{ CPU_FAULT_TRAP, HPPA_INT_BREAK, TRAP_BRKPT },
		{ CPU_FAULT_BUS, HPPA_INT_UNALIGNED, BUS_ADRALN },
	};
	cr_assert_not_null(hppa->fault_code);
	for (unsigned i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		struct cpu_fault f = { .kind = rows[i].kind, .trap = rows[i].trap };
		cr_assert_eq(hppa->fault_code(&f), rows[i].code, "interruption %u", rows[i].trap);
	}
}

Test(abi_hppa, flags_are_parisc)
{
	const struct abi_flags *f = hppa->flags;
	cr_assert_eq(abi_bits_to_guest(&f->open, ABI_O_CREAT), 0400);
	cr_assert_eq(abi_bits_to_guest(&f->open, ABI_O_EXCL), 02000);
	cr_assert_eq(abi_bits_to_guest(&f->open, ABI_O_APPEND), 010);
	cr_assert_eq(abi_bits_to_guest(&f->open, ABI_O_TRUNC), 01000);
	cr_assert_eq(abi_bits_to_guest(&f->open, ABI_O_NONBLOCK), 0200000);
	cr_assert_eq(abi_bits_to_guest(&f->open, ABI_O_DIRECTORY), 010000);
	cr_assert_eq(abi_bits_to_guest(&f->open, ABI_O_NOFOLLOW), 0200);
	cr_assert_eq(abi_bits_to_guest(&f->open, ABI_O_CLOEXEC), 010000000);
	cr_assert_eq(abi_bits_to_guest(&f->open, ABI_O_LARGEFILE), 04000);
	cr_assert_eq(abi_bits_to_guest(&f->open, ABI_O_SYNC_BIT | ABI_O_DSYNC), 01100000, "O_SYNC");
	cr_assert_eq(abi_bits_to_neutral(&f->mmap, 0x10 | 0x02 | 0x04),
		     ABI_MAP_ANONYMOUS | ABI_MAP_PRIVATE | ABI_MAP_FIXED);
	cr_assert_eq(abi_bits_to_guest(&f->mmap, ABI_MAP_FIXED_NOREPLACE), 0x100000);
	cr_assert_eq(abi_bits_to_guest(&f->mmap, ABI_MAP_GROWSDOWN), 0x8000);
	cr_assert_eq(abi_bits_to_guest(&f->mmap, ABI_MAP_STACK), 0x40000);
	cr_assert_eq(abi_bits_to_guest(&f->sa, ABI_SA_SIGINFO), 0x10);
	cr_assert_eq(abi_bits_to_guest(&f->sa, ABI_SA_ONSTACK), 0x1);
	cr_assert_eq(abi_bits_to_guest(&f->sa, ABI_SA_RESETHAND), 0x4);
	cr_assert_eq(abi_bits_to_guest(&f->sa, ABI_SA_NODEFER), 0x20);
	cr_assert_eq(abi_bits_to_guest(&f->sa, ABI_SA_RESTART), 0x40);
	cr_assert_eq(abi_bits_to_guest(&f->sa, ABI_SA_RESTORER), 0, "parisc has no SA_RESTORER");

	uint32_t n;
	cr_assert(abi_value_to_neutral(&f->fcntl_cmd, 8, &n));
	cr_assert_eq(n, ABI_F_GETLK64);
	cr_assert(abi_value_to_neutral(&f->fcntl_cmd, 12, &n));
	cr_assert_eq(n, ABI_F_SETOWN);
	cr_assert(abi_value_to_neutral(&f->lock_type, 3, &n));
	cr_assert_eq(n, ABI_F_UNLCK);
	cr_assert(abi_value_to_neutral(&f->ioctl, 0x40245410, &n));
	cr_assert_eq(n, ABI_TCGETS);
	cr_assert(abi_value_to_neutral(&f->ioctl, 0x80245413, &n));
	cr_assert_eq(n, ABI_TCSETSF);
	cr_assert_not(abi_value_to_neutral(&f->ioctl, 0x5401, &n), "x86's TCGETS is not hppa's");
	cr_assert_eq(abi_bits_to_guest(&f->termios_iflag, ABI_IMAXBEL | ABI_IUTF8 | ABI_ICRNL),
		     0x4000 | 0x8000 | 0x100);
	cr_assert_not(f->flock64_packed, "hppa aligns struct flock64's offsets to 8");
}

/* ---- the shared handlers through the hppa ABI ---- */

enum { BUF = 0x10000 };
static struct process proc;
static char dir[64];

static void setup(void)
{
	memset(&proc, 0, sizeof proc);
	proc.arch = CPU_ARCH_HPPA;
	proc.abi = hppa;
	proc.cfg.sysroot = "/";
	proc.mmap_lo = 0x40000000;
	proc.mmap_hi = 0x80000000;
	gm_init(&proc.mem, 4096, 1ull << 32, true, 4);
	cr_assert_eq(gm_map(&proc.mem, BUF, 4096, GM_PROT_READ | GM_PROT_WRITE), 0);
	strcpy(dir, "/tmp/profemu-hppa-XXXXXX");
	cr_assert_not_null(mkdtemp(dir));
}

static void teardown(void)
{
	gm_destroy(&proc.mem);
	char cmd[96];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	cr_assert_eq(system(cmd), 0);
}

static uint64_t get(uint64_t addr, unsigned width)
{
	uint64_t v;
	cr_assert_eq(gm_get(&proc.mem, addr, width, &v), 0);
	return v;
}

static void put(uint64_t addr, unsigned width, uint64_t v)
{
	cr_assert_eq(gm_put(&proc.mem, addr, width, v), 0);
}

Test(abi_hppa, mmap_reads_parisc_map_anonymous, .init = setup, .fini = teardown)
{
	/* MAP_PRIVATE | MAP_ANONYMOUS as hppa spells it (0x12); x86's 0x22 would say MAP_FIXED
	 * nothing here and no anonymous mapping: fd -1 then fails. */
	uint64_t a[6] = { 0, 8192, 3, 0x12, 0xffffffff, 0 };
	int64_t addr = sys_mmap(&proc, a);
	cr_assert_geq(addr, 0x40000000, "an anonymous mapping: %lld", (long long)addr);
	put((uint64_t)addr, 4, 0x12345678);
	cr_assert_eq(get((uint64_t)addr, 4), 0x12345678);
	uint64_t x86_flags[6] = { 0, 8192, 3, 0x22, 0xffffffff, 0 };
	cr_assert_eq(sys_mmap(&proc, x86_flags), -EBADF, "0x20 means nothing to hppa");
}

Test(abi_hppa, open_reads_parisc_o_creat, .init = setup, .fini = teardown)
{
	char path[96];
	snprintf(path, sizeof path, "%s/made", dir);
	cr_assert_eq(gm_write(&proc.mem, BUF, path, strlen(path) + 1), 0);
	uint64_t a[6] = { BUF, 01 | 0400 | 01000, 0644 };	/* O_WRONLY | O_CREAT | O_TRUNC */
	int64_t fd = sys_open(&proc, a);
	cr_assert_geq(fd, 0, "created: %lld", (long long)fd);
	uint64_t getfl[6] = { (uint64_t)fd, 3 };	/* F_GETFL */
	int64_t fl = sys_fcntl(&proc, getfl);
	cr_assert_eq(fl & 03, 01);
	cr_assert_eq(fl & 04000, 04000, "the host's O_LARGEFILE reads as hppa's 04000");
	close((int)fd);
	cr_assert_eq(access(path, F_OK), 0);
}

Test(abi_hppa, sigaction_keeps_parisc_sa_flags, .init = setup, .fini = teardown)
{
	/* hppa's struct sigaction: handler, flags, mask (no restorer), big-endian. */
	put(BUF, 4, 0x10400);
	put(BUF + 4, 4, 0x10 | 0x40);		/* SA_SIGINFO | SA_RESTART */
	put(BUF + 8, 4, 0);
	put(BUF + 12, 4, 0);
	uint64_t a[6] = { 16, BUF, BUF + 256, 8 };	/* SIGUSR1 is 16 on hppa */
	cr_assert_eq(sys_rt_sigaction(&proc, a), 0);
	cr_assert_eq(proc.sigactions[16].flags, ABI_SA_SIGINFO | ABI_SA_RESTART);
	uint64_t b[6] = { 16, 0, BUF + 256, 8 };
	cr_assert_eq(sys_rt_sigaction(&proc, b), 0);
	cr_assert_eq(get(BUF + 256, 4), 0x10400);
	cr_assert_eq(get(BUF + 260, 4), 0x50);
	uint64_t kill_act[6] = { 9, BUF, 0, 8 };
	cr_assert_eq(sys_rt_sigaction(&proc, kill_act), -EINVAL, "SIGKILL is 9 on hppa too");
	uint64_t stop_act[6] = { 24, BUF, 0, 8 };
	cr_assert_eq(sys_rt_sigaction(&proc, stop_act), -EINVAL, "SIGSTOP is 24 on hppa");
}

Test(abi_hppa, stat64_is_big_endian_in_parisc_layout, .init = setup, .fini = teardown)
{
	struct stat st;
	memset(&st, 0, sizeof st);
	st.st_dev = 0x0801;
	st.st_ino = 0x123456789ull;
	st.st_mode = S_IFREG | 0644;
	st.st_nlink = 2;
	st.st_uid = 1000;
	st.st_gid = 100;
	st.st_size = 0x100000000ll;
	st.st_blksize = 4096;
	st.st_blocks = 8;
	st.st_mtim.tv_sec = 1700000000;
	st.st_mtim.tv_nsec = 5;
	cr_assert_eq(hppa->put_stat(&proc, BUF, &st, STAT_64), 0);
	cr_assert_eq(get(BUF + 0, 8), 0x0801);
	cr_assert_eq(get(BUF + 12, 4), 0x23456789);
	cr_assert_eq(get(BUF + 16, 4), S_IFREG | 0644);
	cr_assert_eq(get(BUF + 20, 4), 2);
	cr_assert_eq(get(BUF + 24, 4), 1000);
	cr_assert_eq(get(BUF + 28, 4), 100);
	cr_assert_eq(get(BUF + 48, 8), 0x100000000ull);
	cr_assert_eq(get(BUF + 56, 4), 4096);
	cr_assert_eq(get(BUF + 64, 8), 8);
	cr_assert_eq(get(BUF + 80, 4), 1700000000);
	cr_assert_eq(get(BUF + 84, 4), 5);
	cr_assert_eq(get(BUF + 96, 8), 0x123456789ull);
	uint8_t b[2];
	cr_assert_eq(gm_read(&proc.mem, BUF + 16, b, 2), 0);
	cr_assert_eq(b[0], 0, "big-endian: the high byte first");

	cr_assert_eq(hppa->put_stat(&proc, BUF, &st, STAT_NATIVE), -EOVERFLOW,
		     "a 33-bit inode does not fit struct stat");
	st.st_ino = 77;
	st.st_size = 12;
	cr_assert_eq(hppa->put_stat(&proc, BUF, &st, STAT_NATIVE), 0);
	cr_assert_eq(get(BUF + 4, 4), 77);
	cr_assert_eq(get(BUF + 8, 2), S_IFREG | 0644);
	cr_assert_eq(get(BUF + 20, 4), 12);
	cr_assert_eq(get(BUF + 32, 4), 1700000000);
	cr_assert_eq(get(BUF + 84, 4), 1000);
	cr_assert_eq(get(BUF + 88, 4), 100);
}

Test(abi_hppa, large_file_offsets_come_high_word_first, .init = setup, .fini = teardown)
{
	char path[96];
	snprintf(path, sizeof path, "%s/big", dir);
	FILE *f = fopen(path, "w");
	cr_assert_not_null(f);
	fclose(f);
	int fd = open(path, O_RDWR);
	cr_assert_geq(fd, 0);
	uint64_t a[6] = { (uint64_t)fd, 1, 0x10 };	/* ftruncate64(fd, high 1, low 0x10) */
	cr_assert_eq(hppa_ftruncate64(&proc, a), 0);
	struct stat st;
	cr_assert_eq(fstat(fd, &st), 0);
	cr_assert_eq(st.st_size, 0x100000010ll);
	close(fd);
}

/* The light-weight syscalls glibc's atomics use (lws.c), on big-endian guest memory. */
Test(abi_hppa, lws_compare_and_swap, .init = setup, .fini = teardown)
{
	uint32_t r28;
	put(BUF, 4, 5);
	struct hppa_lws_call cas = { .op = 0, .r26 = BUF, .r25 = 5, .r24 = 9 };
	cr_assert_eq(hppa_lws_run(&proc, &cas, &r28), 0);
	cr_assert_eq(r28, 5, "the value found");
	cr_assert_eq(get(BUF, 4), 9, "swapped");
	cr_assert_eq(hppa_lws_run(&proc, &cas, &r28), 0);
	cr_assert_eq(r28, 9);
	cr_assert_eq(get(BUF, 4), 9, "not swapped: 9 is not 5");
	cas.r26 = 0x90000000;
	cr_assert_eq(hppa_lws_run(&proc, &cas, &r28), EFAULT);

	/* operation 2: 16-bit, old and new through pointers */
	put(BUF + 16, 2, 0x1234);
	put(BUF + 32, 2, 0x1234);
	put(BUF + 40, 2, 0xbeef);
	struct hppa_lws_call cas2 = { .op = 2, .r26 = BUF + 16, .r25 = BUF + 32, .r24 = BUF + 40,
				      .r23 = 1 };
	cr_assert_eq(hppa_lws_run(&proc, &cas2, &r28), 0);
	cr_assert_eq(r28, 0, "swapped");
	cr_assert_eq(get(BUF + 16, 2), 0xbeef);
	cr_assert_eq(hppa_lws_run(&proc, &cas2, &r28), 0);
	cr_assert_eq(r28, 1, "0xbeef is not 0x1234");
	cas2.r23 = 4;
	cr_assert_eq(hppa_lws_run(&proc, &cas2, &r28), ENOSYS);
	struct hppa_lws_call xchg = { .op = 3 };
	cr_assert_eq(hppa_lws_run(&proc, &xchg, &r28), ENOSYS, "as qemu-hppa 7.2");
	cr_assert_eq(hppa->errno_to_guest(ENOSYS), 251, "r21 would read -251");
}
