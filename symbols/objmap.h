/* The ELF objects mapped into the guest: which file each executable range of guest memory comes
 * from. The OS layer reports mappings as they happen (the loader's program and interpreter, then
 * every executable file mapping the guest makes: shared libraries, dlopen'ed modules) and
 * unmappings; the symbolizer (symbols/symbolizer.h) reads it when an output names an address.
 *
 * Pure data: no I/O, no ELF. A range is [start, end) of guest addresses holding the object's
 * bytes from file_off on. Ranges never overlap: a new mapping first unmaps what it covers, as
 * the kernel does. An unmapped range is not forgotten outright: it moves to the history, which
 * a lookup consults only for an address no live range covers. So an address sampled in a
 * dlopen'ed module still has a name after dlclose, while a later mapping at the same address
 * names what is there now. */
#ifndef PROFEMU_SYMBOLS_OBJMAP_H
#define PROFEMU_SYMBOLS_OBJMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One file, identified by its host path and (device, inode) when it was mapped. */
struct objmap_object {
	char *path;
	uint64_t dev, ino;
};

struct objmap_range {
	uint64_t start, end;	/* guest addresses, end exclusive */
	uint64_t file_off;	/* file offset of the byte at start */
	uint32_t object;	/* index in objects */
};

struct objmap {
	struct objmap_object *objects;
	size_t nobjects, objects_cap;
	struct objmap_range *live;	/* sorted by start, disjoint */
	size_t nlive, live_cap;
	struct objmap_range *history;	/* unmapped ranges, the most recent last */
	size_t nhistory, history_cap;
	bool forget;			/* keep no history (a map of what is mapped now) */
};

void objmap_init(struct objmap *m);
void objmap_free(struct objmap *m);

/* The file at path (dev, ino) is mapped at [start, start + size) from file_off. 0, or -ENOMEM
 * (the map is then unchanged but for the unmapping of the range). */
int objmap_map(struct objmap *m, uint64_t start, uint64_t size, const char *path, uint64_t file_off,
	       uint64_t dev, uint64_t ino);
/* [start, start + size) is unmapped: live ranges there are cut and their parts go to history. */
void objmap_unmap(struct objmap *m, uint64_t start, uint64_t size);
/* The range holding addr: a live one, else the most recent unmapped one; NULL if none. */
const struct objmap_range *objmap_find(const struct objmap *m, uint64_t addr);
/* The first live range ending above addr (it may start above addr), or NULL: history is not
 * consulted. */
const struct objmap_range *objmap_next_live(const struct objmap *m, uint64_t addr);
static inline const struct objmap_object *objmap_object_of(const struct objmap *m,
							    const struct objmap_range *r)
{
	return &m->objects[r->object];
}

#endif
