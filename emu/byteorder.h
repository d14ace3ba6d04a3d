/* Guest byte order: one get/put pair per width, chosen by a flag, so that big-endian guests
 * (hppa) need no special cases in the OS layer, the profil core or the output writers. */
#ifndef PROFEMU_BYTEORDER_H
#define PROFEMU_BYTEORDER_H

#include <stdbool.h>
#include <stdint.h>

static inline uint16_t bo_get16(const void *p, bool big_endian)
{
	const uint8_t *b = p;
	return big_endian ? (uint16_t)(b[0] << 8 | b[1]) : (uint16_t)(b[1] << 8 | b[0]);
}

static inline uint32_t bo_get32(const void *p, bool big_endian)
{
	const uint8_t *b = p;
	if (big_endian)
		return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
	return (uint32_t)b[3] << 24 | (uint32_t)b[2] << 16 | (uint32_t)b[1] << 8 | b[0];
}

static inline uint64_t bo_get64(const void *p, bool big_endian)
{
	const uint8_t *b = p;
	uint64_t hi = bo_get32(b + (big_endian ? 0 : 4), big_endian);
	uint64_t lo = bo_get32(b + (big_endian ? 4 : 0), big_endian);
	return hi << 32 | lo;
}

static inline void bo_put16(void *p, uint16_t v, bool big_endian)
{
	uint8_t *b = p;
	b[big_endian ? 0 : 1] = (uint8_t)(v >> 8);
	b[big_endian ? 1 : 0] = (uint8_t)v;
}

static inline void bo_put32(void *p, uint32_t v, bool big_endian)
{
	uint8_t *b = p;
	for (int i = 0; i < 4; i++)
		b[big_endian ? 3 - i : i] = (uint8_t)(v >> (8 * i));
}

static inline void bo_put64(void *p, uint64_t v, bool big_endian)
{
	uint8_t *b = p;
	for (int i = 0; i < 8; i++)
		b[big_endian ? 7 - i : i] = (uint8_t)(v >> (8 * i));
}

/* Width-generic forms for guest words (4 or 8 bytes) and sprofil elements (2, 4 or 8). */
static inline uint64_t bo_get(const void *p, unsigned width, bool big_endian)
{
	switch (width) {
	case 1: return *(const uint8_t *)p;
	case 2: return bo_get16(p, big_endian);
	case 4: return bo_get32(p, big_endian);
	default: return bo_get64(p, big_endian);
	}
}

static inline void bo_put(void *p, uint64_t v, unsigned width, bool big_endian)
{
	switch (width) {
	case 1: *(uint8_t *)p = (uint8_t)v; break;
	case 2: bo_put16(p, (uint16_t)v, big_endian); break;
	case 4: bo_put32(p, (uint32_t)v, big_endian); break;
	default: bo_put64(p, v, big_endian); break;
	}
}

#endif
