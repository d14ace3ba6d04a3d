/* Running a DOS program (.COM or MZ .EXE) in 8086 real mode: the start path run.c takes when
 * the file is a DOS program (loader/dos.h, syscalls/dos/dos.h). */
#ifndef PROFEMU_RUN_DOS_H
#define PROFEMU_RUN_DOS_H

#include <stdbool.h>

#include "options.h"

/* Whether o->program is a DOS program (an MZ signature, or a .COM/.EXE name on a non-ELF file). */
bool run_dos_wanted(const struct options *o);

/* Runs it to the end; the exit status is the program's exit code (INT 21h 4Ch AL, 0 for INT
 * 20h), 128 + signal after a fault, or profemu's own status (126 for a bad file, 137 at
 * --max-insns, 130 after Ctrl-C). */
int run_dos_program(const struct options *o);

#endif
