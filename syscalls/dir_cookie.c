/* 32-bit guests and 64-bit directory cookies.
 *
 * getdents64's d_off is an opaque cookie that telldir returns and seekdir hands back to lseek.
 * Hashed directories (ext4's dir_index, the default) make it a hash: for a 64-bit caller
 * (major >> 1) << 32 | minor, for a 32-bit caller (int 0x80, compat) just major >> 1. We call
 * the host as a 64-bit process, so a 32-bit guest would get cookies its 32-bit off_t cannot
 * hold, and its libc's readdir fails with EOVERFLOW. The fix keeps the high half, which is
 * exactly the 32-bit caller's cookie (the 64-bit EOF 0x7fff...ff becomes the 32-bit EOF
 * 0x7fffffff), and shifts it back on lseek: seeking to (major >> 1) << 32 with minor 0 is
 * what the kernel does for a 32-bit seek. No state is kept: a directory uses hash cookies iff
 * its cookies do not fit 31 bits, which a fresh read of it shows (linear directories count
 * bytes, which stay small). */
#include "dir_cookie.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

/* linux_dirent64: u64 d_ino, s64 d_off at 8, u16 d_reclen at 16, u8 d_type, name at 19. */
enum { DIRENT_OFF = 8, DIRENT_RECLEN = 16, DIRENT_NAME = 19 };

#define COOKIE32_EOF INT32_MAX

static int64_t record_off(const uint8_t *d)
{
	int64_t v;
	memcpy(&v, d + DIRENT_OFF, sizeof v);
	return v;
}

static uint16_t record_len(const uint8_t *d)
{
	uint16_t v;
	memcpy(&v, d + DIRENT_RECLEN, sizeof v);
	return v;
}

/* The offset of the record after the one at off, or len when there is none. */
static size_t next_record(const uint8_t *buf, size_t len, size_t off)
{
	uint16_t reclen = record_len(buf + off);
	return reclen == 0 || off + reclen + DIRENT_NAME > len ? len : off + reclen;
}

static bool has_hash_cookies(const uint8_t *buf, size_t len)
{
	if (len < DIRENT_NAME)
		return false;
	for (size_t off = 0; off < len; off = next_record(buf, len, off)) {
		int64_t cookie = record_off(buf + off);
		if (cookie < 0 || cookie > INT32_MAX)
			return true;
	}
	return false;
}

static int64_t cookie_to_guest(int64_t host)
{
	return (int64_t)((uint64_t)host >> 32) & INT32_MAX;
}

static int64_t cookie_to_host(int64_t guest)
{
	return guest == COOKIE32_EOF ? INT64_MAX : (int64_t)((uint64_t)guest << 32);
}

void dir_cookies_to_guest32(uint8_t *buf, size_t len)
{
	if (!has_hash_cookies(buf, len))
		return;
	for (size_t off = 0; off < len; off = next_record(buf, len, off)) {
		int64_t cookie = cookie_to_guest(record_off(buf + off));
		memcpy(buf + off + DIRENT_OFF, &cookie, sizeof cookie);
	}
}

/* Reads the start of the directory through a new open file description, leaving the guest's
 * position alone, and says whether its cookies are hashes. */
static bool dir_uses_hash_cookies(int fd)
{
	int probe = openat(fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (probe < 0)
		return false;
	uint8_t buf[4096];
	long n = syscall(SYS_getdents64, probe, buf, sizeof buf);
	close(probe);
	return n > 0 && has_hash_cookies(buf, (size_t)n);
}

int64_t dir_cookie_lseek32(int fd, int64_t offset, int whence)
{
	struct stat st;
	bool hashed = fstat(fd, &st) == 0 && S_ISDIR(st.st_mode) && dir_uses_hash_cookies(fd);
	if (hashed && whence == SEEK_SET)
		offset = cookie_to_host(offset);
	off_t r = lseek(fd, (off_t)offset, whence);
	if (r < 0)
		return -errno;
	return hashed ? cookie_to_guest(r) : r;
}
