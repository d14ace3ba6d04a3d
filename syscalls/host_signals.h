/* Signals sent to profemu from outside, handed to the guest (host_signals.c). */
#ifndef PROFEMU_HOST_SIGNALS_H
#define PROFEMU_HOST_SIGNALS_H

#include <stdbool.h>
#include <stdint.h>

#include "process.h"

/* Around the run loop: catch the forwarded signals (each stops p's CPU), and put back the old
 * actions. Install first takes over what an execve kept: signals ignored, the mask. host_signals_update: the guest changed its action for guest_signal (a host call is
 * restarted after a signal the guest ignores). */
void host_signals_install(struct process *p);
void host_signals_update(const struct process *p, int guest_signal);
void host_signals_restore(void);
/* Just before execve: the guest's ignored signals ignored on the host, its mask the host's,
 * for the profemu that runs the new program to take over (host_signals_install does); after a
 * failed execve, host_signals_install(p) puts the handlers back. */
void host_signals_pass_on(const struct process *p);
/* Between runs: sends each signal that arrived to the guest. True for a SIGINT the guest does
 * not handle: the run is to stop as interrupted. A second stop signal the guest does not take
 * (ignored or blocked, after one it did not take) kills the process by it (host_signals.c). */
bool host_signals_take(struct process *p);
/* Whether a signal from outside, not in the guest mask `mask`, has a guest handler: then a
 * wait for signals waits on the host. */
bool host_signals_could_wake(const struct process *p, uint64_t mask);
/* Waits on the host until one of them arrives; host_signals_wait_for: at most ns, and says
 * whether one arrived. */
void host_signals_wait(void);
bool host_signals_wait_for(uint64_t ns);

#endif
