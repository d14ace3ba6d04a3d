/* Signals while an output is written (output/write_guard.c through out_atomic_write): a first
 * SIGINT is noted and the output is still written whole; a second one, while the temporary
 * NAME.XXXXXX is open, removes it and ends the process by SIGINT, leaving neither the
 * temporary nor a partial output (issue 18: a kill during the write left multi-MB temporaries).
 * The signals are raised from inside the writer's emit callback, so they land exactly in the
 * write phase, with the temporary on disk. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "output/atomic_file.h"
#include "output/write_guard.h"

static char dir[] = "/tmp/profemu-write-guard-XXXXXX";
static char target[64];

static void setup(void)
{
	cr_assert_not_null(mkdtemp(dir));
	snprintf(target, sizeof target, "%s/gmon.out", dir);
}

/* The names in dir, joined by spaces ("" when empty). */
static void names(char *buf, size_t len)
{
	buf[0] = '\0';
	DIR *d = opendir(dir);
	cr_assert_not_null(d);
	for (struct dirent *e; (e = readdir(d));)
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			snprintf(buf + strlen(buf), len - strlen(buf), "%s%s", *buf ? " " : "",
				 e->d_name);
	closedir(d);
}

static void teardown(void)
{
	unlink(target);
	rmdir(dir);
}

TestSuite(write_guard, .init = setup, .fini = teardown);

/* Writes half the output, raises `signals` SIGINTs (checking that only the temporary is there),
 * writes the rest. */
static int emit(FILE *f, const void *ctx)
{
	int signals = *(const int *)ctx;
	for (int i = 0; i < 50000; i++)
		fprintf(f, "line %d\n", i);
	fflush(f);
	char seen[256];
	names(seen, sizeof seen);
	if (strncmp(seen, "gmon.out.", 9) != 0 || strchr(seen, ' '))
		_exit(3);	/* not the temporary alone */
	for (int i = 0; i < signals; i++)
		raise(SIGINT);
	for (int i = 50000; i < 100000; i++)
		fprintf(f, "line %d\n", i);
	return 0;
}

Test(write_guard, first_signal_noted_output_whole)
{
	int one = 1;
	write_guard_begin(false);	/* as for the first process: the first signal told */
	cr_assert_eq(out_atomic_write(target, emit, &one), 0);
	cr_expect_eq(write_guard_end(), SIGINT, "the signal is reported after the writing");
	char seen[256];
	names(seen, sizeof seen);
	cr_expect_str_eq(seen, "gmon.out", "the output alone, no temporary");
	FILE *f = fopen(target, "r");
	cr_assert_not_null(f);
	char last[64] = "";
	for (char line[64]; fgets(line, sizeof line, f);)
		strcpy(last, line);
	fclose(f);
	cr_expect_str_eq(last, "line 99999\n", "written whole");
}

Test(write_guard, second_signal_removes_temporary_and_kills)
{
	pid_t child = fork();
	cr_assert_geq(child, 0);
	if (child == 0) {
		int two = 2;
		write_guard_begin(false);	/* as for the first process: the first signal told */
		out_atomic_write(target, emit, &two);
		_exit(4);	/* the second SIGINT should not have returned */
	}
	int status;
	cr_assert_eq(waitpid(child, &status, 0), child);
	cr_expect(WIFSIGNALED(status) && WTERMSIG(status) == SIGINT,
		  "ended by SIGINT (status %#x: exit 3 = the temporary was not alone, 4 = it lived)",
		  status);
	char seen[256];
	names(seen, sizeof seen);
	cr_expect_str_eq(seen, "", "neither the temporary nor a partial gmon.out left");
}
