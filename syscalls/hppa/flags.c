/* The flag and command numbers of 32-bit hppa Linux guests, from the parisc kernel's uapi
 * headers (arch/parisc/include/uapi/asm/{fcntl,mman,signal,ioctls,termbits}.h; what those
 * leave out is asm-generic's). They differ from the generic numbering almost everywhere:
 * O_CREAT 0400, MAP_ANONYMOUS 0x10, SA_SIGINFO 0x10, F_GETLK64 8, F_RDLCK 1, TCGETS
 * _IOR('T', 16, struct termios) with parisc's swapped _IOC_READ/_IOC_WRITE, IMAXBEL 0x4000.
 * tests/unit/test_abi_hppa.c checks them against the same headers' values. */
#include "../abi_flags.h"
#include "abi.h"

static const struct abi_pair open_bits[] = {
	{ 000000400, ABI_O_CREAT }, { 000002000, ABI_O_EXCL }, { 000400000, ABI_O_NOCTTY },
	{ 000001000, ABI_O_TRUNC }, { 000000010, ABI_O_APPEND }, { 000200000, ABI_O_NONBLOCK },
	{ 001000000, ABI_O_DSYNC }, { 000020000, ABI_O_ASYNC }, { 000040000, ABI_O_DIRECT },
	{ 000004000, ABI_O_LARGEFILE }, { 000010000, ABI_O_DIRECTORY },
	{ 000000200, ABI_O_NOFOLLOW }, { 004000000, ABI_O_NOATIME }, { 010000000, ABI_O_CLOEXEC },
	{ 000100000, ABI_O_SYNC_BIT }, { 020000000, ABI_O_PATH }, { 040000000, ABI_O_TMPFILE_BIT },
};

static const struct abi_pair mmap_bits[] = {
	{ 0x01, ABI_MAP_SHARED }, { 0x02, ABI_MAP_PRIVATE }, { 0x04, ABI_MAP_FIXED },
	{ 0x10, ABI_MAP_ANONYMOUS }, { 0x0800, ABI_MAP_DENYWRITE }, { 0x1000, ABI_MAP_EXECUTABLE },
	{ 0x2000, ABI_MAP_LOCKED }, { 0x4000, ABI_MAP_NORESERVE }, { 0x8000, ABI_MAP_GROWSDOWN },
	{ 0x10000, ABI_MAP_POPULATE }, { 0x20000, ABI_MAP_NONBLOCK }, { 0x40000, ABI_MAP_STACK },
	{ 0x80000, ABI_MAP_HUGETLB }, { 0x100000, ABI_MAP_FIXED_NOREPLACE },
};

static const struct abi_pair prot_bits[] = {
	{ 0x1, ABI_PROT_READ }, { 0x2, ABI_PROT_WRITE }, { 0x4, ABI_PROT_EXEC },
	{ 0x8, ABI_PROT_SEM }, { 0x01000000, ABI_PROT_GROWSDOWN }, { 0x02000000, ABI_PROT_GROWSUP },
};

/* No SA_RESTORER: hppa's handlers return through a trampoline the kernel provides. */
static const struct abi_pair sa_bits[] = {
	{ 0x01, ABI_SA_ONSTACK }, { 0x04, ABI_SA_RESETHAND }, { 0x08, ABI_SA_NOCLDSTOP },
	{ 0x10, ABI_SA_SIGINFO }, { 0x20, ABI_SA_NODEFER }, { 0x40, ABI_SA_RESTART },
	{ 0x80, ABI_SA_NOCLDWAIT },
};

static const struct abi_pair fcntl_cmds[] = {
	{ 0, ABI_F_DUPFD }, { 1, ABI_F_GETFD }, { 2, ABI_F_SETFD }, { 3, ABI_F_GETFL },
	{ 4, ABI_F_SETFL }, { 5, ABI_F_GETLK }, { 6, ABI_F_SETLK }, { 7, ABI_F_SETLKW },
	{ 8, ABI_F_GETLK64 }, { 9, ABI_F_SETLK64 }, { 10, ABI_F_SETLKW64 },
	{ 11, ABI_F_GETOWN }, { 12, ABI_F_SETOWN }, { 13, ABI_F_SETSIG }, { 14, ABI_F_GETSIG },
	{ 36, ABI_F_OFD_GETLK }, { 37, ABI_F_OFD_SETLK }, { 38, ABI_F_OFD_SETLKW },
	{ 1024, ABI_F_SETLEASE }, { 1025, ABI_F_GETLEASE }, { 1026, ABI_F_NOTIFY },
	{ 1030, ABI_F_DUPFD_CLOEXEC }, { 1031, ABI_F_SETPIPE_SZ }, { 1032, ABI_F_GETPIPE_SZ },
	{ 1033, ABI_F_ADD_SEALS }, { 1034, ABI_F_GET_SEALS },
};

