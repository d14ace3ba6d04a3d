/* gmon.out: the real gprof reads what the writer wrote for a real program (tests/fixtures/
 * callgraph.c, built for x86-64 and i386: its functions' addresses come from its nm listing) and
 * reports exactly the ticks and calls fed in, including a bin above 65535 ticks (repeated histogram records over one range)
 * and an arc above 2^32-1 calls (several arc records). A 32-bit big-endian profile is checked
 * byte by byte; the file is the same whatever order the run recorded things in; and it is
 * written atomically. */
#include <criterion/criterion.h>
#include <errno.h>
#include <inttypes.h>
#include <sys/stat.h>

#include "emu/byteorder.h"
#include "output/gmon.h"
#include "output/wprof.h"
#include "output_testutil.h"

#define RATE 100	/* gprof: one tick = 0.01 s, so seconds print as ticks/100 exactly */

struct program {
	char path[4096];
	unsigned word_size;
	uint64_t leaf, work, main, main_end;
};

static void load_program(struct program *p, const char *name, unsigned word_size)
{
	uint64_t size;
	p->word_size = word_size;
	fixture_path(name, p->path, sizeof(p->path));
	cr_assert(fixture_nm(name, "cg_leaf", &p->leaf, &size), "no cg_leaf in %s.nm", p->path);
	cr_assert(fixture_nm(name, "cg_work", &p->work, &size));
	cr_assert(fixture_nm(name, "main", &p->main, &size));
	cr_assert(size > 0x20);
	p->main_end = p->main + size;
	cr_assert(p->leaf < p->work && p->work < p->main, "layout changed: leaf, work, main expected");
}

/* The real program's call graph (callgraph.c) and its ticks:
 *   main -> cg_work   3 calls            cg_leaf  70000 ticks at one pc + 100 at another
 *   cg_work -> cg_leaf 21 calls          cg_work  300 ticks
 *   main -> cg_leaf   2^32 + 5 calls     main     5 ticks, and 7 outside the text
 * The from addresses are inside the caller (gprof finds the caller by them); self = the entry. */
#define BIG_ARC ((UINT64_C(1) << 32) + 5)

static void feed(struct wprof *w, const struct program *p, bool reversed)
{
	struct { uint64_t site, ret, target, n; } calls[] = {
		{ p->main + 4, p->main + 9, p->work, 3 },
		{ p->work + 10, p->work + 15, p->leaf, 21 },
		{ p->main + 20, p->main + 25, p->leaf, 1 },
	};
	for (int k = 0; k < 3; k++) {
		int i = reversed ? 2 - k : k;
		for (uint64_t j = 0; j < calls[i].n; j++)
			wprof_call(w, calls[i].site, calls[i].ret, calls[i].target);
	}
	/* Four billion calls through the API would take a minute: set the count by hand. */
	struct wprof_arc *big = (struct wprof_arc *)pairtab_find(&w->arcs, p->main + 25, p->leaf);
	cr_assert_not_null(big);
	big->calls = BIG_ARC;
	for (int i = 0; i < 70000; i++)
		wprof_tick(w, p->leaf + 8);
	for (int i = 0; i < 100; i++)
		wprof_tick(w, p->leaf + 0x20);
	for (int i = 0; i < 300; i++)
		wprof_tick(w, p->work + 6);
	for (int i = 0; i < 5; i++)
		wprof_tick(w, p->main + 0x10);
	for (int i = 0; i < 7; i++)
		wprof_tick(w, 0x7f0000001000 + i);
}

static void init_program_profile(struct wprof *w, const struct program *p)
{
	struct wprof_config cfg = {
		.text_lo = p->leaf, .text_hi = p->main_end, .bin_bytes = 2, .word_size = p->word_size,
	};
	cr_assert_eq(wprof_init(w, &cfg), 0);
}

