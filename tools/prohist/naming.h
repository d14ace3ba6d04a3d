/* prohist: the name of a bucket, from the program's symbols. */
#ifndef PROHIST_NAMING_H
#define PROHIST_NAMING_H

#include <stddef.h>
#include <stdint.h>

#include "loader/loader.h"

/* The function holding the bucket's first byte, or "first..last" when its last byte is in
 * another one (a bucket can span several small functions: the two ends name the span).
 * "?" stands for a first byte that no symbol covers; a last byte that none covers is left
 * out. Writes into buf (truncating) and returns it. */
const char *bucket_name(const struct symtab *st, uint64_t first, uint64_t last,
			char *buf, size_t len);

#endif
