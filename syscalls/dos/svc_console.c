/* Character output: INT 21h 02h and 09h write to DOS handle 1 (standard output, which the
 * program may have closed), INT 10h 0Eh to the screen, which is host stdout. */
#include <errno.h>
#include <unistd.h>

#include "services.h"

/* All of buf to fd, across short writes and interrupted calls. 0 or a negative errno. */
static int write_all(int fd, const uint8_t *buf, size_t len)
{
	while (len) {
		ssize_t n = write(fd, buf, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 ? -errno : -EIO;
		buf += n;
		len -= (size_t)n;
	}
	return 0;
}

/* To standard output. If the program closed handle 1 the output goes nowhere: 02h and 09h
 * have no way to report an error. */
static void to_stdout(struct process *p, const uint8_t *buf, size_t len)
{
	int fd = dos_handle_fd(dos_of(p), 1);
	if (fd >= 0)
		write_all(fd, buf, len);
	dos_of(p)->io_bytes += len;
}

/* AH=02h: the character in DL; AL returns it. */
DOS_SVC(putchar)
{
	uint8_t c = (uint8_t)a[0];
	to_stdout(p, &c, 1);
	return c;
}

/* AH=09h: the string at DS:DX up to '$' (not printed); AL returns '$'. A string with no '$'
 * before the end of its 64 KiB segment is printed up to there. */
DOS_SVC(print_string)
{
	struct cpu *cpu = p->cpu;
	uint64_t addr = a[0];
	uint64_t room = 0x10000 - cpu_reg(cpu, X86_DX);
	const uint8_t *s = gm_host(&p->mem, addr, room, GM_PROT_READ);
	if (!s)
		return '$';	/* cannot happen: all memory is mapped */
	size_t len = 0;
	while (len < room && s[len] != '$')
		len++;
	to_stdout(p, s, len);
	return '$';
}

/* INT 10h AH=0Eh: the character in AL, at the cursor (here: host stdout). */
DOS_SVC(bios_teletype)
{
	uint8_t c = (uint8_t)a[0];
	write_all(STDOUT_FILENO, &c, 1);
	dos_of(p)->io_bytes += 1;
	return c;
}
