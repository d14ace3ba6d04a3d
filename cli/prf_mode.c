/* The PROFIL program's buckets and counters: see prf_mode.h. */
#include "prf_mode.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int prf_mode_init(struct prf_mode *m, bool dos, uint64_t low, uint64_t high, uint64_t bucket_size,
		  uint64_t clock_grain_us)
{
	memset(m, 0, sizeof(*m));
	if (bucket_size == 0 || high < low)
		return -EINVAL;
	struct prf_data *d = &m->data;
	d->dos = dos;
	d->clock_grain = clock_grain_us;
	d->bucket_siz = bucket_size;
	d->prog_low = low;
	d->prog_high = high;
	/* the bucket count follows from the program's size, as the seed says */
	d->bucket_num = (high - low + bucket_size - 1) / bucket_size;
	m->unit = dos ? bucket_size * 16 : bucket_size;
	d->buckets = calloc(d->bucket_num ? d->bucket_num : 1, sizeof(*d->buckets));
	return d->buckets ? 0 : -ENOMEM;
}

void prf_mode_free(struct prf_mode *m)
{
	prf_free(&m->data);
}

void prf_mode_tick(struct prf_mode *m, uint64_t pc, enum prf_charge charge)
{
	struct prf_data *d = &m->data;
	if (charge == PRF_CHARGE_IO) {
		d->hit_io++;
		return;
	}
	if (charge == PRF_CHARGE_DOS) {
		d->hit_dos++;
		return;
	}
	/* DOS: classify by paragraph (CS:IP as a linear address / 16), as the seed does */
	uint64_t where = d->dos ? pc >> 4 : pc;
	if (d->dos && where < d->dos_pa) {
		d->hit_io++;
	} else if (d->dos && where < d->prog_low) {
		d->hit_dos++;
	} else if (where >= d->prog_low && where < d->prog_high) {
		uint64_t offset = d->dos ? pc - (d->prog_low << 4) : pc - d->prog_low;
		d->buckets[offset / m->unit]++;
	} else {
		d->hit_high++;
	}
}
