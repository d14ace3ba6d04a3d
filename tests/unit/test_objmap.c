/* The object map: mapping, unmapping part or all of a range, mapping over an old one, and a
 * module closed (dlclose) and opened again elsewhere, as ld.so does them. */
#include <criterion/criterion.h>

#include "symbols/objmap.h"

static struct objmap m;

static void setup(void)
{
	objmap_init(&m);
}

static void teardown(void)
{
	objmap_free(&m);
}

TestSuite(objmap, .init = setup, .fini = teardown);

/* The object and file offset found at addr, or NULL/0. */
static const char *at(uint64_t addr, uint64_t *off)
{
	const struct objmap_range *r = objmap_find(&m, addr);
	if (!r)
		return NULL;
	*off = r->file_off + (addr - r->start);
	return objmap_object_of(&m, r)->path;
}

static void expect(uint64_t addr, const char *path, uint64_t off)
{
	uint64_t got_off = 0;
	const char *got = at(addr, &got_off);
	if (!path) {
		cr_expect_null(got, "%#lx: want nothing, got %s", addr, got ? got : "");
		return;
	}
	cr_assert(got, "%#lx: nothing, want %s", addr, path);
	cr_expect_str_eq(got, path, "%#lx", addr);
	cr_expect_eq(got_off, off, "%#lx: offset %#lx, want %#lx", addr, got_off, off);
}

Test(objmap, map_and_find)
{
	cr_assert_eq(objmap_map(&m, 0x10000, 0x3000, "/lib/libc.so.6", 0x1000, 1, 2), 0);
	cr_assert_eq(objmap_map(&m, 0x40000, 0x1000, "/prog", 0, 1, 3), 0);
	expect(0x10000, "/lib/libc.so.6", 0x1000);
	expect(0x12fff, "/lib/libc.so.6", 0x3fff);
	expect(0x13000, NULL, 0);
	expect(0xffff, NULL, 0);
	expect(0x40010, "/prog", 0x10);
	cr_expect_eq(m.nobjects, 2);
}

Test(objmap, unmap_cuts_and_keeps_history)
{
	objmap_map(&m, 0x10000, 0x4000, "/lib/a.so", 0, 1, 2);
	objmap_unmap(&m, 0x11000, 0x1000);	/* a hole in the middle */
	cr_expect_eq(m.nlive, 2);
	expect(0x10000, "/lib/a.so", 0);
	expect(0x12000, "/lib/a.so", 0x2000);
	/* the hole is remembered: an address sampled there before keeps its name */
	expect(0x11800, "/lib/a.so", 0x1800);
	objmap_unmap(&m, 0, UINT64_MAX);
	cr_expect_eq(m.nlive, 0);
	expect(0x13000, "/lib/a.so", 0x3000);
}

Test(objmap, remap_replaces)
{
	objmap_map(&m, 0x10000, 0x2000, "/lib/old.so", 0, 1, 2);
	/* MAP_FIXED over the second page: the new file there, the old one below */
	objmap_map(&m, 0x11000, 0x2000, "/lib/new.so", 0x5000, 1, 3);
	expect(0x10800, "/lib/old.so", 0x800);
	expect(0x11800, "/lib/new.so", 0x5800);
	expect(0x12800, "/lib/new.so", 0x6800);
	cr_expect_eq(m.nlive, 2);
}

Test(objmap, dlopen_dlclose_dlopen)
{
	objmap_map(&m, 0x20000, 0x1000, "/lib/mod.so", 0x1000, 1, 5);
	objmap_unmap(&m, 0x20000, 0x1000);	/* dlclose */
	expect(0x20010, "/lib/mod.so", 0x1010);	/* history */
	objmap_map(&m, 0x20000, 0x1000, "/lib/other.so", 0x1000, 1, 6);
	expect(0x20010, "/lib/other.so", 0x1010);	/* the live mapping wins */
	objmap_unmap(&m, 0x20000, 0x1000);
	expect(0x20010, "/lib/other.so", 0x1010);	/* the most recent history wins */
	/* the same module opened and closed many times keeps one history entry */
	for (int i = 0; i < 100; i++) {
		objmap_map(&m, 0x30000, 0x1000, "/lib/mod.so", 0x1000, 1, 5);
		objmap_unmap(&m, 0x30000, 0x1000);
	}
	cr_expect_leq(m.nhistory, 3);
	cr_expect_eq(m.nobjects, 2, "one object per file");
}

Test(objmap, same_path_new_inode_is_new_object)
{
	objmap_map(&m, 0x10000, 0x1000, "/tmp/x.so", 0, 1, 7);
	objmap_unmap(&m, 0x10000, 0x1000);
	objmap_map(&m, 0x10000, 0x1000, "/tmp/x.so", 0, 1, 8);	/* rebuilt between dlopens */
	cr_expect_eq(m.nobjects, 2);
	const struct objmap_range *r = objmap_find(&m, 0x10000);
	cr_assert(r);
	cr_expect_eq(objmap_object_of(&m, r)->ino, 8);
}

Test(objmap, edges)
{
	cr_expect_eq(objmap_map(&m, 0x1000, 0, "/x", 0, 0, 0), 0);
	cr_expect_eq(m.nlive, 0, "an empty mapping maps nothing");
	cr_expect_eq(objmap_map(&m, UINT64_MAX - 0xfff, 0x2000, "/top", 0, 0, 1), 0);
	expect(UINT64_MAX - 1, "/top", 0xffe);
	objmap_unmap(&m, 0, 0);
	objmap_unmap(&m, UINT64_MAX - 0x800, UINT64_MAX);
	expect(UINT64_MAX - 0x900, "/top", 0x6ff);
	cr_expect_null(objmap_find(&m, 0));
}

/* A map of what is mapped now (process.files, /proc/self/maps): an unmapped range is gone, not
 * remembered, and a range's neighbour above is found from an address below it. */
Test(objmap, forget_and_next_live)
{
	m.forget = true;
	objmap_map(&m, 0x10000, 0x2000, "/data", 0x3000, 1, 9);
	objmap_map(&m, 0x20000, 0x1000, "/other", 0, 1, 10);
	objmap_unmap(&m, 0x10000, 0x1000);
	expect(0x10000, NULL, 0);
	expect(0x11000, "/data", 0x4000);
	cr_expect_eq(m.nhistory, 0, "nothing remembered");
	const struct objmap_range *r = objmap_next_live(&m, 0x12000);
	cr_assert(r);
	cr_expect_eq(r->start, 0x20000, "the next range above a hole");
	cr_expect_null(objmap_next_live(&m, 0x21000));
	objmap_free(&m);
	cr_expect(m.forget, "objmap_free keeps the map's kind");
}
