/* --strace lines as a user reads them: qemu's "PID name(args) = result" with strings and
 * buffers quoted and escaped, buffers the call fills shown after it, errors by name. */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "syscalls/abi_flags.h"
#include "syscalls/strace.h"
#include "syscalls/syscall.h"

enum { BUF = 0x10000 };

static struct process proc;
static char *out;
static size_t out_len;

static void setup_process(unsigned word_size)
{
	memset(&proc, 0, sizeof proc);
	proc.cfg.pid = 4242;
	proc.cfg.strace = open_memstream(&out, &out_len);
	cr_assert_not_null(proc.cfg.strace);
	gm_init(&proc.mem, 4096, word_size == 8 ? 1ull << 47 : 1ull << 32, false, word_size);
	cr_assert_eq(gm_map(&proc.mem, BUF, 4096, GM_PROT_READ | GM_PROT_WRITE), 0);
}

static void setup64(void) { setup_process(8); }
static void setup32(void) { setup_process(4); }

static void teardown(void)
{
	if (proc.cfg.strace)
		fclose(proc.cfg.strace);
	free(out);
	out = NULL;
	gm_destroy(&proc.mem);
}

static const char *output(void)
{
	fflush(proc.cfg.strace);
	return out;
}

/* One whole call as the dispatcher makes it. */
static void trace(const struct sys_entry *e, uint64_t nr, const uint64_t *a, int64_t result)
{
	strace_enter(&proc, e, nr, a);
	strace_exit(&proc, e, a, result);
}

TestSuite(strace, .init = setup64, .fini = teardown);

Test(strace, written_buffer_and_count)
{
	static const struct sys_entry write_row = { 1, "write", NULL, "dwu", 'd' };
	cr_assert_eq(gm_write(&proc.mem, BUF, "hi\n", 3), 0);
	uint64_t a[6] = { 1, BUF, 3 };
	trace(&write_row, 1, a, 3);
	cr_assert_str_eq(output(), "4242 write(1, \"hi\\n\", 3) = 3\n");
}

Test(strace, filled_buffer_is_printed_after_the_call)
{
	static const struct sys_entry row = { 217, "getdents64", NULL, "dbu", 'd' };
	uint64_t a[6] = { 3, BUF, 100 };
	strace_enter(&proc, &row, 217, a);
	/* nothing before a call that does not wait ends: its line comes whole, after any
	 * output of the call itself, and the buffer is not known yet */
	cr_assert(output() == NULL || output()[0] == 0, "a line written in pieces");
	cr_assert_eq(gm_write(&proc.mem, BUF, "\177ELF\2", 5), 0);
	strace_exit(&proc, &row, a, 5);
	cr_assert_str_eq(output(), "4242 getdents64(3, \"\\177ELF\\002\", 100) = 5\n");
}

/* A call that may wait is written up to its result when it starts; a line of another process
 * in the meantime ends it "<unfinished ...>", and its result comes "<... name resumed>", as
 * strace -f prints them. */
Test(strace, waiting_call_interrupted_by_another_line_resumes)
{
	static const struct sys_entry read_row = { 0, "read", NULL, "dbu", 'd' };
	uint64_t a[6] = { 0, BUF, 100 };
	strace_enter(&proc, &read_row, 0, a);
	cr_assert_str_eq(output(), "4242 read(0, ", "the line up to the filled buffer");
	struct process other = proc;
	other.cfg.pid = 4343;
	strace_line(&other, "4343 --- SIGCHLD {si_signo=SIGCHLD, si_code=1, si_pid=1, si_uid=0} ---\n");
	cr_assert_eq(gm_write(&proc.mem, BUF, "hi", 2), 0);
	strace_exit(&proc, &read_row, a, 2);
	cr_assert_str_eq(output(), "4242 read(0,  <unfinished ...>\n"
				   "4343 --- SIGCHLD {si_signo=SIGCHLD, si_code=1, si_pid=1, si_uid=0} ---\n"
				   "4242 <... read resumed>\"hi\", 100) = 2\n");
}

Test(strace, waiting_call_not_interrupted_is_one_line)
{
	static const struct sys_entry row = { 61, "wait4", NULL, "dpxp", 'd' };
	uint64_t a[6] = { (uint64_t)-1, BUF, 0, 0 };
	trace(&row, 61, a, 4343);
	cr_assert_str_eq(output(), "4242 wait4(-1, 0x10000, 0x0, NULL) = 4343\n");
}

Test(strace, failure_shows_errno_name_and_text)
{
	static const struct sys_entry open_row = { 2, "open", NULL, "sxo", 'd' };
	cr_assert_eq(gm_write(&proc.mem, BUF, "/no/such", 9), 0);
	uint64_t a[6] = { BUF, 0x80000, 0644 };
	trace(&open_row, 2, a, -ENOENT);
	cr_assert_str_eq(output(),
			 "4242 open(\"/no/such\", 0x80000, 0644) = -1 ENOENT (No such file or directory)\n");
}

Test(strace, failed_call_does_not_show_its_buffer)
{
	static const struct sys_entry read_row = { 0, "read", NULL, "dbu", 'd' };
	uint64_t a[6] = { 99, BUF, 10 };
	trace(&read_row, 0, a, -EBADF);
	cr_assert_str_eq(output(), "4242 read(99, 0x10000, 10) = -1 EBADF (Bad file descriptor)\n");
}

