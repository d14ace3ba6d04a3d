/* Between the profil core (pure) and the emulated process: guest memory for the core, and the
 * outcome of a call or a tick turned into what the guest sees. */
#ifndef PROFEMU_PROFIL_GLUE_H
#define PROFEMU_PROFIL_GLUE_H

#include "process.h"

/* The core's view of the process's guest memory (guest byte order, guest permissions). */
struct prof_mem process_prof_mem(struct process *p);

#endif
