/* The x86 Linux flag tables (syscalls/x86_64/flags.c, shared by x86-64 and i386) against the
 * host's own headers: on an x86 Linux host <fcntl.h>, <sys/mman.h>, <signal.h> and
 * <sys/ioctl.h> spell exactly the values an x86 guest passes, so they are the oracle. */
#include <criterion/criterion.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <termios.h>

#include "../../syscalls/abi_flags.h"
#include "../../syscalls/syscall.h"

#if !defined(__x86_64__) && !defined(__i386__)
Test(abi_flags_x86, host_headers_are_the_oracle)
{
	cr_skip_test("the host is not x86: its headers are not an x86 guest's values");
}
#else
static const struct abi_flags *x86 = &abi_flags_linux_x86;

/* The guest's spelling of one neutral bit. */
static uint64_t bit(const struct abi_map *m, uint32_t neutral)
{
	return abi_bits_to_guest(m, neutral);
}

static uint64_t value(const struct abi_map *m, uint32_t neutral)
{
	uint64_t guest = UINT64_MAX;
	cr_assert(abi_value_to_guest(m, neutral, &guest), "neutral %u is listed", neutral);
	return guest;
}

Test(abi_flags_x86, both_abis_use_the_generic_tables)
{
	cr_assert_eq(sys_abi_x86_64.flags, x86);
	cr_assert_eq(sys_abi_i386.flags, x86);
}

Test(abi_flags_x86, open_flags_match_the_host)
{
	const struct abi_map *m = &x86->open;
	cr_assert_eq(bit(m, ABI_O_CREAT), O_CREAT);
	cr_assert_eq(bit(m, ABI_O_EXCL), O_EXCL);
	cr_assert_eq(bit(m, ABI_O_NOCTTY), O_NOCTTY);
	cr_assert_eq(bit(m, ABI_O_TRUNC), O_TRUNC);
	cr_assert_eq(bit(m, ABI_O_APPEND), O_APPEND);
	cr_assert_eq(bit(m, ABI_O_NONBLOCK), O_NONBLOCK);
	cr_assert_eq(bit(m, ABI_O_DSYNC), O_DSYNC);
	cr_assert_eq(bit(m, ABI_O_ASYNC), O_ASYNC);
	cr_assert_eq(bit(m, ABI_O_DIRECT), O_DIRECT);
	cr_assert_eq(bit(m, ABI_O_DIRECTORY), O_DIRECTORY);
	cr_assert_eq(bit(m, ABI_O_NOFOLLOW), O_NOFOLLOW);
	cr_assert_eq(bit(m, ABI_O_NOATIME), O_NOATIME);
	cr_assert_eq(bit(m, ABI_O_CLOEXEC), O_CLOEXEC);
	cr_assert_eq(bit(m, ABI_O_SYNC_BIT | ABI_O_DSYNC), O_SYNC);
	cr_assert_eq(bit(m, ABI_O_PATH), O_PATH);
	cr_assert_eq(bit(m, ABI_O_TMPFILE_BIT | ABI_O_DIRECTORY), O_TMPFILE);
	cr_assert_eq(bit(m, ABI_O_LARGEFILE), 0100000, "the kernel's value (glibc's is 0 on LP64)");
}

