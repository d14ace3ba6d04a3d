/* The CPU back-end interface: every instruction-set family (Unicorn for x86, our own
 * interpreters for hppa and IA-64) sits behind these few operations. emu/cpu.c forwards each
 * call to the back end cpu_create chose for the architecture (emu/cpu_backend.h says what a
 * back end supplies). Nothing outside emu/ sees a back end's own types.
 *
 * The back end counts retired instructions exactly and raises events synchronously, from
 * inside cpu_run: a system-call trap, another software interrupt, a clock tick (every N retired
 * instructions, with the pc of the next instruction to execute), a call or return. The OS layer
 * handles them through the callbacks in struct cpu_events and may stop the CPU from there. */
#ifndef PROFEMU_CPU_H
#define PROFEMU_CPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cpu_types.h"
#include "guest_mem.h"

const char *cpu_arch_name(enum cpu_arch arch);

/* The back end's own disassembler for arch, with no CPU needed (--explain, prohist
 * --annotate): the text `objdump -d` prints for the instruction at code[0..len), which sits at
 * guest address addr, without objdump's " <symbol+off>" after branch targets. An instruction
 * objdump lists on several lines has them "\n"-separated: an IA-64 bundle is its template
 * and its slots, "[MLX] mov r38=r1\nmovl r32=0x6d0;;". Returns the bytes it occupies, 0 when
 * they are no instruction or cut short by len, -ENOSYS when arch has none (x86: prohist uses
 * Capstone). text is always NUL-terminated. */
int cpu_disasm(enum cpu_arch arch, const uint8_t *code, size_t len, uint64_t addr, char *text,
	       size_t textlen);

/* Returns NULL and a message in err (of errlen bytes) on failure, e.g. when no back end for
 * cfg->arch is built in. */
struct cpu *cpu_create(const struct cpu_config *cfg, char *err, size_t errlen);
void cpu_destroy(struct cpu *cpu);

/* Runs from the current pc until a stop. Fills *fault for CPU_STOP_FAULT and _ERROR. */
enum cpu_stop cpu_run(struct cpu *cpu, struct cpu_fault *fault);
/* Callable from an event: the CPU stops after the current instruction. */
void cpu_request_stop(struct cpu *cpu);
/* Callable from a host signal handler, at any moment: the CPU stops at the next point where
 * its back end can stop cleanly (x86: before the next block), and at once if it is not
 * running (its next run stops before anything retires). */
void cpu_request_stop_async(struct cpu *cpu);
/* Callable from the tick event: the CPU stops exactly before the instruction the tick names
 * (the instructions before it retire first), so that, say, a timer's signal handler is entered
 * with that pc. From any other event it acts as cpu_request_stop. */
void cpu_request_stop_at_tick(struct cpu *cpu);

uint64_t cpu_pc(struct cpu *cpu);
void cpu_set_pc(struct cpu *cpu, uint64_t pc);
/* Registers by the back end's own numbering, declared in emu/<arch>/regs.h. */
uint64_t cpu_reg(struct cpu *cpu, int reg);
void cpu_set_reg(struct cpu *cpu, int reg, uint64_t value);
/* Sets the thread pointer, or one of them: `which` is the back end's own choice of register or
 * slot, declared in emu/<arch>/regs.h (x86-64: the FS or GS base; i386: a GDT entry). 0, or a
 * negative errno (-EINVAL for a `which` the architecture does not have). */
int cpu_set_tls(struct cpu *cpu, int which, uint64_t base);

/* Raises events.breakpoint each time the instruction at addr is about to run. Must be added
 * before that code first runs (a back end that translates or caches code drops what it has of
 * that address, to be sure). 0 or a negative errno. */
int cpu_add_breakpoint(struct cpu *cpu, uint64_t addr);

/* The thread pointer TLS is addressed from, 0 if none is set (x86-64: the FS base; i386: the
 * base of the segment in %gs; hppa: cr27; IA-64: r13). */
uint64_t cpu_thread_pointer(struct cpu *cpu);

/* Instructions retired so far, exact at any event. */
uint64_t cpu_retired(struct cpu *cpu);

/* Exact execution counts per instruction address (callgrind's Ir), kept by the back end itself
 * (x86: a counter per translated block, bumped on the block hook's fast path; no event).
 * cpu_count_insns turns them on, before the first cpu_run; 0, -ENOMEM, or -ENOSYS for a back
 * end without them. cpu_insn_counts then calls fn once for every instruction address that
 * retired at least once, with the number of times it retired (their sum is cpu_retired), in
 * no particular order; 0 or -errno. */
int cpu_count_insns(struct cpu *cpu);
int cpu_insn_counts(struct cpu *cpu, void (*fn)(void *ctx, uint64_t addr, uint64_t count), void *ctx);
/* Sets the instructions until the next tick (0: none), e.g. when profiling starts. */
void cpu_set_next_tick(struct cpu *cpu, uint64_t interval);

/* Charges guest time to emulated work (a DOS service, a system call): the clock advances as if
 * `instructions` instructions had run at `pc` (e.g. the emulated service's entry stub), right
 * now, before the next real instruction. The ticks that fall inside them are raised, from
 * inside this call, with that pc; the next tick after them comes that many instructions
 * earlier in real instructions. cpu_retired and --max-insns count retired instructions only:
 * charged ones are not included. Callable from an event (interrupt, syscall); ticks raised
 * here pass the current cpu_retired as `retired`. A tick due exactly at the end of the charge
 * belongs to the next real instruction, as every tick names the instruction about to run. */
void cpu_charge(struct cpu *cpu, uint64_t instructions, uint64_t pc);

/* ---- threads: one CPU runs every thread of a process in turn (syscalls/sched.c) ----
 * A context holds one thread's registers (the x86 back end: Unicorn's whole CPU state, the
 * segment bases with it). Measured with Unicorn 2.1: saving and restoring one (5552 bytes)
 * takes 0.25 us, where a Unicorn CPU per thread would cost 1.4 ms to create with its mappings
 * and translate all code again. Save and restore are called between runs, never from an event.
 * A back end without them returns NULL / -ENOSYS: its programs cannot start threads. */
struct cpu_context;
struct cpu_context *cpu_context_new(struct cpu *cpu);
void cpu_context_free(struct cpu *cpu, struct cpu_context *ctx);
int cpu_context_save(struct cpu *cpu, struct cpu_context *ctx);
int cpu_context_restore(struct cpu *cpu, const struct cpu_context *ctx);
/* A time slice: the CPU stops (CPU_STOP_REQUESTED) at the first block boundary where going on
 * would pass n more retired instructions, though never before one has retired; 0 cancels.
 * cpu_quantum_expired says whether the last stop came from it. Costs nothing on the hot path:
 * the slice's end is one more bound of the same check the clock's tick uses. */
void cpu_set_quantum(struct cpu *cpu, uint64_t n);
bool cpu_quantum_expired(struct cpu *cpu);
/* Every tick names the instruction that comes after exactly its count of retired ones (never
 * one a fault kept from running), but a back end that counts by blocks (x86) may raise a tick
 * only when its block is left, so that a stop asked for by the tick's handler
 * (cpu_request_stop_at_tick) comes where the CPU is then. With exact ticks on, it stops at the
 * tick's instruction, at the cost of running the tick's block in two parts (about 50 us a
 * tick on x86): turn it on while a handler may ask such a stop (a timer is armed). */
void cpu_exact_ticks(struct cpu *cpu, bool on);

/* Writes "name+0xoff"-free register dump lines for fault and termination messages. */
void cpu_dump_regs(struct cpu *cpu, char *buf, size_t len);

#endif
