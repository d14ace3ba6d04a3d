/* Callgrind files (valgrind's and profemu's): per function the self cost of the chosen event
 * (Ir if the file has it, else its first event), the calls into it, and as inclusive cost its
 * self cost plus the inclusive costs on its calls= lines to other functions. Valgrind's
 * recursion levels (fib'2) are merged into the function; name compression ("fn=(3) name",
 * then "fn=(3)") is followed; several parts in one file add up. */
#include <stdlib.h>
#include <string.h>

#include "profile.h"

#define CG_MAX_LINE 65536

struct cg_state {
	struct profile *p;
	char **names;		/* compressed names by id */
	size_t nnames;
	size_t npos;		/* positions per cost line */
	long event;		/* column of the chosen event, -1 until "events:" */
	size_t fn, cfn;		/* current function and callee: index in p->funcs + 1, 0 none */
	bool after_calls, after_jump, has_total;
	uint64_t total;
};

/* "(id) name" defines, "(id)" refers; a plain name is itself. Recursion suffixes go. Returns
 * the function's index + 1, 0 on error. */
static size_t func_of(struct cg_state *s, char *v, const char **why)
{
	const char *name = v;
	if (*v == '(') {
		char *end;
		unsigned long id = strtoul(v + 1, &end, 10);
		if (*end != ')' || id > 10000000) {
			*why = "a bad compressed name";
			return 0;
		}
		if (end[1] == ' ') {
			if (id >= s->nnames) {
				char **n = realloc(s->names, (id + 1) * sizeof(*n));
				if (!n) {
					*why = "out of memory";
					return 0;
				}
				memset(n + s->nnames, 0, (id + 1 - s->nnames) * sizeof(*n));
				s->names = n;
				s->nnames = id + 1;
			}
			free(s->names[id]);
			if (!(s->names[id] = strdup(end + 2))) {
				*why = "out of memory";
				return 0;
			}
		} else if (id >= s->nnames || !s->names[id]) {
			*why = "a compressed name used before it is defined";
			return 0;
		}
		name = s->names[id];
	}
	size_t len = strlen(name);
	const char *q = strrchr(name, '\'');
	if (q && q[1] && strspn(q + 1, "0123456789") == strlen(q + 1))
		len = (size_t)(q - name);
	struct pfunc *f = profile_get(s->p, name, len);
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
		return (s->fn = func_of(s, line + 3, why)) ? 0 : -1;
	if (strncmp(line, "cfn=", 4) == 0 || strncmp(line, "cfni=", 5) == 0)
		return (s->cfn = func_of(s, strchr(line, '=') + 1, why)) ? 0 : -1;
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
		return 0;	/* ob=, fl=, fi=, fe=, cob=, cfi=, cfl=: files and objects */
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
	for (size_t i = 0; i < s.nnames; i++)
		free(s.names[i]);
	free(s.names);
	free(line);
	return r;
}
