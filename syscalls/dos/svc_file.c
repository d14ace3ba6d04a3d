/* File handles and the handle-based file services (INT 21h 3Ch-42h).
 *
 * A DOS handle is an index into the program's 20-slot table, mirrored in the PSP's job file
 * table (PSP:0018: FFh for a free slot). Handles 0-4 start open on host stdin, stdout, stderr,
 * stderr (AUX) and stderr (PRN); closing one frees the slot but not the host's descriptor. A
 * new file takes the lowest free handle, as in DOS. */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "services.h"

static void jft_set(struct dos_process *dp, unsigned h, uint8_t value)
{
	gm_put(&dp->p.mem, (uint64_t)dp->img.psp_seg * 16 + PSP_JFT + h, 1, value);
}

void dos_handles_init(struct dos_process *dp)
{
	static const int std_fds[5] = { STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO, STDERR_FILENO,
					STDERR_FILENO };
	for (unsigned h = 0; h < DOS_MAX_HANDLES; h++) {
		dp->fds[h] = h < 5 ? std_fds[h] : -1;
		dp->owned[h] = false;
	}
}

void dos_handles_close_all(struct dos_process *dp)
{
	for (unsigned h = 0; h < DOS_MAX_HANDLES; h++) {
		if (dp->owned[h])
			close(dp->fds[h]);
		dp->fds[h] = -1;
		dp->owned[h] = false;
	}
}

int dos_handle_fd(struct dos_process *dp, uint64_t handle)
{
	return handle < DOS_MAX_HANDLES ? dp->fds[handle] : -1;
}

/* Takes the lowest free handle for a host fd we opened; closes it if there is none. */
static int64_t new_handle(struct dos_process *dp, int fd)
{
	for (unsigned h = 0; h < DOS_MAX_HANDLES; h++) {
		if (dp->fds[h] < 0) {
			dp->fds[h] = fd;
			dp->owned[h] = true;
			jft_set(dp, h, (uint8_t)h);
			return h;
		}
	}
	close(fd);
	return -EMFILE;
}

/* The host path of the name at a (linear address). */
static int host_path_at(struct process *p, uint64_t a, char *host, size_t len)
{
	char name[128];
	int r = dos_read_path(p, a, name, sizeof(name));
	return r ? r : dos_host_path(name, host, len);
}

/* AH=3Ch: create or truncate DS:DX with attributes CX; opened for reading and writing. The
 * read-only attribute makes a read-only file; volume label and directory are refused. */
DOS_SVC(creat)
{
	char host[4096];
	int r = host_path_at(p, a[0], host, sizeof(host));
	if (r)
		return r;
	uint64_t attr = a[1];
	if (attr & 0x18)
		return -EACCES;
	int fd = open(host, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, attr & 1 ? 0444 : 0666);
	return fd < 0 ? -errno : new_handle(dos_of(p), fd);
}

/* AH=3Dh: open DS:DX; AL bits 0-2: 0 read, 1 write, 2 both (sharing bits ignored). */
DOS_SVC(open)
{
	static const int modes[3] = { O_RDONLY, O_WRONLY, O_RDWR };
	uint64_t access = a[1] & 7;
	if (access > 2)
		return -EINVAL;
	char host[4096];
	int r = host_path_at(p, a[0], host, sizeof(host));
	if (r)
		return r;
	struct stat st;
	if (stat(host, &st) == 0 && S_ISDIR(st.st_mode))
		return -EACCES;
	int fd = open(host, modes[access] | O_CLOEXEC);
	return fd < 0 ? -errno : new_handle(dos_of(p), fd);
}

/* AH=3Eh: close handle BX. */
DOS_SVC(close)
{
	struct dos_process *dp = dos_of(p);
	uint64_t h = a[0];
	if (dos_handle_fd(dp, h) < 0)
		return -EBADF;
	if (dp->owned[h])
		close(dp->fds[h]);
	dp->fds[h] = -1;
	dp->owned[h] = false;
	jft_set(dp, (unsigned)h, 0xff);
	return 0;
}

/* AH=3Fh: read CX bytes from handle BX into DS:DX; AX = bytes read (0 at end of file). */
DOS_SVC(read)
{
	int fd = dos_handle_fd(dos_of(p), a[0]);
	if (fd < 0)
		return -EBADF;
	uint8_t *buf = gm_host(&p->mem, a[1], a[2], GM_PROT_WRITE);
	if (!buf)
		return -EFAULT;
	ssize_t n;
	do
		n = read(fd, buf, a[2]);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return -errno;
	gm_wrote(&p->mem, a[1], (uint64_t)n);	/* an overlay read over code runs anew */
	dos_of(p)->io_bytes = (uint64_t)n;
	return n;
}

/* AH=40h: write CX bytes from DS:DX to handle BX; AX = bytes written. CX = 0 sets the file's
 * size to the current position, as DOS does. */
DOS_SVC(write)
{
	int fd = dos_handle_fd(dos_of(p), a[0]);
	if (fd < 0)
		return -EBADF;
	if (a[2] == 0) {
		struct stat st;
		off_t pos = lseek(fd, 0, SEEK_CUR);
		if (pos >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && ftruncate(fd, pos) != 0)
			return -errno;
		return 0;
	}
	const uint8_t *buf = gm_host(&p->mem, a[1], a[2], GM_PROT_READ);
	if (!buf)
		return -EFAULT;
	size_t done = 0;
	while (done < a[2]) {
		ssize_t n = write(fd, buf + done, a[2] - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			if (done)
				break;	/* DOS reports the bytes that made it */
			return -errno;
		}
		if (n == 0)
			break;
		done += (size_t)n;
	}
	dos_of(p)->io_bytes = done;
	return (int64_t)done;
}

/* AH=41h: delete DS:DX (not a directory). */
DOS_SVC(unlink)
{
	char host[4096];
	int r = host_path_at(p, a[0], host, sizeof(host));
	if (r)
		return r;
	return unlink(host) == 0 ? 0 : -errno;
}

/* AH=42h: move handle BX's position by the signed CX:DX from AL = 0 start, 1 current, 2 end;
 * DX:AX = the new position. Devices (a terminal, a pipe) stay at 0, as DOS's do. */
DOS_SVC(lseek)
{
	static const int whence[3] = { SEEK_SET, SEEK_CUR, SEEK_END };
	int fd = dos_handle_fd(dos_of(p), a[0]);
	if (fd < 0)
		return -EBADF;
	if (a[2] > 2)
		return -ENOSYS;
	off_t off = (int32_t)(uint32_t)a[1];
	off_t pos = lseek(fd, off, whence[a[2]]);
	if (pos < 0)
		return errno == ESPIPE ? 0 : errno == EINVAL ? -ESPIPE : -errno;
	if (pos > 0xffffffffll)
		return -ESPIPE;
	return pos;
}