Test(strace, unknown_call_prints_its_number_and_raw_arguments)
{
	uint64_t a[6] = { 1, 2, 3, 0xffffffffffffffffull, 5, 6 };
	trace(NULL, 999, a, -ENOSYS);
	cr_assert_str_eq(output(), "4242 unknown_syscall_999(0x1, 0x2, 0x3, 0xffffffffffffffff, 0x5, "
				   "0x6) = -1 ENOSYS (Function not implemented)\n");
}

Test(strace, long_string_is_truncated_and_bad_pointer_shown_as_address)
{
	static const struct sys_entry row = { 21, "access", NULL, "sd", 'd' };
	char s[100];
	memset(s, 'a', sizeof s);
	s[99] = 0;
	cr_assert_eq(gm_write(&proc.mem, BUF, s, sizeof s), 0);
	uint64_t a[6] = { BUF, 0 };
	trace(&row, 21, a, 0);
	char want[128];
	snprintf(want, sizeof want, "4242 access(\"%.64s\"..., 0) = 0\n", s);
	cr_assert_str_eq(output(), want);

	fclose(proc.cfg.strace);
	free(out);
	proc.cfg.strace = open_memstream(&out, &out_len);
	uint64_t b[6] = { 0x90000, 0 };
	trace(&row, 21, b, -EFAULT);
	cr_assert_str_eq(output(), "4242 access(0x90000, 0) = -1 EFAULT (Bad address)\n");
}

Test(strace, pointer_results_in_hex_and_null_pointers_by_name)
{
	static const struct sys_entry row = { 9, "mmap", NULL, "pxxxdx", 'p' };
	uint64_t a[6] = { 0, 0x1000, 3, 0x22, (uint64_t)-1, 0 };
	trace(&row, 9, a, 0x7f0000001000);
	cr_assert_str_eq(output(), "4242 mmap(NULL, 0x1000, 0x3, 0x22, -1, 0x0) = 0x7f0000001000\n");
}

Test(strace, call_that_ends_the_process_has_no_result)
{
	static const struct sys_entry row = { 231, "exit_group", NULL, "d", 'd' };
	uint64_t a[6] = { 3 };
	strace_enter(&proc, &row, 231, a);
	proc.ended = true;
	strace_exit(&proc, &row, a, 0);
	cr_assert_str_eq(output(), "4242 exit_group(3)\n");
}

Test(strace, nothing_without_a_destination)
{
	static const struct sys_entry row = { 39, "getpid", NULL, "", 'd' };
	FILE *f = proc.cfg.strace;
	proc.cfg.strace = NULL;
	uint64_t a[6] = { 0 };
	trace(&row, 39, a, 4242);
	proc.cfg.strace = f;
	cr_assert_str_eq(output(), "");
}

TestSuite(strace32, .init = setup32, .fini = teardown);

Test(strace32, arguments_are_32_bit_words)
{
	static const struct sys_entry row = { 295, "fchmodat", NULL, "dsx", 'd' };
	cr_assert_eq(gm_write(&proc.mem, BUF, "f", 2), 0);
	uint64_t a[6] = { 0xffffff9c, BUF, 0x8000 };
	trace(&row, 295, a, 3);
	cr_assert_str_eq(output(), "4242 fchmodat(-100, \"f\", 0x8000) = 3\n");
}

/* The dirfd letter asks the process's ABI for its AT_FDCWD (as strace: "openat(AT_FDCWD, ...").
 * A 32-bit guest's -100 arrives zero-extended. */
static struct abi_flags dirfd_flags = { .at_fdcwd = ABI_AT_FDCWD };
static const struct sys_abi dirfd_abi = { .name = "test", .flags = &dirfd_flags };

Test(strace32, at_fdcwd_is_named_from_the_abi)
{
	static const struct sys_entry row = { 295, "openat", NULL, "Dsx", 'd' };
	proc.abi = &dirfd_abi;
	cr_assert_eq(gm_write(&proc.mem, BUF, "f", 2), 0);
	uint64_t a[6] = { 0xffffff9c, BUF, 0x8000 };
	trace(&row, 295, a, 3);
	uint64_t b[6] = { 5, BUF, 0x8000 };
	trace(&row, 295, b, -ENOENT);
	cr_assert_str_eq(output(), "4242 openat(AT_FDCWD, \"f\", 0x8000) = 3\n"
				   "4242 openat(5, \"f\", 0x8000) = -1 ENOENT (No such file or directory)\n");
}

Test(strace, at_fdcwd_is_the_abis_number_not_the_hosts)
{
	static const struct sys_entry row = { 264, "renameat", NULL, "DsDs", 'd' };
	dirfd_flags.at_fdcwd = -200;	/* an ABI numbering it otherwise */
	proc.abi = &dirfd_abi;
	cr_assert_eq(gm_write(&proc.mem, BUF, "f", 2), 0);
	uint64_t a[6] = { (uint64_t)-100, BUF, (uint64_t)-200, BUF };
	trace(&row, 264, a, 0);
	dirfd_flags.at_fdcwd = ABI_AT_FDCWD;
	cr_assert_str_eq(output(), "4242 renameat(-100, \"f\", AT_FDCWD, \"f\") = 0\n");
}
