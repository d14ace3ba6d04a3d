/* Hostile and unlucky guests (issue 18): programs that push an emulator's memory map, code
 * caches and thread machinery where ordinary programs seldom go. Each mode prints what it did
 * and a verdict the native run (or qemu-user, for hppa) prints alike; tests/e2e/run_hostile.py
 * runs them. Modes:
 *   maps N            N live 256 KiB malloc blocks (glibc maps each), touched, freed
 *   churn LIVE CALLS  LIVE one-page mappings of alternating protection (none merge), then
 *                     CALLS munmap/mmap pairs at pseudo-random places; contents checked
 *   noreserve         one 100 GB MAP_NORESERVE mapping (64-bit; 2 GiB on 32-bit), touched at
 *                     its ends and middle
 *   codeload          100 functions pread() in turn into one executable page: each call must
 *                     run the code just read (the page ran before)
 *   smc N [place|split]  a function rewritten N times in place by stores, alternating two
 *                     variants with other instruction boundaries; with "split", each variant
 *                     is written over its own page instead (the same instructions run, none
 *                     stale: the runner's oracle for the instruction count, which passes
 *                     "place" to the other run so that both start alike)
 *   smcthreads N      the same rewriting in one thread, which then hands a turn to a second
 *                     thread by spinning, N times: only time slices move them on
 *   threads N         N threads all alive at once (a barrier), then joined
 *   threadmax [MAX]   threads with the default stack size, created until pthread_create fails
 *                     (or MAX), all waiting; prints how many could run
 *   brk               brk(-1) and a break that wraps past the end of the space: both answer
 *                     the current break, and the program's memory is still there
 *   execdir           execve of a directory: EACCES
 *   wild              (64-bit) reads and writes at addresses outside the user space whose low
 *                     48 bits are the address of the program's own data: non-canonical ones
 *                     and ones of the kernel's half. Each must raise SIGSEGV (with no address
 *                     when not canonical, the exact one otherwise) and leave the data alone */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

typedef int (*int_fn)(void);

/* ---- machine code of `return value;` and of two same-size variants ------------------------ */

#if defined(__x86_64__) || defined(__i386__)
/* mov $value, %eax; ret */
static size_t emit_return(uint8_t *p, uint32_t value)
{
	p[0] = 0xb8;
	memcpy(p + 1, &value, 4);
	p[5] = 0xc3;
	return 6;
}

/* 16 bytes each, instruction boundaries differ: A is 12 instructions, B 6. */
static const uint8_t variant_a[16] = {
	0x90, 0x90, 0x90, 0x90, 0x90, 0x90,	/* nop x 6 */
	0xb8, 0x01, 0x00, 0x00, 0x00,		/* mov $1, %eax */
	0x90, 0x90, 0x90, 0x90,			/* nop x 4 */
	0xc3,
};
static const uint8_t variant_b[16] = {
	0xb8, 0x02, 0x00, 0x00, 0x00,		/* mov $2, %eax */
	0x05, 0x00, 0x00, 0x00, 0x00,		/* add $0, %eax */
	0x8d, 0x40, 0x00,			/* lea 0(%eax/%rax), %eax */
	0x90, 0x90,				/* nop x 2 */
	0xc3,					/* ret */
};
#elif defined(__hppa__)
/* bv %r0(%rp) with ldi value,%ret0 in its delay slot */
static void put_be32(uint8_t *p, uint32_t w)
{
	p[0] = (uint8_t)(w >> 24);
	p[1] = (uint8_t)(w >> 16);
	p[2] = (uint8_t)(w >> 8);
	p[3] = (uint8_t)w;
}

static size_t emit_return(uint8_t *p, uint32_t value)
{
	put_be32(p, 0xe840c000u);				/* bv %r0(%rp) */
	put_be32(p + 4, 0x341c0000u | ((value & 0x1fffu) << 1));	/* ldi value,%ret0 */
	return 8;
}

