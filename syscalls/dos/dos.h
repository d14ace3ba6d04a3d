/* The DOS service layer: an emulated MS-DOS 5 kernel and BIOS for one real-mode program.
 *
 * How an interrupt is served. A program's `int n` goes through the interrupt vector table at
 * 0000:0000, as on a PC: the CPU pushes FLAGS, CS and IP, and runs the vector's target. By
 * default that is the vector's entry stub (loader/dos.h), `int n; iret`, whose own `int n`
 * is served here, natively: the pc is then in the I/O or DOS area. Results go back in the
 * registers, and the carry flag is set or cleared both in FLAGS and in the caller's FLAGS on
 * the stack, which the stub's iret restores. A vector the program replaced (function 25h)
 * runs the program's handler instead; chaining to the old vector reaches the stub.
 *
 * Services (INT 21h unless said): 00h and 4Ch terminate, INT 20h, 02h character output, 09h
 * '$'-string output, 25h/35h set/get vector, 30h version (5.0), 3Ch create, 3Dh open, 3Eh
 * close, 3Fh read, 40h write (CX = 0 truncates), 41h delete, 42h seek, 48h/49h/4Ah memory
 * blocks (on the MCB chain in guest memory), and INT 10h AH=0Eh teletype output (to host
 * stdout). Any other function is reported once on stderr ("not supported"); INT 21h answers
 * it with CF=1, AX=0001 (invalid function), other vectors return with registers unchanged.
 *
 * Files: DOS handles 0-4 are host stdin, stdout, stderr, and stderr for AUX and PRN; others
 * are host files opened by 3Ch/3Dh, 20 handles in all. Paths: there is one drive, C:, whose
 * root is the working directory ("C:\DIR\F.TXT" and "DIR\F.TXT" are both DIR/F.TXT there);
 * a name not found as given is looked up ignoring case in its directory, as DOS names have
 * no case. Bytes pass unchanged (no CR/LF translation). The environment names the program
 * as "C:\" and its path from the working directory.
 *
 * Time: a service takes no guest instructions, so each call is charged to the clock with
 * cpu_charge: I/O services (02h, 09h, 3Fh, 40h, INT 10h) DOS_COST_IO + DOS_COST_IO_BYTE per
 * byte moved, at the device-driver entry in the I/O area (0070:0800); every other service
 * DOS_COST_DOS, at its vector's stub (INT 21h: 0100:0108, in the DOS area). Ticks inside a
 * charge name that address, so the PROFIL program counts them as I/O or DOS hits. Charged
 * instructions are not retired instructions (--stats counts only those); process.charged sums
 * them. Exits are not charged. */
#ifndef PROFEMU_DOS_H
#define PROFEMU_DOS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../loader/dos.h"
#include "../process.h"

/* The cost model (instructions of guest time per service call). */
enum {
	DOS_COST_DOS = 100,
	DOS_COST_IO = 200,
	DOS_COST_IO_BYTE = 2,
};

struct dos_process {
	struct process p;	/* first: handlers receive &dp->p, and dos_of() goes back */
	struct dos_image img;
	const char *program;	/* as named on the command line, for messages */
	int fds[DOS_MAX_HANDLES];	/* host fd behind each DOS handle; -1: free */
	bool owned[DOS_MAX_HANDLES];	/* opened for the guest: closed with the handle */
	uint64_t io_bytes;	/* bytes the current I/O service moved, for its charge */
	uint64_t services;	/* service calls served */
	uint8_t unknown_seen[256 * 256 / 8];	/* (vector, AH) already reported */
	/* The clock: NULL sends ticks to process_on_tick (the profil core, --explain, and the
	 * count in p.ticks); the PROFIL program sets its own, which calls process_on_tick too. */
	uint64_t (*tick)(void *ctx, uint64_t pc, uint64_t retired);
	void *tick_ctx;
	/* Calls and returns (near and far), for the whole-program profiles (cli): set before
	 * dos_process_start, as `tick` is; NULL: not watched (the CPU runs faster). */
	void (*on_call)(void *ctx, uint64_t site, uint64_t ret_addr, uint64_t target, uint64_t retired);
	void (*on_ret)(void *ctx, uint64_t target, uint64_t retired);
	void *watch_ctx;
};

extern const struct sys_abi sys_abi_dos;

static inline struct dos_process *dos_of(struct process *p)
{
	return (struct dos_process *)p;
}

struct dos_start {
	const char *path;	/* the program file, also its name in the environment */
	const void *data;	/* if set: the file's contents (tests), loaded as `kind` */
	size_t size;
	enum dos_kind kind;
	const char *tail;	/* the command tail (dos_make_tail) */
	uint64_t max_insns;	/* 0: no limit */
	uint64_t first_tick;	/* instructions until the first tick; 0: none */
};

/* Builds memory, CPU and program. dp must be zeroed, with dp->p.cfg filled (strace, hz, tick,
 * pid...) and, if wanted, dp->tick set. Returns LOAD_OK or an error with err filled; either
 * way dos_process_end releases what was made. */
enum load_error dos_process_start(struct dos_process *dp, const struct dos_start *st,
				  char *err, size_t errlen);
/* Closes the guest's files and frees the CPU and memory. */
void dos_process_end(struct dos_process *dp);

/* The command tail DOS passes in the PSP: " arg1 arg2 ...". -E2BIG if longer than
 * DOS_TAIL_MAX (126) characters. */
int dos_make_tail(char *buf, size_t len, char *const *args, int nargs);

/* CPU events (ctx = the dos_process). */
void dos_on_interrupt(void *ctx, unsigned vector);
uint64_t dos_on_tick(void *ctx, uint64_t pc, uint64_t retired);
void dos_on_call(void *ctx, uint64_t site, uint64_t ret_addr, uint64_t target, uint64_t retired);
void dos_on_ret(void *ctx, uint64_t target, uint64_t retired);

/* Serves interrupt `vector` with the current registers, as the stub's `int` does (tests call
 * it directly). */
void dos_serve(struct dos_process *dp, unsigned vector);

/* DOS error code (1 invalid function, 2 file not found, ...) for a host errno; handlers return
 * the errno that names the DOS error (abi.c lists them). */
int dos_error_code(int host_errno);

/* Handles (svc_file.c): the host fd of a DOS handle, or -1. */
int dos_handle_fd(struct dos_process *dp, uint64_t handle);
void dos_handles_init(struct dos_process *dp);
void dos_handles_close_all(struct dos_process *dp);

/* Segment:offset to linear; a 16-bit register pair from the CPU. */
/* The code segment the CPU runs in (CS), to name a real-mode pc as CS:IP. */
uint64_t dos_code_segment(struct cpu *cpu);

static inline uint64_t dos_linear(uint64_t seg, uint64_t off)
{
	return ((seg & 0xffff) << 4) + (off & 0xffff);
}

#endif
