/* What a CPU back end supplies behind emu/cpu.h.
 *
 * emu/cpu.c dispatches every cpu_* call through the ops table of the back end chosen by
 * cpu_config.arch (emu/cpu_backends.c lists them). A back end's own state embeds struct cpu as
 * its first member, so a struct cpu * is its state:
 *
 *     struct hppa_cpu { struct cpu base; ...registers, decode cache... };
 *
 * Only emu/ includes this header: everything outside emu/ uses cpu.h alone. Every operation has
 * the meaning its cpu.h counterpart documents; none may be NULL unless marked optional. */
#ifndef PROFEMU_CPU_BACKEND_H
#define PROFEMU_CPU_BACKEND_H

#include "cpu_types.h"
#include "guest_mem.h"

struct cpu_ops;

struct cpu {
	const struct cpu_ops *ops;
	enum cpu_arch arch;
	/* whose listener the CPU is (mem_changed), set by cpu_listen_to_mem; NULL (calloc) until
	 * then */
	struct guest_mem *mem;
};

struct cpu_ops {
	/* Fills base.ops and base.arch of the new state (cpu.c sets them again to be sure). */
	struct cpu *(*create)(const struct cpu_config *cfg, char *err, size_t errlen);
	void (*destroy)(struct cpu *cpu);
	enum cpu_stop (*run)(struct cpu *cpu, struct cpu_fault *fault);
	void (*request_stop)(struct cpu *cpu);
	/* From a signal handler (NULL: request_stop is safe there too). */
	void (*request_stop_async)(struct cpu *cpu);
	void (*request_stop_at_tick)(struct cpu *cpu);
	uint64_t (*pc)(struct cpu *cpu);
	void (*set_pc)(struct cpu *cpu, uint64_t pc);
	uint64_t (*reg)(struct cpu *cpu, int reg);
	void (*set_reg)(struct cpu *cpu, int reg, uint64_t value);
	int (*set_tls)(struct cpu *cpu, int which, uint64_t base);
	int (*add_breakpoint)(struct cpu *cpu, uint64_t addr);
	uint64_t (*thread_pointer)(struct cpu *cpu);
	uint64_t (*retired)(struct cpu *cpu);
	void (*set_next_tick)(struct cpu *cpu, uint64_t interval);
	void (*charge)(struct cpu *cpu, uint64_t instructions, uint64_t pc);
	void (*dump_regs)(struct cpu *cpu, char *buf, size_t len);
	/* Threads (optional: NULL in a back end that has no threads yet). */
	struct cpu_context *(*context_new)(struct cpu *cpu);
	void (*context_free)(struct cpu *cpu, struct cpu_context *ctx);
	int (*context_save)(struct cpu *cpu, struct cpu_context *ctx);
	int (*context_restore)(struct cpu *cpu, const struct cpu_context *ctx);
	void (*set_quantum)(struct cpu *cpu, uint64_t n);
	bool (*quantum_expired)(struct cpu *cpu);
	/* Optional (NULL: every tick is raised at its instruction already). */
	void (*exact_ticks)(struct cpu *cpu, bool on);
	/* Optional (NULL: cpu_count_insns answers -ENOSYS). */
	int (*count_insns)(struct cpu *cpu);
	int (*insn_counts)(struct cpu *cpu, void (*fn)(void *ctx, uint64_t addr, uint64_t count),
			   void *ctx);
	/* Optional: what changed in the guest's memory under the CPU (guest_mem.h's events:
	 * windows added and removed, pages unmapped, remapped or reprotected, bytes profemu
	 * wrote into executable pages). cpu_create makes it cfg->mem's listener, after create
	 * (the windows there are then announced first). A back end that decodes or translates
	 * code drops what it has of the pages named: code is never stale. Called from the OS
	 * layer's calls into guest_mem, so also from inside an event; 0 or a negative errno
	 * (only GM_WINDOW_ADDED may fail). */
	int (*mem_changed)(struct cpu *cpu, const struct gm_change *c);
	/* Optional (NULL: no disassembler of ours, cpu_disasm answers -ENOSYS): cpu_disasm's
	 * work. Reads no CPU state, so tools without a CPU (prohist) use it too. */
	int (*disasm)(const uint8_t *code, size_t len, uint64_t addr, char *text, size_t textlen);
};

/* Makes cpu (whose ops are set) the listener of mem: what cpu_create does after create for a
 * back end with mem_changed. A back end that needs its memory during create (the x86 one loads
 * segment registers from a GDT in guest memory) calls it there itself. 0 or a negative errno.
 * (emu/cpu_listen.c: a back end uses it without depending on the dispatcher, emu/cpu.c.) */
int cpu_listen_to_mem(struct cpu *cpu, struct guest_mem *mem);

/* One entry per architecture a back end serves; ops NULL where none is built in. */
struct cpu_backend {
	enum cpu_arch arch;
	const char *name;		/* as --stats prints it: "x86_64", "i386", "hppa", ... */
	const struct cpu_ops *ops;
};

/* The table emu/cpu_backends.c defines (it says how to add a back end), ended by an entry whose
 * name is NULL. */
extern const struct cpu_backend cpu_backends[];

#endif
