/* JSON text for the writers of --stats and --counts. */
#ifndef PROFEMU_OUTPUT_JSON_TEXT_H
#define PROFEMU_OUTPUT_JSON_TEXT_H

#include <stdio.h>

/* s as a JSON string, quoted: '"' and '\\' escaped, control characters as \u00XX; other bytes
 * (UTF-8 names) as they are. */
void out_json_string(FILE *out, const char *s);

#endif
