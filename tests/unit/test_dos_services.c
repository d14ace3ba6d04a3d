/* The DOS services at the register level: each function's effect on registers, flags (live
 * and in the caller's frame), memory and host files, its error path, its charge to the clock;
 * and the way there through the CPU (vector table, stub, iret). Each test runs in a fresh
 * temporary working directory (drive C:). */
#include <criterion/criterion.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "emu/x86/regs.h"
#include "syscalls/dos/dos.h"

static struct dos_process *dp;
static char dir[64], old_cwd[4096];
static int out_fd = -1;	/* DOS handle 1 writes here */

/* A .COM that ends at once; the tests drive the services themselves. */
static const uint8_t int20[] = { 0xcd, 0x20 };

#define FRAME_SP 0xfff0u	/* a fake interrupt frame: IP, CS, FLAGS */

static void setup(void)
{
	cr_assert_not_null(getcwd(old_cwd, sizeof(old_cwd)));
	snprintf(dir, sizeof(dir), "/tmp/dos_services_XXXXXX");
	cr_assert_not_null(mkdtemp(dir));
	cr_assert_eq(chdir(dir), 0);
	dp = calloc(1, sizeof(*dp));
	dp->p.cfg.hz = 100;
	dp->p.cfg.tick = 10000;
	dp->p.cfg.pid = 1000;
	struct dos_start st = { .path = "TEST.COM", .data = int20, .size = sizeof(int20), .kind = DOS_COM,
				.tail = "" };
	char err[256];
	cr_assert_eq(dos_process_start(dp, &st, err, sizeof(err)), LOAD_OK, "%s", err);
	out_fd = open("stdout.txt", O_RDWR | O_CREAT | O_TRUNC, 0644);
	dp->fds[1] = out_fd;
	struct cpu *cpu = dp->p.cpu;
	cpu_set_reg(cpu, X86_SP, FRAME_SP);
	gm_put(&dp->p.mem, 0x8000 + FRAME_SP + 4, 2, 0x0202);
}

static void teardown(void)
{
	dos_process_end(dp);
	free(dp);
	close(out_fd);
	cr_assert_eq(chdir(old_cwd), 0);
	char cmd[128];
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	cr_assert_eq(system(cmd), 0);
}

TestSuite(dos_services, .init = setup, .fini = teardown);

static uint64_t reg(int r)
{
	return cpu_reg(dp->p.cpu, r);
}

static void set(int r, uint64_t v)
{
	cpu_set_reg(dp->p.cpu, r, v);
}

static void int21(uint64_t ax)
{
	set(X86_AX, ax);
	dos_serve(dp, 0x21);
}

static bool carry(void)
{
	uint64_t frame = 0;
	gm_get(&dp->p.mem, 0x8000 + FRAME_SP + 4, 2, &frame);
	bool live = reg(X86_FLAGS) & X86_FLAG_CF;
	cr_assert_eq(live, (frame & X86_FLAG_CF) != 0, "CF in FLAGS and in the caller's frame agree");
	return live;
}

/* The error code of a failed call. */
static uint64_t fails(void)
{
	cr_assert(carry(), "CF set");
	return reg(X86_AX);
}

static void ok(void)
{
	cr_assert(!carry(), "CF clear (AX=%04lx)", (unsigned long)reg(X86_AX));
}

/* Puts an ASCIIZ (or '$') string at DS:DX = PSP:0200. */
static void at_dx(const char *s)
{
	cr_assert_eq(gm_write(&dp->p.mem, 0x8000 + 0x200, s, strlen(s) + 1), 0);
	set(X86_DS, 0x0800);
	set(X86_DX, 0x200);
}

static size_t captured(char *buf, size_t len)
{
	ssize_t n = pread(out_fd, buf, len - 1, 0);
	cr_assert_geq(n, 0);
	buf[n] = 0;
	return (size_t)n;
}

Test(dos_services, version)
{
	uint64_t before = dp->p.charged;
	int21(0x3000);
	cr_assert_eq(reg(X86_AX), 0x0005);
	cr_assert_eq(reg(X86_BX), 0xff00);
	cr_assert_eq(reg(X86_CX), 0);
	cr_assert_eq(dp->p.charged - before, DOS_COST_DOS);
}

