/* The ELF loader: layouts, probing, loading real programs (checked against readelf's view of
 * them), hand-made images for the cases real programs do not show (a page shared by two
 * segments, big-endian hppa, IA-64's 16 KiB pages), and damaged files, which must yield the
 * right error and never crash. */
#include <criterion/criterion.h>

#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "emu/byteorder.h"
#include "loader/loader.h"
#include "../fixtures/fixtures.h"

/* ---- Helpers ----------------------------------------------------------------------------- */

static void gm_for(struct guest_mem *gm, enum cpu_arch arch)
{
	const struct addr_layout *L = addr_layout_for(arch);
	bool be = arch == CPU_ARCH_HPPA;
	unsigned word = arch == CPU_ARCH_I386 || arch == CPU_ARCH_HPPA ? 4 : 8;
	gm_init(gm, L->page_size, L->addr_limit, be, word);
}

/* Reads guest memory whatever its protection (the loader maps some pages without read). */
static bool peek(struct guest_mem *gm, uint64_t addr, void *dst, uint64_t len)
{
	uint8_t *d = dst;
	while (len) {
		const struct gm_region *r = gm_region_at(gm, addr);
		if (!r)
			return false;
		uint64_t n = r->end - addr < len ? r->end - addr : len;
		memcpy(d, r->host + (addr - r->start), n);
		d += n;
		addr += n;
		len -= n;
	}
	return true;
}

static int prot_at(struct guest_mem *gm, uint64_t addr)
{
	const struct gm_region *r = gm_region_at(gm, addr);
	return r ? r->prot : -1;
}

static uint8_t *read_fixture(const char *name, size_t *size)
{
	char path[4096];
	uint8_t *data = fixture_read_file(fixture_path(name, path, sizeof(path)), size);
	cr_assert(data, "fixture %s missing (built by tests/fixtures/meson.build)", path);
	return data;
}

/* A hand-made ELF image: header, program headers right after it, then a byte pattern that is
 * never zero, so that a loader copying too much shows up as non-zero bss. */
struct mini_seg {
	uint32_t type, flags;
	uint64_t offset, vaddr, filesz, memsz, align;
};

struct mini_spec {
	bool is64, be;
	uint16_t type, machine;
	uint64_t entry;
	const struct mini_seg *segs;
	size_t nseg;
	size_t size;		/* total file size */
};

static uint8_t *mini_elf(const struct mini_spec *s)
{
	uint8_t *b = malloc(s->size);
	cr_assert(b);
	for (size_t i = 0; i < s->size; i++)
		b[i] = (uint8_t)(0x80 | (i * 7));
	memset(b, 0, s->is64 ? 64 : 52);
	memcpy(b, ELFMAG, SELFMAG);
	b[EI_CLASS] = s->is64 ? ELFCLASS64 : ELFCLASS32;
	b[EI_DATA] = s->be ? ELFDATA2MSB : ELFDATA2LSB;
	b[EI_VERSION] = EV_CURRENT;
	bool be = s->be;
	bo_put16(b + 16, s->type, be);
	bo_put16(b + 18, s->machine, be);
	bo_put32(b + 20, EV_CURRENT, be);
	if (s->is64) {
		bo_put64(b + 24, s->entry, be);
		bo_put64(b + 32, 64, be);	/* e_phoff */
		bo_put16(b + 52, 64, be);	/* e_ehsize */
		bo_put16(b + 54, 56, be);
		bo_put16(b + 56, (uint16_t)s->nseg, be);
	} else {
		bo_put32(b + 24, (uint32_t)s->entry, be);
		bo_put32(b + 28, 52, be);
		bo_put16(b + 40, 52, be);
		bo_put16(b + 42, 32, be);
		bo_put16(b + 44, (uint16_t)s->nseg, be);
	}
	for (size_t i = 0; i < s->nseg; i++) {
		const struct mini_seg *g = &s->segs[i];
		if (s->is64) {
			uint8_t *p = b + 64 + 56 * i;
			bo_put32(p, g->type, be);
			bo_put32(p + 4, g->flags, be);
			bo_put64(p + 8, g->offset, be);
			bo_put64(p + 16, g->vaddr, be);
			bo_put64(p + 24, g->vaddr, be);
			bo_put64(p + 32, g->filesz, be);
			bo_put64(p + 40, g->memsz, be);
			bo_put64(p + 48, g->align, be);
		} else {
			uint8_t *p = b + 52 + 32 * i;
			bo_put32(p, g->type, be);
			bo_put32(p + 4, (uint32_t)g->offset, be);
			bo_put32(p + 8, (uint32_t)g->vaddr, be);
			bo_put32(p + 12, (uint32_t)g->vaddr, be);
			bo_put32(p + 16, (uint32_t)g->filesz, be);
			bo_put32(p + 20, (uint32_t)g->memsz, be);
			bo_put32(p + 24, g->flags, be);
			bo_put32(p + 28, (uint32_t)g->align, be);
		}
	}
	return b;
}

/* Loads a buffer into a fresh x86-64 guest and returns the result and the error text. */
static enum load_error load_x64(const uint8_t *buf, size_t size, char *err, size_t errlen)
{
	struct guest_mem gm;
	gm_for(&gm, CPU_ARCH_X86_64);
	struct elf_image img;
	err[0] = '\0';
	enum load_error r = elf_load_buffer(&gm, addr_layout_for(CPU_ARCH_X86_64), buf, size, &img,
					    err, errlen);
	gm_destroy(&gm);
	return r;
}

