/* Guest signal numbers and masks, shared by the signal system calls (sys_signal.c) and delivery
 * (signal_deliver.c). Numbers here are guest numbers (the ABI maps them); which signals are
 * special (SIGKILL, SIGCHLD, ...) is decided on the host number, so that hppa's different
 * numbering needs no second table. */
#ifndef PROFEMU_GUEST_SIGNAL_H
#define PROFEMU_GUEST_SIGNAL_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "process.h"

enum { SIG_DFL_ = 0, SIG_IGN_ = 1 };
enum { SS_ONSTACK_ = 1, SS_DISABLE_ = 2, SS_AUTODISARM_ = 1u << 31 };

static inline int host_sig(const struct process *p, int gsig)
{
	return p->abi && p->abi->signal_to_host ? p->abi->signal_to_host(gsig) : gsig;
}

static inline int guest_sig(const struct process *p, int hsig)
{
	return p->abi && p->abi->signal_to_guest ? p->abi->signal_to_guest(hsig) : hsig;
}

/* A mask holds signal n in bit n-1. */
static inline uint64_t sig_bit(int gsig)
{
	return 1ull << (gsig - 1);
}

/* SIGKILL and SIGSTOP can be neither caught, ignored nor blocked. */
static inline uint64_t unblockable(const struct process *p)
{
	return sig_bit(guest_sig(p, SIGKILL)) | sig_bit(guest_sig(p, SIGSTOP));
}

/* Whether sp lies on a sigaltstack of this base and size (0: none). */
static inline bool sp_on_altstack(uint64_t sp, uint64_t base, uint64_t size)
{
	return size && sp - base <= size;
}

/* Signals whose default action is to do nothing. Stop signals are here too: with no job
 * control nothing could ever continue a stopped guest, so stopping would only be a hang. */
static inline bool default_ignored(int hsig)
{
	switch (hsig) {
	case SIGCHLD: case SIGURG: case SIGWINCH: case SIGCONT:
	case SIGSTOP: case SIGTSTP: case SIGTTIN: case SIGTTOU:
		return true;
	default:
		return false;
	}
}

#endif
