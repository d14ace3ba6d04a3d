/* The region tree: see gm_tree.h. An AVL tree with parent links; every change retraces from
 * the changed node to the root, rebalancing and recomputing heights and largest gaps, so each
 * operation touches O(log n) nodes. */
#include "gm_tree.h"

static int height(const struct gm_node *n)
{
	return n ? n->height : 0;
}

static uint64_t max_gap(const struct gm_node *n)
{
	return n ? n->max_gap : 0;
}

static uint64_t max3(uint64_t a, uint64_t b, uint64_t c)
{
	uint64_t m = a > b ? a : b;
	return m > c ? m : c;
}

/* Recomputes n's height and largest gap from its children. */
static void pull(struct gm_node *n)
{
	int hl = height(n->left), hr = height(n->right);
	n->height = 1 + (hl > hr ? hl : hr);
	n->max_gap = max3(n->gap, max_gap(n->left), max_gap(n->right));
}

static void replace_child(struct gm_tree *t, struct gm_node *parent, struct gm_node *old,
			  struct gm_node *new)
{
	if (!parent)
		t->root = new;
	else if (parent->left == old)
		parent->left = new;
	else
		parent->right = new;
	if (new)
		new->parent = parent;
}

static struct gm_node *rotate_left(struct gm_tree *t, struct gm_node *x)
{
	struct gm_node *y = x->right;
	x->right = y->left;
	if (y->left)
		y->left->parent = x;
	replace_child(t, x->parent, x, y);
	y->left = x;
	x->parent = y;
	pull(x);
	pull(y);
	return y;
}

static struct gm_node *rotate_right(struct gm_tree *t, struct gm_node *x)
{
	struct gm_node *y = x->left;
	x->left = y->right;
	if (y->right)
		y->right->parent = x;
	replace_child(t, x->parent, x, y);
	y->right = x;
	x->parent = y;
	pull(x);
	pull(y);
	return y;
}

/* Restores the AVL balance at n (its subtrees are balanced); returns the subtree's new root. */
static struct gm_node *rebalance(struct gm_tree *t, struct gm_node *n)
{
	int balance = height(n->left) - height(n->right);
	if (balance > 1) {
		if (height(n->left->left) < height(n->left->right))
			rotate_left(t, n->left);
		return rotate_right(t, n);
	}
	if (balance < -1) {
		if (height(n->right->right) < height(n->right->left))
			rotate_right(t, n->right);
		return rotate_left(t, n);
	}
	pull(n);
	return n;
}

static void retrace(struct gm_tree *t, struct gm_node *n)
{
	while (n)
		n = rebalance(t, n)->parent;
}

static struct gm_node *leftmost(struct gm_node *n)
{
	while (n && n->left)
		n = n->left;
	return n;
}

static struct gm_node *rightmost(struct gm_node *n)
{
	while (n && n->right)
		n = n->right;
	return n;
}

struct gm_node *gm_tree_first(const struct gm_tree *t)
{
	return leftmost(t->root);
}

struct gm_node *gm_tree_last(const struct gm_tree *t)
{
	return rightmost(t->root);
}

struct gm_node *gm_tree_next(const struct gm_node *n)
{
	if (n->right)
		return leftmost(n->right);
	while (n->parent && n->parent->right == n)
		n = n->parent;
	return n->parent;
}

struct gm_node *gm_tree_prev(const struct gm_node *n)
{
	if (n->left)
		return rightmost(n->left);
	while (n->parent && n->parent->left == n)
		n = n->parent;
	return n->parent;
}

struct gm_node *gm_tree_ending_above(const struct gm_tree *t, uint64_t addr)
{
	struct gm_node *n = t->root, *best = NULL;
	while (n) {
		if (n->r.end > addr) {
			best = n;
			n = n->left;
		} else {
			n = n->right;
		}
	}
	return best;
}

/* Sets n's gap from its predecessor, and its successor's from n; retraces both. */
static void set_gaps_around(struct gm_tree *t, struct gm_node *n)
{
	struct gm_node *prev = gm_tree_prev(n), *next = gm_tree_next(n);
	n->gap = n->r.start - (prev ? prev->r.end : 0);
	retrace(t, n);
	if (next) {
		next->gap = next->r.start - n->r.end;
		retrace(t, next);
	}
}

void gm_tree_insert(struct gm_tree *t, struct gm_node *n)
{
	n->left = n->right = NULL;
	n->height = 1;
	n->gap = n->max_gap = 0;
	struct gm_node *parent = NULL, **link = &t->root;
	while (*link) {
		parent = *link;
		link = n->r.start < parent->r.start ? &parent->left : &parent->right;
	}
	*link = n;
	n->parent = parent;
	t->count++;
	set_gaps_around(t, n);
}

