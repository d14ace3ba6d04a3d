/* The --counts JSON (see counts.h): records named, merged by name, sorted, printed. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "output/atomic_file.h"
#include "output/counts.h"
#include "output/format.h"
#include "output/json_text.h"

struct counts_row {
	char *name;
	struct out_where where;		/* its object, and the file:line of its entry */
	uint64_t start, self, incl, calls;
};

static const char *object_of(const struct counts_row *r)
{
	return r->where.object ? r->where.object : "";
}

/* By name, then object: one function is one name in one object. */
static int cmp_name(const void *pa, const void *pb)
{
	const struct counts_row *a = pa, *b = pb;
	int c = strcmp(a->name, b->name);
	if (!c)
		c = strcmp(object_of(a), object_of(b));
	return c ? c : (a->start > b->start) - (a->start < b->start);
}

static int cmp_incl(const void *pa, const void *pb)
{
	const struct counts_row *a = pa, *b = pb;
	if (a->incl != b->incl)
		return a->incl < b->incl ? 1 : -1;
	return cmp_name(pa, pb);
}

static void free_rows(struct counts_row *rows, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(rows[i].name);
	free(rows);
}

/* One row per name and object (the lowest start address among its records). NULL if out of
 * memory. */
static struct counts_row *collect(const struct icount *c, const struct out_symbols *syms, size_t *n)
{
	size_t len = c->funcs.len;
	struct counts_row *rows = calloc(len ? len : 1, sizeof(*rows));
	*n = 0;
	if (!rows)
		return NULL;
	for (size_t i = 0; i < len; i++) {
		const struct icount_func *f = pairtab_at(&c->funcs, i);
		struct counts_row *r = &rows[i];
		if (!(r->name = out_func_name(syms, f->addr, &r->start))) {
			free_rows(rows, i);
			return NULL;
		}
		out_where_of(syms, r->start, &r->where);
		r->self = f->self;
		r->incl = f->incl;
		r->calls = f->calls;
	}
	qsort(rows, len, sizeof(*rows), cmp_name);
	size_t w = 0;
	for (size_t i = 0; i < len; i++) {
		if (w && strcmp(rows[w - 1].name, rows[i].name) == 0 &&
		    strcmp(object_of(&rows[w - 1]), object_of(&rows[i])) == 0) {
			rows[w - 1].self += rows[i].self;
			rows[w - 1].incl += rows[i].incl;
			rows[w - 1].calls += rows[i].calls;
			free(rows[i].name);
			continue;
		}
		rows[w++] = rows[i];
	}
	qsort(rows, w, sizeof(*rows), cmp_incl);
	*n = w;
	return rows;
}

/* "object" (its file name) and the entry's "file" and "line", when known. */
static void print_where(FILE *f, const struct out_where *w)
{
	if (w->object) {
		const char *slash = strrchr(w->object, '/');
		fprintf(f, ", \"object\": ");
		out_json_string(f, slash ? slash + 1 : w->object);
	}
	if (w->file) {
		fprintf(f, ", \"file\": ");
		out_json_string(f, w->file);
		fprintf(f, ", \"line\": %u", w->line);
	}
}

int counts_write_stream(FILE *f, const struct icount *c, const struct out_symbols *syms,
			const struct counts_info *info)
{
	size_t n;
	struct counts_row *rows = collect(c, syms, &n);
	if (!rows)
		return -ENOMEM;
	const char *program = info && info->program ? info->program : "";
	const char *slash = strrchr(program, '/');
	fprintf(f, "{\n  \"format\": \"profemu-counts 1\",\n  \"program\": ");
	out_json_string(f, slash ? slash + 1 : program);
	fprintf(f, ",\n  \"arch\": ");
	out_json_string(f, info && info->arch ? info->arch : "");
	fprintf(f, ",\n  \"total\": %" PRIu64 ",\n  \"functions\": [", c->total);
	for (size_t i = 0; i < n; i++) {
		fprintf(f, "%s\n    {\"name\": ", i ? "," : "");
		out_json_string(f, rows[i].name);
		print_where(f, &rows[i].where);
		const struct out_where *w = &rows[i].where;
		fprintf(f, ", \"address\": \"0x%" PRIx64 "\"", w->guest);
		if (w->has_link)
			fprintf(f, ", \"offset\": \"0x%" PRIx64 "\"", w->link);
		fprintf(f, ", \"self\": %" PRIu64 ", \"inclusive\": %" PRIu64 ", \"calls\": %" PRIu64 "}",
			rows[i].self, rows[i].incl, rows[i].calls);
	}
	fprintf(f, "%s]\n}\n", n ? "\n  " : "");
	free_rows(rows, n);
	return ferror(f) ? -EIO : 0;
}

struct counts_job {
	const struct icount *c;
	const struct out_symbols *syms;
	const struct counts_info *info;
};

static int emit(FILE *f, const void *ctx)
{
	const struct counts_job *job = ctx;
	return counts_write_stream(f, job->c, job->syms, job->info);
}

int counts_write(const char *path, const struct icount *c, const struct out_symbols *syms,
		 const struct counts_info *info)
{
	struct counts_job job = { c, syms, info };
	return out_atomic_write(path, emit, &job);
}

static int write_counts(const char *path, const struct out_run *run)
{
	const struct counts_info info = { .program = run->command, .arch = run->arch };
	return counts_write(path, run->ic, run->names, &info);
}

const struct out_format out_format_counts = {
	.name = "counts",
	.help = "JSON: exact instructions per function (self, inclusive) and calls",
	.needs = OUT_NEEDS_FUNCTION_COUNTS,
	.write = write_counts,
};
