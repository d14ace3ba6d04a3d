/* Guest memory: the map a guest and its system calls rely on. */
#include <criterion/criterion.h>
#include <errno.h>
#include <string.h>

#include "emu/gm_window.h"
#include "emu/guest_mem.h"

static struct guest_mem gm;

static void setup64(void)
{
	gm_init(&gm, 4096, 1ull << 47, false, 8);
}

static void teardown(void)
{
	gm_destroy(&gm);
}

TestSuite(guest_mem, .init = setup64, .fini = teardown);

Test(guest_mem, fresh_mapping_is_zeroed_and_readable_back)
{
	cr_assert_eq(gm_map(&gm, 0x10000, 8192, GM_PROT_READ | GM_PROT_WRITE), 0);
	uint8_t buf[8192];
	cr_assert_eq(gm_read(&gm, 0x10000, buf, sizeof(buf)), 0);
	for (size_t i = 0; i < sizeof(buf); i++)
		cr_assert_eq(buf[i], 0);
	cr_assert_eq(gm_write(&gm, 0x10ffe, "abcd", 4), 0, "a write may span two pages");
	char out[5] = { 0 };
	cr_assert_eq(gm_read(&gm, 0x10ffe, out, 4), 0);
	cr_assert_str_eq(out, "abcd");
}

Test(guest_mem, unmapped_and_forbidden_accesses_are_efault)
{
	cr_assert_eq(gm_map(&gm, 0x10000, 4096, GM_PROT_READ), 0);
	uint8_t b = 1;
	cr_assert_eq(gm_read(&gm, 0x20000, &b, 1), -EFAULT);
	cr_assert_eq(gm_write(&gm, 0x10000, &b, 1), -EFAULT, "read-only page");
	cr_assert_eq(gm_read(&gm, 0x10fff, &b, 2), -EFAULT, "runs off the end of the mapping");
	cr_assert_eq(gm_poke(&gm, 0x10000, &b, 1), 0, "the loader may write read-only pages");
	cr_assert_eq(gm_read(&gm, (1ull << 47) - 1, &b, 2), -EFAULT, "past the address limit");
	cr_assert_null(gm_host(&gm, 0x10000, 1, GM_PROT_WRITE));
	cr_assert_not_null(gm_host(&gm, 0x10000, 4096, GM_PROT_READ));
	cr_assert_null(gm_host(&gm, 0x10000, 4097, GM_PROT_READ));
}

Test(guest_mem, map_fixed_replaces_and_zeroes)
{
	cr_assert_eq(gm_map(&gm, 0x10000, 3 * 4096, GM_PROT_READ | GM_PROT_WRITE), 0);
	cr_assert_eq(gm_write(&gm, 0x10000, "xxxxxxxx", 8), 0);
	cr_assert_eq(gm_write(&gm, 0x11000, "yyyyyyyy", 8), 0);
	cr_assert_eq(gm_map(&gm, 0x11000, 4096, GM_PROT_READ), 0);
	char b[8];
	cr_assert_eq(gm_read(&gm, 0x10000, b, 8), 0);
	cr_assert_eq(memcmp(b, "xxxxxxxx", 8), 0, "pages outside the new mapping keep their bytes");
	cr_assert_eq(gm_read(&gm, 0x11000, b, 8), 0);
	cr_assert_eq(memcmp(b, "\0\0\0\0\0\0\0\0", 8), 0);
	cr_assert_eq(gm_region_count(&gm), 3);
}

Test(guest_mem, unmap_middle_splits_and_keeps_contents)
{
	cr_assert_eq(gm_map(&gm, 0x10000, 3 * 4096, GM_PROT_READ | GM_PROT_WRITE), 0);
	cr_assert_eq(gm_write(&gm, 0x12000, "tail", 4), 0);
	cr_assert_eq(gm_unmap(&gm, 0x11000, 4096), 0);
	cr_assert_eq(gm_region_count(&gm), 2);
	uint8_t b;
	cr_assert_eq(gm_read(&gm, 0x11000, &b, 1), -EFAULT);
	char t[4];
	cr_assert_eq(gm_read(&gm, 0x12000, t, 4), 0);
	cr_assert_eq(memcmp(t, "tail", 4), 0);
	cr_assert_eq(gm_unmap(&gm, 0x50000, 4096), 0, "unmapping nothing succeeds, as munmap");
	cr_assert_eq(gm_unmap(&gm, 0x10001, 4096), -EINVAL, "unaligned");
}

