/* Guest byte order: one get/put pair per width, chosen by the order, so that big-endian guests
 * (hppa) need no special cases in the OS layer, the profil core or the output writers. A
 * guest's order is usually a variable (guest_mem.big_endian); a fixed one is named, never a
 * bare true or false: bo_get32(p, BO_BIG). A bool converts: false is BO_LITTLE, true BO_BIG. */
#ifndef PROFEMU_BYTEORDER_H
#define PROFEMU_BYTEORDER_H

#include <stdbool.h>
#include <stdint.h>

enum byte_order { BO_LITTLE = 0, BO_BIG = 1 };

static inline uint16_t bo_get16(const void *p, enum byte_order order)
{
	const uint8_t *b = p;
	bool big_endian = order == BO_BIG;
	return big_endian ? (uint16_t)(b[0] << 8 | b[1]) : (uint16_t)(b[1] << 8 | b[0]);
}

static inline uint32_t bo_get32(const void *p, enum byte_order order)
{
	const uint8_t *b = p;
	bool big_endian = order == BO_BIG;
	if (big_endian)
		return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
	return (uint32_t)b[3] << 24 | (uint32_t)b[2] << 16 | (uint32_t)b[1] << 8 | b[0];
}

static inline uint64_t bo_get64(const void *p, enum byte_order order)
{
	const uint8_t *b = p;
	bool big_endian = order == BO_BIG;
	uint64_t hi = bo_get32(b + (big_endian ? 0 : 4), order);
	uint64_t lo = bo_get32(b + (big_endian ? 4 : 0), order);
	return hi << 32 | lo;
}

static inline void bo_put16(void *p, uint16_t v, enum byte_order order)
{
	uint8_t *b = p;
	bool big_endian = order == BO_BIG;
	b[big_endian ? 0 : 1] = (uint8_t)(v >> 8);
	b[big_endian ? 1 : 0] = (uint8_t)v;
}

static inline void bo_put32(void *p, uint32_t v, enum byte_order order)
{
	uint8_t *b = p;
	bool big_endian = order == BO_BIG;
	for (int i = 0; i < 4; i++)
		b[big_endian ? 3 - i : i] = (uint8_t)(v >> (8 * i));
}

static inline void bo_put64(void *p, uint64_t v, enum byte_order order)
{
	uint8_t *b = p;
	bool big_endian = order == BO_BIG;
	for (int i = 0; i < 8; i++)
		b[big_endian ? 7 - i : i] = (uint8_t)(v >> (8 * i));
}

/* Width-generic forms for guest words (4 or 8 bytes) and sprofil elements (2, 4 or 8). */
static inline uint64_t bo_get(const void *p, unsigned width, enum byte_order order)
{
	switch (width) {
	case 1: return *(const uint8_t *)p;
	case 2: return bo_get16(p, order);
	case 4: return bo_get32(p, order);
	default: return bo_get64(p, order);
	}
}

static inline void bo_put(void *p, uint64_t v, unsigned width, enum byte_order order)
{
	switch (width) {
	case 1: *(uint8_t *)p = (uint8_t)v; break;
	case 2: bo_put16(p, (uint16_t)v, order); break;
	case 4: bo_put32(p, (uint32_t)v, order); break;
	default: bo_put64(p, v, order); break;
	}
}

#endif
