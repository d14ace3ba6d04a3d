/* Running one guest program from the command line's options to profemu's exit status. */
#ifndef PROFEMU_RUN_H
#define PROFEMU_RUN_H

#include "options.h"

int run_program(const struct options *o);

#endif
