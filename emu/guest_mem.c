/* Guest memory map: see guest_mem.h. */
#include "guest_mem.h"
#include "gm_window.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* A 64-bit guest's windows are 64 GiB apart at least: x86-64's mmap range, interpreter and
 * stack share one, its program and heap another. */
#define WINDOW_GRANULE (UINT64_C(1) << 36)

void gm_init(struct guest_mem *gm, uint64_t page_size, uint64_t addr_limit, bool big_endian,
	     unsigned word_size)
{
	memset(gm, 0, sizeof(*gm));
	gm->page_size = page_size;
	gm->addr_limit = addr_limit;
	gm->big_endian = big_endian;
	gm->word_size = word_size;
	/* a small space is one window (an i386 or hppa guest's 4 GiB, DOS's 1 MiB) */
	uint64_t whole = gm_page_up(gm, addr_limit);
	gm->window_granule = whole && whole <= WINDOW_GRANULE ? whole : WINDOW_GRANULE;
}

static void free_subtree(struct gm_node *n)
{
	if (!n)
		return;
	free_subtree(n->left);
	free_subtree(n->right);
	free(n);
}

void gm_destroy(struct guest_mem *gm)
{
	free_subtree(gm->regions.root);
	gm->regions.root = NULL;
	gm->regions.count = 0;
	gm->last = NULL;
	gm_windows_free(gm);
}

int gm_set_listener(struct guest_mem *gm, const struct gm_listener *l)
{
	gm->listener = *l;
	for (size_t i = 0; i < gm->nwindows; i++) {
		struct gm_change c = { .what = GM_WINDOW_ADDED, .start = gm->windows[i].start,
				       .end = gm->windows[i].end, .host = gm->windows[i].host };
		int err = gm_notify(gm, &c);
		if (err)
			return err;
	}
	return 0;
}

static bool range_ok(const struct guest_mem *gm, uint64_t addr, uint64_t len)
{
	if (addr & (gm->page_size - 1))
		return false;
	if (len == 0 || len > gm->addr_limit || addr > gm->addr_limit - len)
		return false;
	return true;
}

/* Splits the region that straddles `at`, if any, so that a region edge falls on `at`.
 * Both pieces keep their host pages. */
static int split_at(struct guest_mem *gm, uint64_t at)
{
	struct gm_node *n = gm_tree_ending_above(&gm->regions, at);
	if (!n || n->r.start >= at)
		return 0;
	struct gm_node *right = malloc(sizeof(*right));
	if (!right)
		return -ENOMEM;
	right->r = n->r;
	right->r.start = at;
	right->r.host = n->r.host + (at - n->r.start);
	n->r.end = at;
	gm_tree_resized(&gm->regions, n);
	gm_tree_insert(&gm->regions, right);
	return 0;
}

/* Takes every region of [addr, end) out of the tree (splitting those that straddle its edges);
 * *had_exec says whether one was executable. Returns how many went, or -ENOMEM. The host pages
 * stay as they were. */
static long take_out(struct guest_mem *gm, uint64_t addr, uint64_t end, bool *had_exec)
{
	int err = split_at(gm, addr);
	if (!err)
		err = split_at(gm, end);
	if (err)
		return err;
	long taken = 0;
	*had_exec = false;
	struct gm_node *n = gm_tree_ending_above(&gm->regions, addr);
	while (n && n->r.start < end) {
		struct gm_node *next = gm_tree_next(n);
		*had_exec |= (n->r.prot & GM_PROT_EXEC) != 0;
		gm_tree_erase(&gm->regions, n);
		if (gm->last == &n->r)
			gm->last = NULL;
		free(n);
		taken++;
		n = next;
	}
	return taken;
}

static void pages_changed(struct guest_mem *gm, uint64_t addr, uint64_t end, bool had_exec)
{
	gm->generation++;
	struct gm_change c = { .what = GM_PAGES_CHANGED, .start = addr, .end = end, .had_exec = had_exec };
	gm_notify(gm, &c);
}

static uint8_t *window_host(const struct guest_mem *gm, uint64_t addr)
{
	const struct gm_window *w = gm_window_at(gm, addr);
	return w->host + (addr - w->start);
}