static void expect_mini_error(const struct mini_spec *spec, const char *want)
{
	uint8_t *b = mini_elf(spec);
	char err[256];
	enum load_error r = load_x64(b, spec->size, err, sizeof(err));
	cr_expect_eq(r, LOAD_NOT_EXECUTABLE, "want \"%s\", got %d (%s)", want, r, err);
	cr_expect(strstr(err, want), "want \"%s\", got \"%s\"", want, err);
	free(b);
}

/* ---- Layouts ----------------------------------------------------------------------------- */

static bool disjoint(uint64_t a_lo, uint64_t a_hi, uint64_t b_lo, uint64_t b_hi)
{
	return a_hi <= b_lo || b_hi <= a_lo;
}

Test(layout, pieces_are_disjoint_and_aligned)
{
	enum cpu_arch arches[] = { CPU_ARCH_X86_64, CPU_ARCH_I386, CPU_ARCH_HPPA, CPU_ARCH_IA64 };
	for (size_t i = 0; i < sizeof(arches) / sizeof(arches[0]); i++) {
		const struct addr_layout *L = addr_layout_for(arches[i]);
		cr_assert(L);
		uint64_t pg = L->page_size;
		cr_expect(pg >= 4096 && (pg & (pg - 1)) == 0);
		uint64_t values[] = { L->exec_base, L->interp_base, L->stack_top, L->stack_size,
				      L->mmap_lo, L->mmap_hi };
		for (size_t v = 0; v < 6; v++)
			cr_expect_eq(values[v] % pg, 0, "arch %d value %zu not page-aligned", arches[i], v);
		uint64_t stack_lo = L->stack_top - L->stack_size;
		uint64_t interp_hi = L->interp_base + (16u << 20);	/* room for any ld.so */
		cr_expect(L->stack_top <= L->addr_limit && L->mmap_hi <= L->addr_limit);
		cr_expect(L->mmap_lo < L->mmap_hi);
		cr_expect(disjoint(L->mmap_lo, L->mmap_hi, stack_lo, L->stack_top));
		cr_expect(disjoint(L->interp_base, interp_hi, stack_lo, L->stack_top));
		cr_expect(disjoint(L->interp_base, interp_hi, L->mmap_lo, L->mmap_hi));
		cr_expect(disjoint(L->exec_base, L->exec_base + (256u << 20), L->mmap_lo, L->mmap_hi));
		cr_expect(disjoint(L->exec_base, L->exec_base + (256u << 20), stack_lo, L->stack_top));
	}
	cr_expect_eq(addr_layout_for(CPU_ARCH_X86_64)->exec_base, 0x555555554000);
	cr_expect_eq(addr_layout_for(CPU_ARCH_X86_64)->stack_top, 0x7ffffffff000);
	cr_expect_eq(addr_layout_for(CPU_ARCH_I386)->exec_base, 0x56555000);
	/* The i386 back end's GDT page must stay free. */
	cr_expect(addr_layout_for(CPU_ARCH_I386)->stack_top <= 0xfffff000);
	cr_expect_null(addr_layout_for(CPU_ARCH_I8086));
}

/* ---- Probing ----------------------------------------------------------------------------- */

static void expect_probe(const char *name, enum cpu_arch arch, unsigned word)
{
	char path[4096], err[256] = "";
	struct elf_probe p;
	enum load_error r = elf_probe_file(fixture_path(name, path, sizeof(path)), &p, err, sizeof(err));
	cr_assert_eq(r, LOAD_OK, "%s: %s", path, err);
	cr_expect_eq(p.arch, arch);
	cr_expect_eq(p.word_size, word);
	cr_expect_not(p.big_endian);
}

Test(probe, fixtures)
{
	expect_probe("static64", CPU_ARCH_X86_64, 8);
	expect_probe("staticpie64", CPU_ARCH_X86_64, 8);
	expect_probe("dyn64", CPU_ARCH_X86_64, 8);
	expect_probe("static32", CPU_ARCH_I386, 4);
	expect_probe("dyn32", CPU_ARCH_I386, 4);
}

static enum load_error probe_path(const char *path, char *err, size_t errlen)
{
	struct elf_probe p;
	err[0] = '\0';
	return elf_probe_file(path, &p, err, errlen);
}

/* Writes data to a fresh temporary file; the caller unlinks it. */
static void temp_file(char *path, const void *data, size_t size)
{
	strcpy(path, "/tmp/profemu-test-XXXXXX");
	int fd = mkstemp(path);
	cr_assert(fd >= 0);
	cr_assert_eq(write(fd, data, size), (ssize_t)size);
	close(fd);
}

Test(probe, errors)
{
	char err[256], path[64], fx[4096];
	cr_expect_eq(probe_path("/nonexistent/profemu", err, sizeof(err)), LOAD_NOT_FOUND);
	cr_expect_str_eq(err, "No such file or directory");
	cr_expect_eq(probe_path(".", err, sizeof(err)), LOAD_NOT_EXECUTABLE);
	cr_expect_str_eq(err, "is a directory");
	cr_expect_eq(probe_path("/dev/null", err, sizeof(err)), LOAD_NOT_EXECUTABLE);
	cr_expect_str_eq(err, "not a regular file");

	temp_file(path, "#!/bin/sh\necho hi\n", 18);
	cr_expect_eq(probe_path(path, err, sizeof(err)), LOAD_NOT_EXECUTABLE);
	cr_expect_str_eq(err, "not an ELF file");
	unlink(path);

	temp_file(path, "", 0);
	cr_expect_eq(probe_path(path, err, sizeof(err)), LOAD_NOT_EXECUTABLE);
	cr_expect_str_eq(err, "not an ELF file");
	unlink(path);

	temp_file(path, "\177ELF\2\1\1\0\0\0", 10);
	cr_expect_eq(probe_path(path, err, sizeof(err)), LOAD_NOT_EXECUTABLE);
	cr_expect_str_eq(err, "truncated ELF file");
	unlink(path);

	cr_expect_eq(probe_path(fixture_path("obj64", fx, sizeof(fx)), err, sizeof(err)),
		     LOAD_NOT_EXECUTABLE);
	cr_expect_str_eq(err, "not an executable");
}

