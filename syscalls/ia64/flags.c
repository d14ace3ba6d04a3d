/* The flag and command numbers of IA-64 Linux guests: asm-generic's (arch/ia64/include/uapi/asm/
 * {fcntl,ioctls,termbits}.h include the generic headers), shared with x86 in
 * abi_flags_generic.h. Its own: mman.h has no MAP_32BIT (and adds MAP_GROWSUP 0x0200, which no
 * handler knows), and signal.h has no SA_RESTORER, so struct sigaction is {handler, flags,
 * mask}: signal handlers return through the kernel's gate page, not a user restorer. */
#include "../abi_flags_generic.h"
#include "abi.h"

static const struct abi_pair mmap_bits[] = {
	{ 0x01, ABI_MAP_SHARED }, { 0x02, ABI_MAP_PRIVATE }, { 0x10, ABI_MAP_FIXED },
	{ 0x20, ABI_MAP_ANONYMOUS }, { 0x0100, ABI_MAP_GROWSDOWN },
	{ 0x0800, ABI_MAP_DENYWRITE }, { 0x1000, ABI_MAP_EXECUTABLE }, { 0x2000, ABI_MAP_LOCKED },
	{ 0x4000, ABI_MAP_NORESERVE }, { 0x8000, ABI_MAP_POPULATE }, { 0x10000, ABI_MAP_NONBLOCK },
	{ 0x20000, ABI_MAP_STACK }, { 0x40000, ABI_MAP_HUGETLB }, { 0x80000, ABI_MAP_SYNC },
	{ 0x100000, ABI_MAP_FIXED_NOREPLACE },
};

static const struct abi_pair sa_bits[] = {
	{ 0x1, ABI_SA_NOCLDSTOP }, { 0x2, ABI_SA_NOCLDWAIT }, { 0x4, ABI_SA_SIGINFO },
	{ 0x08000000, ABI_SA_ONSTACK }, { 0x10000000, ABI_SA_RESTART },
	{ 0x40000000, ABI_SA_NODEFER }, { 0x80000000u, ABI_SA_RESETHAND },
};

const struct abi_flags abi_flags_ia64 = {
	.open = ABI_MAP(generic_open_bits),
	.mmap = ABI_MAP(mmap_bits),
	.prot = ABI_MAP(generic_prot_bits),
	.sa = ABI_MAP(sa_bits),
	.fcntl_cmd = ABI_MAP(generic_fcntl_cmds),
	.lock_type = ABI_MAP(generic_lock_types),
	.ioctl = ABI_MAP(generic_ioctls),
	.termios_iflag = ABI_MAP(generic_termios_iflags),
	.flock64_packed = false,	/* LP64: struct flock only */
	.epoll_event_packed = false,
	.sol_socket = ABI_SOL_SOCKET,
	.sockopt = ABI_MAP(generic_sockopts),
	.at_fdcwd = ABI_AT_FDCWD,
};
