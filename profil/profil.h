/* The profiling core: profil(2) and sprofil(2) as each personality defines them, and the work
 * of one clock tick. Pure: no emulator, no I/O, no globals. Guest memory (the histogram
 * buffers, the struct prof array, tvp) is reached only through struct prof_mem, whose
 * functions read and write in the guest's byte order; the caller supplies them.
 *
 * Personalities (doc/profil.2 and doc/sprofil.2 set them side by side, one section each, and
 * document every choice made where a seed is silent or contradicts itself):
 *   svr4  - the NEWS-os 5.0.1 seed
 *   bsd   - the 4.4BSD seed
 *   linux - the Linux 0.99 seed with glibc's arithmetic (and glibc's sprofil)
 *   hpux  - the HP-UX 11i v2 sprofil seed; profil is sprofil of one region */
#ifndef PROFEMU_PROFIL_H
#define PROFEMU_PROFIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum prof_personality {
	PROF_PERSONALITY_SVR4,
	PROF_PERSONALITY_BSD,
	PROF_PERSONALITY_LINUX,
	PROF_PERSONALITY_HPUX,
};

/* Parses "svr4", "bsd", "linux", "hpux"; -1 if unknown. */
int prof_personality_parse(const char *name);
const char *prof_personality_name(enum prof_personality p);

/* sprofil flags, as guests/include/profemu.h declares them. */
enum {
	PROF_USHORT = 0,	/* 16-bit elements */
	PROF_UINT = 1,		/* 32-bit elements */
	PROF_FAST = 2,		/* glibc: no effect */
	PROF_UINT64 = 4,	/* 64-bit elements (HP-UX) */
};

/* Guest memory, in the guest's byte order. Each returns 0 or -EFAULT (-14). */
struct prof_mem {
	void *ctx;
	int (*read)(void *ctx, uint64_t addr, unsigned width, uint64_t *value);
	int (*write)(void *ctx, uint64_t addr, unsigned width, uint64_t value);
	/* True if every byte of [addr, addr+len) is mapped and writable by the guest. */
	bool (*writable)(void *ctx, uint64_t addr, uint64_t len);
};

struct prof_config {
	enum prof_personality personality;
	unsigned word_size;		/* 4 or 8: guest pointers, size_t, long */
	uint64_t profil_max;		/* sysconf(_SC_PROFIL_MAX): most regions sprofil takes */
	uint64_t tick_usec;		/* one tick's duration, written to sprofil's tvp */
};

/* One sprofil region, as read from the guest (offset = pr_off / pr_offset). */
struct prof_region {
	uint64_t base, size, offset, scale;
};

struct prof_state {
	struct prof_config cfg;
	bool enabled;			/* ticks count into the regions */
	unsigned elem;			/* element size in bytes: 2, 4 or 8 */
	bool profil_style;		/* set by profil (svr4/bsd/linux arithmetic), not sprofil */
	struct prof_region *regions;	/* sorted by offset; capacity cfg.profil_max (>= 1) */
	size_t count;
	bool has_overflow;
	struct prof_region overflow;
	uint64_t ticks, counted;	/* statistics: ticks seen while enabled, bins incremented */
};

/* Allocates the region array (the only allocation; ticks never allocate). 0 or -ENOMEM, or
 * -EINVAL for a word_size other than 4 or 8 or an unknown personality. */
int prof_init(struct prof_state *st, const struct prof_config *cfg);
void prof_free(struct prof_state *st);

/* Results beyond 0 and negative errnos. */
enum {
	PROF_RAISE_SIGSEGV = 1,		/* linux personality: the guest gets SIGSEGV */
};

/* profil(buf, bufsiz, offset, scale). Returns 0, a negative errno (the guest sees -1 and errno)
 * or PROF_RAISE_SIGSEGV. */
int prof_profil(struct prof_state *st, const struct prof_mem *m, uint64_t buf, uint64_t bufsiz,
		uint64_t offset, uint64_t scale);

/* sprofil(profp, profcnt, tvp, flags): the struct prof array is read through m with the
 * personality's layout (linux: 4 guest words; hpux: {void *, unsigned int, void *,
 * unsigned int} with the guest's padding). Same results as prof_profil. */
int prof_sprofil(struct prof_state *st, const struct prof_mem *m, uint64_t profp, int64_t profcnt,
		 uint64_t tvp, uint64_t flags);

/* Turns profiling off, as exec does. */
void prof_disable(struct prof_state *st);

/* fork: `child` (not initialised) becomes a copy of `parent` that counts at the same guest
 * addresses, i.e. into the child's own copy of the buffers; its statistics start at 0.
 * 0 or -ENOMEM. */
int prof_clone(struct prof_state *child, const struct prof_state *parent);

/* What one tick did, for --explain. */
enum prof_tick_outcome {
	PROF_TICK_OFF,			/* profiling is not enabled */
	PROF_TICK_COUNTED,		/* a bin was incremented */
	PROF_TICK_SATURATED,		/* the bin is at its maximum and saturates */
	PROF_TICK_OUT_OF_RANGE,		/* no region (and no overflow bin) takes the pc */
	PROF_TICK_FAULT_DISABLED,	/* the update would fault: profiling turned off */
	PROF_TICK_LIMIT_DISABLED,	/* svr4: the counter would pass 32767: profiling off */
	PROF_TICK_SIGSEGV,		/* linux: the update faults: the guest gets SIGSEGV */
};

struct prof_explain {
	enum prof_tick_outcome outcome;
	int region;			/* index into regions, -1 none, -2 the overflow bin */
	uint64_t offset, scale;		/* of the region chosen */
	uint64_t d;			/* pc - offset */
	uint64_t scaled;		/* the personality's d*scale (or d/es*scale) before >> 16 */
	uint64_t index;			/* element index in the buffer */
	unsigned elem;			/* element size */
	uint64_t bin_addr;		/* guest address of the bin */
	uint64_t old_value, new_value;
};

/* One clock tick at pc (the next instruction to execute). `ex` may be NULL. Returns 0 or
 * PROF_RAISE_SIGSEGV. Allocation-free. */
int prof_tick(struct prof_state *st, const struct prof_mem *m, uint64_t pc, struct prof_explain *ex);

#endif