/* A fixture with a few header bytes changed. */
static enum load_error probe_patched(const char *name, size_t at, const void *bytes, size_t n,
				     char *err, size_t errlen)
{
	size_t size;
	uint8_t *data = read_fixture(name, &size);
	memcpy(data + at, bytes, n);
	struct elf_probe p;
	err[0] = '\0';
	enum load_error r = elf_probe_buffer(data, size, &p, err, errlen);
	free(data);
	return r;
}

Test(probe, patched_headers)
{
	char err[256];
	uint8_t aarch64[2] = { EM_AARCH64, 0 }, core[2] = { ET_CORE, 0 }, x32[1] = { ELFCLASS32 };
	uint8_t bad_class[1] = { 7 }, bad_data[1] = { 9 };
	cr_expect_eq(probe_patched("static64", 18, aarch64, 2, err, sizeof(err)), LOAD_NOT_EXECUTABLE);
	cr_expect_str_eq(err, "unsupported machine EM_AARCH64");
	cr_expect_eq(probe_patched("static64", 16, core, 2, err, sizeof(err)), LOAD_NOT_EXECUTABLE);
	cr_expect_str_eq(err, "not an executable");
	cr_expect_eq(probe_patched("static64", EI_CLASS, bad_class, 1, err, sizeof(err)),
		     LOAD_NOT_EXECUTABLE);
	cr_expect_str_eq(err, "corrupt ELF header");
	cr_expect_eq(probe_patched("static64", EI_DATA, bad_data, 1, err, sizeof(err)),
		     LOAD_NOT_EXECUTABLE);
	cr_expect_str_eq(err, "corrupt ELF header");
	/* A 64-bit header read as 32-bit: the fields no longer make sense, whatever the reason. */
	cr_expect_eq(probe_patched("static64", EI_CLASS, x32, 1, err, sizeof(err)), LOAD_NOT_EXECUTABLE);
	uint8_t magic[1] = { 'X' };
	cr_expect_eq(probe_patched("static64", 1, magic, 1, err, sizeof(err)), LOAD_NOT_EXECUTABLE);
	cr_expect_str_eq(err, "not an ELF file");
}

/* ---- Loading real programs --------------------------------------------------------------- */

/* Checks everything the loader put in gm for the program against readelf's listing. */
static void check_program(const char *name, struct guest_mem *gm, const struct addr_layout *L,
			  const struct elf_image *img)
{
	struct fixture_elf fe;
	cr_assert(fixture_readelf(name, &fe), "listing of %s missing", name);
	size_t size;
	uint8_t *file = read_fixture(name, &size);
	uint64_t bias = fe.dyn ? L->exec_base : 0;	/* the fixtures' p_align is a page */
	cr_expect_eq(img->load_bias, bias, "%s bias %#lx", name, img->load_bias);
	cr_expect_eq(img->prog_entry, fe.entry + bias);
	cr_expect_eq(img->phnum, fe.phnum);
	cr_expect_eq(img->phent, fe.phentsize);

	uint64_t phdr = 0, end = 0, text_lo = UINT64_MAX, text_hi = 0;
	uint64_t wx_lo = UINT64_MAX, wx_hi = 0;	/* writable executable segments (hppa .plt) */
	bool have_phdr = false;
	for (size_t i = 0; i < fe.nseg; i++) {
		const struct fixture_segment *s = &fe.seg[i];
		if (strcmp(s->type, "PHDR") == 0) {
			phdr = s->vaddr + bias;
			have_phdr = true;
		}
	}
	for (size_t i = 0; i < fe.nseg; i++) {
		const struct fixture_segment *s = &fe.seg[i];
		if (strcmp(s->type, "LOAD") != 0)
			continue;
		uint64_t addr = s->vaddr + bias;
		if (!have_phdr && s->offset <= fe.phoff && fe.phoff < s->offset + s->filesz)
			phdr = addr + (fe.phoff - s->offset);
		if (addr + s->memsz > end)
			end = addr + s->memsz;
		uint64_t *lo = s->w ? &wx_lo : &text_lo, *hi = s->w ? &wx_hi : &text_hi;
		if (s->x && addr < *lo)
			*lo = addr;
		if (s->x && addr + s->memsz > *hi)
			*hi = addr + s->memsz;

		/* The file bytes, then zeros to memsz. */
		uint8_t *got = malloc(s->memsz);
		cr_assert(peek(gm, addr, got, s->memsz), "%s: segment at %#lx not mapped", name, addr);
		cr_expect(memcmp(got, file + s->offset, s->filesz) == 0, "%s: bytes at %#lx", name, addr);
		for (uint64_t k = s->filesz; k < s->memsz; k++) {
			if (got[k]) {
				cr_expect_fail("%s: bss byte at %#lx is %#x", name, addr + k, got[k]);
				break;
			}
		}
		free(got);

		/* Each page: the union of the protections of every segment touching it. */
		for (uint64_t pg = gm_page_down(gm, addr); pg < addr + s->memsz; pg += gm->page_size) {
			int want = 0;
			for (size_t j = 0; j < fe.nseg; j++) {
				const struct fixture_segment *o = &fe.seg[j];
				uint64_t lo = gm_page_down(gm, o->vaddr + bias);
				uint64_t hi = gm_page_up(gm, o->vaddr + bias + o->memsz);
				if (strcmp(o->type, "LOAD") == 0 && pg >= lo && pg < hi)
					want |= (o->r ? GM_PROT_READ : 0) | (o->w ? GM_PROT_WRITE : 0) |
						(o->x ? GM_PROT_EXEC : 0);
			}
			cr_expect_eq(prot_at(gm, pg), want, "%s: page %#lx prot %d, want %d", name, pg,
				     prot_at(gm, pg), want);
		}
	}
	cr_expect_eq(img->phdr, phdr, "%s: phdr %#lx want %#lx", name, img->phdr, phdr);
	cr_expect_eq(img->brk, gm_page_up(gm, end));
	/* the text: the executable segments that are not writable, if there are any */
	if (text_lo == UINT64_MAX)
		text_lo = wx_lo == UINT64_MAX ? 0 : wx_lo, text_hi = wx_hi;
	cr_expect_eq(img->text_lo, text_lo);
	cr_expect_eq(img->text_hi, text_hi);
	/* AT_PHDR must point at the program headers as the file has them. */
	uint8_t ph[64];
	cr_expect(peek(gm, img->phdr, ph, fe.phentsize) &&
		  memcmp(ph, file + fe.phoff, fe.phentsize) == 0, "%s: no phdrs at AT_PHDR", name);
	free(file);
}

