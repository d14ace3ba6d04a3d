/* select, pselect6, ppoll and poll's shared wait, called directly on a minimal process (no CPU,
 * no scheduler) with a host pipe: the guest layouts of each ABI shape (64-bit little-endian,
 * 32-bit big-endian as hppa's, a 32-bit ABI's time64 calls, i386's old select), what is
 * written back, and select with no descriptors as a sleep on the guest clock. */
#include <criterion/criterion.h>
#include <errno.h>
#include <poll.h>
#include <string.h>
#include <unistd.h>

#include "syscall_testutil.h"

#define PAGE 0x10000ull	/* one mapped, writable page */
#define UNMAPPED 0x40000ull
#define NS 1000000000ull
#define SETS (PAGE + 0x100)	/* read, write and except sets, 128 bytes each */
#define TIMEOUT (PAGE + 0x400)

static int pipe_fds[2];

static void setup(struct process *p, unsigned word_size, bool big_endian)
{
	memset(p, 0, sizeof(*p));
	gm_init(&p->mem, 4096, word_size == 8 ? 1ull << 47 : 1ull << 32, big_endian, word_size);
	cr_assert_eq(gm_map(&p->mem, PAGE, 4096, GM_PROT_READ | GM_PROT_WRITE), 0);
	p->arch = word_size == 8 ? CPU_ARCH_X86_64 : CPU_ARCH_I386;
	p->abi = word_size == 8 ? &sys_abi_x86_64 : &sys_abi_i386;
	p->cfg.hz = 100;
	p->cfg.tick = 10000;
	cr_assert_eq(pipe(pipe_fds), 0);
}

static void teardown(struct process *p)
{
	close(pipe_fds[0]);
	close(pipe_fds[1]);
	gm_destroy(&p->mem);
}

/* Sets descriptor fd in the guest set at addr, the guest's way: bit fd % bits of word fd / bits. */
static void fd_set_guest(struct process *p, uint64_t addr, int fd)
{
	unsigned w = p->mem.word_size, bits = 8 * w;
	uint64_t word = addr + (uint64_t)(fd / bits) * w;
	put(p, word, w, get(p, word, w) | 1ull << (fd % bits));
}

static bool fd_isset_guest(struct process *p, uint64_t addr, int fd)
{
	unsigned w = p->mem.word_size, bits = 8 * w;
	return get(p, addr + (uint64_t)(fd / bits) * w, w) >> (fd % bits) & 1;
}

Test(select, big_endian_32_bit_sets_are_read_and_written_by_word)
{
	struct process p;
	setup(&p, 4, true);
	int rd = pipe_fds[0], wr = pipe_fds[1];
	fd_set_guest(&p, SETS, rd);
	fd_set_guest(&p, SETS + 128, wr);
	fd_set_guest(&p, SETS + 128, rd);	/* never writable */
	/* the word holding rd, as hppa stores it: the bit is in the last byte for fd < 8 */
	if (rd < 8)
		cr_assert_eq(get(&p, SETS + 3, 1), 1u << rd);
	put(&p, TIMEOUT, 4, 0);
	put(&p, TIMEOUT + 4, 4, 0);
	int n = (rd > wr ? rd : wr) + 1;
	cr_assert_eq(CALL(select, &p, n, SETS, SETS + 128, 0, TIMEOUT, 0), 1, "only wr is ready");
	cr_assert(!fd_isset_guest(&p, SETS, rd));
	cr_assert(fd_isset_guest(&p, SETS + 128, wr));
	cr_assert(!fd_isset_guest(&p, SETS + 128, rd));

	cr_assert_eq(write(wr, "x", 1), 1);
	fd_set_guest(&p, SETS, rd);
	cr_assert_eq(CALL(select, &p, n, SETS, 0, 0, TIMEOUT, 0), 1);
	cr_assert(fd_isset_guest(&p, SETS, rd));
	teardown(&p);
}

Test(select, closed_descriptor_is_ebadf_and_bad_pointers_efault)
{
	struct process p;
	setup(&p, 8, false);
	int rd = pipe_fds[0];
	fd_set_guest(&p, SETS, 100);	/* not open */
	put(&p, TIMEOUT, 8, 0);
	put(&p, TIMEOUT + 8, 8, 0);
	cr_assert_eq(CALL(select, &p, 101, SETS, 0, 0, TIMEOUT, 0), -EBADF);
	cr_assert_eq(CALL(select, &p, rd + 1, UNMAPPED, 0, 0, TIMEOUT, 0), -EFAULT);
	cr_assert_eq(CALL(select, &p, rd + 1, 0, 0, 0, UNMAPPED, 0), -EFAULT);
	cr_assert_eq(CALL(select, &p, -1, 0, 0, 0, TIMEOUT, 0), -EINVAL);
	teardown(&p);
}

