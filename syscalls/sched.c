/* The scheduler's threads and their waits (thread.h): the thread records, blocking the
 * running thread on a futex, a deadline, a file descriptor, a child or a signal, and waking
 * it; which thread a signal goes to. The rules that pick the thread to run are schedule.c's. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "guest_signal.h"
#include "process.h"
#include "thread.h"

enum { CLK_MONOTONIC_ = 1 };

struct guest_thread *sched_current(struct process *p)
{
	return p->sched ? p->sched->threads[p->sched->cur] : NULL;
}

int32_t sched_current_tid(struct process *p)
{
	return p->sched ? p->sched->threads[p->sched->cur]->tid : p->cfg.pid;
}

struct guest_thread *sched_find(struct process *p, int32_t tid)
{
	if (!p->sched)
		return NULL;
	for (unsigned i = 0; i < p->sched->count; i++)
		if (p->sched->threads[i]->tid == tid && !p->sched->threads[i]->exited)
			return p->sched->threads[i];
	return NULL;
}

static struct guest_thread *thread_new(struct process *p, int32_t tid)
{
	struct guest_thread *t = calloc(1, sizeof(*t));
	if (!t)
		return NULL;
	t->ctx = cpu_context_new(p->cpu);
	if (!t->ctx) {
		free(t);
		return NULL;
	}
	t->tid = tid;
	t->deadline_ns = UINT64_MAX;
	return t;
}

static bool sched_append(struct sched *s, struct guest_thread *t)
{
	if (s->count == s->cap) {
		unsigned cap = s->cap ? 2 * s->cap : 16;
		struct guest_thread **n = realloc(s->threads, cap * sizeof(*n));
		if (!n)
			return false;
		s->threads = n;
		s->cap = cap;
	}
	s->threads[s->count++] = t;
	return true;
}

uint64_t sched_random(struct sched *s)
{
	return xorshift64s_next(&s->rng);
}

uint64_t sched_next_slice(struct sched *s)
{
	if (!s->seeded || s->quantum < 2)
		return s->quantum;
	return s->quantum / 2 + sched_random(s) % (s->quantum + 1);
}

bool sched_init(struct process *p)
{
	struct sched *s = calloc(1, sizeof(*s));
	if (!s)
		return false;
	struct guest_thread *t = thread_new(p, p->cfg.pid);
	if (!t || !sched_append(s, t)) {
		free(t);
		free(s);
		return false;
	}
	if (p->abi->current_tls)
		p->abi->current_tls(p, &t->tls);
	s->quantum = p->cfg.quantum ? p->cfg.quantum : SCHED_DEFAULT_QUANTUM;
	s->seeded = p->cfg.sched_seeded;
	/* splitmix64's finaliser spreads neighbouring seeds over the whole state */
	uint64_t z = p->cfg.sched_seed + 0x9e3779b97f4a7c15u;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	s->rng = (z ^ (z >> 31)) | 1;
	s->slice_start = cpu_retired(p->cpu);
	t->retired = s->slice_start;	/* all of it so far was this thread's */
	p->sched = s;
	cpu_set_quantum(p->cpu, sched_next_slice(s));
	return true;
}

struct guest_thread *sched_add_thread(struct process *p, int32_t tid, const struct thread_start *st)
{
	struct guest_thread *t = thread_new(p, tid);
	if (!t || !sched_append(p->sched, t)) {
		if (t)
			cpu_context_free(p->cpu, t->ctx);
		free(t);
		return NULL;
	}
	p->sched->start = *st;
	p->sched->start.t = t;
	cpu_request_stop(p->cpu);
	return t;
}

void sched_block(struct process *p, enum thread_wait wait, uint64_t deadline_ns)
{
	struct guest_thread *t = sched_current(p);
	t->wait = wait;
	t->deadline_ns = deadline_ns;
	t->wait_seq = p->sched->wait_seq++;
	t->wake_result_due = false;
	p->sched->switch_due = true;
	cpu_request_stop(p->cpu);
}

bool sched_would_block(struct process *p, int fd, short events)
{
	if (!p->sched || !p->abi->restart_call || fd < 0 || p->cfg.host_time)
		return false;
	int fl = fcntl(fd, F_GETFL);
	if (fl < 0 || (fl & O_NONBLOCK))
		return false;
	struct pollfd pf = { .fd = fd, .events = events };
	return poll(&pf, 1, 0) == 0;
}

bool sched_write_must_not_block(struct process *p, int fd)
{
	if (!p->sched || !p->abi->restart_call || fd < 0 || p->cfg.host_time)
		return false;
	int fl = fcntl(fd, F_GETFL);
	struct stat st;
	if (fl < 0 || (fl & O_NONBLOCK) || fstat(fd, &st) != 0)
		return false;
	/* Terminals are left alone: their file status flags are shared with the shell. */
	return S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode);
}

uint64_t *sched_io_done(struct process *p)
{
	return &sched_current(p)->io_done;
}

bool *sched_connecting(struct process *p)
{
	return &sched_current(p)->connecting;
}

/* The running thread waits, and its call runs again once the wait ends. */
static int64_t block_restart(struct process *p, enum thread_wait wait)
{
	struct guest_thread *t = sched_current(p);
	uint64_t nr, args[6];
	p->abi->get_call(p->cpu, &nr, args);
	t->restart_due = true;
	t->restart_nr = nr;
	sched_block(p, wait, UINT64_MAX);
	return 0;
}