/* hppa instructions are all one word: the variants differ in what the words do and where the
 * return sits. A: four nops then the return; B: the return first (the rest never runs). */
static const uint8_t variant_a[16] = {
	0x08, 0x00, 0x02, 0x40, 0x08, 0x00, 0x02, 0x40,	/* nop; nop */
	0xe8, 0x40, 0xc0, 0x00, 0x34, 0x1c, 0x00, 0x02,	/* bv %r0(%rp); ldi 1,%ret0 */
};
static const uint8_t variant_b[16] = {
	0xe8, 0x40, 0xc0, 0x00, 0x34, 0x1c, 0x00, 0x04,	/* bv %r0(%rp); ldi 2,%ret0 */
	0x08, 0x00, 0x02, 0x40, 0x08, 0x00, 0x02, 0x40,	/* nop; nop */
};
#elif defined(__ia64__)
/* One bundle (16 bytes, little-endian) from its template and three 41-bit slots. */
static void put_bundle(uint8_t *out, unsigned tmpl, uint64_t s0, uint64_t s1, uint64_t s2)
{
	unsigned __int128 b = (unsigned __int128)tmpl | (unsigned __int128)s0 << 5 |
			      (unsigned __int128)s1 << 46 | (unsigned __int128)s2 << 87;
	for (int i = 0; i < 16; i++)
		out[i] = (uint8_t)(b >> (8 * i));
}

/* adds r8 = imm, r0 (format A4: opcode 8, x2a 2; imm14 in bits 36, 32:27, 19:13) */
static uint64_t adds_r8(uint32_t imm)
{
	uint64_t u = imm & 0x3fff;
	return 8ULL << 37 | 2ULL << 34 | (u >> 13 & 1) << 36 | (u >> 7 & 0x3f) << 27 |
	       (u & 0x7f) << 13 | 8ULL << 6;
}

static const uint64_t NOP_M = 1ULL << 27, NOP_I = 1ULL << 27;
/* br.ret.sptk.many b0: B opcode 0, x6 0x21, btype 4, .many (bit 12) */
static const uint64_t BR_RET = 0x21ULL << 27 | 1ULL << 12 | 4ULL << 6;

/* { .mib; adds r8 = value, r0; nop.i; br.ret } ;; */
static size_t emit_return(uint8_t *p, uint32_t value)
{
	put_bundle(p, 0x11, adds_r8(value), NOP_I, BR_RET);
	return 16;
}

/* One bundle each, built at start (main calls ia64_variants): A is MIB with the result set in
 * slot 0, B is MMB with it set in slot 1 (another template, other slot contents). */
static uint8_t variant_a[16], variant_b[16];

static void ia64_variants(void)
{
	put_bundle(variant_a, 0x11, adds_r8(1), NOP_I, BR_RET);
	put_bundle(variant_b, 0x19, NOP_M, adds_r8(2), BR_RET);
}
#else
#error "no machine code for this architecture"
#endif

/* A store into code needs the caches made coherent: on hppa fdc, sync, fic (gcc's
 * __builtin___clear_cache), on IA-64 fc per line, sync.i, srlz.i (the builtin emits nothing
 * there); x86 needs nothing. */
static void code_written(void *p, size_t len)
{
#if defined(__ia64__)
	for (size_t off = 0; off < len; off += 32)
		__asm__ volatile("fc %0" : : "r"((char *)p + off) : "memory");
	__asm__ volatile(";;\n\tsync.i\n\t;;\n\tsrlz.i\n\t;;" : : : "memory");
#else
	__builtin___clear_cache((char *)p, (char *)p + len);
#endif
}

/* Calls the code at p. An IA-64 function pointer is a descriptor (entry point, gp): the code
 * here uses no gp. */
