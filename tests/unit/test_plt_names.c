/* PLT stub names (symbols/plt_names.c) against objdump's, stub by stub, for the host's C
 * libraries (x86-64, i386), whose stubs are not in their relocations' order (the IRELATIVE
 * ones interleave), and for a program gcc builds here (lazy .plt, .plt.got). objdump names
 * an IRELATIVE stub "*ABS*+0xR@plt"; ours is then the IFUNC whose resolver is at R, as nm -D
 * lists it (type i), or the same "*ABS*" text when no symbol names the resolver. */
#include <criterion/criterion.h>

#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "symbols/plt_names.h"

struct stub {
	uint64_t addr;
	char name[128];
};

struct stubs {
	struct stub v[4096];
	size_t n;
};

static bool collect(void *ctx, uint64_t addr, uint64_t size, const char *name)
{
	struct stubs *s = ctx;
	(void)size;
	cr_assert_lt(s->n, sizeof(s->v) / sizeof(s->v[0]));
	s->v[s->n].addr = addr;
	snprintf(s->v[s->n].name, sizeof(s->v[s->n].name), "%s", name);
	s->n++;
	return true;
}

static const char *ours_at(const struct stubs *s, uint64_t addr)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->v[i].addr == addr)
			return s->v[i].name;
	return NULL;
}

/* nm -D's IFUNC symbols of a file (type i), versions cut. */
static struct ifunc {
	uint64_t addr;
	char name[128];
} ifuncs[1024];
static size_t nifuncs;

static void read_ifuncs(const char *path)
{
	char cmd[1024], line[512];
	snprintf(cmd, sizeof(cmd), "nm -D --defined-only %s", path);
	FILE *f = popen(cmd, "r");
	cr_assert(f);
	nifuncs = 0;
	while (fgets(line, sizeof(line), f) && nifuncs < sizeof(ifuncs) / sizeof(ifuncs[0])) {
		struct ifunc *i = &ifuncs[nifuncs];
		char type;
		if (sscanf(line, "%" SCNx64 " %c %127s", &i->addr, &type, i->name) == 3 && type == 'i') {
			i->name[strcspn(i->name, "@")] = 0;
			nifuncs++;
		}
	}
	pclose(f);
}

static bool is_ifunc(const char *name, uint64_t addr)
{
	for (size_t i = 0; i < nifuncs; i++)
		if (ifuncs[i].addr == addr && strcmp(ifuncs[i].name, name) == 0)
			return true;
	return false;
}

/* The first line a command prints, as a number in base 16 (0 if none). */
static uint64_t sh_hex(const char *cmd)
{
	char line[256] = "";
	FILE *f = popen(cmd, "r");
	cr_assert(f);
	if (!fgets(line, sizeof(line), f))
		line[0] = 0;
	pclose(f);
	return strtoull(line, NULL, 16);
}

/* i386's IRELATIVE stubs: objdump says "*ABS*@plt" (REL has no addend: the resolver is the
 * GOT slot's content). The stub's "jmp *0xOFF(%ebx)" gives the slot, objdump -s its bytes. */
static uint64_t i386_resolver(const char *path, const char *jmp_line)
{
	const char *star = strstr(jmp_line, "*0x");
	cr_assert(star && strstr(star, "(%ebx)"), "%s: not a jmp *OFF(%%ebx): %s", path, jmp_line);
	uint64_t off = strtoull(star + 1, NULL, 16), got, slot;
	char cmd[1024];
	snprintf(cmd, sizeof(cmd), "readelf -SW %s | sed 's/^ *\\[ *[0-9]*\\]//' | "
		 "awk '$1 == \".got.plt\" { print $3 }'", path);
	got = sh_hex(cmd);
	slot = got + off;
	snprintf(cmd, sizeof(cmd), "objdump -s -j .got.plt --start-address=0x%" PRIx64
		 " --stop-address=0x%" PRIx64 " %s | awk '$1 == \"%" PRIx64 "\" { print $2 }'",
		 slot, slot + 4, path, slot);
	uint64_t bytes = sh_hex(cmd);	/* little-endian bytes as read */
	return (bytes >> 24 & 0xff) | (bytes >> 8 & 0xff00) | (bytes << 8 & 0xff0000) |
	       (bytes << 24 & 0xff000000);
}

/* Compares every stub objdump names in path's .plt, .plt.sec and .plt.got with ours; returns
 * how many it compared. */
