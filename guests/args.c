/*
 * args: prints its command line and selected environment variables.
 *
 * Usage: args [NAME]...
 * Prints argc and every argv[i] (argv[0] included, quoted, with non-printable bytes escaped);
 * then, for each argument i >= 1, the value of the environment variable of that name or
 * "(unset)"; then every environment variable whose name starts with PROFEMU_TEST_, sorted.
 * Also checks that argv[argc] and the environ array are NULL-terminated and that the
 * auxiliary vector gives sane AT_PAGESZ and AT_ENTRY-independent values.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <unistd.h>

extern char **environ;

static void put_quoted(const char *s)
{
	putchar('"');
	for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
		if (*c == '"' || *c == '\\')
			printf("\\%c", *c);
		else if (*c < 0x20 || *c >= 0x7f)
			printf("\\x%02x", *c);
		else
			putchar(*c);
	}
	putchar('"');
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
	static const char prefix[] = "PROFEMU_TEST_";
	size_t n_env = 0, n_sel = 0;

	printf("argc %d\n", argc);
	for (int i = 0; i < argc; i++) {
		printf("argv[%d] ", i);
		put_quoted(argv[i]);
		putchar('\n');
	}
	printf("argv[argc] is %s\n", argv[argc] == NULL ? "NULL" : "NOT NULL");

	for (int i = 1; i < argc; i++) {
		const char *v = getenv(argv[i]);
		printf("getenv ");
		put_quoted(argv[i]);
		if (v) {
			printf(" = ");
			put_quoted(v);
			putchar('\n');
		} else {
			printf(" (unset)\n");
		}
	}

	for (char **e = environ; *e; e++)
		n_env++;
	char **sel = malloc((n_env + 1) * sizeof *sel);
	if (!sel)
		return 1;
	for (char **e = environ; *e; e++)
		if (strncmp(*e, prefix, sizeof prefix - 1) == 0)
			sel[n_sel++] = *e;
	qsort(sel, n_sel, sizeof *sel, cmp_str);
	printf("%zu variables named %s*\n", n_sel, prefix);
	for (size_t i = 0; i < n_sel; i++) {
		printf("  ");
		put_quoted(sel[i]);
		putchar('\n');
	}
	free(sel);

	/* The auxiliary vector the kernel (or the emulator) passed. */
	unsigned long pagesz = getauxval(AT_PAGESZ);
	printf("AT_PAGESZ %lu, AT_PHDR %s, AT_ENTRY %s, AT_RANDOM %s, AT_EXECFN %s\n", pagesz,
		getauxval(AT_PHDR) ? "set" : "unset", getauxval(AT_ENTRY) ? "set" : "unset",
		getauxval(AT_RANDOM) ? "set" : "unset", getauxval(AT_EXECFN) ? "set" : "unset");
	const char *execfn = (const char *)getauxval(AT_EXECFN);
	if (execfn) {
		printf("AT_EXECFN ");
		put_quoted(execfn);
		printf(" %s argv[0]\n", strcmp(execfn, argv[0]) == 0 ? "==" : "!=");
	}
	printf("AT_UID==getuid %s, AT_SECURE %lu\n",
		getauxval(AT_UID) == (unsigned long)getuid() ? "yes" : "no", getauxval(AT_SECURE));
	return 0;
}
