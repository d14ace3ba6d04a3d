/* Folded stacks: known calls and ticks through the wprof events give exactly the expected lines
 * (sorted, merged, leaf named from the pc when it is not the function last called, 0x<addr>
 * for unknown code); the shadow stack resynchronises after a longjmp and saturates at
 * WPROF_MAX_DEPTH as documented; the text is independent of the order of first sight. */
#include <criterion/criterion.h>
#include <errno.h>

#include "output/folded.h"
#include "output/wprof.h"
#include "output_testutil.h"

/* A made-up program: functions of 0x100 bytes from 0x1000; nothing is known from 0x1600. */
static const char *names(void *ctx, uint64_t addr, uint64_t *off)
{
	static const char *const fn[] = { "start", "main", "f", "g", "g@plt", "odd;name" };
	(void)ctx;
	if (addr < 0x1000 || addr >= 0x1600)
		return NULL;
	*off = addr & 0xff;
	return fn[(addr - 0x1000) >> 8];
}

static const struct out_symbols syms = { .name = names };

enum { START = 0x1000, MAIN = 0x1100, F = 0x1200, G = 0x1300, G_PLT = 0x1400, ODD = 0x1500 };

static void ticks(struct wprof *w, uint64_t pc, int n)
{
	while (n-- > 0)
		wprof_tick(w, pc);
}

static void init(struct wprof *w, bool track)
{
	struct wprof_config cfg = { .text_lo = 0x1000, .text_hi = 0x1600, .bin_bytes = 2, .word_size = 8,
				    .track_stacks = track };
	cr_assert_eq(wprof_init(w, &cfg), 0);
}

static char *folded(const struct wprof *w)
{
	char *text;
	size_t size;
	FILE *f = open_memstream(&text, &size);
	cr_assert_eq(folded_write_stream(f, w, &syms), 0);
	fclose(f);
	return text;
}

/* start ticks, calls main; main calls f twice from two sites (one node: the tree is keyed by
 * function, not site); f calls g through its PLT stub, which jumps into g; then f calls g, g
 * recurses, and g longjmps to main, which ticks (still on the stale stack: no return was seen)
 * calls 0x9100 and odd;name (both still stacked under g;g) and returns to start: that return
 * address is found deeper in the stack, which resynchronises.
 * A return to an address no frame has changes nothing. Unknown code: a call to 0x9100, ticks
 * at 0x9000 before any call. */
static void run(struct wprof *w)
{
	ticks(w, START + 0x10, 1);
	ticks(w, 0x9000, 2);
	wprof_call(w, START + 0x20, START + 0x25, MAIN);
	ticks(w, MAIN + 0x10, 2);
	wprof_call(w, MAIN + 0x20, MAIN + 0x25, F);
	ticks(w, F + 0x10, 3);
	wprof_call(w, F + 0x20, F + 0x25, G_PLT);
	ticks(w, G_PLT, 1);
	ticks(w, G + 0x10, 4);			/* the stub jumped into g */
	wprof_return(w, F + 0x25);
	wprof_return(w, MAIN + 0x25);
	wprof_call(w, MAIN + 0x30, MAIN + 0x35, F);
	ticks(w, F + 0x18, 2);			/* another pc, same stack: merged */
	wprof_call(w, F + 0x30, F + 0x35, G);
	wprof_call(w, G + 0x50, G + 0x55, G);
	ticks(w, G + 0x20, 1);
	wprof_return(w, 0xdead);		/* no frame: nothing changes */
	ticks(w, G + 0x20, 1);
	/* longjmp to main: no return event */
	ticks(w, MAIN + 0x40, 1);
	wprof_call(w, MAIN + 0x50, MAIN + 0x55, 0x9100);
	ticks(w, 0x9100, 1);
	wprof_return(w, MAIN + 0x55);
	wprof_call(w, MAIN + 0x60, MAIN + 0x65, ODD);
	ticks(w, ODD + 4, 1);
	wprof_return(w, MAIN + 0x65);
	wprof_return(w, START + 0x25);		/* pops g, g, f, main */
	ticks(w, START + 0x30, 2);
}

static const char expected[] =
	"0x9000 2\n"
	"main 2\n"
	"main;f 5\n"
	"main;f;g;g 2\n"
	"main;f;g;g;0x9100 1\n"
	"main;f;g;g;main 1\n"
	"main;f;g;g;odd:name 1\n"
	"main;f;g@plt 1\n"
	"main;f;g@plt;g 4\n"
	"start 3\n";

Test(folded_writer, exact_lines)
{
	struct wprof w;
	init(&w, true);
	run(&w);
	cr_expect_eq(w.depth, 0);
	char *text = folded(&w);
	cr_expect_str_eq(text, expected);
	free(text);
	wprof_free(&w);
}

Test(folded_writer, written_atomically)
{
	struct wprof w;
	init(&w, true);
	run(&w);
	char dir[64], path[128];
	out_mkdir(dir, sizeof(dir));
	snprintf(path, sizeof(path), "%s/stacks.folded", dir);
	cr_assert_eq(folded_write(path, &w, &syms), 0);
	char *text = out_slurp(path, NULL);
	cr_expect_str_eq(text, expected);
	free(text);
	strcat(path, ".tmp");
	cr_expect_neq(access(path, F_OK), 0);
	wprof_free(&w);
	out_rmdir(dir);
}

