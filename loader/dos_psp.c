/* What DOS builds around a program before it runs (layout in dos.h): the environment block,
 * the memory control block (MCB) chain, and the program segment prefix (PSP).
 *
 * The environment holds two variables, then the word 1 and the program's path, as DOS 3+
 * passes it (C start-up code reads argv[0] there): "C:\" and the path relative to the root of
 * drive C:, which is the working directory (syscalls/dos/dos_path.c), so that a program can
 * open its own file.
 *
 * The MCB chain: environment ('M', owned by the program), the program's block, and, when the
 * program did not take all memory up to A000 (an .EXE's max-alloc), a free 'Z' block after it.
 * INT 21h functions 48h-4Ah work on this chain in guest memory, as DOS does. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "dos.h"

static const char env_vars[] = "COMSPEC=C:\\COMMAND.COM\0PATH=C:\\\0";	/* then the final NUL */

/* The environment block: variables, an empty string, the word 1, the program's path. */
static int build_environment(struct guest_mem *gm, const char *prog_path, char *err, size_t errlen)
{
	uint8_t env[DOS_ENV_PARAS * 16];
	memset(env, 0, sizeof(env));
	size_t n = sizeof(env_vars);	/* both NULs of the last variable and the block's end */
	memcpy(env, env_vars, n);
	env[n++] = 1;
	env[n++] = 0;
	while (*prog_path == '/')
		prog_path++;
	size_t room = sizeof(env) - n - 1;
	if (strlen(prog_path) + 3 > room) {
		snprintf(err, errlen, "program path longer than the %zu characters the DOS environment holds",
			 room - 3);
		return -ENAMETOOLONG;
	}
	memcpy(env + n, "C:\\", 3);
	n += 3;
	for (const char *s = prog_path; *s; s++)
		env[n++] = *s == '/' ? '\\' : (uint8_t)*s;
	return gm_write(gm, (uint64_t)DOS_ENV_SEG * 16, env, sizeof(env));
}

static int put_mcb(struct guest_mem *gm, uint16_t seg, uint8_t type, uint16_t owner, uint16_t size,
		   const char *name)
{
	uint8_t m[16];
	memset(m, 0, sizeof(m));
	m[MCB_TYPE] = type;
	m[MCB_OWNER] = (uint8_t)owner;
	m[MCB_OWNER + 1] = (uint8_t)(owner >> 8);
	m[MCB_SIZE] = (uint8_t)size;
	m[MCB_SIZE + 1] = (uint8_t)(size >> 8);
	for (int i = 0; name && name[i] && i < 8; i++)
		m[MCB_NAME + i] = (uint8_t)name[i];
	return gm_write(gm, (uint64_t)seg * 16, m, sizeof(m));
}

/* The MCB name DOS 4+ records: the file name up to its extension, upper case, 8 at most. */
static void mcb_name(const char *path, char name[9])
{
	const char *base = path;
	for (const char *s = path; *s; s++)
		if (*s == '/' || *s == '\\' || *s == ':')
			base = s + 1;
	int i = 0;
	for (; base[i] && base[i] != '.' && i < 8; i++)
		name[i] = base[i] >= 'a' && base[i] <= 'z' ? (char)(base[i] - 'a' + 'A') : base[i];
	name[i] = 0;
}

static int build_mcbs(struct guest_mem *gm, const char *prog_path, uint16_t block_paras)
{
	char name[9];
	mcb_name(prog_path, name);
	uint32_t end = (uint32_t)DOS_PSP_SEG + block_paras;
	bool last = end >= DOS_MEM_TOP_SEG;
	int err = put_mcb(gm, DOS_ENV_MCB_SEG, MCB_TYPE_MID, DOS_PSP_SEG, DOS_ENV_PARAS, name);
	if (!err)
		err = put_mcb(gm, DOS_PROG_MCB_SEG, last ? MCB_TYPE_LAST : MCB_TYPE_MID, DOS_PSP_SEG,
			      block_paras, name);
	if (!err && !last)
		err = put_mcb(gm, (uint16_t)end, MCB_TYPE_LAST, 0,
			      (uint16_t)(DOS_MEM_TOP_SEG - end - 1), NULL);
	return err;
}

