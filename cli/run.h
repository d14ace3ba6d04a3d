/* Running one guest program from the command line's options to profemu's exit status. */
#ifndef PROFEMU_RUN_H
#define PROFEMU_RUN_H

#include <stdint.h>

#include "options.h"

int run_program(const struct options *o);

/* The whole-program files at the end of a run (also the DOS start path's, run_dos.c), with
 * names from p->names (NULL: addresses), the profiles' addresses being link-time ones (run-time
 * less bias, masked to the guest's width). 0, or -1 after a message. write_counts finishes ic
 * at `retired` first. */
struct process;
struct wprof;
struct icount;
int write_call_graphs(const struct process *p, const struct options *o, const struct wprof *wp,
		      uint64_t bias, uint64_t mask);
int write_counts(const struct process *p, const struct options *o, struct icount *ic, uint64_t bias,
		 uint64_t mask, uint64_t retired);

#endif