static void load_fixture(const char *name, enum cpu_arch arch, const char *sysroot,
			 struct guest_mem *gm, struct elf_image *img)
{
	char path[4096], err[256] = "";
	gm_for(gm, arch);
	const struct addr_layout *L = addr_layout_for(arch);
	enum load_error r = elf_load(gm, L, fixture_path(name, path, sizeof(path)), sysroot, img,
				     err, sizeof(err));
	cr_assert_eq(r, LOAD_OK, "%s: %s", name, err);
	check_program(name, gm, L, img);
}

Test(load, static64)
{
	struct guest_mem gm;
	struct elf_image img;
	load_fixture("static64", CPU_ARCH_X86_64, "/", &gm, &img);
	cr_expect_eq(img.entry, img.prog_entry);
	cr_expect_eq(img.interp_base, 0);
	cr_expect_str_empty(img.interp);
	cr_expect_not(img.stack_exec);
	gm_destroy(&gm);
}

Test(load, static32)
{
	struct guest_mem gm;
	struct elf_image img;
	load_fixture("static32", CPU_ARCH_I386, "/", &gm, &img);
	cr_expect_eq(img.entry, img.prog_entry);
	cr_expect_eq(img.phent, 32);
	gm_destroy(&gm);
}

Test(load, staticpie64)
{
	struct guest_mem gm;
	struct elf_image img;
	load_fixture("staticpie64", CPU_ARCH_X86_64, "/", &gm, &img);
	cr_expect_eq(img.load_bias, addr_layout_for(CPU_ARCH_X86_64)->exec_base);
	cr_expect_eq(img.entry, img.prog_entry);
	gm_destroy(&gm);
}

/* The interpreter's own header, to check where it went. */
static void check_interp(struct guest_mem *gm, const struct addr_layout *L, const struct elf_image *img,
			 const char *want_host)
{
	cr_expect_str_eq(img->interp_host, want_host);
	cr_expect_eq(img->interp_base, L->interp_base);
	size_t size;
	uint8_t *ld = fixture_read_file(want_host, &size);
	cr_assert(ld, "cannot read %s", want_host);
	bool be = ld[EI_DATA] == ELFDATA2MSB;
	uint64_t e_entry = ld[EI_CLASS] == ELFCLASS64 ? bo_get64(ld + 24, be) : bo_get32(ld + 24, be);
	cr_expect_eq(img->entry, L->interp_base + e_entry);
	uint8_t head[64];
	cr_expect(peek(gm, L->interp_base, head, 64) && memcmp(head, ld, 64) == 0);
	free(ld);
}

Test(load, dyn64_with_interpreter)
{
	struct guest_mem gm;
	struct elf_image img;
	load_fixture("dyn64", CPU_ARCH_X86_64, "/", &gm, &img);
	struct fixture_elf fe;
	cr_assert(fixture_readelf("dyn64", &fe));
	cr_expect_str_eq(img.interp, fe.interp);
	check_interp(&gm, addr_layout_for(CPU_ARCH_X86_64), &img, fe.interp);
	gm_destroy(&gm);
}

Test(load, dyn32_under_sysroot)
{
	struct guest_mem gm;
	struct elf_image img;
	const char *sysroot = "/usr/i686-linux-gnu";
	load_fixture("dyn32", CPU_ARCH_I386, sysroot, &gm, &img);
	struct fixture_elf fe;
	cr_assert(fixture_readelf("dyn32", &fe));
	char host[4096];
	snprintf(host, sizeof(host), "%s%s", sysroot, fe.interp);
	check_interp(&gm, addr_layout_for(CPU_ARCH_I386), &img, host);
	gm_destroy(&gm);
}

/* The hppa fixtures exist only when hppa-linux-gnu-gcc was found at build time. */
static bool have_hppa_fixture(const char *name)
{
	char path[4096];
	return access(fixture_path(name, path, sizeof(path)), R_OK) == 0;
}

#define SKIP_WITHOUT_HPPA(name)                                                                \
	do {                                                                                   \
		if (!have_hppa_fixture(name))                                                  \
			cr_skip_test("fixture %s not built: hppa-linux-gnu-gcc was not found "  \
				     "(scripts/install-deps.sh installs gcc-hppa-linux-gnu)", name); \
	} while (0)

/* A real hppa program: 32-bit big-endian ELF, entry and every segment as readelf lists them,
 * and the guest reading its own headers in its byte order. */