void gm_tree_erase(struct gm_tree *t, struct gm_node *n)
{
	struct gm_node *prev = gm_tree_prev(n), *next = gm_tree_next(n);
	struct gm_node *from;	/* the lowest node whose subtree changed */
	if (n->left && n->right) {
		/* next, the leftmost of n's right subtree, takes n's place */
		struct gm_node *y = next;
		if (y->parent == n) {
			from = y;
		} else {
			from = y->parent;
			replace_child(t, y->parent, y, y->right);
			y->right = n->right;
			y->right->parent = y;
		}
		replace_child(t, n->parent, n, y);
		y->left = n->left;
		y->left->parent = y;
	} else {
		from = n->parent;
		replace_child(t, n->parent, n, n->left ? n->left : n->right);
	}
	t->count--;
	if (next)
		next->gap = next->r.start - (prev ? prev->r.end : 0);
	retrace(t, from);
	if (next)
		retrace(t, next);
}

void gm_tree_resized(struct gm_tree *t, struct gm_node *n)
{
	set_gaps_around(t, n);
}

/* The leftmost node of subtree s whose gap is at least len (s->max_gap >= len). */
static const struct gm_node *leftmost_gap(const struct gm_node *s, uint64_t len)
{
	while (s) {
		if (max_gap(s->left) >= len)
			s = s->left;
		else if (s->gap >= len)
			return s;
		else
			s = s->right;
	}
	return NULL;
}

static const struct gm_node *rightmost_gap(const struct gm_node *s, uint64_t len)
{
	while (s) {
		if (max_gap(s->right) >= len)
			s = s->right;
		else if (s->gap >= len)
			return s;
		else
			s = s->left;
	}
	return NULL;
}

/* The first node after n (in address order) whose gap is at least len, or NULL. */
static const struct gm_node *next_gap(const struct gm_node *n, uint64_t len)
{
	if (max_gap(n->right) >= len)
		return leftmost_gap(n->right, len);
	for (; n->parent; n = n->parent) {
		if (n->parent->left != n)
			continue;
		const struct gm_node *p = n->parent;
		if (p->gap >= len)
			return p;
		if (max_gap(p->right) >= len)
			return leftmost_gap(p->right, len);
	}
	return NULL;
}

static const struct gm_node *prev_gap(const struct gm_node *n, uint64_t len)
{
	if (max_gap(n->left) >= len)
		return rightmost_gap(n->left, len);
	for (; n->parent; n = n->parent) {
		if (n->parent->right != n)
			continue;
		const struct gm_node *p = n->parent;
		if (p->gap >= len)
			return p;
		if (max_gap(p->left) >= len)
			return rightmost_gap(p->left, len);
	}
	return NULL;
}

static bool fits(uint64_t a, uint64_t len, uint64_t from, uint64_t below)
{
	return a >= from && a <= below && below - a >= len;
}

bool gm_tree_lowest_fit(const struct gm_tree *t, uint64_t len, uint64_t from, uint64_t below,
			uint64_t *at)
{
	const struct gm_node *n = gm_tree_ending_above(t, from);
	const struct gm_node *last = gm_tree_last(t);
	if (n) {
		/* the gap below n, cut at from */
		uint64_t gap_lo = n->r.start - n->gap, a = gap_lo > from ? gap_lo : from;
		if (a < n->r.start && n->r.start - a >= len && fits(a, len, from, below)) {
			*at = a;
			return true;
		}
		/* every later gap starts above from: the first large enough is the lowest */
		const struct gm_node *g = next_gap(n, len);
		if (g) {
			a = g->r.start - g->gap;
			if (!fits(a, len, from, below))
				return false;
			*at = a;
			return true;
		}
	}
	/* the space above the last region */
	uint64_t a = last && last->r.end > from ? last->r.end : from;
	if (!fits(a, len, from, below))
		return false;
	*at = a;
	return true;
}

bool gm_tree_highest_fit(const struct gm_tree *t, uint64_t len, uint64_t from, uint64_t below,
			 uint64_t *at)
{
	if (below < len)
		return false;
	/* the free space just below `below`: between the last region starting below it and the
	 * first one starting at or above it */
	const struct gm_node *n = t->root, *after = NULL;
	while (n) {
		if (n->r.start >= below) {
			after = n;
			n = n->left;
		} else {
			n = n->right;
		}
	}
	const struct gm_node *before = after ? gm_tree_prev(after) : gm_tree_last(t);
	uint64_t lo = before ? before->r.end : 0;
	if (lo <= below - len && below - len >= from) {
		*at = below - len;
		return true;
	}
	/* every earlier gap ends below `below`: the last large enough is the highest */
	const struct gm_node *g = NULL;
	if (before)
		g = before->gap >= len ? before : prev_gap(before, len);
	if (!g || g->r.start - len < from)
		return false;
	*at = g->r.start - len;
	return true;
}