static int call_code(void *p)
{
#if defined(__ia64__)
	uint64_t desc[2] = { (uint64_t)(uintptr_t)p, 0 };
	/* gcc takes a descriptor for read-only memory: its loads could move above the stores */
	__asm__ volatile("" : : "r"(desc) : "memory");
	return ((int_fn)(void *)desc)();
#else
	return ((int_fn)(uintptr_t)p)();
#endif
}

static void *map_code_page(long page)
{
	void *p = mmap(NULL, (size_t)page, PROT_READ | PROT_WRITE | PROT_EXEC,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		perror("mmap rwx");
		exit(1);
	}
	return p;
}

/* ---- memory maps ---------------------------------------------------------------------------- */

static int mode_maps(long n)
{
	char **blocks = calloc((size_t)n, sizeof(*blocks));
	if (!blocks)
		return 1;
	for (long i = 0; i < n; i++) {
		blocks[i] = malloc(256 * 1024);
		if (!blocks[i]) {
			printf("maps: malloc %ld failed\n", i);
			return 1;
		}
		blocks[i][0] = (char)i;
		blocks[i][256 * 1024 - 1] = (char)(i >> 8);
	}
	long bad = 0;
	for (long i = 0; i < n; i++)
		bad += blocks[i][0] != (char)i || blocks[i][256 * 1024 - 1] != (char)(i >> 8);
	for (long i = 0; i < n; i++)
		free(blocks[i]);
	free(blocks);
	printf("maps %ld: %ld bad\n", n, bad);
	return bad != 0;
}

static uint32_t rng_state = 12345;
static uint32_t rng(void)
{
	rng_state = rng_state * 1103515245u + 12345u;
	return rng_state >> 8;
}

struct slot {
	uint8_t *addr;
	size_t pages;
	int writable;
	uint8_t tag;
};

static int map_slot(struct slot *s, long page, uint8_t tag)
{
	s->pages = 1 + rng() % 3;
	s->writable = tag & 1;
	s->tag = tag;
	s->addr = mmap(NULL, s->pages * (size_t)page, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (s->addr == MAP_FAILED)
		return -1;
	for (size_t k = 0; k < s->pages; k++)
		s->addr[k * (size_t)page] = tag;
	/* alternate protections, so that no two neighbours merge */
	if (!s->writable && mprotect(s->addr, s->pages * (size_t)page, PROT_READ) != 0)
		return -1;
	return 0;
}

static int mode_churn(long live, long calls)
{
	long page = sysconf(_SC_PAGESIZE);
	struct slot *slots = calloc((size_t)live, sizeof(*slots));
	if (!slots)
		return 1;
	for (long i = 0; i < live; i++)
		if (map_slot(&slots[i], page, (uint8_t)i) != 0) {
			printf("churn: map %ld failed: %s\n", i, strerror(errno));
			return 1;
		}
	long bad = 0;
	for (long c = 0; c < calls; c++) {
		struct slot *s = &slots[rng() % (uint32_t)live];
		for (size_t k = 0; k < s->pages; k++)
			bad += s->addr[k * (size_t)page] != s->tag;
		if (munmap(s->addr, s->pages * (size_t)page) != 0 || map_slot(s, page, (uint8_t)c) != 0) {
			printf("churn: call %ld failed: %s\n", c, strerror(errno));
			return 1;
		}
	}
	for (long i = 0; i < live; i++)
		for (size_t k = 0; k < slots[i].pages; k++)
			bad += slots[i].addr[k * (size_t)page] != slots[i].tag;
	printf("churn %ld %ld: %ld bad\n", live, calls, bad);
	return bad != 0;
}

static int mode_noreserve(void)
{
	/* volatile: gcc would otherwise reject an object of 2 GiB (more than PTRDIFF_MAX) */
	volatile size_t vlen = sizeof(void *) == 8 ? (size_t)100000000000ull : (size_t)2 << 30;
	size_t len = vlen;
	uint8_t *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
			  -1, 0);
	if (p == MAP_FAILED) {
		printf("noreserve %zu: %s\n", len, strerror(errno));
		return 1;
	}
	p[0] = 1;
	p[len / 2] = 2;
	p[len - 1] = 3;
	int ok = p[0] == 1 && p[len / 2] == 2 && p[len - 1] == 3 && p[4096] == 0;
	if (munmap(p, len) != 0)
		ok = 0;
	printf("noreserve %zu: %s\n", len, ok ? "ok" : "wrong");
	return !ok;
}

