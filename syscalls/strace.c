/* --strace lines (see strace.h). Everything read from the guest goes through the checked
 * accessors: a bad pointer prints as its address, never faults the emulator. */
#include "strace.h"
#include "abi_flags.h"
#include "thread.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

enum {
	STRACE_MAX_ARGS = 6,
	STRACE_STRING_MAX = 64,	/* characters of an 's' argument before "..." */
	STRACE_BUFFER_MAX = 32,	/* bytes of a 'b' or 'w' buffer before "..." */
	STRACE_MAX_ERRNO = 4095,	/* results in [-4095, -1] are errors, as the kernel's */
};

/* A call's line is put together here and written at its end in one piece: processes share
 * the --strace stream (stderr, unbuffered), and a line written in pieces around a call that
 * waits would be cut by the other processes' lines. So lines come whole, in the order the
 * calls end. */
static char line_text[8192];
static FILE *line_stream;

static FILE *line_begin(void)
{
	if (!line_stream)
		line_stream = fmemopen(line_text, sizeof line_text, "w");
	return line_stream;
}

static void line_end(FILE *out)
{
	FILE *m = line_stream;
	if (!m)
		return;
	fflush(m);
	long n = ftell(m);
	if (n < 0)
		n = 0;
	if ((size_t)n >= sizeof line_text)
		n = sizeof line_text - 1;
	if (n > 0 && line_text[n - 1] != '\n')	/* cut short: end the line all the same */
		line_text[n++] = '\n';
	fwrite(line_text, 1, (size_t)n, out);
	fflush(out);
	rewind(m);
}

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

void strace_enter(struct process *p, const struct sys_entry *e, uint64_t nr, const uint64_t *a)
{
	if (!p->cfg.strace)
		return;
	FILE *f = line_begin();
	if (!f)
		f = p->cfg.strace;	/* no memory for the line: write it in pieces */
	if (!e) {
		fprintf(f, "%" PRId32 " unknown_syscall_%" PRIu64 "(", sched_current_tid(p), nr);
		for (int i = 0; i < STRACE_MAX_ARGS; i++)
			fprintf(f, "%s0x%" PRIx64, i ? ", " : "", guest_word(p, a[i]));
		return;
	}
	fprintf(f, "%" PRId32 " %s(", sched_current_tid(p), e->name);
	put_args(f, p, e, a, 0, first_after_call(e), 0);
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

void strace_exit(struct process *p, const struct sys_entry *e, const uint64_t *a,
		 int64_t result_host)
{
	FILE *out = p->cfg.strace;
	if (!out)
		return;
	FILE *f = line_stream ? line_stream : out;
	struct guest_thread *t = sched_current(p);
	if (t && (t->wait != WAIT_NONE || t->exited)) {
		/* The thread waits (its result comes when it wakes) or ended: as strace -f shows
		 * a call another thread's activity interrupts. */
		fputs(t->exited ? ") = ?\n" : " <unfinished ...>\n", f);
		line_end(out);
		return;
	}
	if (e)
		put_args(f, p, e, a, first_after_call(e), arg_count(e), result_host);
	if (p->ended) {
		fputs(")\n", f);
	} else {
		fputs(") = ", f);
		put_result(f, p, e ? e->ret : 'd', result_host);
		fputc('\n', f);
	}
	/* Guest output goes straight to host fds: flush so the two interleave in call order. */
	line_end(out);
}
