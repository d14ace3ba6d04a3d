/*
 * signals: signal handlers as a program relies on them. Every line it prints is a fact the
 * kernel guarantees, so the native run is the oracle (tests/e2e/run_guest.py).
 *
 * Usage: signals MODE
 *   basic     signal() + raise(): the handler runs before raise returns, once per raise
 *   info      SA_SIGINFO: si_signo, si_code (SI_TKILL from raise, SI_USER from kill), si_pid
 *   blocked   a raised signal waits while blocked and runs when unblocked; sa_mask and the
 *             signal itself are blocked inside the handler; a signal raised in a handler nests
 *   faults    SIGSEGV, SIGFPE and SIGILL caught, siglongjmp out; si_addr of the SIGSEGV
 *   fpu       a handler that computes in floating point leaves the interrupted code's x87,
 *             SSE registers and flags as they were
 *   altstack  SA_ONSTACK runs on the sigaltstack, reported SS_ONSTACK inside
 *   context   the handler edits a register in its ucontext: sigreturn restores the edit
 *   timers    setitimer's ITIMER_PROF and ITIMER_REAL send SIGPROF and SIGALRM while the
 *             program computes; alarm() reports the seconds left of the one before
 *   waits     pause, sigsuspend and nanosleep end with EINTR when ITIMER_REAL's SIGALRM is
 *             handled; sigsuspend's mask holds only while it waits; sigpending
 *   alarmdies an ITIMER_REAL expiring during pause, SIGALRM with its default action: it kills
 *   resethand SA_RESETHAND: the second SIGTERM has the default action (the process dies)
 *   sigprof   a SIGPROF sampler (ITIMER_PROF every 10 ms, the pc from the ucontext), printing
 *             each sampled pc: under profemu each is the pc of a clock tick (--explain)
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <sys/time.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

static volatile sig_atomic_t count;
static volatile int last_sig, last_code, last_pid_ok;
static volatile uintptr_t last_addr;
static sigjmp_buf env;

/* sigaction for a three-argument handler (SA_SIGINFO), nothing else blocked in it. */
static void catch_info(int sig, void (*handler)(int, siginfo_t *, void *))
{
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = handler;
	sa.sa_flags = SA_SIGINFO;
	sigaction(sig, &sa, NULL);
}

/* sigaction for a one-argument handler with these flags, blocking `also` in it (0: none). */
static void catch_plain(int sig, void (*handler)(int), int flags, int also)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sa.sa_flags = flags;
	if (also)
		sigaddset(&sa.sa_mask, also);
	sigaction(sig, &sa, NULL);
}

static void on_plain(int sig)
{
	count++;
	last_sig = sig;
}

static void on_info(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	count++;
	last_sig = si->si_signo == sig ? sig : -1;
	last_code = si->si_code;
	last_pid_ok = si->si_pid == getpid();
}

static int basic(void)
{
	signal(SIGUSR1, on_plain);
	for (int i = 0; i < 3; i++) {
		raise(SIGUSR1);
		printf("after raise %d: count %d, sig %s\n", i, (int)count, sigabbrev_np(last_sig));
	}
	signal(SIGUSR1, SIG_IGN);
	raise(SIGUSR1);
	printf("ignored: count %d\n", (int)count);
	return 0;
}

static int info(void)
{
	catch_info(SIGUSR2, on_info);
	raise(SIGUSR2);
	printf("raise: signo %s, code %s, pid %s\n", last_sig == SIGUSR2 ? "ok" : "wrong",
	       last_code == SI_TKILL ? "SI_TKILL" : "other", last_pid_ok ? "ok" : "wrong");
	kill(getpid(), SIGUSR2);
	printf("kill: signo %s, code %s, pid %s, count %d\n", last_sig == SIGUSR2 ? "ok" : "wrong",
	       last_code == SI_USER ? "SI_USER" : "other", last_pid_ok ? "ok" : "wrong", (int)count);
	return 0;
}

static volatile int usr2_blocked_in_usr1, usr1_blocked_in_usr1;
static char order[64];
static volatile int order_len;

