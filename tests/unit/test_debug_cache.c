/* The cache of uncompressed debug files (symbols/debug_cache.h), on a debug file made here as
 * Debian's -dbgsym packages make theirs (objcopy --only-keep-debug, .debug_* compressed), with
 * binutils' readelf as the oracle: the copy's decoded line table and symbols are the
 * original's, and it has no compressed section. Then what a user relies on: a later run takes
 * the same file without writing it again; a copy cut short, another build-id, a debug file
 * that is not compressed and a cache that cannot be written give no copy (the caller keeps
 * the original). debug_cache_find takes a copy that is there and writes none. */
#include <criterion/criterion.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "symbols/debug_cache.h"
#include "sh_testutil.h"

static char dir[] = "/tmp/profemu-debug-cache-XXXXXX";
static bool have_tools;
static unsigned char id[64];
static size_t idlen;
static char hex[129];

/* A shell test that exits 0 when readelf lists a compressed section (flag C) in the file. */
#define HAS_COMPRESSED "readelf -SW %s | awk '/^ +\\[ *[0-9]+\\]/ && $0 ~ / [A-Za-z]*C[A-Za-z]* +[0-9]+ +[0-9]+ +[0-9]+$/ {n++} END {exit n ? 0 : 1}'"

static void build(void)
{
	cr_assert(mkdtemp(dir));
	have_tools = sh("command -v gcc objcopy readelf >/dev/null") == 0;
	if (!have_tools)
		return;
	cr_assert_eq(sh("cd %s && printf 'static volatile int s;\\nint f(int n)\\n{\\n\\tint t = 0;\\n"
			"\\tfor (int i = 0; i < n; i++)\\n\\t\\tt += i * s;\\n\\treturn t;\\n}\\n' > lib.c &&"
			" gcc -g -O1 -fPIC -shared -Wl,--build-id -o lib.so lib.c &&"
			" objcopy --only-keep-debug --compress-debug-sections=zlib lib.so z.debug &&"
			" objcopy --only-keep-debug lib.so plain.debug &&"
			" readelf -n lib.so | awk '/Build ID/ {print $3}' > id", dir), 0);
	char path[300];
	snprintf(path, sizeof(path), "%s/id", dir);
	FILE *f = fopen(path, "r");
	cr_assert(f);
	cr_assert(fgets(hex, sizeof(hex), f));
	fclose(f);
	hex[strcspn(hex, "\n")] = 0;
	for (idlen = 0; hex[2 * idlen] && hex[2 * idlen + 1]; idlen++)
		cr_assert_eq(sscanf(hex + 2 * idlen, "%2hhx", &id[idlen]), 1);
	cr_assert_gt(idlen, 8);
	char z[300];
	snprintf(z, sizeof(z), "%s/z.debug", dir);
	cr_assert_eq(sh(HAS_COMPRESSED, z), 0, "objcopy compressed nothing");
}

static void cleanup(void)
{
	if (dir[strlen(dir) - 1] != 'X')
		sh("rm -rf %s", dir);
}

TestSuite(debug_cache, .init = build, .fini = cleanup);

#define NEED_TOOLS()                                                               \
	do {                                                                       \
		if (!have_tools)                                                   \
			cr_skip_test("gcc, objcopy or readelf missing");           \
	} while (0)

/* debug_cache_open with XDG_CACHE_HOME set to cache (under dir), on dir/file. */
static int open_in(const char *cache, const char *file, const unsigned char *with_id)
{
	char xdg[300], path[300];
	snprintf(xdg, sizeof(xdg), "%s/%s", dir, cache);
	snprintf(path, sizeof(path), "%s/%s", dir, file);
	cr_assert_eq(setenv("XDG_CACHE_HOME", xdg, 1), 0);
	return debug_cache_open(path, with_id, idlen);
}

static void copy_path(char *out, size_t len, const char *cache)
{
	snprintf(out, len, "%s/%s/profemu/%s.debug", dir, cache, hex);
}

/* The copy of z.debug made in a new cache: its path and what stat says of it. */
static void make_copy(const char *cache, char *copy, size_t len, struct stat *st)
{
	copy_path(copy, len, cache);
	int fd = open_in(cache, "z.debug", id);
	cr_assert_geq(fd, 0, "no copy made");
	close(fd);
	cr_assert_eq(stat(copy, st), 0);
}

