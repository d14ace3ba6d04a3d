/* prohist's text report on .PRF files written here with prf_write: each listed bucket with its
 * range, function, count, percentage of all ticks and bar; --top's order; the three hit
 * counters, the total, the clock grain and the time; the DOS layout's seg:off ranges; and the
 * same bytes every time. */
#include <criterion/criterion.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tools/prohist/prf_load.h"
#include "tools/prohist/view.h"
#include "../fixtures/fixtures.h"

struct shown {
	struct prf_data prf;
	struct hist hist;
	struct program prog;
	bool has_prog;
};

/* Writes d, loads it back as prohist does, opens its program (if d names one). */
static void load(const struct prf_data *d, struct shown *s)
{
	char path[] = "/tmp/prohist-report-XXXXXX";
	int fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	close(fd);
	cr_assert_eq(prf_write(path, d), 0);
	char err[256];
	cr_assert_eq(prf_load(path, &s->prf, err, sizeof(err)), 0, "%s", err);
	unlink(path);
	cr_assert_eq(hist_init(&s->hist, &s->prf, err, sizeof(err)), 0, "%s", err);
	s->has_prog = s->prf.program && s->prf.program[0];
	if (s->has_prog)
		cr_assert_eq(program_open(&s->prog, s->prf.program, &s->prf, err, sizeof(err)), 0,
			     "%s", err);
}

static void unload(struct shown *s)
{
	if (s->has_prog)
		program_close(&s->prog);
	prf_free(&s->prf);
}

/* The text report, as a string to free. */
static char *report(struct shown *s, bool all, uint64_t top, unsigned width)
{
	struct view v;
	cr_assert_eq(view_init(&v, "t.PRF", &s->hist, s->has_prog ? &s->prog : NULL, all, top, 5,
			       width), 0);
	char *text;
	size_t len;
	FILE *f = open_memstream(&text, &len);
	cr_assert_not_null(f);
	cr_assert_eq(report_text(f, &v), 0);
	fclose(f);
	view_free(&v);
	return text;
}

/* The line of text starting with prefix (after leading blanks), copied to line. */
static bool line_starting(const char *text, const char *prefix, char *line, size_t len)
{
	for (const char *p = text; p && *p;) {
		const char *end = strchr(p, '\n');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		if (n >= strlen(prefix) && strncmp(p, prefix, strlen(prefix)) == 0) {
			snprintf(line, len, "%.*s", (int)n, p);
			return true;
		}
		p = end ? end + 1 : NULL;
	}
	return false;
}

static unsigned count_char(const char *s, char c)
{
	unsigned n = 0;
	for (; *s; s++)
		n += *s == c;
	return n;
}

/* callgraph64 with ticks on cg_leaf (40), cg_work (7) and main (10 + 10), and hits 5, 3, 2:
 * 77 ticks in all. */
static void callgraph_profile(struct shown *s, uint64_t *leaf, uint64_t *main_at)
{
	char path[4096];
	fixture_path("callgraph64", path, sizeof(path));
	uint64_t sz, work;
	cr_assert(fixture_nm("callgraph64", "cg_leaf", leaf, &sz));
	cr_assert(fixture_nm("callgraph64", "cg_work", &work, &sz));
	cr_assert(fixture_nm("callgraph64", "main", main_at, &sz));
	uint64_t low = 0x401000, n = 0x200 / 16;	/* the text starts at 0x401000 */
	uint64_t *b = calloc(n, sizeof(*b));
	b[(*leaf + 0x10 - low) / 16] = 40;	/* well inside cg_leaf */
	b[(work + 0x18 - low) / 16] = 7;
	b[(*main_at + 0x10 - low) / 16] = 10;
	b[(*main_at + 0x20 - low) / 16] = 10;
	struct prf_data d = { .clock_grain = 10000, .bucket_num = n, .bucket_siz = 16,
			      .prog_low = low, .prog_high = low + 16 * n, .hit_io = 5, .hit_dos = 3,
			      .hit_high = 2, .buckets = b, .arch = CPU_ARCH_X86_64, .program = path };
	load(&d, s);
	free(b);
}

