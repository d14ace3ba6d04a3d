/* File-descriptor calls: close, dup*, pipe*, fcntl and the few ioctls programs use to ask about
 * their terminal. Guest fds are host fds, so most of this passes through; what does not is
 * every struct the guest hands over (flock, termios, winsize), which is rebuilt field by field
 * in the guest's layout and byte order. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "abi_flags.h"
#include "handlers.h"
#include "path.h"
#include "sys_args.h"

int64_t sys_close(struct process *p, const uint64_t *a)
{
	(void)p;
	return close(sys_arg_int(a[0])) < 0 ? -errno : 0;
}

int64_t sys_dup(struct process *p, const uint64_t *a)
{
	(void)p;
	int fd = dup(sys_arg_int(a[0]));
	return fd < 0 ? -errno : fd;
}

int64_t sys_dup2(struct process *p, const uint64_t *a)
{
	(void)p;
	int fd = dup2(sys_arg_int(a[0]), sys_arg_int(a[1]));
	return fd < 0 ? -errno : fd;
}

int64_t sys_dup3(struct process *p, const uint64_t *a)
{
	int fd = dup3(sys_arg_int(a[0]), sys_arg_int(a[1]), sys_open_flags_to_host(p, a[2]));
	return fd < 0 ? -errno : fd;
}

/* pipe2(int fds[2], flags): the two fds are guest ints. If they cannot be stored the pipe is
 * closed again, as the kernel does, so the guest leaks nothing. */
static int64_t make_pipe(struct process *p, uint64_t fds_addr, int host_flags)
{
	int fds[2];
	if (pipe2(fds, host_flags) < 0)
		return -errno;
	if (gm_put(&p->mem, fds_addr, 4, (uint32_t)fds[0]) < 0 ||
	    gm_put(&p->mem, fds_addr + 4, 4, (uint32_t)fds[1]) < 0) {
		close(fds[0]);
		close(fds[1]);
		return -EFAULT;
	}
	return 0;
}

int64_t sys_pipe(struct process *p, const uint64_t *a)
{
	return make_pipe(p, a[0], 0);
}

int64_t sys_pipe2(struct process *p, const uint64_t *a)
{
	return make_pipe(p, a[0], sys_open_flags_to_host(p, a[1]));
}

/* ---- fcntl ---------------------------------------------------------------------------------- */

/* Where the fields of the guest's struct flock lie. l_type and l_whence are two shorts at 0
 * and 2 in every layout. */
struct flock_layout {
	unsigned start, len, pid, size;
	unsigned off_width;		/* bytes of l_start and l_len */
};

/* x86-64 struct flock: 64-bit offsets, naturally aligned. */
static const struct flock_layout flock_lp64 = { 8, 16, 24, 32, 8 };
/* i386 struct flock: 32-bit offsets. */
static const struct flock_layout flock_ilp32 = { 4, 8, 12, 16, 4 };
/* i386 struct flock64: 64-bit offsets at 4-byte alignment, so no padding after l_whence.
 * Other 32-bit ABIs (hppa) align them to 8, which is the LP64 layout. */
static const struct flock_layout flock64_i386 = { 4, 12, 20, 24, 8 };

static const struct flock_layout *flock64_layout(const struct process *p)
{
	return p->abi->flags->flock64_packed ? &flock64_i386 : &flock_lp64;
}

/* The layout a lock command (neutral number) uses, and the host command, or NULL if the
 * command is not a lock command of this ABI. 32-bit guests reach the 64-bit forms through
 * fcntl64; OFD locks always take struct flock64 there (glibc only issues them through
 * fcntl64). */
