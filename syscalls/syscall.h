/* The system-call layer's shared vocabulary: an ABI describes only what differs between targets
 * (numbers, how a trap passes arguments, struct layouts, errno and signal numbers); the handlers
 * are written once, over a neutral view of the arguments (qemu linux-user's split). */
#ifndef PROFEMU_SYSCALL_H
#define PROFEMU_SYSCALL_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/stat.h>

#include "../emu/cpu.h"

struct process;
struct cpu;
struct abi_flags;
struct signal_frame;
struct thread_tls;

/* A handler takes the six raw argument words (zero-extended guest registers) and returns the
 * result or a negative *host* errno; the dispatcher translates errno for the guest. */
typedef int64_t (*sys_fn)(struct process *p, const uint64_t *a);

/* One row of an ABI's table.
 * `args` spells each argument for --strace, one letter each:
 *   d signed int   u unsigned   x hex   o octal   p pointer   s guest string (in)
 *   b buffer written by the call (printed after it returns, length = result)
 *   w buffer read by the call (length = the next argument)
 *   D directory fd of an *at call: the ABI's AT_FDCWD by name, any other value as 'd'
 * `ret` spells the result the same way ('d' or 'x' or 'p'). */
struct sys_entry {
	uint32_t nr;
	const char *name;
	sys_fn fn;		/* NULL: known but not implemented: -ENOSYS, one --strace line */
	const char *args;
	char ret;
};

enum stat_layout {
	STAT_NATIVE,	/* the ABI's struct stat (x86-64 stat, i386 old stat) */
	STAT_64,	/* struct stat64 where the ABI has one (i386) */
};

/* Where a new program starts: what the loader's initial stack gives. */
struct sys_entry_state {
	uint64_t sp;		/* the initial stack pointer */
	uint64_t entry;		/* the first instruction (the interpreter's, if any) */
	uint64_t argc_at;	/* where argc lies, argv[] following it; 0: not known */
	uint64_t argv_at;
};

struct sys_abi {
	const char *name;			/* "x86_64", "i386" */
	const struct sys_entry *table;		/* sorted by nr */
	unsigned table_len;
	/* Reads the call number and arguments from the trap's registers. */
	void (*get_call)(struct cpu *cpu, uint64_t *nr, uint64_t args[6]);
	void (*set_result)(struct cpu *cpu, int64_t result);
	/* A software interrupt other than the system call (hppa: the light-weight syscalls of
	 * the gateway page, vector 0xb0). NULL: the ABI has none. */
	void (*interrupt)(struct process *p, unsigned vector);
	int (*errno_to_guest)(int host_errno);
	int (*signal_to_guest)(int host_signal);
	int (*signal_to_host)(int guest_signal);
	/* The kernel's si_code for a CPU fault, where the ABI's kernel does not derive it from the
	 * kind alone as x86 Linux does (hppa: from the interruption, cpu_fault.trap). NULL: the
	 * x86 codes. */
	int32_t (*fault_code)(const struct cpu_fault *fault);
	/* Writes a host struct stat in the ABI's layout; 0 or -EFAULT / -EOVERFLOW. */
	int (*put_stat)(struct process *p, uint64_t addr, const struct stat *st, enum stat_layout layout);
	/* Added to the pc seen during a trap to name the instruction after it (x86-64's syscall
	 * hook sees the syscall itself; i386's int 0x80 is already past). */
	unsigned trap_pc_adjust;
	/* Signal frames in the kernel's layout (syscalls/<abi>/sigframe.c), called between
	 * runs of the CPU: push saves the registers and FPU state on the guest stack and points
	 * the registers at the handler; pop restores them from the frame a sigreturn call names
	 * and gives back the saved signal mask. 0 or -EFAULT. NULL: handlers cannot be run. */
	int (*signal_push)(struct process *p, const struct signal_frame *f);
	int stack_reg;		/* the back end's number of the stack pointer (cpu_reg) */
	int (*signal_pop)(struct process *p, bool rt, uint64_t *mask);
	/* The ABI's own numbering of flags, commands and request numbers (abi_flags.h). */
	const struct abi_flags *flags;

