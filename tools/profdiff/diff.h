/* Two profiles compared function by function, and the guard: what grew past the threshold. */
#ifndef PROFDIFF_DIFF_H
#define PROFDIFF_DIFF_H

#include "profile.h"

enum diff_metric { DIFF_INCLUSIVE, DIFF_SELF };

struct diff_threshold {
	bool percent;		/* value is a percentage of the old count (else instructions) */
	double value;
	bool set;		/* no --threshold: report only, nothing fails */
};

struct diff_row {
	const char *name;	/* NULL for the program total */
	uint64_t old, new;
	bool past;		/* grew past the threshold (and is guarded) */
};

/* One row per function in either profile whose count changed (all of them with `all`), sorted
 * by the size of the change, largest first, then by name; the total is not among them. */
struct diff_row *diff_rows(const struct profile *a, const struct profile *b, enum diff_metric m,
			   bool all, size_t *n);
/* Whether old -> new grew past the threshold: by more than value instructions, or by more than
 * value percent of old (from 0, any growth is past a percentage). */
bool diff_past(uint64_t old, uint64_t new, const struct diff_threshold *t);

#endif
