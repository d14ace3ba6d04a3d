/* prohist's arithmetic on .PRF files written here with prf_write and read back with prf_load:
 * totals (buckets + hits), percentages of all ticks (rounded half up, exact for huge counts),
 * bar scaling, --top ordering (count, then address), bucket ranges in bytes for both layouts,
 * and the checks that turn an impossible file into a one-line reason. */
#include <criterion/criterion.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tools/prohist/hist.h"
#include "tools/prohist/prf_load.h"

/* A .PRF written with prf_write and loaded back the way prohist loads it. */
static void round_trip(const struct prf_data *d, struct prf_data *out)
{
	char path[] = "/tmp/prohist-hist-XXXXXX";
	int fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	close(fd);
	cr_assert_eq(prf_write(path, d), 0);
	char err[256];
	cr_assert_eq(prf_load(path, out, err, sizeof(err)), 0, "%s", err);
	unlink(path);
}

static struct prf_data elf_prf(uint64_t *buckets, uint64_t n)
{
	return (struct prf_data){ .clock_grain = 10000, .bucket_num = n, .bucket_siz = 16,
				  .prog_low = 0x401000, .prog_high = 0x401000 + 16 * n - 3,
				  .hit_io = 5, .hit_dos = 3, .hit_high = 2, .buckets = buckets,
				  .arch = 0, .program = "" };
}

Test(prohist_hist, totals_are_buckets_plus_hits)
{
	uint64_t b[6] = { 0, 40, 7, 0, 10, 10 };
	struct prf_data d = elf_prf(b, 6), r;
	round_trip(&d, &r);
	struct hist h;
	char err[128];
	cr_assert_eq(hist_init(&h, &r, err, sizeof(err)), 0, "%s", err);
	cr_expect_eq(h.bucket_ticks, 67);
	cr_expect_eq(h.hit_ticks, 10);
	cr_expect_eq(h.total, 77);
	cr_expect_eq(h.max, 40);
	cr_expect_eq(h.unit, 1);
	prf_free(&r);
}

Test(prohist_hist, percentages_round_half_up)
{
	cr_expect_eq(hist_percent_x100(40, 77), 5195);	/* 51.948... */
	cr_expect_eq(hist_percent_x100(1, 3), 3333);
	cr_expect_eq(hist_percent_x100(2, 3), 6667);
	cr_expect_eq(hist_percent_x100(1, 8), 1250);	/* exactly 12.5 */
	cr_expect_eq(hist_percent_x100(1, 20000), 1);	/* 0.005% -> 0.01% */
	cr_expect_eq(hist_percent_x100(1, 20001), 0);	/* just under half a hundredth */
	cr_expect_eq(hist_percent_x100(7, 7), 10000);
	cr_expect_eq(hist_percent_x100(0, 0), 0);	/* an empty profile divides by nothing */
	/* Counts whose product with 10000 passes 64 bits stay exact. */
	cr_expect_eq(hist_percent_x100(UINT64_MAX / 2, UINT64_MAX), 5000);
	cr_expect_eq(hist_percent_x100(UINT64_MAX, UINT64_MAX), 10000);
	char buf[16];
	cr_expect_str_eq(hist_percent_fmt(40, 77, buf, sizeof(buf)), " 51.95%");
	cr_expect_str_eq(hist_percent_fmt(1, 1, buf, sizeof(buf)), "100.00%");
	cr_expect_str_eq(hist_percent_fmt(0, 9, buf, sizeof(buf)), "  0.00%");
}

Test(prohist_hist, bars_scale_to_the_largest_and_round_up)
{
	cr_expect_eq(hist_bar_len(40, 40, 50), 50);
	cr_expect_eq(hist_bar_len(20, 40, 50), 25);
	cr_expect_eq(hist_bar_len(7, 40, 50), 9);	/* 8.75 -> 9 */
	cr_expect_eq(hist_bar_len(1, 1000000, 50), 1);	/* never invisible */
	cr_expect_eq(hist_bar_len(0, 40, 50), 0);
	cr_expect_eq(hist_bar_len(0, 0, 50), 0);
	cr_expect_eq(hist_bar_len(UINT64_MAX - 1, UINT64_MAX, 1000), 1000);
	cr_expect_eq(hist_bar_len(UINT64_MAX / 2, UINT64_MAX, 1000), 500);
	cr_expect_eq(hist_bar_len(3, 4, 1), 1);
}