/* The flat profile's row for `name`: self seconds and calls (calls "" when gprof leaves it blank). */
static void flat_row(const char *out, const char *name, char *self, char *calls)
{
	char line[512], suffix[128];
	snprintf(suffix, sizeof(suffix), "  %s", name);
	cr_assert(out_line_ending(out, "Flat profile:", suffix, line, sizeof(line)), "no flat row %s:\n%s",
		  name, out);
	char f[7][128];
	int n = sscanf(line, "%127s %127s %127s %127s %127s %127s %127s", f[0], f[1], f[2], f[3], f[4], f[5],
		       f[6]);
	cr_assert(n == 4 || n == 7, "flat row: %s", line);
	strcpy(self, f[2]);
	strcpy(calls, n == 7 ? f[3] : "");
}

/* In the call graph, the "called" field (N/TOTAL) of `parent`'s line in `child`'s entry. */
static bool graph_called(const char *out, const char *child, const char *parent, char *called)
{
	const char *p = strstr(out, "Call graph");
	cr_assert_not_null(p);
	char block[64][256];
	int n = 0;
	while (p && *p) {
		const char *end = strchr(p, '\n');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		bool sep = len > 10 && strncmp(p, "----------", 10) == 0;
		if (!sep && n < 64)
			snprintf(block[n++], sizeof(block[0]), "%.*s", (int)len, p);
		if (sep || !end) {
			/* One entry: the primary line starts with '[', parents above it. */
			int primary = -1;
			char want[160];
			snprintf(want, sizeof(want), " %s [", child);
			for (int i = 0; i < n; i++)
				if (block[i][0] == '[' && strstr(block[i], want))
					primary = i;
			snprintf(want, sizeof(want), " %s [", parent);
			for (int i = 0; i < primary; i++) {
				char *at = strstr(block[i], want);
				if (!at)
					continue;
				*at = '\0';
				char *slash = strrchr(block[i], '/');
				cr_assert_not_null(slash, "%s", block[i]);
				char *start = slash;
				while (start > block[i] && start[-1] != ' ')
					start--;
				sscanf(start, "%127s", called);
				return true;
			}
			n = 0;
		}
		p = end ? end + 1 : NULL;
	}
	return false;
}

static void gprof_reports_the_ticks_and_calls_fed(const char *name, unsigned word_size)
{
	struct program prog;
	load_program(&prog, name, word_size);
	struct wprof w;
	init_program_profile(&w, &prog);
	feed(&w, &prog, false);
	cr_assert_eq(w.outside, 7);

	char dir[64], gmon[128], cmd[8400];
	out_mkdir(dir, sizeof(dir));
	snprintf(gmon, sizeof(gmon), "%s/gmon.out", dir);
	cr_assert_eq(gmon_write(gmon, &w, RATE), 0);
	snprintf(cmd, sizeof(cmd), "gprof -b '%s' '%s'", prog.path, gmon);
	char *out = out_run(cmd);
	cr_log_info("%s", out);

	cr_expect(strstr(out, "Each sample counts as 0.01 seconds."), "%s", out);
	char self[128], calls[128], called[128];
	flat_row(out, "cg_leaf", self, calls);
	cr_expect_str_eq(self, "701.00");			/* 70100 ticks */
	cr_expect_str_eq(calls, "4294967322");			/* 21 + 2^32 + 5 */
	flat_row(out, "cg_work", self, calls);
	cr_expect_str_eq(self, "3.00");
	cr_expect_str_eq(calls, "3");
	flat_row(out, "main", self, calls);
	cr_expect_str_eq(self, "0.05");
	cr_expect_str_eq(calls, "");				/* no arc into main */

	cr_assert(graph_called(out, "cg_leaf", "cg_work", called), "%s", out);
	cr_expect_str_eq(called, "21/4294967322");
	cr_assert(graph_called(out, "cg_leaf", "main", called), "%s", out);
	cr_expect_str_eq(called, "4294967301/4294967322");
	cr_assert(graph_called(out, "cg_work", "main", called), "%s", out);
	cr_expect_str_eq(called, "3/3");
	cr_expect(!strstr(out, "warning") && !strstr(out, "incompatible"), "%s", out);
	free(out);
	wprof_free(&w);
	out_rmdir(dir);
}