Test(guest_mem, protect_requires_every_page_mapped)
{
	cr_assert_eq(gm_map(&gm, 0x10000, 4096, GM_PROT_READ), 0);
	cr_assert_eq(gm_map(&gm, 0x12000, 4096, GM_PROT_READ), 0);
	cr_assert_eq(gm_protect(&gm, 0x10000, 3 * 4096, GM_PROT_READ | GM_PROT_WRITE), -ENOMEM);
	cr_assert_eq(gm_protect(&gm, 0x10000, 4096, GM_PROT_READ | GM_PROT_WRITE), 0);
	cr_assert_eq(gm_write(&gm, 0x10000, "z", 1), 0);
	cr_assert_eq(gm_write(&gm, 0x12000, "z", 1), -EFAULT);
}

struct listener_log {
	int windows, changes, code;
	uint64_t window_bytes, last_start, last_end;
	bool last_had_exec;
};

static int log_change(void *ctx, const struct gm_change *c)
{
	struct listener_log *l = ctx;
	switch (c->what) {
	case GM_WINDOW_ADDED:
		l->windows++;
		l->window_bytes += c->end - c->start;
		break;
	case GM_WINDOW_REMOVED:
		l->windows--;
		l->window_bytes -= c->end - c->start;
		break;
	case GM_PAGES_CHANGED:
		l->changes++;
		l->last_had_exec = c->had_exec;
		break;
	case GM_CODE_WRITTEN:
		l->code++;
		break;
	}
	l->last_start = c->start;
	l->last_end = c->end;
	return 0;
}

Test(guest_mem, listener_hears_windows_changes_and_code_writes)
{
	struct listener_log log = { 0 };
	cr_assert_eq(gm_map(&gm, 0x10000, 4 * 4096, GM_PROT_READ | GM_PROT_EXEC), 0);
	struct gm_listener l = { .ctx = &log, .changed = log_change };
	cr_assert_eq(gm_set_listener(&gm, &l), 0);
	cr_assert_eq(log.windows, 1, "the window there already is, announced");
	cr_assert_eq(gm_map(&gm, 0x40000, 4096, GM_PROT_READ | GM_PROT_WRITE), 0);
	cr_assert_eq(log.windows, 1, "a second mapping in the same window adds none");
	cr_assert_eq(log.changes, 0, "mapping fresh pages makes nothing stale");
	cr_assert_eq(gm_protect(&gm, 0x11000, 4096, GM_PROT_READ | GM_PROT_WRITE | GM_PROT_EXEC), 0);
	cr_assert_eq(log.changes, 1);
	cr_assert(log.last_had_exec);
	cr_assert_eq(log.last_start, 0x11000);
	cr_assert_eq(log.last_end, 0x12000);
	cr_assert_eq(gm_write(&gm, 0x11008, "ab", 2), 0);
	cr_assert_eq(log.code, 1, "profemu wrote into an executable page");
	cr_assert_eq(gm_write(&gm, 0x40000, "ab", 2), 0);
	cr_assert_eq(log.code, 1, "not code");
	gm_wrote(&gm, 0x11000, 16);
	cr_assert_eq(log.code, 2);
	gm_wrote(&gm, 0x40000, 16);
	cr_assert_eq(log.code, 2);
	cr_assert_eq(gm_unmap(&gm, 0x40000, 4096), 0);
	cr_assert_eq(log.changes, 2);
	cr_assert_not(log.last_had_exec);
	cr_assert_eq(gm_unmap(&gm, 0x80000, 4096), 0);
	cr_assert_eq(log.changes, 2, "unmapping nothing changes nothing");
}

