/* callgrind: the real callgrind_annotate parses what the writer wrote and reports exactly the
 * ticks, calls and inclusive costs fed in, through the wprof events (so the shadow stack's
 * inclusive accounting is tested too); the text is exact, deterministic, and independent of
 * the order the run recorded things in; unknown code is named 0x<addr>. */
#include <criterion/criterion.h>
#include <errno.h>

#include "output/callgrind.h"
#include "output/wprof.h"
#include "output_testutil.h"

/* A made-up program: four functions of 0x100 bytes; nothing is known above 0x1400. */
static const char *names(void *ctx, uint64_t addr, uint64_t *off)
{
	static const char *const fn[] = { "main", "work", "leaf", "rec" };
	(void)ctx;
	if (addr < 0x1000 || addr >= 0x1400)
		return NULL;
	*off = addr & 0xff;
	return fn[(addr - 0x1000) >> 8];
}

static const struct out_symbols syms = { .name = names };
static const struct callgrind_info info = { "/bin/prog", "prog -x", false };

static void ticks(struct wprof *w, uint64_t pc, int n)
{
	while (n-- > 0)
		wprof_tick(w, pc);
}

static void init(struct wprof *w)
{
	struct wprof_config cfg = { .text_lo = 0x1000, .text_hi = 0x1400, .bin_bytes = 2, .word_size = 8,
				    .track_stacks = true };
	cr_assert_eq(wprof_init(w, &cfg), 0);
}

/* main: 2 ticks; calls work (3 ticks, twice leaf: 5 + 1 ticks, 1 more tick); then calls rec,
 * which ticks once and recurses twice (2 ticks one level down, 1 two levels down); then 4 ticks
 * in unknown code. Self: main 2, work 4, leaf 6, rec 4, 0x9000 4 = 20. Inclusive per arc:
 * main->work 10, work->leaf 6, main->rec 4, rec->rec 3 (the tick two levels down has rec->rec
 * on the stack twice and counts once). */
static void run(struct wprof *w)
{
	ticks(w, 0x1010, 2);
	wprof_call(w, 0x1020, 0x1025, 0x1100);
	ticks(w, 0x1110, 3);
	wprof_call(w, 0x1130, 0x1135, 0x1200);
	ticks(w, 0x1210, 5);
	wprof_return(w, 0x1135);
	wprof_call(w, 0x1130, 0x1135, 0x1200);
	ticks(w, 0x1220, 1);
	wprof_return(w, 0x1135);
	ticks(w, 0x1140, 1);
	wprof_return(w, 0x1025);
	wprof_call(w, 0x1040, 0x1045, 0x1300);
	ticks(w, 0x1310, 1);
	wprof_call(w, 0x1350, 0x1355, 0x1300);
	ticks(w, 0x1320, 2);
	wprof_call(w, 0x1350, 0x1355, 0x1300);
	ticks(w, 0x1320, 1);
	wprof_return(w, 0x1355);
	wprof_return(w, 0x1355);
	wprof_return(w, 0x1045);
	ticks(w, 0x9000, 4);
}

static const char expected_text[] =
	"# callgrind format\nversion: 1\ncreator: profemu\ncmd: prog -x\npositions: instr\n"
	"events: Ticks\n\nob=/bin/prog\nfl=???\n"
	"\nfn=main\n0x1010 2\ncfn=work\ncalls=1 0x1100\n0x1020 10\ncfn=rec\ncalls=1 0x1300\n0x1040 4\n"
	"\nfn=work\n0x1110 3\ncfn=leaf\ncalls=2 0x1200\n0x1130 6\n0x1140 1\n"
	"\nfn=leaf\n0x1210 5\n0x1220 1\n"
	"\nfn=rec\n0x1310 1\n0x1320 3\ncfn=rec\ncalls=2 0x1300\n0x1350 3\n"
	"\nfn=0x9000\n0x9000 4\n"
	"\ntotals: 20\n";

static char *write_text(const struct wprof *w, const struct out_symbols *s)
{
	char *text;
	size_t size;
	FILE *f = open_memstream(&text, &size);
	cr_assert_eq(callgrind_write_stream(f, w, s, &info), 0);
	fclose(f);
	return text;
}

Test(callgrind_writer, exact_text)
{
	struct wprof w;
	init(&w);
	run(&w);
	char *text = write_text(&w, &syms);
	cr_expect_str_eq(text, expected_text);
	free(text);
	wprof_free(&w);
}