static const struct flock_layout *lock_command(const struct process *p, int cmd, int *host_cmd)
{
	bool ilp32 = p->mem.word_size == 4;
	const struct flock_layout *l64 = flock64_layout(p);
	switch (cmd) {
	case ABI_F_GETLK: *host_cmd = F_GETLK; break;
	case ABI_F_SETLK: *host_cmd = F_SETLK; break;
	case ABI_F_SETLKW: *host_cmd = F_SETLKW; break;
	case ABI_F_GETLK64: *host_cmd = F_GETLK; return ilp32 ? l64 : NULL;
	case ABI_F_SETLK64: *host_cmd = F_SETLK; return ilp32 ? l64 : NULL;
	case ABI_F_SETLKW64: *host_cmd = F_SETLKW; return ilp32 ? l64 : NULL;
	case ABI_F_OFD_GETLK: *host_cmd = F_OFD_GETLK; return ilp32 ? l64 : &flock_lp64;
	case ABI_F_OFD_SETLK: *host_cmd = F_OFD_SETLK; return ilp32 ? l64 : &flock_lp64;
	case ABI_F_OFD_SETLKW: *host_cmd = F_OFD_SETLKW; return ilp32 ? l64 : &flock_lp64;
	default: return NULL;
	}
	return ilp32 ? &flock_ilp32 : &flock_lp64;
}

static int64_t signed_field(const uint8_t *b, unsigned width, bool be)
{
	uint64_t v = bo_get(b, width, be);
	return width == 4 ? (int64_t)(int32_t)(uint32_t)v : (int64_t)v;
}

/* l_type: guest -> neutral (the ABI) -> host, and back; -1 for an unknown type. */
static int lock_type_to_host(const struct process *p, uint64_t guest)
{
	uint32_t neutral;
	if (!abi_value_to_neutral(&p->abi->flags->lock_type, guest, &neutral))
		return -1;
	switch (neutral) {
	case ABI_F_RDLCK: return F_RDLCK;
	case ABI_F_WRLCK: return F_WRLCK;
	case ABI_F_UNLCK: return F_UNLCK;
	default: return -1;
	}
}

static uint16_t lock_type_to_guest(const struct process *p, short host)
{
	uint32_t neutral = host == F_RDLCK ? ABI_F_RDLCK : host == F_WRLCK ? ABI_F_WRLCK : ABI_F_UNLCK;
	uint64_t guest = 0;
	abi_value_to_guest(&p->abi->flags->lock_type, neutral, &guest);
	return (uint16_t)guest;
}

static int64_t fcntl_lock(struct process *p, int fd, int host_cmd, const struct flock_layout *l,
			  uint64_t addr)
{
	uint8_t b[32];
	bool be = p->mem.big_endian;
	if (gm_read(&p->mem, addr, b, l->size) < 0)
		return -EFAULT;

	struct flock fl;
	memset(&fl, 0, sizeof fl);
	int type = lock_type_to_host(p, bo_get16(b + 0, be));
	if (type < 0)
		return -EINVAL;
	fl.l_type = (short)type;
	fl.l_whence = (short)bo_get16(b + 2, be);
	fl.l_start = (off_t)signed_field(b + l->start, l->off_width, be);
	fl.l_len = (off_t)signed_field(b + l->len, l->off_width, be);
	fl.l_pid = (pid_t)(int32_t)bo_get32(b + l->pid, be);

	if (fcntl(fd, host_cmd, &fl) < 0)
		return -errno;
	if (host_cmd != F_GETLK && host_cmd != F_OFD_GETLK)
		return 0;

	/* A conflicting lock beyond what a 32-bit off_t can say cannot be reported. */
	if (l->off_width == 4 && (fl.l_start > INT32_MAX || fl.l_len > INT32_MAX ||
				  fl.l_start < INT32_MIN || fl.l_len < INT32_MIN))
		return -EOVERFLOW;
	bo_put16(b + 0, lock_type_to_guest(p, fl.l_type), be);
	bo_put16(b + 2, (uint16_t)fl.l_whence, be);
	bo_put(b + l->start, (uint64_t)fl.l_start, l->off_width, be);
	bo_put(b + l->len, (uint64_t)fl.l_len, l->off_width, be);
	bo_put32(b + l->pid, (uint32_t)fl.l_pid, be);
	return gm_write(&p->mem, addr, b, l->size) < 0 ? -EFAULT : 0;
}

/* Commands (neutral numbers) whose argument is a plain int that means the same to the host,
 * with the host's number for them. */