static size_t compare_with_objdump(const char *path)
{
	static struct stubs ours;
	ours.n = 0;
	elf_version(EV_CURRENT);
	int fd = open(path, O_RDONLY);
	cr_assert_geq(fd, 0, "%s", path);
	Elf *elf = elf_begin(fd, ELF_C_READ, NULL);
	cr_assert(elf);
	cr_assert(plt_names(elf, collect, &ours));
	elf_end(elf);
	close(fd);
	char cmd[1024], line[1024];
	snprintf(cmd, sizeof(cmd), "objdump -d -j .plt -j .plt.sec -j .plt.got %s 2>/dev/null", path);
	FILE *f = popen(cmd, "r");
	cr_assert(f);
	read_ifuncs(path);
	size_t compared = 0;
	while (fgets(line, sizeof(line), f)) {
		uint64_t addr;
		char name[512];
		/* "0000000000026290 <*ABS*+0x9be70@plt>:" */
		if (sscanf(line, "%" SCNx64 " <%511[^>]>:", &addr, name) != 2)
			continue;
		char *plt = strstr(name, "@plt");
		const char *mine = ours_at(&ours, addr);
		if (plt && strcmp(plt, "@plt-0x10") == 0) {	/* .plt's entry 0, the lazy binder's */
			cr_expect(mine && strcmp(mine, ".PLT0") == 0, "%s: .plt's entry 0 is %s", path,
				  mine ? mine : "unnamed");
			continue;
		}
		if (!plt || plt[4])
			continue;
		cr_assert(mine, "%s: objdump names the stub at 0x%" PRIx64 " %s, we do not", path, addr,
			  name);
		compared++;
		if (strcmp(mine, name) == 0)
			continue;
		uint64_t resolver = 0;
		char mine_bare[256], jmp[512];
		snprintf(mine_bare, sizeof(mine_bare), "%.*s", (int)(strlen(mine) - 4), mine);
		if (strcmp(name, "*ABS*@plt") == 0 && fgets(jmp, sizeof(jmp), f))
			resolver = i386_resolver(path, jmp);
		else
			cr_assert(sscanf(name, "*ABS*+0x%" SCNx64 "@plt", &resolver) == 1,
				  "%s: stub at 0x%" PRIx64 ": objdump %s, ours %s", path, addr, name,
				  mine);
		cr_assert(strstr(mine, "@plt") && is_ifunc(mine_bare, resolver),
			  "%s: stub at 0x%" PRIx64 ": objdump %s, ours %s", path, addr, name, mine);
	}
	pclose(f);
	return compared;
}

static bool have(const char *path)
{
	return access(path, R_OK) == 0 && system("command -v objdump nm >/dev/null") == 0;
}

Test(plt_names, x86_64_libc)
{
	const char *libc = "/lib/x86_64-linux-gnu/libc.so.6";
	if (!have(libc))
		cr_skip_test("no %s or no objdump", libc);
	size_t n = compare_with_objdump(libc);
	cr_expect_gt(n, 20, "only %zu stubs compared", n);
}

Test(plt_names, i386_libc)
{
	const char *libc = access("/lib32/libc.so.6", R_OK) == 0 ? "/lib32/libc.so.6"
								: "/usr/i686-linux-gnu/lib/libc.so.6";
	if (!have(libc))
		cr_skip_test("no i386 libc.so.6 or no objdump");
	size_t n = compare_with_objdump(libc);
	cr_expect_gt(n, 5, "only %zu stubs compared", n);
}

/* A program of gcc's: lazy stubs after .PLT0, and __cxa_finalize's in .plt.got. */
Test(plt_names, program)
{
	if (system("command -v gcc objdump nm >/dev/null"))
		cr_skip_test("no gcc or objdump");
	char dir[] = "/tmp/profemu-plt-XXXXXX", cmd[1024], path[256];
	cr_assert(mkdtemp(dir));
	snprintf(cmd, sizeof(cmd),
		 "cd %s && printf '#include <stdio.h>\\n#include <stdlib.h>\\nint main(int c, char **v)"
		 " { puts(v[0]); return abs(c) + atoi(v[0]); }\\n' > p.c && gcc -O1 -o p p.c", dir);
	cr_assert_eq(system(cmd), 0);
	snprintf(path, sizeof(path), "%s/p", dir);
	size_t n = compare_with_objdump(path);
	cr_expect_geq(n, 3, "only %zu stubs compared", n);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	cr_expect_eq(system(cmd), 0);
}
