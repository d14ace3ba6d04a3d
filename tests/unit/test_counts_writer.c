/* Exact per-function instruction counts: known call/return events with retired counts give the
 * documented self, inclusive and call counts (recursion counted once inclusively, a call into a
 * function's middle counted for that function, a longjmp closing the frames it skips, open
 * frames closed at the end); self counts add up to the total; the JSON is exact text. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>

#include "output/counts.h"
#include "output/icount.h"

/* Functions of 0x100 bytes from 0x1000: start, main, f, g; nothing known elsewhere. */
static const char *names(void *ctx, uint64_t addr, uint64_t *off)
{
	static const char *const fn[] = { "start", "main", "f", "g" };
	(void)ctx;
	if (addr < 0x1000 || addr >= 0x1400)
		return NULL;
	*off = addr & 0xff;
	return fn[(addr - 0x1000) >> 8];
}

static uint64_t start_of(void *ctx, uint64_t addr)
{
	uint64_t off;
	return names(ctx, addr, &off) ? addr - off : addr;
}

static const struct out_symbols syms = { .name = names };

enum { START = 0x1000, MAIN = 0x1100, F = 0x1200, G = 0x1300 };

static const struct icount_func *func(const struct icount *c, uint64_t start)
{
	const struct icount_func *f = pairtab_find(&c->funcs, start, 0);
	cr_assert_not_null(f, "no record for 0x%llx", (unsigned long long)start);
	return f;
}

static void expect(const struct icount *c, uint64_t start, uint64_t self, uint64_t incl, uint64_t calls)
{
	const struct icount_func *f = func(c, start);
	cr_expect_eq(f->self, self, "0x%llx self %llu, want %llu", (unsigned long long)start,
		     (unsigned long long)f->self, (unsigned long long)self);
	cr_expect_eq(f->incl, incl, "0x%llx inclusive %llu, want %llu", (unsigned long long)start,
		     (unsigned long long)f->incl, (unsigned long long)incl);
	cr_expect_eq(f->calls, calls, "0x%llx calls %llu, want %llu", (unsigned long long)start,
		     (unsigned long long)f->calls, (unsigned long long)calls);
}

/* start -(10)-> main -(5)-> f -(3)-> f (recursion) -(4)-> ret -(2)-> ret -(6)-> g at its
 * middle -(7)-> ret -(1)-> ret -(2)-> end. */
static void run_program(struct icount *c)
{
	cr_assert_eq(icount_init(c, START, start_of, NULL), 0);
	icount_call(c, START + 5, MAIN, 10);
	icount_call(c, MAIN + 5, F, 15);
	icount_call(c, F + 9, F, 18);
	icount_return(c, F + 9, 22);
	icount_return(c, MAIN + 5, 24);
	icount_call(c, MAIN + 12, G + 0x40, 30);
	icount_return(c, MAIN + 12, 37);
	icount_return(c, START + 5, 38);
	icount_finish(c, 40);
}

Test(icount, self_inclusive_calls)
{
	struct icount c;
	run_program(&c);
	expect(&c, START, 10 + 2, 40, 0);
	expect(&c, MAIN, 5 + 6 + 1, 28, 1);
	expect(&c, F, 3 + 4 + 2, 9, 2);		/* the recursion counts once inclusively */
	expect(&c, G, 7, 7, 1);			/* a call into the middle is g's */
	cr_expect_eq(c.total, 40);
	icount_free(&c);
}

Test(icount, longjmp_closes_skipped_frames)
{
	struct icount c;
	cr_assert_eq(icount_init(&c, START, start_of, NULL), 0);
	icount_call(&c, START + 5, MAIN, 1);
	icount_call(&c, MAIN + 5, F, 2);
	icount_call(&c, F + 5, G, 3);
	icount_return(&c, 0x9999, 5);		/* matches nothing: the stack stays */
	icount_return(&c, START + 5, 8);	/* back to start: main, f and g close */
	icount_finish(&c, 10);
	expect(&c, G, 5, 5, 1);
	expect(&c, F, 1, 6, 1);
	expect(&c, MAIN, 1, 7, 1);
	expect(&c, START, 3, 10, 0);
	icount_free(&c);
}

Test(icount, open_frames_closed_at_the_end)
{
	struct icount c;
	cr_assert_eq(icount_init(&c, START, start_of, NULL), 0);
	icount_call(&c, START + 5, MAIN, 4);
	icount_call(&c, MAIN + 5, F, 6);	/* f calls exit: nothing returns */
	icount_finish(&c, 100);
	expect(&c, F, 94, 94, 1);
	expect(&c, MAIN, 2, 96, 1);
	expect(&c, START, 4, 100, 0);
	icount_free(&c);
}

Test(counts_json, exact_text)
{
	struct icount c;
	run_program(&c);
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	cr_assert_not_null(f);
	struct counts_info info = { .program = "/some/dir/prog", .arch = "x86_64" };
	cr_assert_eq(counts_write_stream(f, &c, &syms, &info), 0);
	fclose(f);
	cr_expect_str_eq(buf,
		"{\n  \"format\": \"profemu-counts 1\",\n  \"program\": \"prog\",\n  \"arch\": \"x86_64\",\n"
		"  \"total\": 40,\n  \"functions\": [\n"
		"    {\"name\": \"start\", \"address\": \"0x1000\", \"self\": 12, \"inclusive\": 40, \"calls\": 0},\n"
		"    {\"name\": \"main\", \"address\": \"0x1100\", \"self\": 12, \"inclusive\": 28, \"calls\": 1},\n"
		"    {\"name\": \"f\", \"address\": \"0x1200\", \"self\": 9, \"inclusive\": 9, \"calls\": 2},\n"
		"    {\"name\": \"g\", \"address\": \"0x1300\", \"self\": 7, \"inclusive\": 7, \"calls\": 1}\n"
		"  ]\n}\n");
	free(buf);
	icount_free(&c);
}

/* Two threads (--counts keeps a stack and a clock per thread): thread 0 runs main and calls f
 * once; thread 1, made at 20, calls f at 25 and returns from it at 90, with thread 0 running
 * from 40 to 70 meanwhile. Each f counts only its own thread's instructions: thread 1's f
 * 15 + 20, thread 0's 10; main, left open in thread 0 at the end, closes at thread 0's last
 * instruction (70) with 30 of its own plus f's 10; a new thread's first instructions (20-25)
 * and its last ones (90-100) are the root's. */
Test(icount, threads_keep_own_stacks_and_clocks)
{
	struct icount c;
	cr_assert_eq(icount_init(&c, START, start_of, NULL), 0);
	icount_call(&c, START + 5, MAIN, 10);
	cr_assert_eq(icount_switch_thread(&c, 1, 20), 0);
	icount_call(&c, START + 9, F, 25);
	cr_assert_eq(icount_switch_thread(&c, 0, 40), 0);
	icount_call(&c, MAIN + 5, F, 50);
	icount_return(&c, MAIN + 5, 60);
	cr_assert_eq(icount_switch_thread(&c, 1, 70), 0);
	icount_return(&c, START + 9, 90);
	icount_finish(&c, 100);
	expect(&c, START, 10 + 5 + 10, 100, 0);
	expect(&c, MAIN, 30, 40, 1);
	expect(&c, F, 45, 45, 2);
	icount_free(&c);
}
