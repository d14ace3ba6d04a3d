/* prohist's bucket names, on .PRF files written here with prf_write for the fixture programs
 * (tests/fixtures): a bucket inside one function takes its name, a bucket that runs from one
 * function into the next is "first..last", checked against nm's listing (the oracle, not
 * libelf); a position-independent program is placed where the profile says its text was;
 * a program of the wrong kind or architecture is refused with a one-line reason. */
#include <criterion/criterion.h>

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tools/prohist/naming.h"
#include "tools/prohist/prf_load.h"
#include "tools/prohist/view.h"
#include "../fixtures/fixtures.h"

#define BUCKET 16

/* The executable segment of a fixture, from its readelf listing. */
static struct fixture_segment text_of(const char *name)
{
	struct fixture_elf e;
	cr_assert(fixture_readelf(name, &e), "no readelf listing for %s", name);
	for (size_t i = 0; i < e.nseg; i++)
		if (strcmp(e.seg[i].type, "LOAD") == 0 && e.seg[i].x)
			return e.seg[i];
	cr_assert_fail("%s has no executable segment", name);
	return e.seg[0];
}

static uint64_t nm_addr(const char *name, const char *sym, uint64_t *size)
{
	uint64_t addr, sz;
	cr_assert(fixture_nm(name, sym, &addr, &sz), "%s not in %s.nm", sym, name);
	if (size)
		*size = sz;
	return addr;
}

/* A profile of fixture `name` with text moved by bias, buckets of BUCKET bytes, all zero. */
static struct prf_data profile_of(const char *name, uint64_t bias, uint32_t arch, char *path)
{
	struct fixture_segment t = text_of(name);
	uint64_t n = (t.memsz + BUCKET - 1) / BUCKET;
	struct prf_data d = { .clock_grain = 1000, .bucket_num = n, .bucket_siz = BUCKET,
			      .prog_low = t.vaddr + bias, .prog_high = t.vaddr + bias + t.memsz,
			      .buckets = calloc(n, sizeof(uint64_t)), .arch = arch, .program = path };
	cr_assert_not_null(d.buckets);
	return d;
}

struct opened {
	struct prf_data prf;
	struct hist hist;
	struct program prog;
};

