/* callgrind's --skip-plt=yes on the writer's items: a stub of an object's .plt section is no
 * function of its own. What valgrind's callgrind does by default (measured on
 * guests/symbols_demo.c, valgrind 3.19): the instructions a call runs in the stub — and, for a
 * lazily bound slot's first call, the rest of its .plt entry and .PLT0 — are the caller's self
 * cost at the call site, and the call is an arc from the caller to the function the stub
 * reaches (work => qsort, not qsort@plt). Stubs of .plt.got (and .plt.sec) stay functions, as
 * valgrind keeps them (measured: libc's malloc and free stubs in .plt.got, the program's
 * __cxa_finalize one).
 *
 * The profile holds the stubs' instructions per pc, not per call. Every call runs the bound
 * path (the stub's pcs that ran exactly as often as it was called), so each arc gets that many
 * per call; what is left, the lazy binding's instructions, goes to the arc that called first
 * (the binding happens at a slot's first call). .PLT0 runs once per lazy binding: its
 * instructions go to the stubs of its object that were bound lazily (those whose .plt entry
 * ran past its first jump), in proportion to how often. The function a stub reaches is the
 * profile's function of the stub's name without "@plt" (an IFUNC's stub, memcpy@plt, reaches
 * an implementation of another name: the arc then keeps the stub's name). Stubs no call
 * reached (a jump to one) keep their own costs. */
#include <stdlib.h>
#include <string.h>

#include "output/callgrind_items.h"

static const char plt_suffix[] = "@plt";
static const char plt0_name[] = ".PLT0";

static bool has_plt_suffix(const char *name)
{
	size_t n = strlen(name), k = sizeof(plt_suffix) - 1;
	return n > k && strcmp(name + n - k, plt_suffix) == 0;
}

/* A cost line of a .plt function (a stub or .PLT0). */
static bool in_plt(const struct cg_item *it)
{
	return !it->is_call && it->fwhere.in_plt;
}

/* A call of a stub (.PLT0 is never called). */
static bool calls_stub(const struct cg_item *it)
{
	return it->is_call && it->cwhere.in_plt && strcmp(it->cname, plt0_name) != 0;
}

