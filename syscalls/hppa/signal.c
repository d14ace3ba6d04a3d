/* hppa signal numbers (arch/parisc/include/uapi/asm/signal.h): 1-6, 8, 9, 11, 13-15 are the
 * generic ones, the rest moved (SIGBUS 10, SIGUSR1 16, SIGCHLD 18, SIGSTOP 24, SIGSYS 31 ...);
 * real-time signals start at 32 on both sides and keep their numbers. Also the si_code of
 * a CPU fault, which parisc derives from the interruption. */
#include <signal.h>

#include "../../emu/hppa/regs.h"
#include "abi.h"

static const struct { int host, guest; } moved[] = {
	{ SIGSTKFLT, 7 }, { SIGBUS, 10 }, { SIGXCPU, 12 }, { SIGUSR1, 16 }, { SIGUSR2, 17 },
	{ SIGCHLD, 18 }, { SIGPWR, 19 }, { SIGVTALRM, 20 }, { SIGPROF, 21 }, { SIGIO, 22 },
	{ SIGWINCH, 23 }, { SIGSTOP, 24 }, { SIGTSTP, 25 }, { SIGCONT, 26 }, { SIGTTIN, 27 },
	{ SIGTTOU, 28 }, { SIGURG, 29 }, { SIGXFSZ, 30 }, { SIGSYS, 31 },
};

int hppa_signal_to_guest(int host_signal)
{
	for (unsigned i = 0; i < sizeof moved / sizeof moved[0]; i++)
		if (moved[i].host == host_signal)
			return moved[i].guest;
	return host_signal;
}

int hppa_signal_to_host(int guest_signal)
{
	for (unsigned i = 0; i < sizeof moved / sizeof moved[0]; i++)
		if (moved[i].guest == guest_signal)
			return moved[i].host;
	return guest_signal;
}

/* si_code of a CPU fault as parisc's handle_interruption (arch/parisc/kernel/traps.c) and
 * do_page_fault (arch/parisc/mm/fault.c) set it, by the interruption: the overflow trap is
 * FPE_INTOVF, the conditional trap (ADDIT and friends: millicode $$divI's division by zero)
 * FPE_CONDTRAP, illegal and privileged operations ILL_ILLOPC and ILL_PRVOPC, break TRAP_BRKPT
 * (handle_gdb_break); a page fault outside every mapping SEGV_MAPERR, one a mapping forbids
 * SEGV_ACCERR; an unaligned reference BUS_ADRALN. */
int32_t hppa_fault_code(const struct cpu_fault *fault)
{
	enum { ILL_ILLOPC_ = 1, ILL_PRVOPC_ = 5, FPE_INTOVF_ = 2, FPE_CONDTRAP_ = 15,
	       SEGV_MAPERR_ = 1, SEGV_ACCERR_ = 2, BUS_ADRALN_ = 1, TRAP_BRKPT_ = 1 };
	switch (fault->trap) {
	case HPPA_INT_ILLEGAL: return ILL_ILLOPC_;
	case HPPA_INT_PRIV_OP: return ILL_PRVOPC_;
	case HPPA_INT_BREAK: return TRAP_BRKPT_;
	case HPPA_INT_OVERFLOW: return FPE_INTOVF_;
	case HPPA_INT_CONDITIONAL: return FPE_CONDTRAP_;
	case HPPA_INT_UNALIGNED: return BUS_ADRALN_;
	default:
		return fault->kind == CPU_FAULT_SEGV_ACCERR ? SEGV_ACCERR_ : SEGV_MAPERR_;
	}
}
