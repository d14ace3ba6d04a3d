/* Guest memory: the map a guest and its system calls rely on. */
#include <criterion/criterion.h>
#include <errno.h>
#include <string.h>

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
	cr_assert_eq(gm.count, 3);
}

Test(guest_mem, unmap_middle_splits_and_keeps_contents)
{
	cr_assert_eq(gm_map(&gm, 0x10000, 3 * 4096, GM_PROT_READ | GM_PROT_WRITE), 0);
	cr_assert_eq(gm_write(&gm, 0x12000, "tail", 4), 0);
	cr_assert_eq(gm_unmap(&gm, 0x11000, 4096), 0);
	cr_assert_eq(gm.count, 2);
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
	int added, removed;
	uint64_t mapped_bytes;
};

static int log_added(void *ctx, const struct gm_region *r)
{
	struct listener_log *l = ctx;
	l->added++;
	l->mapped_bytes += r->end - r->start;
	return 0;
}

static int log_removed(void *ctx, const struct gm_region *r)
{
	struct listener_log *l = ctx;
	l->removed++;
	l->mapped_bytes -= r->end - r->start;
	return 0;
}

Test(guest_mem, listener_sees_whole_regions_and_stays_in_step)
{
	struct listener_log log = { 0 };
	struct gm_listener l = { .ctx = &log, .added = log_added, .removed = log_removed };
	gm_set_listener(&gm, &l);
	cr_assert_eq(gm_map(&gm, 0x10000, 4 * 4096, GM_PROT_READ), 0);
	cr_assert_eq(gm_protect(&gm, 0x11000, 4096, GM_PROT_READ | GM_PROT_WRITE), 0);
	cr_assert_eq(gm_unmap(&gm, 0x13000, 4096), 0);
	uint64_t total = 0;
	for (size_t i = 0; i < gm.count; i++)
		total += gm.regions[i].end - gm.regions[i].start;
	cr_assert_eq(log.mapped_bytes, total, "the mirror holds exactly the regions the map holds");
	cr_assert_eq(log.mapped_bytes, 3 * 4096);
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
