/* The MZ (.EXE) header: every field is checked against the file before anything is loaded, so
 * a truncated or corrupt header is an error with its reason, never a read past the buffer.
 *
 *   0x00 'MZ'           0x0e SS (relative)     0x18 relocation table offset
 *   0x02 last page use  0x10 SP                0x1a overlay number (ignored)
 *   0x04 512-byte pages 0x12 checksum (ignored)
 *   0x06 relocations    0x14 IP
 *   0x08 header paras   0x16 CS (relative)
 *   0x0a min alloc      0x0c max alloc
 * The load image is the file from the end of the header to the end the page counts give.
 * Each relocation is a far pointer (offset, segment), relative to the image, naming a word to
 * which the load segment is added. */
#include <inttypes.h>
#include <stdio.h>

#include "../emu/byteorder.h"
#include "dos.h"

enum { MZ_FIXED_HEADER = 0x1c, MZ_PAGE = 512 };

static uint16_t field(const uint8_t *data, unsigned off)
{
	return bo_get16(data + off, BO_LITTLE);
}

static enum load_error corrupt(char *err, size_t errlen, const char *what)
{
	snprintf(err, errlen, "corrupt MZ header: %s", what);
	return LOAD_NOT_EXECUTABLE;
}

enum load_error dos_mz_parse(const uint8_t *data, size_t size, struct dos_mz *mz,
			     char *err, size_t errlen)
{
	if (size < MZ_FIXED_HEADER) {
		snprintf(err, errlen, "truncated MZ header: %zu bytes, need %d", size, MZ_FIXED_HEADER);
		return LOAD_NOT_EXECUTABLE;
	}
	if (!((data[0] == 'M' && data[1] == 'Z') || (data[0] == 'Z' && data[1] == 'M')))
		return corrupt(err, errlen, "no MZ signature");
	uint32_t last = field(data, 0x02), pages = field(data, 0x04);
	if (pages == 0)
		return corrupt(err, errlen, "zero pages");
	if (last >= MZ_PAGE)
		return corrupt(err, errlen, "last-page byte count over 511");
	uint32_t end = pages * MZ_PAGE - (last ? MZ_PAGE - last : 0);
	if (end > size) {
		snprintf(err, errlen, "truncated MZ file: the header gives %" PRIu32 " bytes, the file has %zu",
			 end, size);
		return LOAD_NOT_EXECUTABLE;
	}
	mz->header_size = (uint32_t)field(data, 0x08) * 16;
	if (mz->header_size < MZ_FIXED_HEADER)
		return corrupt(err, errlen, "header smaller than its fixed part");
	if (mz->header_size > end)
		return corrupt(err, errlen, "header larger than the file");
	mz->image_size = end - mz->header_size;
	if (mz->image_size == 0)
		return corrupt(err, errlen, "empty load image");
	mz->reloc_count = field(data, 0x06);
	mz->reloc_offset = field(data, 0x18);
	if (mz->reloc_count) {
		uint32_t table_end = (uint32_t)mz->reloc_offset + 4u * mz->reloc_count;
		if (mz->reloc_offset < MZ_FIXED_HEADER || table_end > mz->header_size)
			return corrupt(err, errlen, "relocation table outside the header");
	}
	mz->min_alloc = field(data, 0x0a);
	mz->max_alloc = field(data, 0x0c);
	mz->ss = field(data, 0x0e);
	mz->sp = field(data, 0x10);
	mz->ip = field(data, 0x14);
	mz->cs = field(data, 0x16);
	/* DOS would jump anywhere; an entry point outside the image can only run garbage. */
	if ((uint32_t)mz->cs * 16 + mz->ip >= mz->image_size)
		return corrupt(err, errlen, "entry point CS:IP outside the load image");
	return LOAD_OK;
}

enum load_error dos_mz_relocate(struct guest_mem *gm, const uint8_t *data, const struct dos_mz *mz,
				uint16_t load_seg, char *err, size_t errlen)
{
	uint64_t base = (uint64_t)load_seg * 16;
	for (unsigned i = 0; i < mz->reloc_count; i++) {
		const uint8_t *r = data + mz->reloc_offset + 4u * i;
		uint32_t off = bo_get16(r, BO_LITTLE), seg = bo_get16(r + 2, BO_LITTLE);
		uint32_t at = seg * 16 + off;
		if (at + 2 > mz->image_size) {
			snprintf(err, errlen,
				 "corrupt MZ header: relocation %u (%04" PRIx32 ":%04" PRIx32
				 ") points outside the %" PRIu32 "-byte load image",
				 i, seg, off, mz->image_size);
			return LOAD_NOT_EXECUTABLE;
		}
		uint64_t word;
		if (gm_get(gm, base + at, 2, &word) != 0 || gm_put(gm, base + at, 2, (word + load_seg) & 0xffff) != 0) {
			snprintf(err, errlen, "relocation %u: guest memory not mapped", i);
			return LOAD_NO_MEMORY;
		}
	}
	return LOAD_OK;
}
