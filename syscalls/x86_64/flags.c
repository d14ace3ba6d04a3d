/* The flag and command numbers of x86 Linux guests (x86-64 and i386 alike): the kernel's
 * asm-generic values (include/uapi/asm-generic/{fcntl,mman-common,signal-defs,ioctls,termbits}.h and
 * arch/x86/include/uapi/asm/mman.h for MAP_32BIT); the tables all generic ABIs share are
 * abi_flags_generic.h, the mmap and sigaction bits here.
 * tests/unit/test_abi_flags_x86.c checks them against the host's headers. */
#include "../abi_flags_generic.h"

static const struct abi_pair mmap_bits[] = {
	{ 0x01, ABI_MAP_SHARED }, { 0x02, ABI_MAP_PRIVATE }, { 0x10, ABI_MAP_FIXED },
	{ 0x20, ABI_MAP_ANONYMOUS }, { 0x40, ABI_MAP_32BIT }, { 0x0100, ABI_MAP_GROWSDOWN },
	{ 0x0800, ABI_MAP_DENYWRITE }, { 0x1000, ABI_MAP_EXECUTABLE }, { 0x2000, ABI_MAP_LOCKED },
	{ 0x4000, ABI_MAP_NORESERVE }, { 0x8000, ABI_MAP_POPULATE }, { 0x10000, ABI_MAP_NONBLOCK },
	{ 0x20000, ABI_MAP_STACK }, { 0x40000, ABI_MAP_HUGETLB }, { 0x80000, ABI_MAP_SYNC },
	{ 0x100000, ABI_MAP_FIXED_NOREPLACE },
};

static const struct abi_pair sa_bits[] = {
	{ 0x1, ABI_SA_NOCLDSTOP }, { 0x2, ABI_SA_NOCLDWAIT }, { 0x4, ABI_SA_SIGINFO },
	{ 0x04000000, ABI_SA_RESTORER }, { 0x08000000, ABI_SA_ONSTACK },
	{ 0x10000000, ABI_SA_RESTART }, { 0x40000000, ABI_SA_NODEFER },
	{ 0x80000000u, ABI_SA_RESETHAND },
};

const struct abi_flags abi_flags_linux_x86 = {
	.open = ABI_MAP(generic_open_bits),
	.mmap = ABI_MAP(mmap_bits),
	.prot = ABI_MAP(generic_prot_bits),
	.sa = ABI_MAP(sa_bits),
	.fcntl_cmd = ABI_MAP(generic_fcntl_cmds),
	.lock_type = ABI_MAP(generic_lock_types),
	.ioctl = ABI_MAP(generic_ioctls),
	.termios_iflag = ABI_MAP(generic_termios_iflags),
	.flock64_packed = true,		/* i386's; x86-64 has no struct flock64 of its own */
	.epoll_event_packed = true,	/* 12 bytes: packed on x86-64, 4-aligned u64 on i386 */
	.sol_socket = ABI_SOL_SOCKET,
	.sockopt = ABI_MAP(generic_sockopts),
	.at_fdcwd = ABI_AT_FDCWD,
};