Test(gmon_writer, gprof_x86_64)
{
	gprof_reports_the_ticks_and_calls_fed("callgraph64", 8);
}

/* 4-byte addresses, little-endian. */
Test(gmon_writer, gprof_i386)
{
	gprof_reports_the_ticks_and_calls_fed("callgraph32", 4);
}

/* The same profile's records: two histogram records (70000 = 65535 + 4465 at one bin), the
 * big arc as 2^32-1 + 6, every field little-endian and 8 bytes wide. */
Test(gmon_writer, records_carry_wide_counts)
{
	struct program prog;
	load_program(&prog, "callgraph64", 8);
	struct wprof w;
	init_program_profile(&w, &prog);
	feed(&w, &prog, false);
	char *bytes;
	size_t size;
	FILE *f = open_memstream(&bytes, &size);
	cr_assert_eq(gmon_write_stream(f, &w, RATE), 0);
	fclose(f);

	uint64_t nbins = w.nbins, bin = 8 / 2, bin2 = 0x20 / 2;
	size_t hist = 1 + 8 + 8 + 4 + 4 + 16 + 2 * nbins, arc = 1 + 8 + 8 + 4;
	cr_assert_eq(size, 20 + 2 * hist + 4 * arc);
	for (int k = 0; k < 2; k++) {
		const uint8_t *h = (const uint8_t *)bytes + 20 + k * hist;
		cr_expect_eq(h[0], 0);
		cr_expect_eq(bo_get64(h + 1, BO_LITTLE), prog.leaf);
		cr_expect_eq(bo_get64(h + 9, BO_LITTLE), prog.leaf + 2 * nbins);
		cr_expect_eq(bo_get32(h + 17, BO_LITTLE), nbins);
		cr_expect_eq(bo_get32(h + 21, BO_LITTLE), RATE);
		cr_expect_eq(memcmp(h + 25, "seconds\0\0\0\0\0\0\0\0s", 16), 0);
		cr_expect_eq(bo_get16(h + 41 + 2 * bin, BO_LITTLE), k == 0 ? 65535 : 70000 - 65535);
		cr_expect_eq(bo_get16(h + 41 + 2 * bin2, BO_LITTLE), k == 0 ? 100 : 0);
	}
	const uint8_t *a = (const uint8_t *)bytes + 20 + 2 * hist;
	uint64_t expect[4][3] = {	/* sorted by (from, self) */
		{ prog.work + 15, prog.leaf, 21 },
		{ prog.main + 9, prog.work, 3 },
		{ prog.main + 25, prog.leaf, 0xffffffff },
		{ prog.main + 25, prog.leaf, 6 },
	};
	for (int i = 0; i < 4; i++, a += arc) {
		cr_expect_eq(a[0], 1);
		cr_expect_eq(bo_get64(a + 1, BO_LITTLE), expect[i][0], "arc %d", i);
		cr_expect_eq(bo_get64(a + 9, BO_LITTLE), expect[i][1], "arc %d", i);
		cr_expect_eq(bo_get32(a + 17, BO_LITTLE), expect[i][2], "arc %d", i);
	}
	free(bytes);
	wprof_free(&w);
}

