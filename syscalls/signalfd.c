/* The signalfd pipes' readiness (signalfd.h): below signal_deliver.c, which calls
 * signalfd_sync whenever the pending set changes. */
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "guest_signal.h"
#include "signalfd.h"
#include "thread.h"

int signalfd_find(struct process *p, int fd)
{
	struct stat st;
	if (!p->signalfd_count || fd < 0 || fstat(fd, &st) != 0 || !S_ISFIFO(st.st_mode))
		return -1;
	for (int i = 0; i < SIGNALFDS_MAX; i++) {
		const struct guest_signalfd *s = &p->signalfds[i];
		if (s->used && s->ino == (uint64_t)st.st_ino && s->dev == (uint64_t)st.st_dev)
			return i;
	}
	return -1;
}

uint64_t signalfd_pending(const struct process *p)
{
	return p->sigpending | (p->sched ? p->sched->shared_pending : 0);
}

void signalfd_sync(struct process *p)
{
	if (!p->signalfd_count)
		return;
	for (int i = 0; i < SIGNALFDS_MAX; i++) {
		struct guest_signalfd *s = &p->signalfds[i];
		if (!s->used)
			continue;
		int held = 0;
		if (ioctl(s->rfd, FIONREAD, &held) != 0)
			continue;
		bool want = (signalfd_pending(p) & s->mask) != 0;
		char byte = 0;
		if (want && held == 0) {
			if (write(s->wfd, &byte, 1) != 1)
				continue;	/* cannot happen: the pipe is empty */
		} else if (!want && held > 0) {
			while (held-- > 0 && read(s->rfd, &byte, 1) == 1)
				;
		}
	}
}

int signalfd_take(struct process *p, uint64_t mask, struct guest_siginfo *info)
{
	uint64_t due = signalfd_pending(p) & mask;
	if (!due)
		return 0;
	int sig = __builtin_ctzll(due) + 1;	/* the lowest first, as the kernel */
	*info = p->siginfo[sig];
	if (p->sigpending & sig_bit(sig))
		p->sigpending &= ~sig_bit(sig);	/* the thread's own first, as the kernel */
	else
		p->sched->shared_pending &= ~sig_bit(sig);
	signalfd_sync(p);
	return sig;
}

/* Whether the pipe of s still has its read end among the descriptors: a sweep looks only at
 * the number signalfd returned (a dup kept after closing it is lost then). */
void signalfd_sweep(struct process *p)
{
	for (int i = 0; i < SIGNALFDS_MAX; i++) {
		struct guest_signalfd *s = &p->signalfds[i];
		struct stat st;
		if (!s->used || (fstat(s->guest_fd, &st) == 0 && (uint64_t)st.st_ino == s->ino &&
				 (uint64_t)st.st_dev == s->dev))
			continue;
		close(s->rfd);
		close(s->wfd);
		s->used = false;
		p->signalfd_count--;
	}
}