	/* ---- starting a program (cli/run.c) ---- */
	const char *default_sysroot;	/* -L when none is given: where the ABI's libraries live */
	const char *platform;		/* AT_PLATFORM */
	/* Sets the registers a program starts with: the stack pointer the loader's stack gives,
	 * the pc at the entry point, and whatever else the ABI's process entry defines (hppa:
	 * argc in r25, argv in r24). */
	void (*set_entry_state)(struct process *p, const struct sys_entry_state *e);

	/* ---- glibc functions served natively (profil_glibc.c): the C calling convention ---- */
	/* Reads the first four arguments of the function the guest just entered: 0, or -EFAULT
	 * (the call is then left to run and fault as it would). */
	int (*call_args)(struct process *p, uint64_t args[4]);
	/* Turns the call just entered into a call of fn(args[0..4]) that returns straight to the
	 * original caller. False if the ABI cannot (the call is then completed with call_return). */
	bool (*call_redirect)(struct process *p, uint64_t fn, const uint64_t args[5]);
	/* Returns from the function just entered to its caller with result. */
	void (*call_return)(struct process *p, int64_t result);
	/* Where a static program's TLS block lies from the thread pointer (cpu_thread_pointer):
	 * variant II (x86) ends it right below the pointer; variant I (hppa, IA-64) starts it
	 * tls_tcb_size bytes above it (rounded up to the block's alignment). */
	int tls_variant;
	unsigned tls_tcb_size;

	/* ---- threads (syscalls/sched.c) ---- */
	/* Sets the running CPU's thread pointer from clone's tls argument (CLONE_SETTLS) and
	 * records what restore_tls needs in *t. 0 or a negative errno. */
	int (*clone_tls)(struct process *p, uint64_t tls, struct thread_tls *t);
	/* Sets a new thread's stack from clone's (thread_start sp and stack_size) where more than
	 * the stack pointer follows from it (IA-64: r12 and the register backing store). NULL:
	 * the stack pointer becomes sp. */
	void (*clone_stack)(struct process *p, uint64_t sp, uint64_t size);
	/* Puts a thread's pointer back as it is switched in, where the CPU context alone does not
	 * hold it; NULL when it does (x86-64: the FS base). */
	void (*restore_tls)(struct process *p, const struct thread_tls *t);
	/* What the running thread's pointer is now, for restore_tls; NULL with restore_tls. */
	void (*current_tls)(struct process *p, struct thread_tls *t);
	/* Between runs, after the call `nr` returned: sets the registers so that the trap runs
	 * again (the kernel's -ERESTARTSYS), for a call that blocked its thread. NULL: calls
	 * that would block on the host block the whole process. */
	void (*restart_call)(struct process *p, uint64_t nr);
};

extern const struct sys_abi sys_abi_x86_64;
extern const struct sys_abi sys_abi_i386;
extern const struct sys_abi sys_abi_hppa;
extern const struct sys_abi sys_abi_ia64;

/* The Linux ABI of a CPU architecture, or NULL if there is none yet (abi_select.c). */
const struct sys_abi *sys_abi_for_arch(enum cpu_arch arch);

/* Handles the trap the CPU just raised: decode, --strace, call, translate, set the result. */
void sys_dispatch(struct process *p);

/* The row for nr in an ABI table, or NULL. */
const struct sys_entry *sys_lookup(const struct sys_abi *abi, uint64_t nr);

/* Syscall numbers every ABI serves for the emulator's own calls (guests/include/profemu.h). */
enum { SYS_PROFEMU_PROFIL = 0x6000, SYS_PROFEMU_SPROFIL = 0x6001 };

#endif