static char *annotate(const char *args, const char *file)
{
	char cmd[1024];
	snprintf(cmd, sizeof(cmd), "callgrind_annotate --threshold=100 %s '%s'", args, file);
	char *out = out_run(cmd);
	cr_log_info("%s\n%s", cmd, out);
	cr_expect(!strstr(out, "WARNING") && !strstr(out, "malformed"), "%s", out);
	return out;
}

static void expect_line(const char *out, const char *line)
{
	char want[512];
	snprintf(want, sizeof(want), "\n%s\n", line);
	cr_expect(strstr(out, want), "no line \"%s\" in:\n%s", line, out);
}

Test(callgrind_writer, callgrind_annotate_reports_what_was_fed)
{
	struct wprof w;
	init(&w);
	run(&w);
	char dir[64], path[128];
	out_mkdir(dir, sizeof(dir));
	snprintf(path, sizeof(path), "%s/callgrind.out", dir);
	cr_assert_eq(callgrind_write(path, &w, &syms, &info), 0);

	char *out = annotate("", path);
	expect_line(out, "Profiled target:  prog -x");
	expect_line(out, "Events recorded:  Ticks");
	expect_line(out, "20 (100.0%)  PROGRAM TOTALS");
	expect_line(out, "6 (30.00%)  ???:leaf [/bin/prog]");
	expect_line(out, "4 (20.00%)  ???:work [/bin/prog]");
	expect_line(out, "4 (20.00%)  ???:rec [/bin/prog]");
	expect_line(out, "4 (20.00%)  ???:0x9000 [/bin/prog]");
	expect_line(out, "2 (10.00%)  ???:main [/bin/prog]");
	free(out);

	/* Inclusive, with callers (<) and callees (>) and their call counts. */
	out = annotate("--inclusive=yes --tree=both", path);
	expect_line(out, "16 (80.00%)  *  ???:main [/bin/prog]");
	expect_line(out, "10 (50.00%)  >   ???:work (1x) [/bin/prog]");
	expect_line(out, " 4 (20.00%)  >   ???:rec (1x) [/bin/prog]");
	expect_line(out, "10 (50.00%)  *  ???:work [/bin/prog]");
	expect_line(out, " 6 (30.00%)  >   ???:leaf (2x) [/bin/prog]");
	expect_line(out, " 6 (30.00%)  < ???:work (2x) [/bin/prog]");
	expect_line(out, " 3 (15.00%)  < ???:rec (2x) [/bin/prog]");
	expect_line(out, " 3 (15.00%)  >   ???:rec (2x) [/bin/prog]");
	free(out);

	/* Without our totals: line, callgrind_annotate adds up the cost lines itself. */
	char *text = out_slurp(path, NULL);
	char *totals = strstr(text, "totals:");
	cr_assert_not_null(totals);
	*totals = '\0';
	FILE *f = fopen(path, "w");
	fputs(text, f);
	fclose(f);
	free(text);
	out = annotate("", path);
	expect_line(out, "20 (100.0%)  PROGRAM TOTALS (calculated)");
	free(out);
	wprof_free(&w);
	out_rmdir(dir);
}

/* Counts beyond 32 bits, exact: 1,234,567 ticks at one pc, and 5,000,000,000 calls. */
Test(callgrind_writer, large_counts)
{
	struct wprof w;
	init(&w);
	wprof_call(&w, 0x1020, 0x1025, 0x1200);
	ticks(&w, 0x1210, 1234567);
	wprof_return(&w, 0x1025);
	struct wprof_arc *arc = (struct wprof_arc *)pairtab_find(&w.arcs, 0x1025, 0x1200);
	cr_assert_not_null(arc);
	cr_expect_eq(arc->incl, 1234567);
	arc->calls = UINT64_C(5000000000);
	char dir[64], path[128];
	out_mkdir(dir, sizeof(dir));
	snprintf(path, sizeof(path), "%s/callgrind.out", dir);
	cr_assert_eq(callgrind_write(path, &w, &syms, &info), 0);
	char *out = annotate("--inclusive=yes --tree=calling", path);
	expect_line(out, "1,234,567 (100.0%)  PROGRAM TOTALS");
	expect_line(out, "1,234,567 (100.0%)  *  ???:main [/bin/prog]");
	expect_line(out, "1,234,567 (100.0%)  >   ???:leaf (5,000,000,000x) [/bin/prog]");
	free(out);
	wprof_free(&w);
	out_rmdir(dir);
}

