/* Signals sent to profemu from outside, handed to the guest (host_signals.c). */
#ifndef PROFEMU_HOST_SIGNALS_H
#define PROFEMU_HOST_SIGNALS_H

#include <stdbool.h>
#include <stdint.h>

#include "process.h"

/* Around the run loop: catch the forwarded signals (each stops cpu), and put back the old
 * actions. */
void host_signals_install(struct cpu *cpu);
void host_signals_restore(void);
/* Between runs: sends each signal that arrived to the guest. True for a SIGINT the guest does
 * not handle: the run is to stop as interrupted. */
bool host_signals_take(struct process *p);
/* Whether a signal from outside, not in the guest mask `mask`, has a guest handler: then a
 * wait for signals waits on the host. */
bool host_signals_could_wake(const struct process *p, uint64_t mask);
/* Waits on the host until one of them arrives. */
void host_signals_wait(void);

#endif
