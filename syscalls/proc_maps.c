/* See proc_maps.h. The kernel's format (fs/proc/task_mmu.c show_map_vma): "%08lx-%08lx %c%c%c%c
 * %08llx %02x:%02x %lu " then the name in column 73; glibc's
 * pthread_getattr_np reads it with "%lx-%lx" and only needs the ranges and the stack's.
 * A line is a piece of a guest_mem region that one file backs (process.files: every file
 * mapping, executable or not, with its offset, device and inode) or none does. Pieces next to
 * each other join as the kernel merges vmas: the same protection and sharing, and the same
 * file at consecutive offsets or no file and the same name. Anonymous memory is named as the
 * kernel names it: [stack] holds the initial stack pointer's page, [heap] overlaps the break;
 * the rest has none. profemu gives no guest a vDSO (no AT_SYSINFO_EHDR: glibc makes real
 * system calls), so there is no [vdso], [vvar] or [vsyscall] line, as for a process of a
 * kernel without them; profemu's own trampoline pages (i386's served-call return, hppa's
 * signal return, IA-64's gate page) are unnamed anonymous memory, as a JIT's would be. */
#include "proc_maps.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/sysmacros.h>
#include <unistd.h>

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
	uint64_t rss;		/* bytes of it the host has resident (smaps) */
};

/* What smaps_rollup sums up. */
struct rollup {
	uint64_t start, end, rss, anon, file, shmem, shared, priv;
};

/* The kernel pads the name to the column after 25 + 6 * sizeof(void *) - 1 (its own pointer:
 * a 32-bit program on a 64-bit kernel sees 73 too). */
#define NAME_COLUMN 73

static const char *guest_name(const struct process *p, const char *host);

static void put_header(FILE *out, const struct line *l, const struct process *p)
{
	int n = fprintf(out, "%08" PRIx64 "-%08" PRIx64 " %c%c%c%c %08" PRIx64 " %02x:%02x %" PRIu64 " ",
			l->start, l->end, l->prot & GM_PROT_READ ? 'r' : '-',
			l->prot & GM_PROT_WRITE ? 'w' : '-', l->prot & GM_PROT_EXEC ? 'x' : '-',
			l->shared ? 's' : 'p', l->off,
			l->obj ? major((dev_t)l->obj->dev) : 0, l->obj ? minor((dev_t)l->obj->dev) : 0,
			l->obj ? l->obj->ino : 0);
	const char *name = l->obj ? guest_name(p, l->obj->path) : l->label;
	if (name)
		fprintf(out, "%*s%s", n < NAME_COLUMN ? NAME_COLUMN - n : 0, "", name);
	fputc('\n', out);
}

/* The name of anonymous memory at [start, end). */
static const char *label_of(const struct process *p, uint64_t start, uint64_t end)
{
	const struct addr_layout *lay = addr_layout_for(p->arch);
	uint64_t stack_at = lay ? lay->stack_top - 1 : 0;
	if (start <= stack_at && stack_at < end)
		return "[stack]";
	if (p->brk_cur > p->brk_start && start < p->brk_cur && end > p->brk_start)
		return "[heap]";
	return NULL;
}

/* A file as the guest names it: without the -L prefix its libraries were found under. */
static const char *guest_name(const struct process *p, const char *host)
{
	const char *root = p->cfg.sysroot;
	size_t n = root ? strlen(root) : 0;
	while (n > 1 && root[n - 1] == '/')
		n--;
	if (n > 1 && strncmp(host, root, n) == 0 && host[n] == '/')
		return host + n;
	return host;
}

/* Bytes of the host range [host, host + len) that are resident (mincore), one host page at a
 * time: guest memory is host memory, so this is what the guest has in RAM. */
static uint64_t resident(const uint8_t *host, uint64_t len)
{
	static const uint64_t chunk = 4096;	/* host pages per mincore call */
	uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE), pages = len / page, n = 0;
	unsigned char vec[4096];
	for (uint64_t i = 0; i < pages; i += chunk) {
		uint64_t k = pages - i < chunk ? pages - i : chunk;
		if (mincore((void *)(host + i * page), k * page, vec) != 0)
			continue;
		for (uint64_t j = 0; j < k; j++)
			n += vec[j] & 1;
	}
	return n * page;
}

static void kb(FILE *out, const char *field, uint64_t bytes)
{
	fprintf(out, "%-16s%8" PRIu64 " kB\n", field, bytes >> 10);
}

/* The fields after the header, in the kernel's order (__show_smap, show_smap): Rss is measured;
 * profemu cannot tell clean from dirty or count sharers, so a private line's resident bytes are
 * Private_Dirty and Anonymous (profemu's private pages are host anonymous memory, a file's
 * too, filled by reading it), a shared line's Shared_Dirty, and Pss is Rss. */