Test(load, static_hppa)
{
	SKIP_WITHOUT_HPPA("statichppa");
	char path[4096], err[256] = "";
	struct elf_probe p;
	cr_assert_eq(elf_probe_file(fixture_path("statichppa", path, sizeof(path)), &p, err,
				    sizeof(err)), LOAD_OK, "%s", err);
	cr_expect_eq(p.arch, CPU_ARCH_HPPA);
	cr_expect(p.big_endian);
	cr_expect_eq(p.word_size, 4);
	struct guest_mem gm;
	struct elf_image img;
	load_fixture("statichppa", CPU_ARCH_HPPA, "/usr/hppa-linux-gnu", &gm, &img);
	struct fixture_elf fe;
	cr_assert(fixture_readelf("statichppa", &fe));
	cr_expect_not(fe.dyn);
	cr_expect_eq(img.entry, fe.entry);
	cr_expect_eq(img.entry, img.prog_entry);
	cr_expect_eq(img.phent, 32);
	cr_expect_str_empty(img.interp);
	cr_expect(img.text_lo == 0x10000, "hppa-linux links text at 0x10000, not %#lx", img.text_lo);
	/* The ELF header as the guest reads it, big-endian: e_machine, e_entry. */
	uint64_t machine, entry;
	cr_assert_eq(gm_get(&gm, img.text_lo + 18, 2, &machine), 0);
	cr_assert_eq(gm_get(&gm, img.text_lo + 24, 4, &entry), 0);
	cr_expect_eq(machine, EM_PARISC);
	cr_expect_eq(entry, fe.entry);
	cr_expect(img.stack_exec, "hppa-linux gcc asks for an executable stack (GNU_STACK RWE)");
	gm_destroy(&gm);
}

/* An hppa program's interpreter from the hppa cross sysroot (the hppa ABI's default -L), loaded
 * big-endian at the layout's interpreter base. */
Test(load, dynamic_hppa_under_sysroot)
{
	SKIP_WITHOUT_HPPA("dynhppa");
	const struct addr_layout *L = addr_layout_for(CPU_ARCH_HPPA);
	const char *sysroot = "/usr/hppa-linux-gnu";
	struct fixture_elf fe;
	cr_assert(fixture_readelf("dynhppa", &fe));
	char host[4096];
	snprintf(host, sizeof(host), "%s%s", sysroot, fe.interp);
	if (access(host, R_OK) != 0)
		cr_skip_test("%s missing (the hppa cross sysroot: libc6-hppa-cross)", host);
	struct guest_mem gm;
	struct elf_image img;
	load_fixture("dynhppa", CPU_ARCH_HPPA, sysroot, &gm, &img);
	cr_expect_str_eq(img.interp, fe.interp);
	check_interp(&gm, L, &img, host);
	gm_destroy(&gm);
}

/* With no sysroot to find ld.so in (IA-64 runs static programs only, for now, and has no
 * default), a dynamic program is refused with a message saying what to do; -L names one. */
Test(load, dynamic_without_sysroot_needs_L)
{
	static const char interp[] = "/lib/ld-linux-ia64.so.2";
	const struct mini_seg segs[] = {
		{ PT_INTERP, PF_R, 0x300, 0x4000000000000300, sizeof(interp), sizeof(interp), 1 },
		{ PT_LOAD, PF_R | PF_X, 0, 0x4000000000000000, 0x400, 0x400, 0x10000 },
	};
	struct mini_spec spec = { true, false, ET_EXEC, EM_IA_64, 0x4000000000000100, segs, 2, 0x400 };
	uint8_t *b = mini_elf(&spec);
	memcpy(b + 0x300, interp, sizeof(interp));
	char path[] = "/tmp/profemu-test-ia64-XXXXXX";
	int fd = mkstemp(path);
	cr_assert(fd >= 0);
	cr_assert_eq(write(fd, b, spec.size), (ssize_t)spec.size);
	close(fd);
	free(b);

	struct guest_mem gm;
	struct elf_image img;
	char err[256] = "";
	gm_for(&gm, CPU_ARCH_IA64);
	cr_expect_eq(elf_load(&gm, addr_layout_for(CPU_ARCH_IA64), path, NULL, &img, err, sizeof(err)),
		     LOAD_NOT_EXECUTABLE);
	cr_expect(strstr(err, "needs -L") && strstr(err, interp), "%s", err);
	gm_destroy(&gm);

	gm_for(&gm, CPU_ARCH_IA64);
	cr_expect_eq(elf_load(&gm, addr_layout_for(CPU_ARCH_IA64), path, "/nonexistent/root", &img,
			      err, sizeof(err)), LOAD_NOT_FOUND);
	cr_expect(strstr(err, "/nonexistent/root/lib/ld-linux-ia64.so.2"), "%s", err);
	gm_destroy(&gm);
	unlink(path);
}

/* qemu-user's rule: an interpreter missing under -L is the host's own (and one missing on both
 * sides is named by its sysroot path: the IA-64 case of the test above). */
Test(load, missing_interpreter_is_the_hosts)
{
	struct guest_mem gm;
	struct elf_image img;
	char path[4096], err[256] = "";
	gm_for(&gm, CPU_ARCH_X86_64);
	enum load_error r = elf_load(&gm, addr_layout_for(CPU_ARCH_X86_64),
				     fixture_path("dyn64", path, sizeof(path)), "/nonexistent/root/",
				     &img, err, sizeof(err));
	if (access(img.interp, R_OK) == 0) {
		cr_expect_eq(r, LOAD_OK, "%s", err);
		cr_expect_str_eq(img.interp_host, img.interp);
	} else {
		cr_expect_eq(r, LOAD_NOT_FOUND);
		cr_expect(strstr(err, "/nonexistent/root/lib") && strstr(err, "No such file or directory"),
			  "%s", err);
	}
	gm_destroy(&gm);
}

