/* The registry's table (formats.h). */
#include "output/formats.h"

#define OUT_FORMAT_DECLARE(name) extern const struct out_format out_format_##name;
OUT_FORMATS(OUT_FORMAT_DECLARE)
#undef OUT_FORMAT_DECLARE

const struct out_format *const out_formats[OUT_FORMAT_COUNT] = {
#define OUT_FORMAT_ENTRY(name) [OUT_FORMAT_##name] = &out_format_##name,
	OUT_FORMATS(OUT_FORMAT_ENTRY)
#undef OUT_FORMAT_ENTRY
};