Test(guest_mem, find_free_is_lowest_fit_and_deterministic)
{
	cr_assert_eq(gm_map(&gm, 0x100000, 4096, GM_PROT_READ), 0);
	cr_assert_eq(gm_map(&gm, 0x102000, 4096, GM_PROT_READ), 0);
	cr_assert_eq(gm_find_free(&gm, 4096, 0x100000, 0x200000), 0x101000);
	cr_assert_eq(gm_find_free(&gm, 8192, 0x100000, 0x200000), 0x103000);
	cr_assert_eq(gm_find_free(&gm, 0x200000, 0x100000, 0x200000), 0, "nothing fits");
	cr_assert(gm_is_free(&gm, 0x101000, 4096));
	cr_assert_not(gm_is_free(&gm, 0x101000, 8192));
}

Test(guest_mem, strings_stop_at_nul_fault_or_limit)
{
	cr_assert_eq(gm_map(&gm, 0x10000, 4096, GM_PROT_READ | GM_PROT_WRITE), 0);
	cr_assert_eq(gm_write(&gm, 0x10000, "hello", 6), 0);
	char s[16];
	cr_assert_eq(gm_read_str(&gm, 0x10000, s, sizeof(s)), 5);
	cr_assert_str_eq(s, "hello");
	cr_assert_eq(gm_read_str(&gm, 0x10000, s, 3), -ENAMETOOLONG);
	memset(gm_host(&gm, 0x10ff0, 16, GM_PROT_WRITE), 'a', 16);
	cr_assert_eq(gm_read_str(&gm, 0x10ff0, s, sizeof(s)), -ENAMETOOLONG);
	cr_assert_eq(gm_read_str(&gm, 0x10ff0, s, 64), -EFAULT, "runs into an unmapped page");
}

Test(guest_mem, scalars_follow_guest_byte_order)
{
	struct guest_mem be;
	gm_init(&be, 4096, 1ull << 32, true, 4);
	cr_assert_eq(gm_map(&be, 0x10000, 4096, GM_PROT_READ | GM_PROT_WRITE), 0);
	cr_assert_eq(gm_put(&be, 0x10000, 4, 0x11223344), 0);
	uint8_t raw[4];
	cr_assert_eq(gm_read(&be, 0x10000, raw, 4), 0);
	cr_assert_eq(raw[0], 0x11, "big-endian guest: most significant byte first");
	uint64_t v;
	cr_assert_eq(gm_get_word(&be, 0x10000, &v), 0);
	cr_assert_eq(v, 0x11223344);
	gm_destroy(&be);

	cr_assert_eq(gm_map(&gm, 0x10000, 4096, GM_PROT_READ | GM_PROT_WRITE), 0);
	cr_assert_eq(gm_put(&gm, 0x10000, 2, 0xabcd), 0);
	cr_assert_eq(gm_read(&gm, 0x10000, raw, 2), 0);
	cr_assert_eq(raw[0], 0xcd);
	cr_assert_eq(gm_put_word(&gm, 0x10008, 0x0102030405060708ull), 0);
	cr_assert_eq(gm_get(&gm, 0x10008, 8, &v), 0);
	cr_assert_eq(v, 0x0102030405060708ull);
}

Test(guest_mem, rejects_ranges_outside_the_address_space)
{
	cr_assert_eq(gm_map(&gm, (1ull << 47) - 4096, 8192, GM_PROT_READ), -EINVAL);
	cr_assert_eq(gm_map(&gm, 0x10000, 0, GM_PROT_READ), -EINVAL);
	cr_assert_eq(gm_map(&gm, 0x10010, 4096, GM_PROT_READ), -EINVAL);
	cr_assert_eq(gm_map(&gm, UINT64_MAX - 4095, 4096, GM_PROT_READ), -EINVAL);
}

/* ---- the region tree against a page-by-page model ------------------------------------------- */

enum { MODEL_PAGES = 192 };
#define MODEL_BASE 0x100000u

static uint32_t model_rng = 1;
static uint32_t model_next(void)
{
	model_rng = model_rng * 1103515245u + 12345u;
	return model_rng >> 8;
}

/* A page's protection in the model, or -1 when unmapped. */
static int model[MODEL_PAGES];

static bool model_free(unsigned first, unsigned n)
{
	for (unsigned i = first; i < first + n; i++)
		if (model[i] >= 0)
			return false;
	return true;
}

