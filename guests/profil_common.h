/* Shared by the profil_*.c guests (tests/e2e/run_profil.py reads what they print).
 *
 * - The "hot region": a few C functions placed in their own section, profhot, so that a
 *   profiling range can cover exactly them; __start_profhot/__stop_profhot bound it.
 * - Two loops written in assembly, each exactly 10 instructions per iteration, in the section
 *   profalias: with a tick of a multiple of 10 instructions every tick inside the loop lands on
 *   the same instruction (aliasing), and the number of ticks inside is known in advance.
 * - profil and sprofil through glibc or the raw calls (0x6000/0x6001, and 98 on i386), each
 *   call preceded by a marker system call and printed with its result ("ret=R errno=E"; a raw
 *   call's -E becomes -1 and E).
 * - The printed form of a phase (the runner simulates the calls and the ticks between them
 *   and compares the buffers):
 *     phase NAME
 *     call profil via=V buf=0xB bufsiz=S offset=0xO scale=0xC ret=R errno=E
 *     call sprofil via=V layout=L profp=0xP profp_ok=1 profcnt=N tvp=0xT tvp_ok=1 flags=0xF
 *          ret=R errno=E        (one line), followed by its entries and *tvp:
 *     entry base=0xB size=S offset=0xO scale=0xC
 *     tv SEC USEC
 *     valid LO HI                the memory counters may be written at (default: the buffers)
 *     buffer NAME base=0xB elem=ES count=N
 *     bin INDEX COUNT            every non-zero element of the buffer
 *     end NAME
 * Needs _GNU_SOURCE (defined by the including file before any #include). */
#ifndef PROFIL_COMMON_H
#define PROFIL_COMMON_H

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/profil.h>	/* before profemu.h, which defines PROF_* only if missing */
#include <sys/syscall.h>
#include <sys/time.h>
#include <unistd.h>

#include "profemu.h"

#define PROFHOT __attribute__((section("profhot"), noipa, used))
#define PC_UNUSED __attribute__((unused))

extern const char __start_profhot[] __attribute__((visibility("hidden")));
extern const char __stop_profhot[] __attribute__((visibility("hidden")));

static volatile unsigned profil_sink;

PROFHOT static unsigned hot_a(unsigned n)
{
	unsigned x = n;
	for (unsigned i = 0; i < n; i++)
		x = x * 1103515245u + 12345u;
	return x;
}

PROFHOT static unsigned hot_b(unsigned n)
{
	unsigned x = 0;
	for (unsigned i = 0; i < n; i++)
		x ^= (x << 5) + (x >> 2) + i;
	return x;
}

PROFHOT static unsigned hot_c(unsigned n)
{
	unsigned x = 7 + n;
	for (unsigned i = 0; i < n; i++) {
		if (x & 1)
			x = 3 * x + 1;
		else
			x /= 2;
	}
	return x;
}

/* About 700 instructions per round. */
PROFHOT static void hot_driver(unsigned rounds)
{
	unsigned s = 0;
	for (unsigned r = 0; r < rounds; r++)
		s += hot_a(37 + (r & 3)) + hot_b(53) + hot_c(29);
	profil_sink = s;
}

/* The exactly-counted loops: profil_alias_loop(n) runs its 10-instruction body n times
 * (n >= 1), [profil_alias_body, profil_alias_body_end) is the body; the same for loop2, whose
 * body is different code. Besides the body each runs 3 instructions (2 before, ret after). */
void profil_alias_loop(unsigned long n) __attribute__((visibility("hidden")));
void profil_alias_loop2(unsigned long n) __attribute__((visibility("hidden")));
extern const char profil_alias_body[] __attribute__((visibility("hidden")));
extern const char profil_alias_body_end[] __attribute__((visibility("hidden")));
extern const char profil_alias2_body[] __attribute__((visibility("hidden")));
extern const char profil_alias2_body_end[] __attribute__((visibility("hidden")));
extern const char __start_profalias[] __attribute__((visibility("hidden")));
extern const char __stop_profalias[] __attribute__((visibility("hidden")));

