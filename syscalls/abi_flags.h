/* The guest's flag and command numbering, translated to one neutral numbering the shared
 * handlers test against (qemu linux-user's target_*.h tables, as data). The neutral values are
 * Linux's generic ones (asm-generic, which x86-64 and i386 use); an ABI whose kernel numbers
 * differ (hppa: MAP_ANONYMOUS 0x10, O_CREAT 0400, SA_SIGINFO 0x10) supplies tables that map
 * its values onto these. Handlers never compare a guest value with a host constant: guest ->
 * neutral here, neutral -> host (where the host call needs it) in the handler. */
#ifndef PROFEMU_ABI_FLAGS_H
#define PROFEMU_ABI_FLAGS_H

#include <stdbool.h>
#include <stdint.h>

/* One bit (flag sets) or one value (commands, request numbers) of the guest's numbering and
 * the neutral one it means. */
struct abi_pair {
	uint32_t guest;
	uint32_t neutral;
};

struct abi_map {
	const struct abi_pair *pairs;
	unsigned len;
};

#define ABI_MAP(array) { array, sizeof(array) / sizeof((array)[0]) }

/* Everything an ABI numbers its own way, besides system calls, errno and signals (those are
 * struct sys_abi functions). Each map lists every value the handlers know; a guest bit or
 * value missing from a map is unknown to the emulator. */
struct abi_flags {
	struct abi_map open;		/* open/fcntl O_* bits; the access mode (low 2 bits) is
					 * the same in every ABI and is not listed */
	struct abi_map mmap;		/* mmap MAP_* bits */
	struct abi_map prot;		/* mmap/mprotect PROT_* bits */
	struct abi_map sa;		/* sigaction sa_flags bits */
	struct abi_map fcntl_cmd;	/* fcntl commands */
	struct abi_map lock_type;	/* struct flock l_type values */
	struct abi_map ioctl;		/* terminal and file ioctl request numbers */
	struct abi_map termios_iflag;	/* struct termios c_iflag bits (the other fields and
					 * c_cc are the same in every ABI we serve) */
	/* A 32-bit ABI's struct flock64 (F_GETLK64...): i386 aligns its 64-bit offsets to 4
	 * bytes (packed: start @4, len @12, pid @20, 24 bytes); hppa to 8 (start @8, len @16,
	 * pid @24, 32 bytes, as a 64-bit ABI's struct flock). */
	bool flock64_packed;
	/* struct epoll_event {uint32 events; uint64 data}: packed to 12 bytes on x86-64 and i386
	 * (data @4), 16 bytes with data @8 elsewhere. */
	bool epoll_event_packed;
	/* Socket options: the guest's SOL_SOCKET level (hppa's is 0xffff) and its SO_* names at
	 * that level. The other levels (IPPROTO_IP, IPPROTO_TCP, ...) number alike everywhere. */
	uint32_t sol_socket;
	struct abi_map sockopt;
	/* The dirfd that means "the current directory" in the *at calls (every Linux ABI has
	 * -100, but it is the ABI's number: --strace names it AT_FDCWD from here). */
	int32_t at_fdcwd;
};

/* ---- the neutral numbering (Linux generic) ---- */

enum {
	ABI_O_ACCMODE = 03,
	ABI_O_CREAT = 0100, ABI_O_EXCL = 0200, ABI_O_NOCTTY = 0400, ABI_O_TRUNC = 01000,
	ABI_O_APPEND = 02000, ABI_O_NONBLOCK = 04000, ABI_O_DSYNC = 010000, ABI_O_ASYNC = 020000,
	ABI_O_DIRECT = 040000, ABI_O_LARGEFILE = 0100000, ABI_O_DIRECTORY = 0200000,
	ABI_O_NOFOLLOW = 0400000, ABI_O_NOATIME = 01000000, ABI_O_CLOEXEC = 02000000,
	ABI_O_SYNC_BIT = 04000000,	/* __O_SYNC: O_SYNC is this plus O_DSYNC */
	ABI_O_PATH = 010000000,
	ABI_O_TMPFILE_BIT = 020000000,	/* __O_TMPFILE: O_TMPFILE is this plus O_DIRECTORY */
};

enum {
	ABI_MAP_SHARED = 0x01, ABI_MAP_PRIVATE = 0x02,	/* both: MAP_SHARED_VALIDATE */
	ABI_MAP_FIXED = 0x10, ABI_MAP_ANONYMOUS = 0x20,
	ABI_MAP_GROWSDOWN = 0x0100, ABI_MAP_DENYWRITE = 0x0800, ABI_MAP_EXECUTABLE = 0x1000,
	ABI_MAP_LOCKED = 0x2000, ABI_MAP_NORESERVE = 0x4000, ABI_MAP_POPULATE = 0x8000,
	ABI_MAP_NONBLOCK = 0x10000, ABI_MAP_STACK = 0x20000, ABI_MAP_HUGETLB = 0x40000,
	ABI_MAP_SYNC = 0x80000, ABI_MAP_FIXED_NOREPLACE = 0x100000,
	ABI_MAP_32BIT = 0x40,		/* x86-64 only */
};

enum {
	ABI_PROT_READ = 0x1, ABI_PROT_WRITE = 0x2, ABI_PROT_EXEC = 0x4, ABI_PROT_SEM = 0x8,
	ABI_PROT_GROWSDOWN = 0x01000000, ABI_PROT_GROWSUP = 0x02000000,
};