int gm_unmap(struct guest_mem *gm, uint64_t addr, uint64_t len)
{
	len = gm_page_up(gm, len);
	if (!range_ok(gm, addr, len))
		return -EINVAL;
	uint64_t end = addr + len;
	/* The memory of every mapped page goes back to the host. madvise, not a PROT_NONE mapping:
	 * that would split the host mapping at each hole, and a guest that unmaps every other page
	 * would run the host out of mappings (vm.max_map_count, 65 530) long before its own limit.
	 * Guest accesses are checked against the region tree, never by host protection. */
	for (const struct gm_node *n = gm_tree_ending_above(&gm->regions, addr); n && n->r.start < end;
	     n = gm_tree_next(n)) {
		uint64_t lo = n->r.start > addr ? n->r.start : addr, hi = n->r.end < end ? n->r.end : end;
		uint8_t *h = n->r.host + (lo - n->r.start);
		if (n->r.shared)	/* the file or the other processes' pages are not ours to drop */
			mmap(h, hi - lo, PROT_READ | PROT_WRITE,
			     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
		else
			madvise(h, hi - lo, MADV_DONTNEED);
	}
	bool had_exec;
	long taken = take_out(gm, addr, end, &had_exec);
	if (taken < 0)
		return (int)taken;
	if (taken)
		pages_changed(gm, addr, end, had_exec);
	return 0;
}

int gm_map(struct guest_mem *gm, uint64_t addr, uint64_t len, int prot)
{
	len = gm_page_up(gm, len);
	if (!range_ok(gm, addr, len))
		return -EINVAL;
	struct gm_node *n = malloc(sizeof(*n));
	if (!n)
		return -ENOMEM;
	int err = gm_window_cover(gm, addr, len);
	if (err) {
		free(n);
		return err;
	}
	/* fresh zero pages replace whatever was there, at the window's host address */
	uint8_t *host = window_host(gm, addr);
	if (mmap(host, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED,
		 -1, 0) == MAP_FAILED) {
		free(n);
		return -ENOMEM;
	}
	bool had_exec;
	long taken = take_out(gm, addr, addr + len, &had_exec);
	if (taken < 0) {
		free(n);
		return (int)taken;
	}
	n->r = (struct gm_region){ .start = addr, .end = addr + len, .prot = prot, .host = host };
	gm_tree_insert(&gm->regions, n);
	if (taken)
		pages_changed(gm, addr, addr + len, had_exec);
	return 0;
}

int gm_protect(struct guest_mem *gm, uint64_t addr, uint64_t len, int prot)
{
	len = gm_page_up(gm, len);
	if (!range_ok(gm, addr, len))
		return -EINVAL;
	uint64_t end = addr + len;
	/* Every page must be mapped, as mprotect requires. */
	uint64_t covered = addr;
	for (const struct gm_node *n = gm_tree_ending_above(&gm->regions, addr); n && covered < end;
	     n = gm_tree_next(n)) {
		if (n->r.start > covered)
			return -ENOMEM;
		covered = n->r.end;
	}
	if (covered < end)
		return -ENOMEM;
	int err = split_at(gm, addr);
	if (!err)
		err = split_at(gm, end);
	if (err)
		return err;
	bool changed = false, had_exec = false;
	for (struct gm_node *n = gm_tree_ending_above(&gm->regions, addr); n && n->r.start < end;
	     n = gm_tree_next(n)) {
		if (n->r.prot == prot)
			continue;
		had_exec |= (n->r.prot & GM_PROT_EXEC) != 0;
		n->r.prot = prot;
		changed = true;
	}
	if (changed)
		pages_changed(gm, addr, end, had_exec);
	return 0;
}

bool gm_is_free(const struct guest_mem *gm, uint64_t addr, uint64_t len)
{
	if (len == 0 || len > gm->addr_limit || addr > gm->addr_limit - len)
		return false;
	const struct gm_node *n = gm_tree_ending_above(&gm->regions, addr);
	return !n || n->r.start >= addr + len;
}

/* gm_find_free's arguments in pages, inside the address space; false when nothing can fit. */
static bool fit_bounds(const struct guest_mem *gm, uint64_t *len, uint64_t *from, uint64_t *below)
{
	*len = gm_page_up(gm, *len);
	if (*len == 0 || *from > UINT64_MAX - gm->page_size)
		return false;
	*from = gm_page_up(gm, *from);
	if (*below > gm->addr_limit)
		*below = gm->addr_limit;
	*below = gm_page_down(gm, *below);
	return true;
}

uint64_t gm_find_free(const struct guest_mem *gm, uint64_t len, uint64_t from, uint64_t below)
{
	uint64_t at;
	if (!fit_bounds(gm, &len, &from, &below) || !gm_tree_lowest_fit(&gm->regions, len, from, below, &at))
		return 0;
	return at;
}

uint64_t gm_find_free_top(const struct guest_mem *gm, uint64_t len, uint64_t from, uint64_t below)
{
	uint64_t at;
	if (!fit_bounds(gm, &len, &from, &below) || !gm_tree_highest_fit(&gm->regions, len, from, below, &at))
		return 0;
	return at;
}

const struct gm_region *gm_region_at(struct guest_mem *gm, uint64_t addr)
{
	const struct gm_region *r = gm->last;
	if (r && addr >= r->start && addr < r->end)
		return r;
	const struct gm_node *n = gm_tree_ending_above(&gm->regions, addr);
	if (!n || n->r.start > addr)
		return NULL;
	gm->last = &n->r;
	return &n->r;
}

const struct gm_region *gm_region_next(const struct guest_mem *gm, uint64_t addr)
{
	const struct gm_node *n = gm_tree_ending_above(&gm->regions, addr);
	return n ? &n->r : NULL;
}

void *gm_host(struct guest_mem *gm, uint64_t addr, uint64_t len, int prot)
{
	const struct gm_region *r = gm_region_at(gm, addr);
	if (!r || (r->prot & prot) != prot)
		return NULL;
	uint8_t *host = r->host + (addr - r->start);
	/* past this region: the next ones, while they follow on without a gap in one window */
	const struct gm_node *n = (const struct gm_node *)r;
	while (len > n->r.end - addr) {
		const struct gm_node *next = gm_tree_next(n);
		if (!next || next->r.start != n->r.end || (next->r.prot & prot) != prot ||
		    next->r.host != n->r.host + (n->r.end - n->r.start))
			return NULL;
		n = next;
	}
	return host;
}

void gm_wrote(struct guest_mem *gm, uint64_t addr, uint64_t len)
{
	if (!len || !gm->listener.changed)
		return;
	uint64_t end = addr + len < addr ? UINT64_MAX : addr + len;
	for (const struct gm_node *n = gm_tree_ending_above(&gm->regions, addr); n && n->r.start < end;
	     n = gm_tree_next(n))
		if (n->r.prot & GM_PROT_EXEC) {
			struct gm_change c = { .what = GM_CODE_WRITTEN, .start = addr, .end = end };
			gm_notify(gm, &c);
			return;
		}
}

/* Copies between guest and host across region boundaries; `need` is the protection required. */
static int copy(struct guest_mem *gm, uint64_t addr, void *buf, uint64_t len, int need, bool to_guest)
{
	uint8_t *b = buf;
	uint64_t start = addr;
	bool code = false;
	while (len) {
		if (addr >= gm->addr_limit)
			return -EFAULT;
		const struct gm_region *r = gm_region_at(gm, addr);
		if (!r || (r->prot & need) != need)
			return -EFAULT;
		uint64_t n = r->end - addr;
		if (n > len)
			n = len;
		uint8_t *h = r->host + (addr - r->start);
		if (to_guest) {
			memcpy(h, b, n);
			code |= (r->prot & GM_PROT_EXEC) != 0;
		} else {
			memcpy(b, h, n);
		}
		b += n;
		addr += n;
		len -= n;
	}
	if (code) {
		struct gm_change c = { .what = GM_CODE_WRITTEN, .start = start, .end = addr };
		gm_notify(gm, &c);
	}
	return 0;
}

int gm_read(struct guest_mem *gm, uint64_t addr, void *dst, uint64_t len)
{
	return copy(gm, addr, dst, len, GM_PROT_READ, false);
}

int gm_write(struct guest_mem *gm, uint64_t addr, const void *src, uint64_t len)
{
	return copy(gm, addr, (void *)src, len, GM_PROT_WRITE, true);
}

int gm_poke(struct guest_mem *gm, uint64_t addr, const void *src, uint64_t len)
{
	return copy(gm, addr, (void *)src, len, GM_PROT_NONE, true);
}

long gm_read_str(struct guest_mem *gm, uint64_t addr, char *dst, size_t max)
{
	size_t n = 0;
	while (n < max) {
		const struct gm_region *r = gm_region_at(gm, addr + n);
		if (!r || !(r->prot & GM_PROT_READ))
			return -EFAULT;
		const uint8_t *h = r->host + (addr + n - r->start);
		uint64_t avail = r->end - (addr + n);
		if (avail > max - n)
			avail = max - n;
		const uint8_t *nul = memchr(h, 0, avail);
		uint64_t take = nul ? (uint64_t)(nul - h) + 1 : avail;
		memcpy(dst + n, h, take);
		n += take;
		if (nul)
			return (long)(n - 1);
	}
	return -ENAMETOOLONG;
}

int gm_get(struct guest_mem *gm, uint64_t addr, unsigned width, uint64_t *value)
{
	uint8_t b[8];
	int err = gm_read(gm, addr, b, width);
	if (!err)
		*value = bo_get(b, width, gm->big_endian);
	return err;
}

int gm_put(struct guest_mem *gm, uint64_t addr, unsigned width, uint64_t value)
{
	uint8_t b[8];
	bo_put(b, value, width, gm->big_endian);
	return gm_write(gm, addr, b, width);
}

int gm_get_word(struct guest_mem *gm, uint64_t addr, uint64_t *value)
{
	return gm_get(gm, addr, gm->word_size, value);
}

int gm_put_word(struct guest_mem *gm, uint64_t addr, uint64_t value)
{
	return gm_put(gm, addr, gm->word_size, value);
}