Test(load, buffer_records_but_skips_interpreter)
{
	size_t size;
	uint8_t *data = read_fixture("dyn64", &size);
	struct guest_mem gm;
	struct elf_image img;
	char err[256] = "";
	gm_for(&gm, CPU_ARCH_X86_64);
	cr_assert_eq(elf_load_buffer(&gm, addr_layout_for(CPU_ARCH_X86_64), data, size, &img, err,
				     sizeof(err)), LOAD_OK, "%s", err);
	cr_expect_str_eq(img.interp, "/lib64/ld-linux-x86-64.so.2");
	cr_expect_str_empty(img.interp_host);
	cr_expect_eq(img.entry, img.prog_entry);
	cr_expect_eq(img.interp_base, 0);
	check_program("dyn64", &gm, addr_layout_for(CPU_ARCH_X86_64), &img);
	gm_destroy(&gm);
	free(data);
}

Test(load, wrong_guest)
{
	struct guest_mem gm;
	struct elf_image img;
	char path[4096], err[256] = "";
	gm_for(&gm, CPU_ARCH_X86_64);
	cr_expect_eq(elf_load(&gm, addr_layout_for(CPU_ARCH_X86_64),
			      fixture_path("static32", path, sizeof(path)), "/", &img, err, sizeof(err)),
		     LOAD_NOT_EXECUTABLE);
	cr_expect_str_eq(err, "wrong architecture for this guest");
	gm_destroy(&gm);
}

Test(load, refuses_to_replace_mappings)
{
	struct guest_mem gm;
	struct elf_image img;
	char path[4096], err[256] = "";
	gm_for(&gm, CPU_ARCH_X86_64);
	cr_assert_eq(gm_map(&gm, 0x400000, 0x1000, GM_PROT_READ), 0);
	cr_expect_eq(elf_load(&gm, addr_layout_for(CPU_ARCH_X86_64),
			      fixture_path("static64", path, sizeof(path)), "/", &img, err, sizeof(err)),
		     LOAD_NOT_EXECUTABLE);
	cr_expect_str_eq(err, "segment overlaps an existing mapping");
	gm_destroy(&gm);
}

/* ---- Hand-made images -------------------------------------------------------------------- */

/* Text and data share the page at 0x400000: both get their bytes, the page gets R|W|X, and
 * the data segment's bss (which the file pattern would fill if copied) is zero. */
Test(mini, shared_page)
{
	const struct mini_seg segs[] = {
		{ PT_LOAD, PF_R | PF_X, 0, 0x400000, 0x900, 0x900, 0x1000 },
		{ PT_LOAD, PF_R | PF_W, 0x900, 0x400900, 0x100, 0x2000, 0x1000 },
		{ PT_GNU_STACK, PF_R | PF_W, 0, 0, 0, 0, 16 },
	};
	struct mini_spec spec = { true, false, ET_EXEC, EM_X86_64, 0x400200, segs, 3, 0x3000 };
	uint8_t *b = mini_elf(&spec);
	struct guest_mem gm;
	struct elf_image img;
	char err[256] = "";
	gm_for(&gm, CPU_ARCH_X86_64);
	cr_assert_eq(elf_load_buffer(&gm, addr_layout_for(CPU_ARCH_X86_64), b, spec.size, &img, err,
				     sizeof(err)), LOAD_OK, "%s", err);
	cr_expect_eq(prot_at(&gm, 0x400000), GM_PROT_READ | GM_PROT_WRITE | GM_PROT_EXEC);
	cr_expect_eq(prot_at(&gm, 0x401000), GM_PROT_READ | GM_PROT_WRITE);
	cr_expect_eq(prot_at(&gm, 0x402000), GM_PROT_READ | GM_PROT_WRITE);
	cr_expect_eq(prot_at(&gm, 0x403000), -1);
	uint8_t got[0x2900];
	cr_assert(peek(&gm, 0x400000, got, sizeof(got)));
	cr_expect(memcmp(got, b, 0xa00) == 0);
	for (size_t i = 0xa00; i < sizeof(got); i++)
		cr_assert_eq(got[i], 0, "bss byte %#zx", i);
	cr_expect_eq(img.entry, 0x400200);
	cr_expect_eq(img.phdr, 0x400040);
	cr_expect_eq(img.brk, 0x403000);
	cr_expect_eq(img.text_lo, 0x400000);
	cr_expect_eq(img.text_hi, 0x400900);
	gm_destroy(&gm);
	free(b);
}

Test(mini, hppa_big_endian)
{
	const struct mini_seg segs[] = {
		{ PT_LOAD, PF_R | PF_X, 0, 0x10000, 0x200, 0x200, 0x1000 },
		{ PT_LOAD, PF_R | PF_W, 0x1000, 0x11000, 0x10, 0x100, 0x1000 },
	};
	struct mini_spec spec = { false, true, ET_EXEC, EM_PARISC, 0x10080, segs, 2, 0x1010 };
	uint8_t *b = mini_elf(&spec);
	struct elf_probe p;
	char err[256] = "";
	cr_assert_eq(elf_probe_buffer(b, spec.size, &p, err, sizeof(err)), LOAD_OK, "%s", err);
	cr_expect_eq(p.arch, CPU_ARCH_HPPA);
	cr_expect(p.big_endian);
	cr_expect_eq(p.word_size, 4);
	struct guest_mem gm;
	struct elf_image img;
	gm_for(&gm, CPU_ARCH_HPPA);
	cr_assert_eq(elf_load_buffer(&gm, addr_layout_for(CPU_ARCH_HPPA), b, spec.size, &img, err,
				     sizeof(err)), LOAD_OK, "%s", err);
	cr_expect_eq(img.entry, 0x10080);
	cr_expect_eq(img.phdr, 0x10034);
	cr_expect_eq(img.phent, 32);
	cr_expect_eq(img.phnum, 2);
	uint8_t got[0x10];
	cr_assert(peek(&gm, 0x11000, got, 0x10));
	cr_expect(memcmp(got, b + 0x1000, 0x10) == 0);
	/* The guest sees its headers in its own byte order, untouched. */
	uint64_t type;
	cr_assert_eq(gm_get(&gm, 0x10000 + 16, 2, &type), 0);
	cr_expect_eq(type, ET_EXEC);
	gm_destroy(&gm);
	free(b);
}

