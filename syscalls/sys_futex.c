/* futex(2), and robust futexes at thread death.
 *
 * Waiters are the process's blocked threads (thread.h): a futex is named by its guest address,
 * which serves private and shared futexes alike since every thread shares the one guest
 * memory. A futex in a MAP_SHARED page is also another process's (each process is its own
 * emulator, a host process): a wake there is also a host FUTEX_WAKE on the page, which the
 * host keys by file and offset whatever the address; a process with one thread waits for it
 * with a host FUTEX_WAIT; one with several threads waits in its scheduler, which wakes such
 * waiters every 10 ms of host time when nothing else can run (schedule.c: a spurious wake-up,
 * allowed by futex(2), after which glibc looks at the word again).
 * Wakes go in the order the waiters started waiting, as Linux's plist does for threads of one
 * priority. Timeouts run on the guest clock: FUTEX_WAIT's is relative on CLOCK_MONOTONIC,
 * FUTEX_WAIT_BITSET's absolute, on CLOCK_REALTIME with FUTEX_CLOCK_REALTIME.
 *
 * A process with a single thread has no scheduler: its waits can only time out or never end
 * (a self-deadlock, reported as such). PI futexes are not offered (ENOSYS, shown by --strace):
 * glibc uses them only for PTHREAD_PRIO_INHERIT mutexes. */
#include <errno.h>
#include <linux/futex.h>
#include <signal.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "guest_signal.h"
#include "handlers.h"
#include "thread.h"

#define NS_PER_SEC 1000000000ull

enum {
	FUTEX_WAIT_ = 0, FUTEX_WAKE_ = 1, FUTEX_REQUEUE_ = 3, FUTEX_CMP_REQUEUE_ = 4,
	FUTEX_WAKE_OP_ = 5, FUTEX_WAIT_BITSET_ = 9, FUTEX_WAKE_BITSET_ = 10,
	FUTEX_CLOCK_REALTIME_ = 256,
	FUTEX_BITSET_ANY = -1,
};
enum { CLK_REALTIME_ = 0, CLK_MONOTONIC_ = 1 };

/* Reads a futex timeout (native timespec): 0, -EFAULT or -EINVAL. */
static int get_futex_timeout(struct process *p, uint64_t addr, uint64_t *ns)
{
	unsigned w = p->mem.word_size;
	uint64_t sec, nsec;
	int r = gm_get(&p->mem, addr, w, &sec);
	if (!r)
		r = gm_get(&p->mem, addr + w, w, &nsec);
	if (r)
		return r;
	int64_t s = w == 8 ? (int64_t)sec : (int32_t)sec;
	int64_t n = w == 8 ? (int64_t)nsec : (int32_t)nsec;
	if (s < 0 || n < 0 || n >= (int64_t)NS_PER_SEC)
		return -EINVAL;
	/* Timeouts beyond ~584 years saturate instead of wrapping. */
	if ((uint64_t)s > (UINT64_MAX - (uint64_t)n) / NS_PER_SEC)
		*ns = UINT64_MAX;
	else
		*ns = (uint64_t)s * NS_PER_SEC + (uint64_t)n;
	return 0;
}

/* The wait's end as a guest CLOCK_MONOTONIC time, UINT64_MAX for none. */
static int wait_deadline(struct process *p, int cmd, int op, uint64_t timeout, uint64_t *deadline)
{
	*deadline = UINT64_MAX;
	if (!timeout)
		return 0;
	uint64_t ns;
	int r = get_futex_timeout(p, timeout, &ns);
	if (r)
		return r;
	uint64_t mono = process_time_ns(p, CLK_MONOTONIC_);
	if (cmd != FUTEX_WAIT_BITSET_) {
		*deadline = ns > UINT64_MAX - mono ? UINT64_MAX - 1 : mono + ns;
		return 0;
	}
	int clk = op & FUTEX_CLOCK_REALTIME_ ? CLK_REALTIME_ : CLK_MONOTONIC_;
	uint64_t now = process_time_ns(p, clk);
	uint64_t left = ns > now ? ns - now : 0;
	*deadline = left > UINT64_MAX - mono ? UINT64_MAX - 1 : mono + left;
	return 0;
}