Test(prohist_report, lines_counts_percentages_bars)
{
	struct shown s;
	uint64_t leaf, main_at;
	callgraph_profile(&s, &leaf, &main_at);
	char *text = report(&s, false, 0, 50);
	char line[512], prefix[64];
	/* cg_leaf's bucket: the largest, so the full bar. */
	uint64_t first = (leaf + 0x10) & ~15ull;
	snprintf(prefix, sizeof(prefix), "0x%lx-0x%lx", (unsigned long)first, (unsigned long)first + 15);
	cr_assert(line_starting(text, prefix, line, sizeof(line)), "no %s line in\n%s", prefix, text);
	cr_expect(strstr(line, " cg_leaf "), "%s", line);
	cr_expect(strstr(line, " 40  51.95%  "), "%s", line);
	cr_expect_eq(count_char(line, '#'), 50, "%s", line);
	/* main's second bucket: 10/77 = 12.99%, bar ceil(10*50/40) = 13. */
	first = (main_at + 0x20) & ~15ull;
	snprintf(prefix, sizeof(prefix), "0x%lx-", (unsigned long)first);
	cr_assert(line_starting(text, prefix, line, sizeof(line)), "no %s line in\n%s", prefix, text);
	cr_expect(strstr(line, " main "), "%s", line);
	cr_expect(strstr(line, " 10  12.99%  "), "%s", line);
	cr_expect_eq(count_char(line, '#'), 13, "%s", line);
	/* Four buckets listed, no empty one. */
	unsigned listed = 0;
	for (const char *p = text; (p = strstr(p, "\n0x")); p++)
		listed++;
	cr_expect_eq(listed, 4, "%s", text);
	/* The counters, the total, the grain, the time. */
	cr_assert(line_starting(text, "I/O hits", line, sizeof(line)));
	cr_expect(strstr(line, " 5   6.49%"), "%s", line);
	cr_assert(line_starting(text, "DOS hits", line, sizeof(line)));
	cr_expect(strstr(line, " 3   3.90%"), "%s", line);
	cr_assert(line_starting(text, "high hits", line, sizeof(line)));
	cr_expect(strstr(line, " 2   2.60%"), "%s", line);
	cr_assert(line_starting(text, "total", line, sizeof(line)));
	cr_expect(strstr(line, " 77 ticks (67 in buckets, 10 hits)"), "%s", line);
	cr_assert(line_starting(text, "clock grain", line, sizeof(line)));
	cr_expect(strstr(line, " 10000 us per tick"), "%s", line);
	cr_assert(line_starting(text, "profiled time", line, sizeof(line)));
	cr_expect(strstr(line, " 0.770000 s"), "%s", line);
	/* The same profile, the same bytes. */
	char *again = report(&s, false, 0, 50);
	cr_expect_str_eq(text, again);
	free(again);
	free(text);
	unload(&s);
}

Test(prohist_report, top_lists_the_largest_first)
{
	struct shown s;
	uint64_t leaf, main_at;
	callgraph_profile(&s, &leaf, &main_at);
	char *text = report(&s, false, 3, 10);
	/* The bucket lines in order: 40 (cg_leaf), then the two 10s of main by address. */
	const char *a = strstr(text, " cg_leaf ");
	const char *b = strstr(text, " main ");
	cr_assert(a && b && a < b, "%s", text);
	const char *c = strstr(b + 1, " main ");
	cr_assert_not_null(c, "%s", text);
	cr_expect_null(strstr(text, " cg_work "), "cg_work (7) is 4th: %s", text);
	char prefix[64], line[512];
	snprintf(prefix, sizeof(prefix), "0x%lx-", (unsigned long)((main_at + 0x10) & ~15ull));
	const char *first_main = strstr(text, prefix);
	snprintf(prefix, sizeof(prefix), "0x%lx-", (unsigned long)((main_at + 0x20) & ~15ull));
	const char *second_main = strstr(text, prefix);
	cr_expect(first_main && second_main && first_main < second_main, "%s", text);
	/* --width: the largest bar is 10 columns. */
	cr_assert(line_starting(strstr(text, "\n0x") + 1, "0x", line, sizeof(line)));
	cr_expect_eq(count_char(line, '#'), 10, "%s", line);
	free(text);
	unload(&s);
}