static const struct abi_pair lock_types[] = {
	{ 1, ABI_F_RDLCK }, { 2, ABI_F_WRLCK }, { 3, ABI_F_UNLCK },
};

/* asm/socket.h: SOL_SOCKET is 0xffff and the SO_* names are HP-UX's */
static const struct abi_pair sockopts[] = {
	{ 0x0001, ABI_SO_DEBUG }, { 0x0004, ABI_SO_REUSEADDR }, { 0x0008, ABI_SO_KEEPALIVE },
	{ 0x0010, ABI_SO_DONTROUTE }, { 0x0020, ABI_SO_BROADCAST }, { 0x0080, ABI_SO_LINGER },
	{ 0x0100, ABI_SO_OOBINLINE }, { 0x0200, ABI_SO_REUSEPORT }, { 0x1001, ABI_SO_SNDBUF },
	{ 0x1002, ABI_SO_RCVBUF }, { 0x1003, ABI_SO_SNDLOWAT }, { 0x1004, ABI_SO_RCVLOWAT },
	{ 0x1005, ABI_SO_SNDTIMEO_OLD }, { 0x1006, ABI_SO_RCVTIMEO_OLD }, { 0x1007, ABI_SO_ERROR },
	{ 0x1008, ABI_SO_TYPE }, { 0x100a, ABI_SO_SNDBUFFORCE }, { 0x100b, ABI_SO_RCVBUFFORCE },
	{ 0x1028, ABI_SO_PROTOCOL }, { 0x1029, ABI_SO_DOMAIN }, { 0x400b, ABI_SO_NO_CHECK },
	{ 0x400c, ABI_SO_PRIORITY }, { 0x400e, ABI_SO_BSDCOMPAT }, { 0x4010, ABI_SO_PASSCRED },
	{ 0x4011, ABI_SO_PEERCRED }, { 0x401c, ABI_SO_ACCEPTCONN }, { 0x4040, ABI_SO_RCVTIMEO_NEW },
	{ 0x4041, ABI_SO_SNDTIMEO_NEW },
};

static const struct abi_pair ioctls[] = {
	{ 0x40245410, ABI_TCGETS }, { 0x80245411, ABI_TCSETS }, { 0x80245412, ABI_TCSETSW },
	{ 0x80245413, ABI_TCSETSF }, { 0x5413, ABI_TIOCGWINSZ }, { 0x5414, ABI_TIOCSWINSZ },
	{ 0x541b, ABI_FIONREAD }, { 0x5421, ABI_FIONBIO }, { 0x5450, ABI_FIONCLEX },
	{ 0x5451, ABI_FIOCLEX },
};

static const struct abi_pair termios_iflags[] = {
	{ 01, ABI_IGNBRK }, { 02, ABI_BRKINT }, { 04, ABI_IGNPAR }, { 010, ABI_PARMRK },
	{ 020, ABI_INPCK }, { 040, ABI_ISTRIP }, { 0100, ABI_INLCR }, { 0200, ABI_IGNCR },
	{ 0400, ABI_ICRNL }, { 01000, ABI_IUCLC }, { 02000, ABI_IXON }, { 04000, ABI_IXANY },
	{ 010000, ABI_IXOFF }, { 040000, ABI_IMAXBEL }, { 0100000, ABI_IUTF8 },
};

const struct abi_flags abi_flags_hppa = {
	.open = ABI_MAP(open_bits),
	.mmap = ABI_MAP(mmap_bits),
	.prot = ABI_MAP(prot_bits),
	.sa = ABI_MAP(sa_bits),
	.fcntl_cmd = ABI_MAP(fcntl_cmds),
	.lock_type = ABI_MAP(lock_types),
	.ioctl = ABI_MAP(ioctls),
	.termios_iflag = ABI_MAP(termios_iflags),
	.flock64_packed = false,
	.epoll_event_packed = false,
	.sol_socket = 0xffff,
	.sockopt = ABI_MAP(sockopts),
	.at_fdcwd = ABI_AT_FDCWD,
};
