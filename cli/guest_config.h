/* The process settings both start paths (ELF, DOS) take from the command line: the clock, the
 * seed, the guest's calendar and pid, --strace, --jitter, --explain. */
#ifndef PROFEMU_GUEST_CONFIG_H
#define PROFEMU_GUEST_CONFIG_H

#include "../syscalls/process.h"
#include "options.h"

void guest_config_from_options(struct process *p, const struct options *o);

#endif
