/* The reads of a signalfd (signalfd.h): one struct signalfd_siginfo (128 bytes, the same
 * fields on every ABI, in the guest's byte order) per pending signal of the mask, taking it;
 * with none, EAGAIN when the descriptor is non-blocking, else a wait as sigsuspend's, the
 * awaited signals counting as due though blocked. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "../emu/byteorder.h"
#include "guest_signal.h"
#include "host_signals.h"
#include "signalfd.h"
#include "thread.h"

#define SIGNALFD_SIGINFO_BYTES 128

/* struct signalfd_siginfo (include/uapi/linux/signalfd.h): fixed-width fields, so one layout
 * on every ABI. */
static void fill_record(uint8_t *r, int sig, const struct guest_siginfo *info, enum byte_order bo)
{
	memset(r, 0, SIGNALFD_SIGINFO_BYTES);
	bo_put32(r, (uint32_t)sig, bo);			/* ssi_signo */
	bo_put32(r + 8, (uint32_t)info->code, bo);	/* ssi_code */
	if (info->is_fault) {
		bo_put32(r + 36, (uint32_t)info->trapno, bo);	/* ssi_trapno */
		bo_put64(r + 72, info->addr, bo);		/* ssi_addr */
		return;
	}
	if (info->has_value) {	/* a timer's: ssi_tid, ssi_overrun, then ssi_int and ssi_ptr */
		bo_put32(r + 24, (uint32_t)info->pid, bo);
		bo_put32(r + 32, (uint32_t)info->uid, bo);
		bo_put32(r + 44, (uint32_t)info->value, bo);
		bo_put64(r + 48, info->value, bo);
		return;
	}
	bo_put32(r + 12, (uint32_t)info->pid, bo);	/* ssi_pid */
	bo_put32(r + 16, (uint32_t)info->uid, bo);	/* ssi_uid */
	if (info->has_status)
		bo_put32(r + 40, (uint32_t)info->status, bo);	/* ssi_status */
}

/* Waits for a signal of mask, or for another that is due (then -EINTR): 0 when one of mask is
 * pending. Without threads, as wait_for_signal in sys_signal.c; with threads, this thread
 * waits for the pipe to become readable and the read runs again (thread.h). */
static int64_t wait_for(struct process *p, int fd, uint64_t mask, bool *waiting)
{
	*waiting = false;
	if (p->sched) {
		*waiting = true;
		return sched_block_fd(p, fd, POLLIN);
	}
	p->sigwait_mask = mask;
	int64_t r = 0;
	while (!(signalfd_pending(p) & mask)) {
		uint64_t left;
		if (p->ended || (p->sigpending & ~p->sigmask)) {
			r = -EINTR;
			break;
		}
		if (process_sleep(p, UINT64_MAX, &left))
			continue;
		if (host_signals_could_wake(p, p->sigmask & ~mask)) {
			host_signals_wait();
			r = -EINTR;	/* the signal is taken between runs; the read is not restarted */
			break;
		}
		fprintf(stderr, "profemu: read of a signalfd with no signal that could come: deadlock\n");
		process_kill(p, guest_sig(p, SIGABRT));
		r = -EINTR;
		break;
	}
	p->sigwait_mask = 0;
	return r;
}

int64_t signalfd_read(struct process *p, int slot, int fd, uint64_t addr, uint64_t count)
{
	if (count < SIGNALFD_SIGINFO_BYTES)
		return -EINVAL;
	uint64_t mask = p->signalfds[slot].mask;
	if (!(signalfd_pending(p) & mask)) {
		int fl = fcntl(fd, F_GETFL);
		if (fl < 0)
			return -errno;
		if (fl & O_NONBLOCK)
			return -EAGAIN;
		bool waiting;
		int64_t r = wait_for(p, fd, mask, &waiting);
		if (r != 0 || waiting)
			return r;
	}
	enum byte_order bo = p->mem.big_endian ? BO_BIG : BO_LITTLE;
	uint64_t done = 0;
	struct guest_siginfo info;
	int sig;
	while (done + SIGNALFD_SIGINFO_BYTES <= count && (sig = signalfd_take(p, mask, &info))) {
		uint8_t rec[SIGNALFD_SIGINFO_BYTES];
		fill_record(rec, sig, &info, bo);
		if (gm_write(&p->mem, addr + done, rec, sizeof rec) != 0) {
			process_signal_raise(p, sig, &info);	/* not taken after all */
			return done ? (int64_t)done : -EFAULT;
		}
		done += SIGNALFD_SIGINFO_BYTES;
	}
	return (int64_t)done;
}