Test(mini, hppa_pie_and_wrong_machine_for_class)
{
	const struct mini_seg segs[] = { { PT_LOAD, PF_R | PF_X, 0, 0, 0x200, 0x200, 0x1000 } };
	struct mini_spec spec = { false, true, ET_DYN, EM_PARISC, 0x80, segs, 1, 0x200 };
	uint8_t *b = mini_elf(&spec);
	struct guest_mem gm;
	struct elf_image img;
	char err[256] = "";
	gm_for(&gm, CPU_ARCH_HPPA);
	const struct addr_layout *L = addr_layout_for(CPU_ARCH_HPPA);
	cr_assert_eq(elf_load_buffer(&gm, L, b, spec.size, &img, err, sizeof(err)), LOAD_OK, "%s", err);
	cr_expect_eq(img.load_bias, L->exec_base);
	cr_expect_eq(img.entry, L->exec_base + 0x80);
	gm_destroy(&gm);
	free(b);

	/* x86-64 code in a big-endian file is nothing we run. */
	struct mini_spec bad = { true, true, ET_EXEC, EM_X86_64, 0x400000, segs, 1, 0x200 };
	b = mini_elf(&bad);
	struct elf_probe p;
	cr_expect_eq(elf_probe_buffer(b, bad.size, &p, err, sizeof(err)), LOAD_NOT_EXECUTABLE);
	cr_expect(strstr(err, "unsupported machine EM_X86_64"), "%s", err);
	free(b);
}

Test(mini, ia64_four_k_pages_as_ski)
{
	const struct mini_seg segs[] = {
		{ PT_LOAD, PF_R | PF_X, 0, 0x4000000000000000, 0x300, 0x300, 0x10000 },
		{ PT_LOAD, PF_R | PF_W, 0x300, 0x6000000000000300, 0x20, 0x5000, 0x10000 },
	};
	struct mini_spec spec = { true, false, ET_EXEC, EM_IA_64, 0x4000000000000100, segs, 2, 0x400 };
	uint8_t *b = mini_elf(&spec);
	struct guest_mem gm;
	struct elf_image img;
	char err[256] = "";
	gm_for(&gm, CPU_ARCH_IA64);
	cr_assert_eq(elf_load_buffer(&gm, addr_layout_for(CPU_ARCH_IA64), b, spec.size, &img, err,
				     sizeof(err)), LOAD_OK, "%s", err);
	cr_expect_eq(img.entry, 0x4000000000000100);
	cr_expect_eq(img.brk, 0x6000000000006000);	/* 0x6000000000005300 up to 4 KiB */
	cr_expect_eq(prot_at(&gm, 0x6000000000004000), GM_PROT_READ | GM_PROT_WRITE);
	gm_destroy(&gm);
	free(b);
}

/* ---- Damaged images ---------------------------------------------------------------------- */

#define X64(segs_, size_) { true, false, ET_EXEC, EM_X86_64, 0x400000, segs_, \
			    sizeof(segs_) / sizeof(segs_[0]), size_ }

Test(damaged, segment_checks)
{
	const struct mini_seg filesz_above_memsz[] = { { PT_LOAD, PF_R, 0, 0x400000, 0x200, 0x100, 0 } };
	const struct mini_seg beyond_file[] = { { PT_LOAD, PF_R, 0x100, 0x400000, 0x200, 0x200, 0 } };
	const struct mini_seg offset_beyond[] = { { PT_LOAD, PF_R, UINT64_MAX - 8, 0x400000, 0x10, 0x10, 0 } };
	const struct mini_seg beyond_limit[] = { { PT_LOAD, PF_R, 0, 0x7ffffffff000, 0x100, 0x2000, 0 } };
	const struct mini_seg wraps[] = { { PT_LOAD, PF_R, 0, UINT64_MAX - 0xfff, 0x100, 0x2000, 0 } };
	const struct mini_seg page_zero[] = { { PT_LOAD, PF_R, 0, 0, 0x100, 0x100, 0 } };
	const struct mini_seg huge[] = { { PT_LOAD, PF_R, 0, 0x400000, 0x100, (1ull << 30) + 1, 0 } };
	const struct mini_seg huge_total[] = {
		{ PT_LOAD, PF_R, 0, 0x400000, 0x100, 600u << 20, 0 },
		{ PT_LOAD, PF_R, 0, 0x80000000, 0x100, 600u << 20, 0 },
	};
	const struct mini_seg no_load[] = { { PT_NOTE, PF_R, 0, 0x400000, 0x100, 0x100, 0 } };
	const struct mini_seg empty_load[] = { { PT_LOAD, PF_R, 0, 0x400000, 0, 0, 0 } };
	const struct mini_spec specs[] = {
		X64(filesz_above_memsz, 0x300), X64(beyond_file, 0x200), X64(offset_beyond, 0x200),
		X64(beyond_limit, 0x200), X64(wraps, 0x200), X64(page_zero, 0x200), X64(huge, 0x200),
		X64(huge_total, 0x200), X64(no_load, 0x200), X64(empty_load, 0x200),
	};
	const char *want[] = {
		"file size above memory size", "segment beyond end of file", "segment beyond end of file",
		"outside the address space", "segment too large", "outside the address space",
		"segment too large", "segments too large", "no loadable segments", "no loadable segments",
	};
	for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); i++)
		expect_mini_error(&specs[i], want[i]);
}