static void check_against_model(void)
{
	for (unsigned i = 0; i < MODEL_PAGES; i++) {
		const struct gm_region *r = gm_region_at(&gm, MODEL_BASE + i * 4096u);
		cr_assert_eq(r ? r->prot : -1, model[i], "page %u", i);
	}
	/* every free range query, both ways, against a brute-force search */
	for (unsigned len = 1; len <= 6; len++) {
		unsigned from = model_next() % MODEL_PAGES, below = from + model_next() % (MODEL_PAGES - from + 1);
		uint64_t low = 0, high = 0;
		for (unsigned a = from; a + len <= below; a++)
			if (model_free(a, len)) {
				if (!low)
					low = MODEL_BASE + a * 4096u;
				high = MODEL_BASE + a * 4096u;
			}
		cr_assert_eq(gm_find_free(&gm, len * 4096u, MODEL_BASE + from * 4096u, MODEL_BASE + below * 4096u),
			     low, "lowest fit of %u pages in [%u, %u)", len, from, below);
		cr_assert_eq(gm_find_free_top(&gm, len * 4096u, MODEL_BASE + from * 4096u,
					      MODEL_BASE + below * 4096u),
			     high, "highest fit of %u pages in [%u, %u)", len, from, below);
	}
}

Test(guest_mem, random_maps_unmaps_and_protects_agree_with_a_page_model)
{
	for (unsigned i = 0; i < MODEL_PAGES; i++)
		model[i] = -1;
	/* the pages around the model's range stay mapped, so free ranges end inside it */
	cr_assert_eq(gm_map(&gm, MODEL_BASE - 4096, 4096, GM_PROT_READ), 0);
	cr_assert_eq(gm_map(&gm, MODEL_BASE + MODEL_PAGES * 4096u, 4096, GM_PROT_READ), 0);
	for (int step = 0; step < 3000; step++) {
		unsigned first = model_next() % MODEL_PAGES, n = 1 + model_next() % 8;
		if (first + n > MODEL_PAGES)
			n = MODEL_PAGES - first;
		int prot = (int)(model_next() % 8);
		uint64_t a = MODEL_BASE + first * 4096u, len = n * 4096u;
		switch (model_next() % 3) {
		case 0:
			cr_assert_eq(gm_map(&gm, a, len, prot), 0);
			for (unsigned i = first; i < first + n; i++)
				model[i] = prot;
			break;
		case 1:
			cr_assert_eq(gm_unmap(&gm, a, len), 0);
			for (unsigned i = first; i < first + n; i++)
				model[i] = -1;
			break;
		default: {
			bool all = true;
			for (unsigned i = first; i < first + n; i++)
				all &= model[i] >= 0;
			cr_assert_eq(gm_protect(&gm, a, len, prot), all ? 0 : -ENOMEM);
			for (unsigned i = first; all && i < first + n; i++)
				model[i] = prot;
		}
		}
		if (step % 10 == 0)
			check_against_model();
	}
}

/* The tree stays an AVL tree (height within 1.45 log2 n), so every operation is O(log n). */
static int tree_height(const struct gm_node *n)
{
	if (!n)
		return 0;
	int l = tree_height(n->left), r = tree_height(n->right);
	cr_assert(l - r <= 1 && r - l <= 1, "balanced");
	return 1 + (l > r ? l : r);
}

Test(guest_mem, one_hundred_thousand_regions_keep_the_tree_shallow)
{
	/* alternate protections: nothing merges */
	for (uint64_t i = 0; i < 100000; i++)
		cr_assert_eq(gm_map(&gm, 0x10000000 + i * 4096, 4096, i & 1 ? GM_PROT_READ : GM_PROT_NONE), 0);
	cr_assert_eq(gm_region_count(&gm), 100000);
	cr_assert_leq(tree_height(gm.regions.root), 25, "1.45 log2(100000) = 24.1");
	for (uint64_t i = 0; i < 100000; i += 2)
		cr_assert_eq(gm_unmap(&gm, 0x10000000 + i * 4096, 4096), 0);
	cr_assert_eq(gm_region_count(&gm), 50000);
	cr_assert_leq(tree_height(gm.regions.root), 23);
	cr_assert_eq(gm_find_free(&gm, 4096, 0x10000000, 0x40000000), 0x10000000);
	cr_assert_eq(gm_find_free(&gm, 8192, 0x10000000, 0x40000000), 0x10000000 + 100000 * 4096);
	cr_assert_eq(gm_find_free(&gm, 8192, 0x10000000, 0x20000000), 0, "only single pages are free below");
	cr_assert_eq(gm_find_free_top(&gm, 4096, 0x10000000, 0x10000000 + 100000 * 4096),
		     0x10000000 + 99998 * 4096);
}

