/* The --counts JSON (output/counts.h), read with jansson: "total" and, from each element of
 * "functions", "name", "self", "inclusive" and "calls" (absent counts are 0); any other member
 * is skipped, so later versions may add members. Anything that is not JSON, or counts that are
 * not non-negative integers, is an error. */
#include <jansson.h>
#include <string.h>

#include "read_counts.h"

static int fail(char *err, size_t errlen, const char *what)
{
	snprintf(err, errlen, "not a counts file: %s", what);
	return -1;
}

/* A count: a non-negative JSON integer, or absent (0). */
static bool get_count(const json_t *obj, const char *key, uint64_t *out)
{
	const json_t *v = json_object_get(obj, key);
	if (!v) {
		*out = 0;
		return true;
	}
	if (!json_is_integer(v) || json_integer_value(v) < 0)
		return false;
	*out = (uint64_t)json_integer_value(v);
	return true;
}

static int read_function(const json_t *fn, struct profile *p, char *err, size_t errlen)
{
	if (!json_is_object(fn))
		return fail(err, errlen, "a function is not an object");
	const json_t *name = json_object_get(fn, "name");
	if (!json_is_string(name))
		return fail(err, errlen, "a function without a name");
	uint64_t self, incl, calls;
	if (!get_count(fn, "self", &self) || !get_count(fn, "inclusive", &incl) ||
	    !get_count(fn, "calls", &calls))
		return fail(err, errlen, "a count that is not a non-negative integer");
	const json_t *object = json_object_get(fn, "object");
	struct pfunc *f = profile_get_in(p, json_string_value(name), json_string_length(name),
					 json_is_string(object) ? json_string_value(object) : NULL);
	if (!f)
		return fail(err, errlen, "out of memory");
	/* a name twice (never written by profemu): the counts add */
	f->self += self;
	f->incl += incl;
	f->calls += calls;
	return 0;
}

int profile_read_counts(FILE *f, struct profile *p, char *err, size_t errlen)
{
	p->event = "instructions";
	json_error_t je;
	json_t *doc = json_loadf(f, 0, &je);
	if (!doc) {
		char why[sizeof(je.text) + 64];
		snprintf(why, sizeof(why), "%s at line %d, column %d", je.text, je.line, je.column);
		return fail(err, errlen, why);
	}
	int r = 0;
	const json_t *functions = json_object_get(doc, "functions");
	if (!json_is_object(doc))
		r = fail(err, errlen, "not an object");
	else if (!json_object_get(doc, "total") || !functions)
		r = fail(err, errlen, "no \"total\" or no \"functions\"");
	else if (!get_count(doc, "total", &p->total))
		r = fail(err, errlen, "\"total\" is not a non-negative integer");
	else if (!json_is_array(functions))
		r = fail(err, errlen, "\"functions\" is not an array");
	for (size_t i = 0; r == 0 && i < json_array_size(functions); i++)
		r = read_function(json_array_get(functions, i), p, err, errlen);
	json_decref(doc);
	return r;
}
