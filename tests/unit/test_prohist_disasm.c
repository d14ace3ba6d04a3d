/* prohist --annotate's pieces: the decoder table (x86-64, i386 and 16-bit through Capstone;
 * hppa and IA-64 through their back ends' own decoders; an architecture without one must say
 * so rather than fail), undecodable bytes, and where a
 * DOS program's bytes are: a .COM image at PSP:0100, an MZ image (the file after its header)
 * at the same linear address; then the annotation of a DOS profile end to end. */
#include <criterion/criterion.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tools/prohist/disasm.h"
#include "tools/prohist/prf_load.h"
#include "tools/prohist/view.h"

static void expect_insn(enum cpu_arch arch, const uint8_t *code, size_t len, uint64_t addr,
			unsigned size, const char *mnemonic, const char *operands)
{
	char err[128];
	struct disasm *d = disasm_open(arch, err, sizeof(err));
	cr_assert_not_null(d, "%s", err);
	struct disasm_insn insn;
	memset(&insn, 0xff, sizeof(insn));	/* nothing shown may come from the caller's stack */
	cr_expect_eq(disasm_one(d, code, len, addr, &insn), size);
	cr_expect_str_eq(insn.mnemonic, mnemonic);
	cr_expect_str_eq(insn.operands, operands);
	cr_expect_str_eq(insn.more, "");
	disasm_close(d);
}

Test(prohist_disasm, x86_modes)
{
	expect_insn(CPU_ARCH_X86_64, (const uint8_t *)"\x48\x89\xe5", 3, 0x401000, 3, "mov", "rbp, rsp");
	expect_insn(CPU_ARCH_I386, (const uint8_t *)"\x89\xe5", 2, 0x8049000, 2, "mov", "ebp, esp");
	/* 16-bit: mov ax, 0x4c00; a near jump's target is an offset in the segment. */
	expect_insn(CPU_ARCH_I8086, (const uint8_t *)"\xb8\x00\x4c", 3, 0x100, 3, "mov", "ax, 0x4c00");
	expect_insn(CPU_ARCH_I8086, (const uint8_t *)"\xeb\xfe", 2, 0x104, 2, "jmp", "0x104");
	/* Not an instruction: one byte at a time, as objdump steps. */
	expect_insn(CPU_ARCH_X86_64, (const uint8_t *)"\x06", 1, 0x401000, 1, "(bad)", "");
	/* Cut short: the bytes for the rest of it are missing. */
	expect_insn(CPU_ARCH_X86_64, (const uint8_t *)"\x48\x89", 2, 0x401000, 1, "(bad)", "");
}

Test(prohist_disasm, missing_decoders_say_so)
{
	char err[128] = "";
	cr_expect_null(disasm_open((enum cpu_arch)99, err, sizeof(err)));
	cr_expect_str_eq(err, "no ? disassembler yet");
}

/* An IA-64 bundle is one instruction of 16 bytes: its template and first slot on the first
 * line, the other slots after, as ia64-linux-gnu-objdump -d lists them. */
Test(prohist_disasm, ia64_bundle)
{
	char err[128] = "";
	struct disasm *d = disasm_open(CPU_ARCH_IA64, err, sizeof(err));
	cr_assert_not_null(d, "%s", err);
	/* guests/ia64/bin/hello's _init, 0x4000000000000180 */
	static const uint8_t b[] = { 0x00, 0x10, 0x0d, 0x06, 0x80, 0x05, 0x00, 0x02,
				     0x30, 0x00, 0x42, 0x20, 0x04, 0x00, 0xc4, 0x00 };
	struct disasm_insn in;
	cr_assert_eq(disasm_one(d, b, sizeof(b), 0x4000000000000180u, &in), 16);
	cr_expect_str_eq(in.mnemonic, "[MII]");
	cr_expect_str_eq(in.operands, "alloc r34=ar.pfs,3,3,0");
	cr_expect_str_eq(in.more, "mov r32=r12\nmov r33=b0");
	/* cut short: steps a whole bundle */
	cr_assert_eq(disasm_one(d, b, 8, 0x4000000000000180u, &in), 16);
	cr_expect_str_eq(in.mnemonic, "(bad)");
	disasm_close(d);
}

/* hppa words decode as objdump prints them: mnemonic with completers, operands apart; a word
 * that is no instruction steps 4 bytes as "(bad)". */
Test(prohist_disasm, hppa_words)
{
	char err[128] = "";
	struct disasm *d = disasm_open(CPU_ARCH_HPPA, err, sizeof(err));
	cr_assert_not_null(d, "%s", err);
	/* 0x10e8c: 4f 93 00 08   ldw,ma 4(ret0),r19 (from a glibc build's objdump) */
	static const uint8_t ldwma[] = { 0x4f, 0x93, 0x00, 0x08 };
	struct disasm_insn in;
	cr_assert_eq(disasm_one(d, ldwma, sizeof(ldwma), 0x10e8c, &in), 4);
	cr_expect_str_eq(in.mnemonic, "ldw,ma");
	cr_expect_str_eq(in.operands, "4(ret0),r19");
	static const uint8_t zero[] = { 0, 0, 0 };
	cr_assert_eq(disasm_one(d, zero, sizeof(zero), 0x1000, &in), 4);
	cr_expect_str_eq(in.mnemonic, "(bad)");
	disasm_close(d);
}

static void write_file(const char *path, const void *p, size_t n)
{
	FILE *f = fopen(path, "wb");
	cr_assert_not_null(f);
	cr_assert_eq(fwrite(p, 1, n, f), n);
	fclose(f);
}

