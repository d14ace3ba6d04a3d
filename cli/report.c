/* Fault messages and the --stats file. */
#include "report.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "../output/atomic_file.h"
#include "../output/json_text.h"
#include "../symbols/symbolizer.h"

int report_fault_signal(enum cpu_fault_kind kind)
{
	switch (kind) {
	case CPU_FAULT_SEGV_MAPERR:
	case CPU_FAULT_SEGV_ACCERR: return SIGSEGV;
	case CPU_FAULT_ILL: return SIGILL;
	case CPU_FAULT_FPE: return SIGFPE;
	case CPU_FAULT_BUS: return SIGBUS;
	case CPU_FAULT_TRAP: return SIGTRAP;
	}
	return SIGSEGV;
}

void report_fault(const char *program, const struct cpu_fault *f, int signal,
		  struct symbolizer *names)
{
	char where[PATH_MAX + 512] = "";
	if (names) {
		where[0] = ' ';
		where[1] = '(';
		symbolizer_describe(names, f->pc, where + 2, sizeof(where) - 3);
		strcat(where, ")");
	}
	fprintf(stderr, "profemu: %s: %s (SIG%s) at pc 0x%" PRIx64 "%s", program, strsignal(signal),
		sigabbrev_np(signal) ? sigabbrev_np(signal) : "?", f->pc, where);
	if (f->has_addr)
		fprintf(stderr, ", address 0x%" PRIx64, f->addr);
	if (f->detail[0])
		fprintf(stderr, ": %s", f->detail);
	fputc('\n', stderr);
}

static int emit_stats(FILE *out, const void *ctx)
{
	const struct run_outcome *r = ctx;
	fprintf(out, "{\n  \"program\": ");
	out_json_string(out, r->program);
	fprintf(out, ",\n  \"arch\": \"%s\",\n  \"instructions\": %" PRIu64 ",\n  \"ticks\": %" PRIu64
		     ",\n  \"stop\": \"%s\",\n",
		cpu_arch_name(r->arch), r->instructions, r->ticks, r->stop);
	if (r->signal)
		fprintf(out, "  \"signal\": %d,\n", r->signal);
	else if (strcmp(r->stop, "exit") == 0)
		fprintf(out, "  \"exit_code\": %d,\n", r->guest_exit_code);
	if (r->thread_count) {
		fprintf(out, "  \"threads\": [");
		for (unsigned i = 0; i < r->thread_count; i++)
			fprintf(out, "%s\n    { \"tid\": %" PRId32 ", \"instructions\": %" PRIu64 " }",
				i ? "," : "", r->threads[i].tid, r->threads[i].instructions);
		fprintf(out, "\n  ],\n");
	}
	fprintf(out, "  \"exit_status\": %d\n}\n", r->exit_status);
	return ferror(out) ? -EIO : 0;
}

int report_stats(const char *path, const struct run_outcome *r)
{
	int err = out_atomic_write(path, emit_stats, r);
	if (err) {
		fprintf(stderr, "profemu: %s: %s\n", path, strerror(-err));
		return -1;
	}
	return 0;
}
