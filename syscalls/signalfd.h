/* signalfd descriptors (struct guest_signalfd, process.h). Signals are the emulator's: a host
 * signalfd would never see one. So the guest's descriptor is the read end of a host pipe that
 * holds one byte while a signal of the signalfd's mask is pending (signalfd_sync keeps it so
 * after every change of the pending set), which is what the host's poll, select and epoll see;
 * a read of it is served here (signalfd_read.c) and takes the pending signals as records.
 *
 * The pending set a read sees is the running thread's own and the process-wide one (signals
 * every thread blocks, held in struct sched), as the kernel's; the pipe follows the running
 * thread (synced at each thread switch). After fork parent and child share the pipe, as they
 * share the descriptor, and each keeps its own pending signals. */
#ifndef PROFEMU_SIGNALFD_H
#define PROFEMU_SIGNALFD_H

#include "process.h"

/* The slot of the signalfd fd is (a copy of), or -1. */
int signalfd_find(struct process *p, int fd);
/* The signals a signalfd read of the running thread sees pending. */
uint64_t signalfd_pending(const struct process *p);
/* Makes each signalfd's pipe hold a byte exactly when a signal of its mask is pending. */
void signalfd_sync(struct process *p);
/* Takes the lowest pending signal of mask: its number (its info in *info), or 0. */
int signalfd_take(struct process *p, uint64_t mask, struct guest_siginfo *info);
/* Removes the signalfds whose descriptor is gone (closed), freeing their slots. */
void signalfd_sweep(struct process *p);

/* signalfd_read.c: a read of count bytes at addr from fd, the signalfd in slot. */
int64_t signalfd_read(struct process *p, int slot, int fd, uint64_t addr, uint64_t count);

/* sys_signal.c: a guest sigset_t at addr (0 or -EFAULT). */
int sys_get_sigset(struct process *p, uint64_t addr, uint64_t *set);

#endif
