/* The PROFIL program's prompts: see prf_prompt.h. */
#include "prf_prompt.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "shell_words.h"

/* Asks until the answer is a whole number > 0. */
static int ask_number(FILE *in, FILE *out, const char *question, uint64_t *value)
{
	char *line = NULL;
	size_t cap = 0;
	for (;;) {
		fputs(question, out);
		fflush(out);
		if (getline(&line, &cap, in) < 0) {
			free(line);
			return -1;
		}
		char *end;
		errno = 0;
		unsigned long long v = strtoull(line, &end, 10);
		while (*end == ' ' || *end == '\t' || *end == '\n' || *end == '\r')
			end++;
		if (!errno && end != line && *end == 0 && v > 0 && line[strspn(line, " \t")] != '-') {
			*value = v;
			free(line);
			return 0;
		}
		fputs("Bad number, try again.\n", out);
	}
}

int prf_prompt(FILE *in, FILE *out, bool dos, struct prf_answers *a)
{
	a->params = NULL;
	a->nparams = 0;
	if (ask_number(in, out, dos ? "Number of paragraphs per bucket: " : "Bucket size in bytes: ",
		       &a->bucket_size) ||
	    ask_number(in, out, "Clock interval in microseconds: ", &a->interval_us))
		return -1;
	char *line = NULL;
	size_t cap = 0;
	for (;;) {
		fputs("Parameters: ", out);
		fflush(out);
		if (getline(&line, &cap, in) < 0) {
			free(line);
			return -1;
		}
		int n;
		char **words = shell_words_split(line, &n);
		if (words) {
			if (n > 0) {
				a->params = words;
				a->nparams = n;
			} else {
				shell_words_free(words);
			}
			free(line);
			return 0;
		}
		fputs("Unterminated quote, try again.\n", out);
	}
}
