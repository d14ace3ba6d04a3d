/* The symbolizer on real objects built here with gcc, checked against binutils (nm, addr2line:
 * an oracle independent of elfutils): names and lines from the object's own DWARF; .dynsym
 * alone; a separate debug file found by build-id under a sysroot, laid out as Debian's -dbgsym
 * packages lay it out; and the fallbacks: corrupt and truncated DWARF, a debug file whose
 * build-id does not match, an object deleted after it was mapped, an object that is not ELF.
 * Each bad case must still give names, with exactly one warning line for the object. */
#include <criterion/criterion.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "symbols/symbolizer.h"
#include "sh_testutil.h"

#define BASE 0x7f0000000000ull

static char dir[] = "/tmp/profemu-symbolizer-XXXXXX";
static bool have_tools;

static const char lib_src[] =
	"static volatile int sink;\n"
	"__attribute__((noinline)) static int sym_helper(int x)\n"
	"{\n"
	"	return x * 3 + sink;\n"
	"}\n"
	"int sym_work(int n)\n"
	"{\n"
	"	int t = 0;\n"
	"	for (int i = 0; i < n; i++)\n"
	"		t += sym_helper(i);\n"
	"	return t;\n"
	"}\n";

/* The first line a command prints. */
static bool sh_line(char *out, size_t len, const char *cmd)
{
	FILE *f = popen(cmd, "r");
	if (!f)
		return false;
	bool ok = fgets(out, (int)len, f) != NULL;
	pclose(f);
	if (ok)
		out[strcspn(out, "\n")] = 0;
	return ok && *out;
}

static void build(void)
{
	cr_assert(mkdtemp(dir));
	have_tools = sh("command -v gcc objcopy nm addr2line readelf >/dev/null") == 0;
	if (!have_tools)
		return;
	FILE *f = fopen(strcat(strcpy((char[256]){0}, dir), "/lib.c"), "w");
	cr_assert(f);
	fputs(lib_src, f);
	fclose(f);
	cr_assert_eq(sh("cd %s && gcc -g -O1 -fPIC -shared -Wl,--build-id -o full.so lib.c &&"
			" gcc -g -O1 -fPIC -shared -Wl,--build-id -DOTHER=1 -o other.so lib.c -Dsink=sink2 &&"
			" cp full.so stripped.so && strip --strip-all stripped.so", dir), 0);
}

static void cleanup(void)
{
	if (dir[strlen(dir) - 1] != 'X')
		sh("rm -rf %s", dir);
}

TestSuite(symbolizer, .init = build, .fini = cleanup);

/* nm's address of a symbol in dir/obj. */
static uint64_t nm_addr(const char *obj, const char *sym)
{
	char cmd[1024], line[256];
	snprintf(cmd, sizeof(cmd), "nm %s/%s | awk '$3 == \"%s\" { print $1 }'", dir, obj, sym);
	cr_assert(sh_line(line, sizeof(line), cmd), "nm: no %s in %s", sym, obj);
	return strtoull(line, NULL, 16);
}

static uint64_t nm_dyn_addr(const char *obj, const char *sym)
{
	char cmd[1024], line[256];
	snprintf(cmd, sizeof(cmd), "nm -D %s/%s | awk '$3 == \"%s\" { print $1 }'", dir, obj, sym);
	cr_assert(sh_line(line, sizeof(line), cmd), "nm -D: no %s in %s", sym, obj);
	return strtoull(line, NULL, 16);
}

/* addr2line's line of a link-time address in dir/obj. */
static unsigned addr2line(const char *obj, uint64_t addr)
{
	char cmd[1024], line[1024];
	snprintf(cmd, sizeof(cmd), "addr2line -e %s/%s 0x%lx", dir, obj, (unsigned long)addr);
	cr_assert(sh_line(line, sizeof(line), cmd));
	const char *colon = strrchr(line, ':');
	return colon ? (unsigned)strtoul(colon + 1, NULL, 10) : 0;
}

/* Maps dir/obj whole at BASE (file offset 0) and returns a symbolizer whose warnings go to a
 * temporary file, rewound by warnings(). */
static struct objmap map;
static FILE *warnings_file;

static struct symbolizer *open_one(const char *obj, const char *sysroot)
{
	char path[512];
	snprintf(path, sizeof(path), "%s/%s", dir, obj);
	struct stat st;
	cr_assert_eq(stat(path, &st), 0, "%s", path);
	objmap_init(&map);
	cr_assert_eq(objmap_map(&map, BASE, ((uint64_t)st.st_size + 0xfff) & ~0xfffull, path, 0,
				st.st_dev, st.st_ino), 0);
	warnings_file = tmpfile();
	cr_assert(warnings_file);
	struct symbolizer *s = symbolizer_new(&map, sysroot, UINT64_MAX, warnings_file);
	cr_assert(s);
	return s;
}

