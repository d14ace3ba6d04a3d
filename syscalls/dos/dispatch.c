/* Where a real-mode `int n` lands (see dos.h): delivered through the vector table, or, from a
 * stub, served by the table-driven dispatcher: registers to arguments, --strace, the handler,
 * the result back to registers and flags, the charge to the clock. */
#include <inttypes.h>
#include <stdio.h>

#include "../strace.h"
#include "services.h"

enum { INT_BIOS_VIDEO = 0x10, INT_DOS = 0x21 };

/* What a real CPU does for `int n`: push FLAGS, CS, IP; clear IF and TF; jump to the vector.
 * All 1 MiB + 64 KiB is mapped, so the accesses cannot fail. */
static void deliver(struct dos_process *dp, unsigned vector)
{
	struct cpu *cpu = dp->p.cpu;
	struct guest_mem *gm = &dp->p.mem;
	uint64_t off = 0, seg = 0;
	gm_get(gm, vector * 4u, 2, &off);
	gm_get(gm, vector * 4u + 2, 2, &seg);
	uint64_t ss = cpu_reg(cpu, X86_SS), sp = cpu_reg(cpu, X86_SP);
	uint64_t flags = cpu_reg(cpu, X86_FLAGS);
	const uint64_t frame[3] = { flags, cpu_reg(cpu, X86_CS), cpu_reg(cpu, X86_IP) };
	for (int i = 0; i < 3; i++) {
		sp = (sp - 2) & 0xffff;
		gm_put(gm, dos_linear(ss, sp), 2, frame[i]);
	}
	cpu_set_reg(cpu, X86_SP, sp);
	cpu_set_reg(cpu, X86_FLAGS, flags & ~(uint64_t)(X86_FLAG_IF | X86_FLAG_TF));
	cpu_set_reg(cpu, X86_CS, seg);
	cpu_set_reg(cpu, X86_IP, off);
}

void dos_on_interrupt(void *ctx, unsigned vector)
{
	struct dos_process *dp = ctx;
	/* Unicorn leaves the pc after the `int n`: from the stub, it is 2 bytes in. */
	if (cpu_pc(dp->p.cpu) == dos_stub_linear(vector) + 2)
		dos_serve(dp, vector);
	else
		deliver(dp, vector);
}

uint64_t dos_on_tick(void *ctx, uint64_t pc, uint64_t retired)
{
	struct dos_process *dp = ctx;
	if (!dp->tick)
		return process_on_tick(&dp->p, pc, retired);	/* it counts p->ticks */
	return dp->tick(dp->tick_ctx, pc, retired);	/* it must call process_on_tick too */
}

void dos_on_call(void *ctx, uint64_t site, uint64_t ret_addr, uint64_t target, uint64_t retired)
{
	struct dos_process *dp = ctx;
	dp->on_call(dp->watch_ctx, site, ret_addr, target, retired);
}

void dos_on_ret(void *ctx, uint64_t target, uint64_t retired)
{
	struct dos_process *dp = ctx;
	dp->on_ret(dp->watch_ctx, target, retired);
}

void dos_set_carry(struct dos_process *dp, bool carry)
{
	struct cpu *cpu = dp->p.cpu;
	uint64_t f = cpu_reg(cpu, X86_FLAGS);
	cpu_set_reg(cpu, X86_FLAGS, carry ? f | X86_FLAG_CF : f & ~(uint64_t)X86_FLAG_CF);
	uint64_t at = dos_linear(cpu_reg(cpu, X86_SS), cpu_reg(cpu, X86_SP) + 4), saved;
	if (gm_get(&dp->p.mem, at, 2, &saved) == 0)
		gm_put(&dp->p.mem, at, 2, carry ? saved | X86_FLAG_CF : saved & ~(uint64_t)X86_FLAG_CF);
}

static void get_args(struct cpu *cpu, const char *regs, uint64_t a[6])
{
	for (int i = 0; i < 6; i++)
		a[i] = 0;
	for (int i = 0; regs[i] && i < 6; i++) {
		uint64_t ax = cpu_reg(cpu, X86_AX), dx = cpu_reg(cpu, X86_DX), ds = cpu_reg(cpu, X86_DS);
		switch (regs[i]) {
		case 'a': a[i] = ax & 0xff; break;
		case 'A': a[i] = ax; break;
		case 'b': a[i] = cpu_reg(cpu, X86_BX); break;
		case 'c': a[i] = cpu_reg(cpu, X86_CX); break;
		case 'd': a[i] = dx & 0xff; break;
		case 'D': a[i] = dx; break;
		case 'e': a[i] = cpu_reg(cpu, X86_ES); break;
		case 'P': a[i] = dos_linear(ds, dx); break;
		case 'F': a[i] = ds << 16 | dx; break;
		case 'l': a[i] = cpu_reg(cpu, X86_CX) << 16 | dx; break;
		}
	}
}

