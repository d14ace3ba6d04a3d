/* The fixed low memory of the emulated PC (layout in dos.h): the interrupt vector table, the
 * BIOS data area and the entry stubs the vectors point to.
 *
 * Every vector gets its own stub, `int n; iret`, in the I/O area (BIOS vectors) or the DOS
 * area (20h-3Fh). A vector a program replaces (INT 21h function 25h) no longer reaches its
 * stub, and a program that chains to the old vector (a far call or jump to the address 35h
 * gave it) reaches the stub as it would reach DOS. */
#include "dos.h"

enum { BDA_MEMORY_KIB = 0x13 };

static const uint8_t stub_code[DOS_STUB_SIZE] = {
	0xcd, 0x00,	/* int n (n filled in) */
	0xcf,		/* iret: the service layer left the results in the caller's frame */
	0xf4, 0xf4, 0xf4, 0xf4, 0xf4,	/* hlt: never reached */
};

/* The device-driver entry: never run (the service layer charges time to its address); a
 * `retf` in case a program calls it. */
static const uint8_t driver_code[] = { 0xcb };

void dos_mem_init(struct guest_mem *gm)
{
	gm_init(gm, DOS_PAGE_SIZE, DOS_MEM_LIMIT, false, 4);
}

int dos_build_low_memory(struct guest_mem *gm)
{
	int err = 0;
	for (unsigned v = 0; v < 256 && !err; v++) {
		uint8_t code[DOS_STUB_SIZE];
		for (unsigned i = 0; i < DOS_STUB_SIZE; i++)
			code[i] = stub_code[i];
		code[1] = (uint8_t)v;
		err = gm_write(gm, dos_stub_linear(v), code, sizeof(code));
		if (!err)
			err = gm_put(gm, (uint64_t)v * 4, 2, dos_stub_off(v));
		if (!err)
			err = gm_put(gm, (uint64_t)v * 4 + 2, 2, dos_stub_seg(v));
	}
	if (!err)
		err = gm_write(gm, dos_io_driver_linear(), driver_code, sizeof(driver_code));
	if (!err)
		err = gm_put(gm, (uint64_t)DOS_BDA_SEG * 16 + BDA_MEMORY_KIB, 2, DOS_MEM_TOP_SEG / 64);
	return err;
}