/* A wait with no other thread to wake it. With a timeout the guest sleeps until it expires
 * (guest time moves on as for nanosleep; with --host-time the host really sleeps) and gets
 * ETIMEDOUT. Without one, Linux would hang forever (a self-deadlock: a second lock of a plain
 * mutex, a condition wait nobody signals); instead of spinning until --max-insns we end the
 * process with a message, as if aborted. */
static int64_t futex_wait_alone(struct process *p, uint64_t deadline)
{
	if (deadline != UINT64_MAX) {
		uint64_t now = process_time_ns(p, CLK_MONOTONIC_);
		uint64_t ns = deadline > now ? deadline - now : 0;
		if (p->cfg.host_time) {
			struct timespec ts = { .tv_sec = (time_t)(ns / NS_PER_SEC),
					       .tv_nsec = (long)(ns % NS_PER_SEC) };
			/* An interruption is a spurious wake-up to the guest (glibc retries). */
			return nanosleep(&ts, NULL) != 0 ? -EINTR : -ETIMEDOUT;
		}
		p->sleep_ns = ns > UINT64_MAX - p->sleep_ns ? UINT64_MAX : p->sleep_ns + ns;
		return -ETIMEDOUT;
	}
	fprintf(stderr, "profemu: futex wait with no other thread: deadlock\n");
	process_kill(p, guest_sig(p, SIGABRT));
	return -EDEADLK;
}

uint32_t *futex_shared_word(struct process *p, uint64_t addr)
{
	const struct gm_region *r = gm_region_at(&p->mem, addr);
	return r && r->shared && (addr & 3) == 0 ? (uint32_t *)(void *)(r->host + (addr - r->start)) : NULL;
}

/* A single thread's wait on a futex shared with other processes: the host waits, for a wake
 * from any of them or for the timeout (measured in host time, then counted as guest time
 * slept, as futex_wait_alone does). */
static int64_t futex_wait_host(struct process *p, uint32_t *word, uint32_t val, uint64_t deadline)
{
	if (p->mem.big_endian)
		val = __builtin_bswap32(val);	/* the word as the host reads it */
	struct timespec ts, *tp = NULL;
	uint64_t ns = 0;
	if (deadline != UINT64_MAX) {
		uint64_t now = process_time_ns(p, CLK_MONOTONIC_);
		ns = deadline > now ? deadline - now : 0;
		ts = (struct timespec){ .tv_sec = (time_t)(ns / NS_PER_SEC), .tv_nsec = (long)(ns % NS_PER_SEC) };
		tp = &ts;
	}
	if (syscall(SYS_futex, word, FUTEX_WAIT, val, tp, NULL, 0) == 0)
		return 0;
	if (errno == ETIMEDOUT && !p->cfg.host_time)
		p->sleep_ns = ns > UINT64_MAX - p->sleep_ns ? UINT64_MAX : p->sleep_ns + ns;
	return errno == EAGAIN || errno == ETIMEDOUT ? -errno : -EINTR;
}

static int64_t futex_wait(struct process *p, const uint64_t *a, int cmd, int op)
{
	uint64_t uaddr = a[0], cur, deadline;
	uint32_t bitset = cmd == FUTEX_WAIT_BITSET_ ? (uint32_t)a[5] : (uint32_t)FUTEX_BITSET_ANY;
	if (bitset == 0 || (uaddr & 3) != 0)
		return -EINVAL;
	int r = gm_get(&p->mem, uaddr, 4, &cur);
	if (r)
		return r;
	if ((uint32_t)cur != (uint32_t)a[2])
		return -EAGAIN;
	r = wait_deadline(p, cmd, op, a[3], &deadline);
	if (r)
		return r;
	uint32_t *shared = futex_shared_word(p, uaddr);
	if (!p->sched && shared)
		return futex_wait_host(p, shared, (uint32_t)cur, deadline);
	if (!p->sched)
		return futex_wait_alone(p, deadline);
	struct guest_thread *t = sched_current(p);
	t->futex_addr = uaddr;
	t->bitset = bitset;
	sched_block(p, WAIT_FUTEX, deadline);
	return 0;	/* the result once woken: 0, or what the waker sets */
}

