/* Folded stacks: every (call-tree node, pc) pair with ticks becomes a line; the lines are
 * sorted and equal ones merged (two pcs of one leaf function under one node are one stack). */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "output/atomic_file.h"
#include "output/folded.h"
#include "output/format.h"

struct folded_line {
	char *stack;
	uint64_t ticks;
};

static int cmp_line(const void *a, const void *b)
{
	return strcmp(((const struct folded_line *)a)->stack, ((const struct folded_line *)b)->stack);
}

/* A frame's name as flame-graph tools can split it. */
static char *frame_name(const struct out_symbols *syms, uint64_t addr)
{
	uint64_t start;
	char *name = out_func_name(syms, addr, &start);
	for (char *p = name; p && *p; p++)
		if (*p == ';')
			*p = ':';
	return name;
}

/* Each node's function name (the root has none); NULL on failure. */
static char **node_names(const struct wprof *w, const struct out_symbols *syms)
{
	size_t n = wprof_node_count(w);
	char **names = calloc(n + 1, sizeof(*names));
	for (size_t i = 0; names && i < n; i++) {
		if (i == WPROF_ROOT)
			continue;
		if (!(names[i] = frame_name(syms, wprof_node(w, i)->func))) {
			for (size_t j = 0; j < i; j++)
				free(names[j]);
			free(names);
			return NULL;
		}
	}
	return names;
}

/* The line for ticks at pc under node: the path's names, root first, then the leaf. */
static char *stack_of(const struct wprof *w, char **names, size_t node, const char *leaf)
{
	size_t len = strlen(leaf) + 1;
	for (size_t i = node; i != WPROF_ROOT; i = (size_t)wprof_node(w, i)->parent)
		len += strlen(names[i]) + 1;
	char *s = malloc(len), *end = s + len - 1;
	if (!s)
		return NULL;
	*end = '\0';
	bool append = node == WPROF_ROOT || strcmp(names[node], leaf) != 0;
	if (append) {
		size_t l = strlen(leaf);
		end -= l;
		memcpy(end, leaf, l);
	}
	/* Written right to left, leaf to root; what is left over at the front is cut off. */
	for (size_t i = node; i != WPROF_ROOT; i = (size_t)wprof_node(w, i)->parent) {
		size_t l = strlen(names[i]);
		if (append || i != node)
			*--end = ';';
		end -= l;
		memcpy(end, names[i], l);
	}
	memmove(s, end, strlen(end) + 1);
	return s;
}

static struct folded_line *collect(const struct wprof *w, const struct out_symbols *syms, size_t *n)
{
	size_t nleaves = wprof_leaf_count(w), nnodes = wprof_node_count(w);
	char **names = node_names(w, syms);
	struct folded_line *lines = calloc(nleaves + 1, sizeof(*lines));
	*n = 0;
	bool ok = names && lines;
	for (size_t i = 0; ok && i < nleaves; i++) {
		const struct wprof_leaf *leaf = wprof_leaf(w, i);
		char *leaf_name = frame_name(syms, leaf->pc);
		char *stack = leaf_name ? stack_of(w, names, (size_t)leaf->node, leaf_name) : NULL;
		free(leaf_name);
		ok = stack != NULL;
		if (ok)
			lines[(*n)++] = (struct folded_line){ stack, leaf->ticks };
	}
	for (size_t i = 0; names && i < nnodes; i++)
		free(names[i]);
	free(names);
	if (ok)
		return lines;
	for (size_t i = 0; i < *n; i++)
		free(lines[i].stack);
	free(lines);
	*n = SIZE_MAX;
	return NULL;
}

int folded_write_stream(FILE *f, const struct wprof *w, const struct out_symbols *syms)
{
	if (!w->cfg.track_stacks)
		return -EINVAL;
	size_t n;
	struct folded_line *lines = collect(w, syms, &n);
	if (n == SIZE_MAX)
		return -ENOMEM;
	qsort(lines, n, sizeof(*lines), cmp_line);
	for (size_t i = 0; i < n; i++) {
		uint64_t ticks = lines[i].ticks;
		while (i + 1 < n && strcmp(lines[i].stack, lines[i + 1].stack) == 0) {
			free(lines[i].stack);
			ticks += lines[++i].ticks;
		}
		fprintf(f, "%s %" PRIu64 "\n", lines[i].stack, ticks);
		free(lines[i].stack);
	}
	free(lines);
	return ferror(f) ? -EIO : 0;
}

struct folded_job {
	const struct wprof *w;
	const struct out_symbols *syms;
};

static int emit(FILE *f, const void *ctx)
{
	const struct folded_job *job = ctx;
	return folded_write_stream(f, job->w, job->syms);
}

int folded_write(const char *path, const struct wprof *w, const struct out_symbols *syms)
{
	if (!w->cfg.track_stacks)
		return -EINVAL;
	struct folded_job job = {w, syms};
	return out_atomic_write(path, emit, &job);
}

static int write_folded(const char *path, const struct out_run *run)
{
	return folded_write(path, run->wp, run->names);
}

const struct out_format out_format_folded = {
	.name = "folded",
	.help = "one line per call stack with its ticks, for flame graphs",
	.needs = OUT_NEEDS_CALL_GRAPH | OUT_NEEDS_STACKS,
	.write = write_folded,
};