#if defined(__x86_64__)
__asm__(".pushsection profalias,\"ax\",@progbits\n"
	".p2align 4\n"
	".globl profil_alias_loop\n.hidden profil_alias_loop\n.type profil_alias_loop,@function\n"
	"profil_alias_loop:\n"
	"	mov %rdi, %rcx\n"
	"	xor %eax, %eax\n"
	".globl profil_alias_body\n.hidden profil_alias_body\n"
	"profil_alias_body:\n"
	"	add $1, %rax\n"
	"	add $3, %rdx\n"
	"	xor %rax, %rdx\n"
	"	lea 1(%rax), %r8\n"
	"	nop\n"
	"	sub $2, %rdx\n"
	"	mov %r8, %rsi\n"
	"	imul $3, %rsi, %rsi\n"
	"	dec %rcx\n"
	"	jnz profil_alias_body\n"
	".globl profil_alias_body_end\n.hidden profil_alias_body_end\n"
	"profil_alias_body_end:\n"
	"	ret\n"
	".size profil_alias_loop, .-profil_alias_loop\n"
	".p2align 4\n"
	".globl profil_alias_loop2\n.hidden profil_alias_loop2\n.type profil_alias_loop2,@function\n"
	"profil_alias_loop2:\n"
	"	mov %rdi, %rcx\n"
	"	xor %edx, %edx\n"
	".globl profil_alias2_body\n.hidden profil_alias2_body\n"
	"profil_alias2_body:\n"
	"	add $5, %rax\n"
	"	sub $1, %rdx\n"
	"	xor %r8, %r8\n"
	"	or $1, %r8\n"
	"	and $7, %rdx\n"
	"	shl $1, %r8\n"
	"	nop\n"
	"	mov %rdx, %r9\n"
	"	dec %rcx\n"
	"	jnz profil_alias2_body\n"
	".globl profil_alias2_body_end\n.hidden profil_alias2_body_end\n"
	"profil_alias2_body_end:\n"
	"	ret\n"
	".size profil_alias_loop2, .-profil_alias_loop2\n"
	".popsection\n");
#elif defined(__i386__)
__asm__(".pushsection profalias,\"ax\",@progbits\n"
	".p2align 4\n"
	".globl profil_alias_loop\n.hidden profil_alias_loop\n.type profil_alias_loop,@function\n"
	"profil_alias_loop:\n"
	"	mov 4(%esp), %ecx\n"
	"	xor %eax, %eax\n"
	".globl profil_alias_body\n.hidden profil_alias_body\n"
	"profil_alias_body:\n"
	"	add $1, %eax\n"
	"	add $3, %edx\n"
	"	xor %eax, %edx\n"
	"	lea 1(%eax), %edx\n"
	"	nop\n"
	"	sub $2, %edx\n"
	"	mov %eax, %edx\n"
	"	imul $3, %edx, %edx\n"
	"	dec %ecx\n"
	"	jnz profil_alias_body\n"
	".globl profil_alias_body_end\n.hidden profil_alias_body_end\n"
	"profil_alias_body_end:\n"
	"	ret\n"
	".size profil_alias_loop, .-profil_alias_loop\n"
	".p2align 4\n"
	".globl profil_alias_loop2\n.hidden profil_alias_loop2\n.type profil_alias_loop2,@function\n"
	"profil_alias_loop2:\n"
	"	mov 4(%esp), %ecx\n"
	"	xor %edx, %edx\n"
	".globl profil_alias2_body\n.hidden profil_alias2_body\n"
	"profil_alias2_body:\n"
	"	add $5, %eax\n"
	"	sub $1, %edx\n"
	"	xor %eax, %eax\n"
	"	or $1, %eax\n"
	"	and $7, %edx\n"
	"	shl $1, %eax\n"
	"	nop\n"
	"	mov %edx, %eax\n"
	"	dec %ecx\n"
	"	jnz profil_alias2_body\n"
	".globl profil_alias2_body_end\n.hidden profil_alias2_body_end\n"
	"profil_alias2_body_end:\n"
	"	ret\n"
	".size profil_alias_loop2, .-profil_alias_loop2\n"
	".popsection\n");
#elif defined(__hppa__)
/* The body is 8 instructions, the loop branch and its delay slot (which runs every time);
 * bv,n nullifies its delay slot, so the return retires 1 instruction. */