int64_t sched_block_fd(struct process *p, int fd, short events)
{
	struct guest_thread *t = sched_current(p);
	t->fd = fd;
	t->events = events;
	return block_restart(p, WAIT_FD);
}

bool sched_poll_may_block(struct process *p)
{
	return p->sched && p->abi->restart_call && !p->cfg.host_time;
}

int64_t sched_block_poll(struct process *p, const struct pollfd *fds, unsigned n, int timeout_ms)
{
	struct guest_thread *t = sched_current(p);
	if (n > t->pollcap) {
		struct pollfd *set = realloc(t->pollset, n * sizeof(*set));
		if (!set)
			return -ENOMEM;
		t->pollset = set;
		t->pollcap = n;
	}
	for (unsigned i = 0; i < n; i++)
		t->pollset[i] = (struct pollfd){ .fd = fds[i].fd, .events = fds[i].events };
	t->npoll = n;
	block_restart(p, WAIT_POLL);
	if (timeout_ms >= 0)
		t->deadline_ns = sched_now_ns(p) + (uint64_t)timeout_ms * 1000000u;
	return 0;
}

bool sched_poll_timed_out(struct process *p)
{
	struct guest_thread *t = sched_current(p);
	bool came = t && t->poll_timed_out;
	if (t)
		t->poll_timed_out = false;
	return came;
}

bool sched_child_ready(int host_pid)
{
	siginfo_t info;
	info.si_pid = 0;
	idtype_t type = host_pid > 0 ? P_PID : P_ALL;
	if (waitid(type, host_pid > 0 ? (id_t)host_pid : 0, &info, WEXITED | WNOHANG | WNOWAIT) != 0)
		return true;	/* an error (no such child): the call runs again and reports it */
	return info.si_pid != 0;
}

bool sched_would_block_child(struct process *p, int host_pid)
{
	return p->sched && p->abi->restart_call && !p->cfg.host_time && !sched_child_ready(host_pid);
}

int64_t sched_block_child(struct process *p, int host_pid)
{
	sched_current(p)->child = host_pid;
	return block_restart(p, WAIT_CHILD);
}

void sched_thread_exit(struct process *p)
{
	sched_current(p)->exited = true;
	p->sched->switch_due = true;
	cpu_request_stop(p->cpu);
}

void sched_wake(struct guest_thread *t, int64_t r)
{
	t->wait = WAIT_NONE;
	t->deadline_ns = UINT64_MAX;
	t->wake_result = r;
	t->wake_result_due = r != 0;
}

void sched_tls_changed(struct process *p, int which, uint64_t base)
{
	struct guest_thread *t = sched_current(p);
	if (t)
		t->tls = (struct thread_tls){ .set = true, .which = which, .base = base };
}

uint64_t sched_now_ns(struct process *p)
{
	return process_time_ns(p, CLK_MONOTONIC_);
}

bool sched_hold_shared(struct process *p, int sig)
{
	if (!p->sched || !(p->sigmask & sig_bit(sig)))
		return false;
	p->sched->shared_pending |= sig_bit(sig);
	return true;
}

void sched_claim_shared_into(struct sched *s, uint64_t mask, uint64_t *pending)
{
	uint64_t take = s->shared_pending & ~mask;
	*pending |= take;
	s->shared_pending &= ~take;
}

void sched_claim_shared(struct process *p)
{
	if (p->sched)
		sched_claim_shared_into(p->sched, p->sigmask, &p->sigpending);
}

bool sched_signal_waiting(const struct process *p)
{
	const struct sched *s = p->sched;
	if (!s)
		return false;
	for (unsigned i = 0; i < s->count; i++) {
		const struct guest_thread *t = s->threads[i];
		if (!t->exited && i != s->cur && (t->sigpending & ~t->sigmask))
			return true;
	}
	return false;
}

struct guest_thread *sched_signal_target(struct process *p, int sig)
{
	struct sched *s = p->sched;
	uint64_t bit = sig_bit(sig);
	if (!s || !(p->sigmask & bit))
		return NULL;
	for (unsigned i = 0; i < s->count; i++) {
		struct guest_thread *t = s->threads[i];
		if (!t->exited && i != s->cur && !(t->sigmask & bit))
			return t;
	}
	return NULL;
}

void sched_forget_others(struct process *p)
{
	struct sched *s = p->sched;
	if (!s)
		return;
	for (unsigned i = 0; i < s->count; i++) {
		cpu_context_free(p->cpu, s->threads[i]->ctx);
		free(s->threads[i]->pollset);
		free(s->threads[i]);
	}
	free(s->threads);
	free(s);
	p->sched = NULL;
	cpu_set_quantum(p->cpu, 0);
}

unsigned sched_thread_count(const struct process *p)
{
	return p->sched ? p->sched->count : 0;
}

void sched_thread_stat(struct process *p, unsigned i, int32_t *tid, uint64_t *instructions)
{
	struct sched *s = p->sched;
	*tid = s->threads[i]->tid;
	*instructions = s->threads[i]->retired;
	if (i == s->cur)
		*instructions += cpu_retired(p->cpu) - s->slice_start;
}