static int warnings(char *first, size_t len)
{
	rewind(warnings_file);
	int n = 0;
	char line[1024];
	*first = 0;
	while (fgets(line, sizeof(line), warnings_file)) {
		if (n++ == 0)
			snprintf(first, len, "%s", line);
	}
	return n;
}

static void close_one(struct symbolizer *s)
{
	symbolizer_free(s);
	objmap_free(&map);
	fclose(warnings_file);
}

static void expect_func(struct symbolizer *s, uint64_t link, const char *name, uint64_t start)
{
	struct sym_loc loc;
	symbolizer_lookup(s, BASE + link, &loc);
	cr_expect(loc.named, "%#lx: not named (%s)", link, loc.func);
	cr_expect_str_eq(loc.func, name, "%#lx", link);
	cr_expect_eq(loc.func_start, BASE + start);
}

#define NEED_TOOLS()                                                                    \
	do {                                                                            \
		if (!have_tools)                                                        \
			cr_skip_test("gcc, objcopy or binutils missing");               \
	} while (0)

Test(symbolizer, own_dwarf_names_and_lines)
{
	NEED_TOOLS();
	uint64_t work = nm_addr("full.so", "sym_work"), helper = nm_addr("full.so", "sym_helper");
	struct symbolizer *s = open_one("full.so", NULL);
	expect_func(s, work + 2, "sym_work", work);
	expect_func(s, helper, "sym_helper", helper);
	struct sym_loc loc;
	symbolizer_lookup(s, BASE + work, &loc);
	cr_expect_eq(loc.line, addr2line("full.so", work));
	cr_assert(loc.file);
	cr_expect(strstr(loc.file, "/lib.c") && loc.file[0] == '/', "file %s", loc.file);
	cr_expect_str_eq(symbolizer_short_name(loc.object), "full.so");
	char w[1024];
	cr_expect_eq(warnings(w, sizeof(w)), 0, "%s", w);
	close_one(s);
}

Test(symbolizer, dynsym_alone)
{
	NEED_TOOLS();
	uint64_t work = nm_dyn_addr("stripped.so", "sym_work");
	struct symbolizer *s = open_one("stripped.so", NULL);
	expect_func(s, work + 1, "sym_work", work);
	struct sym_loc loc;
	symbolizer_lookup(s, BASE + work, &loc);
	cr_expect_null(loc.file);
	/* the static helper is in no table: the object and offset name it */
	uint64_t helper = nm_addr("full.so", "sym_helper");
	symbolizer_lookup(s, BASE + helper, &loc);
	if (!loc.named) {
		char want[64];
		snprintf(want, sizeof(want), "stripped.so+0x%lx", (unsigned long)helper);
		cr_expect_str_eq(loc.func, want);
	}
	char w[1024];
	cr_expect_eq(warnings(w, sizeof(w)), 0, "%s", w);
	close_one(s);
}

/* The build-id's path under root/usr/lib/debug, as a -dbgsym package installs it. */
static void dbgsym_path(const char *obj, char *out, size_t len)
{
	char cmd[1024], id[256];
	snprintf(cmd, sizeof(cmd), "readelf -n %s/%s | awk '/Build ID/ { print $3 }'", dir, obj);
	cr_assert(sh_line(id, sizeof(id), cmd));
	snprintf(out, len, "%s/root/usr/lib/debug/.build-id/%.2s/%s.debug", dir, id, id + 2);
}

Test(symbolizer, debug_file_by_build_id_under_sysroot)
{
	NEED_TOOLS();
	char dbg[1024];
	dbgsym_path("stripped.so", dbg, sizeof(dbg));
	cr_assert_eq(sh("mkdir -p $(dirname %s) && objcopy --only-keep-debug %s/full.so %s", dbg, dir,
			dbg), 0);
	uint64_t helper = nm_addr("full.so", "sym_helper");
	char root[512];
	snprintf(root, sizeof(root), "%s/root", dir);
	struct symbolizer *s = open_one("stripped.so", root);
	expect_func(s, helper + 1, "sym_helper", helper);	/* from the debug file's .symtab */
	struct sym_loc loc;
	symbolizer_lookup(s, BASE + helper, &loc);
	cr_expect_eq(loc.line, addr2line("full.so", helper));
	char w[1024];
	cr_expect_eq(warnings(w, sizeof(w)), 0, "%s", w);
	close_one(s);
	sh("rm -rf %s/root", dir);
}

/* Every lookup of a bad object still names sym_work (from its symbols), and the object got
 * exactly one warning line, containing `what`. */