static bool same_object(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

/* The stubs of one name in one object (the .plt.sec stub and its lazy .plt entry share it). */
struct plt_group {
	const char *object;
	char *name;
	uint64_t ir, ticks, calls, passes;
	uint64_t bound_len;	/* pcs of called stubs that ran once per call */
	bool plt0;
};

/* One stub function (by start) and what its pcs ran. */
struct plt_func {
	size_t group;
	uint64_t start, min_ir;
	size_t npcs;
	bool targeted;		/* a call arc ends at its start */
};

struct plt_tables {
	struct plt_group *groups;
	size_t ngroups;
	struct plt_func *funcs;
	size_t nfuncs;
};

static void free_tables(struct plt_tables *t)
{
	for (size_t g = 0; g < t->ngroups; g++)
		free(t->groups[g].name);
	free(t->groups);
	free(t->funcs);
}

static size_t group_of(struct plt_tables *t, const char *object, const char *name)
{
	for (size_t g = 0; g < t->ngroups; g++)
		if (same_object(t->groups[g].object, object) && strcmp(t->groups[g].name, name) == 0)
			return g;
	struct plt_group *grown = realloc(t->groups, (t->ngroups + 1) * sizeof(*grown));
	if (!grown)
		return SIZE_MAX;
	t->groups = grown;
	/* its own copy: the items named so are freed as they leave */
	char *copy = strdup(name);
	if (!copy)
		return SIZE_MAX;
	grown[t->ngroups] = (struct plt_group){ .object = object, .name = copy,
						.plt0 = strcmp(name, plt0_name) == 0 };
	return t->ngroups++;
}

static struct plt_func *func_of(struct plt_tables *t, const struct cg_item *it)
{
	for (size_t f = 0; f < t->nfuncs; f++)
		if (t->funcs[f].start == it->fstart && strcmp(t->groups[t->funcs[f].group].name, it->fname) == 0)
			return &t->funcs[f];
	size_t g = group_of(t, it->fwhere.object, it->fname);
	struct plt_func *grown = g == SIZE_MAX ? NULL : realloc(t->funcs, (t->nfuncs + 1) * sizeof(*grown));
	if (!grown)
		return NULL;
	t->funcs = grown;
	grown[t->nfuncs] = (struct plt_func){ .group = g, .start = it->fstart, .min_ir = UINT64_MAX };
	return &grown[t->nfuncs++];
}

/* part * total / whole, rounded down, without overflow. */
static uint64_t share(uint64_t total, uint64_t part, uint64_t whole)
{
	return whole ? (uint64_t)((unsigned __int128)total * part / whole) : 0;
}

/* How many times the group's stubs went through .PLT0: the runs of its lazy .plt entry, which
 * is either a stub no call targets (IBT's .plt next to .plt.sec), or the called stub itself
 * when it ran past its first jump (3 or more pcs: jmp *slot; push; jmp .PLT0). */
static uint64_t lazy_passes(const struct plt_tables *t, size_t g)
{
	uint64_t untargeted = UINT64_MAX, targeted = UINT64_MAX;
	for (size_t f = 0; f < t->nfuncs; f++) {
		const struct plt_func *pf = &t->funcs[f];
		if (pf->group != g || !pf->npcs)
			continue;
		if (!pf->targeted && pf->min_ir < untargeted)
			untargeted = pf->min_ir;
		if (pf->targeted && pf->npcs >= 3 && pf->min_ir < targeted)
			targeted = pf->min_ir;
	}
	return untargeted != UINT64_MAX ? untargeted : targeted != UINT64_MAX ? targeted : 0;
}

/* .PLT0's cost of each object to its lazily bound, called stubs. false: none to give it to. */
static bool give_plt0(struct plt_tables *t, size_t p0)
{
	struct plt_group *z = &t->groups[p0];
	uint64_t passes = 0, given_ir = 0, given_ticks = 0;
	size_t last = SIZE_MAX;
	for (size_t g = 0; g < t->ngroups; g++) {
		struct plt_group *x = &t->groups[g];
		if (!x->plt0 && x->calls && x->passes && same_object(x->object, z->object)) {
			passes += x->passes;
			last = g;
		}
	}
	if (!passes)
		return false;
	for (size_t g = 0; g < t->ngroups; g++) {
		struct plt_group *x = &t->groups[g];
		if (x->plt0 || !x->calls || !x->passes || !same_object(x->object, z->object))
			continue;
		uint64_t ir = g == last ? z->ir - given_ir : share(z->ir, x->passes, passes);
		uint64_t ticks = g == last ? z->ticks - given_ticks : share(z->ticks, x->passes, passes);
		x->ir += ir;
		x->ticks += ticks;
		given_ir += ir;
		given_ticks += ticks;
	}
	return true;
}

/* An item's name and object with its index, sorted to find a group's arcs and the function a
 * stub reaches by binary search: a pass over every item per group measured 0.4 s of
 * python3's --callgrind (a hundred groups, 200 000 items). */
struct name_ref {
	const char *name, *object;
	size_t len;	/* of name (the stub's name without "@plt" when searching) */
	size_t i;
};

static int cmp_object(const char *a, const char *b)
{
	return a == b ? 0 : !a ? -1 : !b ? 1 : strcmp(a, b);
}

/* name, then object (when by_object), then index: items of one key stay in their order */
static int cmp_key(const struct name_ref *a, const struct name_ref *b, bool by_object)
{
	size_t n = a->len < b->len ? a->len : b->len;
	int c = memcmp(a->name, b->name, n);
	if (!c)
		c = (a->len > b->len) - (a->len < b->len);
	if (!c && by_object)
		c = cmp_object(a->object, b->object);
	return c;
}

static int cmp_ref(const void *pa, const void *pb)
{
	const struct name_ref *a = pa, *b = pb;
	int c = cmp_key(a, b, true);
	return c ? c : (a->i > b->i) - (a->i < b->i);
}

/* The first ref not below key (its name and, when by_object, its object). */
static size_t lower_bound(const struct name_ref *refs, size_t n, const struct name_ref *key, bool by_object)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (cmp_key(&refs[mid], key, by_object) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The refs of the cost lines (by name) and of the arcs (by callee name and object); false: no
 * memory. */
static bool index_items(const struct cg_item *items, size_t n, struct name_ref **funcs, size_t *nfuncs,
			struct name_ref **arcs, size_t *narcs)
{
	*nfuncs = *narcs = 0;
	*funcs = malloc((n + 1) * sizeof(**funcs));
	*arcs = malloc((n + 1) * sizeof(**arcs));
	if (!*funcs || !*arcs)
		return false;
	for (size_t i = 0; i < n; i++) {
		const struct cg_item *it = &items[i];
		if (it->is_call)
			(*arcs)[(*narcs)++] = (struct name_ref){ it->cname, it->cwhere.object, strlen(it->cname), i };
		else
			(*funcs)[(*nfuncs)++] = (struct name_ref){ it->fname, NULL, strlen(it->fname), i };
	}
	qsort(*funcs, *nfuncs, sizeof(**funcs), cmp_ref);
	qsort(*arcs, *narcs, sizeof(**arcs), cmp_ref);
	return true;
}

/* A group's arcs: refs [lo, hi) of the arcs' index; the function its stubs reach, or NULL. */
struct group_arcs {
	size_t lo, hi;
	const struct cg_item *callee;
};

/* The function a stub of this name reaches, among the profile's cost lines: NULL if none. */
static const struct cg_item *reached(const struct cg_item *items, const struct name_ref *funcs, size_t n,
				     const char *stub)
{
	if (!has_plt_suffix(stub))
		return NULL;
	struct name_ref key = { stub, NULL, strlen(stub) - (sizeof(plt_suffix) - 1), 0 };
	size_t at = lower_bound(funcs, n, &key, false);
	return at < n && !cmp_key(&funcs[at], &key, false) ? &items[funcs[at].i] : NULL;
}

static uint64_t minus(uint64_t a, uint64_t b)
{
	return a > b ? a - b : 0;
}

/* Arcs into group g (arcs[0, narcs): the refs of its arcs, in item order): their share of
 * its cost as cost lines at their call sites (new items from *next on), the share off their
 * inclusive cost, the callee renamed to callee's (when known). false: no memory. */
static bool give_to_callers(struct cg_item *items, const struct name_ref *arcs, size_t narcs,
			    const struct cg_item *callee, size_t *next, const struct plt_group *x)
{
	uint64_t seen = 0, given_ir = 0, given_ticks = 0;
	/* the lazy binding's instructions: the first caller's */
	bool by_path = x->bound_len && x->bound_len * x->calls <= x->ir;
	uint64_t lazy = by_path ? x->ir - x->bound_len * x->calls : 0, first = UINT64_MAX;
	size_t first_arc = SIZE_MAX;
	for (size_t a = 0; a < narcs; a++)
		if (items[arcs[a].i].first < first) {
			first = items[arcs[a].i].first;
			first_arc = arcs[a].i;
		}
	for (size_t a = 0; a < narcs; a++) {
		size_t i = arcs[a].i;
		struct cg_item *arc = &items[i];
		seen += arc->count;
		uint64_t ir = by_path ? x->bound_len * arc->count + (i == first_arc ? lazy : 0)
			      : seen == x->calls ? x->ir - given_ir : share(x->ir, arc->count, x->calls);
		uint64_t ticks = seen == x->calls ? x->ticks - given_ticks : share(x->ticks, arc->count, x->calls);
		given_ir += ir;
		given_ticks += ticks;
		struct cg_item *cost = &items[(*next)++];
		*cost = (struct cg_item){ .fstart = arc->fstart, .fwhere = arc->fwhere, .addr = arc->addr,
					  .where = arc->where, .count = ticks, .ir = ir };
		if (!(cost->fname = strdup(arc->fname)))
			return false;
		arc->ir = minus(arc->ir, ir);
		arc->incl = minus(arc->incl, ticks);
		if (callee) {
			char *name = strdup(callee->fname);
			if (!name)
				return false;
			free(arc->cname);
			arc->cname = name;
			arc->target = callee->fstart;
			arc->cwhere = callee->fwhere;
			arc->twhere = callee->fwhere;
		}
	}
	return true;
}

size_t callgrind_skip_plt(struct cg_item **pitems, size_t n)
{
	struct cg_item *items = *pitems;
	struct plt_tables t = { 0 };
	size_t calls = 0;
	bool ok = true;
	for (size_t i = 0; i < n && ok; i++) {
		const struct cg_item *it = &items[i];
		if (calls_stub(it)) {
			size_t g = group_of(&t, it->cwhere.object, it->cname);
			ok = g != SIZE_MAX;
			if (ok)
				t.groups[g].calls += it->count;
			calls++;
		}
		if (!in_plt(it))
			continue;
		struct plt_func *pf = func_of(&t, it);
		if (!(ok = pf != NULL))
			break;
		pf->npcs++;
		if (it->ir < pf->min_ir)
			pf->min_ir = it->ir;
		t.groups[pf->group].ir += it->ir;
		t.groups[pf->group].ticks += it->count;
	}
	/* a function is "targeted" when a call ends at its start */
	for (size_t i = 0; i < n && ok; i++)
		if (calls_stub(&items[i]))
			for (size_t f = 0; f < t.nfuncs; f++)
				if (t.funcs[f].start == items[i].target)
					t.funcs[f].targeted = true;
	/* the bound path: a called stub's pcs that ran once per call */
	for (size_t i = 0; i < n && ok; i++) {
		if (!in_plt(&items[i]))
			continue;
		const struct plt_func *pf = func_of(&t, &items[i]);
		if (pf && pf->targeted && items[i].ir == t.groups[pf->group].calls)
			t.groups[pf->group].bound_len++;
	}
	for (size_t g = 0; g < t.ngroups && ok; g++)
		if (!t.groups[g].plt0)
			t.groups[g].passes = lazy_passes(&t, g);
	/* which groups' pcs leave: the called stubs', and each .PLT0 given to some */
	bool *gone = ok ? calloc(t.ngroups + 1, sizeof(*gone)) : NULL;
	struct cg_item *grown = gone ? realloc(items, (n + calls + 1) * sizeof(*items)) : NULL;
	if (!grown) {
		free(gone);
		free_tables(&t);
		callgrind_free_items(items, n);
		*pitems = NULL;
		return SIZE_MAX;
	}
	*pitems = items = grown;
	for (size_t g = 0; g < t.ngroups; g++)
		if (t.groups[g].plt0)
			gone[g] = give_plt0(&t, g);
	/* each group's arcs and callee, all found before an arc is renamed */
	struct name_ref *funcs = NULL, *arcs = NULL;
	size_t nfuncs = 0, narcs = 0;
	struct group_arcs *ga = calloc(t.ngroups + 1, sizeof(*ga));
	ok = ga && index_items(items, n, &funcs, &nfuncs, &arcs, &narcs);
	for (size_t g = 0; g < t.ngroups && ok; g++) {
		const struct plt_group *x = &t.groups[g];
		struct name_ref key = { x->name, x->object, strlen(x->name), 0 };
		ga[g].lo = ga[g].hi = lower_bound(arcs, narcs, &key, true);
		while (ga[g].hi < narcs && !cmp_key(&arcs[ga[g].hi], &key, true))
			ga[g].hi++;
		ga[g].callee = reached(items, funcs, nfuncs, x->name);
	}
	size_t next = n;
	for (size_t g = 0; g < t.ngroups && ok; g++) {
		if (t.groups[g].plt0 || !t.groups[g].calls)
			continue;
		gone[g] = true;
		ok = give_to_callers(items, arcs + ga[g].lo, ga[g].hi - ga[g].lo, ga[g].callee, &next,
				     &t.groups[g]);
	}
	free(ga);
	free(funcs);
	free(arcs);
	/* the stubs' own cost lines go: theirs are now their callers' */
	size_t kept = 0;
	for (size_t i = 0; i < next; i++) {
		struct cg_item *it = &items[i];
		bool drop = false;
		if (i < n && in_plt(it))
			for (size_t f = 0; f < t.nfuncs; f++)
				if (t.funcs[f].start == it->fstart && gone[t.funcs[f].group] &&
				    strcmp(t.groups[t.funcs[f].group].name, it->fname) == 0)
					drop = true;
		if (drop) {
			free(it->fname);
			free(it->cname);
		} else {
			items[kept++] = *it;
		}
	}
	free(gone);
	free_tables(&t);
	if (!ok) {
		callgrind_free_items(items, kept);
		*pitems = NULL;
		return SIZE_MAX;
	}
	qsort(items, kept, sizeof(*items), callgrind_cmp_item);
	return kept;
}
