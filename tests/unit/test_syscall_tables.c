/* The ABI tables the dispatcher searches: sorted (binary search), every call of the kernel's
 * numbers (syscalls/<abi>/numbers.tbl, checked against the uapi headers by syscall_numbers.py)
 * named, the numbers glibc uses. */
#include <criterion/criterion.h>
#include <stdio.h>
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
	const struct sys_abi *abis[] = { &sys_abi_x86_64, &sys_abi_i386, &sys_abi_hppa, &sys_abi_ia64 };
	for (size_t k = 0; k < 4; k++) {
		assert_sorted(abis[k]);
		for (unsigned i = 0; i < abis[k]->table_len; i++)
			cr_assert_eq(sys_lookup(abis[k], abis[k]->table[i].nr), &abis[k]->table[i]);
		cr_assert_null(sys_lookup(abis[k], 100000));
	}
}

/* Every row of the ABI's numbers.tbl is in its table under the kernel's name, and the table has
 * nothing else but the emulator's own two calls. */
static void assert_every_kernel_call_named(const struct sys_abi *abi)
{
	char path[512], line[256];
	snprintf(path, sizeof path, "%s/syscalls/%s/numbers.tbl", PROFEMU_SOURCE_ROOT, abi->name);
	FILE *f = fopen(path, "r");
	cr_assert_not_null(f, "%s", path);
	unsigned rows = 0;
	while (fgets(line, sizeof line, f)) {
		unsigned long nr;
		char name[64];
		if (line[0] == '#' || sscanf(line, "%lu %63s", &nr, name) != 2)
			continue;
		const struct sys_entry *e = sys_lookup(abi, nr);
		cr_assert_not_null(e, "%s: %lu (%s) missing", abi->name, nr, name);
		cr_assert_str_eq(e->name, name, "%s: %lu", abi->name, nr);
		rows++;
	}
	fclose(f);
	cr_assert_gt(rows, 300, "%s: a kernel's table", abi->name);
	cr_assert_eq(abi->table_len, rows + 2, "%s: %u rows, %u kernel calls + profemu_profil, "
		     "profemu_sprofil", abi->name, abi->table_len, rows);
	cr_assert_str_eq(sys_lookup(abi, SYS_PROFEMU_PROFIL)->name, "profemu_profil");
	cr_assert_str_eq(sys_lookup(abi, SYS_PROFEMU_SPROFIL)->name, "profemu_sprofil");
}

Test(syscall_tables, every_kernel_call_is_named)
{
	assert_every_kernel_call_named(&sys_abi_x86_64);
	assert_every_kernel_call_named(&sys_abi_i386);
	assert_every_kernel_call_named(&sys_abi_hppa);
	assert_every_kernel_call_named(&sys_abi_ia64);
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
	assert_row(&sys_abi_x86_64, 26, "msync", true);
	assert_row(&sys_abi_x86_64, 27, "mincore", true);
	/* known but not served: named, -ENOSYS */
	assert_row(&sys_abi_x86_64, 134, "uselib", false);
	assert_row(&sys_abi_i386, 16, "lchown", false);	/* 16-bit ids; lchown32 is served */
	assert_row(&sys_abi_i386, 198, "lchown32", true);
}

/* One declaration, the ABI's own form where its arguments differ. */
Test(syscall_tables, shared_calls_share_their_handler)
{
	cr_assert_eq(sys_lookup(&sys_abi_x86_64, 0)->fn, sys_lookup(&sys_abi_i386, 3)->fn, "read");
	cr_assert_eq(sys_lookup(&sys_abi_x86_64, 0)->fn, sys_lookup(&sys_abi_hppa, 3)->fn, "read");
	cr_assert_eq(sys_lookup(&sys_abi_x86_64, 0)->fn, sys_lookup(&sys_abi_ia64, 1026)->fn, "read");
	cr_assert_neq(sys_lookup(&sys_abi_x86_64, 17)->fn, sys_lookup(&sys_abi_i386, 180)->fn,
		      "pread64: i386 passes the offset in two registers");
	cr_assert_eq(sys_lookup(&sys_abi_i386, 120)->fn, sys_lookup(&sys_abi_hppa, 120)->fn,
		     "clone: the same argument order on i386 and hppa");
	cr_assert_null(sys_lookup(&sys_abi_hppa, 435)->fn, "no clone3 where the stack grows up");
	cr_assert_str_eq(sys_lookup(&sys_abi_i386, 90)->args, "p", "i386's old mmap");
	cr_assert_str_eq(sys_lookup(&sys_abi_hppa, 90)->args, "pudxdx", "hppa's mmap");
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