/* hppa-like: 32-bit big-endian, 4-byte bins. Every byte of the file, spelled out. */
Test(gmon_writer, big_endian_32bit_bytes)
{
	struct wprof w;
	struct wprof_config cfg = {
		.text_lo = 0x10000, .text_hi = 0x10008, .bin_bytes = 4, .word_size = 4, .big_endian = true,
	};
	cr_assert_eq(wprof_init(&w, &cfg), 0);
	for (int i = 0; i < 3; i++)
		wprof_tick(&w, 0x10000 + i);		/* bin 0 */
	for (int i = 0; i < 65536 + 2; i++)
		wprof_tick(&w, 0x10007);		/* bin 1: 65535 + 3 */
	wprof_tick(&w, 0x20000);			/* outside */
	wprof_call(&w, 0x10000, 0x10004, 0x10004);
	wprof_call(&w, 0x10000, 0x10004, 0x10004);
	char *bytes;
	size_t size;
	FILE *f = open_memstream(&bytes, &size);
	cr_assert_eq(gmon_write_stream(f, &w, 100), 0);
	fclose(f);
#define HIST_HEADER 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0x08, 0x00, 0x00, 0x00, 0x02, \
	0x00, 0x00, 0x00, 0x64, 's', 'e', 'c', 'o', 'n', 'd', 's', 0, 0, 0, 0, 0, 0, 0, 0, 's'
	static const uint8_t want[] = {
		'g', 'm', 'o', 'n', 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		HIST_HEADER, 0x00, 0x03, 0xff, 0xff,
		HIST_HEADER, 0x00, 0x00, 0x00, 0x03,
		0x01, 0x00, 0x01, 0x00, 0x04, 0x00, 0x01, 0x00, 0x04, 0x00, 0x00, 0x00, 0x02,
	};
#undef HIST_HEADER
	cr_assert_eq(size, sizeof(want));
	for (size_t i = 0; i < size; i++)
		cr_expect_eq((uint8_t)bytes[i], want[i], "byte %zu: %#x, want %#x", i, (uint8_t)bytes[i], want[i]);
	free(bytes);
	wprof_free(&w);
}

/* A histogram of several chunks (WPROF_HIST_CHUNK_BINS bins each) and a partial one, the writer
 * reading only those a tick touched: every bin of both records is what was fed, the untouched
 * chunks between them zero, the chunk edges and the last (partial) chunk's last bin included. */
Test(gmon_writer, bins_across_chunks)
{
	enum { CHUNK = WPROF_HIST_CHUNK_BINS, NBINS = 3 * CHUNK + 7 };
	struct wprof w;
	struct wprof_config cfg = { .text_lo = 0x4000, .text_hi = 0x4000 + 2 * NBINS, .bin_bytes = 2,
				    .word_size = 8 };
	cr_assert_eq(wprof_init(&w, &cfg), 0);
	static uint64_t want[NBINS];
	const struct { uint64_t bin, ticks; } fed[] = {
		{ CHUNK, 2 }, { 2 * CHUNK - 1, 65535 + 9 }, { NBINS - 1, 4 }, { 0, 1 },
	};
	for (size_t i = 0; i < sizeof(fed) / sizeof(fed[0]); i++) {
		for (uint64_t t = 0; t < fed[i].ticks; t++)
			wprof_tick(&w, cfg.text_lo + 2 * fed[i].bin + (t & 1));
		want[fed[i].bin] = fed[i].ticks;
	}
	char *bytes;
	size_t size;
	FILE *f = open_memstream(&bytes, &size);
	cr_assert_eq(gmon_write_stream(f, &w, 100), 0);
	fclose(f);
	size_t hist = 41 + 2 * NBINS;
	cr_assert_eq(size, 20 + 2 * hist);
	for (int k = 0; k < 2; k++)
		for (uint64_t b = 0; b < NBINS; b++) {
			uint64_t left = want[b] > k * UINT64_C(65535) ? want[b] - k * UINT64_C(65535) : 0;
			uint16_t got = bo_get16((const uint8_t *)bytes + 20 + k * hist + 41 + 2 * b, BO_LITTLE);
			cr_expect_eq(got, left < 65535 ? left : 65535, "record %d bin %" PRIu64, k, b);
		}
	free(bytes);
	wprof_free(&w);
}

/* The same events recorded in another order give the same file, byte for byte. */
/* The gmon.out bytes of a finished profile (the profile is freed). */
struct bytes {
	char *p;
	size_t n;
};

static struct bytes gmon_bytes(struct wprof *w)
{
	struct bytes b;
	FILE *f = open_memstream(&b.p, &b.n);
	cr_assert_eq(gmon_write_stream(f, w, RATE), 0);
	fclose(f);
	wprof_free(w);
	return b;
}

static void expect_same_bytes(struct bytes b[2])
{
	cr_assert_eq(b[0].n, b[1].n);
	cr_expect_eq(memcmp(b[0].p, b[1].p, b[0].n), 0);
	free(b[0].p);
	free(b[1].p);
}

