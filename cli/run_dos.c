/* The DOS start path (run_dos.h): the command tail from the arguments, the process, the run
 * loop and its outcome. The options that only mean something for Linux programs (-L, -E, -U,
 * -0, --personality, --profil-max) are ignored: a DOS program gets a fixed environment. */
#include "run_dos.h"

#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../syscalls/dos/dos.h"
#include "prf_mode.h"
#include "prf_run.h"
#include "report.h"
#include "run_loop.h"

/* Guest CLOCK_REALTIME at instruction 0, as for Linux programs (run.c). */
#define GUEST_EPOCH_SECONDS 946684800u

bool run_dos_wanted(const struct options *o)
{
	return dos_claims_file(o->program);
}

/* "... at 0810:0005 (pc 0x8105): divide error": real-mode code is read as CS:IP. */
static void report_dos_fault(const char *program, struct cpu *cpu, const struct cpu_fault *f, int sig)
{
	uint64_t cs = dos_code_segment(cpu), base = cs << 4;
	fprintf(stderr, "profemu: %s: %s (SIG%s) at ", program, strsignal(sig),
		sigabbrev_np(sig) ? sigabbrev_np(sig) : "?");
	if (f->pc >= base && f->pc - base <= 0xffff)
		fprintf(stderr, "%04" PRIX64 ":%04" PRIX64 " ", cs, f->pc - base);
	fprintf(stderr, "(pc 0x%" PRIx64 ")", f->pc);
	if (f->detail[0])
		fprintf(stderr, ": %s", f->detail);
	fputc('\n', stderr);
}

static void dos_fault(void *ctx, struct cpu *cpu, const struct cpu_fault *f, int sig)
{
	report_dos_fault(ctx, cpu, f, sig);
}

static void dos_killed(void *ctx, struct cpu *cpu, int sig)
{
	(void)cpu;
	fprintf(stderr, "profemu: %s: killed by SIG%s (%s)\n", (const char *)ctx,
		sigabbrev_np(sig) ? sigabbrev_np(sig) : "?", strsignal(sig));
}

/* The PROFIL program's tick for a DOS program: the seed's classification by paragraph (ticks
 * charged to a service already carry its I/O or DOS stub address). */
static uint64_t prf_tick(void *ctx, uint64_t pc, uint64_t retired)
{
	struct dos_process *dp = ctx;
	struct prf_mode *prf = dp->tick_ctx_prf;
	uint64_t next = process_on_tick(&dp->p, pc, retired);
	prf_mode_tick(prf, pc, PRF_CHARGE_NONE);
	return next;
}

int run_dos_program(const struct options *given)
{
	char err[512], tail[DOS_TAIL_MAX + 1];
	struct options eff = *given;
	struct options *o = &eff;
	struct prf_answers asked = { 0 };
	struct prf_mode prf = { 0 };
	if (o->prf_path) {
		int st = resolve_prf_settings(o, true, &asked);
		if (st)
			return st;
	}
	if (dos_make_tail(tail, sizeof(tail), o->argv + 1, o->argc - 1) != 0) {
		fprintf(stderr, "profemu: %s: the arguments make a command tail over the %d characters DOS allows\n",
			o->program, DOS_TAIL_MAX);
		return EXIT_CANNOT_EXECUTE;
	}
	struct dos_process *dp = calloc(1, sizeof(*dp));
	if (!dp) {
		fprintf(stderr, "profemu: out of memory\n");
		return EXIT_CANNOT_EXECUTE;
	}
	struct process *p = &dp->p;
	p->cfg.sysroot = "/";
	p->cfg.seed = o->seed;
	p->cfg.hz = o->hz;
	p->cfg.tick = o->tick;
	p->cfg.host_time = o->host_time;
	p->cfg.strace = o->strace ? stderr : NULL;
	p->cfg.epoch_ns = (uint64_t)GUEST_EPOCH_SECONDS * 1000000000u;
	p->cfg.pid = o->pid;
	p->cfg.jitter = o->jitter;
	p->cfg.explain = o->explain;
	p->rng_state = o->seed;
	struct dos_start st = {
		.path = o->program,
		.tail = tail,
		.max_insns = o->max_insns,
		.first_tick = process_first_tick(p),
	};
	int status;
	enum load_error le = dos_process_start(dp, &st, err, sizeof(err));
	if (le != LOAD_OK) {
		fprintf(stderr, "profemu: %s: %s\n", o->program, err);
		status = le == LOAD_NOT_FOUND ? EXIT_NOT_FOUND : EXIT_CANNOT_EXECUTE;
	} else {
		struct run_outcome out = { .program = o->program, .arch = CPU_ARCH_I8086 };
		if (o->prf_path) {
			/* bucket size in paragraphs; the bounds are paragraph numbers (the seed's) */
			if (prf_mode_init(&prf, true, dp->img.prog_low_pa, dp->img.prog_high_pa,
					  o->bucket_size, o->interval_us) != 0) {
				fprintf(stderr, "profemu: out of memory\n");
				dos_process_end(dp);
				free(dp);
				prf_settings_free(&eff, &asked);
				return EXIT_CANNOT_EXECUTE;
			}
			prf.data.dos_pa = dp->img.dos_pa;
			dp->tick = prf_tick;
			dp->tick_ctx = dp;
			dp->tick_ctx_prf = &prf;
		}
		struct run_messages msgs = { .ctx = (void *)o->program, .fault = dos_fault,
					     .killed = dos_killed };
		run_loop(&dp->p, o->program, o->max_insns, &msgs, &out);
		status = out.exit_status;
		if (o->prf_path) {
			prf_termination_message(&out, dp->p.cpu);
			int werr = prf_write(o->prf_path, &prf.data);
			if (werr) {
				fprintf(stderr, "profemu: %s: %s\n", o->prf_path, strerror(-werr));
				if (status == 0)
					status = EXIT_CANNOT_EXECUTE;
			}
			prf_mode_free(&prf);
		}
		if (o->stats_path && report_stats(o->stats_path, &out) != 0 && status == 0)
			status = EXIT_CANNOT_EXECUTE;
	}
	dos_process_end(dp);
	free(dp);
	prf_settings_free(&eff, &asked);
	return status;
}