Test(debug_cache, copy_has_the_lines_and_symbols_uncompressed)
{
	NEED_TOOLS();
	char copy[400];
	struct stat st;
	make_copy("c1", copy, sizeof(copy), &st);
	cr_assert_eq(sh(HAS_COMPRESSED, copy), 1 << 8, "a section is still compressed");
	cr_assert_eq(sh("cd %s && readelf --debug-dump=decodedline z.debug | tail -n +3 > z.lines &&"
			" readelf --debug-dump=decodedline %s | tail -n +3 > c.lines &&"
			" grep -q lib.c c.lines && cmp -s z.lines c.lines", dir, copy), 0,
		     "the copy's line table differs from the original's");
	cr_assert_eq(sh("cd %s && readelf -sW z.debug > z.syms && readelf -sW %s > c.syms &&"
			" cmp -s z.syms c.syms && readelf -lW z.debug > z.ph 2>/dev/null;"
			" readelf -lW %s > c.ph 2>/dev/null; grep LOAD z.ph > z.load; grep LOAD c.ph > c.load;"
			" cmp -s z.load c.load", dir, copy, copy), 0,
		     "the copy's symbols or segments differ from the original's");
	/* the sections that hold no bytes (the object's code and data) keep their addresses and
	 * sizes, which libdwfl's symbol lookups go by */
	cr_assert_eq(sh("cd %s && for f in z.debug %s; do readelf -SW $f | sed -n 's/^ *\\[ *[0-9]*\\] //p' |"
			" awk '$2 == \"NOBITS\" {print $1, $3, $5}' > $(basename $f).nobits; done &&"
			" grep -q text z.debug.nobits && cmp -s z.debug.nobits $(basename %s).nobits", dir, copy,
			copy), 0, "the copy's SHT_NOBITS sections differ from the original's");
}

Test(debug_cache, later_run_takes_the_copy_unwritten)
{
	NEED_TOOLS();
	char copy[400];
	struct stat a, b;
	make_copy("c2", copy, sizeof(copy), &a);
	int fd = open_in("c2", "z.debug", id);
	cr_assert_geq(fd, 0);
	struct stat f;
	cr_assert_eq(fstat(fd, &f), 0);
	close(fd);
	cr_assert_eq(stat(copy, &b), 0);
	cr_assert_eq(a.st_ino, b.st_ino, "the copy was written again");
	cr_assert_eq(f.st_ino, b.st_ino, "the descriptor is not the copy's");
	cr_assert_eq(sh("ls -A %s/c2/profemu | grep -c . | grep -qx 1", dir), 0,
		     "more than the copy in the cache (a temporary file left?)");
}

Test(debug_cache, copy_cut_short_is_written_again)
{
	NEED_TOOLS();
	char copy[400];
	struct stat a, b;
	make_copy("c3", copy, sizeof(copy), &a);
	cr_assert_eq(truncate(copy, a.st_size - 100), 0);
	int fd = open_in("c3", "z.debug", id);
	cr_assert_geq(fd, 0);
	close(fd);
	cr_assert_eq(stat(copy, &b), 0);
	cr_assert_eq(b.st_size, a.st_size, "the cut copy was used or not made again");
}

Test(debug_cache, no_copy_for_another_build_id_a_plain_file_or_no_cache)
{
	NEED_TOOLS();
	unsigned char other[64];
	memcpy(other, id, idlen);
	other[0] ^= 1;
	cr_assert_eq(open_in("c4", "z.debug", other), -1, "a copy for another build-id");
	cr_assert_eq(open_in("c4", "plain.debug", id), -1, "a copy of an uncompressed file");
	cr_assert_eq(sh("test -e %s/c4/profemu/%s.debug", dir, hex), 1 << 8, "a copy was written");
	/* a cache "directory" that is a file: nothing can be written */
	cr_assert_eq(sh("touch %s/c5", dir), 0);
	cr_assert_eq(open_in("c5", "z.debug", id), -1, "a copy where the cache cannot be made");
	cr_assert_eq(open_in("c6", "missing.debug", id), -1);
}

/* What names alone use (a run of --folded): an existing copy, and none written. */
Test(debug_cache, find_takes_a_copy_and_writes_none)
{
	NEED_TOOLS();
	char xdg[300], path[300], copy[400];
	snprintf(xdg, sizeof(xdg), "%s/c7", dir);
	snprintf(path, sizeof(path), "%s/z.debug", dir);
	cr_assert_eq(setenv("XDG_CACHE_HOME", xdg, 1), 0);
	cr_assert_eq(debug_cache_find(path, id, idlen), -1, "a copy found in an empty cache");
	copy_path(copy, sizeof(copy), "c7");
	cr_assert_eq(sh("test -e %s", copy), 1 << 8, "debug_cache_find wrote a copy");
	struct stat a, f;
	make_copy("c7", copy, sizeof(copy), &a);
	cr_assert_eq(setenv("XDG_CACHE_HOME", xdg, 1), 0);
	int fd = debug_cache_find(path, id, idlen);
	cr_assert_geq(fd, 0, "the copy there is not found");
	cr_assert_eq(fstat(fd, &f), 0);
	close(fd);
	cr_assert_eq(f.st_ino, a.st_ino, "the descriptor is not the copy's");
}
