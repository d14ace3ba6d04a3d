/* Starting and ending a DOS process: guest memory, the real-mode CPU with the DOS layer on
 * its interrupt and tick events, the loaded program, and the registers DOS starts it with. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "services.h"

/* FLAGS at start: interrupts enabled, and bit 1, which is always set. */
enum { START_FLAGS = 0x0202 };

int dos_make_tail(char *buf, size_t len, char *const *args, int nargs)
{
	size_t n = 0;
	if (len == 0)
		return -E2BIG;
	buf[0] = 0;
	for (int i = 0; i < nargs; i++) {
		size_t w = strlen(args[i]);
		if (n + 1 + w > DOS_TAIL_MAX || n + 1 + w >= len)
			return -E2BIG;
		buf[n++] = ' ';
		memcpy(buf + n, args[i], w);
		n += w;
		buf[n] = 0;
	}
	return 0;
}

static void set_start_registers(struct dos_process *dp)
{
	struct cpu *cpu = dp->p.cpu;
	const struct dos_image *img = &dp->img;
	static const int zeroed[] = { X86_AX, X86_BX, X86_CX, X86_DX, X86_SI, X86_DI, X86_BP };
	for (size_t i = 0; i < sizeof(zeroed) / sizeof(zeroed[0]); i++)
		cpu_set_reg(cpu, zeroed[i], 0);
	cpu_set_reg(cpu, X86_DS, img->psp_seg);
	cpu_set_reg(cpu, X86_ES, img->psp_seg);
	cpu_set_reg(cpu, X86_SS, img->ss);
	cpu_set_reg(cpu, X86_SP, img->sp);
	cpu_set_reg(cpu, X86_FLAGS, START_FLAGS);
	cpu_set_reg(cpu, X86_CS, img->cs);
	cpu_set_reg(cpu, X86_IP, img->ip);
}

enum load_error dos_process_start(struct dos_process *dp, const struct dos_start *st,
				  char *err, size_t errlen)
{
	struct process *p = &dp->p;
	dp->program = st->path;
	p->arch = CPU_ARCH_I8086;
	p->abi = &sys_abi_dos;
	dos_handles_init(dp);
	/* The profil core is never armed for a DOS program (there is no profil call), but
	 * --explain asks it about every tick. */
	struct prof_config pc = {
		.personality = PROF_PERSONALITY_LINUX,
		.word_size = 4,
		.profil_max = 1,
		.tick_usec = p->cfg.hz ? 1000000u / p->cfg.hz : 10000u,
	};
	if (prof_init(&p->prof, &pc) != 0) {
		snprintf(err, errlen, "out of memory");
		return LOAD_NO_MEMORY;
	}
	dos_mem_init(&p->mem);
	struct cpu_config cc = {
		.arch = CPU_ARCH_I8086,
		.mem = &p->mem,
		.events = { .ctx = dp, .interrupt = dos_on_interrupt, .tick = dos_on_tick },
		.max_insns = st->max_insns,
		.first_tick = st->first_tick,
	};
	if (dp->on_call && dp->on_ret) {
		cc.events.call = dos_on_call;
		cc.events.ret = dos_on_ret;
	}
	p->cpu = cpu_create(&cc, err, errlen);
	if (!p->cpu)
		return LOAD_NO_MEMORY;
	const char *tail = st->tail ? st->tail : "";
	char env_path[4096];
	if (dos_drive_path(st->path, env_path, sizeof(env_path)) != 0) {
		snprintf(err, errlen, "program path too long");
		return LOAD_NOT_EXECUTABLE;
	}
	enum load_error le = st->data
		? dos_load_buffer(&p->mem, st->data, st->size, st->kind, env_path, tail, &dp->img, err, errlen)
		: dos_load_file(&p->mem, st->path, env_path, tail, &dp->img, err, errlen);
	if (le != LOAD_OK)
		return le;
	if (!realpath(st->path, p->exe_path))
		snprintf(p->exe_path, sizeof(p->exe_path), "%s", st->path);
	snprintf(p->exe_guest_path, sizeof(p->exe_guest_path), "%s", st->path);
	set_start_registers(dp);
	return LOAD_OK;
}

void dos_process_end(struct dos_process *dp)
{
	dos_handles_close_all(dp);
	cpu_destroy(dp->p.cpu);
	dp->p.cpu = NULL;
	gm_destroy(&dp->p.mem);
	prof_free(&dp->p.prof);
}

uint64_t dos_code_segment(struct cpu *cpu)
{
	return cpu_reg(cpu, X86_CS);
}
