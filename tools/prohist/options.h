/* prohist: the command line. */
#ifndef PROHIST_OPTIONS_H
#define PROHIST_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>

#define PROHIST_DEFAULT_WIDTH 50
#define PROHIST_DEFAULT_HOT 5	/* buckets --annotate and the chart's labels show without --top */

/* Exit statuses: bad input (a malformed .PRF, a missing program) and a bad command line. */
enum { PROHIST_EXIT_INPUT = 1, PROHIST_EXIT_USAGE = 2 };

struct prohist_options {
	const char *prf_path;
	const char *program;	/* PROGRAM; NULL: the path the .PRF records (ELF), or none */
	bool no_program;	/* --no-program: no symbols, no disassembly */
	bool all;		/* --all: empty buckets too */
	uint64_t top;		/* --top=N; 0: every bucket, in address order */
	bool annotate;
	const char *svg_path;
	unsigned width;		/* columns of the largest bar */
};

/* Parses argv into o. Returns -1 to go on, or the exit status to end with: 0 after --help or
 * --version (printed), PROHIST_EXIT_USAGE after a message on stderr. */
int prohist_options_parse(struct prohist_options *o, int argc, char **argv);

#endif
