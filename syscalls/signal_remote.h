/* Signals to other processes (signal_remote.c), for kill(2) (sys_signal.c). */
#ifndef PROFEMU_SIGNAL_REMOTE_H
#define PROFEMU_SIGNAL_REMOTE_H

#include <stdbool.h>
#include <stdint.h>

#include "process.h"

/* kill(pid, gsig) of another process (pid > 0, not the caller): 0 or -errno. */
int64_t signal_remote(struct process *p, int32_t pid, int gsig);
/* kill(pid, gsig) for pid 0, -1 or -pgid: the signal reaches the group's other processes;
 * *self_too says whether the caller is in it (then it delivers the signal to itself). */
int64_t signal_group(struct process *p, int32_t pid, int gsig, bool *self_too);

#endif
