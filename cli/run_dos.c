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
#include "guest_config.h"
#include "observers.h"
#include "prf_mode.h"
#include "prf_run.h"
#include "report.h"
#include "run_loop.h"

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

/* The observers see linear addresses (segment * 16 + offset), the same in every run: a DOS
 * program is always loaded at the same paragraph. The PROFIL program classifies by paragraph
 * (ticks charged to a service already carry its I/O or DOS stub address). */
static void watch(struct dos_process *dp, struct observers *obs)
{
	dp->tick = observers_tick;
	dp->tick_ctx = obs;
	if (observers_watch_calls(obs)) {
		dp->on_call = observers_call;
		dp->on_ret = observers_ret;
		dp->watch_ctx = obs;
	}
}

/* The program's image is not known before loading: the histogram spans the conventional
 * memory (1 MB / 2-byte bins), which also shows DOS's own code; --counts' root is the entry
 * (CS:IP as loaded). */
static int watch_loaded(struct dos_process *dp, struct observers *obs)
{
	const struct observed_program prog = {
		.text_lo = 0, .text_hi = 0x100000, .entry = (uint64_t)dp->img.cs * 16 + dp->img.ip,
		.word_size = 4,
	};
	return observers_start(obs, &prog);
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
	guest_config_from_options(p, o);
	p->cfg.sysroot = "/";
	struct observers obs;
	observers_init(&obs, p, o);
	if (observers_watch_calls(&obs))
		watch(dp, &obs);	/* the CPU reports calls only if asked when it is made */
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
	} else if (watch_loaded(dp, &obs) != 0) {
		status = EXIT_CANNOT_EXECUTE;
	} else if (o->prf_path &&
		   /* bucket size in paragraphs; the bounds are paragraph numbers (the seed's) */
		   prf_mode_init(&prf, true, dp->img.prog_low_pa, dp->img.prog_high_pa,
				 o->bucket_size, o->interval_us) != 0) {
		fprintf(stderr, "profemu: out of memory\n");
		status = EXIT_CANNOT_EXECUTE;
	} else {
		if (o->prf_path) {
			prf.data.dos_pa = dp->img.dos_pa;
			obs.prf = &prf;
			watch(dp, &obs);
		}
		struct run_outcome out = { .program = o->program, .arch = CPU_ARCH_I8086 };
		struct run_messages msgs = { .ctx = (void *)o->program, .fault = dos_fault,
					     .killed = dos_killed };
		run_loop(&dp->p, o->program, o->max_insns, &msgs, &out);
		status = observers_finish(&obs, &out);
	}
	if (obs.prf)
		prf_mode_free(&prf);
	observers_free(&obs);
	dos_process_end(dp);
	free(dp);
	prf_settings_free(&eff, &asked);
	return status;
}
