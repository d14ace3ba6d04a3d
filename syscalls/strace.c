/* --strace lines (see strace.h). Everything read from the guest goes through the checked
 * accessors: a bad pointer prints as its address, never faults the emulator. */
#include "strace.h"
#include "abi_flags.h"
#include "thread.h"
#include "proc_tree.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

enum {
	STRACE_MAX_ARGS = 6,
	STRACE_STRING_MAX = 64,	/* characters of an 's' argument before "..." */
	STRACE_BUFFER_MAX = 32,	/* bytes of a 'b' or 'w' buffer before "..." */
	STRACE_MAX_ERRNO = 4095,	/* results in [-4095, -1] are errors, as the kernel's */
};

/* Register values as the guest sees them: a 32-bit guest's words are 32 bits. */
static uint64_t guest_word(const struct process *p, uint64_t v)
{
	return p->mem.word_size == 4 ? (uint32_t)v : v;
}

static int64_t guest_signed(const struct process *p, uint64_t v)
{
	return p->mem.word_size == 4 ? (int32_t)(uint32_t)v : (int64_t)v;
}

/* C escapes for the characters a reader needs to see; octal for the rest. Three octal digits
 * always, so a following digit cannot be read as part of the escape. */
static void put_escaped_char(FILE *f, uint8_t c)
{
	switch (c) {
	case '\n': fputs("\\n", f); return;
	case '\t': fputs("\\t", f); return;
	case '\r': fputs("\\r", f); return;
	case '"': fputs("\\\"", f); return;
	case '\\': fputs("\\\\", f); return;
	default:
		if (c >= 0x20 && c < 0x7f)
			fputc(c, f);
		else
			fprintf(f, "\\%03o", c);
	}
}

static void put_address(FILE *f, const struct process *p, uint64_t addr)
{
	if (addr == 0)
		fputs("NULL", f);
	else
		fprintf(f, "0x%" PRIx64, guest_word(p, addr));
}

/* A NUL-terminated guest string, quoted; read a byte at a time so a string that ends just
 * before unmapped memory still prints. */
static void put_string(FILE *f, struct process *p, uint64_t addr)
{
	uint8_t s[STRACE_STRING_MAX];
	size_t n = 0;
	bool terminated = false;
	for (; n <= STRACE_STRING_MAX; n++) {
		uint8_t c;
		if (gm_read(&p->mem, addr + n, &c, 1) < 0)
			break;
		if (c == 0) {
			terminated = true;
			break;
		}
		if (n == STRACE_STRING_MAX)
			break;	/* one more character exists: truncated */
		s[n] = c;
	}
	if (addr == 0 || (n == 0 && !terminated)) {
		put_address(f, p, addr);
		return;
	}
	fputc('"', f);
	for (size_t i = 0; i < n && i < STRACE_STRING_MAX; i++)
		put_escaped_char(f, s[i]);
	fputc('"', f);
	if (!terminated)
		fputs("...", f);
}

/* len bytes of guest memory at addr, quoted, the first STRACE_BUFFER_MAX of them. */
static void put_buffer(FILE *f, struct process *p, uint64_t addr, uint64_t len)
{
	uint8_t b[STRACE_BUFFER_MAX];
	uint64_t n = len < STRACE_BUFFER_MAX ? len : STRACE_BUFFER_MAX;
	if (addr == 0 || gm_read(&p->mem, addr, b, n) < 0) {
		put_address(f, p, addr);
		return;
	}
	fputc('"', f);
	for (uint64_t i = 0; i < n; i++)
		put_escaped_char(f, b[i]);
	fputc('"', f);
	if (len > n)
		fputs("...", f);
}

/* A dirfd: AT_FDCWD as strace names it when it is the ABI's value (the kernel reads an int:
 * a 32-bit guest's -100 arrives zero-extended); any other value as a signed number. */
static void put_dirfd(FILE *f, const struct process *p, uint64_t v)
{
	const struct abi_flags *flags = p->abi ? p->abi->flags : NULL;
	if (flags && (int32_t)(uint32_t)v == flags->at_fdcwd)
		fputs("AT_FDCWD", f);
	else
		fprintf(f, "%" PRId64, guest_signed(p, v));
}

static bool is_error(int64_t result)
{
	return result < 0 && result >= -STRACE_MAX_ERRNO;
}

