/* .PRF reading and writing: see prf.h. */
#include "prf.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../emu/byteorder.h"
#include "atomic_file.h"

static int write_all(FILE *f, const void *p, size_t n)
{
	return fwrite(p, 1, n, f) == n ? 0 : -EIO;
}

static int put16(FILE *f, uint64_t v)
{
	uint8_t b[2];
	bo_put16(b, (uint16_t)(v > 0xffff ? 0xffff : v), BO_LITTLE);
	return write_all(f, b, 2);
}

static int put64(FILE *f, uint64_t v)
{
	uint8_t b[8];
	bo_put64(b, v, BO_LITTLE);
	return write_all(f, b, 8);
}

static int write_body(FILE *f, const void *ctx)
{
	const struct prf_data *d = ctx;
	const uint64_t header[9] = { d->clock_grain, d->bucket_num, d->bucket_siz, d->prog_low,
				     d->prog_high, d->dos_pa, d->hit_io, d->hit_dos, d->hit_high };
	int err = 0;
	if (d->dos) {
		for (int i = 0; i < 9 && !err; i++)
			err = put16(f, header[i]);
		for (uint64_t i = 0; i < d->bucket_num && !err; i++)
			err = put16(f, d->buckets[i]);
		return err;
	}
	err = write_all(f, PRF_ELF_MAGIC, 8);
	for (int i = 0; i < 9 && !err; i++)
		err = put64(f, header[i]);
	for (uint64_t i = 0; i < d->bucket_num && !err; i++)
		err = put64(f, d->buckets[i]);
	const char *path = d->program ? d->program : "";
	uint8_t b[4];
	bo_put32(b, d->arch, BO_LITTLE);
	if (!err)
		err = write_all(f, b, 4);
	bo_put32(b, (uint32_t)strlen(path), BO_LITTLE);
	if (!err)
		err = write_all(f, b, 4);
	if (!err)
		err = write_all(f, path, strlen(path));
	return err;
}

int prf_write(const char *path, const struct prf_data *d)
{
	return out_atomic_write(path, write_body, d);
}

static int read_exact(FILE *f, void *p, size_t n)
{
	return fread(p, 1, n, f) == n ? 0 : -EINVAL;
}

int prf_read(const char *path, struct prf_data *d)
{
	memset(d, 0, sizeof(*d));
	FILE *f = fopen(path, "rb");
	if (!f)
		return -errno;
	uint8_t magic[8];
	int err = read_exact(f, magic, 8);
	uint64_t h[9];
	if (!err && memcmp(magic, PRF_ELF_MAGIC, 8) == 0) {
		uint8_t b[8];
		for (int i = 0; i < 9 && !err; i++) {
			err = read_exact(f, b, 8);
			h[i] = bo_get64(b, BO_LITTLE);
		}
	} else if (!err) {
		d->dos = true;
		uint8_t b[18];
		memcpy(b, magic, 8);
		err = read_exact(f, b + 8, 10);
		for (int i = 0; i < 9 && !err; i++)
			h[i] = bo_get16(b + 2 * i, BO_LITTLE);
	}
	if (!err) {
		d->clock_grain = h[0], d->bucket_num = h[1], d->bucket_siz = h[2];
		d->prog_low = h[3], d->prog_high = h[4], d->dos_pa = h[5];
		d->hit_io = h[6], d->hit_dos = h[7], d->hit_high = h[8];
		/* the buckets must be in the file before anything is allocated for them */
		long here = ftell(f);
		if (here < 0 || fseek(f, 0, SEEK_END) != 0)
			err = -EINVAL;
		uint64_t left = err ? 0 : (uint64_t)(ftell(f) - here);
		if (!err && (fseek(f, here, SEEK_SET) != 0 ||
			     d->bucket_num > left / (d->dos ? 2 : 8)))
			err = -EINVAL;
	}
	if (!err) {
		d->buckets = calloc(d->bucket_num ? d->bucket_num : 1, sizeof(*d->buckets));
		if (!d->buckets)
			err = -ENOMEM;
	}
	for (uint64_t i = 0; !err && i < d->bucket_num; i++) {
		uint8_t b[8];
		err = read_exact(f, b, d->dos ? 2 : 8);
		d->buckets[i] = d->dos ? bo_get16(b, BO_LITTLE) : bo_get64(b, BO_LITTLE);
	}
	if (!err && !d->dos) {
		uint8_t b[8];
		err = read_exact(f, b, 8);
		uint32_t len = err ? 0 : bo_get32(b + 4, BO_LITTLE);
		d->arch = err ? 0 : bo_get32(b, BO_LITTLE);
		if (!err && len > 4096)
			err = -EINVAL;
		if (!err) {
			d->program = calloc(1, (size_t)len + 1);
			err = d->program ? read_exact(f, d->program, len) : -ENOMEM;
		}
	}
	fclose(f);
	if (err)
		prf_free(d);
	return err;
}

void prf_free(struct prf_data *d)
{
	free(d->buckets);
	free(d->program);
	d->buckets = NULL;
	d->program = NULL;
}