/* The waiter on addr (meeting bitset) that has waited longest, or NULL. */
static struct guest_thread *first_waiter(struct process *p, uint64_t addr, uint32_t bitset)
{
	struct guest_thread *best = NULL;
	if (!p->sched)
		return NULL;
	for (unsigned i = 0; i < p->sched->count; i++) {
		struct guest_thread *t = p->sched->threads[i];
		if (!t->exited && t->wait == WAIT_FUTEX && t->futex_addr == addr && (t->bitset & bitset) &&
		    (!best || t->wait_seq < best->wait_seq))
			best = t;
	}
	return best;
}

int futex_wake(struct process *p, uint64_t addr, uint32_t bitset, int n)
{
	int woken = 0;
	struct guest_thread *t;
	while (woken < n && (t = first_waiter(p, addr, bitset)) != NULL) {
		sched_wake(t, 0);
		woken++;
	}
	if (woken) {
		/* The waker's slice ends (schedule.c's rule 3): a thread woken for a lock runs
		 * before the waker takes it back, as on one CPU of Linux, whose woken thread
		 * preempts its waker. Else a loop that drops and retakes a lock between two
		 * instants of no wait (python's GIL around a poll that returns at once) starved
		 * the woken thread for good: it only ran at a slice's end, and found the lock
		 * taken again. */
		p->sched->switch_due = true;
		cpu_request_stop(p->cpu);
	}
	uint32_t *shared = futex_shared_word(p, addr);
	if (shared && woken < n) {
		long others = syscall(SYS_futex, shared, FUTEX_WAKE_BITSET, n - woken, NULL, NULL, bitset);
		woken += others > 0 ? (int)others : 0;
	}
	return woken;
}

/* REQUEUE and CMP_REQUEUE: wake up to n, move up to n2 of the rest onto addr2. */
static int64_t futex_requeue(struct process *p, uint64_t addr, uint64_t addr2, int n, int n2)
{
	if (n < 0 || n2 < 0)
		return -EINVAL;
	int64_t done = futex_wake(p, addr, (uint32_t)FUTEX_BITSET_ANY, n);
	struct guest_thread *t;
	while (n2 > 0 && (t = first_waiter(p, addr, (uint32_t)FUTEX_BITSET_ANY)) != NULL) {
		t->futex_addr = addr2;
		n2--;
		done++;
	}
	return done;
}

/* FUTEX_WAKE_OP: *uaddr2 = op(*uaddr2, oparg); wake val on uaddr; if the old *uaddr2 meets
 * the comparison, wake val2 on uaddr2. val3 encodes op, comparison and two 12-bit arguments. */
static int64_t futex_wake_op(struct process *p, const uint64_t *a)
{
	uint32_t val3 = (uint32_t)a[5];
	unsigned op = (val3 >> 28) & 15, cmp = (val3 >> 24) & 15;
	int32_t oparg = (int32_t)(val3 << 8) >> 20, cmparg = (int32_t)(val3 << 20) >> 20;
	if (op & 8) {	/* FUTEX_OP_OPARG_SHIFT */
		if (oparg < 0 || oparg > 31)
			return -EINVAL;
		oparg = (int32_t)(1u << oparg);
	}
	uint64_t old64;
	int r = gm_get(&p->mem, a[4], 4, &old64);
	if (r)
		return r;
	uint32_t old = (uint32_t)old64, v = old, arg = (uint32_t)oparg;
	switch (op & 7) {
	case 0: v = arg; break;
	case 1: v += arg; break;
	case 2: v |= arg; break;
	case 3: v &= ~arg; break;
	case 4: v ^= arg; break;
	default: return -ENOSYS;
	}
	r = gm_put(&p->mem, a[4], 4, v);
	if (r)
		return r;
	int64_t woken = futex_wake(p, a[0], (uint32_t)FUTEX_BITSET_ANY, (int)a[2]);
	int32_t o = (int32_t)old;
	bool hit;
	switch (cmp) {
	case 0: hit = o == cmparg; break;
	case 1: hit = o != cmparg; break;
	case 2: hit = o < cmparg; break;
	case 3: hit = o <= cmparg; break;
	case 4: hit = o > cmparg; break;
	case 5: hit = o >= cmparg; break;
	default: return -ENOSYS;
	}
	if (hit)
		woken += futex_wake(p, a[4], (uint32_t)FUTEX_BITSET_ANY, (int)(uint32_t)a[3]);
	return woken;
}

