/* The system-call cost model of the PROFIL program (--prf): how much guest time each emulated
 * call takes, in instructions of the virtual CPU, and whether it counts as I/O or as "DOS"
 * (the rest of the system). Emulated calls take no guest instructions, so without a model a
 * program that waits on I/O would look CPU-bound. The figures are round, documented numbers
 * (profemu.1), not measurements: I/O calls cost 2000 instructions plus one per 4 bytes moved,
 * every other call 500. */
#include <string.h>

#include "process.h"

enum { IO_BASE = 2000, IO_BYTES_PER_INSN = 4, OTHER_BASE = 500 };

static bool is_io(const char *name)
{
	static const char *const io_calls[] = {
		"read", "write", "readv", "writev", "pread64", "pwrite64", "open", "openat", "creat",
		"close", "getdents64", "fsync", "ftruncate", "truncate", "ftruncate64", "lseek",
		"_llseek", "stat", "lstat", "fstat", "newfstatat", "stat64", "lstat64", "fstat64",
		"fstatat64", "statx", "unlink", "unlinkat", "rename", "renameat", "renameat2",
		"mkdir", "mkdirat", "rmdir", "readlink", "readlinkat", "access", "faccessat",
		"faccessat2", "ioctl", "pipe", "pipe2", "dup", "dup2", "dup3", "fcntl", "fcntl64",
	};
	for (size_t i = 0; i < sizeof(io_calls) / sizeof(io_calls[0]); i++)
		if (strcmp(name, io_calls[i]) == 0)
			return true;
	return false;
}

/* Also used by the DOS layer's documentation: the cost of one call and its class. */
uint64_t sys_call_cost(const struct sys_entry *e, int64_t result, enum sys_charge *charge)
{
	if (e && is_io(e->name)) {
		*charge = SYS_CHARGE_IO;
		bool moves_bytes = strstr(e->name, "read") == e->name || strstr(e->name, "write") == e->name ||
				   strncmp(e->name, "pread", 5) == 0 || strncmp(e->name, "pwrite", 6) == 0;
		uint64_t bytes = moves_bytes && result > 0 ? (uint64_t)result : 0;
		return IO_BASE + bytes / IO_BYTES_PER_INSN;
	}
	*charge = SYS_CHARGE_OTHER;
	return OTHER_BASE;
}
