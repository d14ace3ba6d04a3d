/* Names for the text writers (callgrind, folded stacks): the caller's symbol lookup, and what
 * to print when it knows nothing. The collection (wprof) stores addresses only; names are
 * resolved once, when a file is written. */
#ifndef PROFEMU_OUTPUT_SYMNAME_H
#define PROFEMU_OUTPUT_SYMNAME_H

#include <stdbool.h>
#include <stdint.h>

/* The name of the function containing addr, with addr's offset into it in *off; NULL if none.
 * The string need only stay valid until the next call (it is copied at once). */
typedef const char *(*out_symname_fn)(void *ctx, uint64_t addr, uint64_t *off);

/* Where addr is beyond its function: its object (NULL: the one callgrind_info names), its
 * source file and line (NULL and 0 when unknown), the guest's run-time address (the profile's
 * addresses are the program's link-time ones, so a shared library's are neither its own nor
 * the guest's), and, in an object that was read, the address in the object's own terms: its
 * link-time address, as nm, objdump and addr2line -e OBJECT take it (a shared object's offset
 * from where it was loaded). The strings stay valid while ctx does. */
struct out_where {
	const char *object;
	const char *file;
	unsigned line;
	uint64_t guest;		/* addr when nothing else is known */
	bool has_link;
	uint64_t link;
	bool in_plt;		/* in the object's .plt: a stub callgrind's --skip-plt skips */
};
typedef void (*out_where_fn)(void *ctx, uint64_t addr, struct out_where *w);

struct out_symbols {
	out_symname_fn name;		/* may be NULL: every address is then unknown */
	out_where_fn where;		/* may be NULL: one object, no source positions */
	void *ctx;
};

/* Where addr is: s->where's answer, or nothing known. */
void out_where_of(const struct out_symbols *s, uint64_t addr, struct out_where *w);

/* The function containing addr: a malloc'd copy of its name and its start (addr - off). Unknown
 * addresses are named "0x<addr>" (lower-case hex) and start at addr. Line breaks in a name become
 * '?' so that a name can never break a line-based format. NULL only if out of memory. */
char *out_func_name(const struct out_symbols *s, uint64_t addr, uint64_t *start);

#endif