Test(dos_services, character_and_string_output)
{
	uint64_t before = dp->p.charged;
	set(X86_DX, 'A');
	int21(0x0200);
	cr_assert_eq(reg(X86_AX), 0x0241, "AL = the character");
	cr_assert_eq(dp->p.charged - before, DOS_COST_IO + DOS_COST_IO_BYTE);
	at_dx("Hi there$not this");
	before = dp->p.charged;
	int21(0x0900);
	cr_assert_eq(reg(X86_AX) & 0xff, '$');
	cr_assert_eq(dp->p.charged - before, DOS_COST_IO + 8 * DOS_COST_IO_BYTE);
	char buf[64];
	captured(buf, sizeof(buf));
	cr_assert_str_eq(buf, "AHi there");
}

Test(dos_services, bios_teletype_writes_host_stdout)
{
	int saved = dup(STDOUT_FILENO);
	int fd = open("tty.txt", O_RDWR | O_CREAT | O_TRUNC, 0644);
	dup2(fd, STDOUT_FILENO);
	set(X86_AX, 0x0e5a);
	set(X86_BX, 0x1234);
	dos_serve(dp, 0x10);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	char c = 0;
	cr_assert_eq(pread(fd, &c, 1, 0), 1);
	close(fd);
	cr_assert_eq(c, 'Z');
	cr_assert_eq(reg(X86_AX), 0x0e5a, "registers kept");
	cr_assert_eq(reg(X86_BX), 0x1234);
}

Test(dos_services, set_and_get_vector)
{
	set(X86_DS, 0x1234);
	set(X86_DX, 0x5678);
	int21(0x2560);
	uint64_t off = 0, seg = 0;
	gm_get(&dp->p.mem, 0x60 * 4, 2, &off);
	gm_get(&dp->p.mem, 0x60 * 4 + 2, 2, &seg);
	cr_assert_eq(off, 0x5678);
	cr_assert_eq(seg, 0x1234);
	int21(0x3560);
	cr_assert_eq(reg(X86_ES), 0x1234);
	cr_assert_eq(reg(X86_BX), 0x5678);
	cr_assert_eq(reg(X86_AX), 0x3560, "AX kept");
	int21(0x3521);
	cr_assert_eq(reg(X86_ES) * 16 + reg(X86_BX), dos_stub_linear(0x21));
}

Test(dos_services, file_round_trip)
{
	at_dx("C:\\OUT.TXT");
	set(X86_CX, 0);
	int21(0x3c00);
	ok();
	uint64_t h = reg(X86_AX);
	cr_assert_eq(h, 5, "the lowest free handle");
	uint64_t jft = 0;
	gm_get(&dp->p.mem, 0x8000 + PSP_JFT + 5, 1, &jft);
	cr_assert_eq(jft, 5);
	cr_assert_eq(access("OUT.TXT", F_OK), 0, "C:\\ is the working directory");

	gm_write(&dp->p.mem, 0x8000 + 0x300, "hello", 5);
	set(X86_BX, h);
	set(X86_DX, 0x300);
	set(X86_CX, 5);
	uint64_t before = dp->p.charged;
	int21(0x4000);
	ok();
	cr_assert_eq(reg(X86_AX), 5);
	cr_assert_eq(dp->p.charged - before, DOS_COST_IO + 5 * DOS_COST_IO_BYTE);
	set(X86_BX, h);
	int21(0x3e00);
	ok();
	gm_get(&dp->p.mem, 0x8000 + PSP_JFT + 5, 1, &jft);
	cr_assert_eq(jft, 0xff);

	at_dx("out.txt");	/* another case: found ignoring it */
	int21(0x3d00);
	ok();
	h = reg(X86_AX);
	set(X86_BX, h);
	set(X86_CX, 0xffff);	/* -2 from the end */
	set(X86_DX, 0xfffe);
	int21(0x4202);
	ok();
	cr_assert_eq(reg(X86_AX), 3);
	cr_assert_eq(reg(X86_DX), 0);
	set(X86_BX, h);
	set(X86_DX, 0x400);
	set(X86_CX, 100);
	int21(0x3f00);
	ok();
	cr_assert_eq(reg(X86_AX), 2);
	char got[3] = { 0 };
	gm_read(&dp->p.mem, 0x8000 + 0x400, got, 2);
	cr_assert_str_eq(got, "lo");
	set(X86_BX, h);
	set(X86_CX, 100);
	int21(0x3f00);
	ok();
	cr_assert_eq(reg(X86_AX), 0, "end of file");
	set(X86_BX, h);
	int21(0x3e00);
	ok();

	at_dx("Out.Txt");
	int21(0x4100);
	ok();
	cr_assert_neq(access("OUT.TXT", F_OK), 0);
}

