/* The per-function table (profile.h). */
#include <stdlib.h>
#include <string.h>

#include "profile.h"

struct pfunc *profile_get(struct profile *p, const char *name, size_t len)
{
	for (size_t i = p->n; i > 0; i--) {	/* the last one added is the likeliest */
		if (strlen(p->funcs[i - 1].name) == len && memcmp(p->funcs[i - 1].name, name, len) == 0)
			return &p->funcs[i - 1];
	}
	if (p->n == p->cap) {
		size_t cap = p->cap ? 2 * p->cap : 64;
		struct pfunc *f = realloc(p->funcs, cap * sizeof(*f));
		if (!f)
			return NULL;
		p->funcs = f;
		p->cap = cap;
	}
	char *copy = strndup(name, len);
	if (!copy)
		return NULL;
	p->funcs[p->n] = (struct pfunc){ .name = copy };
	return &p->funcs[p->n++];
}

struct pfunc *profile_get_in(struct profile *p, const char *name, size_t len, const char *object)
{
	if (!object || !*object || strcmp(object, "???") == 0)
		return profile_get(p, name, len);
	const char *slash = strrchr(object, '/');
	const char *base = slash && slash[1] ? slash + 1 : object;
	size_t blen = strlen(base);
	char *key = malloc(len + blen + 4);
	if (!key)
		return NULL;
	memcpy(key, name, len);
	memcpy(key + len, " [", 2);
	memcpy(key + len + 2, base, blen);
	memcpy(key + len + 2 + blen, "]", 2);
	struct pfunc *f = profile_get(p, key, len + blen + 3);
	free(key);
	return f;
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(((const struct pfunc *)a)->name, ((const struct pfunc *)b)->name);
}

void profile_finish(struct profile *p)
{
	if (p->n)
		qsort(p->funcs, p->n, sizeof(*p->funcs), cmp_name);
}

const struct pfunc *profile_find(const struct profile *p, const char *name)
{
	struct pfunc key = { .name = (char *)name };
	return p->n ? bsearch(&key, p->funcs, p->n, sizeof(*p->funcs), cmp_name) : NULL;
}

void profile_free(struct profile *p)
{
	for (size_t i = 0; i < p->n; i++)
		free(p->funcs[i].name);
	free(p->funcs);
	memset(p, 0, sizeof(*p));
}
