/* --strace: one line per system call in qemu's -strace style,
 *   PID name(arg, arg, ...) = result
 *   PID name(arg, ...) = -1 ENOENT (No such file or directory)
 * written to p->cfg.strace (nothing when it is NULL). Arguments are printed from the row's
 * `args` letters (syscall.h); from the first 'b' argument (a buffer the call fills) on, after
 * the call, so those show what the call wrote.
 *
 * A line comes whole when its call ends, after any output of the call itself. A call that
 * waits (may_wait's list, or a thread that waits for another) is written up to its result
 * when it starts to wait; another process's or thread's line in the meantime ends it with
 * " <unfinished ...>", and the result then comes as "PID <... name resumed>rest) = result",
 * as strace -f prints them. PID is the thread's own guest tid (a fork's child: its own). */
#ifndef PROFEMU_STRACE_H
#define PROFEMU_STRACE_H

#include <stdint.h>

#include "process.h"

struct guest_thread;

/* Before the call. e == NULL is a call the ABI does not know: "PID unknown_syscall_NR(x, x,
 * x, x, x, x)". A thread's call that runs again after its wait continues the same line. */
void strace_enter(struct process *p, const struct sys_entry *e, uint64_t nr, const uint64_t *a);

/* After the call: the line's end, ") = result\n". result_host is the handler's return (a
 * negative host errno on failure). If the call ended the process (exit, exit_group, a fatal
 * signal) it printed no result and only ")\n" is written, as qemu does. A thread that now
 * waits gets its result from strace_wake or from the call running again. */
void strace_exit(struct process *p, const struct sys_entry *e, const uint64_t *a,
		 int64_t result_host);

/* Thread t's wait ended (it runs again) with *result_host, or (NULL) the result its call
 * returned when it began to wait: its line's end, if it waited in a call. */
void strace_wake(struct process *p, struct guest_thread *t, const int64_t *result_host);

/* A line of its own (a signal's delivery), whole, ending another's open line first. */
void strace_line(struct process *p, const char *text);

#endif
