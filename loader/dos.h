/* Loading a DOS program (.COM or MZ .EXE) into an 8086 real-mode memory image, as MS-DOS 5
 * would: interrupt vectors, emulated BIOS and DOS entry stubs, the environment, the memory
 * control blocks, the program segment prefix (PSP) and the program itself. Knows nothing of
 * the CPU or of how the services work (syscalls/dos/).
 *
 * The memory layout is fixed, so that profiles and fault messages are reproducible. Segments
 * are paragraph numbers (16 bytes); a linear address is segment * 16 + offset.
 *
 *   0000:0000  interrupt vector table: 256 far pointers, each to its vector's entry stub
 *   0040:0000  BIOS data area (memory size at 0040:0013; the rest zero)
 *   0070:0000  the I/O area (IO.SYS's traditional segment): the stub of every vector DOS does
 *              not own (the BIOS's, INT 10h among them), 8 bytes each at offset vector * 8;
 *              at 0070:0800 the entry the emulated device drivers are charged to
 *   0100:0000  the DOS area (dos_pa): the stubs of vectors 20h-3Fh, at offset vector * 8
 *   0780:0000  the environment's memory control block (MCB); the environment at 0781:0000
 *   07FF:0000  the program's MCB
 *   0800:0000  the PSP (prog_low_pa); the image right after it, at 0810:0000 (= PSP:0100)
 *   A000:0000  memory top (640 KiB): the PSP's word at offset 2, where the MCB chain ends
 *   A000-10FFF not used by DOS; mapped (writable, like video memory) so no real-mode address
 *              can fault: with A20 on, FFFF:FFFF is 0x10FFEF
 *
 * An entry stub is `int n; iret` (CD n CF). A program's `int n` goes through the vector table
 * to the stub, and the stub's own `int n` is where the service layer serves the call: the pc
 * is then inside the I/O or DOS area, and so is every tick charged to the service. */
#ifndef PROFEMU_DOS_LOADER_H
#define PROFEMU_DOS_LOADER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../emu/guest_mem.h"
#include "loader.h"

enum {
	DOS_MEM_LIMIT = 0x110000,	/* guest_mem addr_limit: 1 MiB + 64 KiB (HMA) */
	DOS_PAGE_SIZE = 4096,
	DOS_IVT_SEG = 0x0000,
	DOS_BDA_SEG = 0x0040,
	DOS_IO_SEG = 0x0070,		/* the I/O area (BIOS / IO.SYS) */
	DOS_IO_DRIVER_OFF = 0x0800,	/* 0070:0800: where device-driver work is charged */
	DOS_DOS_SEG = 0x0100,		/* the DOS area: dos_pa */
	DOS_ENV_MCB_SEG = 0x0780,
	DOS_ENV_SEG = 0x0781,
	DOS_ENV_PARAS = 0x007e,		/* 2016 bytes: the environment block */
	DOS_PROG_MCB_SEG = 0x07ff,
	DOS_PSP_SEG = 0x0800,		/* prog_low_pa */
	DOS_MEM_TOP_SEG = 0xa000,	/* 640 KiB */
	DOS_STUB_SIZE = 8,
	DOS_FIRST_DOS_VECTOR = 0x20,	/* vectors 20h-3Fh are DOS's; the rest the BIOS's */
	DOS_LAST_DOS_VECTOR = 0x3f,
	DOS_COM_MAX = 0xff00,		/* the largest .COM image: 64 KiB less PSP and a stack word */
	DOS_TAIL_MAX = 126,		/* command-tail characters (PSP:0080 count, then CR) */
	DOS_MAX_HANDLES = 20,		/* the PSP's job file table */
};

/* PSP fields (offsets into the program segment prefix). */
enum {
	PSP_INT20 = 0x00,	/* CD 20: a program that returns to PSP:0000 ends */
	PSP_MEM_TOP = 0x02,	/* segment just past the program's memory block */
	PSP_TERMINATE = 0x0a,	/* INT 22h, 23h, 24h vectors at load time */
	PSP_CTRL_C = 0x0e,
	PSP_CRIT_ERR = 0x12,
	PSP_PARENT = 0x16,	/* the parent's PSP: here the program's own, as for a shell */
	PSP_JFT = 0x18,		/* 20 one-byte handle slots; FF = free */
	PSP_ENV_SEG = 0x2c,
	PSP_JFT_SIZE = 0x32,
	PSP_JFT_PTR = 0x34,
	PSP_DOS_CALL = 0x50,	/* CD 21 CB: int 21h; retf */
	PSP_FCB1 = 0x5c,
	PSP_FCB2 = 0x6c,
	PSP_TAIL_LEN = 0x80,
	PSP_TAIL = 0x81,
	PSP_SIZE = 0x100,
};

/* A memory control block: the paragraph before each block of the chain. */
enum {
	MCB_TYPE = 0,		/* 'M': another block follows; 'Z': the last one */
	MCB_OWNER = 1,		/* the owner's PSP segment; 0: free */
	MCB_SIZE = 3,		/* paragraphs in the block, not counting the MCB */
	MCB_NAME = 8,		/* owner's program name, 8 bytes, not NUL-terminated if full */
	MCB_TYPE_MID = 'M',
	MCB_TYPE_LAST = 'Z',
};

