/* Loading a Linux ELF program (and its interpreter) into guest memory with libelf, and building
 * the initial stack. Knows nothing of the CPU or the system calls. */
#ifndef PROFEMU_LOADER_H
#define PROFEMU_LOADER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../emu/cpu.h"
#include "../emu/guest_mem.h"

/* How a load failed, which decides profemu's exit status. */
enum load_error {
	LOAD_OK = 0,
	LOAD_NOT_FOUND,		/* no such file: 127 */
	LOAD_NOT_EXECUTABLE,	/* directory, not ELF, truncated or corrupt, wrong machine: 126 */
	LOAD_NO_MEMORY,		/* guest memory could not be mapped: 126 */
};

/* What the ELF header says, before any memory exists. */
struct elf_probe {
	enum cpu_arch arch;
	bool big_endian;
	unsigned word_size;	/* 4 or 8 */
};

/* How a new process of one architecture is laid out: fixed, deterministic addresses (the same
 * on every run and machine), and the facts of that architecture's Linux exec that the loader
 * and stack_build follow. Data only: layout.c has one per architecture. */
struct addr_layout {
	uint64_t exec_base;	/* where an ET_DYN program (static-pie, PIE) is placed */
	uint64_t interp_base;	/* where the interpreter (ld.so) is placed */
	uint64_t stack_top;	/* highest stack address + 1 */
	uint64_t stack_size;	/* the stack is [stack_top - stack_size, stack_top), either way */
	uint64_t mmap_lo, mmap_hi;	/* mmap without a hint searches [lo, hi) upward */
	/* ... and when nothing fits there, as Linux would go on in the rest of the space:
	 * [mmap_floor, mmap_hi) downward, then [mmap_hi, mmap_ceiling) upward. */
	uint64_t mmap_floor, mmap_ceiling;
	uint64_t addr_limit;	/* the guest's address-space size */
	uint64_t page_size;	/* also AT_PAGESZ */

	/* The initial stack as the architecture's kernel builds it (fs/binfmt_elf.c
	 * create_elf_tables, its arch_align_stack and start_thread): see stack.c. */
	bool stack_grows_up;	/* CONFIG_STACK_GROWSUP: the strings at the bottom, tables above */
	unsigned strings_align;	/* arch_align_stack: the strings' far end aligned to this */
	unsigned sp_align;	/* the initial sp rounded to this, in the direction of growth */
	int sp_offset;		/* then this added (IA-64 leaves 16 bytes of scratch below argc) */
};

const struct addr_layout *addr_layout_for(enum cpu_arch arch);

struct elf_image {
	uint64_t entry;		/* where the CPU starts: the interpreter's entry if any */
	uint64_t prog_entry;	/* the program's own entry (AT_ENTRY) */
	uint64_t load_bias;	/* added to the program's link-time addresses */
	uint64_t phdr;		/* guest address of the program headers (AT_PHDR) */
	uint64_t phent, phnum;
	uint64_t interp_base;	/* AT_BASE: 0 without an interpreter */
	uint64_t brk;		/* first page after the program's highest segment */
	uint64_t text_lo, text_hi;	/* the program's executable segments, biased */
	bool stack_exec;	/* PT_GNU_STACK asks for an executable stack (or i386 without it) */
	char interp[4096];	/* PT_INTERP as the program names it, "" if none */
	char interp_host[4096];	/* the host file actually loaded for it */
};

/* Reads and checks the ELF header of path. On error fills err ("not an ELF file", ...). */
enum load_error elf_probe_file(const char *path, struct elf_probe *out, char *err, size_t errlen);
/* The same checks on an image already in memory (the fuzz harness picks its layout with it). */
enum load_error elf_probe_buffer(const void *data, size_t size, struct elf_probe *out,
				 char *err, size_t errlen);

/* Reads a whole regular file into a malloc'd buffer (*data, to free) of *size bytes.
 * Missing: LOAD_NOT_FOUND; a directory, another non-regular file, over 1 GiB:
 * LOAD_NOT_EXECUTABLE; err gets the reason. Shared by the loader and symtab_load. */
enum load_error elf_read_file(const char *path, uint8_t **data, size_t *size,
			      char *err, size_t errlen);

/* Maps the program's PT_LOAD segments (and its PT_INTERP interpreter, looked up under sysroot,
 * "/" meaning the host's own root) into gm with their protections. sysroot NULL: there is none
 * (the ABI has no default and no -L was given), so a program with PT_INTERP is refused with a
 * message saying -L is needed. gm's word size and byte
 * order must be the program's (from elf_probe_file). On failure gm may hold part of the image:
 * the caller discards it. */
enum load_error elf_load(struct guest_mem *gm, const struct addr_layout *layout, const char *path,
			 const char *sysroot, struct elf_image *out, char *err, size_t errlen);

/* The same, from a buffer already in host memory (the fuzz harness and unit tests). A buffer has
 * no file system around it, so a PT_INTERP is recorded in out->interp but not loaded: the
 * result is the program alone (entry == prog_entry, interp_base 0, interp_host ""). */
enum load_error elf_load_buffer(struct guest_mem *gm, const struct addr_layout *layout,
				const void *data, size_t size, struct elf_image *out,
				char *err, size_t errlen);

struct stack_params {
	int argc;
	char *const *argv;
	char *const *envp;
	const char *execfn;	/* AT_EXECFN */
	const char *platform;	/* AT_PLATFORM, e.g. "x86_64", "i686" */
	uint64_t hwcap;
	uint8_t random[16];	/* AT_RANDOM bytes (from --seed) */
	uint64_t clktck;	/* AT_CLKTCK (--hz) */
	uint32_t uid, gid;
};

/* Where stack_build put things: what a back end's entry registers may need besides sp (hppa's
 * start_thread passes argc in r25 and argv in r24). */
struct initial_stack {
	uint64_t sp;		/* the initial stack pointer */
	uint64_t argc_at;	/* argc; argv[] follows it, then envp[], then auxv */
	uint64_t argv_at, envp_at, auxv_at;
	uint64_t strings_at;	/* the lowest byte of the argument and environment strings */
};

/* Maps the stack [layout->stack_top - stack_size, stack_top) and writes argc, argv, envp, auxv
 * and their strings as the architecture's Linux does (layout says how), in the guest's byte
 * order and word size. Returns 0, or a negative errno. */
int stack_build_at(struct guest_mem *gm, const struct addr_layout *layout,
		   const struct elf_image *img, const struct stack_params *sp,
		   struct initial_stack *out);
/* The same, giving the initial stack pointer only. */
int stack_build(struct guest_mem *gm, const struct addr_layout *layout, const struct elf_image *img,
		const struct stack_params *sp, uint64_t *sp_out);

/* Symbols of the program, for fault messages, --explain, and locating glibc's profil. */
struct symtab;
struct symtab *symtab_load(const char *path, uint64_t bias);
void symtab_free(struct symtab *st);
/* Nearest function symbol at or below addr: its name and addr's offset from it. NULL if none. */
const char *symtab_lookup(const struct symtab *st, uint64_t addr, uint64_t *offset);
/* Address of a defined symbol by name (biased), 0 if absent. For a TLS symbol: its offset in
 * the image's TLS block, unbiased. */
uint64_t symtab_find(const struct symtab *st, const char *name);
/* The image's PT_TLS size and alignment; false if it has none. */
bool symtab_tls_block(const struct symtab *st, uint64_t *memsz, uint64_t *align);

#endif