__asm__(".pushsection profalias,\"ax\",@progbits\n"
	".align 16\n"
	".globl profil_alias_loop\n.hidden profil_alias_loop\n.type profil_alias_loop,@function\n"
	"profil_alias_loop:\n"
	"	copy %r26, %r20\n"
	"	ldi 0, %r28\n"
	".globl profil_alias_body\n.hidden profil_alias_body\n"
	"profil_alias_body:\n"
	"	addi 1, %r28, %r28\n"
	"	addi 3, %r29, %r29\n"
	"	xor %r28, %r29, %r29\n"
	"	ldo 1(%r28), %r22\n"
	"	nop\n"
	"	addi -2, %r29, %r29\n"
	"	copy %r22, %r21\n"
	"	sh1add %r21, %r21, %r21\n"
	"	addib,<> -1, %r20, profil_alias_body\n"
	"	nop\n"
	".globl profil_alias_body_end\n.hidden profil_alias_body_end\n"
	"profil_alias_body_end:\n"
	"	bv,n %r0(%r2)\n"
	"	nop\n"
	".size profil_alias_loop, .-profil_alias_loop\n"
	".align 16\n"
	".globl profil_alias_loop2\n.hidden profil_alias_loop2\n.type profil_alias_loop2,@function\n"
	"profil_alias_loop2:\n"
	"	copy %r26, %r20\n"
	"	ldi 0, %r29\n"
	".globl profil_alias2_body\n.hidden profil_alias2_body\n"
	"profil_alias2_body:\n"
	"	addi 5, %r28, %r28\n"
	"	addi -1, %r29, %r29\n"
	"	xor %r22, %r22, %r22\n"
	"	depwi 1, 31, 1, %r22\n"
	"	extrw,u %r29, 31, 3, %r29\n"
	"	add %r22, %r22, %r22\n"
	"	nop\n"
	"	copy %r29, %r21\n"
	"	addib,<> -1, %r20, profil_alias2_body\n"
	"	nop\n"
	".globl profil_alias2_body_end\n.hidden profil_alias2_body_end\n"
	"profil_alias2_body_end:\n"
	"	bv,n %r0(%r2)\n"
	"	nop\n"
	".size profil_alias_loop2, .-profil_alias_loop2\n"
	".popsection\n");
#elif defined(__ia64__)
/* Each body is three bundles (9 instructions) and a .bbb bundle whose branch back in slot 0
 * ends it when taken: 10 instructions per iteration (the last one also runs the two nop.b).
 * A counter and p6 drive it (br.cloop must be last in its bundle, which would make 12).
 * Before the body: one bundle (3); after it: the two nop.b and the return's bundle (3). */
__asm__(".pushsection profalias,\"ax\",@progbits\n"
	".align 16\n"
	".globl profil_alias_loop\n.hidden profil_alias_loop\n.type profil_alias_loop,@function\n"
	"profil_alias_loop:\n"
	"	{ .mii\n mov r14 = r32\n nop.i 0\n nop.i 0 ;;\n }\n"
	".globl profil_alias_body\n.hidden profil_alias_body\n"
	"profil_alias_body:\n"
	"	{ .mii\n adds r14 = -1, r14\n adds r15 = 1, r15\n adds r16 = 3, r16 ;;\n }\n"
	"	{ .mii\n cmp.ne p6, p0 = 0, r14\n xor r16 = r15, r16\n adds r17 = 1, r15 ;;\n }\n"
	"	{ .mii\n adds r16 = -2, r16\n mov r18 = r17\n shladd r19 = r17, 1, r17 ;;\n }\n"
	"	{ .bbb\n (p6) br.cond.dptk.few profil_alias_body\n nop.b 0\n nop.b 0 ;;\n }\n"
	".globl profil_alias_body_end\n.hidden profil_alias_body_end\n"
	"profil_alias_body_end:\n"
	"	{ .mib\n nop.m 0\n nop.i 0\n br.ret.sptk.many b0 ;;\n }\n"
	".size profil_alias_loop, .-profil_alias_loop\n"
	".align 16\n"
	".globl profil_alias_loop2\n.hidden profil_alias_loop2\n.type profil_alias_loop2,@function\n"
	"profil_alias_loop2:\n"
	"	{ .mii\n mov r14 = r32\n nop.i 0\n nop.i 0 ;;\n }\n"
	".globl profil_alias2_body\n.hidden profil_alias2_body\n"
	"profil_alias2_body:\n"
	"	{ .mii\n adds r14 = -1, r14\n adds r15 = 5, r15\n adds r16 = -1, r16 ;;\n }\n"
	"	{ .mii\n cmp.ne p6, p0 = 0, r14\n and r16 = 7, r16\n mov r17 = r0 ;;\n }\n"
	"	{ .mii\n or r17 = 1, r17\n mov r18 = r16\n nop.i 0 ;;\n }\n"
	"	{ .bbb\n (p6) br.cond.dptk.few profil_alias2_body\n nop.b 0\n nop.b 0 ;;\n }\n"
	".globl profil_alias2_body_end\n.hidden profil_alias2_body_end\n"
	"profil_alias2_body_end:\n"
	"	{ .mib\n nop.m 0\n nop.i 0\n br.ret.sptk.many b0 ;;\n }\n"
	".size profil_alias_loop2, .-profil_alias_loop2\n"
	".popsection\n");