/* Argument i spelled by kind; `result` is the call's return, used by 'b' after the call. */
static void put_arg(FILE *f, struct process *p, char kind, const uint64_t *a, int i,
		    int64_t result)
{
	uint64_t v = a[i];
	switch (kind) {
	case 'D':
		put_dirfd(f, p, v);
		break;
	case 'd':
		fprintf(f, "%" PRId64, guest_signed(p, v));
		break;
	case 'u':
		fprintf(f, "%" PRIu64, guest_word(p, v));
		break;
	case 'o':
		fprintf(f, "0%" PRIo64, guest_word(p, v));
		break;
	case 'p':
		put_address(f, p, v);
		break;
	case 's':
		put_string(f, p, v);
		break;
	case 'w':
		if (i + 1 < STRACE_MAX_ARGS)
			put_buffer(f, p, v, guest_word(p, a[i + 1]));
		else
			put_address(f, p, v);
		break;
	case 'b':
		if (result < 0)
			put_address(f, p, v);	/* nothing was written */
		else
			put_buffer(f, p, v, (uint64_t)result);
		break;
	default:	/* 'x' and anything unknown */
		fprintf(f, "0x%" PRIx64, guest_word(p, v));
		break;
	}
}

static int arg_count(const struct sys_entry *e)
{
	size_t n = e->args ? strlen(e->args) : 0;
	return n > STRACE_MAX_ARGS ? STRACE_MAX_ARGS : (int)n;
}

/* The first argument printed after the call: the first 'b', or none (the count). */
static int first_after_call(const struct sys_entry *e)
{
	int n = arg_count(e);
	for (int i = 0; i < n; i++)
		if (e->args[i] == 'b')
			return i;
	return n;
}

static void put_args(FILE *f, struct process *p, const struct sys_entry *e, const uint64_t *a,
		     int from, int to, int64_t result)
{
	for (int i = from; i < to; i++) {
		if (i > 0)
			fputs(", ", f);
		put_arg(f, p, e->args[i], a, i, result);
	}
}

static void put_result(FILE *f, const struct process *p, char ret, int64_t result)
{
	if (is_error(result)) {
		int err = (int)-result;
		const char *name = strerrorname_np(err);
		if (name)
			fprintf(f, "-1 %s (%s)", name, strerror(err));
		else
			fprintf(f, "-1 errno=%d (%s)", err, strerror(err));
		return;
	}
	switch (ret) {
	case 'x':
	case 'p':
		fprintf(f, "0x%" PRIx64, guest_word(p, (uint64_t)result));
		break;
	case 'u':
		fprintf(f, "%" PRIu64, guest_word(p, (uint64_t)result));
		break;
	default:
		fprintf(f, "%" PRId64, result);
		break;
	}
}

/* The first part of a line, written when the call starts to wait: "TID name(" and the
 * arguments the call only reads, with the ", " that strace leaves before "<unfinished ...>". */
static void put_head(FILE *f, struct process *p, const struct strace_call *c)
{
	if (!c->e) {
		fprintf(f, "%" PRId32 " unknown_syscall_%" PRIu64 "(", c->tid, c->nr);
		for (int i = 0; i < STRACE_MAX_ARGS; i++)
			fprintf(f, "%s0x%" PRIx64, i ? ", " : "", guest_word(p, c->args[i]));
		return;
	}
	int k = first_after_call(c->e);
	fprintf(f, "%" PRId32 " %s(", c->tid, c->e->name);
	put_args(f, p, c->e, c->args, 0, k, 0);
	if (k > 0 && k < arg_count(c->e))
		fputs(", ", f);
}

/* The rest: the arguments the call filled and ") = result". ended: the call ended the
 * process (qemu prints no result then); gone: the thread ended in it (strace's "= ?"). */
static void put_tail(FILE *f, struct process *p, const struct strace_call *c, int64_t result,
		     bool gone)
{
	if (c->e) {
		int k = first_after_call(c->e);
		for (int i = k; i < arg_count(c->e); i++) {
			if (i > k)
				fputs(", ", f);
			put_arg(f, p, c->e->args[i], c->args, i, result);
		}
	}
	if (gone)
		fputs(") = ?\n", f);
	else if (p->ended)
		fputs(")\n", f);
	else {
		fputs(") = ", f);
		put_result(f, p, c->e ? c->e->ret : 'd', result);
		fputc('\n', f);
	}
}

/* Lines are put together here and written in one piece under the stream's lock: the
 * processes of a tree share stderr, and a line written in pieces would be cut by theirs. */
static char line_text[8192];
static FILE *line_stream;
static int32_t solo_open;		/* the open line's tid without a process tree */
static struct strace_call solo_call;	/* the call of a process without threads */

static struct strace_call *call_of(struct process *p)
{
	struct guest_thread *t = sched_current(p);
	return t ? &t->strace : &solo_call;
}

static int32_t *stream_lock(struct process *p)
{
	int32_t *open = tree_strace_lock(&p->tree);
	return open ? open : &solo_open;
}

/* Writes what was put together since line_stream was rewound, then rewinds it. */
static void flush_line(FILE *out)
{
	fflush(line_stream);
	long n = ftell(line_stream);
	if (n < 0)
		n = 0;
	if ((size_t)n >= sizeof line_text)
		n = sizeof line_text - 1;
	if ((size_t)n == sizeof line_text - 1)
		line_text[n++] = '\n';	/* cut short: end the line all the same */
	fwrite(line_text, 1, (size_t)n, out);
	fflush(out);
	rewind(line_stream);
}

