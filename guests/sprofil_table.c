/* sprofil_table: measures the table of HP-UX 11i v2's sprofil(2) (the seed's "number of
 * instructions that map into each element ... based on instruction size, pr_scale and flags"),
 * row by row, under profemu --personality=hpux --tick=1.
 *
 * For every scale of the table (2 .. 131072) and every element size (PROF_USHORT, PROF_UINT,
 * PROF_UINT64) it enables one region of EIGHT elements starting at a long straight line of
 * no-ops, runs the line once and disables profiling again. With a tick after every retired
 * instruction, each address of the line is sampled once per instruction it holds (PA-RISC:
 * one; IA-64: a 16-byte bundle of three), so an element's counter is the number of
 * instructions whose address lands in it. It prints, per row:
 *   row SCALE ES RET c0 c1 ... c7
 * (RET is sprofil's result). The line is longer than the widest element of the table covers
 * twice, so elements 0 and 1 are whole in every row; where less than one instruction maps
 * into an element (the fractional rows), the counters show which elements an address reaches.
 *
 * Built static (the region's offset is the line's address as a text address, never a
 * function descriptor: the seed's "always interpreted as a text address"). */
#include <stdio.h>
#include <string.h>

#include "profemu.h"

#if defined(__hppa__)
/* 131072 instructions: two elements of the widest entry (scale 2, PROF_UINT64: 65536) */
__asm__(".text\n"
	"\t.align 4\n"
	"\t.globl sprofil_table_line\n"
	"\t.type sprofil_table_line, @function\n"
	"sprofil_table_line:\n"
	"\t.globl sprofil_table_text\n"
	"sprofil_table_text:\n"
	"\t.rept 131072\n"
	"\tnop\n"
	"\t.endr\n"
	"\tbv %r0(%r2)\n"
	"\tnop\n"
	"\t.size sprofil_table_line, .-sprofil_table_line\n");
#elif defined(__ia64__)
/* 32768 bundles: two elements of the widest entry (scale 2, PROF_UINT64: 16384 bundles) */
__asm__(".text\n"
	"\t.align 16\n"
	"\t.globl sprofil_table_line#\n"
	"\t.proc sprofil_table_line#\n"
	"sprofil_table_line:\n"
	"\t.globl sprofil_table_text#\n"
	"sprofil_table_text:\n"
	"\t.rept 32768\n"
	"\t{ .mii\n\tnop.m 0\n\tnop.i 0\n\tnop.i 0 ;;\n\t}\n"
	"\t.endr\n"
	"\t{ .mib\n\tnop.m 0\n\tnop.i 0\n\tbr.ret.sptk.many b0 ;;\n\t}\n"
	"\t.endp sprofil_table_line#\n");
#else
#error "sprofil_table: a straight line for PA-RISC or IA-64 only (the seed's two tables)"
#endif

void sprofil_table_line(void);
extern const char sprofil_table_text[];	/* the line's first address, as data: no descriptor */

#define ELEMENTS 8

static unsigned long long counters[ELEMENTS];	/* room for eight elements of any size */

static unsigned long long element(unsigned size, unsigned i)
{
	switch (size) {
	case 2: return ((const unsigned short *)counters)[i];
	case 4: return ((const unsigned int *)counters)[i];
	default: return counters[i];
	}
}

int main(void)
{
	static const struct { unsigned flags, size; } kinds[] = {
		{ PROF_USHORT, 2 }, { PROF_UINT, 4 }, { PROF_UINT64, 8 },
	};
	for (unsigned scale = 2; scale <= 131072; scale *= 2) {
		for (unsigned k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
			memset(counters, 0, sizeof counters);
			struct profemu_prof_hpux region = {
				counters, ELEMENTS * kinds[k].size, (void *)sprofil_table_text, scale,
			};
			long ret = profemu_sprofil(&region, 1, NULL, kinds[k].flags);
			sprofil_table_line();
			profemu_sprofil(NULL, 0, NULL, kinds[k].flags);	/* off before printing */
			printf("row %u %u %ld", scale, kinds[k].size, ret);
			for (unsigned i = 0; i < ELEMENTS; i++)
				printf(" %llu", element(kinds[k].size, i));
			printf("\n");
		}
	}
	return 0;
}