static void note(char c)
{
	if (order_len < (int)sizeof(order) - 1)
		order[order_len++] = c;
}

static void on_usr1_nesting(int sig)
{
	(void)sig;
	sigset_t now;
	sigprocmask(SIG_BLOCK, NULL, &now);
	usr1_blocked_in_usr1 = sigismember(&now, SIGUSR1);
	usr2_blocked_in_usr1 = sigismember(&now, SIGUSR2);
	note('1');
	raise(SIGHUP);	/* not in sa_mask: runs nested, now */
	note('1');
}

static void on_hup(int sig)
{
	(void)sig;
	note('h');
}

static void on_usr2_order(int sig)
{
	(void)sig;
	note('2');
}

static int blocked(void)
{
	catch_plain(SIGUSR1, on_usr1_nesting, 0, SIGUSR2);
	catch_plain(SIGHUP, on_hup, 0, 0);
	catch_plain(SIGUSR2, on_usr2_order, 0, 0);

	sigset_t set, old;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGUSR2);
	sigprocmask(SIG_BLOCK, &set, &old);
	raise(SIGUSR2);
	raise(SIGUSR1);
	note('m');
	printf("while blocked: order \"%.*s\"\n", (int)order_len, order);
	sigprocmask(SIG_SETMASK, &old, NULL);
	note('m');
	/* Linux delivers the lowest-numbered first (SIGUSR1 = 10, SIGUSR2 = 12), each frame on
	 * top of the last: the last delivered runs first. */
	printf("after unblock: order \"%.*s\"\n", (int)order_len, order);
	printf("inside SIGUSR1: SIGUSR1 blocked %d, SIGUSR2 (sa_mask) blocked %d\n",
	       usr1_blocked_in_usr1, usr2_blocked_in_usr1);
	sigset_t after;
	sigprocmask(SIG_BLOCK, NULL, &after);
	printf("mask restored: %s\n", !sigismember(&after, SIGUSR1) && !sigismember(&after, SIGUSR2) ? "yes" : "no");
	return 0;
}

static void on_fault(int sig, siginfo_t *si, void *uc)
{
	(void)uc;
	last_sig = sig;
	last_code = si->si_code;
	last_addr = (uintptr_t)si->si_addr;
	siglongjmp(env, 1);
}

static volatile uintptr_t bad_address = 16;
static volatile int zero = 0, seven = 7;

static int faults(void)
{
	catch_info(SIGSEGV, on_fault);
	catch_info(SIGFPE, on_fault);
	catch_info(SIGILL, on_fault);
	for (volatile int round = 0; round < 2; round++) {	/* twice: the mask is restored by siglongjmp */
		if (sigsetjmp(env, 1) == 0) {
			*(volatile int *)bad_address = 1;
			puts("no SIGSEGV");
		} else {
			printf("SIGSEGV: code %s, si_addr %#lx\n", last_code == SEGV_MAPERR ? "SEGV_MAPERR" : "other",
			       (unsigned long)last_addr);
		}
		if (sigsetjmp(env, 1) == 0) {
			printf("%d\n", seven / zero);
			puts("no SIGFPE");
		} else {
			printf("SIGFPE: code %s\n", last_code == FPE_INTDIV ? "FPE_INTDIV" : "other");
		}
		if (sigsetjmp(env, 1) == 0) {
#if defined(__hppa__)
			/* privileged: glibc's ABORT_INSTRUCTION */
			__asm__ volatile("iitlbp %%r0, (%%sr0, %%r0)" ::: "memory");
#elif defined(__ia64__)
			/* break 0: what gcc's __builtin_trap emits; Linux sends SIGILL */
			__asm__ volatile("break.m 0" ::: "memory");
#else
			__asm__ volatile("ud2");
#endif
			puts("no SIGILL");
		} else {
			printf("SIGILL: sig %s\n", sigabbrev_np(last_sig));
		}
	}
	return 0;
}

static void on_float(int sig)
{
	(void)sig;
	volatile double x = 1.0, y = 3.0;
	volatile long double z = 2.0L;
	for (int i = 0; i < 10; i++) {
		x = x / y + 0.25;
		z = z * z - 1.5L;
	}
	count += (int)(x * 100 + (double)z) > 0;
}

