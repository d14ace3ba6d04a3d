/* Recognising and loading a DOS program (see dos.h for the memory layout).
 *
 * A .COM file is a bare image loaded at PSP:0100, with CS = DS = ES = SS = the PSP, IP 0100,
 * SP FFFE and a zero word on the stack, so that a final `ret` reaches the INT 20h at PSP:0000.
 * It gets all memory, as under DOS. An MZ file's image goes to PSP+10h:0000, is relocated, and
 * gets the block its header asks for: at least image + min-alloc paragraphs, at most image +
 * max-alloc, as much as there is in between (max-alloc FFFF: all memory). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dos.h"

static bool has_signature(const uint8_t *d, size_t n)
{
	return n >= 2 && ((d[0] == 'M' && d[1] == 'Z') || (d[0] == 'Z' && d[1] == 'M'));
}

static bool has_extension(const char *path, const char *ext)
{
	size_t n = strlen(path), e = strlen(ext);
	return n > e && strcasecmp(path + n - e, ext) == 0;
}

/* The first bytes of the file; -1 if it cannot be opened. */
static long read_head(const char *path, uint8_t *buf, size_t len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return -1;
	size_t n = fread(buf, 1, len, f);
	fclose(f);
	return (long)n;
}

bool dos_claims_file(const char *path)
{
	uint8_t head[4];
	long n = read_head(path, head, sizeof(head));
	if (n < 0)
		return false;
	if (has_signature(head, (size_t)n))
		return true;
	if (n >= 4 && memcmp(head, "\177ELF", 4) == 0)
		return false;
	return has_extension(path, ".com") || has_extension(path, ".exe");
}

static enum load_error kind_of(const char *path, const uint8_t *head, size_t n, enum dos_kind *kind,
			       char *err, size_t errlen)
{
	if (has_signature(head, n)) {
		*kind = DOS_EXE;
		return LOAD_OK;
	}
	if (has_extension(path, ".com")) {
		*kind = DOS_COM;
		return LOAD_OK;
	}
	if (has_extension(path, ".exe"))
		snprintf(err, errlen, "not a DOS program: an .EXE name but no MZ signature");
	else
		snprintf(err, errlen, "not a DOS program: neither an MZ signature nor a .COM name");
	return LOAD_NOT_EXECUTABLE;
}

enum load_error dos_probe_file(const char *path, enum dos_kind *kind, char *err, size_t errlen)
{
	uint8_t head[2];
	long n = read_head(path, head, sizeof(head));
	if (n < 0) {
		snprintf(err, errlen, "%s", strerror(errno));
		return errno == ENOENT ? LOAD_NOT_FOUND : LOAD_NOT_EXECUTABLE;
	}
	return kind_of(path, head, (size_t)n, kind, err, errlen);
}

static enum load_error no_memory(char *err, size_t errlen)
{
	snprintf(err, errlen, "cannot map the DOS memory");
	return LOAD_NO_MEMORY;
}

static uint16_t paras(uint32_t bytes)
{
	return (uint16_t)((bytes + 15) / 16);
}

static enum load_error load_com(struct guest_mem *gm, const uint8_t *data, size_t size,
				struct dos_image *img, char *err, size_t errlen)
{
	if (size == 0) {
		snprintf(err, errlen, "empty .COM file");
		return LOAD_NOT_EXECUTABLE;
	}
	if (size > DOS_COM_MAX) {
		snprintf(err, errlen, ".COM file of %zu bytes: the most is %d", size, DOS_COM_MAX);
		return LOAD_NOT_EXECUTABLE;
	}
	if (gm_write(gm, (uint64_t)img->load_seg * 16, data, size) != 0 ||
	    gm_put(gm, (uint64_t)img->psp_seg * 16 + 0xfffe, 2, 0) != 0)
		return no_memory(err, errlen);
	img->image_size = (uint32_t)size;
	img->cs = img->ss = img->psp_seg;
	img->ip = PSP_SIZE;
	img->sp = 0xfffe;
	img->mem_top = DOS_MEM_TOP_SEG;
	return LOAD_OK;
}

