/* The DOS loader: a .COM and hand-made MZ images loaded into the fixed layout (PSP fields,
 * environment, MCB chain, vectors and stubs, relocations, initial registers), and every kind
 * of bad input, which must give an error with a reason, never a crash. */
#include <criterion/criterion.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "emu/byteorder.h"
#include "loader/dos.h"

static struct guest_mem gm;

static void setup(void)
{
	dos_mem_init(&gm);
}

static void teardown(void)
{
	gm_destroy(&gm);
}

TestSuite(dos_loader, .init = setup, .fini = teardown);

static uint64_t word_at(uint64_t seg, uint64_t off)
{
	uint64_t v = 0;
	cr_assert_eq(gm_get(&gm, seg * 16 + off, 2, &v), 0);
	return v;
}

static uint8_t byte_at(uint64_t seg, uint64_t off)
{
	uint64_t v = 0;
	cr_assert_eq(gm_get(&gm, seg * 16 + off, 1, &v), 0);
	return (uint8_t)v;
}

/* ---- A hand-made MZ file ------------------------------------------------------------------ */

struct mz_spec {
	uint16_t image_size;	/* bytes after a 2-paragraph header */
	uint16_t min_alloc, max_alloc;
	uint16_t ss, sp, cs, ip;
	uint16_t relocs[4][2];	/* offset, segment */
	unsigned nrelocs;
};

/* Header of 32 bytes (2 paragraphs) with the relocation table at 0x1c, then an image whose
 * byte i is (i & 0x7f) | 1 except the relocated words, which hold 0x0100 + index. */
static uint8_t *make_mz(const struct mz_spec *s, size_t *size)
{
	size_t header = 32, total = header + s->image_size;
	uint8_t *d = calloc(1, total);
	d[0] = 'M';
	d[1] = 'Z';
	bo_put16(d + 2, (uint16_t)(total % 512), BO_LITTLE);
	bo_put16(d + 4, (uint16_t)((total + 511) / 512), BO_LITTLE);
	bo_put16(d + 6, (uint16_t)s->nrelocs, BO_LITTLE);
	bo_put16(d + 8, (uint16_t)(header / 16), BO_LITTLE);
	bo_put16(d + 0x0a, s->min_alloc, BO_LITTLE);
	bo_put16(d + 0x0c, s->max_alloc, BO_LITTLE);
	bo_put16(d + 0x0e, s->ss, BO_LITTLE);
	bo_put16(d + 0x10, s->sp, BO_LITTLE);
	bo_put16(d + 0x14, s->ip, BO_LITTLE);
	bo_put16(d + 0x16, s->cs, BO_LITTLE);
	bo_put16(d + 0x18, 0x1c, BO_LITTLE);
	cr_assert_leq(s->nrelocs, 1, "the 32-byte header holds one relocation");
	for (unsigned i = 0; i < s->nrelocs; i++) {
		bo_put16(d + 0x1c + 4 * i, s->relocs[i][0], BO_LITTLE);
		bo_put16(d + 0x1e + 4 * i, s->relocs[i][1], BO_LITTLE);
	}
	for (size_t i = 0; i < s->image_size; i++)
		d[header + i] = (uint8_t)((i & 0x7f) | 1);
	for (unsigned i = 0; i < s->nrelocs; i++) {
		size_t at = header + s->relocs[i][1] * 16u + s->relocs[i][0];
		if (at + 2 <= total)
			bo_put16(d + at, (uint16_t)(0x0100 + i), BO_LITTLE);
	}
	*size = total;
	return d;
}

static const struct mz_spec good_mz = {
	.image_size = 0x300, .min_alloc = 0x10, .max_alloc = 0xffff,
	.ss = 0x30, .sp = 0x100, .cs = 0x01, .ip = 0x04,
	.relocs = { { 0x06, 0x02 } }, .nrelocs = 1,
};

static enum load_error load(const void *data, size_t size, enum dos_kind kind, const char *tail,
			    struct dos_image *img, char *err)
{
	return dos_load_buffer(&gm, data, size, kind, "/progs/Test.exe", tail, img, err, 256);
}