static int fpu(void)
{
	signal(SIGUSR1, on_float);
	volatile double a = 1.0;
	volatile long double b = 1.0L;
	double acc = 0;
	for (int i = 1; i <= 20; i++) {
		double t = a * 1.5 + i;	/* live in an SSE register across raise */
		raise(SIGUSR1);
		acc += t / 7.0;
		b = b * 1.25L;
		a = t / 3.0;
	}
	printf("fpu: acc %.17g b %.17Lg handler ran %d times\n", acc, b, (int)count);
	return 0;
}

static char alt[65536] __attribute__((aligned(16)));
static volatile int on_alt, flags_onstack;

static void on_stack_check(int sig)
{
	(void)sig;
	char here;
	on_alt = (uintptr_t)&here - (uintptr_t)alt < sizeof(alt);
	stack_t now;
	sigaltstack(NULL, &now);
	flags_onstack = (now.ss_flags & SS_ONSTACK) != 0;
}

static int altstack(void)
{
	stack_t ss = { .ss_sp = alt, .ss_size = sizeof(alt), .ss_flags = 0 };
	if (sigaltstack(&ss, NULL) != 0) {
		perror("sigaltstack");
		return 1;
	}
	catch_plain(SIGUSR1, on_stack_check, SA_ONSTACK, 0);
	raise(SIGUSR1);
	printf("SA_ONSTACK: on the alternate stack %d, SS_ONSTACK inside %d\n", on_alt, flags_onstack);
	catch_plain(SIGUSR1, on_stack_check, 0, 0);
	on_alt = 1;
	raise(SIGUSR1);
	printf("without SA_ONSTACK: on the alternate stack %d\n", on_alt);
	stack_t old;
	sigaltstack(NULL, &old);
	printf("sigaltstack reports size %zu, flags %d\n", old.ss_size, old.ss_flags);
	return 0;
}

/* The handler moves the interrupted code's accumulator: the edit must survive sigreturn. */
static void on_edit(int sig, siginfo_t *si, void *ucv)
{
	(void)sig;
	(void)si;
	ucontext_t *uc = ucv;
#if defined(__x86_64__)
	uc->uc_mcontext.gregs[REG_RBX] = 0x1234;
#elif defined(__hppa__)
	uc->uc_mcontext.sc_gr[5] = 0x1234;
#elif defined(__ia64__)
	uc->uc_mcontext.sc_gr[4] = 0x1234;	/* r4: preserved, restored from the frame */
#else
	uc->uc_mcontext.gregs[REG_ESI] = 0x1234;
#endif
}

static int context(void)
{
	catch_info(SIGUSR1, on_edit);
	long value = 7;
	/* The raw kill call, with the value in a register kill does not use (rbx, or esi on
	 * i386) across it: what the handler wrote there comes back. */
#if defined(__hppa__)
	/* kill is 37; r5 is callee-saved and untouched by the gateway (glibc's clobbers). */
	register long r26 __asm__("r26") = getpid();
	register long r25 __asm__("r25") = SIGUSR1;
	register long r5 __asm__("r5") = value;
	register long r28 __asm__("r28");
	__asm__ volatile("copy %%r19, %%r4\n\tble 0x100(%%sr2, %%r0)\n\tldi 37, %%r20\n\t"
			 "copy %%r4, %%r19"
			 : "=r"(r28), "+r"(r5) : "r"(r26), "r"(r25)
			 : "r1", "r2", "r4", "r20", "r29", "r31", "memory");
	long nr = r28;
	value = r5;
#elif defined(__ia64__)
	/* kill is 1053 (1024 + 29): arguments in out0, out1 (r32, r33 of a frame with no
	 * locals), the result in r8; r4 is preserved and the break leaves it alone. */
	long pid = getpid();	/* before the register variables: a call clobbers them */
	register long r4 __asm__("r4") = value;
	register long r8 __asm__("r8");
	register long r15 __asm__("r15") = 1053;
	register long out0 __asm__("out0") = pid;
	register long out1 __asm__("out1") = SIGUSR1;
	__asm__ volatile("break.m 0x100000" : "=r"(r8), "+r"(r4), "+r"(r15), "+r"(out0), "+r"(out1)
			 :: "r2", "r3", "r9", "r10", "r11", "r14", "r16", "r17", "r18", "r19", "r20",
			    "r21", "r22", "r23", "r24", "r25", "r26", "r27", "r28", "r29", "r30", "r31",
			    "memory");
	long nr = r8;
	value = r4;
#elif defined(__x86_64__)
	long nr = 62;
	__asm__ volatile("syscall" : "+a"(nr), "+b"(value) : "D"((long)getpid()), "S"((long)SIGUSR1)
			 : "rcx", "r11", "memory");
#else
	long nr = 37;
	__asm__ volatile("push %%ebx\n\tmov %2, %%ebx\n\tint $0x80\n\tpop %%ebx"
			 : "+a"(nr), "+S"(value) : "r"((long)getpid()), "c"((long)SIGUSR1) : "memory");
#endif
	printf("context: kill returned %ld, the register after the handler %#lx\n", nr, value);
	return 0;
}