/* ---- code that changes ---------------------------------------------------------------------- */

static int mode_codeload(void)
{
	long page = sysconf(_SC_PAGESIZE);
	char path[] = "hostile-code.XXXXXX";
	int fd = mkstemp(path);
	if (fd < 0) {
		perror("mkstemp");
		return 1;
	}
	unlink(path);
	uint8_t *buf = calloc(1, (size_t)page);
	for (int i = 0; i < 100; i++) {
		emit_return(buf, (uint32_t)i);
		if (pwrite(fd, buf, (size_t)page, (off_t)i * page) != page) {
			perror("pwrite");
			return 1;
		}
	}
	uint8_t *code = map_code_page(page);
	int stale = 0;
	for (int i = 0; i < 100; i++) {
		if (pread(fd, code, (size_t)page, (off_t)i * page) != page) {
			perror("pread");
			return 1;
		}
		code_written(code, (size_t)page);
		int got = call_code(code);
		stale += got != i;
	}
	/* and through read() at the file position, and a fresh mapping of the file over the page */
	lseek(fd, 7 * page, SEEK_SET);
	if (read(fd, code, (size_t)page) != page)
		return 1;
	code_written(code, (size_t)page);
	stale += call_code(code) != 7;
	if (mmap(code, (size_t)page, PROT_READ | PROT_EXEC, MAP_PRIVATE | MAP_FIXED, fd, 9 * page) != code)
		return 1;
	stale += call_code(code) != 9;
	printf("codeload: %d of 102 calls ran stale code\n", stale);
	return stale != 0;
}

static uint8_t *smc_code;
static long smc_calls;
static long smc_split;	/* 0, or the page size: variant B lives one page further */

/* Writes the next variant over the function (A, B, A, ...) and calls it. */
static int smc_one(void)
{
	uint8_t *at = smc_code + (smc_calls & 1) * smc_split;
	memcpy(at, smc_calls++ & 1 ? variant_b : variant_a, 16);
	code_written(at, 16);
	return call_code(at);
}

/* What n calls return: A returns 1, B 2. */
static long smc_expected(long n)
{
	return (n + 1) / 2 + n / 2 * 2;
}

static int mode_smc(long n, int split)
{
	long page = sysconf(_SC_PAGESIZE);
	smc_code = map_code_page(2 * page);
	smc_split = page * split;	/* no branch on it: both runs retire the same instructions */
	long sum = 0;
	for (long i = 0; i < n; i++)
		sum += smc_one();
	printf("smc %ld: sum %ld (expected %ld)\n", n, sum, smc_expected(n));
	return sum != smc_expected(n);
}

/* The two threads hand a turn to each other by spinning on it (no system call), so only a
 * time slice that ends where it should lets the other one go on. */
static volatile int turn;

static void *turn_thread(void *arg)
{
	long n = *(long *)arg;
	for (long i = 0; i < n; i++) {
		while (__atomic_load_n(&turn, __ATOMIC_ACQUIRE) != 1)
			;
		__atomic_store_n(&turn, 0, __ATOMIC_RELEASE);
	}
	return NULL;
}