/* Takes the stream for one piece of output: another thread's open line is ended first, as
 * strace does: "<unfinished ...>". A line that is its own stays open (returns true). */
static bool take_stream(FILE *f, int32_t *open, const struct strace_call *c)
{
	if (c && c->written && *open == c->tid)
		return true;
	if (*open != 0)
		fputs(" <unfinished ...>\n", f);
	*open = 0;
	return false;
}

enum piece { PIECE_HEAD, PIECE_END, PIECE_GONE };

/* Writes a piece of c's line: its head (the call waits: the line stays open), or its end:
 * the whole line, or the rest of an open one, or "TID <... name resumed>" and the rest when
 * another line came in between. */
static void emit(struct process *p, struct strace_call *c, enum piece piece, int64_t result)
{
	FILE *out = p->cfg.strace;
	if (!line_stream)
		line_stream = fmemopen(line_text, sizeof line_text, "w");
	FILE *f = line_stream ? line_stream : out;
	int32_t *open = stream_lock(p);
	bool own_open = take_stream(f, open, c);
	if (piece == PIECE_HEAD) {
		if (!own_open)
			put_head(f, p, c);
		*open = c->tid;
		c->written = true;
	} else {
		if (!c->written)
			put_head(f, p, c);
		else if (!own_open)
			fprintf(f, "%" PRId32 " <... %s resumed>", c->tid,
				c->e ? c->e->name : "unknown_syscall");
		put_tail(f, p, c, result, piece == PIECE_GONE);
		*open = 0;
		c->written = false;
	}
	if (line_stream)
		flush_line(out);
	tree_strace_unlock(&p->tree);
}

/* Calls that may wait on the host (a process without threads waits inside them): their line
 * is written up to the result when they start, so that another process's lines in the
 * meantime show them "<unfinished ...>", as strace -f does. The others come whole when they
 * end, after any output of the call itself. A call of a threaded process that waits for
 * another thread is written so when it starts to wait (strace_exit). */
static bool may_wait(const struct sys_entry *e)
{
	static const char *const names[] = {
		"wait4", "waitid", "waitpid", "read", "readv", "recvfrom", "recvmsg", "recvmmsg",
		"recvmmsg_time64", "poll", "ppoll", "ppoll_time64", "select", "_newselect",
		"pselect6", "pselect6_time64", "epoll_wait", "epoll_pwait", "epoll_pwait2",
		"accept", "accept4", "connect", "nanosleep", "clock_nanosleep",
		"clock_nanosleep_time64", "pause", "rt_sigsuspend", "sigsuspend",
		"rt_sigtimedwait", "rt_sigtimedwait_time64", "futex", "futex_time64", "msgrcv",
		"semop", "semtimedop", "flock",
	};
	for (size_t i = 0; e && i < sizeof names / sizeof names[0]; i++)
		if (!strcmp(e->name, names[i]))
			return true;
	return false;
}

void strace_enter(struct process *p, const struct sys_entry *e, uint64_t nr, const uint64_t *a)
{
	if (!p->cfg.strace)
		return;
	struct strace_call *c = call_of(p);
	if (c->waiting && c->e == e && c->nr == nr) {
		c->waiting = false;	/* the call runs again after its wait: the same line */
		return;
	}
	*c = (struct strace_call){ .e = e, .nr = nr, .tid = sched_current_tid(p) };
	memcpy(c->args, a, sizeof c->args);
	if (may_wait(e))
		emit(p, c, PIECE_HEAD, 0);
}

void strace_exit(struct process *p, const struct sys_entry *e, const uint64_t *a,
		 int64_t result_host)
{
	(void)e;
	(void)a;
	if (!p->cfg.strace)
		return;
	struct strace_call *c = call_of(p);
	struct guest_thread *t = sched_current(p);
	if (t && t->wait != WAIT_NONE && !t->exited) {
		/* it waits for another thread or the host: the result comes when it wakes
		 * (strace_wake, or the call runs again) */
		if (!c->written)
			emit(p, c, PIECE_HEAD, 0);
		c->waiting = true;
		c->result = result_host;
		return;
	}
	if (!c->written)
		c->tid = sched_current_tid(p);	/* a fork's child: its own pid */
	emit(p, c, t && t->exited ? PIECE_GONE : PIECE_END, result_host);
}

void strace_wake(struct process *p, struct guest_thread *t, const int64_t *result_host)
{
	if (!p->cfg.strace || !t->strace.waiting || t->wait != WAIT_NONE)
		return;
	t->strace.waiting = false;
	emit(p, &t->strace, PIECE_END, result_host ? *result_host : t->strace.result);
}

void strace_line(struct process *p, const char *text)
{
	FILE *out = p->cfg.strace;
	if (!out)
		return;
	take_stream(out, stream_lock(p), NULL);
	fputs(text, out);
	fflush(out);
	tree_strace_unlock(&p->tree);
}