Test(prohist_hist, time_is_ticks_times_grain)
{
	char buf[64];
	cr_expect_str_eq(hist_time_fmt(77, 10000, buf, sizeof(buf)), "0.770000");
	cr_expect_str_eq(hist_time_fmt(3, 55000, buf, sizeof(buf)), "0.165000");
	cr_expect_str_eq(hist_time_fmt(0, 55000, buf, sizeof(buf)), "0.000000");
	cr_expect_str_eq(hist_time_fmt(1000001, 1, buf, sizeof(buf)), "1.000001");
	/* 2^64-1 ticks of 2^64-1 us: more seconds than 64 bits hold, still exact. */
	cr_expect_str_eq(hist_time_fmt(UINT64_MAX, UINT64_MAX, buf, sizeof(buf)),
			 "340282366920938463426481119284349.108225");
}

static long select_(const struct hist *h, bool all, uint64_t top, uint64_t **out)
{
	long n = hist_select(h, all, top, out);
	cr_assert_geq(n, 0);
	return n;
}

Test(prohist_hist, top_orders_by_count_then_address)
{
	uint64_t b[8] = { 3, 0, 9, 3, 9, 1, 0, 3 };
	struct prf_data d = elf_prf(b, 8), r;
	round_trip(&d, &r);
	struct hist h;
	char err[128];
	cr_assert_eq(hist_init(&h, &r, err, sizeof(err)), 0);
	uint64_t *idx;
	long n = select_(&h, false, 4, &idx);
	cr_assert_eq(n, 4);
	uint64_t want[4] = { 2, 4, 0, 3 };	/* the two 9s by address, then the first two 3s */
	for (int i = 0; i < 4; i++)
		cr_expect_eq(idx[i], want[i], "rank %d: bucket %lu", i, (unsigned long)idx[i]);
	free(idx);
	/* More than there are: every non-empty bucket, still ranked; the empties never. */
	n = select_(&h, false, 100, &idx);
	cr_assert_eq(n, 6);
	uint64_t all_ranked[6] = { 2, 4, 0, 3, 7, 5 };
	for (int i = 0; i < 6; i++)
		cr_expect_eq(idx[i], all_ranked[i]);
	free(idx);
	/* With --all the empty buckets rank last, by address. */
	n = select_(&h, true, 8, &idx);
	cr_assert_eq(n, 8);
	cr_expect_eq(idx[6], 1);
	cr_expect_eq(idx[7], 6);
	free(idx);
	/* Without --top: address order, the non-empty ones or all. */
	n = select_(&h, false, 0, &idx);
	cr_assert_eq(n, 6);
	uint64_t by_addr[6] = { 0, 2, 3, 4, 5, 7 };
	for (int i = 0; i < 6; i++)
		cr_expect_eq(idx[i], by_addr[i]);
	free(idx);
	n = select_(&h, true, 0, &idx);
	cr_expect_eq(n, 8);
	free(idx);
	prf_free(&r);
}

Test(prohist_hist, elf_ranges_are_bytes_clipped_at_the_end)
{
	uint64_t b[3] = { 1, 2, 3 };
	struct prf_data d = elf_prf(b, 3), r;	/* prog_high = low + 45 */
	round_trip(&d, &r);
	struct hist h;
	char err[128];
	cr_assert_eq(hist_init(&h, &r, err, sizeof(err)), 0);
	cr_expect_eq(hist_bucket_first(&h, 0), 0x401000);
	cr_expect_eq(hist_bucket_last(&h, 0), 0x40100f);
	cr_expect_eq(hist_bucket_first(&h, 2), 0x401020);
	cr_expect_eq(hist_bucket_last(&h, 2), 0x40102c);	/* prog_high - 1 */
	prf_free(&r);
}

Test(prohist_hist, dos_ranges_are_paragraphs)
{
	uint64_t b[4] = { 1, 0, 12, 0 };
	struct prf_data d = { .dos = true, .clock_grain = 55000, .bucket_num = 4, .bucket_siz = 2,
			      .prog_low = 0x1000, .prog_high = 0x1008, .dos_pa = 0x800,
			      .hit_io = 7, .hit_dos = 8, .hit_high = 9, .buckets = b }, r;
	round_trip(&d, &r);
	cr_assert(r.dos);
	struct hist h;
	char err[128];
	cr_assert_eq(hist_init(&h, &r, err, sizeof(err)), 0);
	cr_expect_eq(h.unit, 16);
	cr_expect_eq(h.total, 13 + 24);
	cr_expect_eq(hist_bucket_first(&h, 2), 0x10040);
	cr_expect_eq(hist_bucket_last(&h, 2), 0x1005f);
	prf_free(&r);
}

