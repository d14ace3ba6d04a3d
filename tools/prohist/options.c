/* prohist: the command line; see options.h. */
#include "options.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../cli/usage.h"

#ifndef PROFEMU_VERSION
#define PROFEMU_VERSION "unknown"
#endif

static const char usage_text[] =
	"Usage: prohist [OPTION]... FILE.PRF [PROGRAM]\n"
	"Show the histogram of a PROFIL profile (.PRF, the MS-DOS layout or profemu's ELF one).\n"
	"PROGRAM names the buckets with its symbols and gives the bytes for --annotate; for an ELF\n"
	"profile it defaults to the program the .PRF records.\n"
	"\n"
	"  --all            list empty buckets too\n"
	"  --top=N          only the N largest buckets, largest first (ties: lower address first)\n"
	"  --annotate       disassemble the hottest buckets (the --top ones, else the 5 largest)\n"
	"  --svg=FILE       also write the histogram as an SVG bar chart to FILE\n"
	"  --width=N        columns of the largest bar (default 50, at most 1000)\n"
	"  --no-program     do not read the program: no names, no disassembly\n"
	"  -h, --help       show this help\n"
	"  --version        show the version\n"
	"\n"
	"Exit status: 0 success, 1 unreadable or malformed input, 2 bad command line.\n";

/* A decimal count in [1, max]. */
static bool parse_count(const char *s, uint64_t max, uint64_t *out)
{
	if (!s || *s < '0' || *s > '9')
		return false;
	char *end;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	if (errno || *end || v == 0 || v > max)
		return false;
	*out = v;
	return true;
}

int prohist_options_parse(struct prohist_options *o, int argc, char **argv)
{
	enum { OPT_ALL = 256, OPT_TOP, OPT_ANNOTATE, OPT_SVG, OPT_WIDTH, OPT_NO_PROGRAM, OPT_VERSION };
	static const struct option longopts[] = {
		{ "all", no_argument, NULL, OPT_ALL },
		{ "top", required_argument, NULL, OPT_TOP },
		{ "annotate", no_argument, NULL, OPT_ANNOTATE },
		{ "svg", required_argument, NULL, OPT_SVG },
		{ "width", required_argument, NULL, OPT_WIDTH },
		{ "no-program", no_argument, NULL, OPT_NO_PROGRAM },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 },
	};
	memset(o, 0, sizeof(*o));
	o->width = PROHIST_DEFAULT_WIDTH;
	opterr = 0;
	optind = 1;
	int c;
	uint64_t v;
	while ((c = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_ALL: o->all = true; break;
		case OPT_TOP:
			if (!parse_count(optarg, UINT64_MAX, &o->top))
				return usage_error("prohist", "invalid --top '%s' (a count > 0)", optarg);
			break;
		case OPT_ANNOTATE: o->annotate = true; break;
		case OPT_SVG: o->svg_path = optarg; break;
		case OPT_WIDTH:
			if (!parse_count(optarg, 1000, &v))
				return usage_error("prohist", "invalid --width '%s' (1 to 1000)", optarg);
			o->width = (unsigned)v;
			break;
		case OPT_NO_PROGRAM: o->no_program = true; break;
		case 'h': fputs(usage_text, stdout); return 0;
		case OPT_VERSION: printf("prohist (profemu) %s\n", PROFEMU_VERSION); return 0;
		case ':': return usage_error("prohist", "option '%s' needs a value", argv[optind - 1]);
		default: return usage_error("prohist", "unknown option '%s'", argv[optind - 1]);
		}
	}
	int rest = argc - optind;
	if (rest < 1)
		return usage_error("prohist", "%s", "missing FILE.PRF");
	if (rest > 2)
		return usage_error("prohist", "unexpected argument '%s'", argv[optind + 2]);
	o->prf_path = argv[optind];
	o->program = rest == 2 ? argv[optind + 1] : NULL;
	if (o->program && o->no_program)
		return usage_error("prohist", "%s", "--no-program and PROGRAM contradict each other");
	return -1;
}