static volatile sig_atomic_t prof_ticks, alarms;

static void on_prof(int sig)
{
	(void)sig;
	prof_ticks++;
}

static void on_alarm(int sig)
{
	(void)sig;
	alarms++;
}

static volatile unsigned long spin_sink;

/* Computes until *flag reaches want (or a generous bound, so a broken timer cannot hang). */
static int spin_until(volatile sig_atomic_t *flag, int want)
{
	for (unsigned long i = 0; i < 4000000000ul && *flag < want; i++)
		spin_sink += i;
	return *flag >= want;
}

static int timers(void)
{
	signal(SIGPROF, on_prof);
	struct itimerval it = { .it_interval = { 0, 10000 }, .it_value = { 0, 10000 } };
	setitimer(ITIMER_PROF, &it, NULL);
	int ok = spin_until(&prof_ticks, 5);
	struct itimerval off = { { 0, 0 }, { 0, 0 } }, old;
	setitimer(ITIMER_PROF, &off, &old);
	printf("ITIMER_PROF: 5 SIGPROF %s, interval kept %ld us\n", ok ? "arrived" : "missing",
	       (long)old.it_interval.tv_usec);

	signal(SIGALRM, on_alarm);
	struct itimerval once = { .it_interval = { 0, 0 }, .it_value = { 0, 20000 } };
	setitimer(ITIMER_REAL, &once, NULL);
	ok = spin_until(&alarms, 1);
	getitimer(ITIMER_REAL, &old);
	printf("ITIMER_REAL: SIGALRM %s, then disarmed %d\n", ok ? "arrived" : "missing",
	       old.it_value.tv_sec == 0 && old.it_value.tv_usec == 0);

	alarm(5);
	unsigned left = alarm(0);
	printf("alarm: %u seconds were left\n", left);
	return 0;
}

static void arm_real(long usec)
{
	struct itimerval it = { .it_interval = { 0, 0 }, .it_value = { usec / 1000000, usec % 1000000 } };
	setitimer(ITIMER_REAL, &it, NULL);
}