/* ---- .COM ---------------------------------------------------------------------------------- */

Test(dos_loader, com_layout_psp_and_registers)
{
	static const uint8_t code[] = { 0xb4, 0x4c, 0xcd, 0x21, 0x90 };
	struct dos_image img;
	char err[256];
	cr_assert_eq(load(code, sizeof(code), DOS_COM, " A b", &img, err), LOAD_OK, "%s", err);
	cr_assert_eq(img.kind, DOS_COM);
	cr_assert_eq(img.psp_seg, 0x0800);
	cr_assert_eq(img.load_seg, 0x0810);
	cr_assert_eq(img.cs, 0x0800);
	cr_assert_eq(img.ss, 0x0800);
	cr_assert_eq(img.ip, 0x0100);
	cr_assert_eq(img.sp, 0xfffe);
	cr_assert_eq(img.mem_top, 0xa000);
	cr_assert_eq(img.dos_pa, 0x0100);
	cr_assert_eq(img.prog_low_pa, 0x0800);
	cr_assert_eq(img.prog_high_pa, 0x0811, "one paragraph of image after the PSP");
	cr_assert_eq(byte_at(0x0800, 0x100), 0xb4, "the image at PSP:0100");
	cr_assert_eq(word_at(0x0800, 0xfffe), 0, "a zero word on the stack");
	/* PSP */
	cr_assert_eq(byte_at(0x0800, 0), 0xcd);
	cr_assert_eq(byte_at(0x0800, 1), 0x20);
	cr_assert_eq(word_at(0x0800, PSP_MEM_TOP), 0xa000);
	cr_assert_eq(word_at(0x0800, PSP_ENV_SEG), DOS_ENV_SEG);
	cr_assert_eq(word_at(0x0800, PSP_PARENT), 0x0800);
	cr_assert_eq(byte_at(0x0800, PSP_TAIL_LEN), 4);
	char tail[5];
	cr_assert_eq(gm_read(&gm, 0x8000 + PSP_TAIL, tail, 4), 0);
	cr_assert_eq(memcmp(tail, " A b", 4), 0);
	cr_assert_eq(byte_at(0x0800, PSP_TAIL + 4), 0x0d);
	for (unsigned i = 0; i < 0x20; i++)
		cr_assert_eq(byte_at(0x0800, PSP_FCB1 + i), 0, "FCB byte %u", i);
	cr_assert_eq(byte_at(0x0800, PSP_JFT), 1);
	cr_assert_eq(byte_at(0x0800, PSP_JFT + 4), 2);
	cr_assert_eq(byte_at(0x0800, PSP_JFT + 5), 0xff);
	cr_assert_eq(byte_at(0x0800, PSP_DOS_CALL), 0xcd);
	cr_assert_eq(word_at(0x0800, PSP_TERMINATE + 2), DOS_DOS_SEG, "INT 22h's vector saved");
}

Test(dos_loader, environment_names_the_program)
{
	static const uint8_t code[] = { 0xc3 };
	struct dos_image img;
	char err[256];
	cr_assert_eq(load(code, 1, DOS_COM, "", &img, err), LOAD_OK, "%s", err);
	char env[256];
	cr_assert_eq(gm_read(&gm, DOS_ENV_SEG * 16, env, sizeof(env)), 0);
	cr_assert_str_eq(env, "COMSPEC=C:\\COMMAND.COM");
	const char *p = env;
	while (*p)	/* variables up to the empty one */
		p += strlen(p) + 1;
	p++;
	cr_assert_eq(p[0], 1);
	cr_assert_eq(p[1], 0);
	cr_assert_str_eq(p + 2, "C:\\progs\\Test.exe");
	cr_assert_eq(byte_at(0x0800, PSP_TAIL_LEN), 0);
	cr_assert_eq(byte_at(0x0800, PSP_TAIL), 0x0d);
}

