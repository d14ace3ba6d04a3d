/* The PROFIL program's questions, asked in the seed's order when the command line leaves them
 * open and a person is at the terminal: bucket size (> 0), clock interval, the program's
 * parameters (split like a shell). A bad number is asked again. */
#ifndef PROFEMU_PRF_PROMPT_H
#define PROFEMU_PRF_PROMPT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct prf_answers {
	uint64_t bucket_size;	/* bytes, or paragraphs for DOS programs */
	uint64_t interval_us;
	char **params;		/* NULL: keep the command line's; else malloc'd words */
	int nparams;
};

/* Reads the answers from `in`, writing the questions to `out`. Returns 0, or -1 at end of
 * input (the user gave up). */
int prf_prompt(FILE *in, FILE *out, bool dos, struct prf_answers *a);

#endif
