/* sendmmsg(fd, msgvec, vlen, flags) and recvmmsg(fd, msgvec, vlen, flags, timeout): sendmsg and
 * recvmsg (sys_msg.c) once per struct mmsghdr, {struct msghdr (7 guest words); unsigned
 * msg_len} padded to 8 words, msg_len set after each message. As in the kernel, the count of
 * messages moved is the result once one has moved (a later error ends the batch), the first
 * message's error otherwise; at most UIO_MAXIOV messages.
 *
 * After the first message the rest go without waiting when the kernel would not wait either
 * (recvmmsg's MSG_WAITFORONE), and in a threaded process always (a wait in the scheduler
 * restarts the whole call: only the first message may wait there).
 *
 * recvmmsg's timeout is Linux's: checked on the guest's CLOCK_MONOTONIC after each datagram
 * received, ending the batch once it has passed (so it never ends a wait for a datagram, and a
 * zero timeout takes one); the time left is written back when a datagram came. */
#include <errno.h>
#include <sys/socket.h>
#include <time.h>

#include "handlers.h"
#include "poll_wait.h"
#include "sys_args.h"

/* recvmmsg's timeout: at guest time end_ns; left_ns when last looked at. */
struct mmsg_deadline {
	bool set;
	uint64_t end_ns, left_ns;
};

/* Whether the batch goes on after a datagram. */
static bool before_deadline(struct process *p, struct mmsg_deadline *d)
{
	if (!d->set)
		return true;
	uint64_t now = process_time_ns(p, CLOCK_MONOTONIC);
	d->left_ns = d->end_ns > now ? d->end_ns - now : 0;
	return d->left_ns != 0;
}

#define MMSG_MAX 1024u	/* UIO_MAXIOV */

static int64_t each_message(struct process *p, const uint64_t *a, bool receiving,
			    struct mmsg_deadline *d)
{
	unsigned w = p->mem.word_size;
	uint32_t vlen = (uint32_t)a[2], flags = (uint32_t)a[3];
	if (vlen > MMSG_MAX)
		vlen = MMSG_MAX;
	bool then_dontwait = p->sched || (receiving && (flags & MSG_WAITFORONE));
	flags &= ~(uint32_t)MSG_WAITFORONE;
	uint32_t done = 0;
	for (; done < vlen; done++) {
		uint64_t hdr = a[1] + (uint64_t)done * 8u * w;
		uint64_t call[3] = { a[0], hdr, flags | (done && then_dontwait ? MSG_DONTWAIT : 0) };
		int64_t r = receiving ? sys_recvmsg(p, call) : sys_sendmsg(p, call);
		if (r < 0)
			return done ? (int64_t)done : r;
		if (gm_put(&p->mem, hdr + 7u * w, 4, (uint64_t)r) < 0)
			return done ? (int64_t)done : -EFAULT;
		if (!before_deadline(p, d))
			return done + 1;
	}
	return done;
}

int64_t sys_sendmmsg(struct process *p, const uint64_t *a)
{
	struct mmsg_deadline none = { .set = false };
	return each_message(p, a, false, &none);
}

/* recvmmsg with its timespec of field_bytes-wide fields (the time64 call's are 8). */
static int64_t recvmmsg_with(struct process *p, const uint64_t *a, unsigned field_bytes)
{
	struct mmsg_deadline d = { .set = a[4] != 0 };
	if (d.set) {
		uint64_t ns;
		int err = get_timeout_ns(p, a[4], field_bytes, 1, &ns);
		if (err)
			return err;
		uint64_t now = process_time_ns(p, CLOCK_MONOTONIC);
		d.end_ns = ns > UINT64_MAX - now ? UINT64_MAX : now + ns;
		d.left_ns = ns;
	}
	int64_t r = each_message(p, a, true, &d);
	if (r > 0 && d.set && put_timeout_ns(p, a[4], field_bytes, 1, d.left_ns) != 0)
		return -EFAULT;
	return r;
}

int64_t sys_recvmmsg(struct process *p, const uint64_t *a)
{
	return recvmmsg_with(p, a, p->mem.word_size);
}

int64_t sys_recvmmsg_time64(struct process *p, const uint64_t *a)
{
	return recvmmsg_with(p, a, 8);
}