#else
#error "profil_common.h: no alias loop for this architecture"
#endif

#define ADDR(p) ((unsigned long)(uintptr_t)(p))

/* A function's code address. On hppa a function pointer in a dynamic (PIC) program may be a
 * plabel: bit 1 set, pointing at the {entry, linkage table} pair whose first word is the
 * code address (as $$dyncall reads it). On IA-64 every function pointer is a descriptor. */
PC_UNUSED static unsigned long fn_addr(void (*f)(void))
{
	uintptr_t a = (uintptr_t)f;
#if defined(__hppa__)
	if (a & 2)
		return ADDR(*(void *const *)(a & ~(uintptr_t)3));
#elif defined(__ia64__)
	return ADDR(*(void *const *)a);	/* a function descriptor: {entry, gp} */
#endif
	return ADDR(a);
}
#define FN_ADDR(f) fn_addr((void (*)(void))(f))

/* The hot functions' addresses, sorted: lowest first. */
PC_UNUSED static void hot_addresses(unsigned long out[4])
{
	out[0] = FN_ADDR(&hot_a);
	out[1] = FN_ADDR(&hot_b);
	out[2] = FN_ADDR(&hot_c);
	out[3] = FN_ADDR(&hot_driver);
	for (int i = 1; i < 4; i++)
		for (int j = i; j > 0 && out[j - 1] > out[j]; j--) {
			unsigned long t = out[j];
			out[j] = out[j - 1];
			out[j - 1] = t;
		}
}

/* Lines the runner uses to relate run-time addresses to the ELF's symbols (PIE bias) and to
 * know the regions. */
PC_UNUSED static void print_symbols(void)
{
	printf("sym hot_a %#lx\nsym hot_b %#lx\nsym hot_c %#lx\nsym hot_driver %#lx\n",
	       FN_ADDR(&hot_a), FN_ADDR(&hot_b), FN_ADDR(&hot_c), FN_ADDR(&hot_driver));
	printf("sym profil_alias_loop %#lx\nsym profil_alias_loop2 %#lx\n",
	       FN_ADDR(&profil_alias_loop), FN_ADDR(&profil_alias_loop2));
	printf("range profhot %#lx %#lx\n", ADDR(__start_profhot), ADDR(__stop_profhot));
	printf("range alias_body %#lx %#lx\n", ADDR(profil_alias_body), ADDR(profil_alias_body_end));
	printf("range alias2_body %#lx %#lx\n", ADDR(profil_alias2_body),
	       ADDR(profil_alias2_body_end));
}


/* Printed before every profil/sprofil call: a system call that --strace shows as getppid()
 * and that nothing else in these guests makes. The runner orders the calls among the ticks by
 * the calls' own --strace lines when there is one for each call, else by these markers.
 * Guests that must not link glibc's syscall() (to keep glibc's profil completed by profemu
 * itself in a static program) define PROFIL_MARKER_NO_SYSCALL. */
PC_UNUSED static void marker(void)
{
#ifdef PROFIL_MARKER_NO_SYSCALL
	(void)getppid();
#else
	(void)syscall(SYS_getppid);
#endif
}

struct call_result {
	long ret;
	int err;
};

static struct call_result raw_result(long r)
{
	struct call_result c = { r, 0 };
	if (r < 0 && r > -4096) {
		c.ret = -1;
		c.err = (int)-r;
	}
	return c;
}

PC_UNUSED static void phase_begin(const char *name)
{
	printf("phase %s\n", name);
}

/* profil through glibc ("glibc"), 0x6000 ("raw") or, on i386, 98 ("raw98"); prints the call. */
PC_UNUSED static struct call_result do_profil(const char *via, void *buf, size_t bufsiz,
					     size_t offset, unsigned scale)
{
	struct call_result c;
	marker();
	if (strcmp(via, "glibc") == 0) {
		errno = 0;
		int r = profil(buf, bufsiz, offset, scale);
		c.ret = r;
		c.err = r < 0 ? errno : 0;
	} else if (strcmp(via, "raw98") == 0) {
		c = raw_result(profemu_syscall4(PROFEMU_NR_PROFIL_I386, (long)buf, (long)bufsiz,
						(long)offset, (long)scale));
	} else {
		c = raw_result(profemu_profil(buf, bufsiz, offset, scale));
	}
	printf("call profil via=%s buf=%#lx bufsiz=%zu offset=%#zx scale=%#x ret=%ld errno=%d\n",
	       via, ADDR(buf), bufsiz, offset, scale, c.ret, c.err);
	return c;
}