static enum load_error load_exe(struct guest_mem *gm, const uint8_t *data, size_t size,
				struct dos_image *img, char *err, size_t errlen)
{
	struct dos_mz mz;
	enum load_error le = dos_mz_parse(data, size, &mz, err, errlen);
	if (le != LOAD_OK)
		return le;
	uint32_t avail = DOS_MEM_TOP_SEG - DOS_PSP_SEG;
	uint32_t base = PSP_SIZE / 16 + paras(mz.image_size);
	uint32_t need = base + mz.min_alloc, want = base + mz.max_alloc;
	if (need > avail) {
		snprintf(err, errlen, "program too big to fit in memory: needs %u paragraphs, %u free",
			 need, avail);
		return LOAD_NOT_EXECUTABLE;
	}
	uint32_t block = want > avail ? avail : want < need ? need : want;
	/* The stack's top, SS:SP relative to the image (SP 0 is the top of a 64 KiB segment). */
	uint32_t stack_top = (uint32_t)mz.ss * 16 + (mz.sp ? mz.sp : 0x10000u);
	if (stack_top > (block - PSP_SIZE / 16) * 16) {
		snprintf(err, errlen, "corrupt MZ header: initial stack SS:SP outside the program's memory");
		return LOAD_NOT_EXECUTABLE;
	}
	if (gm_write(gm, (uint64_t)img->load_seg * 16, data + mz.header_size, mz.image_size) != 0)
		return no_memory(err, errlen);
	le = dos_mz_relocate(gm, data, &mz, img->load_seg, err, errlen);
	if (le != LOAD_OK)
		return le;
	img->image_size = mz.image_size;
	img->cs = (uint16_t)(img->load_seg + mz.cs);
	img->ip = mz.ip;
	img->ss = (uint16_t)(img->load_seg + mz.ss);
	img->sp = mz.sp;
	img->mem_top = (uint16_t)(DOS_PSP_SEG + block);
	return LOAD_OK;
}

enum load_error dos_load_buffer(struct guest_mem *gm, const void *data, size_t size,
				enum dos_kind kind, const char *prog_path, const char *tail,
				struct dos_image *out, char *err, size_t errlen)
{
	memset(out, 0, sizeof(*out));
	out->kind = kind;
	out->psp_seg = DOS_PSP_SEG;
	out->load_seg = DOS_PSP_SEG + PSP_SIZE / 16;
	out->env_seg = DOS_ENV_SEG;
	out->dos_pa = DOS_DOS_SEG;
	out->prog_low_pa = DOS_PSP_SEG;
	if (gm_map(gm, 0, DOS_MEM_LIMIT, GM_PROT_READ | GM_PROT_WRITE | GM_PROT_EXEC) != 0 ||
	    dos_build_low_memory(gm) != 0)
		return no_memory(err, errlen);
	enum load_error le = kind == DOS_COM ? load_com(gm, data, size, out, err, errlen)
					     : load_exe(gm, data, size, out, err, errlen);
	if (le != LOAD_OK)
		return le;
	out->prog_high_pa = (uint16_t)(out->load_seg + paras(out->image_size));
	int r = dos_build_process(gm, prog_path, tail, (uint16_t)(out->mem_top - DOS_PSP_SEG), err, errlen);
	if (r == -ENAMETOOLONG || r == -E2BIG || r == -ENOMEM)
		return LOAD_NOT_EXECUTABLE;
	return r ? LOAD_NO_MEMORY : LOAD_OK;
}

enum load_error dos_load_file(struct guest_mem *gm, const char *path, const char *env_path,
			      const char *tail, struct dos_image *out, char *err, size_t errlen)
{
	uint8_t *data;
	size_t size;
	enum load_error le = elf_read_file(path, &data, &size, err, errlen);
	if (le != LOAD_OK)
		return le;
	enum dos_kind kind;
	le = kind_of(path, data, size, &kind, err, errlen);
	if (le == LOAD_OK)
		le = dos_load_buffer(gm, data, size, kind, env_path ? env_path : path, tail, out, err, errlen);
	free(data);
	return le;
}
