/* A guest without a C library (its own _start and exit system call), so that nothing it does
 * depends on the CPU model its runner presents (glibc picks its string functions by CPUID, and
 * qemu's model is not profemu's): qemu+plugin and profemu must count it alike, instruction for
 * instruction. A loop with a call, a branch taken either way and a string instruction. */
static unsigned long step(unsigned long x)
{
	return x & 1 ? 3 * x + 1 : x / 2;
}

static __attribute__((noinline)) unsigned long collatz_steps(unsigned long n)
{
	unsigned long steps = 0;
	while (n != 1) {
		n = step(n);
		steps++;
	}
	return steps;
}

__attribute__((noreturn)) void _start(void)
{
	unsigned long total = 0;
	char buf[64];
	for (unsigned long n = 1; n < 3000; n++)
		total += collatz_steps(n);
	/* rep stosb: one instruction, many iterations (counted once by both) */
	__asm__ volatile("rep stosb" : : "D"(buf), "c"(sizeof(buf)), "a"(0) : "memory");
	int status = (int)(total & 0x7f) + buf[7];
#if defined(__x86_64__)
	__asm__ volatile("syscall" : : "a"(231), "D"(status) : "rcx", "r11", "memory");
#else
	__asm__ volatile("int $0x80" : : "a"(252), "b"(status) : "memory");
#endif
	__builtin_unreachable();
}