Test(abi_flags_x86, mmap_and_prot_match_the_host)
{
	const struct abi_map *m = &x86->mmap;
	cr_assert_eq(bit(m, ABI_MAP_SHARED), MAP_SHARED);
	cr_assert_eq(bit(m, ABI_MAP_PRIVATE), MAP_PRIVATE);
	cr_assert_eq(bit(m, ABI_MAP_FIXED), MAP_FIXED);
	cr_assert_eq(bit(m, ABI_MAP_ANONYMOUS), MAP_ANONYMOUS);
	cr_assert_eq(bit(m, ABI_MAP_GROWSDOWN), MAP_GROWSDOWN);
	cr_assert_eq(bit(m, ABI_MAP_DENYWRITE), MAP_DENYWRITE);
	cr_assert_eq(bit(m, ABI_MAP_EXECUTABLE), MAP_EXECUTABLE);
	cr_assert_eq(bit(m, ABI_MAP_LOCKED), MAP_LOCKED);
	cr_assert_eq(bit(m, ABI_MAP_NORESERVE), MAP_NORESERVE);
	cr_assert_eq(bit(m, ABI_MAP_POPULATE), MAP_POPULATE);
	cr_assert_eq(bit(m, ABI_MAP_NONBLOCK), MAP_NONBLOCK);
	cr_assert_eq(bit(m, ABI_MAP_STACK), MAP_STACK);
	cr_assert_eq(bit(m, ABI_MAP_HUGETLB), MAP_HUGETLB);
	cr_assert_eq(bit(m, ABI_MAP_FIXED_NOREPLACE), MAP_FIXED_NOREPLACE);
#ifdef MAP_32BIT
	cr_assert_eq(bit(m, ABI_MAP_32BIT), MAP_32BIT);
#endif
	cr_assert_eq(bit(&x86->prot, ABI_PROT_READ), PROT_READ);
	cr_assert_eq(bit(&x86->prot, ABI_PROT_WRITE), PROT_WRITE);
	cr_assert_eq(bit(&x86->prot, ABI_PROT_EXEC), PROT_EXEC);
	cr_assert_eq(bit(&x86->prot, ABI_PROT_GROWSDOWN), PROT_GROWSDOWN);
	cr_assert_eq(bit(&x86->prot, ABI_PROT_GROWSUP), PROT_GROWSUP);
}

Test(abi_flags_x86, sa_flags_match_the_host)
{
	const struct abi_map *m = &x86->sa;
	cr_assert_eq(bit(m, ABI_SA_NOCLDSTOP), SA_NOCLDSTOP);
	cr_assert_eq(bit(m, ABI_SA_NOCLDWAIT), SA_NOCLDWAIT);
	cr_assert_eq(bit(m, ABI_SA_SIGINFO), SA_SIGINFO);
	cr_assert_eq(bit(m, ABI_SA_RESTORER), 0x04000000, "kernel-only: glibc does not export it");
	cr_assert_eq(bit(m, ABI_SA_ONSTACK), SA_ONSTACK);
	cr_assert_eq(bit(m, ABI_SA_RESTART), SA_RESTART);
	cr_assert_eq(bit(m, ABI_SA_NODEFER), SA_NODEFER);
	cr_assert_eq(bit(m, ABI_SA_RESETHAND), (uint32_t)SA_RESETHAND);
}

Test(abi_flags_x86, fcntl_commands_and_lock_types_match_the_host)
{
	const struct abi_map *m = &x86->fcntl_cmd;
	cr_assert_eq(value(m, ABI_F_DUPFD), F_DUPFD);
	cr_assert_eq(value(m, ABI_F_GETFD), F_GETFD);
	cr_assert_eq(value(m, ABI_F_SETFD), F_SETFD);
	cr_assert_eq(value(m, ABI_F_GETFL), F_GETFL);
	cr_assert_eq(value(m, ABI_F_SETFL), F_SETFL);
	cr_assert_eq(value(m, ABI_F_GETLK), 5, "the kernel's F_GETLK (glibc's is F_GETLK64 on LP64)");
	cr_assert_eq(value(m, ABI_F_SETLK), 6);
	cr_assert_eq(value(m, ABI_F_SETLKW), 7);
	cr_assert_eq(value(m, ABI_F_SETOWN), F_SETOWN);
	cr_assert_eq(value(m, ABI_F_GETOWN), F_GETOWN);
	cr_assert_eq(value(m, ABI_F_SETSIG), F_SETSIG);
	cr_assert_eq(value(m, ABI_F_GETSIG), F_GETSIG);
	cr_assert_eq(value(m, ABI_F_OFD_GETLK), F_OFD_GETLK);
	cr_assert_eq(value(m, ABI_F_OFD_SETLK), F_OFD_SETLK);
	cr_assert_eq(value(m, ABI_F_OFD_SETLKW), F_OFD_SETLKW);
	cr_assert_eq(value(m, ABI_F_SETLEASE), F_SETLEASE);
	cr_assert_eq(value(m, ABI_F_GETLEASE), F_GETLEASE);
	cr_assert_eq(value(m, ABI_F_NOTIFY), F_NOTIFY);
	cr_assert_eq(value(m, ABI_F_DUPFD_CLOEXEC), F_DUPFD_CLOEXEC);
	cr_assert_eq(value(m, ABI_F_SETPIPE_SZ), F_SETPIPE_SZ);
	cr_assert_eq(value(m, ABI_F_GETPIPE_SZ), F_GETPIPE_SZ);
	cr_assert_eq(value(m, ABI_F_ADD_SEALS), F_ADD_SEALS);
	cr_assert_eq(value(m, ABI_F_GET_SEALS), F_GET_SEALS);
	cr_assert_eq(value(&x86->lock_type, ABI_F_RDLCK), F_RDLCK);
	cr_assert_eq(value(&x86->lock_type, ABI_F_WRLCK), F_WRLCK);
	cr_assert_eq(value(&x86->lock_type, ABI_F_UNLCK), F_UNLCK);
}

