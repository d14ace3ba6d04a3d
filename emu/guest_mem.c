/* Guest memory map: see guest_mem.h. */
#include "guest_mem.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

void gm_init(struct guest_mem *gm, uint64_t page_size, uint64_t addr_limit, bool big_endian,
	     unsigned word_size)
{
	memset(gm, 0, sizeof(*gm));
	gm->page_size = page_size;
	gm->addr_limit = addr_limit;
	gm->big_endian = big_endian;
	gm->word_size = word_size;
}

void gm_destroy(struct guest_mem *gm)
{
	for (size_t i = 0; i < gm->count; i++)
		munmap(gm->regions[i].host, gm->regions[i].end - gm->regions[i].start);
	free(gm->regions);
	gm->regions = NULL;
	gm->count = gm->cap = 0;
}

void gm_set_listener(struct guest_mem *gm, const struct gm_listener *l)
{
	gm->listener = *l;
	for (size_t i = 0; i < gm->count && l->added; i++)
		l->added(l->ctx, &gm->regions[i]);
}

/* Index of the first region whose end is above addr (count if none). */
static size_t first_ending_above(const struct guest_mem *gm, uint64_t addr)
{
	size_t lo = 0, hi = gm->count;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (gm->regions[mid].end <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static int insert_region(struct guest_mem *gm, size_t at, const struct gm_region *r)
{
	if (gm->count == gm->cap) {
		size_t cap = gm->cap ? gm->cap * 2 : 16;
		struct gm_region *n = realloc(gm->regions, cap * sizeof(*n));
		if (!n)
			return -ENOMEM;
		gm->regions = n;
		gm->cap = cap;
	}
	memmove(&gm->regions[at + 1], &gm->regions[at], (gm->count - at) * sizeof(*r));
	gm->regions[at] = *r;
	gm->count++;
	if (gm->listener.added)
		return gm->listener.added(gm->listener.ctx, r);
	return 0;
}

static void remove_region(struct guest_mem *gm, size_t at)
{
	if (gm->listener.removed)
		gm->listener.removed(gm->listener.ctx, &gm->regions[at]);
	memmove(&gm->regions[at], &gm->regions[at + 1], (gm->count - at - 1) * sizeof(gm->regions[0]));
	gm->count--;
	gm->last = 0;
	gm->generation++;
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
	size_t i = first_ending_above(gm, at);
	if (i == gm->count)
		return 0;
	struct gm_region r = gm->regions[i];
	if (r.start >= at)
		return 0;
	struct gm_region left = r, right = r;
	left.end = at;
	right.start = at;
	right.host = r.host + (at - r.start);
	remove_region(gm, i);
	int err = insert_region(gm, i, &left);
	if (!err)
		err = insert_region(gm, i + 1, &right);
	return err;
}

int gm_unmap(struct guest_mem *gm, uint64_t addr, uint64_t len)
{
	len = gm_page_up(gm, len);
	if (!range_ok(gm, addr, len))
		return -EINVAL;
	uint64_t end = addr + len;
	int err = split_at(gm, addr);
	if (!err)
		err = split_at(gm, end);
	if (err)
		return err;
	size_t i = first_ending_above(gm, addr);
	while (i < gm->count && gm->regions[i].start < end) {
		struct gm_region r = gm->regions[i];
		remove_region(gm, i);
		munmap(r.host, r.end - r.start);
	}
	return 0;
}

int gm_map(struct guest_mem *gm, uint64_t addr, uint64_t len, int prot)
{
	len = gm_page_up(gm, len);
	if (!range_ok(gm, addr, len))
		return -EINVAL;
	int err = gm_unmap(gm, addr, len);
	if (err)
		return err;
	void *host = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
			  -1, 0);
	if (host == MAP_FAILED)
		return -ENOMEM;
	struct gm_region r = { .start = addr, .end = addr + len, .prot = prot, .host = host };
	err = insert_region(gm, first_ending_above(gm, addr), &r);
	if (err) {
		size_t i = first_ending_above(gm, addr);
		if (i < gm->count && gm->regions[i].start == addr)
			remove_region(gm, i);
		munmap(host, len);
	}
	return err;
}

int gm_protect(struct guest_mem *gm, uint64_t addr, uint64_t len, int prot)
{
	len = gm_page_up(gm, len);
	if (!range_ok(gm, addr, len))
		return -EINVAL;
	uint64_t end = addr + len;
	/* Every page must be mapped, as mprotect requires. */
	uint64_t covered = addr;
	for (size_t i = first_ending_above(gm, addr); i < gm->count && covered < end; i++) {
		if (gm->regions[i].start > covered)
			return -ENOMEM;
		covered = gm->regions[i].end;
	}
	if (covered < end)
		return -ENOMEM;
	int err = split_at(gm, addr);
	if (!err)
		err = split_at(gm, end);
	if (err)
		return err;
	for (size_t i = first_ending_above(gm, addr); i < gm->count && gm->regions[i].start < end; i++) {
		if (gm->regions[i].prot == prot)
			continue;
		struct gm_region r = gm->regions[i];
		r.prot = prot;
		remove_region(gm, i);
		err = insert_region(gm, i, &r);
		if (err)
			return err;
	}
	return 0;
}

bool gm_is_free(const struct guest_mem *gm, uint64_t addr, uint64_t len)
{
	if (len == 0 || len > gm->addr_limit || addr > gm->addr_limit - len)
		return false;
	size_t i = first_ending_above(gm, addr);
	return i == gm->count || gm->regions[i].start >= addr + len;
}

uint64_t gm_find_free(const struct guest_mem *gm, uint64_t len, uint64_t from, uint64_t below)
{
	len = (len + gm->page_size - 1) & ~(gm->page_size - 1);
	uint64_t cand = (from + gm->page_size - 1) & ~(gm->page_size - 1);
	if (below > gm->addr_limit)
		below = gm->addr_limit;
	for (size_t i = first_ending_above(gm, cand); ; i++) {
		uint64_t gap_end = i < gm->count ? gm->regions[i].start : below;
		if (gap_end > below)
			gap_end = below;
		if (cand < gap_end && gap_end - cand >= len)
			return cand;
		if (i >= gm->count || gm->regions[i].end >= below)
			return 0;
		if (gm->regions[i].end > cand)
			cand = gm->regions[i].end;
	}
}

const struct gm_region *gm_region_at(struct guest_mem *gm, uint64_t addr)
{
	if (gm->last < gm->count) {
		const struct gm_region *r = &gm->regions[gm->last];
		if (addr >= r->start && addr < r->end)
			return r;
	}
	size_t i = first_ending_above(gm, addr);
	if (i == gm->count || gm->regions[i].start > addr)
		return NULL;
	gm->last = i;
	return &gm->regions[i];
}

void *gm_host(struct guest_mem *gm, uint64_t addr, uint64_t len, int prot)
{
	const struct gm_region *r = gm_region_at(gm, addr);
	if (!r || (r->prot & prot) != prot || len > r->end - addr)
		return NULL;
	return r->host + (addr - r->start);
}

/* Copies between guest and host across region boundaries; `need` is the protection required. */
static int copy(struct guest_mem *gm, uint64_t addr, void *buf, uint64_t len, int need, bool to_guest)
{
	uint8_t *b = buf;
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
		if (to_guest)
			memcpy(h, b, n);
		else
			memcpy(b, h, n);
		b += n;
		addr += n;
		len -= n;
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