Test(select, timeout_is_checked_and_written_back_when_it_came)
{
	struct process p;
	setup(&p, 8, false);
	int rd = pipe_fds[0];
	fd_set_guest(&p, SETS, rd);
	put(&p, TIMEOUT, 8, 0);
	put(&p, TIMEOUT + 8, 8, 1000000);	/* a whole second in microseconds: invalid */
	cr_assert_eq(CALL(select, &p, rd + 1, SETS, 0, 0, TIMEOUT, 0), -EINVAL);
	put(&p, TIMEOUT, 8, (uint64_t)-1);
	put(&p, TIMEOUT + 8, 8, 0);
	cr_assert_eq(CALL(select, &p, rd + 1, SETS, 0, 0, TIMEOUT, 0), -EINVAL, "negative seconds");
	put(&p, TIMEOUT, 8, 0);
	put(&p, TIMEOUT + 8, 8, 1000);	/* 1 ms: the empty pipe times out */
	cr_assert_eq(CALL(select, &p, rd + 1, SETS, 0, 0, TIMEOUT, 0), 0);
	cr_assert(!fd_isset_guest(&p, SETS, rd), "the set is cleared");
	cr_assert_eq(get(&p, TIMEOUT + 8, 8), 0, "no time left");
	teardown(&p);
}

Test(select, no_descriptors_sleeps_on_the_guest_clock)
{
	struct process p;
	setup(&p, 8, false);
	put(&p, TIMEOUT, 8, 2);
	put(&p, TIMEOUT + 8, 8, 500);
	uint64_t before = p.sleep_ns;
	cr_assert_eq(CALL(select, &p, 0, 0, 0, 0, TIMEOUT, 0), 0);
	cr_assert_eq(p.sleep_ns - before, 2 * NS + 500000, "slept %llu ns",
		     (unsigned long long)(p.sleep_ns - before));
	teardown(&p);
}

Test(select, old_i386_select_reads_its_arguments_from_memory)
{
	struct process p;
	setup(&p, 4, false);
	int wr = pipe_fds[1];
	fd_set_guest(&p, SETS + 128, wr);
	put(&p, TIMEOUT, 4, 0);
	put(&p, TIMEOUT + 4, 4, 0);
	const uint32_t args[5] = { (uint32_t)wr + 1, 0, (uint32_t)(SETS + 128), 0, (uint32_t)TIMEOUT };
	for (int i = 0; i < 5; i++)
		put(&p, PAGE + 4 * i, 4, args[i]);
	cr_assert_eq(CALL(old_select, &p, PAGE, 0, 0, 0, 0, 0), 1);
	cr_assert(fd_isset_guest(&p, SETS + 128, wr));
	cr_assert_eq(CALL(old_select, &p, UNMAPPED, 0, 0, 0, 0, 0), -EFAULT);
	teardown(&p);
}

Test(pselect6, time64_fields_on_a_32_bit_abi_and_the_mask_size)
{
	struct process p;
	setup(&p, 4, true);
	int rd = pipe_fds[0];
	fd_set_guest(&p, SETS, rd);
	put(&p, TIMEOUT, 8, 0);
	put(&p, TIMEOUT + 8, 8, 1000000);	/* 1 ms in nanoseconds */
	cr_assert_eq(CALL(pselect6_time64, &p, rd + 1, SETS, 0, 0, TIMEOUT, 0), 0);
	cr_assert_eq(get(&p, TIMEOUT + 8, 8), 0, "no time left, in the 64-bit field");
	put(&p, TIMEOUT + 8, 8, NS);
	cr_assert_eq(CALL(pselect6_time64, &p, rd + 1, SETS, 0, 0, TIMEOUT, 0), -EINVAL);
	/* the sixth argument: {mask pointer, size}; a size other than the kernel's is EINVAL */
	put(&p, TIMEOUT + 8, 8, 0);
	put(&p, PAGE + 0x600, 8, 0);	/* the mask: nothing blocked */
	put(&p, PAGE + 0x700, 4, (uint32_t)(PAGE + 0x600));
	put(&p, PAGE + 0x704, 4, 4);
	cr_assert_eq(CALL(pselect6_time64, &p, rd + 1, SETS, 0, 0, TIMEOUT, PAGE + 0x700), -EINVAL);
	put(&p, PAGE + 0x704, 4, 8);
	p.sigmask = 0x4;
	cr_assert_eq(CALL(pselect6_time64, &p, rd + 1, SETS, 0, 0, TIMEOUT, PAGE + 0x700), 0);
	cr_assert_eq(p.sigmask, 0x4, "the mask from before is back after the call");
	cr_assert(!p.suspend_mask_active);
	teardown(&p);
}

Test(ppoll, revents_and_native_timespec)
{
	struct process p;
	setup(&p, 8, false);
	int rd = pipe_fds[0], wr = pipe_fds[1];
	put(&p, PAGE, 4, (uint32_t)rd);
	put(&p, PAGE + 4, 2, POLLIN);
	put(&p, PAGE + 6, 2, 0xffff);
	put(&p, PAGE + 8, 4, (uint32_t)wr);
	put(&p, PAGE + 12, 2, POLLOUT);
	put(&p, PAGE + 14, 2, 0xffff);
	put(&p, TIMEOUT, 8, 0);
	put(&p, TIMEOUT + 8, 8, 0);
	cr_assert_eq(CALL(ppoll, &p, PAGE, 2, TIMEOUT, 0, 8, 0), 1);
	cr_assert_eq(get(&p, PAGE + 6, 2), 0);
	cr_assert_eq(get(&p, PAGE + 14, 2), POLLOUT);
	cr_assert_eq(CALL(ppoll, &p, PAGE, 2, UNMAPPED, 0, 8, 0), -EFAULT);
	teardown(&p);
}
