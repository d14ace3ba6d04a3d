/* profdiff's readers and comparison: a counts file and a callgrind file (with valgrind's name
 * compression, recursion levels, calls lines and several events) give the expected functions;
 * broken input is an error with a reason; rows sort by the size of the change; thresholds in
 * instructions and percent decide "past" as documented. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "tools/profdiff/diff.h"
#include "tools/profdiff/profile.h"
#include "tools/profdiff/read_callgrind.h"
#include "tools/profdiff/read_counts.h"

static int read_text(const char *text, bool counts, struct profile *p, char *err, size_t len)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	cr_assert_not_null(f);
	memset(p, 0, sizeof(*p));
	int r = counts ? profile_read_counts(f, p, err, len) : profile_read_callgrind(f, p, err, len);
	fclose(f);
	if (!r)
		profile_finish(p);
	return r;
}

static void expect_func(const struct profile *p, const char *name, uint64_t self, uint64_t incl,
			uint64_t calls)
{
	const struct pfunc *f = profile_find(p, name);
	cr_assert_not_null(f, "no %s", name);
	cr_expect_eq(f->self, self, "%s self %llu", name, (unsigned long long)f->self);
	cr_expect_eq(f->incl, incl, "%s inclusive %llu", name, (unsigned long long)f->incl);
	cr_expect_eq(f->calls, calls, "%s calls %llu", name, (unsigned long long)f->calls);
}

Test(profdiff, counts_file)
{
	struct profile p;
	char err[256];
	cr_assert_eq(read_text("{\"format\": \"profemu-counts 1\", \"extra\": [1, {\"a\": null}],\n"
			       " \"total\": 50, \"functions\": [\n"
			       "  {\"name\": \"main\", \"address\": \"0x10\", \"self\": 10, \"inclusive\": 50, \"calls\": 1},\n"
			       "  {\"name\": \"f\\\"q\", \"self\": 40, \"inclusive\": 40, \"calls\": 3}]}\n",
			       true, &p, err, sizeof(err)), 0, "%s", err);
	cr_expect_eq(p.total, 50);
	expect_func(&p, "main", 10, 50, 1);
	expect_func(&p, "f\"q", 40, 40, 3);
	profile_free(&p);
}

Test(profdiff, counts_errors)
{
	static const char *const bad[] = {
		"{\"total\": 1}", "{\"functions\": []}", "{\"total\": -1, \"functions\": []}",
		"{\"total\": 1, \"functions\": [{\"self\": 1}]}", "{\"total\": 1.5, \"functions\": []}",
		"{\"total\": 1, \"functions\": []} x", "{\"total\": 1, \"functions\": [", "{",
		"{\"total\": 99999999999999999999999, \"functions\": []}",
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct profile p;
		char err[256] = "";
		cr_expect_eq(read_text(bad[i], true, &p, err, sizeof(err)), -1, "accepted %s", bad[i]);
		cr_expect(strstr(err, "not a counts file") != NULL, "%s: %s", bad[i], err);
		profile_free(&p);
	}
}

Test(profdiff, callgrind_file)
{
	struct profile p;
	char err[256];
	cr_assert_eq(read_text("# callgrind format\nversion: 1\npositions: line\nevents: Bc Ir\n"
			       "summary: 7 100\n\nob=(1) /bin/x\nfl=(1) ???\nfn=(1) main\n0 1 10\n"
			       "cfn=(2) fib\ncalls=2 0\n0 0 60\n+1 0 5\n\nfn=(2)\n0 2 40\n"
			       "cfn=(3) fib'2\ncalls=3 0\n0 0 20\nfn=(3)\n0 0 20\n"
			       "fn=(4) odd name\n* 0 25\ntotals: 7 100\n",
			       false, &p, err, sizeof(err)), 0, "%s", err);
	cr_expect_eq(p.total, 100);
	cr_expect_str_eq(p.event, "instructions");
	expect_func(&p, "main [x]", 15, 75, 0);
	expect_func(&p, "fib [x]", 60, 60, 5);	/* fib'2 merged; its own calls not added twice */
	expect_func(&p, "odd name [x]", 25, 25, 0);
	profile_free(&p);
}

/* Functions are known by name and object file name: one name in two objects is two functions
 * (objects' ids compressed apart from functions'; a cob= names one callee's object), and a
 * counts file and a callgrind file naming the same objects from other directories and load
 * addresses give the same keys. */