static void expect_fallback(const char *obj, const char *sysroot, const char *what)
{
	struct symbolizer *s = open_one(obj, sysroot);
	uint64_t work = nm_dyn_addr("full.so", "sym_work");
	for (int i = 0; i < 4; i++) {
		struct sym_loc loc;
		symbolizer_lookup(s, BASE + work + (uint64_t)i, &loc);
		cr_expect_str_eq(loc.func, "sym_work");
		cr_expect_null(loc.file, "no line from bad DWARF");
	}
	char w[1024];
	cr_expect_eq(warnings(w, sizeof(w)), 1, "one warning line, got: %s", w);
	cr_expect(strstr(w, what), "warning %s should say %s", w, what);
	close_one(s);
}

/* Overwrites a section's bytes (or cuts the file in it) with python3-free tools: dd at the
 * offset readelf gives. */
static void damage(const char *obj, const char *section, bool truncate_there)
{
	char cmd[1024], off[64];
	cr_assert_eq(sh("cp %s/full.so %s/%s", dir, dir, obj), 0);
	snprintf(cmd, sizeof(cmd), "readelf -SW %s/%s | sed 's/^ *\\[ *[0-9]*\\] *//' |"
		 " awk '$1 == \"%s\" { print $4 }'", dir, obj, section);
	cr_assert(sh_line(off, sizeof(off), cmd), "no %s", section);
	unsigned long at = strtoul(off, NULL, 16);
	if (truncate_there)
		cr_assert_eq(sh("truncate -s %lu %s/%s", at + 8, dir, obj), 0);
	else
		cr_assert_eq(sh("head -c 64 /dev/urandom | tr '\\000' '\\377' |"
				" dd of=%s/%s bs=1 seek=%lu conv=notrunc status=none", dir, obj, at), 0);
}

Test(symbolizer, corrupt_dwarf_falls_back)
{
	NEED_TOOLS();
	damage("corrupt.so", ".debug_line", false);
	expect_fallback("corrupt.so", NULL, "DWARF");
}

Test(symbolizer, corrupt_debug_info_falls_back)
{
	NEED_TOOLS();
	damage("corrupt_info.so", ".debug_info", false);
	expect_fallback("corrupt_info.so", NULL, "DWARF");
}

Test(symbolizer, debug_file_with_other_build_id)
{
	NEED_TOOLS();
	char dbg[1024], root[512];
	dbgsym_path("stripped.so", dbg, sizeof(dbg));
	/* other.so's debug file where stripped.so's belongs */
	cr_assert_eq(sh("mkdir -p $(dirname %s) && objcopy --only-keep-debug %s/other.so %s", dbg, dir,
			dbg), 0);
	snprintf(root, sizeof(root), "%s/root", dir);
	expect_fallback("stripped.so", root, "does not match");
	sh("rm -rf %s/root", dir);
}

Test(symbolizer, deleted_after_mapping)
{
	NEED_TOOLS();
	cr_assert_eq(sh("cp %s/full.so %s/gone.so", dir, dir), 0);
	struct symbolizer *s = open_one("gone.so", NULL);
	sh("rm %s/gone.so", dir);
	struct sym_loc loc;
	for (int i = 0; i < 3; i++) {
		symbolizer_lookup(s, BASE + 0x1234, &loc);
		cr_expect_str_eq(loc.func, "gone.so+0x1234");
		cr_expect_str_eq(symbolizer_short_name(loc.object), "gone.so");
	}
	char w[1024];
	cr_expect_eq(warnings(w, sizeof(w)), 1, "%s", w);
	cr_expect(strstr(w, "deleted"), "%s", w);
	close_one(s);
}

Test(symbolizer, not_elf_and_truncated)
{
	NEED_TOOLS();
	cr_assert_eq(sh("cd %s && echo 'not an object' > text.so && head -c 100 full.so > cut.so", dir), 0);
	const char *objs[] = { "text.so", "cut.so" };
	for (int k = 0; k < 2; k++) {
		struct symbolizer *s = open_one(objs[k], NULL);
		struct sym_loc loc;
		symbolizer_lookup(s, BASE + 0x10, &loc);
		char want[64];
		snprintf(want, sizeof(want), "%s+0x10", objs[k]);
		cr_expect_str_eq(loc.func, want);
		symbolizer_lookup(s, BASE + 0x20, &loc);
		char w[1024];
		cr_expect_eq(warnings(w, sizeof(w)), 1, "%s", w);
		close_one(s);
	}
}

Test(symbolizer, outside_every_object)
{
	objmap_init(&map);
	struct symbolizer *s = symbolizer_new(&map, "/", UINT32_MAX, NULL);
	struct sym_loc loc;
	symbolizer_lookup(s, 0x1234abcdull | (1ull << 40), &loc);
	cr_expect_str_eq(loc.func, "0x1234abcd", "the guest's address width");
	cr_expect_null(loc.object);
	symbolizer_free(s);
	objmap_free(&map);
}