Test(abi_flags_x86, terminal_ioctls_and_termios_match_the_host)
{
	const struct abi_map *m = &x86->ioctl;
	cr_assert_eq(value(m, ABI_TCGETS), TCGETS);
	cr_assert_eq(value(m, ABI_TCSETS), TCSETS);
	cr_assert_eq(value(m, ABI_TCSETSW), TCSETSW);
	cr_assert_eq(value(m, ABI_TCSETSF), TCSETSF);
	cr_assert_eq(value(m, ABI_TIOCGWINSZ), TIOCGWINSZ);
	cr_assert_eq(value(m, ABI_TIOCSWINSZ), TIOCSWINSZ);
	cr_assert_eq(value(m, ABI_FIONREAD), FIONREAD);
	cr_assert_eq(value(m, ABI_FIONBIO), FIONBIO);
	cr_assert_eq(value(m, ABI_FIONCLEX), FIONCLEX);
	cr_assert_eq(value(m, ABI_FIOCLEX), FIOCLEX);
	const struct abi_map *i = &x86->termios_iflag;
	cr_assert_eq(bit(i, ABI_ICRNL), ICRNL);
	cr_assert_eq(bit(i, ABI_IXON), IXON);
	cr_assert_eq(bit(i, ABI_IXOFF), IXOFF);
	cr_assert_eq(bit(i, ABI_IMAXBEL), IMAXBEL);
	cr_assert_eq(bit(i, ABI_IUTF8), IUTF8);
}

Test(abi_flags_x86, every_row_maps_a_value_onto_itself)
{
	const struct abi_map *maps[] = { &x86->open, &x86->mmap, &x86->prot, &x86->sa,
					 &x86->fcntl_cmd, &x86->lock_type, &x86->ioctl,
					 &x86->termios_iflag };
	for (size_t k = 0; k < sizeof maps / sizeof maps[0]; k++)
		for (unsigned i = 0; i < maps[k]->len; i++)
			cr_assert_eq(maps[k]->pairs[i].guest, maps[k]->pairs[i].neutral,
				     "map %zu row %u: x86 is the neutral numbering", k, i);
}
#endif

/* The translation itself: unknown bits drop, bits that share a meaning go both ways. */
Test(abi_flags, translation_rules)
{
	static const struct abi_pair bits[] = { { 0x10, 0x1 }, { 0x20, 0x2 } };
	const struct abi_map m = ABI_MAP(bits);
	cr_assert_eq(abi_bits_to_neutral(&m, 0x30 | 0x40), 0x3, "0x40 is not listed");
	cr_assert_eq(abi_bits_to_guest(&m, 0x3 | 0x8), 0x30);
	uint32_t n;
	uint64_t g;
	cr_assert(abi_value_to_neutral(&m, 0x20, &n));
	cr_assert_eq(n, 0x2);
	cr_assert_not(abi_value_to_neutral(&m, 0x30, &n), "values are not bit sets");
	cr_assert(abi_value_to_guest(&m, 0x1, &g));
	cr_assert_eq(g, 0x10);
	cr_assert_not(abi_value_to_guest(&m, 0x4, &g));
}
