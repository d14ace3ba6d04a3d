/* prohist --annotate: the disassembly of the hottest buckets, from the program's file.
 *
 * A bucket's first byte need not start an instruction (x86 has no alignment), and decoding
 * from the middle of one would print nonsense, so decoding starts at the function holding the
 * bucket when the symbols say which, else at the start of the code (a DOS program's image,
 * an ELF section), and only the instructions starting inside the bucket are printed: exactly
 * the pcs that the clock could have counted there.
 *
 * Source lines come from the symbolizer every profemu output uses (symbols/, libdw): before
 * an instruction whose file:line is not the previous one's, a line "<func+0xoff> file:line"
 * (as objdump -l marks them; "??:0" when the DWARF has no line there). A program without
 * DWARF gets none of these lines. */
#include "view.h"

#include <inttypes.h>
#include <string.h>

#include "disasm.h"

#define SYNC_MAX 0x10000	/* start decoding at most this far before a bucket */
#define BYTES_COLS 20		/* hex digits of the bytes column, longer ones push the line */

/* Where decoding starts for a bucket whose first byte is first. */
static uint64_t sync_point(const struct view *v, uint64_t first)
{
	uint64_t off;
	if (v->prog->syms && symtab_lookup(v->prog->syms, first, &off) && off <= SYNC_MAX)
		return first - off;
	uint64_t start = program_piece_start(v->prog, first);
	return first - start <= SYNC_MAX ? start : first;
}

static void insn_line(FILE *out, const struct view *v, uint64_t at, const uint8_t *code,
		      const struct disasm_insn *insn)
{
	char addr[40], hex[2 * 16 + 1] = "";
	unsigned shown = insn->size < 16 ? insn->size : 16;
	for (unsigned b = 0; b < shown; b++)
		snprintf(hex + 2 * b, sizeof(hex) - 2 * b, "%02x", code[b]);
	int col = fprintf(out, "  %s  %-*s  ", addr_fmt(&v->fmt, at, addr, sizeof(addr)),
			  BYTES_COLS, hex);
	fprintf(out, "%s%s%s\n", insn->mnemonic, insn->operands[0] ? " " : "", insn->operands);
	/* Further lines of the same instruction (an IA-64 bundle's other slots), under the text */
	for (const char *l = insn->more; *l;) {
		int n = (int)strcspn(l, "\n");
		fprintf(out, "%*s%.*s\n", col > 0 ? col : 0, "", n, l);
		l += n + (l[n] == '\n');
	}
}

/* The source line of the instructions printed so far in a bucket. */
struct src_pos {
	const char *file;	/* NULL: none yet, or the last one had none */
	unsigned line;
};

static void source_line(FILE *out, const struct view *v, uint64_t at, struct src_pos *pos)
{
	if (!v->prog->lines)
		return;
	struct sym_loc loc;
	symbolizer_lookup(v->prog->lines, at, &loc);
	if (loc.file == pos->file && loc.line == pos->line)
		return;
	if (loc.file && pos->file && loc.line == pos->line && !strcmp(loc.file, pos->file))
		return;
	pos->file = loc.file;
	pos->line = loc.line;
	if (loc.named)
		fprintf(out, "  <%s+0x%" PRIx64 ">", loc.func, at - loc.func_start);
	else
		fprintf(out, "  <%s>", loc.func);
	if (loc.file)
		fprintf(out, " %s:%u\n", loc.file, loc.line);
	else
		fprintf(out, " ??:0\n");
}

static void gap_line(FILE *out, const struct view *v, uint64_t from, uint64_t to)
{
	char range[96];
	fprintf(out, "  (%s is not in %s)\n", addr_fmt_range(&v->fmt, from, to, range, sizeof(range)),
		v->prog->path);
}

static void disassemble(FILE *out, const struct view *v, struct disasm *d, uint64_t first,
			uint64_t last)
{
	uint64_t at = sync_point(v, first);
	bool said = false;
	struct src_pos pos = { NULL, 0 };
	while (at <= last) {
		const uint8_t *code;
		size_t n = program_bytes(v->prog, at, 16, &code);
		if (!n) {
			/* Not code in the file (between two sections, the DOS PSP): resume where
			 * the next piece starts, saying so for the part inside the bucket. */
			uint64_t next = program_next_piece(v->prog, at);
			if (next > first) {
				gap_line(out, v, at > first ? at : first,
					 next - 1 < last ? next - 1 : last);
				said = true;
			}
			if (next > last)
				break;
			at = next;
			continue;
		}
		struct disasm_insn insn;
		unsigned step = disasm_one(d, code, n, addr_fmt_code_addr(&v->fmt, at), &insn);
		/* An instruction cut short by the end of a piece: do not show bytes past it. */
		if (insn.size > n)
			insn.size = (unsigned)n;
		if (at >= first) {
			source_line(out, v, at, &pos);
			insn_line(out, v, at, code, &insn);
			said = true;
		}
		if (at + step < at)
			break;
		at += step;
	}
	if (!said)
		fprintf(out, "  (no instruction starts in this bucket)\n");
}

int report_annotate(FILE *out, const struct view *v)
{
	char why[128] = "";
	struct disasm *d = NULL;
	if (!v->prog)
		snprintf(why, sizeof(why), "no program file: nothing to disassemble");
	else if (!(d = disasm_open(v->prog->arch, why, sizeof(why))) && !why[0])
		snprintf(why, sizeof(why), "no disassembler");
	for (size_t k = 0; k < v->nhot; k++) {
		uint64_t i = v->hot[k];
		uint64_t first = hist_bucket_first(v->hist, i), last = hist_bucket_last(v->hist, i);
		char range[96], name[512], pct[16];
		const char *fn = view_bucket_name(v, i, name, sizeof(name));
		fprintf(out, "\n== %s%s%s  %" PRIu64 " ticks %s ==\n",
			addr_fmt_range(&v->fmt, first, last, range, sizeof(range)), fn ? "  " : "",
			fn ? fn : "", v->prf->buckets[i],
			hist_percent_fmt(v->prf->buckets[i], v->hist->total, pct, sizeof(pct)));
		if (d)
			disassemble(out, v, d, first, last);
		else
			fprintf(out, "  (%s)\n", why);
	}
	disasm_close(d);
	return ferror(out) ? -1 : 0;
}