static int mode_smcthreads(long n)
{
	smc_code = map_code_page(sysconf(_SC_PAGESIZE));
	pthread_t t;
	if (pthread_create(&t, NULL, turn_thread, &n) != 0)
		return 1;
	long sum = 0;
	for (long i = 0; i < n; i++) {
		sum += smc_one();
		__atomic_store_n(&turn, 1, __ATOMIC_RELEASE);
		while (__atomic_load_n(&turn, __ATOMIC_ACQUIRE) != 0)
			;
	}
	pthread_join(t, NULL);
	printf("smcthreads %ld: sum %ld (expected %ld)\n", n, sum, smc_expected(n));
	return sum != smc_expected(n);
}

/* ---- threads -------------------------------------------------------------------------------- */

static pthread_barrier_t barrier;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t release = PTHREAD_COND_INITIALIZER;
static int released;
static long ran_count;

static void *barrier_thread(void *arg)
{
	(void)arg;
	pthread_barrier_wait(&barrier);
	pthread_mutex_lock(&lock);
	ran_count++;
	pthread_mutex_unlock(&lock);
	return NULL;
}

static int mode_threads(long n)
{
	pthread_t *t = calloc((size_t)n, sizeof(*t));
	pthread_barrier_init(&barrier, NULL, (unsigned)n + 1);
	for (long i = 0; i < n; i++) {
		int e = pthread_create(&t[i], NULL, barrier_thread, NULL);
		if (e) {
			printf("threads: create %ld: %s\n", i, strerror(e));
			return 1;
		}
	}
	pthread_barrier_wait(&barrier);
	for (long i = 0; i < n; i++)
		pthread_join(t[i], NULL);
	printf("threads %ld: %ld ran\n", n, ran_count);
	return ran_count != n;
}

static void *waiting_thread(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&lock);
	while (!released)
		pthread_cond_wait(&release, &lock);
	ran_count++;
	pthread_mutex_unlock(&lock);
	return NULL;
}

static int mode_threadmax(long max)
{
	pthread_t *t = calloc((size_t)max, sizeof(*t));
	long n = 0;
	int e = 0;
	while (n < max && (e = pthread_create(&t[n], NULL, waiting_thread, NULL)) == 0)
		n++;
	pthread_mutex_lock(&lock);
	released = 1;
	pthread_cond_broadcast(&release);
	pthread_mutex_unlock(&lock);
	for (long i = 0; i < n; i++)
		pthread_join(t[i], NULL);
	printf("threadmax: %ld threads ran (%ld joined), then %s\n", n, ran_count,
	       n == max ? "the limit asked" : strerror(e));
	return ran_count != n;
}

/* ---- Linux's answers ------------------------------------------------------------------------ */

static char brk_canary[64] = "the program's data";

static int mode_brk(void)
{
	long cur = syscall(SYS_brk, 0);
	long minus1 = syscall(SYS_brk, -1L);
	/* so far past the break that rounding it up to a page wraps past the end of the space */
	long wrap = syscall(SYS_brk, -(long)sysconf(_SC_PAGESIZE) / 2);
	long after = syscall(SYS_brk, 0);
	/* the break still moves, and the program's text and data are still there */
	long grown = syscall(SYS_brk, cur + 65536);
	int ok = minus1 == cur && wrap == cur && after == cur && grown == cur + 65536 &&
		 !strcmp(brk_canary, "the program's data");
	if (ok) {
		memset((char *)cur, 7, 65536);
		ok = ((char *)cur)[65535] == 7;
	}
	printf("brk: -1 %s, wrapping %s, after %s, grown %s: %s\n",
	       minus1 == cur ? "current" : "other", wrap == cur ? "current" : "other",
	       after == cur ? "current" : "other", grown == cur + 65536 ? "moved" : "stuck",
	       ok ? "ok" : "wrong");
	return !ok;
}

static int mode_execdir(void)
{
	mkdir("hostile-dir", 0755);
	char *argv[] = { "hostile-dir", NULL }, *envp[] = { NULL };
	execve("hostile-dir", argv, envp);
	int e = errno;
	rmdir("hostile-dir");
	printf("execve of a directory: %s\n", strerror(e));
	return e != EACCES;
}

