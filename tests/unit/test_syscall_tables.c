/* The ABI tables the dispatcher searches: sorted (binary search), the numbers glibc uses. */
#include <criterion/criterion.h>
#include <string.h>

#include "syscalls/syscall.h"

static void assert_sorted(const struct sys_abi *abi)
{
	cr_assert_gt(abi->table_len, 50, "%s: a real table", abi->name);
	for (unsigned i = 1; i < abi->table_len; i++)
		cr_assert_lt(abi->table[i - 1].nr, abi->table[i].nr, "%s: row %u (%s) out of order",
			     abi->name, i, abi->table[i].name);
}

Test(syscall_tables, sorted_by_number_so_lookup_finds_every_row)
{
	const struct sys_abi *abis[] = { &sys_abi_x86_64, &sys_abi_i386, &sys_abi_ia64 };
	for (size_t k = 0; k < 3; k++) {
		assert_sorted(abis[k]);
		for (unsigned i = 0; i < abis[k]->table_len; i++)
			cr_assert_eq(sys_lookup(abis[k], abis[k]->table[i].nr), &abis[k]->table[i]);
		cr_assert_null(sys_lookup(abis[k], 100000));
	}
}

static void assert_row(const struct sys_abi *abi, uint64_t nr, const char *name, bool implemented)
{
	const struct sys_entry *e = sys_lookup(abi, nr);
	cr_assert_not_null(e, "%s: %lu missing", abi->name, (unsigned long)nr);
	cr_assert_str_eq(e->name, name, "%s: %lu", abi->name, (unsigned long)nr);
	cr_assert_eq(e->fn != NULL, implemented, "%s: %s", abi->name, name);
}

Test(syscall_tables, numbers_agree_with_the_kernel)
{
	/* from the host's own headers where the host is x86-64, fixed values for i386 */
	assert_row(&sys_abi_x86_64, 0, "read", true);
	assert_row(&sys_abi_x86_64, 1, "write", true);
	assert_row(&sys_abi_x86_64, 9, "mmap", true);
	assert_row(&sys_abi_x86_64, 158, "arch_prctl", true);
	assert_row(&sys_abi_x86_64, 231, "exit_group", true);
	assert_row(&sys_abi_x86_64, 257, "openat", true);
	assert_row(&sys_abi_x86_64, 332, "statx", true);
	assert_row(&sys_abi_x86_64, 334, "rseq", false);
	assert_row(&sys_abi_i386, 4, "write", true);
	assert_row(&sys_abi_i386, 140, "_llseek", true);
	assert_row(&sys_abi_i386, 192, "mmap2", true);
	assert_row(&sys_abi_i386, 243, "set_thread_area", true);
	assert_row(&sys_abi_i386, 252, "exit_group", true);
	assert_row(&sys_abi_i386, 295, "openat", true);
	assert_row(&sys_abi_i386, 403, "clock_gettime64", true);
}

/* IA-64: 1024 + the row of arch/ia64/kernel/syscalls/syscall.tbl, a table of its own. */
Test(syscall_tables, ia64_numbers_agree_with_the_kernel)
{
	assert_row(&sys_abi_ia64, 1025, "exit", true);
	assert_row(&sys_abi_ia64, 1027, "write", true);
	assert_row(&sys_abi_ia64, 1060, "brk", true);
	assert_row(&sys_abi_ia64, 1151, "mmap", true);
	assert_row(&sys_abi_ia64, 1172, "mmap2", true);
	assert_row(&sys_abi_ia64, 1212, "fstat", true);
	assert_row(&sys_abi_ia64, 1236, "exit_group", true);
	assert_row(&sys_abi_ia64, 1286, "newfstatat", true);
	assert_row(&sys_abi_ia64, 1298, "set_robust_list", true);
	assert_row(&sys_abi_ia64, 1339, "getrandom", true);
	assert_row(&sys_abi_ia64, 1058, "pipe", false);	/* two results, in r8 and r9 */
	assert_row(&sys_abi_ia64, 0x6000, "profemu_profil", true);
	cr_assert_eq(sys_abi_for_arch(CPU_ARCH_IA64), &sys_abi_ia64);
}
