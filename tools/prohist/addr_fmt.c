/* prohist: how addresses print; see addr_fmt.h. */
#include "addr_fmt.h"

#include <inttypes.h>
#include <stdio.h>

void addr_fmt_init(struct addr_fmt *f, const struct hist *h)
{
	*f = (struct addr_fmt){ .dos = h->prf->dos, .digits = 1, .seg_base = h->low };
	uint64_t top = h->prf->bucket_num ? hist_bucket_last(h, h->prf->bucket_num - 1) : h->low;
	if (h->high > top + 1)
		top = h->high - 1;
	for (uint64_t v = top; v >> 4; v >>= 4)
		f->digits++;
	f->one_segment = top - h->low < 0x10000;
}

const char *addr_fmt(const struct addr_fmt *f, uint64_t addr, char *buf, size_t len)
{
	if (!f->dos)
		snprintf(buf, len, "0x%0*" PRIx64, (int)f->digits, addr);
	else if (f->one_segment)
		snprintf(buf, len, "%04" PRIX64 ":%04" PRIX64, f->seg_base >> 4, addr - f->seg_base);
	else
		snprintf(buf, len, "%04" PRIX64 ":%04" PRIX64, addr >> 4, addr & 15);
	return buf;
}

const char *addr_fmt_range(const struct addr_fmt *f, uint64_t first, uint64_t last,
			   char *buf, size_t len)
{
	char a[40], b[40];
	snprintf(buf, len, "%s-%s", addr_fmt(f, first, a, sizeof(a)), addr_fmt(f, last, b, sizeof(b)));
	return buf;
}

uint64_t addr_fmt_code_addr(const struct addr_fmt *f, uint64_t addr)
{
	return f->dos ? addr - f->seg_base : addr;
}
