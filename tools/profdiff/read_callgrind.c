/* Callgrind files (valgrind's and profemu's): per function the self cost of the chosen event
 * (Ir if the file has it, else its first event), the calls into it, and as inclusive cost its
 * self cost plus the inclusive costs on its calls= lines to other functions. Valgrind's
 * recursion levels (fib'2) are merged into the function; name compression ("fn=(3) name",
 * then "fn=(3)"; objects have their own ids) is followed; a function is in the object of the
 * ob= before it, a callee in its cob= (profile.h); several parts in one file add up. */
#include <stdlib.h>
#include <string.h>

#include "read_callgrind.h"

#define CG_MAX_LINE 65536

/* A compression space: names by id. Functions (fn, cfn) and objects (ob, cob) have one each. */
struct cg_names {
	char **names;
	size_t n;
};

struct cg_state {
	struct profile *p;
	struct cg_names fns, obs;
	char *ob, *cob;		/* the current object, the next callee's (cob=; NULL: ob) */
	size_t npos;		/* positions per cost line */
	long event;		/* column of the chosen event, -1 until "events:" */
	size_t fn, cfn;		/* current function and callee: index in p->funcs + 1, 0 none */
	bool after_calls, after_jump, has_total;
	uint64_t total;
};

/* "(id) name" defines, "(id)" refers; a plain name is itself. NULL on error. */
static const char *expand(struct cg_names *t, char *v, const char **why)
{
	if (*v != '(')
		return v;
	char *end;
	unsigned long id = strtoul(v + 1, &end, 10);
	if (*end != ')' || id > 10000000) {
		*why = "a bad compressed name";
		return NULL;
	}
	if (end[1] == ' ') {
		if (id >= t->n) {
			char **n = realloc(t->names, (id + 1) * sizeof(*n));
			if (!n) {
				*why = "out of memory";
				return NULL;
			}
			memset(n + t->n, 0, (id + 1 - t->n) * sizeof(*n));
			t->names = n;
			t->n = id + 1;
		}
		free(t->names[id]);
		if (!(t->names[id] = strdup(end + 2)))
			*why = "out of memory";
		return t->names[id];
	}
	if (id >= t->n || !t->names[id]) {
		*why = "a compressed name used before it is defined";
		return NULL;
	}
	return t->names[id];
}

static void free_names(struct cg_names *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->names[i]);
	free(t->names);
}

/* ob= or cob=: a copy of the object's name in *where. -1 on error. */
static int object_line(struct cg_state *s, char *v, char **where, const char **why)
{
	const char *name = expand(&s->obs, v, why);
	char *copy = name ? strdup(name) : NULL;
	if (!copy) {
		if (name)
			*why = "out of memory";
		return -1;
	}
	free(*where);
	*where = copy;
	return 0;
}

/* The function named by v (fn= or cfn=), in object: its index + 1, 0 on error. Recursion
 * suffixes (fib'2) go. */
static size_t func_of(struct cg_state *s, char *v, const char *object, const char **why)
{
	const char *name = expand(&s->fns, v, why);
	if (!name)
		return 0;
	size_t len = strlen(name);
	const char *q = strrchr(name, '\'');
	if (q && q[1] && strspn(q + 1, "0123456789") == strlen(q + 1))
		len = (size_t)(q - name);
	struct pfunc *f = profile_get_in(s->p, name, len, object);
	if (!f) {
		*why = "out of memory";
		return 0;
	}
	return (size_t)(f - s->p->funcs) + 1;
}

/* The chosen event's value on a cost line (0 if the line has fewer costs). */
static int line_cost(struct cg_state *s, char *line, uint64_t *cost, const char **why)
{
	char *save, *tok = strtok_r(line, " \t", &save);
	for (size_t i = 0; tok && i < s->npos; i++)
		tok = strtok_r(NULL, " \t", &save);
	*cost = 0;
	for (long i = 0; tok; i++, tok = strtok_r(NULL, " \t", &save)) {
		if (i == s->event) {
			char *end;
			*cost = strtoull(tok, &end, 10);
			if (*end) {
				*why = "a bad cost";
				return -1;
			}
			break;
		}
	}
	return 0;
}

