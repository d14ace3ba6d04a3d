/* The map of guest ranges to ELF objects: see objmap.h. */
#include "symbols/objmap.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

void objmap_init(struct objmap *m)
{
	memset(m, 0, sizeof(*m));
}

void objmap_free(struct objmap *m)
{
	bool forget = m->forget;
	for (size_t i = 0; i < m->nobjects; i++)
		free(m->objects[i].path);
	free(m->objects);
	free(m->live);
	free(m->history);
	objmap_init(m);
	m->forget = forget;
}

/* Room for one more element in an array of *cap elements holding n. */
static bool reserve(void **arr, size_t *cap, size_t n, size_t elem)
{
	if (n < *cap)
		return true;
	size_t ncap = *cap ? *cap * 2 : 8;
	void *p = realloc(*arr, ncap * elem);
	if (!p)
		return false;
	*arr = p;
	*cap = ncap;
	return true;
}

static bool same_range(const struct objmap_range *a, const struct objmap_range *b)
{
	return a->start == b->start && a->end == b->end && a->file_off == b->file_off &&
	       a->object == b->object;
}

/* Keeps r in the history; a range already there (a module dlopen'ed and closed again and
 * again) moves to the end instead of growing the history. */
static void remember(struct objmap *m, const struct objmap_range *r)
{
	if (m->forget)
		return;
	for (size_t i = 0; i < m->nhistory; i++) {
		if (same_range(&m->history[i], r)) {
			memmove(&m->history[i], &m->history[i + 1],
				(m->nhistory - i - 1) * sizeof(*r));
			m->nhistory--;
			break;
		}
	}
	if (reserve((void **)&m->history, &m->history_cap, m->nhistory, sizeof(*r)))
		m->history[m->nhistory++] = *r;
}

/* The first live range ending above addr. */
static size_t first_above(const struct objmap *m, uint64_t addr)
{
	size_t lo = 0, hi = m->nlive;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (m->live[mid].end <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static bool insert_live(struct objmap *m, size_t at, const struct objmap_range *r)
{
	if (!reserve((void **)&m->live, &m->live_cap, m->nlive, sizeof(*r)))
		return false;
	memmove(&m->live[at + 1], &m->live[at], (m->nlive - at) * sizeof(*r));
	m->live[at] = *r;
	m->nlive++;
	return true;
}

void objmap_unmap(struct objmap *m, uint64_t start, uint64_t size)
{
	uint64_t end = size > UINT64_MAX - start ? UINT64_MAX : start + size;
	size_t i = first_above(m, start);
	while (i < m->nlive && m->live[i].start < end) {
		struct objmap_range r = m->live[i];
		uint64_t cut_lo = r.start > start ? r.start : start;
		uint64_t cut_hi = r.end < end ? r.end : end;
		struct objmap_range gone = { cut_lo, cut_hi, r.file_off + (cut_lo - r.start), r.object };
		remember(m, &gone);
		struct objmap_range below = r, above = r;
		below.end = cut_lo;
		above.start = cut_hi;
		above.file_off = r.file_off + (cut_hi - r.start);
		bool keep_below = below.end > below.start, keep_above = above.end > above.start;
		if (keep_below && keep_above) {
			/* A hole in the middle: one range becomes two. If there is no room for the
			 * second, the part above is forgotten (to the history) rather than kept
			 * wrong. */
			m->live[i] = below;
			if (!insert_live(m, i + 1, &above))
				remember(m, &above);
			i += 2;
		} else if (keep_below) {
			m->live[i++] = below;
		} else if (keep_above) {
			m->live[i++] = above;
		} else {
			memmove(&m->live[i], &m->live[i + 1], (m->nlive - i - 1) * sizeof(r));
			m->nlive--;
		}
	}
}

/* The index of the object (path, dev, ino), added if new; UINT32_MAX if out of memory. */
static uint32_t object_index(struct objmap *m, const char *path, uint64_t dev, uint64_t ino)
{
	for (size_t i = 0; i < m->nobjects; i++) {
		const struct objmap_object *o = &m->objects[i];
		if (o->dev == dev && o->ino == ino && strcmp(o->path, path) == 0)
			return (uint32_t)i;
	}
	if (m->nobjects >= UINT32_MAX ||
	    !reserve((void **)&m->objects, &m->objects_cap, m->nobjects, sizeof(*m->objects)))
		return UINT32_MAX;
	char *copy = strdup(path);
	if (!copy)
		return UINT32_MAX;
	m->objects[m->nobjects] = (struct objmap_object){ copy, dev, ino };
	return (uint32_t)m->nobjects++;
}

int objmap_map(struct objmap *m, uint64_t start, uint64_t size, const char *path, uint64_t file_off,
	       uint64_t dev, uint64_t ino)
{
	if (size == 0)
		return 0;
	if (size > UINT64_MAX - start)
		size = UINT64_MAX - start;
	objmap_unmap(m, start, size);
	uint32_t obj = object_index(m, path, dev, ino);
	if (obj == UINT32_MAX)
		return -ENOMEM;
	struct objmap_range r = { start, start + size, file_off, obj };
	return insert_live(m, first_above(m, start), &r) ? 0 : -ENOMEM;
}

const struct objmap_range *objmap_find(const struct objmap *m, uint64_t addr)
{
	size_t i = first_above(m, addr);
	if (i < m->nlive && m->live[i].start <= addr)
		return &m->live[i];
	for (size_t j = m->nhistory; j-- > 0;)
		if (m->history[j].start <= addr && addr < m->history[j].end)
			return &m->history[j];
	return NULL;
}

const struct objmap_range *objmap_next_live(const struct objmap *m, uint64_t addr)
{
	size_t i = first_above(m, addr);
	return i < m->nlive ? &m->live[i] : NULL;
}