static void put_result(struct dos_process *dp, char how, int64_t r)
{
	struct cpu *cpu = dp->p.cpu;
	uint64_t ax = cpu_reg(cpu, X86_AX);
	switch (how) {
	case 'L':
		cpu_set_reg(cpu, X86_AX, (ax & 0xff00) | ((uint64_t)r & 0xff));
		return;
	case 'N':
		return;
	}
	if (r < 0) {
		cpu_set_reg(cpu, X86_AX, (uint64_t)dos_error_code((int)-r));
		dos_set_carry(dp, true);
		return;
	}
	if (how == 'C' || how == 'W')
		cpu_set_reg(cpu, X86_AX, (uint64_t)r & 0xffff);
	if (how == 'W')
		cpu_set_reg(cpu, X86_DX, ((uint64_t)r >> 16) & 0xffff);
	dos_set_carry(dp, false);
}

static void charge(struct dos_process *dp, char kind, unsigned vector)
{
	uint64_t n = DOS_COST_DOS, pc = dos_stub_linear(vector);
	if (kind == 'I') {
		n = DOS_COST_IO + DOS_COST_IO_BYTE * dp->io_bytes;
		pc = dos_io_driver_linear();
	}
	dp->p.charged += n;
	cpu_charge(dp->p.cpu, n, pc);
}

/* A function we do not serve: said once per (vector, AH) on stderr, and on each call in the
 * --strace stream. INT 21h answers "invalid function"; other vectors change nothing. */
static void unsupported(struct dos_process *dp, unsigned vector, unsigned ah, uint32_t nr)
{
	struct process *p = &dp->p;
	uint64_t ax = cpu_reg(p->cpu, X86_AX);
	unsigned key = vector << 8 | ah;
	if (!(dp->unknown_seen[key / 8] & (1u << (key % 8)))) {
		dp->unknown_seen[key / 8] |= (uint8_t)(1u << (key % 8));
		if (vector == INT_DOS)
			fprintf(stderr, "profemu: %s: INT 21h function %02Xh (AX=%04" PRIX64
				") is not supported: it fails with CF=1, AX=0001 (invalid function)\n",
				dp->program, ah, ax);
		else
			fprintf(stderr, "profemu: %s: INT %02Xh (AX=%04" PRIX64 ") is not supported: ignored\n",
				dp->program, vector, ax);
	}
	if (p->cfg.strace) {
		fprintf(p->cfg.strace, "%" PRId32 " dos_unsupported_%04" PRIX32 "(ax=0x%04" PRIx64 ") = %s\n",
			p->cfg.pid, nr, ax, vector == INT_DOS ? "-1 ENOSYS (Function not implemented)" : "?");
		fflush(p->cfg.strace);
	}
	if (vector == INT_DOS) {
		cpu_set_reg(p->cpu, X86_AX, 1);
		dos_set_carry(dp, true);
	}
	charge(dp, 'D', vector);
}

void dos_serve(struct dos_process *dp, unsigned vector)
{
	struct process *p = &dp->p;
	unsigned ah = (unsigned)(cpu_reg(p->cpu, X86_AX) >> 8) & 0xff;
	uint32_t nr = vector << 8;
	if (vector == INT_DOS || vector == INT_BIOS_VIDEO)
		nr |= ah;
	dp->services++;
	const struct dos_service *svc;
	const struct sys_entry *e = dos_lookup(nr, &svc);
	if (!e) {
		unsupported(dp, vector, ah, nr);
		return;
	}
	uint64_t a[6];
	get_args(p->cpu, svc->regs, a);
	dp->io_bytes = 0;
	strace_enter(p, e, nr, a);
	int64_t r = e->fn(p, a);
	strace_exit(p, e, a, r);
	if (p->ended)
		return;	/* the program ended: nothing to return to, nothing to charge */
	put_result(dp, svc->result, r);
	charge(dp, svc->charge, vector);
}