enum {
	ABI_SA_NOCLDSTOP = 0x1, ABI_SA_NOCLDWAIT = 0x2, ABI_SA_SIGINFO = 0x4,
	ABI_SA_RESTORER = 0x04000000, ABI_SA_ONSTACK = 0x08000000, ABI_SA_RESTART = 0x10000000,
	ABI_SA_NODEFER = 0x40000000, ABI_SA_RESETHAND = 0x80000000u,
};

enum {
	ABI_F_DUPFD = 0, ABI_F_GETFD = 1, ABI_F_SETFD = 2, ABI_F_GETFL = 3, ABI_F_SETFL = 4,
	ABI_F_GETLK = 5, ABI_F_SETLK = 6, ABI_F_SETLKW = 7, ABI_F_SETOWN = 8, ABI_F_GETOWN = 9,
	ABI_F_SETSIG = 10, ABI_F_GETSIG = 11,
	ABI_F_GETLK64 = 12, ABI_F_SETLK64 = 13, ABI_F_SETLKW64 = 14,
	ABI_F_OFD_GETLK = 36, ABI_F_OFD_SETLK = 37, ABI_F_OFD_SETLKW = 38,
	ABI_F_SETLEASE = 1024, ABI_F_GETLEASE = 1025, ABI_F_NOTIFY = 1026,
	ABI_F_DUPFD_CLOEXEC = 1030, ABI_F_SETPIPE_SZ = 1031, ABI_F_GETPIPE_SZ = 1032,
	ABI_F_ADD_SEALS = 1033, ABI_F_GET_SEALS = 1034,
};

enum { ABI_F_RDLCK = 0, ABI_F_WRLCK = 1, ABI_F_UNLCK = 2 };

enum {
	ABI_TCGETS = 0x5401, ABI_TCSETS = 0x5402, ABI_TCSETSW = 0x5403, ABI_TCSETSF = 0x5404,
	ABI_TIOCGWINSZ = 0x5413, ABI_TIOCSWINSZ = 0x5414, ABI_FIONREAD = 0x541b,
	ABI_FIONBIO = 0x5421, ABI_FIONCLEX = 0x5450, ABI_FIOCLEX = 0x5451,
};

enum {
	ABI_IGNBRK = 01, ABI_BRKINT = 02, ABI_IGNPAR = 04, ABI_PARMRK = 010, ABI_INPCK = 020,
	ABI_ISTRIP = 040, ABI_INLCR = 0100, ABI_IGNCR = 0200, ABI_ICRNL = 0400, ABI_IUCLC = 01000,
	ABI_IXON = 02000, ABI_IXANY = 04000, ABI_IXOFF = 010000, ABI_IMAXBEL = 020000,
	ABI_IUTF8 = 040000,
};

/* SOL_SOCKET option names (asm-generic/socket.h). The _OLD timeouts take the ABI's struct
 * timeval ("long"s), the _NEW ones two 64-bit fields. */
/* AT_FDCWD of include/uapi/linux/fcntl.h. */
enum { ABI_AT_FDCWD = -100 };

enum {
	ABI_SOL_SOCKET = 1,
	ABI_SO_DEBUG = 1, ABI_SO_REUSEADDR = 2, ABI_SO_TYPE = 3, ABI_SO_ERROR = 4,
	ABI_SO_DONTROUTE = 5, ABI_SO_BROADCAST = 6, ABI_SO_SNDBUF = 7, ABI_SO_RCVBUF = 8,
	ABI_SO_KEEPALIVE = 9, ABI_SO_OOBINLINE = 10, ABI_SO_NO_CHECK = 11, ABI_SO_PRIORITY = 12,
	ABI_SO_LINGER = 13, ABI_SO_BSDCOMPAT = 14, ABI_SO_REUSEPORT = 15, ABI_SO_PASSCRED = 16,
	ABI_SO_PEERCRED = 17, ABI_SO_RCVLOWAT = 18, ABI_SO_SNDLOWAT = 19,
	ABI_SO_RCVTIMEO_OLD = 20, ABI_SO_SNDTIMEO_OLD = 21, ABI_SO_ACCEPTCONN = 30,
	ABI_SO_SNDBUFFORCE = 32, ABI_SO_RCVBUFFORCE = 33, ABI_SO_PROTOCOL = 38, ABI_SO_DOMAIN = 39,
	ABI_SO_RCVTIMEO_NEW = 66, ABI_SO_SNDTIMEO_NEW = 67,
};

/* ---- translation ---- */

/* A flag set: every listed guest bit that is set becomes its neutral bit (several guest bits
 * may share one neutral bit and the other way round); unlisted bits are dropped. */
uint64_t abi_bits_to_neutral(const struct abi_map *m, uint64_t guest);
/* The reverse: every listed neutral bit that is set in full becomes its guest bit. */
uint64_t abi_bits_to_guest(const struct abi_map *m, uint64_t neutral);
/* A value (command, request number): false if the map does not list it. */
bool abi_value_to_neutral(const struct abi_map *m, uint64_t guest, uint32_t *neutral);
bool abi_value_to_guest(const struct abi_map *m, uint32_t neutral, uint64_t *guest);

/* The Linux-generic tables x86-64 and i386 share (syscalls/x86_64/flags.c), hppa's and IA-64's. */
extern const struct abi_flags abi_flags_linux_x86;
extern const struct abi_flags abi_flags_hppa;
extern const struct abi_flags abi_flags_ia64;

#endif
