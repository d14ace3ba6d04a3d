/* The --counts JSON (output/counts.h): a small JSON reader that keeps "total" and, from each
 * element of "functions", "name", "self", "inclusive" and "calls"; any other member is read
 * and skipped, so later versions may add members. Anything that is not JSON is an error. */
#include <stdlib.h>
#include <string.h>

#include "profile.h"

struct reader {
	FILE *f;
	char *err;
	size_t errlen;
	int depth;
};

/* Nesting deeper than this is not a counts file (and would exhaust the stack). */
#define JSON_MAX_DEPTH 32
/* Names longer than this are not a symbol's. */
#define JSON_MAX_STRING 4096

static int fail(struct reader *r, const char *what)
{
	snprintf(r->err, r->errlen, "not a counts file: %s at byte %ld", what, ftell(r->f));
	return -1;
}

static int next(struct reader *r)
{
	int c;
	while ((c = getc(r->f)) == ' ' || c == '\n' || c == '\t' || c == '\r')
		;
	return c;
}

static int expect(struct reader *r, int want, const char *what)
{
	return next(r) == want ? 0 : fail(r, what);
}

/* After the opening quote. buf may be NULL (skipped). \uXXXX escapes are kept as written. */
static int read_string(struct reader *r, char *buf, size_t len)
{
	size_t n = 0;
	for (;;) {
		int c = getc(r->f);
		if (c == EOF || (c >= 0 && c < 0x20))
			return fail(r, "an unterminated string");
		if (c == '"')
			break;
		if (c == '\\') {
			c = getc(r->f);
			if (c == EOF)
				return fail(r, "an unterminated string");
			c = c == 'n' ? '\n' : c == 't' ? '\t' : c;
		}
		if (buf) {
			if (n + 1 >= len)
				return fail(r, "a string too long");
			buf[n++] = (char)c;
		}
	}
	if (buf)
		buf[n] = '\0';
	return 0;
}

/* A non-negative integer (the counts are); first digit already read. */
static int read_number(struct reader *r, int c, uint64_t *out)
{
	uint64_t v = 0;
	if (c < '0' || c > '9')
		return fail(r, "a number expected");
	while (c >= '0' && c <= '9') {
		if (v > (UINT64_MAX - (uint64_t)(c - '0')) / 10)
			return fail(r, "a number too large");
		v = v * 10 + (uint64_t)(c - '0');
		c = getc(r->f);
	}
	if (c == '.' || c == 'e' || c == 'E')
		return fail(r, "a count that is not an integer");
	ungetc(c, r->f);
	*out = v;
	return 0;
}

static int skip_value(struct reader *r, int c);

/* Reads an object or array after its opening bracket, calling member() for each member (key
 * NULL in arrays), which reads the value itself. */
static int read_container(struct reader *r, int close,
			  int (*member)(struct reader *r, const char *key, int c, void *ctx), void *ctx)
{
	if (++r->depth > JSON_MAX_DEPTH)
		return fail(r, "nesting too deep");
	int c = next(r);
	if (c == close) {
		r->depth--;
		return 0;
	}
	for (;;) {
		char key[256];
		if (close == '}') {
			if (c != '"' || read_string(r, key, sizeof(key)) || expect(r, ':', "':' expected"))
				return c != '"' ? fail(r, "a member name expected") : -1;
			c = next(r);
		}
		if (member(r, close == '}' ? key : NULL, c, ctx))
			return -1;
		c = next(r);
		if (c == close)
			break;
		if (c != ',')
			return fail(r, "',' expected");
		c = next(r);
	}
	r->depth--;
	return 0;
}

static int skip_member(struct reader *r, const char *key, int c, void *ctx)
{
	(void)key;
	(void)ctx;
	return skip_value(r, c);
}

static int skip_value(struct reader *r, int c)
{
	uint64_t v;
	switch (c) {
	case '{': return read_container(r, '}', skip_member, NULL);
	case '[': return read_container(r, ']', skip_member, NULL);
	case '"': return read_string(r, NULL, 0);
	case '-': return read_number(r, getc(r->f), &v);
	case 't': case 'f': case 'n': {
		const char *word = c == 't' ? "rue" : c == 'f' ? "alse" : "ull";
		for (; *word; word++)
			if (getc(r->f) != *word)
				return fail(r, "a bad literal");
		return 0;
	}
	default: return read_number(r, c, &v);
	}
}

struct func_fields {
	char name[JSON_MAX_STRING];
	bool has_name;
	uint64_t self, incl, calls;
};

static int func_member(struct reader *r, const char *key, int c, void *ctx)
{
	struct func_fields *ff = ctx;
	if (strcmp(key, "name") == 0) {
		if (c != '"')
			return fail(r, "a function name is not a string");
		ff->has_name = true;
		return read_string(r, ff->name, sizeof(ff->name));
	}
	uint64_t *slot = strcmp(key, "self") == 0 ? &ff->self
		       : strcmp(key, "inclusive") == 0 ? &ff->incl
		       : strcmp(key, "calls") == 0 ? &ff->calls : NULL;
	return slot ? read_number(r, c, slot) : skip_value(r, c);
}

static int function_element(struct reader *r, const char *key, int c, void *ctx)
{
	struct profile *p = ctx;
	(void)key;
	if (c != '{')
		return fail(r, "a function is not an object");
	struct func_fields *ff = calloc(1, sizeof(*ff));
	if (!ff)
		return fail(r, "out of memory");
	int e = read_container(r, '}', func_member, ff);
	if (!e && !ff->has_name)
		e = fail(r, "a function without a name");
	struct pfunc *f = e ? NULL : profile_get(p, ff->name, strlen(ff->name));
	if (!e && !f)
		e = fail(r, "out of memory");
	if (!e) {	/* a name twice (never written by profemu): the counts add */
		f->self += ff->self;
		f->incl += ff->incl;
		f->calls += ff->calls;
	}
	free(ff);
	return e;
}

struct top_seen {
	struct profile *p;
	bool total, functions;
};

static int top_member(struct reader *r, const char *key, int c, void *ctx)
{
	struct top_seen *t = ctx;
	if (strcmp(key, "total") == 0) {
		t->total = true;
		return read_number(r, c, &t->p->total);
	}
	if (strcmp(key, "functions") == 0) {
		t->functions = true;
		return c == '[' ? read_container(r, ']', function_element, t->p)
				: fail(r, "\"functions\" is not an array");
	}
	return skip_value(r, c);
}

int profile_read_counts(FILE *f, struct profile *p, char *err, size_t errlen)
{
	struct reader r = { f, err, errlen, 0 };
	struct top_seen t = { p, false, false };
	p->event = "instructions";
	if (expect(&r, '{', "'{' expected") || read_container(&r, '}', top_member, &t))
		return -1;
	if (next(&r) != EOF)
		return fail(&r, "data after the object");
	if (!t.total || !t.functions)
		return fail(&r, "no \"total\" or no \"functions\"");
	return 0;
}