Test(dos_services, write_of_zero_bytes_truncates)
{
	int fd = open("T.BIN", O_WRONLY | O_CREAT, 0644);
	cr_assert_eq(write(fd, "0123456789", 10), 10);
	close(fd);
	at_dx("T.BIN");
	int21(0x3d02);
	ok();
	uint64_t h = reg(X86_AX);
	set(X86_BX, h);
	set(X86_CX, 0);
	set(X86_DX, 4);
	int21(0x4200);
	ok();
	set(X86_BX, h);
	set(X86_CX, 0);
	int21(0x4000);
	ok();
	struct stat st;
	cr_assert_eq(stat("T.BIN", &st), 0);
	cr_assert_eq(st.st_size, 4);
}

Test(dos_services, file_errors)
{
	at_dx("MISSING.TXT");
	int21(0x3d00);
	cr_assert_eq(fails(), 2, "file not found");
	int21(0x4100);
	cr_assert_eq(fails(), 2);
	at_dx("");
	int21(0x3d00);
	cr_assert_eq(fails(), 2, "empty name");
	at_dx("NODIR\\X.TXT");
	int21(0x3c00);
	cr_assert_eq(fails(), 2);
	mkdir("SUB", 0755);
	at_dx("SUB");
	int21(0x3d00);
	cr_assert_eq(fails(), 5, "a directory: access denied");
	set(X86_CX, 0x10);
	at_dx("NEWDIR");
	int21(0x3c00);
	cr_assert_eq(fails(), 5, "directory attribute");
	at_dx("X.TXT");
	int21(0x3d03);
	cr_assert_eq(fails(), 0x0c, "invalid access code");

	set(X86_BX, 99);
	int21(0x3e00);
	cr_assert_eq(fails(), 6, "invalid handle");
	set(X86_BX, 12);
	set(X86_CX, 1);
	int21(0x3f00);
	cr_assert_eq(fails(), 6);
	set(X86_BX, 1);
	int21(0x4203);
	cr_assert_eq(fails(), 1, "bad seek origin");

	/* a buffer running past the end of memory */
	set(X86_BX, 1);
	set(X86_DS, 0xffff);
	set(X86_DX, 0xfff0);
	set(X86_CX, 0xffff);
	int21(0x4000);
	cr_assert_eq(fails(), 9);

	int fd = open("S.BIN", O_WRONLY | O_CREAT, 0644);
	close(fd);
	at_dx("S.BIN");
	int21(0x3d00);
	ok();
	set(X86_BX, reg(X86_AX));
	set(X86_CX, 0xffff);
	set(X86_DX, 0xfff0);
	int21(0x4200);
	cr_assert_eq(fails(), 0x19, "seek before the start");
}

Test(dos_services, handles_run_out_at_twenty)
{
	int fd = open("F.TXT", O_WRONLY | O_CREAT, 0644);
	close(fd);
	at_dx("F.TXT");
	for (int h = 5; h < DOS_MAX_HANDLES; h++) {
		int21(0x3d00);
		ok();
		cr_assert_eq(reg(X86_AX), (uint64_t)h);
	}
	int21(0x3d00);
	cr_assert_eq(fails(), 4, "too many open files");
	set(X86_BX, 0);	/* closing stdin frees handle 0, but not the host's fd 0 */
	int21(0x3e00);
	ok();
	int21(0x3d00);
	ok();
	cr_assert_eq(reg(X86_AX), 0);
	cr_assert_neq(fcntl(STDIN_FILENO, F_GETFD), -1);
}

