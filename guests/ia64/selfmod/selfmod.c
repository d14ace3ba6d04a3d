/* Code written by the program and run after the flushes the architecture asks for: stores
 * into a writable, executable page, then fc (every line written), sync.i and srlz.i, then a
 * call. selfmod [N [MODE]] rewrites one function N times (default 100): each time "r8 = i;
 * return" with i the round, in a bundle built here (adds r8=imm14,r0 in an MII bundle, then
 * br.ret in an MIB bundle), and counts the calls that did not return i. The code's address
 * is the same every round. Prints "MODE: wrong K of N"; exit status 1 if K > 0.
 *
 * MODE says how the new code arrives:
 *   place   stores into the page that runs, fc on it (the default)
 *   alias   stores into a second view of the same file (two MAP_SHARED mappings, both
 *           read+write+execute: Ski keeps a view without write private), fc on the view
 *           written: fc acts on the physical line, so the other view's code is fresh too
 *   pread   pread() from a file of all the rounds' code into the page that runs, no fc:
 *           the kernel's (here profemu's) write into code; Ski, which has no instruction
 *           cache, runs the new code, and so must profemu
 * The file of alias and pread is created in the current directory and unlinked at once. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

enum { CODE = 32, MAP = 65536 };

/* A bundle from its template and three 41-bit slots (little-endian, template in bits 0-4). */
static void bundle(uint8_t out[16], unsigned tmpl, uint64_t s0, uint64_t s1, uint64_t s2)
{
	unsigned __int128 b = (unsigned __int128)tmpl | (unsigned __int128)s0 << 5 |
			      (unsigned __int128)s1 << 46 | (unsigned __int128)s2 << 87;
	for (int i = 0; i < 16; i++)
		out[i] = (uint8_t)(b >> (8 * i));
}

/* adds r8 = imm, r0 (format A4: opcode 8, x2a 2; imm14 in bits 36, 32:27, 19:13). */
static uint64_t adds_r8(int imm)
{
	uint64_t u = (uint64_t)imm & 0x3fff;
	return 8ULL << 37 | 2ULL << 34 | (u >> 13 & 1) << 36 | (u >> 7 & 0x3f) << 27 |
	       (u & 0x7f) << 13 | 8ULL << 6;
}

static const uint64_t NOP_M = 1ULL << 27, NOP_I = 1ULL << 27;
/* br.ret.sptk.many b0: B opcode 0, x6 0x21, btype 4, .many (bit 12) */
static const uint64_t BR_RET = 0x21ULL << 27 | 1ULL << 12 | 4ULL << 6;

/* "r8 = i; return" */
static void function(uint8_t b[CODE], int i)
{
	bundle(b, 0x01, adds_r8(i), NOP_I, NOP_I);		/* MII;; */
	bundle(b + 16, 0x11, NOP_M, NOP_I, BR_RET);		/* MIB;; */
}

/* fc on every line of [p, p + CODE), then sync.i and srlz.i, as the manual's example */
static void flush(uint8_t *p)
{
	for (unsigned off = 0; off < CODE; off += 32)
		__asm__ volatile("fc %0" : : "r"(p + off) : "memory");
	__asm__ volatile(";;\n\tsync.i\n\t;;\n\tsrlz.i\n\t;;" : : : "memory");
}

/* A scratch file of `size` bytes, already unlinked; -1 on failure. */
static int scratch_file(long size)
{
	char name[] = "selfmod.XXXXXX";
	int fd = mkstemp(name);
	if (fd < 0)
		return -1;
	unlink(name);
	if (ftruncate(fd, size) != 0) {
		close(fd);
		return -1;
	}
	return fd;
}

static void *map(int fd)
{
	void *p = mmap(NULL, MAP, PROT_READ | PROT_WRITE | PROT_EXEC,
		       fd < 0 ? MAP_PRIVATE | MAP_ANONYMOUS : MAP_SHARED, fd, 0);
	return p == MAP_FAILED ? NULL : p;
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 100;
	const char *mode = argc > 2 ? argv[2] : "place";
	int alias = !strcmp(mode, "alias"), via_pread = !strcmp(mode, "pread");
	if ((!alias && !via_pread && strcmp(mode, "place")) || rounds < 1 || rounds > 8000) {
		fprintf(stderr, "usage: selfmod [ROUNDS (1-8000) [place|alias|pread]]\n");
		return 2;
	}
	int fd = -1;
	if (alias || via_pread) {
		fd = scratch_file(alias ? MAP : (long)rounds * CODE);
		if (fd < 0) {
			perror("selfmod: scratch file");
			return 1;
		}
	}
	uint8_t *code = map(alias ? fd : -1);	/* what runs */
	uint8_t *write_view = alias ? map(fd) : code;
	if (!code || !write_view) {
		perror("mmap");
		return 1;
	}
	if (via_pread) {
		for (int i = 0; i < rounds; i++) {
			uint8_t b[CODE];
			function(b, i);
			if (pwrite(fd, b, CODE, (off_t)i * CODE) != CODE) {
				perror("selfmod: pwrite");
				return 1;
			}
		}
	}
	/* a function pointer on IA-64 is a descriptor: entry point and gp */
	uint64_t desc[2] = { (uint64_t)(uintptr_t)code, 0 };
	long (*fn)(void) = (long (*)(void))(void *)desc;
	int wrong = 0;
	for (int i = 0; i < rounds; i++) {
		if (via_pread) {
			if (pread(fd, code, CODE, (off_t)i * CODE) != CODE) {
				perror("selfmod: pread");
				return 1;
			}
		} else {
			uint8_t b[CODE];
			function(b, i);
			memcpy(write_view, b, sizeof b);
			flush(write_view);
		}
		long got = fn();
		if (got != i)
			wrong++;
	}
	printf("%s: wrong %d of %d\n", mode, wrong, rounds);
	return wrong != 0;
}