/* A small real-mode program: mov ah, 9; mov dx, 0x10c; int 0x21; mov ax, 0x4c00; int 0x21. */
static const uint8_t com_code[] = { 0xb4, 0x09, 0xba, 0x0c, 0x01, 0xcd, 0x21,
				    0xb8, 0x00, 0x4c, 0xcd, 0x21 };

static struct prf_data dos_profile(uint64_t *b)
{
	/* PSP at 0x1000; 0x100 bytes of PSP, then the image; 32 buckets of 1 paragraph. */
	memset(b, 0, 32 * sizeof(*b));
	b[0x10] = 20;	/* 1000:0100-1000:010F: the code */
	b[0x02] = 3;	/* inside the PSP: nothing of the file there */
	return (struct prf_data){ .dos = true, .clock_grain = 55000, .bucket_num = 32,
				  .bucket_siz = 1, .prog_low = 0x1000, .prog_high = 0x1020,
				  .dos_pa = 0x700, .hit_io = 1, .hit_dos = 2, .hit_high = 3,
				  .buckets = b };
}

Test(prohist_disasm, com_and_mz_images)
{
	char dir[] = "/tmp/prohist-dos-XXXXXX";
	cr_assert_not_null(mkdtemp(dir));
	char com[256], exe[256];
	snprintf(com, sizeof(com), "%s/T.COM", dir);
	snprintf(exe, sizeof(exe), "%s/T.EXE", dir);
	write_file(com, com_code, sizeof(com_code));
	/* An MZ file: a 32-byte header (2 paragraphs), then the same code. */
	uint8_t mz[32 + sizeof(com_code)] = { 'M', 'Z' };
	size_t total = sizeof(mz);
	mz[2] = (uint8_t)(total % 512), mz[3] = 0;	/* bytes in the last page */
	mz[4] = 1, mz[5] = 0;				/* pages */
	mz[8] = 2, mz[9] = 0;				/* header paragraphs */
	memcpy(mz + 32, com_code, sizeof(com_code));
	write_file(exe, mz, sizeof(mz));

	uint64_t b[32];
	struct prf_data d = dos_profile(b);
	const char *files[2] = { com, exe };
	for (int k = 0; k < 2; k++) {
		struct program p;
		char err[256];
		cr_assert_eq(program_open(&p, files[k], &d, err, sizeof(err)), 0, "%s", err);
		cr_expect_eq(p.arch, CPU_ARCH_I8086);
		const uint8_t *code;
		cr_expect_eq(program_bytes(&p, 0x10100, 64, &code), sizeof(com_code), "%s", files[k]);
		cr_expect_eq(memcmp(code, com_code, sizeof(com_code)), 0, "%s", files[k]);
		cr_expect_eq(program_bytes(&p, 0x100ff, 1, &code), 0, "the PSP is not in the file");
		cr_expect_eq(program_bytes(&p, 0x10100 + sizeof(com_code), 1, &code), 0);
		program_close(&p);
	}
	/* An MZ header that claims more header than file. */
	mz[8] = 0x40;
	write_file(exe, mz, sizeof(mz));
	struct program p;
	char err[256] = "";
	cr_expect_eq(program_open(&p, exe, &d, err, sizeof(err)), -1);
	cr_expect_str_eq(err, "corrupt MZ header");
	char cmd[300];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	cr_expect_eq(system(cmd), 0);
}

Test(prohist_disasm, dos_annotation)
{
	char path[] = "/tmp/prohist-com-XXXXXX";
	int fd = mkstemp(path);
	cr_assert_geq(fd, 0);
	close(fd);
	write_file(path, com_code, sizeof(com_code));
	uint64_t b[32];
	struct prf_data d = dos_profile(b);
	struct hist h;
	struct program p;
	char err[256];
	cr_assert_eq(hist_init(&h, &d, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(program_open(&p, path, &d, err, sizeof(err)), 0, "%s", err);
	struct view v;
	cr_assert_eq(view_init(&v, "T.PRF", &h, &p, false, 0, 5, 50), 0);
	char *text;
	size_t len;
	FILE *f = open_memstream(&text, &len);
	cr_assert_eq(report_annotate(f, &v), 0);
	fclose(f);
	/* The hottest first: the code's bucket, decoded at its IP offsets. */
	const char *want =
		"\n== 1000:0100-1000:010F  20 ticks  68.97% ==\n"
		"  1000:0100  b409                  mov ah, 9\n"
		"  1000:0102  ba0c01                mov dx, 0x10c\n"
		"  1000:0105  cd21                  int 0x21\n"
		"  1000:0107  b8004c                mov ax, 0x4c00\n"
		"  1000:010A  cd21                  int 0x21\n"
		"  (1000:010C-1000:010F is not in ";
	cr_expect_eq(strncmp(text, want, strlen(want)), 0, "got:\n%s\nwant:\n%s", text, want);
	cr_expect(strstr(text, "\n== 1000:0020-1000:002F  3 ticks  10.34% ==\n"
			       "  (1000:0020-1000:002F is not in "), "%s", text);
	free(text);
	view_free(&v);
	/* Without a program file: one line per bucket says so. */
	cr_assert_eq(view_init(&v, "T.PRF", &h, NULL, false, 0, 5, 50), 0);
	f = open_memstream(&text, &len);
	cr_assert_eq(report_annotate(f, &v), 0);
	fclose(f);
	cr_expect(strstr(text, "  (no program file: nothing to disassemble)\n"), "%s", text);
	free(text);
	view_free(&v);
	program_close(&p);
	unlink(path);
}