/* The program's memory block (PSP 0800) starts with all memory: shrink it first. */
Test(dos_services, memory_blocks)
{
	set(X86_BX, 0x100);
	int21(0x4800);
	cr_assert_eq(fails(), 8, "all memory belongs to the .COM");
	cr_assert_eq(reg(X86_BX), 0);

	set(X86_ES, 0x0800);
	set(X86_BX, 0x1000);
	int21(0x4a00);
	ok();
	cr_assert_eq(reg(X86_AX), 0x4a00, "AX kept");
	set(X86_BX, 0x100);
	int21(0x4800);
	ok();
	uint64_t a = reg(X86_AX);
	cr_assert_eq(a, 0x1801, "first fit: right after the program's block and its MCB");
	set(X86_BX, 0x100);
	int21(0x4800);
	ok();
	uint64_t b = reg(X86_AX);
	cr_assert_eq(b, 0x1902);

	set(X86_ES, a);	/* a cannot grow: b follows it */
	set(X86_BX, 0x200);
	int21(0x4a00);
	cr_assert_eq(fails(), 8);
	cr_assert_eq(reg(X86_BX), 0x100);
	set(X86_ES, b);
	int21(0x4900);
	ok();
	set(X86_ES, a);	/* now it can, into b's free block */
	set(X86_BX, 0x200);
	int21(0x4a00);
	ok();

	set(X86_BX, 0xffff);
	int21(0x4800);
	cr_assert_eq(fails(), 8);
	cr_assert_eq(reg(X86_BX), 0xa000 - 0x1a01 - 1, "the largest free block");

	set(X86_ES, 0x1234);
	int21(0x4900);
	cr_assert_eq(fails(), 9, "not a block");
	set(X86_ES, a);
	int21(0x4900);
	ok();
	set(X86_BX, 0xa000 - 0x1801);	/* everything after the program's block */
	int21(0x4800);
	ok();
	cr_assert_eq(reg(X86_AX), 0x1801, "freed blocks were merged");
}

Test(dos_services, broken_mcb_chain)
{
	gm_put(&dp->p.mem, DOS_PROG_MCB_SEG * 16, 1, 'X');
	set(X86_BX, 1);
	int21(0x4800);
	cr_assert_eq(fails(), 7, "memory control blocks destroyed");
	set(X86_ES, 0x0800);
	int21(0x4a00);
	cr_assert_eq(fails(), 7);
}

Test(dos_services, unknown_functions)
{
	set(X86_BX, 0x4242);
	int21(0x7700);
	cr_assert_eq(fails(), 1, "invalid function");
	cr_assert_eq(reg(X86_BX), 0x4242);
	set(X86_AX, 0x0101);
	dos_serve(dp, 0x16);	/* a BIOS service we do not have: nothing changes */
	cr_assert_eq(reg(X86_AX), 0x0101);
	cr_assert(!dp->p.ended);
}

Test(dos_services, exits)
{
	int21(0x4c07);
	cr_assert(dp->p.ended);
	cr_assert_eq(dp->p.exit_code, 7);
}

Test(dos_services, int20_exits_with_zero)
{
	dos_serve(dp, 0x20);
	cr_assert(dp->p.ended);
	cr_assert_eq(dp->p.exit_code, 0);
}

/* ---- Through the CPU --------------------------------------------------------------------- */

struct ticks {
	uint64_t pcs[64];
	int n;
};

static uint64_t record_tick(void *ctx, uint64_t pc, uint64_t retired)
{
	struct ticks *t = ctx;
	(void)retired;
	if (t->n < 64)
		t->pcs[t->n] = pc;
	t->n++;
	return 50;
}

