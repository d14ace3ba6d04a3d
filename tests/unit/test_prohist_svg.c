/* prohist --svg on .PRF files written here with prf_write: the chart is well-formed XML
 * (python3's xml.etree is the judge), has one bar per non-empty bucket, labels the hottest
 * with their function, escapes what XML must not see raw, and is the same bytes every time. */
#include <criterion/criterion.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tools/prohist/prf_load.h"
#include "tools/prohist/view.h"
#include "../fixtures/fixtures.h"

/* The chart of profile d (program opened if d names one), as a string to free. */
static char *chart(const struct prf_data *d, const char *shown_name, size_t hot)
{
	char path[] = "/tmp/prohist-svg-XXXXXX";
	int fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	close(fd);
	cr_assert_eq(prf_write(path, d), 0);
	struct prf_data prf;
	struct hist h;
	struct program prog;
	char err[256];
	cr_assert_eq(prf_load(path, &prf, err, sizeof(err)), 0, "%s", err);
	unlink(path);
	cr_assert_eq(hist_init(&h, &prf, err, sizeof(err)), 0, "%s", err);
	bool has_prog = prf.program && prf.program[0];
	if (has_prog)
		cr_assert_eq(program_open(&prog, prf.program, &prf, err, sizeof(err)), 0, "%s", err);
	struct view v;
	cr_assert_eq(view_init(&v, shown_name, &h, has_prog ? &prog : NULL, false, 0, hot, 50), 0);
	char *text;
	size_t len;
	FILE *f = open_memstream(&text, &len);
	cr_assert_not_null(f);
	cr_assert_eq(report_svg(f, &v), 0);
	fclose(f);
	view_free(&v);
	if (has_prog)
		program_close(&prog);
	prf_free(&prf);
	return text;
}

/* What python3's XML parser says of svg: "rects=N labels=a,b,..." (the rects without the
 * background, the labels are the rotated texts), or the parser's error. */
static char *xml_judge(const char *svg)
{
	char path[] = "/tmp/prohist-svg-XXXXXX";
	int fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	cr_assert_eq(write(fd, svg, strlen(svg)), (ssize_t)strlen(svg));
	close(fd);
	char cmd[1024];
	snprintf(cmd, sizeof(cmd),
		 "python3 -c 'import sys, xml.etree.ElementTree as E\n"
		 "r = E.parse(sys.argv[1]).getroot()\n"
		 "ns = \"{http://www.w3.org/2000/svg}\"\n"
		 "assert r.tag == ns + \"svg\", r.tag\n"
		 "rects = [e for e in r.iter(ns + \"rect\") if e.get(\"fill\") != \"white\"]\n"
		 "labels = [e.text for e in r.iter(ns + \"text\")\n"
		 "          if \"rotate(-45\" in (e.get(\"transform\") or \"\")]\n"
		 "titles = [e.text for e in r.iter(ns + \"text\")][0]\n"
		 "print(\"rects=%%d labels=%%s title=%%s\" %% (len(rects), \",\".join(labels), titles))' %s 2>&1",
		 path);
	FILE *p = popen(cmd, "r");
	cr_assert_not_null(p);
	char *out = calloc(1, 4096);
	size_t n = fread(out, 1, 4095, p);
	out[n] = '\0';
	pclose(p);
	unlink(path);
	return out;
}

Test(prohist_svg, valid_xml_bars_and_labels)
{
	char path[4096];
	fixture_path("callgraph64", path, sizeof(path));
	uint64_t leaf, work, main_at, sz;
	cr_assert(fixture_nm("callgraph64", "cg_leaf", &leaf, &sz));
	cr_assert(fixture_nm("callgraph64", "cg_work", &work, &sz));
	cr_assert(fixture_nm("callgraph64", "main", &main_at, &sz));
	uint64_t low = 0x401000, n = 32;
	uint64_t b[32] = { 0 };
	b[(leaf + 0x10 - low) / 16] = 40;
	b[(work + 0x18 - low) / 16] = 7;
	b[(main_at + 0x20 - low) / 16] = 10;
	b[1] = 1;
	struct prf_data d = { .clock_grain = 10000, .bucket_num = n, .bucket_siz = 16,
			      .prog_low = low, .prog_high = low + 16 * n, .hit_io = 5,
			      .buckets = b, .arch = CPU_ARCH_X86_64, .program = path };
	/* A file name with every character XML reserves. */
	char *svg = chart(&d, "a&b<c>\"d'.PRF", 3);
	char *verdict = xml_judge(svg);
	cr_expect_str_eq(verdict, "rects=4 labels=cg_leaf,cg_work,main title=prohist: a&b<c>\"d'.PRF\n",
			 "%s\n%s", verdict, svg);
	/* Deterministic: nothing from the clock or the machine. */
	char *again = chart(&d, "a&b<c>\"d'.PRF", 3);
	cr_expect_str_eq(svg, again);
	free(again);
	free(verdict);
	free(svg);
}

Test(prohist_svg, empty_and_dos_charts_are_valid)
{
	struct prf_data d = { .clock_grain = 1, .bucket_num = 4, .bucket_siz = 16, .prog_low = 0x1000,
			      .prog_high = 0x1040, .buckets = (uint64_t[4]){ 0 }, .program = "" };
	char *svg = chart(&d, "e.PRF", 5);
	char *verdict = xml_judge(svg);
	cr_expect_str_eq(verdict, "rects=0 labels= title=prohist: e.PRF\n", "%s\n%s", verdict, svg);
	cr_expect(strstr(svg, "no ticks in the program"), "%s", svg);
	free(verdict);
	free(svg);
	/* DOS, many buckets (bars narrower than a pixel are drawn one pixel wide), no symbols:
	 * the hottest are labelled with their seg:off range. */
	uint64_t b[3000] = { 0 };
	b[10] = 5, b[2000] = 9, b[2999] = 1;
	struct prf_data dos = { .dos = true, .clock_grain = 55000, .bucket_num = 3000, .bucket_siz = 1,
				.prog_low = 0x1000, .prog_high = 0x1000 + 3000, .hit_dos = 4,
				.buckets = b };
	svg = chart(&dos, "D.PRF", 2);
	verdict = xml_judge(svg);
	cr_expect_str_eq(verdict, "rects=3 labels=1000:00A0-1000:00AF,1000:7D00-1000:7D0F title=prohist: D.PRF\n",
			 "%s", verdict);
	cr_expect(strstr(svg, "width=\"1.00\""), "narrow bars are one pixel wide");
	free(verdict);
	free(svg);
}