/* ---- windows -------------------------------------------------------------------------------- */

Test(guest_mem, a_guest_page_lives_at_its_window_host_address)
{
	cr_assert_eq(gm_map(&gm, 0x7ff000000000, 8192, GM_PROT_READ | GM_PROT_WRITE), 0);
	const struct gm_window *w = gm_window_at(&gm, 0x7ff000001000);
	cr_assert_not_null(w);
	cr_assert_eq(gm_host(&gm, 0x7ff000001000, 1, GM_PROT_READ), w->host + (0x7ff000001000 - w->start));
	cr_assert_eq(gm_map(&gm, 0x7ff000002000, 4096, GM_PROT_READ), 0);
	cr_assert_eq(gm_host(&gm, 0x7ff000001000, 8192, GM_PROT_READ), w->host + (0x7ff000001000 - w->start),
		     "two regions of a window side by side are one host range");
	cr_assert_null(gm_host(&gm, 0x7ff000001000, 8192, GM_PROT_WRITE), "the second is read-only");
}

Test(guest_mem, mappings_across_windows_join_them_and_keep_the_bytes)
{
	uint64_t g = UINT64_C(1) << 36;
	cr_assert_eq(gm_map(&gm, 5 * g - 4096, 4096, GM_PROT_READ | GM_PROT_WRITE), 0);
	cr_assert_eq(gm_map(&gm, 6 * g + 8192, 4096, GM_PROT_READ | GM_PROT_WRITE), 0);
	cr_assert_eq(gm_write(&gm, 5 * g - 8, "before", 6), 0);
	cr_assert_eq(gm_write(&gm, 6 * g + 8192, "after", 5), 0);
	cr_assert_eq(gm.nwindows, 2);
	struct listener_log log = { 0 };
	struct gm_listener l = { .ctx = &log, .changed = log_change };
	cr_assert_eq(gm_set_listener(&gm, &l), 0);
	/* a mapping from the first window over the whole granule between into the second */
	cr_assert_eq(gm_map(&gm, 5 * g - 4 * 4096, g + 5 * 4096, GM_PROT_READ), 0);
	cr_assert_eq(gm.nwindows, 1, "one window now");
	cr_assert_eq(log.windows, 1);
	cr_assert_eq(log.window_bytes, 3 * g, "the listener holds exactly the window there is");
	char b[6];
	cr_assert_eq(gm_read(&gm, 5 * g - 8, b, 6), 0);
	cr_assert_eq(memcmp(b, "\0\0\0\0\0\0", 6), 0, "mapped over: zero");
	cr_assert_eq(gm_read(&gm, 6 * g + 8192, b, 5), 0);
	cr_assert_eq(memcmp(b, "after", 5), 0, "the other window's page moved with its bytes");
	uint8_t *h = gm_host(&gm, 6 * g + 8192, 5, GM_PROT_READ);
	cr_assert_eq(h, gm.windows[0].host + (6 * g + 8192 - gm.windows[0].start));
}

Test(guest_mem, a_hundred_gigabyte_mapping_reserves_no_memory)
{
	uint64_t len = UINT64_C(100000000000);
	uint64_t a = gm_find_free_top(&gm, len, 0x100000000000, 0x7ff000000000);
	cr_assert_neq(a, 0);
	cr_assert_eq(gm_map(&gm, a, len, GM_PROT_READ | GM_PROT_WRITE), 0);
	cr_assert_eq(gm_put(&gm, a + len - 8, 8, 42), 0);
	uint64_t v;
	cr_assert_eq(gm_get(&gm, a + len - 8, 8, &v), 0);
	cr_assert_eq(v, 42);
	cr_assert_eq(gm_unmap(&gm, a, len), 0);
	cr_assert_eq(gm_get(&gm, a + len - 8, 8, &v), -EFAULT);
}