Test(prohist_report, dos_layout_ranges_and_hit_counters)
{
	uint64_t b[16] = { 0 };
	b[0] = 1, b[3] = 12, b[4] = 12;
	struct prf_data d = { .dos = true, .clock_grain = 55000, .bucket_num = 16, .bucket_siz = 1,
			      .prog_low = 0x1000, .prog_high = 0x1010, .dos_pa = 0x800,
			      .hit_io = 7, .hit_dos = 8, .hit_high = 9, .buckets = b };
	struct shown s;
	load(&d, &s);
	char *text = report(&s, false, 0, 50);
	char line[512];
	cr_expect(strstr(text, "(DOS layout)"), "%s", text);
	cr_expect(strstr(text, "16 of 1 paragraph over 1000:0000-1000:00FF"), "%s", text);
	cr_assert(line_starting(text, "1000:0030-1000:003F", line, sizeof(line)), "%s", text);
	cr_expect(strstr(line, " 12  24.49%  "), "%s", line);	/* 12 / 49 */
	cr_assert(line_starting(text, "I/O hits", line, sizeof(line)));
	cr_expect(strstr(line, " 7  14.29%"), "%s", line);
	cr_assert(line_starting(text, "DOS hits", line, sizeof(line)));
	cr_expect(strstr(line, " 8  16.33%"), "%s", line);
	cr_assert(line_starting(text, "high hits", line, sizeof(line)));
	cr_expect(strstr(line, " 9  18.37%"), "%s", line);
	cr_assert(line_starting(text, "total", line, sizeof(line)));
	cr_expect(strstr(line, " 49 ticks (25 in buckets, 24 hits)"), "%s", line);
	cr_assert(line_starting(text, "profiled time", line, sizeof(line)));
	cr_expect(strstr(line, " 2.695000 s"), "%s", line);
	cr_expect_null(strstr(text, "function"), "no symbols, no column: %s", text);
	free(text);
	/* --all lists the 13 empty buckets too. */
	text = report(&s, true, 0, 50);
	unsigned listed = 0;
	for (const char *p = text; (p = strstr(p, "\n1000:")); p++)
		listed++;
	cr_expect_eq(listed, 16, "%s", text);
	free(text);
	unload(&s);
}

Test(prohist_report, dos_area_past_64k_prints_normalised_addresses)
{
	uint64_t b[2] = { 3, 4 };
	struct prf_data d = { .dos = true, .clock_grain = 1, .bucket_num = 2, .bucket_siz = 0x1000,
			      .prog_low = 0x2000, .prog_high = 0x4000, .buckets = b };
	struct shown s;
	load(&d, &s);
	char *text = report(&s, false, 0, 50);
	cr_expect(strstr(text, "\n3000:0000-3FFF:000F "), "%s", text);
	free(text);
	unload(&s);
}

Test(prohist_report, empty_profile)
{
	struct prf_data d = { .clock_grain = 100, .bucket_num = 4, .bucket_siz = 16,
			      .prog_low = 0x1000, .prog_high = 0x1040,
			      .buckets = (uint64_t[4]){ 0 }, .arch = CPU_ARCH_I386, .program = "" };
	struct shown s;
	load(&d, &s);
	char *text = report(&s, false, 0, 50);
	cr_expect(strstr(text, "(no ticks in the program's buckets)"), "%s", text);
	cr_expect(strstr(text, "0 ticks (0 in buckets, 0 hits)"), "%s", text);
	cr_expect(strstr(text, "(ELF layout, i386)"), "%s", text);
	cr_expect(strstr(text, "program        (none)"), "%s", text);
	free(text);
	unload(&s);
}