static int waits(void)
{
	signal(SIGALRM, on_alarm);
	arm_real(30000);
	int r = pause();
	printf("pause: returned %d (%s), SIGALRM handled %d\n", r, errno == EINTR ? "EINTR" : "?", (int)alarms);

	sigset_t block, old, during;
	sigemptyset(&block);
	sigaddset(&block, SIGALRM);
	sigprocmask(SIG_BLOCK, &block, &old);
	arm_real(20000);
	sigemptyset(&during);
	errno = 0;
	r = sigsuspend(&during);
	sigset_t after;
	sigprocmask(SIG_BLOCK, NULL, &after);
	printf("sigsuspend: returned %d (%s), handled %d, SIGALRM blocked again %d\n", r,
	       errno == EINTR ? "EINTR" : "?", (int)alarms, sigismember(&after, SIGALRM));
	sigprocmask(SIG_SETMASK, &old, NULL);

	arm_real(10000);
	struct timespec req = { 1, 0 }, rem = { 0, 0 };
	r = nanosleep(&req, &rem);
	printf("nanosleep: returned %d (%s), handled %d, 0.9 s < rem < 1 s %d\n", r,
	       errno == EINTR ? "EINTR" : "?", (int)alarms,
	       rem.tv_sec == 0 && rem.tv_nsec > 900000000);

	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	signal(SIGUSR1, on_plain);
	sigprocmask(SIG_BLOCK, &block, &old);
	raise(SIGUSR1);
	sigset_t pending;
	sigpending(&pending);
	printf("sigpending: SIGUSR1 %d, SIGUSR2 %d\n", sigismember(&pending, SIGUSR1),
	       sigismember(&pending, SIGUSR2));
	sigprocmask(SIG_SETMASK, &old, NULL);
	printf("after unblocking: handled %d\n", (int)count);
	return 0;
}

static int alarmdies(void)
{
	arm_real(50000);
	puts("waiting for SIGALRM");
	pause();
	puts("still alive after SIGALRM");
	return 0;
}

static volatile uintptr_t samples[256];
static volatile int nsamples;

static void on_sample(int sig, siginfo_t *si, void *ucv)
{
	(void)sig;
	(void)si;
	ucontext_t *uc = ucv;
	if (nsamples < (int)(sizeof(samples) / sizeof(samples[0])))
#if defined(__hppa__)
		samples[nsamples++] = (uintptr_t)uc->uc_mcontext.sc_iaoq[0] & ~(uintptr_t)3;
#elif defined(__ia64__)
		samples[nsamples++] = (uintptr_t)uc->uc_mcontext.sc_ip;	/* bundle + slot */
#elif defined(__x86_64__)
		samples[nsamples++] = (uintptr_t)uc->uc_mcontext.gregs[REG_RIP];
#else
		samples[nsamples++] = (uintptr_t)uc->uc_mcontext.gregs[REG_EIP];
#endif
}

static int sigprof(void)
{
	catch_info(SIGPROF, on_sample);
	struct itimerval it = { .it_interval = { 0, 10000 }, .it_value = { 0, 10000 } };
	setitimer(ITIMER_PROF, &it, NULL);
	/* Work with short blocks and long ones, so ticks fall inside blocks. */
	for (unsigned long i = 0; nsamples < 40 && i < 4000000000ul; i++)
		spin_sink = spin_sink * 31 + (i ^ (spin_sink >> 3)) + (i % 7 == 0 ? i : 1);
	struct itimerval off = { { 0, 0 }, { 0, 0 } };
	setitimer(ITIMER_PROF, &off, NULL);
	for (int i = 0; i < nsamples; i++)
		printf("sample %#lx\n", (unsigned long)samples[i]);
	return 0;
}

static void on_term_once(int sig)
{
	(void)sig;
	count++;
}

static int resethand(void)
{
	catch_plain(SIGTERM, on_term_once, SA_RESETHAND, 0);
	raise(SIGTERM);
	printf("first SIGTERM handled: count %d\n", (int)count);
	fflush(stdout);
	raise(SIGTERM);
	puts("still alive after the second SIGTERM");
	return 0;
}

static const struct {
	const char *name;
	int (*run)(void);
} modes[] = {
	{ "basic", basic }, { "info", info }, { "blocked", blocked }, { "faults", faults },
	{ "fpu", fpu }, { "altstack", altstack }, { "context", context }, { "timers", timers },
	{ "resethand", resethand }, { "waits", waits }, { "alarmdies", alarmdies },
	{ "sigprof", sigprof },
};

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	setvbuf(stdout, NULL, _IOLBF, 0);
	for (size_t i = 0; i < sizeof(modes) / sizeof(modes[0]); i++)
		if (!strcmp(mode, modes[i].name))
			return modes[i].run();
	fprintf(stderr, "usage: signals MODE (see the top of signals.c)\n");
	return 2;
}