Test(profdiff, object_keys)
{
	struct profile cg, counts;
	char err[256];
	cr_assert_eq(read_text("events: Ir\nob=(1) /opt/sysroot/lib/libc.so.6\nfn=(1) qsort\n0x1000 7\n"
			       "ob=(2) /tmp/prog\nfn=(1)\n0x401000 3\nfn=(2) main\n0x401100 1\n"
			       "cob=(1)\ncfn=(1)\ncalls=2 0x1000\n0x401104 7\ncfn=(1)\ncalls=1 0x401000\n"
			       "0x401108 3\n",
			       false, &cg, err, sizeof(err)), 0, "%s", err);
	expect_func(&cg, "qsort [libc.so.6]", 7, 7, 2);
	expect_func(&cg, "qsort [prog]", 3, 3, 1);
	expect_func(&cg, "main [prog]", 1, 11, 0);
	cr_assert_eq(read_text("{\"total\": 11, \"functions\": [{\"name\": \"qsort\", \"object\": "
			       "\"/usr/lib/x86_64-linux-gnu/libc.so.6\", \"address\": 140000000, \"self\": 7},"
			       "{\"name\": \"qsort\", \"object\": \"/home/u/prog\", \"self\": 3}]}",
			       true, &counts, err, sizeof(err)), 0, "%s", err);
	expect_func(&counts, "qsort [libc.so.6]", 7, 0, 0);
	expect_func(&counts, "qsort [prog]", 3, 0, 0);
	profile_free(&cg);
	profile_free(&counts);
}

Test(profdiff, callgrind_errors)
{
	static const char *const bad[] = {
		"events: Ir\n0 5\n",			/* a cost outside a function */
		"events: Ir\nfn=(7)\n",			/* a name used before it is defined */
		"events: Ir\nfn=a\ncalls=1 0\n",	/* calls= without cfn= */
		"events: Ir\nfn=a\n0 x\n",		/* a bad cost */
		"hello\nworld\n",			/* no events: line */
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct profile p;
		char err[256] = "";
		cr_expect_eq(read_text(bad[i], false, &p, err, sizeof(err)), -1, "accepted %s", bad[i]);
		cr_expect(err[0], "no reason for %s", bad[i]);
		profile_free(&p);
	}
}

Test(profdiff, rows_and_thresholds)
{
	struct profile a, b;
	char err[256];
	cr_assert_eq(read_text("{\"total\": 100, \"functions\": [{\"name\": \"x\", \"self\": 10, \"inclusive\": 10},"
			       "{\"name\": \"y\", \"self\": 90, \"inclusive\": 90}, {\"name\": \"z\", \"self\": 5, \"inclusive\": 5}]}",
			       true, &a, err, sizeof(err)), 0, "%s", err);
	cr_assert_eq(read_text("{\"total\": 100, \"functions\": [{\"name\": \"x\", \"self\": 13, \"inclusive\": 13},"
			       "{\"name\": \"y\", \"self\": 80, \"inclusive\": 80}, {\"name\": \"z\", \"self\": 5, \"inclusive\": 5},"
			       "{\"name\": \"w\", \"self\": 3, \"inclusive\": 3}]}",
			       true, &b, err, sizeof(err)), 0, "%s", err);
	size_t n;
	struct diff_row *rows = diff_rows(&a, &b, DIFF_SELF, false, &n);
	cr_assert_eq(n, 3);	/* z did not change */
	cr_expect_str_eq(rows[0].name, "y");
	cr_expect_str_eq(rows[1].name, "w");	/* +3, ties broken by name */
	cr_expect_str_eq(rows[2].name, "x");
	free(rows);
	struct diff_threshold pct = { .percent = true, .value = 30, .set = true };
	struct diff_threshold ins = { .percent = false, .value = 3, .set = true };
	struct diff_threshold none = { 0 };
	cr_expect(!diff_past(10, 13, &pct));	/* +30% is not past 30% */
	cr_expect(diff_past(10, 14, &pct));
	cr_expect(diff_past(0, 1, &pct));	/* from nothing: past any percentage */
	cr_expect(!diff_past(10, 13, &ins));
	cr_expect(diff_past(10, 14, &ins));
	cr_expect(!diff_past(14, 10, &ins));
	cr_expect(!diff_past(0, 1000, &none));
	profile_free(&a);
	profile_free(&b);
}
