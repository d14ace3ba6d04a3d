/* emu/cpu.h's operations, forwarded to the back end that created the CPU: cpu_create picks it
 * from cpu_backends[] by architecture, and every later call goes through its ops table. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cpu.h"
#include "cpu_backend.h"

static const struct cpu_backend *backend_for(enum cpu_arch arch)
{
	for (const struct cpu_backend *b = cpu_backends; b->name; b++)
		if (b->arch == arch)
			return b;
	return NULL;
}

const char *cpu_arch_name(enum cpu_arch arch)
{
	const struct cpu_backend *b = backend_for(arch);
	return b ? b->name : "?";
}

int cpu_disasm(enum cpu_arch arch, const uint8_t *code, size_t len, uint64_t addr, char *text,
	       size_t textlen)
{
	const struct cpu_backend *b = backend_for(arch);
	if (textlen)
		text[0] = 0;
	if (!b || !b->ops || !b->ops->disasm)
		return -ENOSYS;
	return b->ops->disasm(code, len, addr, text, textlen);
}

struct cpu *cpu_create(const struct cpu_config *cfg, char *err, size_t errlen)
{
	const struct cpu_backend *b = backend_for(cfg->arch);
	if (!b || !b->ops) {
		snprintf(err, errlen, "this profemu has no CPU back end for %s programs",
			 b ? b->name : "this architecture's");
		return NULL;
	}
	struct cpu *cpu = b->ops->create(cfg, err, errlen);
	if (!cpu)
		return NULL;
	cpu->ops = b->ops;
	cpu->arch = cfg->arch;
	if (b->ops->mem_changed && cfg->mem && cpu->mem != cfg->mem) {
		int e = cpu_listen_to_mem(cpu, cfg->mem);
		if (e) {
			snprintf(err, errlen, "the CPU cannot take the guest's memory (%s)", strerror(-e));
			cpu_destroy(cpu);
			return NULL;
		}
	}
	return cpu;
}

void cpu_destroy(struct cpu *cpu)
{
	if (!cpu)
		return;
	if (cpu->mem) {
		struct gm_listener none = { 0 };
		cpu->mem->listener = none;
	}
	cpu->ops->destroy(cpu);
}

enum cpu_stop cpu_run(struct cpu *cpu, struct cpu_fault *fault)
{
	return cpu->ops->run(cpu, fault);
}

void cpu_request_stop(struct cpu *cpu)
{
	cpu->ops->request_stop(cpu);
}

void cpu_request_stop_async(struct cpu *cpu)
{
	if (cpu->ops->request_stop_async)
		cpu->ops->request_stop_async(cpu);
	else
		cpu->ops->request_stop(cpu);
}

void cpu_request_stop_at_tick(struct cpu *cpu)
{
	cpu->ops->request_stop_at_tick(cpu);
}

uint64_t cpu_pc(struct cpu *cpu)
{
	return cpu->ops->pc(cpu);
}

void cpu_set_pc(struct cpu *cpu, uint64_t pc)
{
	cpu->ops->set_pc(cpu, pc);
}

uint64_t cpu_reg(struct cpu *cpu, int reg)
{
	return cpu->ops->reg(cpu, reg);
}

void cpu_set_reg(struct cpu *cpu, int reg, uint64_t value)
{
	cpu->ops->set_reg(cpu, reg, value);
}

int cpu_set_tls(struct cpu *cpu, int which, uint64_t base)
{
	return cpu->ops->set_tls(cpu, which, base);
}

int cpu_add_breakpoint(struct cpu *cpu, uint64_t addr)
{
	return cpu->ops->add_breakpoint(cpu, addr);
}

uint64_t cpu_thread_pointer(struct cpu *cpu)
{
	return cpu->ops->thread_pointer(cpu);
}

uint64_t cpu_retired(struct cpu *cpu)
{
	return cpu->ops->retired(cpu);
}

void cpu_set_next_tick(struct cpu *cpu, uint64_t interval)
{
	cpu->ops->set_next_tick(cpu, interval);
}

void cpu_charge(struct cpu *cpu, uint64_t instructions, uint64_t pc)
{
	cpu->ops->charge(cpu, instructions, pc);
}

void cpu_dump_regs(struct cpu *cpu, char *buf, size_t len)
{
	cpu->ops->dump_regs(cpu, buf, len);
}

struct cpu_context *cpu_context_new(struct cpu *cpu)
{
	return cpu->ops->context_new ? cpu->ops->context_new(cpu) : NULL;
}

void cpu_context_free(struct cpu *cpu, struct cpu_context *ctx)
{
	if (ctx && cpu->ops->context_free)
		cpu->ops->context_free(cpu, ctx);
}

int cpu_context_save(struct cpu *cpu, struct cpu_context *ctx)
{
	return cpu->ops->context_save ? cpu->ops->context_save(cpu, ctx) : -38 /* ENOSYS */;
}

int cpu_context_restore(struct cpu *cpu, const struct cpu_context *ctx)
{
	return cpu->ops->context_restore ? cpu->ops->context_restore(cpu, ctx) : -38 /* ENOSYS */;
}

void cpu_set_quantum(struct cpu *cpu, uint64_t n)
{
	if (cpu->ops->set_quantum)
		cpu->ops->set_quantum(cpu, n);
}

bool cpu_quantum_expired(struct cpu *cpu)
{
	return cpu->ops->quantum_expired ? cpu->ops->quantum_expired(cpu) : false;
}

void cpu_exact_ticks(struct cpu *cpu, bool on)
{
	if (cpu->ops->exact_ticks)
		cpu->ops->exact_ticks(cpu, on);
}

int cpu_count_insns(struct cpu *cpu)
{
	return cpu->ops->count_insns ? cpu->ops->count_insns(cpu) : -ENOSYS;
}

int cpu_insn_counts(struct cpu *cpu, void (*fn)(void *ctx, uint64_t addr, uint64_t count), void *ctx)
{
	return cpu->ops->insn_counts ? cpu->ops->insn_counts(cpu, fn, ctx) : -ENOSYS;
}