/* futex(uaddr, op, val, timeout/val2, uaddr2, val3). */
int64_t sys_futex(struct process *p, const uint64_t *a)
{
	int op = (int)a[1], cmd = op & 127;
	uint64_t cur;
	int r;

	switch (cmd) {
	case FUTEX_WAIT_:
	case FUTEX_WAIT_BITSET_:
		return futex_wait(p, a, cmd, op);
	case FUTEX_WAKE_:
		return futex_wake(p, a[0], (uint32_t)FUTEX_BITSET_ANY, (int)(uint32_t)a[2]);
	case FUTEX_WAKE_BITSET_:
		if ((uint32_t)a[5] == 0)
			return -EINVAL;
		return futex_wake(p, a[0], (uint32_t)a[5], (int)(uint32_t)a[2]);
	case FUTEX_REQUEUE_:
		return futex_requeue(p, a[0], a[4], (int)a[2], (int)a[3]);
	case FUTEX_CMP_REQUEUE_:
		r = gm_get(&p->mem, a[0], 4, &cur);
		if (r)
			return r;
		if ((uint32_t)cur != (uint32_t)a[5])
			return -EAGAIN;
		return futex_requeue(p, a[0], a[4], (int)a[2], (int)a[3]);
	case FUTEX_WAKE_OP_:
		return futex_wake_op(p, a);
	default:
		return -ENOSYS;
	}
}

/* The robust list (struct robust_list_head: next, futex_offset, list_op_pending, in guest
 * longs): each lock a dying thread holds gets FUTEX_OWNER_DIED, and one waiter is woken. */
enum { FUTEX_WAITERS_ = 0x80000000u, FUTEX_OWNER_DIED_ = 0x40000000u, FUTEX_TID_MASK_ = 0x3fffffffu };

static void release_one(struct process *p, struct guest_thread *t, uint64_t entry, int64_t offset)
{
	uint64_t addr = entry + (uint64_t)offset, v;
	if (gm_get(&p->mem, addr, 4, &v) != 0 || ((uint32_t)v & FUTEX_TID_MASK_) != (uint32_t)t->tid)
		return;
	uint32_t nv = ((uint32_t)v & FUTEX_WAITERS_) | FUTEX_OWNER_DIED_;
	if (gm_put(&p->mem, addr, 4, nv) == 0 && (v & FUTEX_WAITERS_))
		futex_wake(p, addr, (uint32_t)FUTEX_BITSET_ANY, 1);
}

void futex_release_robust(struct process *p, struct guest_thread *t)
{
	unsigned w = p->mem.word_size;
	uint64_t head = t->robust_list, next, off_raw, pending;
	if (!head || gm_get_word(&p->mem, head, &next) || gm_get_word(&p->mem, head + w, &off_raw) ||
	    gm_get_word(&p->mem, head + 2 * w, &pending))
		return;
	int64_t offset = w == 8 ? (int64_t)off_raw : (int64_t)(int32_t)off_raw;
	/* Bit 0 of an entry marks a PI futex; the entry itself is the address without it. */
	for (unsigned n = 0; next != head && n < ROBUST_LIST_LIMIT; n++) {
		uint64_t entry = next & ~(uint64_t)1;
		if (gm_get_word(&p->mem, entry, &next))
			break;
		if (entry != (pending & ~(uint64_t)1))
			release_one(p, t, entry, offset);
	}
	if (pending)
		release_one(p, t, pending & ~(uint64_t)1, offset);
}