/* No symbols at all: every function is its own address, and the file still parses. */
Test(callgrind_writer, no_symbols)
{
	struct wprof w;
	init(&w);
	run(&w);
	struct out_symbols none = { .name = NULL };
	char *text = write_text(&w, &none);
	cr_expect(strstr(text, "\nfn=0x1020\ncfn=0x1100\ncalls=1 0x1100\n0x1020 10\n"), "%s", text);
	cr_expect(strstr(text, "\nfn=0x1210\n0x1210 5\n"), "%s", text);
	char dir[64], path[128];
	out_mkdir(dir, sizeof(dir));
	snprintf(path, sizeof(path), "%s/callgrind.out", dir);
	cr_assert_eq(callgrind_write(path, &w, &none, NULL), 0);
	char *out = annotate("", path);
	expect_line(out, "20 (100.0%)  PROGRAM TOTALS");
	expect_line(out, "5 (25.00%)  ???:0x1210 [???]");
	free(out);
	free(text);
	wprof_free(&w);
	out_rmdir(dir);
}

/* Two runs with the same events give the same text; a different order of first sight too. */
Test(callgrind_writer, deterministic)
{
	struct wprof a, b;
	init(&a);
	init(&b);
	run(&a);
	ticks(&b, 0x9000, 4);			/* b sees the unknown code and leaf first */
	wprof_call(&b, 0x1130, 0x1135, 0x1200);
	wprof_return(&b, 0x1135);
	run(&b);
	char *ta = write_text(&a, &syms), *tb = write_text(&b, &syms);
	cr_expect_str_eq(ta, expected_text);
	cr_expect(strstr(tb, "\nfn=0x9000\n0x9000 8\n"), "%s", tb);
	cr_expect(strstr(tb, "cfn=leaf\ncalls=3 0x1200\n0x1130 6\n"), "%s", tb);
	free(ta);
	free(tb);
	wprof_free(&a);
	wprof_free(&b);
}

/* Exact instruction counts: main (2 instructions at 0x1010, retired counts 0..2) calls work at
 * retired 3 (the call at 0x1020 is main's third instruction); work runs 4 and calls itself at
 * 0x1130 (7), the inner work runs 2 and returns (9), the outer returns at 11; main's last
 * instruction retires at 12. Ir per address comes from the back end (wprof_add_ir); the calls=
 * line of main->work carries 11 - 3 = 8, the recursive one 0 (its instructions are work's own
 * self cost); the totals are the Ir sum and the ticks. */
Test(callgrind_writer, exact_ir)
{
	struct wprof w;
	init(&w);
	wprof_call_at(&w, 0x1020, 0x1025, 0x1100, 3);
	wprof_tick(&w, 0x1110);
	wprof_call_at(&w, 0x1130, 0x1135, 0x1100, 7);
	wprof_return_at(&w, 0x1135, 9);
	wprof_return_at(&w, 0x1025, 11);
	wprof_finish(&w, 12);
	static const uint64_t ir[][2] = { { 0x1010, 2 }, { 0x1020, 1 }, { 0x1025, 1 }, { 0x1100, 2 },
					  { 0x1110, 2 }, { 0x1130, 2 }, { 0x1140, 2 } };
	for (size_t i = 0; i < sizeof(ir) / sizeof(ir[0]); i++)
		cr_assert_eq(wprof_add_ir(&w, ir[i][0], ir[i][1]), 0);
	char *text = write_text(&w, &syms);
	cr_expect_str_eq(text,
		"# callgrind format\nversion: 1\ncreator: profemu\ncmd: prog -x\npositions: instr\n"
		"events: Ir Ticks\n\nob=/bin/prog\nfl=???\n"
		"\nfn=main\n0x1010 2 0\n0x1020 1 0\ncfn=work\ncalls=1 0x1100\n0x1020 8 1\n0x1025 1 0\n"
		"\nfn=work\n0x1100 2 0\n0x1110 2 1\n0x1130 2 0\ncfn=work\ncalls=1 0x1100\n0x1130 0 0\n"
		"0x1140 2 0\n"
		"\ntotals: 12 1\n");
	free(text);
	wprof_free(&w);
}

/* A program with PLT stubs (x86-64's non-IBT .plt: jmp *slot at +0, push at +6, jmp .PLT0 at
 * +11; .PLT0 push at +0, jmp at +6): main calls qsort@plt twice from one site, the first call
 * bound lazily (the stub's three instructions and .PLT0's two), the second through the bound
 * slot (one); qsort runs 3 instructions each time. puts@plt (bound) is called once from 0x1030
 * and three times from 0x1040 and reaches unnamed code at 0x3000 (1 instruction each). */