/* One sprofil region, whatever the layout. */
struct region {
	void *base;
	size_t size;
	size_t offset;
	unsigned long scale;
};

#define MAX_REGIONS 16

/* sprofil with the entries r[0, n) in the given layout ("linux": glibc's struct prof; "hpux":
 * HP-UX's) through glibc's sprofil ("glibc", linux layout only) or 0x6001 ("raw"). profp_bad:
 * pass this pointer as profp instead of the array (its entries are then not readable); tvp may
 * be bad too: tvp_ok says whether it is writable. Prints the call, the entries and *tvp. */
PC_UNUSED static struct call_result do_sprofil(const char *via, const char *layout,
					      const struct region *r, int n, void *profp_bad,
					      struct timeval *tvp, int tvp_ok, unsigned flags)
{
	static struct prof lin[MAX_REGIONS];
	static struct profemu_prof_hpux hp[MAX_REGIONS];
	int hpux = strcmp(layout, "hpux") == 0;
	void *profp = hpux ? (void *)hp : (void *)lin;
	for (int i = 0; i < n && i < MAX_REGIONS; i++) {
		lin[i] = (struct prof){ r[i].base, r[i].size, r[i].offset, r[i].scale };
		hp[i] = (struct profemu_prof_hpux){ r[i].base, (unsigned)r[i].size,
						    (void *)(uintptr_t)r[i].offset,
						    (unsigned)r[i].scale };
	}
	if (profp_bad)
		profp = profp_bad;
	if (tvp && tvp_ok)
		*tvp = (struct timeval){ 12345, 678 };
	struct call_result c;
	marker();
	if (strcmp(via, "glibc") == 0) {
		errno = 0;
		int ret = sprofil(profp, n, tvp, flags);
		c.ret = ret;
		c.err = ret < 0 ? errno : 0;
	} else {
		c = raw_result(profemu_sprofil(profp, n, tvp, flags));
	}
	printf("call sprofil via=%s layout=%s profp=%#lx profp_ok=%d profcnt=%d tvp=%#lx "
	       "tvp_ok=%d flags=%#x ret=%ld errno=%d\n", via, layout, ADDR(profp), !profp_bad, n,
	       ADDR(tvp), tvp ? tvp_ok : 1, flags, c.ret, c.err);
	if (!profp_bad)
		for (int i = 0; i < n && i < MAX_REGIONS; i++)
			printf("entry base=%#lx size=%zu offset=%#zx scale=%#lx\n", ADDR(r[i].base),
			       hpux ? (size_t)hp[i].pr_size : r[i].size, r[i].offset,
			       hpux ? (unsigned long)hp[i].pr_scale : r[i].scale);
	if (tvp && tvp_ok)
		printf("tv %lld %lld\n", (long long)tvp->tv_sec, (long long)tvp->tv_usec);
	return c;
}

/* The memory the phase's counters may be written at (for the runner's simulation). */
PC_UNUSED static void print_valid(const void *lo, const void *hi)
{
	printf("valid %#lx %#lx\n", ADDR(lo), ADDR(hi));
}

/* Every non-zero element of an array of count elements of es bytes. */
PC_UNUSED static void print_buffer(const char *name, const void *base, unsigned es, size_t count)
{
	printf("buffer %s base=%#lx elem=%u count=%zu\n", name, ADDR(base), es, count);
	for (size_t i = 0; i < count; i++) {
		unsigned long long v;
		if (es == 2)
			v = ((const unsigned short *)base)[i];
		else if (es == 4)
			v = ((const unsigned int *)base)[i];
		else
			v = ((const unsigned long long *)base)[i];
		if (v)
			printf("bin %zu %llu\n", i, v);
	}
}

PC_UNUSED static void phase_end(const char *name)
{
	printf("end %s\n", name);
}

PC_UNUSED static unsigned long parse_ulong(const char *s, unsigned long dflt)
{
	if (!s)
		return dflt;
	char *end;
	unsigned long v = strtoul(s, &end, 0);
	return *end ? dflt : v;
}

PC_UNUSED static size_t even(size_t n)
{
	return n & ~(size_t)1;
}

#endif
