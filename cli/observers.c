/* The run loop's observers: see observers.h. */
#include "observers.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "../output/atomic_file.h"
#include "../output/formats.h"
#include "../output/prf.h"
#include "../output/write_guard.h"
#include "prf_run.h"

void observers_init(struct observers *w, struct process *p, const struct options *o)
{
	*w = (struct observers){ .p = p, .o = o, .addr_mask = UINT64_MAX };
	for (unsigned i = 0; i < OUT_FORMAT_COUNT; i++)
		if (o->out_paths[i])
			w->needs |= out_formats[i]->needs;
}

bool observers_watch_calls(const struct observers *w)
{
	return w->needs != 0;
}

bool observers_watch_returns(const struct observers *w)
{
	return (w->needs & (OUT_NEEDS_STACKS | OUT_NEEDS_INCLUSIVE | OUT_NEEDS_FUNCTION_COUNTS)) != 0;
}

static uint64_t link_addr(const struct observers *w, uint64_t addr)
{
	return (addr - w->bias) & w->addr_mask;
}

uint64_t observers_tick(void *ctx, uint64_t pc, uint64_t retired)
{
	struct observers *w = ctx;
	uint64_t next = process_on_tick(w->p, pc, retired);
	if (w->prf) {
		static const enum prf_charge charge[] = { [SYS_CHARGE_NONE] = PRF_CHARGE_NONE,
							  [SYS_CHARGE_IO] = PRF_CHARGE_IO,
							  [SYS_CHARGE_OTHER] = PRF_CHARGE_DOS };
		prf_mode_tick(w->prf, pc, charge[w->p->charging]);
	}
	if (w->wp)
		wprof_tick(w->wp, link_addr(w, pc));
	return next;
}

void observers_call(void *ctx, uint64_t site, uint64_t ret_addr, uint64_t target, uint64_t retired)
{
	struct observers *w = ctx;
	if (w->wp)
		wprof_call_at(w->wp, link_addr(w, site), link_addr(w, ret_addr), link_addr(w, target),
			      retired);
	if (w->ic)
		icount_call(w->ic, link_addr(w, ret_addr), link_addr(w, target), retired);
}

void observers_ret(void *ctx, uint64_t target, uint64_t retired)
{
	struct observers *w = ctx;
	if (w->wp)
		wprof_return_at(w->wp, link_addr(w, target), retired);
	if (w->ic)
		icount_return(w->ic, link_addr(w, target), retired);
}

/* Names for the profiles' addresses, which are the program's link-time ones (run-time minus
 * its bias, so that gprof reads them against the file): the symbolizer sees run-time ones. */
static const char *symbol_name(void *ctx, uint64_t addr, uint64_t *off)
{
	const struct observers *w = ctx;
	struct sym_loc loc;
	uint64_t at = (addr + w->bias) & w->addr_mask;
	symbolizer_function(w->names, at, &loc);
	*off = (at - loc.func_start) & w->addr_mask;
	return loc.func;
}

static void symbol_where(void *ctx, uint64_t addr, struct out_where *where)
{
	const struct observers *w = ctx;
	struct sym_loc loc;
	uint64_t guest = (addr + w->bias) & w->addr_mask;
	symbolizer_lookup(w->names, guest, &loc);
	*where = (struct out_where){ loc.object, loc.file, loc.line, guest, loc.has_link, loc.link,
				     loc.in_plt };
}

/* icount's resolver: the start of the symbol a link-time address lies in. */
static uint64_t function_start(void *ctx, uint64_t addr)
{
	uint64_t off;
	return symbol_name(ctx, addr, &off) && off <= addr ? addr - off : addr;
}

int observers_start(struct observers *w, const struct observed_program *prog)
{
	w->bias = prog->bias;
	w->addr_mask = prog->word_size == 8 ? UINT64_MAX : UINT32_MAX;
	w->names = prog->names;
	/* callgrind's Ir: the back end's exact per-instruction counts (without them, where a back
	 * end has none, the file holds ticks only) */
	if ((w->needs & OUT_NEEDS_INSN_COUNTS) && cpu_count_insns(w->p->cpu) == -ENOMEM) {
		fprintf(stderr, "profemu: out of memory\n");
		return -1;
	}
	if (w->needs & OUT_NEEDS_CALL_GRAPH) {
		struct wprof_config wc = {
			.text_lo = link_addr(w, prog->text_lo), .text_hi = link_addr(w, prog->text_hi),
			.bin_bytes = 2,	/* x86: the finest bin gprof accepts */
			.word_size = prog->word_size, .big_endian = prog->big_endian,
			.track_stacks = (w->needs & OUT_NEEDS_STACKS) != 0,
			.arcs_only = !(w->needs & (OUT_NEEDS_STACKS | OUT_NEEDS_INCLUSIVE)),
		};
		if (wprof_init(&w->wp_data, &wc) != 0) {
			fprintf(stderr, "profemu: out of memory\n");
			return -1;
		}
		w->wp = &w->wp_data;
	}
	if (w->needs & OUT_NEEDS_FUNCTION_COUNTS) {
		if (icount_init(&w->ic_data, link_addr(w, prog->entry), w->names ? function_start : NULL,
				w)) {
			fprintf(stderr, "profemu: out of memory: no --counts file\n");
			w->counts_failed = true;
		} else {
			w->ic = &w->ic_data;
		}
	}
	if (w->wp || w->ic) {
		/* each guest thread's calls on its own shadow stack */
		thread_stacks_init(&w->stacks, w->wp, w->ic, w->p->cpu);
		w->p->on_thread_switch = thread_stacks_switch;
		w->p->on_thread_switch_ctx = &w->stacks;
	}
	return 0;
}

