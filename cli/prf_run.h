/* What the Linux and DOS start paths share of the PROFIL program: its settings (command line,
 * questions, defaults) and its termination message. */
#ifndef PROFEMU_PRF_RUN_H
#define PROFEMU_PRF_RUN_H

#include <stdbool.h>

#include "../emu/cpu.h"
#include "options.h"
#include "prf_prompt.h"
#include "report.h"

/* Fills in bucket size, interval (and the tick it sets) and, if asked, the parameters.
 * Returns 0 or an exit status. `asked->params` (if set) is freed by prf_settings_free. */
int resolve_prf_settings(struct options *o, bool dos, struct prf_answers *asked);
void prf_settings_free(struct options *o, struct prf_answers *asked);

/* "Program terminated normally (exit code N)" (or how it ended), then the registers. */
void prf_termination_message(const struct run_outcome *out, struct cpu *cpu);

#endif
