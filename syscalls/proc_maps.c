/* See proc_maps.h. The kernel's format (fs/proc/task_mmu.c show_map_vma): "%08lx-%08lx %c%c%c%c
 * %08llx %02x:%02x %lu " then the name in column 73; glibc's
 * pthread_getattr_np reads it with "%lx-%lx" and only needs the ranges and the stack's. Regions
 * next to each other with the same protection and no file join, as the kernel merges their vmas.
 * Files are named for the ranges the object map knows (the executable mappings sys_mem.c and the
 * loader report); the stack and the break are named [stack] and [heap]. Device and inode are the
 * file's (objmap), 00:00 0 for anonymous memory. */
#include "proc_maps.h"

#include <errno.h>
#include <inttypes.h>
#include <sys/sysmacros.h>

#include "../emu/guest_mem.h"
#include "../loader/loader.h"
#include "../symbols/objmap.h"
#include "process.h"

struct line {
	uint64_t start, end, off;
	int prot;
	bool shared;
	const struct objmap_object *obj;
	const char *label;
};

/* The kernel pads the name to the column after 25 + 6 * sizeof(void *) - 1 (its own pointer:
 * a 32-bit program on a 64-bit kernel sees 73 too). */
#define NAME_COLUMN 73

static void put(FILE *out, const struct line *l)
{
	int n = fprintf(out, "%08" PRIx64 "-%08" PRIx64 " %c%c%c%c %08" PRIx64 " %02x:%02x %" PRIu64 " ",
			l->start, l->end, l->prot & GM_PROT_READ ? 'r' : '-',
			l->prot & GM_PROT_WRITE ? 'w' : '-', l->prot & GM_PROT_EXEC ? 'x' : '-',
			l->shared ? 's' : 'p', l->off,
			l->obj ? major((dev_t)l->obj->dev) : 0, l->obj ? minor((dev_t)l->obj->dev) : 0,
			l->obj ? l->obj->ino : 0);
	const char *name = l->obj ? l->obj->path : l->label;
	if (name)
		fprintf(out, "%*s%s", n < NAME_COLUMN ? NAME_COLUMN - n : 0, "", name);
	fputc('\n', out);
}

int proc_maps_write(FILE *out, const struct process *p)
{
	const struct addr_layout *lay = addr_layout_for(p->arch);
	uint64_t stack_at = lay ? lay->stack_top - 1 : 0;
	struct line cur = { 0 };
	bool have = false;
	for (const struct gm_region *r = gm_region_next(&p->mem, 0); r;
	     r = gm_region_next(&p->mem, r->end)) {
		const struct objmap_range *fr = objmap_find(&p->objects, r->start);
		struct line l = { .start = r->start, .end = r->end, .prot = r->prot,
				  .shared = r->shared };
		if (fr) {
			l.obj = objmap_object_of(&p->objects, fr);
			l.off = fr->file_off + (r->start - fr->start);
		} else if (r->start <= stack_at && stack_at < r->end) {
			l.label = "[stack]";
		} else if (p->brk_cur > p->brk_start && r->start < p->brk_cur &&
			   r->end > p->brk_start) {
			l.label = "[heap]";
		}
		if (have && cur.end == l.start && cur.prot == l.prot && cur.shared == l.shared &&
		    !cur.obj && !l.obj && cur.label == l.label) {
			cur.end = l.end;
			continue;
		}
		if (have)
			put(out, &cur);
		cur = l;
		have = true;
	}
	if (have)
		put(out, &cur);
	return ferror(out) ? -EIO : 0;
}