static void run_program(const uint8_t *code, size_t len, struct ticks *t)
{
	dos_process_end(dp);
	memset(dp, 0, sizeof(*dp));
	dp->p.cfg.hz = 100;
	dp->p.cfg.tick = 10000;
	if (t) {
		dp->tick = record_tick;
		dp->tick_ctx = t;
	}
	struct dos_start st = { .path = "PROG.COM", .data = code, .size = len, .kind = DOS_COM,
				.first_tick = t ? 50 : 0 };
	char err[256];
	cr_assert_eq(dos_process_start(dp, &st, err, sizeof(err)), LOAD_OK, "%s", err);
	dp->fds[1] = out_fd;	/* not the test's own stdout */
	struct cpu_fault f;
	while (cpu_run(dp->p.cpu, &f) == CPU_STOP_REQUESTED && !dp->p.ended)
		;
	cr_assert(dp->p.ended, "%s", f.detail);
}

Test(dos_services, carry_reaches_the_program_through_iret)
{
	/* mov bx, 99; mov ah, 3Eh; int 21h; pushf; pop dx; mov si, ax; clc; mov ah, 30h;
	 * int 21h; pushf; pop di; int 20h */
	static const uint8_t code[] = { 0xbb, 0x63, 0x00, 0xb4, 0x3e, 0xcd, 0x21, 0x9c, 0x5a, 0x89, 0xc6,
					0xf8, 0xb4, 0x30, 0xcd, 0x21, 0x9c, 0x5f, 0xcd, 0x20 };
	run_program(code, sizeof(code), NULL);
	cr_assert_eq(reg(X86_SI), 6, "invalid handle");
	cr_assert_eq(reg(X86_DX) & X86_FLAG_CF, X86_FLAG_CF, "CF after the failed close");
	cr_assert_eq(reg(X86_DI) & X86_FLAG_CF, 0, "30h leaves the caller's flags (CF clear)");
	cr_assert_eq(reg(X86_DI) & X86_FLAG_IF, X86_FLAG_IF, "iret restored IF");
	cr_assert_eq(reg(X86_SP), 0xfffe - 6, "each frame popped but the last (INT 20h's)");
	/* 3 with the int, 2 in the stub (int, iret); 6, 2; 3, 1 (int 20h's stub ends it) */
	cr_assert_eq(cpu_retired(dp->p.cpu), 3 + 2 + 6 + 2 + 3 + 1);
}

Test(dos_services, ret_to_the_psp_ends_the_program)
{
	static const uint8_t code[] = { 0xc3 };	/* ret */
	run_program(code, sizeof(code), NULL);
	cr_assert_eq(dp->p.exit_code, 0);
	cr_assert_eq(cpu_retired(dp->p.cpu), 1 + 1 + 1, "ret, int 20h at PSP:0, the stub's int");
}

Test(dos_services, ticks_in_a_service_name_its_area)
{
	/* mov ah, 30h; int 21h (DOS: 100); mov ah, 2; mov dl, 'x'; int 21h (I/O: 202); int 20h.
	 * Ticks every 50 on the clock. At the stub's int (retired 3) the DOS charge spans clock
	 * [3, 103): ticks 50, 100. The next, due at clock 150, is now 50 real instructions away;
	 * at the second stub's int (retired 8) the I/O charge spans [8, 210): 4 more ticks (the
	 * same ones on the clock: 150, 200, 250, 300). Then 3 instructions to the end: no tick. */
	static const uint8_t code[] = { 0xb4, 0x30, 0xcd, 0x21, 0xb4, 0x02, 0xb2, 0x78, 0xcd, 0x21, 0xcd, 0x20 };
	struct ticks t = { 0 };
	run_program(code, sizeof(code), &t);
	/* 4 instructions before the charge of 100 (clock 4-103): ticks at 50, 100 in DOS;
	 * 4 more real ones (106, 107, ...: none due), then 202 at the driver: 150, 200, 250, 300 */
	cr_assert_eq(t.n, 6);
	for (int i = 0; i < 2; i++)
		cr_assert_eq(t.pcs[i], dos_stub_linear(0x21), "tick %d", i);
	for (int i = 2; i < 6; i++)
		cr_assert_eq(t.pcs[i], dos_io_driver_linear(), "tick %d", i);
	cr_assert_eq(dp->p.charged, DOS_COST_DOS + DOS_COST_IO + DOS_COST_IO_BYTE);
}
