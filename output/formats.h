/* The output registry: every whole-program profile profemu can write, one --NAME=FILE option
 * each. A new format is a file of output/ that defines `const struct out_format
 * out_format_NAME` (output/format.h), one name in OUT_FORMATS below, its line in
 * output/meson.build, its entry in doc/profemu.1 and its test: the options, --help, what the
 * run collects and the writing at the end all follow from the registry. */
#ifndef PROFEMU_OUTPUT_FORMATS_H
#define PROFEMU_OUTPUT_FORMATS_H

#include "output/format.h"

/* In --help order, which is also the order the files are written in. */
#define OUT_FORMATS(X) X(gmon) X(callgrind) X(folded) X(counts)

enum out_format_id {
#define OUT_FORMAT_ID(name) OUT_FORMAT_##name,
	OUT_FORMATS(OUT_FORMAT_ID)
#undef OUT_FORMAT_ID
	OUT_FORMAT_COUNT
};

extern const struct out_format *const out_formats[OUT_FORMAT_COUNT];

#endif
