/* The asm-generic flag and command numbers that every "generic" Linux ABI shares (x86-64,
 * i386 and IA-64: include/uapi/asm-generic/{fcntl,mman-common,ioctls,termbits}.h). They are
 * the neutral numbering itself, so each row maps a value onto itself; the rows say which
 * values the emulator knows. An ABI's flags.c includes this and adds what is its own (x86's
 * MAP_32BIT and SA_RESTORER). */
#ifndef PROFEMU_ABI_FLAGS_GENERIC_H
#define PROFEMU_ABI_FLAGS_GENERIC_H

#include "abi_flags.h"

static const struct abi_pair generic_open_bits[] = {
	{ 0100, ABI_O_CREAT }, { 0200, ABI_O_EXCL }, { 0400, ABI_O_NOCTTY },
	{ 01000, ABI_O_TRUNC }, { 02000, ABI_O_APPEND }, { 04000, ABI_O_NONBLOCK },
	{ 010000, ABI_O_DSYNC }, { 020000, ABI_O_ASYNC }, { 040000, ABI_O_DIRECT },
	{ 0100000, ABI_O_LARGEFILE }, { 0200000, ABI_O_DIRECTORY }, { 0400000, ABI_O_NOFOLLOW },
	{ 01000000, ABI_O_NOATIME }, { 02000000, ABI_O_CLOEXEC }, { 04000000, ABI_O_SYNC_BIT },
	{ 010000000, ABI_O_PATH }, { 020000000, ABI_O_TMPFILE_BIT },
};

static const struct abi_pair generic_prot_bits[] = {
	{ 0x1, ABI_PROT_READ }, { 0x2, ABI_PROT_WRITE }, { 0x4, ABI_PROT_EXEC },
	{ 0x8, ABI_PROT_SEM }, { 0x01000000, ABI_PROT_GROWSDOWN }, { 0x02000000, ABI_PROT_GROWSUP },
};

static const struct abi_pair generic_fcntl_cmds[] = {
	{ 0, ABI_F_DUPFD }, { 1, ABI_F_GETFD }, { 2, ABI_F_SETFD }, { 3, ABI_F_GETFL },
	{ 4, ABI_F_SETFL }, { 5, ABI_F_GETLK }, { 6, ABI_F_SETLK }, { 7, ABI_F_SETLKW },
	{ 8, ABI_F_SETOWN }, { 9, ABI_F_GETOWN }, { 10, ABI_F_SETSIG }, { 11, ABI_F_GETSIG },
	{ 12, ABI_F_GETLK64 }, { 13, ABI_F_SETLK64 }, { 14, ABI_F_SETLKW64 },
	{ 36, ABI_F_OFD_GETLK }, { 37, ABI_F_OFD_SETLK }, { 38, ABI_F_OFD_SETLKW },
	{ 1024, ABI_F_SETLEASE }, { 1025, ABI_F_GETLEASE }, { 1026, ABI_F_NOTIFY },
	{ 1030, ABI_F_DUPFD_CLOEXEC }, { 1031, ABI_F_SETPIPE_SZ }, { 1032, ABI_F_GETPIPE_SZ },
	{ 1033, ABI_F_ADD_SEALS }, { 1034, ABI_F_GET_SEALS },
};

static const struct abi_pair generic_lock_types[] = {
	{ 0, ABI_F_RDLCK }, { 1, ABI_F_WRLCK }, { 2, ABI_F_UNLCK },
};

static const struct abi_pair generic_sockopts[] = {
	{ 1, ABI_SO_DEBUG }, { 2, ABI_SO_REUSEADDR }, { 3, ABI_SO_TYPE }, { 4, ABI_SO_ERROR },
	{ 5, ABI_SO_DONTROUTE }, { 6, ABI_SO_BROADCAST }, { 7, ABI_SO_SNDBUF }, { 8, ABI_SO_RCVBUF },
	{ 9, ABI_SO_KEEPALIVE }, { 10, ABI_SO_OOBINLINE }, { 11, ABI_SO_NO_CHECK },
	{ 12, ABI_SO_PRIORITY }, { 13, ABI_SO_LINGER }, { 14, ABI_SO_BSDCOMPAT },
	{ 15, ABI_SO_REUSEPORT }, { 16, ABI_SO_PASSCRED }, { 17, ABI_SO_PEERCRED },
	{ 18, ABI_SO_RCVLOWAT }, { 19, ABI_SO_SNDLOWAT }, { 20, ABI_SO_RCVTIMEO_OLD },
	{ 21, ABI_SO_SNDTIMEO_OLD }, { 30, ABI_SO_ACCEPTCONN }, { 32, ABI_SO_SNDBUFFORCE },
	{ 33, ABI_SO_RCVBUFFORCE }, { 38, ABI_SO_PROTOCOL }, { 39, ABI_SO_DOMAIN },
	{ 66, ABI_SO_RCVTIMEO_NEW }, { 67, ABI_SO_SNDTIMEO_NEW },
};

static const struct abi_pair generic_ioctls[] = {
	{ 0x5401, ABI_TCGETS }, { 0x5402, ABI_TCSETS }, { 0x5403, ABI_TCSETSW },
	{ 0x5404, ABI_TCSETSF }, { 0x5413, ABI_TIOCGWINSZ }, { 0x5414, ABI_TIOCSWINSZ },
	{ 0x541b, ABI_FIONREAD }, { 0x5421, ABI_FIONBIO }, { 0x5450, ABI_FIONCLEX },
	{ 0x5451, ABI_FIOCLEX },
};

static const struct abi_pair generic_termios_iflags[] = {
	{ 01, ABI_IGNBRK }, { 02, ABI_BRKINT }, { 04, ABI_IGNPAR }, { 010, ABI_PARMRK },
	{ 020, ABI_INPCK }, { 040, ABI_ISTRIP }, { 0100, ABI_INLCR }, { 0200, ABI_IGNCR },
	{ 0400, ABI_ICRNL }, { 01000, ABI_IUCLC }, { 02000, ABI_IXON }, { 04000, ABI_IXANY },
	{ 010000, ABI_IXOFF }, { 020000, ABI_IMAXBEL }, { 040000, ABI_IUTF8 },
};

#endif