Test(dos_loader, mcb_chain_of_a_com)
{
	static const uint8_t code[] = { 0xc3 };
	struct dos_image img;
	char err[256];
	cr_assert_eq(load(code, 1, DOS_COM, "", &img, err), LOAD_OK, "%s", err);
	cr_assert_eq(byte_at(DOS_ENV_MCB_SEG, MCB_TYPE), 'M');
	cr_assert_eq(word_at(DOS_ENV_MCB_SEG, MCB_OWNER), 0x0800);
	cr_assert_eq(word_at(DOS_ENV_MCB_SEG, MCB_SIZE), DOS_ENV_PARAS);
	cr_assert_eq(DOS_ENV_MCB_SEG + 1 + DOS_ENV_PARAS, DOS_PROG_MCB_SEG);
	cr_assert_eq(byte_at(DOS_PROG_MCB_SEG, MCB_TYPE), 'Z', "a .COM takes all memory");
	cr_assert_eq(word_at(DOS_PROG_MCB_SEG, MCB_OWNER), 0x0800);
	cr_assert_eq(word_at(DOS_PROG_MCB_SEG, MCB_SIZE), 0xa000 - 0x0800);
	char name[9] = { 0 };
	cr_assert_eq(gm_read(&gm, DOS_PROG_MCB_SEG * 16 + MCB_NAME, name, 8), 0);
	cr_assert_str_eq(name, "TEST");
}

Test(dos_loader, vectors_point_at_their_stubs)
{
	static const uint8_t code[] = { 0xc3 };
	struct dos_image img;
	char err[256];
	cr_assert_eq(load(code, 1, DOS_COM, "", &img, err), LOAD_OK, "%s", err);
	for (unsigned v = 0; v < 256; v++) {
		uint64_t off = word_at(0, v * 4), seg = word_at(0, v * 4 + 2);
		cr_assert_eq(seg * 16 + off, dos_stub_linear(v));
		cr_assert_eq(byte_at(seg, off), 0xcd);
		cr_assert_eq(byte_at(seg, off + 1), v);
		cr_assert_eq(byte_at(seg, off + 2), 0xcf, "iret");
	}
	/* INT 21h's stub in the DOS area, INT 10h's in the I/O area */
	cr_assert_eq(dos_stub_linear(0x21) >> 4 >= img.dos_pa, true);
	cr_assert_lt(dos_stub_linear(0x21) >> 4, img.prog_low_pa);
	cr_assert_lt(dos_stub_linear(0x10) >> 4, img.dos_pa);
	cr_assert_lt(dos_io_driver_linear() >> 4, img.dos_pa);
	cr_assert_eq(word_at(DOS_BDA_SEG, 0x13), 640);
}

Test(dos_loader, com_errors)
{
	struct dos_image img;
	char err[256];
	uint8_t one = 0xc3;
	cr_assert_eq(load(&one, 0, DOS_COM, "", &img, err), LOAD_NOT_EXECUTABLE);
	cr_assert(strstr(err, "empty"), "%s", err);
	uint8_t *big = calloc(1, DOS_COM_MAX + 1);
	cr_assert_eq(load(big, DOS_COM_MAX, DOS_COM, "", &img, err), LOAD_OK, "%s", err);
	gm_destroy(&gm);
	dos_mem_init(&gm);
	cr_assert_eq(load(big, DOS_COM_MAX + 1, DOS_COM, "", &img, err), LOAD_NOT_EXECUTABLE);
	cr_assert(strstr(err, "most"), "%s", err);
	free(big);
	char tail[DOS_TAIL_MAX + 2];
	memset(tail, 'x', sizeof(tail));
	tail[DOS_TAIL_MAX + 1] = 0;
	gm_destroy(&gm);
	dos_mem_init(&gm);
	cr_assert_eq(load(&one, 1, DOS_COM, tail, &img, err), LOAD_NOT_EXECUTABLE);
	cr_assert(strstr(err, "tail"), "%s", err);
	char path[3000];
	memset(path, 'p', sizeof(path));
	path[sizeof(path) - 1] = 0;
	gm_destroy(&gm);
	dos_mem_init(&gm);
	cr_assert_eq(dos_load_buffer(&gm, &one, 1, DOS_COM, path, "", &img, err, sizeof(err)),
		     LOAD_NOT_EXECUTABLE);
	cr_assert(strstr(err, "environment"), "%s", err);
}

