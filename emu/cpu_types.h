/* The types the CPU interface and its back ends share: architectures, why a run stopped, faults,
 * the events a back end raises and the configuration it is created with. emu/cpu.h (the calls
 * the OS layer makes) and emu/cpu_backend.h (what a back end supplies) both build on them, so
 * a back end needs nothing of emu/cpu.c, the dispatcher that chooses it. */
#ifndef PROFEMU_CPU_TYPES_H
#define PROFEMU_CPU_TYPES_H

#include <stdbool.h>
#include <stdint.h>

struct guest_mem;

enum cpu_arch {
	CPU_ARCH_X86_64,
	CPU_ARCH_I386,
	CPU_ARCH_I8086,		/* real mode, for DOS programs */
	CPU_ARCH_HPPA,
	CPU_ARCH_IA64,
};

/* Why cpu_run returned. */
enum cpu_stop {
	CPU_STOP_REQUESTED,	/* cpu_request_stop (exit, execve, SIGINT, a fatal signal) */
	CPU_STOP_FAULT,		/* a guest fault: see struct cpu_fault */
	CPU_STOP_INSN_LIMIT,	/* --max-insns reached */
	CPU_STOP_ERROR,		/* the back end itself failed: message in cpu_fault.detail */
};

enum cpu_fault_kind {
	CPU_FAULT_SEGV_MAPERR,	/* no mapping at the address */
	CPU_FAULT_SEGV_ACCERR,	/* mapping forbids the access */
	CPU_FAULT_ILL,		/* illegal or unsupported instruction */
	CPU_FAULT_FPE,		/* divide error */
	CPU_FAULT_BUS,
	CPU_FAULT_TRAP,		/* breakpoint or other trap */
};

struct cpu_fault {
	enum cpu_fault_kind kind;
	uint64_t pc;		/* the faulting instruction */
	uint64_t addr;		/* the faulting data address, if any */
	bool has_addr;
	/* The ISA's own number for the interruption when it has one and the ABI's si_code
	 * depends on it (hppa: the PA-RISC interruption code, 12 overflow, 13 conditional trap;
	 * syscalls/<abi> maps it with sys_abi.fault_code). Only back ends whose ABI reads it set it. */
	unsigned trap;
	char detail[128];
};

/* Events from the CPU; any may be NULL. They run inside cpu_run. */
struct cpu_events {
	void *ctx;
	/* A system-call trap. The pc is already past the trap instruction; retired counts it. */
	void (*syscall)(void *ctx);
	/* A software interrupt or trap instruction other than the system-call one, with the
	 * back end's number for it (x86: `int n` and its vector). */
	void (*interrupt)(void *ctx, unsigned vector);
	/* A clock tick: `retired` instructions have run and `pc` is the next one to execute
	 * (IA-64: its bundle). Returns the number of instructions until the next tick, 0 for none. */
	uint64_t (*tick)(void *ctx, uint64_t pc, uint64_t retired);
	/* The instruction at a breakpoint (cpu_add_breakpoint) is about to run. The handler may
	 * move the pc (and registers) to run other code instead: the instruction then does not
	 * retire. */
	void (*breakpoint)(void *ctx, uint64_t addr);
	/* A call instruction at `site` (returning to `ret_addr`) reached `target`; a return
	 * reached `target`. Raised only when set, for whole-program call graphs. `retired` is
	 * what cpu_retired would return there (the call or return itself counted), handed over
	 * because these events come about once per 60 instructions: asking the back end for it
	 * each time was a tenth of a whole-program run's cost. */
	void (*call)(void *ctx, uint64_t site, uint64_t ret_addr, uint64_t target, uint64_t retired);
	void (*ret)(void *ctx, uint64_t target, uint64_t retired);
};

struct cpu;

struct cpu_config {
	enum cpu_arch arch;
	struct guest_mem *mem;
	struct cpu_events events;
	uint64_t max_insns;	/* 0: no limit */
	uint64_t first_tick;	/* instructions until the first tick; 0: no ticks */
};

#endif
