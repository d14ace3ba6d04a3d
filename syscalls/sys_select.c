/* select(n, readfds, writefds, exceptfds, timeval), pselect6(n, r, w, e, timespec, {mask, size})
 * and i386's old select (one pointer to the five arguments). The three sets are arrays of the
 * guest's "long" in its byte order, descriptor d in bit d % bits of word d / bits: the same
 * bits on every ABI once each word is read as a number.
 *
 * The sets become host pollfds (read: POLLIN, write: POLLOUT, except: POLLPRI), waited for as
 * poll waits (poll_wait.h), and the answers go back as the kernel gives them: a descriptor is
 * readable on POLLIN, POLLHUP or POLLERR, writable on POLLOUT or POLLERR, exceptional on
 * POLLPRI; a descriptor that is not open is EBADF. */
#include <errno.h>
#include <stdlib.h>

#include "handlers.h"
#include "poll_wait.h"
#include "sys_args.h"

enum { SET_READ, SET_WRITE, SET_EXCEPT, SET_COUNT };

static const short set_asks[SET_COUNT] = { POLLIN, POLLOUT, POLLPRI };
static const short set_answers[SET_COUNT] = { POLLIN | POLLHUP | POLLERR, POLLOUT | POLLERR,
					      POLLPRI };

struct fd_sets {
	uint64_t addr[SET_COUNT];	/* 0: the set was not given */
	uint64_t *words[SET_COUNT];	/* the guest's words, as numbers */
	unsigned nwords, bits;		/* words per set, bits per word */
};

static bool fd_in(const struct fd_sets *s, int set, unsigned fd)
{
	return s->words[set] && (s->words[set][fd / s->bits] >> (fd % s->bits) & 1);
}

static void free_sets(struct fd_sets *s)
{
	for (int i = 0; i < SET_COUNT; i++)
		free(s->words[i]);
}

static int get_sets(struct process *p, unsigned n, const uint64_t addr[SET_COUNT],
		    struct fd_sets *s)
{
	unsigned w = p->mem.word_size;
	*s = (struct fd_sets){ .bits = 8 * w };
	s->nwords = (n + s->bits - 1) / s->bits;
	for (int i = 0; i < SET_COUNT; i++) {
		s->addr[i] = addr[i];
		if (!addr[i])
			continue;
		s->words[i] = calloc(s->nwords ? s->nwords : 1, sizeof(uint64_t));
		if (!s->words[i])
			return -ENOMEM;
		for (unsigned k = 0; k < s->nwords; k++)
			if (gm_get(&p->mem, addr[i] + (uint64_t)k * w, w, &s->words[i][k]) < 0)
				return -EFAULT;
	}
	return 0;
}

/* The sets rewritten with the ready descriptors only; the number of bits set, or -errno. */
static int64_t put_answers(struct process *p, struct fd_sets *s, const struct pollfd *fds,
			   unsigned nfds)
{
	int64_t count = 0;
	for (int i = 0; i < SET_COUNT; i++) {
		if (!s->words[i])
			continue;
		for (unsigned k = 0; k < s->nwords; k++)
			s->words[i][k] = 0;
		for (unsigned j = 0; j < nfds; j++)
			if ((fds[j].events & set_asks[i]) && (fds[j].revents & set_answers[i])) {
				unsigned fd = (unsigned)fds[j].fd;
				s->words[i][fd / s->bits] |= 1ull << (fd % s->bits);
				count++;
			}
		unsigned w = p->mem.word_size;
		for (unsigned k = 0; k < s->nwords; k++)
			if (gm_put(&p->mem, s->addr[i] + (uint64_t)k * w, w, s->words[i][k]) < 0)
				return -EFAULT;
	}
	return count;
}

