/* profdiff OLD NEW: per-function instruction counts of two runs compared, for a CI guard.
 * Exit status: 0 nothing guarded grew past --threshold, 1 something did, 2 bad usage or input. */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../cli/usage.h"
#include "diff.h"
#include "profile_read.h"

enum { EXIT_GREW = 1, EXIT_BAD = 2 };

static const char usage_text[] =
	"Usage: profdiff [OPTION]... OLD NEW\n"
	"Compare the per-function instruction counts of two runs: profemu --counts files or\n"
	"callgrind files (profemu --callgrind, valgrind --tool=callgrind). Prints the functions\n"
	"whose count changed, largest change first, and the program total. A function is its name\n"
	"and its object's file name (\"qsort [libc.so.6]\"), never an address.\n"
	"\n"
	"  --threshold=N     fail (exit 1) when a guarded count grew by more than N instructions\n"
	"  --threshold=P%    ... or by more than P percent (without --threshold: report only)\n"
	"  --function=NAME   guard only NAME (repeatable; in any object, or 'NAME [libc.so.6]');\n"
	"                    default: every function and the total\n"
	"  --metric=M        inclusive (default: with callees) or self\n"
	"  --all             list unchanged functions too\n"
	"  -h, --help        show this help\n"
	"Exit status: 0 within the threshold, 1 past it, 2 bad usage or unreadable input.\n";

static bool parse_threshold(const char *s, struct diff_threshold *t)
{
	char *end;
	double v = strtod(s, &end);
	if (end == s || v < 0 || v != v)
		return false;
	t->percent = *end == '%';
	if (t->percent)
		end++;
	t->value = v;
	t->set = true;
	return *end == '\0';
}

static void print_row(const char *name, uint64_t old, uint64_t new, bool past)
{
	int64_t d = (int64_t)(new - old);
	char pct[32];
	if (old)
		snprintf(pct, sizeof(pct), "%+.2f%%", 100.0 * (double)d / (double)old);
	else
		snprintf(pct, sizeof(pct), new ? "new" : "");
	printf("%14" PRIu64 " %14" PRIu64 " %+14" PRId64 " %9s  %s%s\n", old, new, d, pct, name,
	       past ? "   <- past the threshold" : "");
}

struct guard {
	const char **names;
	int n;
};

/* NAME is that function in every object, "NAME [OBJECT]" in that one. */
static bool names_function(const char *guard, const char *key)
{
	size_t len = strlen(guard);
	return strcmp(guard, key) == 0 || (strncmp(guard, key, len) == 0 && strncmp(key + len, " [", 2) == 0);
}

static bool in_profile(const struct profile *p, const char *guard)
{
	for (size_t i = 0; i < p->n; i++)
		if (names_function(guard, p->funcs[i].name))
			return true;
	return false;
}

static bool guarded(const struct guard *g, const char *name)
{
	if (!g->n)
		return true;
	for (int i = 0; i < g->n; i++)
		if (names_function(g->names[i], name))
			return true;
	return false;
}

/* The whole tool but for the guard list's memory, which main owns so that every early return
 * (a usage error, an unreadable file) still frees it. */
static int run(int argc, char **argv, struct guard g)
{
	enum { OPT_THRESHOLD = 256, OPT_FUNCTION, OPT_METRIC, OPT_ALL };
	static const struct option longopts[] = {
		{ "threshold", required_argument, NULL, OPT_THRESHOLD },
		{ "function", required_argument, NULL, OPT_FUNCTION },
		{ "metric", required_argument, NULL, OPT_METRIC },
		{ "all", no_argument, NULL, OPT_ALL },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct diff_threshold t = { 0 };
	enum diff_metric m = DIFF_INCLUSIVE;
	bool all = false;
	int c;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_THRESHOLD:
			if (!parse_threshold(optarg, &t))
				return usage_error("profdiff", "invalid --threshold '%s' (N instructions or P%%)", optarg);
			break;
		case OPT_FUNCTION: g.names[g.n++] = optarg; break;
		case OPT_METRIC:
			if (strcmp(optarg, "inclusive") && strcmp(optarg, "self"))
				return usage_error("profdiff", "invalid --metric '%s' (inclusive or self)", optarg);
			m = strcmp(optarg, "self") == 0 ? DIFF_SELF : DIFF_INCLUSIVE;
			break;
		case OPT_ALL: all = true; break;
		case 'h': fputs(usage_text, stdout); return 0;
		case ':': return usage_error("profdiff", "option '%s' needs an argument", argv[optind - 1]);
		default: return usage_error("profdiff", "unknown option '%s'", argv[optind - 1]);
		}
	}
	if (argc - optind != 2)
		return usage_error("profdiff", "%s", "two files are needed: OLD NEW");
	struct profile a, b;
	char err[512];
	if (profile_read(argv[optind], &a, err, sizeof(err))) {
		fprintf(stderr, "profdiff: %s\n", err);
		return EXIT_BAD;
	}
	if (profile_read(argv[optind + 1], &b, err, sizeof(err))) {
		fprintf(stderr, "profdiff: %s\n", err);
		profile_free(&a);
		return EXIT_BAD;
	}
	int status = 0;
	for (int i = 0; i < g.n; i++) {
		if (!in_profile(&a, g.names[i]) && !in_profile(&b, g.names[i])) {
			fprintf(stderr, "profdiff: no function %s in either file\n", g.names[i]);
			status = EXIT_BAD;
		}
	}
	size_t n;
	struct diff_row *rows = status ? NULL : diff_rows(&a, &b, m, all, &n);
	if (!status && !rows) {
		fprintf(stderr, "profdiff: out of memory\n");
		status = EXIT_BAD;
	}
	if (!status) {
		printf("%s -> %s: %s, %s\n", argv[optind], argv[optind + 1],
		       strcmp(a.event, b.event) ? "different events" : a.event,
		       m == DIFF_SELF ? "self" : "inclusive");
		printf("%14s %14s %14s %9s  %s\n", "old", "new", "change", "", "function");
		size_t past = 0;
		for (size_t i = 0; i < n; i++) {
			rows[i].past = guarded(&g, rows[i].name) && diff_past(rows[i].old, rows[i].new, &t);
			past += rows[i].past;
			print_row(rows[i].name, rows[i].old, rows[i].new, rows[i].past);
		}
		bool total_past = !g.n && diff_past(a.total, b.total, &t);
		past += total_past;
		print_row("(total)", a.total, b.total, total_past);
		if (t.set)
			printf("%zu changed; %zu past the threshold of %g%s\n", n, past, t.value,
			       t.percent ? "%" : " instructions");
		status = past ? EXIT_GREW : 0;
	}
	free(rows);
	profile_free(&a);
	profile_free(&b);
	return status;
}

int main(int argc, char **argv)
{
	struct guard g = { calloc((size_t)argc, sizeof(char *)), 0 };
	if (!g.names)
		return EXIT_BAD;
	int status = run(argc, argv, g);
	free(g.names);
	return status;
}
