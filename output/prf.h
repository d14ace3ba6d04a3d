/* The PROFIL program's output file (.PRF), read by prohist.
 *
 * DOS programs: exactly the seed's `struct profdata`: nine 16-bit little-endian fields
 * (clock_grain µs, bucket_num, bucket_siz in paragraphs, prog_low_pa, prog_high_pa, dos_pa,
 * hit_io, hit_dos, hit_high) then bucket_num 16-bit buckets. Counts above 65535 saturate (the
 * 16-bit fields cannot say more; the ELF variant can).
 *
 * ELF programs: the wider variant, all fields little-endian whatever the guest:
 *   char magic[8] = "PRFELF1\0"
 *   u64 clock_grain (µs), bucket_num, bucket_siz (bytes), prog_low, prog_high (addresses:
 *       the program's text, [low, high)), dos_pa (0: ELF programs have no DOS area),
 *       hit_io, hit_dos, hit_high
 *   u64 buckets[bucket_num]
 * then, so prohist needs nothing else to name the program: u32 arch (enum cpu_arch), u32
 * path length, the program's path (not NUL-terminated). */
#ifndef PROFEMU_PRF_H
#define PROFEMU_PRF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PRF_ELF_MAGIC "PRFELF1"	/* 7 characters and a NUL: 8 bytes */

struct prf_data {
	bool dos;		/* the seed's 16-bit layout */
	uint64_t clock_grain;	/* µs per tick */
	uint64_t bucket_num, bucket_siz;	/* bucket_siz: paragraphs (DOS) or bytes (ELF) */
	uint64_t prog_low, prog_high;	/* paragraphs (DOS) or addresses (ELF) */
	uint64_t dos_pa;
	uint64_t hit_io, hit_dos, hit_high;
	uint64_t *buckets;
	uint32_t arch;		/* ELF only */
	char *program;		/* ELF only: the program's path, or NULL */
};

/* Writes to path atomically (a temporary file in the same directory, then rename, so an old
 * file is replaced whole or not at all). 0, or -errno. */
int prf_write(const char *path, const struct prf_data *d);

/* Reads either layout (the magic tells). 0, or -errno / -EINVAL for a malformed file; on
 * success the caller frees with prf_free. */
int prf_read(const char *path, struct prf_data *d);
void prf_free(struct prf_data *d);

#endif