/* select's work once the timeout is read (and pselect6's mask is in place). */
static int64_t select_sets(struct process *p, int64_t n, const uint64_t addr[SET_COUNT],
			   uint64_t timeout_ns, bool *waiting)
{
	*waiting = false;
	if (n < 0)
		return -EINVAL;
	if (n > POLL_MAX_FDS)
		n = POLL_MAX_FDS;	/* the kernel looks no further than its descriptor table */
	struct fd_sets s;
	struct pollfd *fds = NULL;
	int64_t r = get_sets(p, (unsigned)n, addr, &s);
	unsigned nfds = 0;
	if (r == 0 && !(fds = malloc(((size_t)n ? (size_t)n : 1) * sizeof(*fds))))
		r = -ENOMEM;
	for (unsigned fd = 0; r == 0 && fd < (unsigned)n; fd++) {
		short events = 0;
		for (int i = 0; i < SET_COUNT; i++)
			if (fd_in(&s, i, fd))
				events |= set_asks[i];
		if (events)
			fds[nfds++] = (struct pollfd){ .fd = (int)fd, .events = events };
	}
	if (r == 0)
		r = poll_wait(p, fds, nfds, timeout_ns, waiting);
	for (unsigned j = 0; r >= 0 && !*waiting && j < nfds; j++)
		if (fds[j].revents & POLLNVAL)
			r = -EBADF;
	if (r >= 0 && !*waiting)
		r = put_answers(p, &s, fds, nfds);
	free(fds);
	free_sets(&s);
	return r;
}

/* The whole call: timeout at tp (field_bytes-wide fields, fraction in unit_ns), an optional
 * signal mask (mask_addr, mask_size: pselect6's), and the time left written back. */
static int64_t select_call(struct process *p, const uint64_t a[5], unsigned field_bytes,
			   uint64_t unit_ns, uint64_t mask_addr, uint64_t mask_size)
{
	uint64_t timeout_ns = POLL_WAIT_FOREVER;
	uint64_t tp = a[4];
	if (tp) {
		int r = get_timeout_ns(p, tp, field_bytes, unit_ns, &timeout_ns);
		if (r)
			return r;
	}
	if (mask_addr) {
		int r = signal_wait_mask_begin(p, mask_addr, mask_size);
		if (r)
			return r;
	}
	const uint64_t sets[SET_COUNT] = { a[1], a[2], a[3] };
	bool waiting;
	int64_t r = select_sets(p, sys_arg_int(a[0]), sets, timeout_ns, &waiting);
	if (waiting)
		return r;	/* the call runs again when the wait ends */
	if (r == 0 && tp && timeout_ns != 0) {
		/* the kernel writes back the time left: none, when the timeout came */
		int err = put_timeout_ns(p, tp, field_bytes, unit_ns, 0);
		if (err)
			r = err;
	}
	if (mask_addr)
		signal_wait_mask_end(p);
	return r;
}

int64_t sys_select(struct process *p, const uint64_t *a)
{
	return select_call(p, a, p->mem.word_size, 1000, 0, 0);
}

/* i386's select 82: one pointer to {n, readfds, writefds, exceptfds, timeout}. */
int64_t sys_old_select(struct process *p, const uint64_t *a)
{
	uint64_t args[5];
	unsigned w = p->mem.word_size;
	for (unsigned i = 0; i < 5; i++)
		if (gm_get(&p->mem, a[0] + i * w, w, &args[i]) < 0)
			return -EFAULT;
	return sys_select(p, args);
}

/* pselect6's sixth argument: a pointer to {const sigset_t *mask; size_t size}. */
static int64_t pselect6_with(struct process *p, const uint64_t *a, unsigned field_bytes)
{
	uint64_t mask = 0, size = 0;
	if (a[5]) {
		unsigned w = p->mem.word_size;
		if (gm_get(&p->mem, a[5], w, &mask) < 0 || gm_get(&p->mem, a[5] + w, w, &size) < 0)
			return -EFAULT;
	}
	return select_call(p, a, field_bytes, 1, mask, size);
}

int64_t sys_pselect6(struct process *p, const uint64_t *a)
{
	return pselect6_with(p, a, p->mem.word_size);
}

int64_t sys_pselect6_time64(struct process *p, const uint64_t *a)
{
	return pselect6_with(p, a, 8);
}