static int build_psp(struct guest_mem *gm, const char *tail, uint16_t block_paras)
{
	uint8_t psp[PSP_SIZE];
	memset(psp, 0, sizeof(psp));
	psp[PSP_INT20] = 0xcd;
	psp[PSP_INT20 + 1] = 0x20;
	uint16_t top = (uint16_t)(DOS_PSP_SEG + block_paras);
	psp[PSP_MEM_TOP] = (uint8_t)top;
	psp[PSP_MEM_TOP + 1] = (uint8_t)(top >> 8);
	/* The vectors of INT 22h-24h as they were at load time (far pointers, offset first). */
	static const struct { unsigned field, vector; } saved[] = {
		{ PSP_TERMINATE, 0x22 }, { PSP_CTRL_C, 0x23 }, { PSP_CRIT_ERR, 0x24 },
	};
	for (size_t i = 0; i < sizeof(saved) / sizeof(saved[0]); i++) {
		uint64_t ptr = 0;
		if (gm_get(gm, saved[i].vector * 4u, 4, &ptr) != 0)
			return -EFAULT;
		for (int b = 0; b < 4; b++)
			psp[saved[i].field + b] = (uint8_t)(ptr >> (8 * b));
	}
	psp[PSP_PARENT] = (uint8_t)DOS_PSP_SEG;
	psp[PSP_PARENT + 1] = (uint8_t)(DOS_PSP_SEG >> 8);
	/* Handles 0-4 (stdin, stdout, stderr, aux, prn) are open; the rest free. */
	static const uint8_t jft_std[5] = { 1, 1, 1, 0, 2 };
	memset(psp + PSP_JFT, 0xff, DOS_MAX_HANDLES);
	memcpy(psp + PSP_JFT, jft_std, sizeof(jft_std));
	psp[PSP_ENV_SEG] = (uint8_t)DOS_ENV_SEG;
	psp[PSP_ENV_SEG + 1] = (uint8_t)(DOS_ENV_SEG >> 8);
	psp[PSP_JFT_SIZE] = DOS_MAX_HANDLES;
	psp[PSP_JFT_PTR] = PSP_JFT;
	psp[PSP_JFT_PTR + 2] = (uint8_t)DOS_PSP_SEG;
	psp[PSP_JFT_PTR + 3] = (uint8_t)(DOS_PSP_SEG >> 8);
	psp[PSP_DOS_CALL] = 0xcd;
	psp[PSP_DOS_CALL + 1] = 0x21;
	psp[PSP_DOS_CALL + 2] = 0xcb;
	size_t len = strlen(tail);
	psp[PSP_TAIL_LEN] = (uint8_t)len;
	memcpy(psp + PSP_TAIL, tail, len);
	psp[PSP_TAIL + len] = 0x0d;
	return gm_write(gm, (uint64_t)DOS_PSP_SEG * 16, psp, sizeof(psp));
}

int dos_build_process(struct guest_mem *gm, const char *prog_path, const char *tail,
		      uint16_t block_paras, char *err, size_t errlen)
{
	if (strlen(tail) > DOS_TAIL_MAX) {
		snprintf(err, errlen, "command tail longer than the %d characters DOS allows", DOS_TAIL_MAX);
		return -E2BIG;
	}
	if (block_paras < PSP_SIZE / 16 || (uint32_t)DOS_PSP_SEG + block_paras > DOS_MEM_TOP_SEG) {
		snprintf(err, errlen, "program memory block of %u paragraphs does not fit", block_paras);
		return -ENOMEM;
	}
	int r = build_environment(gm, prog_path, err, errlen);
	if (r == -ENAMETOOLONG)
		return r;
	if (!r)
		r = build_mcbs(gm, prog_path, block_paras);
	if (!r)
		r = build_psp(gm, tail, block_paras);
	if (r)
		snprintf(err, errlen, "cannot write the DOS process data: guest memory not mapped");
	return r;
}
