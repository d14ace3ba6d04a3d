/* The DOS start path (run_dos.h): the command tail from the arguments, the process, the run
 * loop and its outcome. The options that only mean something for Linux programs (-L, -E, -U,
 * -0, --personality, --profil-max) are ignored: a DOS program gets a fixed environment. */
#include "run_dos.h"

#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../output/icount.h"
#include "../output/wprof.h"
#include "../syscalls/dos/dos.h"
#include "prf_mode.h"
#include "prf_run.h"
#include "report.h"
#include "run.h"
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

/* What watches a DOS program's clock and calls: the PROFIL program and the whole-program
 * profiles, each NULL when not asked for. Addresses are linear (segment * 16 + offset), the
 * same in every run: a DOS program is always loaded at the same paragraph. */
struct dos_watch {
	struct dos_process *dp;
	struct prf_mode *prf;
	struct wprof *wp;
	struct icount *ic;
};

/* The PROFIL program classifies by paragraph (ticks charged to a service already carry its
 * I/O or DOS stub address); the whole-program histogram takes the pc as it is. */
static uint64_t watch_tick(void *ctx, uint64_t pc, uint64_t retired)
{
	struct dos_watch *w = ctx;
	uint64_t next = process_on_tick(&w->dp->p, pc, retired);
	if (w->prf)
		prf_mode_tick(w->prf, pc, PRF_CHARGE_NONE);
	if (w->wp)
		wprof_tick(w->wp, pc);
	return next;
}

static void watch_call(void *ctx, uint64_t site, uint64_t ret_addr, uint64_t target, uint64_t retired)
{
	struct dos_watch *w = ctx;
	if (w->wp)
		wprof_call_at(w->wp, site, ret_addr, target, retired);
	if (w->ic)
		icount_call(w->ic, ret_addr, target, retired);
}

static void watch_ret(void *ctx, uint64_t target, uint64_t retired)
{
	struct dos_watch *w = ctx;
	if (w->wp)
		wprof_return_at(w->wp, target, retired);
	if (w->ic)
		icount_return(w->ic, target, retired);
}

static void add_ir(void *ctx, uint64_t pc, uint64_t count)
{
	struct wprof *wp = ctx;
	if (wprof_add_ir(wp, pc, count))
		wp->dropped++;
}

/* --gmon, --callgrind, --folded, --counts: set up before the CPU exists (it watches calls
 * only when asked at creation). 0, or -1 out of memory. */
static int watch_init(struct dos_watch *w, struct wprof *wp, struct icount *ic, const struct options *o)
{
	struct dos_process *dp = w->dp;
	bool graphs = o->gmon_path || o->callgrind_path || o->folded_path;
	if (!graphs && !o->counts_path)
		return 0;
	dp->on_call = watch_call;
	dp->on_ret = watch_ret;
	dp->watch_ctx = w;
	dp->tick = watch_tick;
	dp->tick_ctx = w;
	if (graphs) {
		/* The program's image is not known before loading: the histogram spans the
		 * conventional memory (1 MB / 2-byte bins), which also shows DOS's own code. */
		struct wprof_config wc = {
			.text_lo = 0, .text_hi = 0x100000, .bin_bytes = 2, .word_size = 4,
			.big_endian = false, .track_stacks = o->folded_path != NULL,
		};
		if (wprof_init(wp, &wc) != 0)
			return -1;
		w->wp = wp;
	}
	(void)ic;	/* --counts starts at the entry, once the program is loaded (watch_counts) */
	return 0;
}

/* --counts, the root being the program's entry (CS:IP as loaded). 0, or -1 out of memory. */
static int watch_counts(struct dos_watch *w, struct icount *ic, const struct options *o)
{
	const struct dos_image *img = &w->dp->img;
	if (!o->counts_path)
		return 0;
	if (icount_init(ic, (uint64_t)img->cs * 16 + img->ip, NULL, NULL) != 0)
		return -1;
	w->ic = ic;
	return 0;
}

/* After the run: the files. 0, or -1 after a message. */
static int watch_write(struct dos_watch *w, const struct options *o, uint64_t instructions)
{
	struct process *p = &w->dp->p;
	int failed = 0;
	if (w->wp) {
		wprof_finish(w->wp, instructions);
		if (o->callgrind_path)
			cpu_insn_counts(p->cpu, add_ir, w->wp);
		failed |= write_call_graphs(p, o, w->wp, 0, UINT64_MAX);
	}
	if (w->ic)
		failed |= write_counts(p, o, w->ic, 0, UINT64_MAX, instructions);
	return failed ? -1 : 0;
}

static void watch_free(struct dos_watch *w)
{
	if (w->wp)
		wprof_free(w->wp);
	if (w->ic)
		icount_free(w->ic);
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
	struct dos_watch watch = { .dp = dp };
	struct wprof wp;
	struct icount ic;
	if (watch_init(&watch, &wp, &ic, o) != 0) {
		fprintf(stderr, "profemu: out of memory\n");
		watch_free(&watch);
		free(dp);
		prf_settings_free(&eff, &asked);
		return EXIT_CANNOT_EXECUTE;
	}
	struct dos_start st = {
		.path = o->program,
		.tail = tail,
		.max_insns = o->max_insns,
		.first_tick = process_first_tick(p),
	};
	int status;
	enum load_error le = dos_process_start(dp, &st, err, sizeof(err));
	/* callgrind's Ir: the back end's exact per-instruction counts; --counts' root */
	if (le == LOAD_OK && ((o->callgrind_path && cpu_count_insns(p->cpu) != 0) ||
			      watch_counts(&watch, &ic, o) != 0)) {
		snprintf(err, sizeof(err), "out of memory");
		le = LOAD_NO_MEMORY;
	}
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
				watch_free(&watch);
				free(dp);
				prf_settings_free(&eff, &asked);
				return EXIT_CANNOT_EXECUTE;
			}
			prf.data.dos_pa = dp->img.dos_pa;
			watch.prf = &prf;
			dp->tick = watch_tick;
			dp->tick_ctx = &watch;
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
		if (watch_write(&watch, o, out.instructions) != 0 && status == 0)
			status = EXIT_CANNOT_EXECUTE;
		if (o->stats_path && report_stats(o->stats_path, &out) != 0 && status == 0)
			status = EXIT_CANNOT_EXECUTE;
	}
	dos_process_end(dp);
	watch_free(&watch);
	free(dp);
	prf_settings_free(&eff, &asked);
	return status;
}
