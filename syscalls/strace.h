/* --strace: one line per system call in qemu's -strace style,
 *   PID name(arg, arg, ...) = result
 *   PID name(arg, ...) = -1 ENOENT (No such file or directory)
 * written to p->cfg.strace (nothing when it is NULL). Arguments are printed from the row's
 * `args` letters (syscall.h). The line is written in two halves around the call: the arguments
 * the call only reads before it, and from the first 'b' argument (a buffer the call fills) on,
 * after it, so those show what the call wrote. */
#ifndef PROFEMU_STRACE_H
#define PROFEMU_STRACE_H

#include <stdint.h>

#include "process.h"

/* Before the call: "PID name(args" up to the first 'b' argument. e == NULL is a call the ABI
 * does not know: "PID unknown_syscall_NR(x, x, x, x, x, x". */
void strace_enter(struct process *p, const struct sys_entry *e, uint64_t nr, const uint64_t *a);

/* After the call: the remaining arguments and ") = result\n". result_host is the handler's
 * return (a negative host errno on failure). If the call ended the process (exit, exit_group,
 * a fatal signal) it printed no result and only ")\n" is written, as qemu does. The
 * dispatcher calls it for every call strace_enter printed, so each line is completed. */
void strace_exit(struct process *p, const struct sys_entry *e, const uint64_t *a,
		 int64_t result_host);

#endif