Test(prohist_hist, dos_counts_saturate_at_16_bits)
{
	uint64_t b[1] = { 70000 };
	struct prf_data d = { .dos = true, .clock_grain = 1, .bucket_num = 1, .bucket_siz = 1,
			      .prog_low = 0x100, .prog_high = 0x101, .buckets = b }, r;
	round_trip(&d, &r);
	cr_expect_eq(r.buckets[0], 65535);
	prf_free(&r);
}

static void expect_rejected(struct prf_data *d, const char *reason)
{
	struct hist h;
	char err[128] = "";
	cr_expect_eq(hist_init(&h, d, err, sizeof(err)), -1);
	cr_expect(strstr(err, reason), "'%s' does not say '%s'", err, reason);
}

Test(prohist_hist, impossible_headers_are_rejected)
{
	uint64_t b[2] = { 1, 2 };
	struct prf_data d = elf_prf(b, 2);
	d.bucket_siz = 0;
	expect_rejected(&d, "bucket size 0");
	d = elf_prf(b, 2);
	d.prog_low = d.prog_high + 1;
	expect_rejected(&d, "ends below its start");
	d = elf_prf(b, 2);
	d.prog_low = UINT64_MAX - 16;
	d.prog_high = UINT64_MAX;
	expect_rejected(&d, "address space");
	d = elf_prf(b, 2);
	uint64_t big[2] = { UINT64_MAX, 1 };
	d.buckets = big;
	expect_rejected(&d, "overflow");
	d = elf_prf(b, 2);
	d.hit_high = UINT64_MAX - 3;
	expect_rejected(&d, "overflow");
	/* An empty profile is fine: nothing to show. */
	d = elf_prf(NULL, 0);
	d.bucket_siz = 0;
	d.prog_high = d.prog_low;
	struct hist h;
	char err[128];
	cr_expect_eq(hist_init(&h, &d, err, sizeof(err)), 0);
}

/* The file itself: wrong sizes, truncation, garbage. */
static void write_bytes(const char *path, const void *p, size_t n)
{
	FILE *f = fopen(path, "wb");
	cr_assert_not_null(f);
	cr_assert_eq(fwrite(p, 1, n, f), n);
	fclose(f);
}

static void expect_load_fails(const char *path, const char *reason)
{
	struct prf_data r;
	char err[256] = "";
	cr_expect_eq(prf_load(path, &r, err, sizeof(err)), -1, "%s loaded", path);
	cr_expect(strstr(err, reason), "'%s' does not say '%s'", err, reason);
}

Test(prohist_hist, malformed_files_say_why)
{
	char dir[] = "/tmp/prohist-bad-XXXXXX";
	cr_assert_not_null(mkdtemp(dir));
	char path[256];
	snprintf(path, sizeof(path), "%s/a.PRF", dir);
	uint64_t b[2] = { 1, 2 };
	struct prf_data d = elf_prf(b, 2);
	cr_assert_eq(prf_write(path, &d), 0);
	/* One byte more than the header describes. */
	FILE *f = fopen(path, "ab");
	fputc(0, f);
	fclose(f);
	expect_load_fails(path, "its header describes");
	/* Truncated inside the buckets. */
	cr_assert_eq(prf_write(path, &d), 0);
	cr_assert_eq(truncate(path, 8 + 72 + 8), 0);
	expect_load_fails(path, "truncated");
	/* Too short for any header; empty. */
	write_bytes(path, "hello\n", 6);
	expect_load_fails(path, "not a .PRF file");
	write_bytes(path, "", 0);
	expect_load_fails(path, "not a .PRF file");
	/* An unknown architecture in the ELF variant. */
	d.arch = 77;
	cr_assert_eq(prf_write(path, &d), 0);
	expect_load_fails(path, "unknown architecture");
	/* Not there; a directory. */
	snprintf(path, sizeof(path), "%s/missing.PRF", dir);
	expect_load_fails(path, "No such file");
	expect_load_fails(dir, "is a directory");
	char cmd[300];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	cr_expect_eq(system(cmd), 0);
}
