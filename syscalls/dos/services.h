/* The DOS service table and its handlers (private to syscalls/dos/).
 *
 * A service is a row of the shared sys_entry kind (syscall.h), so --strace prints it like a
 * Linux call, plus what DOS needs besides: which registers make its arguments, whether its
 * time is charged as I/O or DOS, and how its result goes back. Row numbers are vector * 256 +
 * AH for INT 21h and INT 10h, vector * 256 for the others (INT 20h: 0x2000). */
#ifndef PROFEMU_DOS_SERVICES_H
#define PROFEMU_DOS_SERVICES_H

#include <errno.h>

#include "../../emu/x86/regs.h"
#include "../handlers.h"
#include "dos.h"

/* Argument registers, one letter per argument (a[0], a[1], ...):
 *   a AL   A AX   b BX   c CX   d DL   D DX   e ES
 *   P DS:DX as a linear address   F DS:DX as a far pointer (DS << 16 | DX)
 *   l CX:DX as a 32-bit signed number */
struct dos_service {
	const char *regs;
	char charge;	/* 'I': I/O (cost by bytes moved), 'D': DOS */
	/* The result: 'C' CF clear and AX = result, or CF set and AX = the error; 'K' the same
	 * but AX kept on success; 'W' the same with DX:AX = result; 'L' AL = result; 'N' none
	 * (the handler set its registers). Only 'C', 'K' and 'W' touch the carry flag. */
	char result;
};

/* The row for nr and its DOS part, or NULL. */
const struct sys_entry *dos_lookup(uint32_t nr, const struct dos_service **svc);

/* Sets or clears CF in FLAGS and in the caller's FLAGS on the stack (SS:SP+4). */
void dos_set_carry(struct dos_process *dp, bool carry);

#define DOS_SVC(name) int64_t dos_##name(struct process *p, const uint64_t *a)
/* svc_proc.c */
DOS_SVC(terminate); DOS_SVC(int20); DOS_SVC(exit); DOS_SVC(get_version);
DOS_SVC(set_vector); DOS_SVC(get_vector);
/* svc_console.c */
DOS_SVC(putchar); DOS_SVC(print_string); DOS_SVC(bios_teletype);
/* svc_file.c */
DOS_SVC(creat); DOS_SVC(open); DOS_SVC(close); DOS_SVC(read); DOS_SVC(write);
DOS_SVC(unlink); DOS_SVC(lseek);
/* svc_mem.c */
DOS_SVC(alloc); DOS_SVC(free); DOS_SVC(resize);

/* Host path for a DOS path (dos_path.c): drive and leading '\' dropped (C:'s root is the
 * working directory), '\' to '/', and if the name as given does not exist, the last component
 * matched ignoring case in its directory (if one matches). 0, -ENAMETOOLONG, -ENOENT (empty). */
int dos_host_path(const char *dos_path, char *host, size_t len);

/* A host file's path relative to the root of drive C: (the working directory), with '/':
 * "sub/prog.com", "../x.com". The path as given (leading '/' dropped) if it cannot be
 * resolved. 0 or -ENAMETOOLONG. */
int dos_drive_path(const char *host_path, char *out, size_t len);

/* Reads an ASCIIZ DOS path at a linear address (at most 127 characters). 0 or a negative
 * errno: -EFAULT outside memory, -ENAMETOOLONG, -ENOENT for an empty name. */
int dos_read_path(struct process *p, uint64_t addr, char *buf, size_t len);

#endif