static void put_smaps(FILE *out, const struct line *l, const struct process *p, struct rollup *sum)
{
	uint64_t size = l->end - l->start, rss = l->rss;
	uint64_t priv = l->shared ? 0 : rss, shared = l->shared ? rss : 0;
	if (!sum) {
		put_header(out, l, p);
		kb(out, "Size:", size);
		kb(out, "KernelPageSize:", p->mem.page_size);
		kb(out, "MMUPageSize:", p->mem.page_size);
	} else {
		sum->start = sum->end ? sum->start : l->start;
		sum->end = l->end;
		sum->rss += rss;
		sum->anon += priv;
		sum->file += l->obj && l->shared ? rss : 0;
		sum->shmem += !l->obj && l->shared ? rss : 0;
		sum->shared += shared;
		sum->priv += priv;
		return;
	}
	kb(out, "Rss:", rss);
	kb(out, "Pss:", rss);
	kb(out, "Pss_Dirty:", rss);
	kb(out, "Shared_Clean:", 0);
	kb(out, "Shared_Dirty:", shared);
	kb(out, "Private_Clean:", 0);
	kb(out, "Private_Dirty:", priv);
	kb(out, "Referenced:", rss);
	kb(out, "Anonymous:", priv);
	static const char *const zero[] = {
		"KSM:", "LazyFree:", "AnonHugePages:", "ShmemPmdMapped:", "FilePmdMapped:",
		"Shared_Hugetlb:", "Private_Hugetlb:", "Swap:", "SwapPss:", "Locked:",
	};
	for (size_t i = 0; i < sizeof zero / sizeof zero[0]; i++)
		kb(out, zero[i], 0);
	fprintf(out, "THPeligible:    %8d\nVmFlags:%s%s%s%s mr mw me%s \n", 0,
		l->prot & GM_PROT_READ ? " rd" : "", l->prot & GM_PROT_WRITE ? " wr" : "",
		l->prot & GM_PROT_EXEC ? " ex" : "", l->shared ? " sh" : "", l->shared ? " ms" : "");
}

static void put_rollup(FILE *out, const struct rollup *sum)
{
	int n = fprintf(out, "%08" PRIx64 "-%08" PRIx64 " ---p 00000000 00:00 0 ", sum->start,
			sum->end);
	fprintf(out, "%*s[rollup]\n", n < NAME_COLUMN ? NAME_COLUMN - n : 0, "");
	kb(out, "Rss:", sum->rss);
	kb(out, "Pss:", sum->rss);
	kb(out, "Pss_Dirty:", sum->rss);
	kb(out, "Pss_Anon:", sum->anon);
	kb(out, "Pss_File:", sum->file);
	kb(out, "Pss_Shmem:", sum->shmem);
	kb(out, "Shared_Clean:", 0);
	kb(out, "Shared_Dirty:", sum->shared);
	kb(out, "Private_Clean:", 0);
	kb(out, "Private_Dirty:", sum->priv);
	kb(out, "Referenced:", sum->rss);
	kb(out, "Anonymous:", sum->anon);
	static const char *const zero[] = {
		"KSM:", "LazyFree:", "AnonHugePages:", "ShmemPmdMapped:", "FilePmdMapped:",
		"Shared_Hugetlb:", "Private_Hugetlb:", "Swap:", "SwapPss:", "Locked:",
	};
	for (size_t i = 0; i < sizeof zero / sizeof zero[0]; i++)
		kb(out, zero[i], 0);
}

static void put(FILE *out, const struct line *l, const struct process *p, enum proc_maps_form form,
		struct rollup *sum)
{
	if (form == PROC_MAPS)
		put_header(out, l, p);
	else
		put_smaps(out, l, p, form == PROC_SMAPS_ROLLUP ? sum : NULL);
}

int proc_maps_write(FILE *out, const struct process *p, enum proc_maps_form form)
{
	struct line cur = { 0 };
	struct rollup sum = { 0 };
	bool have = false;
	/* the top page of the space is no user memory under Linux (a 32-bit program's ends at
	 * 0xffffe000); the i386 back end keeps its GDT there */
	uint64_t user_end = p->mem.addr_limit - p->mem.page_size;
	for (const struct gm_region *r = gm_region_next(&p->mem, 0); r && r->start < user_end;
	     r = gm_region_next(&p->mem, r->end)) {
		for (uint64_t at = r->start; at < r->end;) {
			const struct objmap_range *fr = objmap_next_live(&p->files, at);
			struct line l = { .start = at, .end = r->end, .prot = r->prot,
					  .shared = r->shared };
			if (fr && fr->start <= at) {
				l.obj = objmap_object_of(&p->files, fr);
				l.off = fr->file_off + (at - fr->start);
				l.end = fr->end < r->end ? fr->end : r->end;
			} else {
				if (fr && fr->start < r->end)
					l.end = fr->start;
				l.label = label_of(p, l.start, l.end);
			}
			at = l.end;
			if (form != PROC_MAPS)
				l.rss = resident(r->host + (l.start - r->start), l.end - l.start);
			if (have && cur.end == l.start && cur.prot == l.prot && cur.shared == l.shared &&
			    cur.obj == l.obj && cur.label == l.label &&
			    (!l.obj || cur.off + (cur.end - cur.start) == l.off)) {
				cur.end = l.end;
				cur.rss += l.rss;
				continue;
			}
			if (have)
				put(out, &cur, p, form, &sum);
			cur = l;
			have = true;
		}
	}
	if (have)
		put(out, &cur, p, form, &sum);
	if (form == PROC_SMAPS_ROLLUP && have)
		put_rollup(out, &sum);
	return ferror(out) ? -EIO : 0;
}
