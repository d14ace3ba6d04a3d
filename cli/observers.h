/* The run loop's observers, for both start paths (ELF, DOS): what watches a run besides the
 * process itself. The PROFIL program (--prf, which the start path sizes), and what the formats
 * of the output registry asked for (output/formats.h) need collected: the call graph (wprof)
 * and the per-function counts (icount). Fed by the CPU's tick, call and return events; at the
 * end every file is written: --prf, the registry's formats, --stats. */
#ifndef PROFEMU_OBSERVERS_H
#define PROFEMU_OBSERVERS_H

#include <stdbool.h>
#include <stdint.h>

#include "../loader/loader.h"
#include "../output/icount.h"
#include "../output/wprof.h"
#include "../symbols/symbolizer.h"
#include "../syscalls/process.h"
#include "options.h"
#include "prf_mode.h"
#include "report.h"
#include "thread_stacks.h"

/* Where the program lies, in run-time addresses, and how to name its code. */
struct observed_program {
	uint64_t text_lo, text_hi;	/* the histogram's range */
	uint64_t entry;			/* --counts' root */
	/* Profiles keep link-time addresses, which gprof and callgrind tools read against the
	 * ELF file (a PIE's run-time addresses are not in its symbol table): run-time less bias,
	 * in the guest's word. */
	uint64_t bias;
	unsigned word_size;
	bool big_endian;
	struct symbolizer *names;	/* sees run-time addresses; NULL: addresses only */
};

struct observers {
	struct process *p;
	const struct options *o;
	unsigned needs;			/* enum out_needs of the formats asked for */
	struct prf_mode *prf;		/* the PROFIL program, or NULL */
	struct wprof *wp;		/* the call graph, or NULL */
	struct icount *ic;		/* the per-function counts, or NULL */
	bool counts_failed;		/* --counts asked, no memory for it */
	uint64_t bias, addr_mask;
	struct symbolizer *names;
	struct wprof wp_data;
	struct icount ic_data;
	struct thread_stacks stacks;
};

/* No profile yet: what the options ask for. */
void observers_init(struct observers *w, struct process *p, const struct options *o);
/* Whether the CPU must report calls (a format is asked for), and returns too (a format keeps
 * a shadow stack: gprof's arcs alone do not). */
bool observers_watch_calls(const struct observers *w);
bool observers_watch_returns(const struct observers *w);

/* The CPU's events (ctx: the observers). A tick calls process_on_tick and returns its next. */
uint64_t observers_tick(void *ctx, uint64_t pc, uint64_t retired);
void observers_call(void *ctx, uint64_t site, uint64_t ret_addr, uint64_t target, uint64_t retired);
void observers_ret(void *ctx, uint64_t target, uint64_t retired);

/* Once the CPU exists and the program is loaded: the collections the formats need. 0, or
 * -1 after "out of memory" on stderr. Out of memory for --counts alone is said and the run
 * goes on without it (observers_finish then fails). */
int observers_start(struct observers *w, const struct observed_program *prog);

/* After the run: --prf (its termination message first), the registry's files, --stats, under
 * output/write_guard.h. The first failure's message is on stderr. Returns profemu's exit
 * status: out->exit_status, or 126 if it was 0 and a file could not be written, or 128 + the
 * signal (SIGINT, SIGTERM, SIGHUP) that arrived while they were written (all of them were). */
int observers_finish(struct observers *w, const struct run_outcome *out);

void observers_free(struct observers *w);

#endif
