/* Symbols: lookups by address and by name in real programs, checked against nm's listing;
 * .dynsym when .symtab is stripped; bias for position-independent programs; and files that
 * are not ELF or are damaged, which must give NULL or a table, never a crash. */
#include <criterion/criterion.h>

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "loader/loader.h"
#include "../fixtures/fixtures.h"

static struct symtab *load(const char *name, uint64_t bias)
{
	char path[4096];
	struct symtab *st = symtab_load(fixture_path(name, path, sizeof(path)), bias);
	cr_assert(st, "no symbols from %s", path);
	return st;
}

static void nm_of(const char *name, const char *sym, uint64_t *addr, uint64_t *size)
{
	cr_assert(fixture_nm(name, sym, addr, size), "%s not in %s.nm", sym, name);
}

static void expect_at(const struct symtab *st, uint64_t addr, const char *name, uint64_t offset)
{
	uint64_t off = ~0ull;
	const char *got = symtab_lookup(st, addr, &off);
	cr_assert(got, "nothing at %#lx, want %s+%#lx", addr, name, offset);
	cr_expect_str_eq(got, name, "at %#lx", addr);
	cr_expect_eq(off, offset, "at %#lx: %s+%#lx, want +%#lx", addr, got, off, offset);
}

/* main and fixture_work at their start, inside and at their last byte; by name too. */
static void check_program(const char *nm_name, const char *load_name, uint64_t bias)
{
	struct symtab *st = load(load_name, bias);
	uint64_t main_at, main_size, work_at, work_size;
	nm_of(nm_name, "main", &main_at, &main_size);
	nm_of(nm_name, "fixture_work", &work_at, &work_size);
	cr_assert(main_size > 4 && work_size > 4);
	expect_at(st, main_at + bias, "main", 0);
	expect_at(st, main_at + bias + 3, "main", 3);
	expect_at(st, main_at + bias + main_size - 1, "main", main_size - 1);
	expect_at(st, work_at + bias, "fixture_work", 0);
	expect_at(st, work_at + bias + work_size / 2, "fixture_work", work_size / 2);
	cr_expect_eq(symtab_find(st, "main"), main_at + bias);
	cr_expect_eq(symtab_find(st, "fixture_work"), work_at + bias);
	cr_expect_eq(symtab_find(st, "no_such_symbol_anywhere"), 0);
	symtab_free(st);
}

Test(symbols, static64)
{
	check_program("static64", "static64", 0);
}

Test(symbols, static32)
{
	check_program("static32", "static32", 0);
}

Test(symbols, staticpie64_biased)
{
	check_program("staticpie64", "staticpie64", addr_layout_for(CPU_ARCH_X86_64)->exec_base);
}

Test(symbols, dynsym_when_stripped)
{
	/* dyn64 is linked -rdynamic, so main and fixture_work are in .dynsym too. */
	check_program("dyn64", "dyn64_stripped", addr_layout_for(CPU_ARCH_X86_64)->exec_base);
}

Test(symbols, glibc_profil)
{
	const char *names[] = { "static64", "static32" };
	for (int i = 0; i < 2; i++) {
		struct symtab *st = load(names[i], 0);
		uint64_t at, size;
		nm_of(names[i], "profil", &at, &size);
		cr_expect_eq(symtab_find(st, "profil"), at);
		cr_expect_eq(symtab_find(st, "__profil"), at, "profil is an alias of __profil");
		/* Either name is a fine answer for an address inside it. */
		const char *got = symtab_lookup(st, at + 1, NULL);
		cr_expect(got && strstr(got, "profil"), "%s", got ? got : "(null)");
		symtab_free(st);
	}
}

Test(symbols, outside_code)
{
	struct symtab *st = load("static64", 0);
	uint64_t data_at, size;
	nm_of("static64", "fixture_data", &data_at, &size);
	/* Data is found by name but is no function. */
	cr_expect_eq(symtab_find(st, "fixture_data"), data_at);
	cr_expect_null(symtab_lookup(st, data_at, NULL));
	cr_expect_null(symtab_lookup(st, 0x1000, NULL));
	cr_expect_null(symtab_lookup(st, UINT64_MAX, NULL));
	symtab_free(st);
	cr_expect_null(symtab_lookup(NULL, 0x401000, NULL));
	cr_expect_eq(symtab_find(NULL, "main"), 0);
	symtab_free(NULL);
}

Test(symbols, not_elf)
{
	cr_expect_null(symtab_load("/nonexistent/file", 0));
	cr_expect_null(symtab_load(".", 0));
	cr_expect_null(symtab_load("/dev/null", 0));
	cr_expect_null(symtab_load(NULL, 0));
	char path[4096];
	/* A relocatable object: whatever it gives, it must not crash. */
	struct symtab *st = symtab_load(fixture_path("obj64", path, sizeof(path)), 0);
	symtab_lookup(st, 0, NULL);
	symtab_free(st);
}

/* Damaged copies of a program, written to a file since symtab_load reads files. */
static void try_damaged(const uint8_t *data, size_t size)
{
	char path[] = "/tmp/profemu-sym-XXXXXX";
	int fd = mkstemp(path);
	cr_assert(fd >= 0);
	cr_assert_eq(write(fd, data, size), (ssize_t)size);
	close(fd);
	struct symtab *st = symtab_load(path, 0);
	unlink(path);
	if (st) {
		for (uint64_t a = 0x400000; a < 0x500000; a += 0x777)
			symtab_lookup(st, a, NULL);
		symtab_find(st, "main");
		symtab_free(st);
	}
}

Test(symbols, damaged_files)
{
	char path[4096];
	size_t size = 0;
	uint8_t *orig = fixture_read_file(fixture_path("static64", path, sizeof(path)), &size);
	cr_assert(orig);
	/* Truncations, where the section headers and tables are (the end of the file). */
	for (size_t cut = 0; cut < size; cut += size / 40)
		try_damaged(orig, cut);
	for (size_t cut = size - 4096; cut < size; cut += 97)
		try_damaged(orig, cut);
	/* Random bytes in the section headers and the tables before them. */
	uint8_t *b = malloc(size);
	uint64_t seed = 0x9e3779b97f4a7c15;
	size_t tail = size < 65536 ? size : 65536;
	for (int round = 0; round < 300; round++) {
		memcpy(b, orig, size);
		for (int k = 0; k < 1 + round % 16; k++) {
			seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
			b[size - 1 - (seed >> 8) % tail] = (uint8_t)seed;
		}
		if (round % 3 == 0) {	/* and the ELF header's section fields */
			seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
			b[40 + (seed >> 8) % 24] = (uint8_t)seed;
		}
		try_damaged(b, size);
	}
	free(b);
	free(orig);
}