/* ---- addresses outside the user space -------------------------------------------------------- */

static sigjmp_buf wild_jump;
static void *wild_fault_addr;
static long wild_trapno;	/* the x86 exception vector the frame records: 13 #GP, 14 #PF */

static void wild_segv(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	wild_fault_addr = si->si_addr;
#if defined(__x86_64__)
	wild_trapno = (long)((ucontext_t *)uc)->uc_mcontext.gregs[REG_TRAPNO];
#else
	(void)uc;
#endif
	siglongjmp(wild_jump, 1);
}

/* "faulted, no address (trap 13)", "faulted at it (trap 14)", "faulted elsewhere (trap N)" or
 * "no fault" */
static const char *wild_access(uintptr_t addr, int write)
{
	static char said[64];
	volatile char *p = (volatile char *)addr;
	wild_fault_addr = NULL;
	if (sigsetjmp(wild_jump, 1)) {
		snprintf(said, sizeof said, "%s (trap %ld)", !wild_fault_addr ? "faulted, no address"
			 : (uintptr_t)wild_fault_addr == addr ? "faulted at it" : "faulted elsewhere",
			 wild_trapno);
		return said;
	}
	if (write)
		*p = 'X';
	else
		(void)*p;
	return "no fault";
}

static int mode_wild(void)
{
	if (sizeof(void *) < 8) {
		printf("wild: 64-bit only\n");
		return 0;
	}
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = wild_segv;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigaction(SIGSEGV, &sa, NULL);
	uint64_t own = (uintptr_t)brk_canary;
	/* the top 16 bits: non-canonical (0xffff0000... wrapped onto the data before), canonical */
	static const uint64_t tops[] = { UINT64_C(0xffff000000000000), UINT64_C(0x8000000000000000),
					 UINT64_C(0x0001000000000000), UINT64_C(0xffff800000000000) };
	for (size_t i = 0; i < sizeof tops / sizeof tops[0]; i++) {
		uintptr_t a = (uintptr_t)(tops[i] | own);
		printf("wild: top %016llx: read %s", (unsigned long long)tops[i], wild_access(a, 0));
		printf(", write %s\n", wild_access(a, 1));
	}
	int ok = !strcmp(brk_canary, "the program's data");
	printf("wild: the program's data %s\n", ok ? "intact" : "changed");
	return !ok;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
#if defined(__ia64__)
	ia64_variants();
#endif
	const char *mode = argc > 1 ? argv[1] : "";
	long a = argc > 2 ? strtol(argv[2], NULL, 0) : 0;
	long b = argc > 3 ? strtol(argv[3], NULL, 0) : 0;
	if (!strcmp(mode, "maps") && a > 0)
		return mode_maps(a);
	if (!strcmp(mode, "churn") && a > 0 && b >= 0)
		return mode_churn(a, b);
	if (!strcmp(mode, "noreserve"))
		return mode_noreserve();
	if (!strcmp(mode, "codeload"))
		return mode_codeload();
	if (!strcmp(mode, "smc") && a > 0)
		return mode_smc(a, argc > 3 ? argv[3][0] & 1 : 0);	/* "split" 1, "place" 0 */
	if (!strcmp(mode, "smcthreads") && a > 0)
		return mode_smcthreads(a);
	if (!strcmp(mode, "threads") && a > 0)
		return mode_threads(a);
	if (!strcmp(mode, "threadmax"))
		return mode_threadmax(a > 0 ? a : 4000);
	if (!strcmp(mode, "brk"))
		return mode_brk();
	if (!strcmp(mode, "execdir"))
		return mode_execdir();
	if (!strcmp(mode, "wild"))
		return mode_wild();
	fprintf(stderr, "usage: hostile maps N | churn LIVE CALLS | noreserve | codeload | smc N [place|split]"
			" | smcthreads N | threads N | threadmax [MAX] | brk | execdir | wild\n");
	return 2;
}
