/* callgrind text: every cost line and call of the profile becomes an item attached to the
 * function containing it; items are sorted by function then address and printed in one pass,
 * with a fn= line whenever the function changes. */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "output/atomic_file.h"
#include "output/callgrind.h"
#include "output/format.h"

#include "output/callgrind_items.h"

/* The function containing it->addr, and where it and its function are. false: out of memory. */
static bool place(const struct out_symbols *syms, struct cg_item *it)
{
	if (!(it->fname = out_func_name(syms, it->addr, &it->fstart)))
		return false;
	out_where_of(syms, it->addr, &it->where);
	out_where_of(syms, it->fstart, &it->fwhere);
	return true;
}

/* One item per pc with ticks and per arc; *total = the ticks in the cost lines. */
static struct cg_item *collect(const struct wprof *w, const struct out_symbols *syms, size_t *n,
			       uint64_t *total)
{
	size_t npcs, narcs;
	struct wprof_pc *pcs = wprof_sorted_pcs(w, &npcs);
	struct wprof_arc *arcs = wprof_sorted_arcs(w, &narcs);
	struct cg_item *items = NULL;
	*n = 0;
	*total = 0;
	if (npcs == SIZE_MAX || narcs == SIZE_MAX)
		goto fail;
	items = calloc(npcs + narcs + 1, sizeof(*items));
	if (!items)
		goto fail;
	for (size_t i = 0; i < npcs; i++) {
		struct cg_item *it = &items[(*n)++];
		it->addr = pcs[i].pc;
		it->count = pcs[i].ticks;
		it->ir = pcs[i].ir;
		*total += pcs[i].ticks;
		if (!place(syms, it))
			goto fail;
	}
	for (size_t i = 0; i < narcs; i++) {
		struct cg_item *it = &items[(*n)++];
		uint64_t cstart;
		it->is_call = true;
		it->addr = arcs[i].site;
		it->count = arcs[i].calls;
		it->target = arcs[i].self;
		it->incl = arcs[i].incl;
		it->ir = arcs[i].incl_ir;
		it->first = arcs[i].first;
		if (!place(syms, it) || !(it->cname = out_func_name(syms, it->target, &cstart)))
			goto fail;
		out_where_of(syms, it->target, &it->twhere);
		out_where_of(syms, cstart, &it->cwhere);
	}
	free(pcs);
	free(arcs);
	qsort(items, *n, sizeof(*items), callgrind_cmp_item);
	return items;
fail:
	free(pcs);
	free(arcs);
	callgrind_free_items(items, *n);
	*n = SIZE_MAX;
	return NULL;
}

static const char *name_or(const char *name, const char *otherwise)
{
	return name && *name ? name : otherwise;
}

/* "0x<addr>", and " <line>" with line positions. The address is the object's own (link-time)
 * when the object is known, as valgrind writes it: kcachegrind disassembles the ob= file there. */
static void position(char *buf, size_t len, uint64_t addr, const struct out_where *w, bool lines)
{
	if (w->has_link)
		addr = w->link;
	if (lines)
		snprintf(buf, len, "0x%" PRIx64 " %u", addr, w->line);
	else
		snprintf(buf, len, "0x%" PRIx64, addr);
}