/* ---- MZ ------------------------------------------------------------------------------------ */

Test(dos_loader, mz_relocated_and_registers_from_the_header)
{
	size_t size;
	uint8_t *d = make_mz(&good_mz, &size);
	struct dos_image img;
	char err[256];
	cr_assert_eq(load(d, size, DOS_EXE, "", &img, err), LOAD_OK, "%s", err);
	cr_assert_eq(img.kind, DOS_EXE);
	cr_assert_eq(img.load_seg, 0x0810);
	cr_assert_eq(img.cs, 0x0811);
	cr_assert_eq(img.ip, 0x04);
	cr_assert_eq(img.ss, 0x0840);
	cr_assert_eq(img.sp, 0x100);
	cr_assert_eq(img.image_size, 0x300);
	cr_assert_eq(img.prog_high_pa, 0x0810 + 0x30);
	cr_assert_eq(img.mem_top, 0xa000, "max-alloc FFFF: all memory");
	/* the image, not the header, at the load segment; the relocated word + 0810h */
	cr_assert_eq(byte_at(0x0810, 0), 1);
	cr_assert_eq(word_at(0x0810, 0x26), 0x0100 + 0x0810);
	cr_assert_eq(byte_at(0x0810, 0x28), (0x28 & 0x7f) | 1, "nothing else changed");
	cr_assert_eq(word_at(0x0800, PSP_MEM_TOP), 0xa000);
	free(d);
}

Test(dos_loader, mz_max_alloc_limits_the_block)
{
	struct mz_spec s = good_mz;
	s.max_alloc = 0x20;
	size_t size;
	uint8_t *d = make_mz(&s, &size);
	struct dos_image img;
	char err[256];
	cr_assert_eq(load(d, size, DOS_EXE, "", &img, err), LOAD_OK, "%s", err);
	uint16_t block = 0x10 + 0x30 + 0x20;
	cr_assert_eq(img.mem_top, 0x0800 + block);
	cr_assert_eq(word_at(0x0800, PSP_MEM_TOP), 0x0800 + block);
	cr_assert_eq(byte_at(DOS_PROG_MCB_SEG, MCB_TYPE), 'M');
	cr_assert_eq(word_at(DOS_PROG_MCB_SEG, MCB_SIZE), block);
	uint16_t free_mcb = 0x0800 + block;
	cr_assert_eq(byte_at(free_mcb, MCB_TYPE), 'Z');
	cr_assert_eq(word_at(free_mcb, MCB_OWNER), 0);
	cr_assert_eq(word_at(free_mcb, MCB_SIZE), 0xa000 - free_mcb - 1);
	free(d);
}

/* Loads a damaged MZ file and expects LOAD_NOT_EXECUTABLE with `why` in the message. */
static void expect_bad(const uint8_t *d, size_t size, const char *why)
{
	struct dos_image img;
	char err[256] = "";
	gm_destroy(&gm);
	dos_mem_init(&gm);
	cr_assert_eq(load(d, size, DOS_EXE, "", &img, err), LOAD_NOT_EXECUTABLE, "wanted: %s", why);
	cr_assert(strstr(err, why), "'%s' lacks '%s'", err, why);
}

