/* Code written by the program and run after the flushes the architecture asks for: stores
 * into a writable, executable page, then fc (every line written), sync.i and srlz.i, then a
 * call. selfmod [N] rewrites one function N times (default 100): each time "r8 = i; return"
 * with i the round, in a bundle built here (adds r8=imm14,r0 in an MII bundle, then
 * br.ret in an MIB bundle), and counts the calls that did not return i. The page is mapped
 * once, so every round rewrites the code of the same address. Prints "wrong: K of N". */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

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

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 100;
	uint8_t *code = mmap(NULL, 65536, PROT_READ | PROT_WRITE | PROT_EXEC,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (code == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	/* a function pointer on IA-64 is a descriptor: entry point and gp */
	uint64_t desc[2] = { (uint64_t)(uintptr_t)code, 0 };
	long (*fn)(void) = (long (*)(void))(void *)desc;
	int wrong = 0;
	for (int i = 0; i < rounds; i++) {
		uint8_t b[32];
		bundle(b, 0x01, adds_r8(i), NOP_I, NOP_I);		/* MII;; */
		bundle(b + 16, 0x11, NOP_M, NOP_I, BR_RET);		/* MIB;; */
		memcpy(code, b, sizeof b);
		for (unsigned off = 0; off < sizeof b; off += 32)
			__asm__ volatile("fc %0" : : "r"(code + off) : "memory");
		__asm__ volatile(";;\n\tsync.i\n\t;;\n\tsrlz.i\n\t;;" : : : "memory");
		long got = fn();
		if (got != i)
			wrong++;
	}
	printf("wrong: %d of %d\n", wrong, rounds);
	return wrong != 0;
}