static int header(struct cg_state *s, char *line, const char **why)
{
	if (strncmp(line, "positions:", 10) == 0) {
		s->npos = 0;
		char *save;
		for (char *t = strtok_r(line + 10, " \t", &save); t; t = strtok_r(NULL, " \t", &save))
			s->npos++;
		if (!s->npos)
			*why = "no positions";
		return s->npos ? 0 : -1;
	}
	if (strncmp(line, "events:", 7) == 0) {
		char *save;
		long i = 0;
		s->event = -1;
		static char first[64];
		for (char *t = strtok_r(line + 7, " \t", &save); t; t = strtok_r(NULL, " \t", &save), i++) {
			if (i == 0)
				snprintf(first, sizeof(first), "%s", t);
			if (strcmp(t, "Ir") == 0)
				s->event = i;
		}
		if (i == 0) {
			*why = "no events";
			return -1;
		}
		s->p->event = s->event >= 0 ? "instructions" : first;
		if (s->event < 0)
			s->event = 0;
		return 0;
	}
	if (strncmp(line, "totals:", 7) == 0 || strncmp(line, "summary:", 8) == 0) {
		uint64_t v;
		size_t keep = s->npos;
		s->npos = 0;	/* a totals line has costs only */
		int r = line_cost(s, strchr(line, ':') + 1, &v, why);
		s->npos = keep;
		if (!r && !s->has_total) {	/* summary and totals say the same: once per part */
			s->total += v;
			s->has_total = true;
		}
		return r;
	}
	if (strncmp(line, "part:", 5) == 0)
		s->has_total = false;
	return 0;	/* version, creator, cmd, desc, ...: nothing to keep */
}

static int one_line(struct cg_state *s, char *line, const char **why)
{
	if (!*line || *line == '#')
		return 0;
	bool cost_line = (*line >= '0' && *line <= '9') || *line == '+' || *line == '-' || *line == '*';
	if (s->after_jump) {
		s->after_jump = false;
		return 0;
	}
	if (cost_line) {
		uint64_t cost;
		if (s->event < 0) {
			*why = "a cost line before \"events:\"";
			return -1;
		}
		if (line_cost(s, line, &cost, why))
			return -1;
		if (!s->fn) {
			*why = "a cost line outside a function";
			return -1;
		}
		struct pfunc *f = &s->p->funcs[s->fn - 1];
		if (s->after_calls) {
			s->after_calls = false;
			if (s->cfn != s->fn)	/* a recursive call is already in the self cost */
				f->incl += cost;
		} else {
			f->self += cost;
			f->incl += cost;
		}
		return 0;
	}
	if (strncmp(line, "fn=", 3) == 0)
		return (s->fn = func_of(s, line + 3, s->ob, why)) ? 0 : -1;
	if (strncmp(line, "cfn=", 4) == 0 || strncmp(line, "cfni=", 5) == 0) {
		s->cfn = func_of(s, strchr(line, '=') + 1, s->cob ? s->cob : s->ob, why);
		free(s->cob);	/* a cob= names the one callee after it */
		s->cob = NULL;
		return s->cfn ? 0 : -1;
	}
	if (strncmp(line, "ob=", 3) == 0)
		return object_line(s, line + 3, &s->ob, why);
	if (strncmp(line, "cob=", 4) == 0)
		return object_line(s, line + 4, &s->cob, why);
	if (strncmp(line, "calls=", 6) == 0) {
		char *end;
		uint64_t n = strtoull(line + 6, &end, 10);
		if (end == line + 6 || !s->cfn) {
			*why = !s->cfn ? "calls= without cfn=" : "a bad calls= line";
			return -1;
		}
		s->p->funcs[s->cfn - 1].calls += n;
		s->after_calls = true;
		return 0;
	}
	if (strncmp(line, "jump=", 5) == 0 || strncmp(line, "jcnd=", 5) == 0) {
		s->after_jump = true;
		return 0;
	}
	if (strchr(line, '=') && !strchr(line, ':'))
		return 0;	/* fl=, fi=, fe=, cfi=, cfl=: files */
	return header(s, line, why);
}

int profile_read_callgrind(FILE *f, struct profile *p, char *err, size_t errlen)
{
	struct cg_state s = { .p = p, .npos = 1, .event = -1 };
	char *line = malloc(CG_MAX_LINE);
	const char *why = NULL;
	long lineno = 0;
	bool seen_format = false;
	int r = line ? 0 : -1;
	if (!line)
		why = "out of memory";
	while (!r && fgets(line, CG_MAX_LINE, f)) {
		lineno++;
		size_t len = strlen(line);
		if (len && line[len - 1] == '\n')
			line[--len] = '\0';
		else if (!feof(f)) {
			why = "a line too long";
			r = -1;
			break;
		}
		if (strncmp(line, "events:", 7) == 0 || strncmp(line, "# callgrind format", 18) == 0)
			seen_format = true;
		r = one_line(&s, line, &why);
	}
	if (!r && !seen_format) {
		why = "neither a counts file nor a callgrind file (no \"events:\" line)";
		lineno = 0;
		r = -1;
	}
	if (r && lineno)
		snprintf(err, errlen, "line %ld: %s", lineno, why);
	else if (r)
		snprintf(err, errlen, "%s", why);
	if (!r) {
		uint64_t sum = 0;
		for (size_t i = 0; i < p->n; i++)
			sum += p->funcs[i].self;
		p->total = s.has_total || s.total ? s.total : sum;
	}
	free_names(&s.fns);
	free_names(&s.obs);
	free(s.ob);
	free(s.cob);
	free(line);
	return r;
}