static void open_profile(const char *name, uint64_t bias, uint32_t arch, struct opened *o)
{
	char path[4096];
	fixture_path(name, path, sizeof(path));
	struct prf_data d = profile_of(name, bias, arch, path);
	char prf_path[] = "/tmp/prohist-naming-XXXXXX";
	int fd = mkstemp(prf_path);
	cr_assert_geq(fd, 0);
	close(fd);
	cr_assert_eq(prf_write(prf_path, &d), 0);
	free(d.buckets);
	char err[256];
	cr_assert_eq(prf_load(prf_path, &o->prf, err, sizeof(err)), 0, "%s", err);
	unlink(prf_path);
	cr_assert_eq(hist_init(&o->hist, &o->prf, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(program_open(&o->prog, o->prf.program, &o->prf, err, sizeof(err)), 0, "%s", err);
	cr_assert_not_null(o->prog.syms);
}

static void close_profile(struct opened *o)
{
	program_close(&o->prog);
	prf_free(&o->prf);
}

/* The name of the bucket holding addr. */
static const char *name_at(struct opened *o, uint64_t addr, char *buf, size_t len)
{
	uint64_t i = (addr - o->hist.low) / BUCKET;
	return bucket_name(o->prog.syms, hist_bucket_first(&o->hist, i),
			   hist_bucket_last(&o->hist, i), buf, len);
}

Test(prohist_naming, buckets_inside_and_across_functions)
{
	struct opened o;
	open_profile("callgraph64", 0, CPU_ARCH_X86_64, &o);
	uint64_t leaf_size, work_size;
	uint64_t leaf = nm_addr("callgraph64", "cg_leaf", &leaf_size);
	uint64_t work = nm_addr("callgraph64", "cg_work", &work_size);
	uint64_t main_at = nm_addr("callgraph64", "main", NULL);
	/* The layout this test relies on (gcc -O1 does not align functions): cg_work follows
	 * cg_leaf directly, and main follows cg_work. */
	cr_assert_eq(leaf + leaf_size, work);
	cr_assert_eq(work + work_size, main_at);
	char buf[256];
	for (uint64_t a = leaf; a < main_at; a += 1) {
		uint64_t first = o.hist.low + (a - o.hist.low) / BUCKET * BUCKET;
		uint64_t last = first + BUCKET - 1;
		/* nm's view: the functions holding the bucket's two ends. */
		const char *f = first < leaf ? NULL
			      : first < work ? "cg_leaf"
			      : first < main_at ? "cg_work" : "main";
		const char *l = last < work ? "cg_leaf" : last < main_at ? "cg_work" : "main";
		char want[128];
		if (f && strcmp(f, l) == 0)
			snprintf(want, sizeof(want), "%s", f);
		else if (f)
			snprintf(want, sizeof(want), "%s..%s", f, l);
		else
			continue;	/* a function before cg_leaf that this test does not know */
		cr_expect_str_eq(name_at(&o, a, buf, sizeof(buf)), want, "bucket of %#lx",
				 (unsigned long)a);
	}
	/* The spans this layout has: cg_leaf's end and cg_work's start share a bucket. */
	cr_expect_str_eq(name_at(&o, work, buf, sizeof(buf)),
			 work % BUCKET ? "cg_leaf..cg_work" : "cg_work");
	close_profile(&o);
}

Test(prohist_naming, view_names_only_with_symbols)
{
	struct opened o;
	open_profile("callgraph64", 0, CPU_ARCH_X86_64, &o);
	struct view v;
	cr_assert_eq(view_init(&v, "x.PRF", &o.hist, &o.prog, false, 0, 5, 50), 0);
	char buf[256];
	uint64_t main_at = nm_addr("callgraph64", "main", NULL);
	uint64_t i = (main_at + 0x20 - o.hist.low) / BUCKET;
	cr_expect_str_eq(view_bucket_name(&v, i, buf, sizeof(buf)), "main");
	view_free(&v);
	/* No program: no names at all (the text report then has no function column). */
	cr_assert_eq(view_init(&v, "x.PRF", &o.hist, NULL, false, 0, 5, 50), 0);
	cr_expect_null(view_bucket_name(&v, i, buf, sizeof(buf)));
	view_free(&v);
	/* An address no symbol covers. */
	cr_expect_str_eq(bucket_name(o.prog.syms, 0x10, 0x1f, buf, sizeof(buf)), "?");
	cr_expect_str_eq(bucket_name(NULL, 0x10, 0x1f, buf, sizeof(buf)), "?");
	close_profile(&o);
}

Test(prohist_naming, position_independent_program_is_placed_by_the_profile)
{
	/* Where profemu puts static-pie programs on x86-64; any page-aligned bias would do. */
	const uint64_t bias = 0x555555554000;
	struct opened o;
	open_profile("staticpie64", bias, CPU_ARCH_X86_64, &o);
	cr_expect_eq(o.prog.bias, bias);
	uint64_t main_size;
	uint64_t main_at = nm_addr("staticpie64", "main", &main_size) + bias;
	char buf[256];
	cr_expect_str_eq(bucket_name(o.prog.syms, main_at, main_at, buf, sizeof(buf)), "main");
	/* And the bytes there are the file's bytes at main's file offset. */
	struct fixture_segment t = text_of("staticpie64");
	size_t size;
	char path[4096];
	uint8_t *file = fixture_read_file(fixture_path("staticpie64", path, sizeof(path)), &size);
	cr_assert_not_null(file);
	const uint8_t *code;
	cr_assert_eq(program_bytes(&o.prog, main_at, 8, &code), 8);
	cr_expect_eq(memcmp(code, file + t.offset + (main_at - bias - t.vaddr), 8), 0);
	free(file);
	close_profile(&o);
}

static void expect_refused(const char *name, bool dos, uint32_t arch, const char *reason)
{
	char path[4096];
	fixture_path(name, path, sizeof(path));
	uint64_t b[1] = { 1 };
	struct prf_data d = { .dos = dos, .clock_grain = 1, .bucket_num = 1, .bucket_siz = 16,
			      .prog_low = 0x1000, .prog_high = 0x1010, .buckets = b, .arch = arch };
	struct program p;
	char err[256] = "";
	cr_expect_eq(program_open(&p, path, &d, err, sizeof(err)), -1, "%s opened", path);
	cr_expect(strstr(err, reason), "'%s' does not say '%s'", err, reason);
}

Test(prohist_naming, wrong_programs_are_refused)
{
	expect_refused("static32", false, CPU_ARCH_X86_64, "i386 program, but the profile is for x86_64");
	expect_refused("static64", false, CPU_ARCH_I386, "x86_64 program, but the profile is for i386");
	expect_refused("static64", true, 0, "ELF program, but the profile is for DOS");
	expect_refused("obj64", false, CPU_ARCH_X86_64, "not an executable");
	expect_refused("no-such-fixture", false, CPU_ARCH_X86_64, "No such file");
}