Test(damaged, interpreter_path)
{
	/* The pattern byte at 0x1ff is not NUL. */
	const struct mini_seg no_nul[] = {
		{ PT_INTERP, PF_R, 0x100, 0, 0x100, 0x100, 1 },
		{ PT_LOAD, PF_R, 0, 0x400000, 0x200, 0x200, 0x1000 },
	};
	const struct mini_seg outside[] = {
		{ PT_INTERP, PF_R, 0x1f0, 0, 0x20, 0x20, 1 },
		{ PT_LOAD, PF_R, 0, 0x400000, 0x200, 0x200, 0x1000 },
	};
	const struct mini_seg too_long[] = {
		{ PT_INTERP, PF_R, 0, 0, 0x2000, 0x2000, 1 },
		{ PT_LOAD, PF_R, 0, 0x400000, 0x200, 0x200, 0x1000 },
	};
	const struct mini_spec specs[] = { X64(no_nul, 0x200), X64(outside, 0x200),
					   X64(too_long, 0x3000) };
	for (size_t i = 0; i < 3; i++)
		expect_mini_error(&specs[i], "corrupt interpreter path");
}

Test(damaged, header_fields)
{
	size_t size;
	uint8_t *orig = read_fixture("static64", &size);
	uint8_t *b = malloc(size);
	char err[256];
	struct { size_t at, width; uint64_t value; const char *want; } cases[] = {
		{ 32, 8, UINT64_MAX - 16, "truncated ELF file" },	/* e_phoff */
		{ 32, 8, 0x7fffffff, "truncated ELF file" },
		{ 54, 2, 55, "corrupt program header size" },		/* e_phentsize */
		{ 56, 2, 0, "no program headers" },			/* e_phnum */
		{ 56, 2, 0xffff, "too many program headers" },
		{ 56, 2, 1200, "too many program headers" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		memcpy(b, orig, size);
		bo_put(b + cases[i].at, cases[i].value, (unsigned)cases[i].width, BO_LITTLE);
		cr_expect_eq(load_x64(b, size, err, sizeof(err)), LOAD_NOT_EXECUTABLE);
		cr_expect_str_eq(err, cases[i].want, "case %zu", i);
	}
	/* Damaged section headers do not matter to a loader (nor to Linux). */
	memcpy(b, orig, size);
	bo_put64(b + 40, UINT64_MAX - 100, BO_LITTLE);	/* e_shoff */
	cr_expect_eq(load_x64(b, size, err, sizeof(err)), LOAD_OK, "%s", err);
	free(b);
	free(orig);
}

Test(damaged, every_truncation)
{
	size_t size;
	uint8_t *data = read_fixture("static64", &size);
	struct fixture_elf fe;
	cr_assert(fixture_readelf("static64", &fe));
	uint64_t needed = 0;
	for (size_t i = 0; i < fe.nseg; i++)
		if (strcmp(fe.seg[i].type, "LOAD") == 0 && fe.seg[i].offset + fe.seg[i].filesz > needed)
			needed = fe.seg[i].offset + fe.seg[i].filesz;
	char err[256];
	for (size_t n = 0; n < size; n += n < 1024 ? 1 : 4093) {
		/* A copy of exactly n bytes, so that a read past the end is caught by ASan too. */
		uint8_t *cut = malloc(n ? n : 1);
		memcpy(cut, data, n);
		enum load_error r = load_x64(cut, n, err, sizeof(err));
		if (n < needed)
			cr_assert_eq(r, LOAD_NOT_EXECUTABLE, "size %zu loaded", n);
		else
			cr_assert_eq(r, LOAD_OK, "size %zu: %s", n, err);
		free(cut);
	}
	free(data);
}

/* Random bytes over the headers of real programs: any outcome but a crash. */
static void scramble(const char *name, unsigned rounds, uint64_t seed)
{
	size_t size;
	uint8_t *orig = read_fixture(name, &size);
	uint8_t *b = malloc(size);
	struct elf_probe p;
	cr_assert_eq(elf_probe_buffer(orig, size, &p, NULL, 0), LOAD_OK);
	size_t head = size < 1024 ? size : 1024;
	char err[256];
	for (unsigned round = 0; round < rounds; round++) {
		memcpy(b, orig, size);
		unsigned flips = 1 + round % 8;
		for (unsigned k = 0; k < flips; k++) {
			seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
			b[(seed >> 8) % head] = (uint8_t)seed;
		}
		struct guest_mem gm;
		struct elf_image img;
		gm_for(&gm, p.arch);
		enum load_error r = elf_load_buffer(&gm, addr_layout_for(p.arch), b, size, &img, err,
						    sizeof(err));
		cr_assert(r == LOAD_OK || r == LOAD_NOT_EXECUTABLE || r == LOAD_NO_MEMORY);
		if (r != LOAD_OK)
			cr_assert(err[0], "round %u: error without a reason", round);
		gm_destroy(&gm);
	}
	free(b);
	free(orig);
}

Test(damaged, scrambled_headers)
{
	scramble("static64", 300, 0x1234567);
	scramble("static32", 300, 0x7654321);
	scramble("tiny64", 3000, 0xfeedbeef);
	scramble("tiny32", 3000, 0xbeeffeed);
}