/* A forked child writes PATH.PID, not its parent's file (as gprof's GMON_OUT_PREFIX does);
 * a device, FIFO or socket is written in place by every process. */
static const char *output_path(const struct process *p, const char *path, char *buf, size_t len)
{
	if (!p->forked || out_written_in_place(path))
		return path;
	snprintf(buf, len, "%s.%d", path, p->cfg.pid);
	return buf;
}

static void add_ir(void *ctx, uint64_t pc, uint64_t count)
{
	struct observers *w = ctx;
	if (wprof_add_ir(w->wp, link_addr(w, pc), count))
		w->wp->dropped++;
}

/* The registry's files, in its order. 0, or -1 if any failed (each said on stderr). */
static int write_formats(struct observers *w, uint64_t retired)
{
	struct process *p = w->p;
	const struct options *o = w->o;
	if (w->wp) {
		wprof_finish(w->wp, retired);
		if (w->needs & OUT_NEEDS_INSN_COUNTS)
			cpu_insn_counts(p->cpu, add_ir, w);	/* -ENOSYS: ticks only */
	}
	if (w->ic)
		icount_finish(w->ic, retired);
	struct out_symbols names = { .name = w->names ? symbol_name : NULL,
				     .where = w->names ? symbol_where : NULL, .ctx = w };
	struct out_run run = {
		.wp = w->wp, .ic = w->ic, .names = &names, .object = p->exe_path,
		.command = o->program, .arch = cpu_arch_name(p->arch), .hz = (uint32_t)o->hz,
		.skip_plt = !o->keep_plt,
	};
	int failed = w->counts_failed ? -1 : 0;
	for (unsigned i = 0; i < OUT_FORMAT_COUNT; i++) {
		const struct out_format *f = out_formats[i];
		if (!o->out_paths[i])
			continue;
		if (((f->needs & OUT_NEEDS_CALL_GRAPH) && !w->wp) ||
		    ((f->needs & OUT_NEEDS_FUNCTION_COUNTS) && !w->ic))
			continue;	/* no memory for it: said at the start */
		char buf[PATH_MAX];
		const char *path = output_path(p, o->out_paths[i], buf, sizeof(buf));
		int err = f->write(path, &run);
		if (err) {
			fprintf(stderr, "profemu: %s: %s\n", path, out_error_text(err));
			failed = -1;
		}
	}
	return failed;
}

static int write_outputs(struct observers *w, const struct run_outcome *out)
{
	const struct options *o = w->o;
	int failed = 0;
	if (w->prf) {
		char buf[PATH_MAX];
		const char *path = output_path(w->p, o->prf_path, buf, sizeof(buf));
		prf_termination_message(out, w->p->cpu);
		int err = prf_write(path, &w->prf->data);
		if (err) {
			fprintf(stderr, "profemu: %s: %s\n", path, out_error_text(err));
			failed = -1;
		}
	}
	if (write_formats(w, out->instructions) != 0)
		failed = -1;
	if (o->stats_path && report_stats(o->stats_path, out) != 0)
		failed = -1;
	return failed;
}

int observers_finish(struct observers *w, const struct run_outcome *out)
{
	/* A forked guest's signal now comes from its own tree after the guest ended (a pool
	 * terminating workers that already left on their own): the guest's status stands and
	 * nothing is said, as a guest's child dies silently (run.c's elf_killed). */
	bool forked = w->p && w->p->forked;
	write_guard_begin(forked);
	int failed = write_outputs(w, out);
	int sig = write_guard_end();
	if (sig && !forked) {
		fprintf(stderr, "profemu: %s: SIG%s while the outputs were written; they were "
			"completed first\n", out->program, sigabbrev_np(sig));
		return 128 + sig;
	}
	return failed && out->exit_status == 0 ? EXIT_CANNOT_EXECUTE : out->exit_status;
}

void observers_free(struct observers *w)
{
	if (w->wp || w->ic)
		thread_stacks_free(&w->stacks);
	if (w->wp)
		wprof_free(w->wp);
	if (w->ic)
		icount_free(w->ic);
	w->wp = NULL;
	w->ic = NULL;
}