Test(dos_loader, bad_mz_headers)
{
	size_t size;
	uint8_t *d = make_mz(&good_mz, &size);
	uint8_t *c = malloc(size);

	for (size_t cut = 0; cut < 0x1c; cut++)
		expect_bad(d, cut, "truncated MZ header");
	expect_bad(d, size - 1, "truncated MZ file");

#define DAMAGE(off, value, why)                                \
	do {                                                   \
		memcpy(c, d, size);                            \
		bo_put16(c + (off), (uint16_t)(value), BO_LITTLE); \
		expect_bad(c, size, why);                      \
	} while (0)
	DAMAGE(0, 0x4141, "no MZ signature");
	DAMAGE(4, 0, "zero pages");
	DAMAGE(2, 600, "last-page byte count");
	DAMAGE(4, 0xffff, "truncated MZ file");
	DAMAGE(8, 1, "header smaller");
	DAMAGE(8, 0x100, "header larger");
	DAMAGE(6, 3, "relocation table outside the header");
	DAMAGE(0x18, 0x10, "relocation table outside the header");
	DAMAGE(0x1e, 0x30, "points outside");	/* relocation segment past the image */
	DAMAGE(0x1c, 0xffff, "points outside");
	DAMAGE(0x16, 0x30, "entry point");
	DAMAGE(0x0a, 0xa000, "too big");
	DAMAGE(0x0e, 0x97f0, "stack");
	free(c);
	free(d);
}

Test(dos_loader, mz_whose_header_is_the_whole_file)
{
	struct mz_spec s = good_mz;
	s.image_size = 0;
	s.nrelocs = 0;
	size_t size;
	uint8_t *d = make_mz(&s, &size);
	expect_bad(d, size, "empty load image");
	free(d);
}

/* ---- Recognising files --------------------------------------------------------------------- */

static void write_file(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "wb");
	cr_assert_not_null(f);
	cr_assert_eq(fwrite(data, 1, len, f), len);
	fclose(f);
}

Test(dos_loader, probe_by_signature_and_name)
{
	char dir[] = "/tmp/dos_loader_XXXXXX";
	cr_assert_not_null(mkdtemp(dir));
	char path[512];
	enum dos_kind kind;
	char err[256];
	static const uint8_t mz[] = { 'M', 'Z', 0, 0 };
	static const uint8_t code[] = { 0xcd, 0x20, 0, 0 };
	static const uint8_t elf[] = { 0x7f, 'E', 'L', 'F' };

	snprintf(path, sizeof(path), "%s/prog.bin", dir);
	write_file(path, mz, sizeof(mz));
	cr_assert(dos_claims_file(path));
	cr_assert_eq(dos_probe_file(path, &kind, err, sizeof(err)), LOAD_OK);
	cr_assert_eq(kind, DOS_EXE, "the signature wins over the name");

	snprintf(path, sizeof(path), "%s/PROG.CoM", dir);
	write_file(path, code, sizeof(code));
	cr_assert(dos_claims_file(path));
	cr_assert_eq(dos_probe_file(path, &kind, err, sizeof(err)), LOAD_OK);
	cr_assert_eq(kind, DOS_COM);

	snprintf(path, sizeof(path), "%s/prog.exe", dir);
	write_file(path, code, sizeof(code));
	cr_assert(dos_claims_file(path));
	cr_assert_eq(dos_probe_file(path, &kind, err, sizeof(err)), LOAD_NOT_EXECUTABLE);
	cr_assert(strstr(err, "no MZ signature"), "%s", err);

	snprintf(path, sizeof(path), "%s/elf.com", dir);
	write_file(path, elf, sizeof(elf));
	cr_assert(!dos_claims_file(path), "an ELF file goes to the ELF loader");

	snprintf(path, sizeof(path), "%s/plain", dir);
	write_file(path, code, sizeof(code));
	cr_assert(!dos_claims_file(path));
	cr_assert_eq(dos_probe_file(path, &kind, err, sizeof(err)), LOAD_NOT_EXECUTABLE);
	cr_assert(strstr(err, "not a DOS program"), "%s", err);

	snprintf(path, sizeof(path), "%s/missing.com", dir);
	cr_assert(!dos_claims_file(path));
	cr_assert_eq(dos_probe_file(path, &kind, err, sizeof(err)), LOAD_NOT_FOUND);
	struct dos_image img;
	cr_assert_eq(dos_load_file(&gm, path, NULL, "", &img, err, sizeof(err)), LOAD_NOT_FOUND);

	char cmd[600];
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	cr_assert_eq(system(cmd), 0);
}