static const char *plt_names(void *ctx, uint64_t addr, uint64_t *off)
{
	(void)ctx;
	static const struct { uint64_t start, end; const char *name; } fn[] = {
		{ 0x1000, 0x1100, "main" }, { 0x1200, 0x1210, ".PLT0" }, { 0x1210, 0x1220, "qsort@plt" },
		{ 0x1220, 0x1230, "puts@plt" }, { 0x2000, 0x2100, "qsort" } };
	for (size_t i = 0; i < sizeof(fn) / sizeof(fn[0]); i++)
		if (addr >= fn[i].start && addr < fn[i].end) {
			*off = addr - fn[i].start;
			return fn[i].name;
		}
	return NULL;
}

/* [0x1200, 0x1230) is the program's .plt section */
static void plt_where(void *ctx, uint64_t addr, struct out_where *w)
{
	(void)ctx;
	*w = (struct out_where){ .guest = addr, .in_plt = addr >= 0x1200 && addr < 0x1230 };
}

static char *plt_profile(bool skip)
{
	struct wprof w;
	init(&w);
	wprof_call_at(&w, 0x1020, 0x1025, 0x1210, 3);
	wprof_return_at(&w, 0x1025, 11);
	wprof_call_at(&w, 0x1020, 0x1025, 0x1210, 12);
	wprof_return_at(&w, 0x1025, 16);
	wprof_call_at(&w, 0x1030, 0x1035, 0x1220, 17);
	wprof_return_at(&w, 0x1035, 19);
	for (uint64_t r = 20; r < 28; r += 3) {
		wprof_call_at(&w, 0x1040, 0x1045, 0x1220, r);
		wprof_return_at(&w, 0x1045, r + 2);
	}
	wprof_finish(&w, 28);
	static const uint64_t ir[][2] = { { 0x1010, 2 }, { 0x1020, 2 }, { 0x1030, 1 }, { 0x1040, 3 },
					  { 0x1210, 2 }, { 0x1216, 1 }, { 0x121b, 1 }, { 0x1200, 1 },
					  { 0x1206, 1 }, { 0x2000, 6 }, { 0x1220, 4 }, { 0x3000, 4 } };
	for (size_t i = 0; i < sizeof(ir) / sizeof(ir[0]); i++)
		cr_assert_eq(wprof_add_ir(&w, ir[i][0], ir[i][1]), 0);
	const struct out_symbols s = { .name = plt_names, .where = plt_where };
	const struct callgrind_info i = { "/bin/prog", NULL, skip };
	char *text;
	size_t size;
	FILE *f = open_memstream(&text, &size);
	cr_assert_eq(callgrind_write_stream(f, &w, &s, &i), 0);
	fclose(f);
	wprof_free(&w);
	return text;
}

/* --skip-plt=yes, callgrind's: the stubs' 10 instructions are main's at its call sites (6 at
 * 0x1020 with .PLT0's, 1 and 3 at 0x1030/0x1040 by calls), the calls go to qsort (inclusive 6,
 * its own) and stay puts@plt's where no function of that name ran; no stub or .PLT0 function
 * is left; the total is unchanged. */
Test(callgrind_writer, skip_plt)
{
	char *text = plt_profile(true);
	cr_expect_str_eq(text,
		"# callgrind format\nversion: 1\ncreator: profemu\npositions: instr line\n"
		"events: Ir Ticks\n\nob=/bin/prog\nfl=???\n"
		"\nfn=main\n0x1010 0 2 0\n0x1020 0 2 0\n0x1020 0 6 0\ncfi=???\ncfn=qsort\n"
		"calls=2 0x2000 0\n0x1020 0 6 0\n"
		"0x1030 0 1 0\n0x1030 0 1 0\ncfi=???\ncfn=puts@plt\ncalls=1 0x1220 0\n0x1030 0 1 0\n"
		"0x1040 0 3 0\n0x1040 0 3 0\ncfi=???\ncfn=puts@plt\ncalls=3 0x1220 0\n0x1040 0 3 0\n"
		"\nfn=qsort\n0x2000 0 6 0\n"
		"\nfn=0x3000\n0x3000 0 4 0\n"
		"\ntotals: 28 0\n");
	free(text);
	/* and with --skip-plt=no, the stubs are functions of their own */
	text = plt_profile(false);
	cr_expect(strstr(text, "\nfn=qsort@plt\n0x1210 0 2 0\n0x1216 0 1 0\n0x121b 0 1 0\n"), "%s", text);
	cr_expect(strstr(text, "\nfn=.PLT0\n0x1200 0 1 0\n0x1206 0 1 0\n"), "%s", text);
	cr_expect(strstr(text, "cfn=qsort@plt\ncalls=2 0x1210 0\n0x1020 0 12 0\n"), "%s", text);
	free(text);
}