/* The same events with other things seen first: the same lines (and counts added up). */
Test(folded_writer, deterministic)
{
	struct wprof w;
	init(&w, true);
	wprof_call(&w, START + 0x20, START + 0x25, MAIN);
	wprof_call(&w, MAIN + 0x20, MAIN + 0x25, F);
	wprof_call(&w, F + 0x20, F + 0x25, G_PLT);
	wprof_return(&w, START + 0x25);
	run(&w);
	char *text = folded(&w);
	cr_expect_str_eq(text, expected);
	free(text);
	wprof_free(&w);
}

Test(folded_writer, needs_track_stacks)
{
	struct wprof w;
	init(&w, false);
	run(&w);
	cr_expect_eq(wprof_node_count(&w), 0);
	cr_expect_eq(folded_write_stream(stdout, &w, &syms), -EINVAL);
	cr_expect_eq(folded_write("/nonexistent/x", &w, &syms), -EINVAL);
	wprof_free(&w);
}

/* Past WPROF_MAX_DEPTH calls are counted but not stacked: ticks go to the deepest recorded
 * frame, and as many returns as unrecorded calls leave the stack alone before popping again. */
Test(folded_writer, saturated_stack)
{
	struct wprof w;
	init(&w, true);
	const unsigned extra = 10;
	wprof_call(&w, START + 0x20, START + 0x25, MAIN);
	for (unsigned i = 1; i < WPROF_MAX_DEPTH + extra; i++)
		wprof_call(&w, G + 0x50, G + 0x55, G);
	cr_expect_eq(w.depth, WPROF_MAX_DEPTH);
	cr_expect_eq(w.lost, extra);
	ticks(&w, G + 0x20, 3);
	const struct wprof_arc *arc = pairtab_find(&w.arcs, G + 0x55, G);
	cr_assert_not_null(arc);
	cr_expect_eq(arc->calls, WPROF_MAX_DEPTH + extra - 1);
	cr_expect_eq(arc->incl, 3);		/* once per tick, however deep the recursion */
	for (unsigned i = 0; i < extra; i++)
		wprof_return(&w, G + 0x55);
	cr_expect_eq(w.depth, WPROF_MAX_DEPTH);
	cr_expect_eq(w.lost, 0);
	wprof_return(&w, G + 0x55);
	cr_expect_eq(w.depth, WPROF_MAX_DEPTH - 1);
	wprof_return(&w, START + 0x25);
	cr_expect_eq(w.depth, 0);
	ticks(&w, START, 1);
	cr_expect_eq(wprof_node_count(&w), 1 + WPROF_MAX_DEPTH);

	/* main, then g WPROF_MAX_DEPTH-1 times with the 3 ticks; then start after the returns. */
	char *want = malloc(2 * WPROF_MAX_DEPTH + 32), *p = want;
	p += sprintf(p, "main");
	for (unsigned i = 1; i < WPROF_MAX_DEPTH; i++)
		p += sprintf(p, ";g");
	sprintf(p, " 3\nstart 1\n");
	char *text = folded(&w);
	cr_expect_str_eq(text, want);
	free(text);
	free(want);
	wprof_free(&w);
}

/* Tables grow by doubling: many distinct pcs, arcs and stacks, every count kept. */
Test(folded_writer, tables_grow)
{
	struct wprof w;
	init(&w, true);
	uint64_t total = 0;
	for (uint64_t i = 0; i < 20000; i++) {
		wprof_call(&w, MAIN + 0x20, 0x100000 + i, 0x200000 + i);
		ticks(&w, 0x300000 + i, (int)(i % 3) + 1);
		total += i % 3 + 1;
		wprof_return(&w, 0x100000 + i);
	}
	cr_expect_eq(w.depth, 0);
	cr_expect_eq(w.dropped, 0);
	cr_expect_eq(w.arcs.len, 20000);
	cr_expect_eq(w.pcs.len, 20000);
	cr_expect_eq(wprof_node_count(&w), 20001);
	cr_expect_eq(wprof_leaf_count(&w), 20000);
	uint64_t sum = 0;
	for (uint64_t i = 0; i < 20000; i++) {
		const struct wprof_pc *p = pairtab_find(&w.pcs, 0x300000 + i, 0);
		cr_assert_not_null(p);
		cr_expect_eq(p->ticks, i % 3 + 1);
		const struct wprof_arc *a = pairtab_find(&w.arcs, 0x100000 + i, 0x200000 + i);
		cr_assert_not_null(a);
		cr_expect_eq(a->calls, 1);
		cr_expect_eq(a->incl, i % 3 + 1);
		sum += p->ticks;
	}
	cr_expect_eq(sum, total);
	cr_expect_eq(w.ticks, total);
	cr_expect_eq(w.outside, total);
	wprof_free(&w);
}