static int plain_int_command(uint32_t cmd)
{
	switch (cmd) {
	case ABI_F_DUPFD: return F_DUPFD;
	case ABI_F_DUPFD_CLOEXEC: return F_DUPFD_CLOEXEC;
	case ABI_F_GETFD: return F_GETFD;
	case ABI_F_SETFD: return F_SETFD;	/* FD_CLOEXEC is 1 everywhere */
	case ABI_F_GETOWN: return F_GETOWN;
	case ABI_F_SETOWN: return F_SETOWN;
	case ABI_F_GETLEASE: return F_GETLEASE;
	case ABI_F_SETLEASE: return F_SETLEASE;
	case ABI_F_NOTIFY: return F_NOTIFY;
	case ABI_F_GETPIPE_SZ: return F_GETPIPE_SZ;
	case ABI_F_SETPIPE_SZ: return F_SETPIPE_SZ;
	case ABI_F_GET_SEALS: return F_GET_SEALS;
	case ABI_F_ADD_SEALS: return F_ADD_SEALS;
	default: return -1;
	}
}

int64_t sys_fcntl(struct process *p, const uint64_t *a)
{
	int fd = sys_arg_int(a[0]);
	uint32_t cmd;
	long r;

	if (!abi_value_to_neutral(&p->abi->flags->fcntl_cmd, (uint32_t)a[1], &cmd))
		return -EINVAL;
	if (cmd == ABI_F_GETFL) {
		r = fcntl(fd, F_GETFL);
		return r < 0 ? -errno : (int64_t)sys_open_flags_to_guest(p, (int)r);
	}
	if (cmd == ABI_F_SETFL) {
		r = fcntl(fd, F_SETFL, sys_open_flags_to_host(p, a[2]));
		return r < 0 ? -errno : r;
	}
	int host_cmd;
	const struct flock_layout *l = lock_command(p, (int)cmd, &host_cmd);
	if (l)
		return fcntl_lock(p, fd, host_cmd, l, a[2]);
	host_cmd = plain_int_command(cmd);
	if (host_cmd >= 0) {
		/* The raw call: glibc's wrapper rewrites some commands (F_GETOWN). */
		r = syscall(SYS_fcntl, fd, host_cmd, (long)sys_arg_int(a[2]));
		return r < 0 ? -errno : r;
	}
	/* F_SETSIG/F_GETSIG (signal numbers), F_*OWN_EX, file hints ...: not emulated. */
	return -EINVAL;
}

/* ---- ioctl ---------------------------------------------------------------------------------- */

/* The kernel's struct termios in every ABI we serve (and the host's asm-generic one): c_iflag,
 * c_oflag, c_cflag, c_lflag (u32), c_line (u8), c_cc[19]. glibc's struct termios is a
 * different, larger thing, so the host side is handled as these raw kernel bytes too. Only
 * c_iflag's bits differ between ABIs (hppa's IMAXBEL and IUTF8): the ABI maps them; the host
 * side holds neutral (Linux generic) values. */
enum { KTERMIOS_SIZE = 36, KTERMIOS_FLAGS = 4, KTERMIOS_LINE = 16 };
/* Room for a host whose kernel termios is larger (the fields above come first everywhere
 * this emulator runs). */
#define HOST_TERMIOS_ROOM 64

static int64_t termios_get(struct process *p, int fd, uint64_t addr)
{
	uint8_t host[HOST_TERMIOS_ROOM], guest[KTERMIOS_SIZE];
	if (ioctl(fd, TCGETS, host) < 0)
		return -errno;
	for (int i = 0; i < KTERMIOS_FLAGS; i++) {
		uint32_t flag;
		memcpy(&flag, host + 4 * i, 4);
		if (i == 0)
			flag = (uint32_t)abi_bits_to_guest(&p->abi->flags->termios_iflag, flag);
		bo_put32(guest + 4 * i, flag, p->mem.big_endian);
	}
	memcpy(guest + KTERMIOS_LINE, host + KTERMIOS_LINE, KTERMIOS_SIZE - KTERMIOS_LINE);
	return gm_write(&p->mem, addr, guest, sizeof guest) < 0 ? -EFAULT : 0;
}

