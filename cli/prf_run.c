/* The PROFIL program's settings and termination message: see prf_run.h. */
#include "prf_run.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "shell_words.h"

/* The PROFIL program's settings: from the command line, else asked at the terminal in the
 * seed's order, else defaults (16-byte buckets, one paragraph for DOS; the --tick clock). An
 * interval answered here sets the tick as --interval does (options_apply_interval). */
int resolve_prf_settings(struct options *o, bool dos, struct prf_answers *asked)
{
	memset(asked, 0, sizeof(*asked));
	if ((!o->bucket_size || !o->interval_us) && isatty(STDIN_FILENO)) {
		if (prf_prompt(stdin, stderr, dos, asked) != 0) {
			fprintf(stderr, "profemu: %s: no answer: not profiling\n", o->program);
			return EXIT_USAGE;
		}
		if (!o->bucket_size)
			o->bucket_size = asked->bucket_size;
		if (!o->interval_us) {	/* (--interval set the tick already in options_parse) */
			o->interval_us = asked->interval_us;
			options_apply_interval(o);
		}
		if (asked->params) {
			/* the typed parameters replace the command line's */
			char **argv = calloc((size_t)asked->nparams + 2, sizeof(*argv));
			if (!argv)
				return EXIT_CANNOT_EXECUTE;
			argv[0] = o->argv[0];
			for (int i = 0; i < asked->nparams; i++)
				argv[i + 1] = asked->params[i];
			o->argv = argv;
			o->argc = asked->nparams + 1;
		}
	}
	if (!o->bucket_size)
		o->bucket_size = dos ? 1 : 16;
	if (!o->interval_us)
		o->interval_us = 1000000u / o->hz;	/* one tick */
	return 0;
}

/* The termination message of the PROFIL program, with the registers as DEBUG shows them. */
void prf_termination_message(const struct run_outcome *out, struct cpu *cpu)
{
	if (strcmp(out->stop, "exit") == 0)
		fprintf(stderr, "\nProgram terminated normally (exit code %d)\n", out->guest_exit_code);
	else if (out->signal)
		fprintf(stderr, "\nProgram terminated by SIG%s\n",
			sigabbrev_np(out->signal) ? sigabbrev_np(out->signal) : "?");
	else if (strcmp(out->stop, "interrupted") == 0)
		fprintf(stderr, "\nProgram interrupted (Ctrl-C)\n");
	else
		fprintf(stderr, "\nProgram stopped at the instruction limit\n");
	char regs[1024];
	cpu_dump_regs(cpu, regs, sizeof(regs));
	fputs(regs, stderr);
}

void prf_settings_free(struct options *o, struct prf_answers *asked)
{
	if (!asked->params)
		return;
	free(o->argv);
	shell_words_free(asked->params);
	asked->params = NULL;
}