int callgrind_write_stream(FILE *f, const struct wprof *w, const struct out_symbols *syms,
			   const struct callgrind_info *info)
{
	size_t n;
	uint64_t total;
	struct cg_item *items = collect(w, syms, &n, &total);
	if (n != SIZE_MAX && info && info->skip_plt)
		n = callgrind_skip_plt(&items, n);
	if (n == SIZE_MAX)
		return -ENOMEM;
	const char *program = info && info->object ? info->object : "???";
	bool lines = syms && syms->where;
	fprintf(f, "# callgrind format\nversion: 1\ncreator: profemu\n");
	if (info && info->cmd)
		fprintf(f, "cmd: %s\n", info->cmd);
	/* With the back end's exact counts, Ir comes first: callgrind's own event, which the
	 * tools show by default. */
	bool ir = w->has_ir;
	fprintf(f, "positions: instr%s\nevents: %s\n", lines ? " line" : "",
		ir ? "Ir Ticks" : "Ticks");
	const char *ob = NULL, *fl = NULL, *fi = NULL;
	for (size_t i = 0; i < n; i++) {
		const struct cg_item *it = &items[i];
		char cost[48];
		/* A function calling itself: its callee's instructions are its own self cost
		 * already (the tools add a call's cost to the caller's), so the call carries none. */
		bool recursive = it->is_call && strcmp(it->fname, it->cname) == 0;
		if (ir)
			snprintf(cost, sizeof(cost), "%" PRIu64 " %" PRIu64, recursive ? 0 : it->ir,
				 it->is_call ? it->incl : it->count);
		else
			snprintf(cost, sizeof(cost), "%" PRIu64, it->is_call ? it->incl : it->count);
		if (i == 0 || it->fstart != items[i - 1].fstart || strcmp(it->fname, items[i - 1].fname)) {
			const char *obj = name_or(it->fwhere.object, program);
			const char *file = name_or(it->fwhere.file, "???");
			bool new_ob = !ob || strcmp(ob, obj), new_fl = !fl || strcmp(fl, file);
			if (new_ob || new_fl)
				fputc('\n', f);
			if (new_ob)
				fprintf(f, "ob=%s\n", obj);
			if (new_fl)
				fprintf(f, "fl=%s\n", file);
			fprintf(f, "\nfn=%s\n", it->fname);
			ob = obj;
			fl = fi = file;
		}
		/* a position in another file than its function's: inlined code (fi=), or back */
		const char *file = name_or(it->where.file, fl);
		if (lines && strcmp(file, fi)) {
			fprintf(f, "%s=%s\n", strcmp(file, fl) ? "fi" : "fe", file);
			fi = file;
		}
		char pos[48], target[48];
		position(pos, sizeof(pos), it->addr, &it->where, lines);
		if (it->is_call) {
			position(target, sizeof(target), it->target, &it->twhere, lines);
			const char *cobj = name_or(it->cwhere.object, program);
			if (strcmp(cobj, ob))
				fprintf(f, "cob=%s\n", cobj);
			if (lines)
				fprintf(f, "cfi=%s\n", name_or(it->cwhere.file, "???"));
			fprintf(f, "cfn=%s\ncalls=%" PRIu64 " %s\n%s %s\n", it->cname, it->count,
				target, pos, cost);
		} else {
			fprintf(f, "%s %s\n", pos, cost);
		}
	}
	if (ir)
		fprintf(f, "\ntotals: %" PRIu64 " %" PRIu64 "\n", w->total_ir, total);
	else
		fprintf(f, "\ntotals: %" PRIu64 "\n", total);
	callgrind_free_items(items, n);
	return ferror(f) ? -EIO : 0;
}

struct cg_job {
	const struct wprof *w;
	const struct out_symbols *syms;
	const struct callgrind_info *info;
};

static int emit(FILE *f, const void *ctx)
{
	const struct cg_job *job = ctx;
	return callgrind_write_stream(f, job->w, job->syms, job->info);
}

int callgrind_write(const char *path, const struct wprof *w, const struct out_symbols *syms,
		    const struct callgrind_info *info)
{
	struct cg_job job = {w, syms, info};
	return out_atomic_write(path, emit, &job);
}

static int write_callgrind(const char *path, const struct out_run *run)
{
	const struct callgrind_info info = { .object = run->object, .cmd = run->command,
					     .skip_plt = run->skip_plt };
	return callgrind_write(path, run->wp, run->names, &info);
}

const struct out_format out_format_callgrind = {
	.name = "callgrind",
	.help = "per-instruction ticks and call arcs for callgrind_annotate/kcachegrind",
	.needs = OUT_NEEDS_CALL_GRAPH | OUT_NEEDS_INCLUSIVE | OUT_NEEDS_INSN_COUNTS,
	.write = write_callgrind,
};