static int64_t termios_set(struct process *p, int fd, unsigned long host_req, uint64_t addr)
{
	uint8_t host[HOST_TERMIOS_ROOM], guest[KTERMIOS_SIZE];
	if (gm_read(&p->mem, addr, guest, sizeof guest) < 0)
		return -EFAULT;
	/* Start from the current settings so host-only fields keep their values. */
	if (ioctl(fd, TCGETS, host) < 0)
		return -errno;
	for (int i = 0; i < KTERMIOS_FLAGS; i++) {
		uint32_t flag = bo_get32(guest + 4 * i, p->mem.big_endian);
		if (i == 0)
			flag = (uint32_t)abi_bits_to_neutral(&p->abi->flags->termios_iflag, flag);
		memcpy(host + 4 * i, &flag, 4);
	}
	memcpy(host + KTERMIOS_LINE, guest + KTERMIOS_LINE, KTERMIOS_SIZE - KTERMIOS_LINE);
	return ioctl(fd, host_req, host) < 0 ? -errno : 0;
}

/* struct winsize: four unsigned shorts (rows, cols, xpixel, ypixel) in every ABI. */
static int64_t winsize_get(struct process *p, int fd, uint64_t addr)
{
	struct winsize ws;
	uint8_t b[8];
	if (ioctl(fd, TIOCGWINSZ, &ws) < 0)
		return -errno;
	bool be = p->mem.big_endian;
	bo_put16(b + 0, ws.ws_row, be);
	bo_put16(b + 2, ws.ws_col, be);
	bo_put16(b + 4, ws.ws_xpixel, be);
	bo_put16(b + 6, ws.ws_ypixel, be);
	return gm_write(&p->mem, addr, b, sizeof b) < 0 ? -EFAULT : 0;
}

static int64_t winsize_set(struct process *p, int fd, uint64_t addr)
{
	uint8_t b[8];
	if (gm_read(&p->mem, addr, b, sizeof b) < 0)
		return -EFAULT;
	bool be = p->mem.big_endian;
	struct winsize ws = {
		.ws_row = bo_get16(b + 0, be), .ws_col = bo_get16(b + 2, be),
		.ws_xpixel = bo_get16(b + 4, be), .ws_ypixel = bo_get16(b + 6, be),
	};
	return ioctl(fd, TIOCSWINSZ, &ws) < 0 ? -errno : 0;
}

int64_t sys_ioctl(struct process *p, const uint64_t *a)
{
	int fd = sys_arg_int(a[0]);
	uint64_t arg = a[2];
	uint32_t req;
	int v;

	/* What a non-terminal says to an unknown request: programs take it as "not a tty". */
	if (!abi_value_to_neutral(&p->abi->flags->ioctl, (uint32_t)a[1], &req))
		return -ENOTTY;
	switch (req) {
	case ABI_TCGETS:
		return termios_get(p, fd, arg);
	case ABI_TCSETS:
		return termios_set(p, fd, TCSETS, arg);
	case ABI_TCSETSW:
		return termios_set(p, fd, TCSETSW, arg);
	case ABI_TCSETSF:
		return termios_set(p, fd, TCSETSF, arg);
	case ABI_TIOCGWINSZ:
		return winsize_get(p, fd, arg);
	case ABI_TIOCSWINSZ:
		return winsize_set(p, fd, arg);
	case ABI_FIONREAD:
		if (ioctl(fd, FIONREAD, &v) < 0)
			return -errno;
		return gm_put(&p->mem, arg, 4, (uint32_t)v) < 0 ? -EFAULT : 0;
	case ABI_FIONBIO: {
		uint64_t on;
		if (gm_get(&p->mem, arg, 4, &on) < 0)
			return -EFAULT;
		v = (int)(uint32_t)on;
		return ioctl(fd, FIONBIO, &v) < 0 ? -errno : 0;
	}
	case ABI_FIOCLEX:
		return ioctl(fd, FIOCLEX) < 0 ? -errno : 0;
	case ABI_FIONCLEX:
		return ioctl(fd, FIONCLEX) < 0 ? -errno : 0;
	default:
		return -ENOTTY;
	}
}
