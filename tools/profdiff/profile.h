/* A profile as profdiff compares it: per function instruction counts, read from a profemu
 * --counts file or from a callgrind file (profemu's or valgrind's). A function is known by its
 * name and its object's file name, "qsort [libc.so.6]" (just the name where no object is
 * given): never by an address, so two runs whose libraries were loaded elsewhere, or read from
 * other directories (a -L sysroot, valgrind's host paths), compare function by function. */
#ifndef PROFDIFF_PROFILE_H
#define PROFDIFF_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct pfunc {
	char *name;
	uint64_t self, incl, calls;
};

struct profile {
	struct pfunc *funcs;	/* sorted by name once read (profile_finish) */
	size_t n, cap;
	uint64_t total;
	const char *event;	/* what is counted: "instructions" (counts, Ir) or a callgrind event */
};

/* The record of name, added with zero counts if absent. NULL if out of memory. */
struct pfunc *profile_get(struct profile *p, const char *name, size_t len);
/* The same for name (len bytes) in object (a path: its last component is kept; NULL, "" or
 * "???" for none). */
struct pfunc *profile_get_in(struct profile *p, const char *name, size_t len, const char *object);
/* The record of name in a finished profile, or NULL. */
const struct pfunc *profile_find(const struct profile *p, const char *name);
/* Sorts the records by name (for profile_find and a stable report). */
void profile_finish(struct profile *p);
void profile_free(struct profile *p);

#endif