/* The vector's entry stub: far pointer and linear address. */
static inline uint16_t dos_stub_seg(unsigned vector)
{
	return vector >= DOS_FIRST_DOS_VECTOR && vector <= DOS_LAST_DOS_VECTOR ? DOS_DOS_SEG : DOS_IO_SEG;
}

static inline uint16_t dos_stub_off(unsigned vector)
{
	return (uint16_t)(vector * DOS_STUB_SIZE);
}

static inline uint32_t dos_stub_linear(unsigned vector)
{
	return (uint32_t)dos_stub_seg(vector) * 16 + dos_stub_off(vector);
}

/* Where the work of a device driver (console, disk) is charged: inside the I/O area. */
static inline uint32_t dos_io_driver_linear(void)
{
	return (uint32_t)DOS_IO_SEG * 16 + DOS_IO_DRIVER_OFF;
}

enum dos_kind { DOS_COM, DOS_EXE };

/* The program as loaded: where it starts and the paragraph bounds the PROFIL program uses. */
struct dos_image {
	enum dos_kind kind;
	uint16_t psp_seg;	/* DOS_PSP_SEG */
	uint16_t load_seg;	/* the image's first paragraph: psp_seg + 0x10 */
	uint16_t env_seg;
	uint16_t cs, ip, ss, sp;	/* initial registers; DS = ES = psp_seg */
	uint16_t mem_top;	/* the PSP's word at 2: the end of the program's memory block */
	uint32_t image_size;	/* bytes of the load image (file less the MZ header) */
	/* The PROFIL program's bounds (paragraph numbers): a tick at CS:IP is an I/O hit below
	 * dos_pa, a DOS hit below prog_low_pa, in the program below prog_high_pa, above it high. */
	uint16_t dos_pa;	/* DOS_DOS_SEG */
	uint16_t prog_low_pa;	/* the PSP */
	uint16_t prog_high_pa;	/* the first paragraph after the load image */
};

/* Whether the DOS loader should take this file: it starts with the MZ (or ZM) signature, or
 * its name ends in .COM or .EXE (any case) and it is not an ELF file. False for a file that
 * cannot be read: the ELF path reports that. */
bool dos_claims_file(const char *path);

/* Checks what the file is: an MZ signature makes an .EXE whatever the name; otherwise a .COM
 * name makes a .COM. Else LOAD_NOT_EXECUTABLE ("not a DOS program"), or LOAD_NOT_FOUND. */
enum load_error dos_probe_file(const char *path, enum dos_kind *kind, char *err, size_t errlen);

/* Builds the whole memory image in gm (initialised with dos_mem_init): maps all of it, writes
 * vectors, stubs, environment, MCBs, PSP (with `tail`, the command tail: " ARG ARG", at most
 * DOS_TAIL_MAX characters) and the image. `data` is the whole file. `prog_path` is the
 * program's path relative to the root of drive C: (the working directory), with '/': the
 * environment gets "C:\" and it with '\'. LOAD_NOT_EXECUTABLE with a reason for a bad or
 * oversized file. */
enum load_error dos_load_buffer(struct guest_mem *gm, const void *data, size_t size,
				enum dos_kind kind, const char *prog_path, const char *tail,
				struct dos_image *out, char *err, size_t errlen);

/* dos_probe_file, then dos_load_buffer on the file's contents (with `env_path` as its
 * prog_path; NULL: path). */
enum load_error dos_load_file(struct guest_mem *gm, const char *path, const char *env_path,
			      const char *tail, struct dos_image *out, char *err, size_t errlen);

/* The guest memory a DOS program runs in: 1 MiB + 64 KiB, 4 KiB pages, little-endian. The
 * word size is 4 (guest_mem allows 4 or 8); real-mode code uses explicit 16-bit accesses. */
void dos_mem_init(struct guest_mem *gm);

/* Pieces, for dos_load_buffer and the tests. */

/* The fixed low memory: vector table, BIOS data area, stubs. */
int dos_build_low_memory(struct guest_mem *gm);

/* The MZ header, checked against the file size: see dos_mz.c. */
struct dos_mz {
	uint32_t header_size;	/* bytes */
	uint32_t image_size;	/* bytes after the header (the load image) */
	uint16_t reloc_count, reloc_offset;
	uint16_t min_alloc, max_alloc;	/* extra paragraphs after the image */
	uint16_t ss, sp, cs, ip;	/* relative to the load segment */
};

enum load_error dos_mz_parse(const uint8_t *data, size_t size, struct dos_mz *mz,
			     char *err, size_t errlen);
/* Adds load_seg to every word the relocation table names, in the image already copied to
 * guest memory at load_seg:0. Each must lie inside the image. */
enum load_error dos_mz_relocate(struct guest_mem *gm, const uint8_t *data, const struct dos_mz *mz,
				uint16_t load_seg, char *err, size_t errlen);

/* Environment, MCB chain and PSP for a program whose memory block is `block_paras`
 * paragraphs (PSP included) at DOS_PSP_SEG. 0 or a negative errno (err filled). */
int dos_build_process(struct guest_mem *gm, const char *prog_path, const char *tail,
		      uint16_t block_paras, char *err, size_t errlen);

#endif