Test(gmon_writer, deterministic)
{
	struct program prog;
	load_program(&prog, "callgraph64", 8);
	struct bytes written[2];
	for (int k = 0; k < 2; k++) {
		struct wprof w;
		init_program_profile(&w, &prog);
		feed(&w, &prog, k == 1);
		written[k] = gmon_bytes(&w);
	}
	expect_same_bytes(written);
}

/* --gmon alone keeps no shadow stack (wprof_config.arcs_only: profemu then asks the CPU for no
 * return events): the file is the one a full profile of the same calls, returns and ticks
 * gives, and nothing is pushed. A call tree cannot be kept without the stack. */
Test(gmon_writer, arcs_only_gives_the_same_file)
{
	struct program prog;
	load_program(&prog, "callgraph64", 8);
	struct bytes written[2];
	for (int k = 0; k < 2; k++) {
		struct wprof w;
		struct wprof_config cfg = {
			.text_lo = prog.leaf, .text_hi = prog.main_end, .bin_bytes = 2,
			.word_size = 8, .arcs_only = k == 1,
		};
		cr_assert_eq(wprof_init(&w, &cfg), 0);
		wprof_call_at(&w, prog.main + 4, prog.main + 9, prog.work, 10);
		wprof_call_at(&w, prog.work + 10, prog.work + 15, prog.leaf, 20);
		wprof_tick(&w, prog.leaf + 8);
		wprof_return_at(&w, prog.work + 15, 30);
		wprof_return_at(&w, prog.main + 9, 40);
		feed(&w, &prog, false);
		cr_expect_eq(w.depth, k == 1 ? 0u : 25u, "depth %u", w.depth);	/* feed: 25 calls, no return */
		written[k] = gmon_bytes(&w);
	}
	expect_same_bytes(written);
	struct wprof w;
	struct wprof_config both = { .text_lo = prog.leaf, .text_hi = prog.main_end, .bin_bytes = 2,
				     .word_size = 8, .arcs_only = true, .track_stacks = true };
	cr_expect_eq(wprof_init(&w, &both), -EINVAL);
}

/* A run with no tick in the text still tells gprof the range and the rate: one all-zero record. */
Test(gmon_writer, empty_profile_has_one_histogram_record)
{
	struct wprof w;
	struct wprof_config cfg = { .text_lo = 0x1000, .text_hi = 0x1010, .bin_bytes = 2, .word_size = 8 };
	cr_assert_eq(wprof_init(&w, &cfg), 0);
	char *bytes;
	size_t size;
	FILE *f = open_memstream(&bytes, &size);
	cr_assert_eq(gmon_write_stream(f, &w, 100), 0);
	fclose(f);
	cr_expect_eq(size, 20 + 1 + 8 + 8 + 4 + 4 + 16 + 2 * 8);
	free(bytes);
	cr_expect_eq(gmon_write_stream(stdout, &w, 0), -EINVAL);
	wprof_free(&w);
}

/* PATH.tmp then rename: the file appears whole, the temporary is gone; a failure leaves nothing. */
Test(gmon_writer, atomic_write)
{
	struct wprof w;
	struct wprof_config cfg = { .text_lo = 0x1000, .text_hi = 0x1010, .bin_bytes = 2, .word_size = 8 };
	cr_assert_eq(wprof_init(&w, &cfg), 0);
	char dir[64], path[128], tmp[160];
	out_mkdir(dir, sizeof(dir));
	snprintf(path, sizeof(path), "%s/gmon.out", dir);
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	FILE *old = fopen(path, "w");
	fputs("old", old);
	fclose(old);
	cr_assert_eq(gmon_write(path, &w, 100), 0);
	struct stat st;
	cr_expect_eq(stat(path, &st), 0);
	cr_expect_eq(st.st_size, 20 + 41 + 16);
	cr_expect_neq(stat(tmp, &st), 0);
	snprintf(path, sizeof(path), "%s/no/such/dir/gmon.out", dir);
	cr_expect_eq(gmon_write(path, &w, 100), -ENOENT);
	wprof_free(&w);
	out_rmdir(dir);
}
