/* sendmmsg(fd, msgvec, vlen, flags) and recvmmsg(fd, msgvec, vlen, flags, timeout): sendmsg and
 * recvmsg (sys_msg.c) once per struct mmsghdr, {struct msghdr (7 guest words); unsigned
 * msg_len} padded to 8 words, msg_len set after each message. As in the kernel, the count of
 * messages moved is the result once one has moved (a later error ends the batch), the first
 * message's error otherwise; at most UIO_MAXIOV messages.
 *
 * After the first message the rest go without waiting when the kernel would not wait either
 * (recvmmsg's MSG_WAITFORONE), and in a threaded process always (a wait in the scheduler
 * restarts the whole call: only the first message may wait there). recvmmsg's timeout is not
 * served: Linux checks it only between datagrams, so a batch without MSG_WAITFORONE waits for
 * vlen messages either way. */
#include <errno.h>
#include <sys/socket.h>

#include "handlers.h"
#include "sys_args.h"

#define MMSG_MAX 1024u	/* UIO_MAXIOV */

static int64_t each_message(struct process *p, const uint64_t *a, bool receiving)
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
	}
	return done;
}

int64_t sys_sendmmsg(struct process *p, const uint64_t *a)
{
	return each_message(p, a, false);
}

int64_t sys_recvmmsg(struct process *p, const uint64_t *a)
{
	return each_message(p, a, true);
}
