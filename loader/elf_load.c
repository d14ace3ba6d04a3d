/* Loading an ELF program and its interpreter into guest memory: see loader.h.
 *
 * Everything in the file is untrusted: every offset, size and address is checked before use,
 * with overflow-safe comparisons, and a bad file only ever yields an error.
 *
 * libelf decodes the ELF header and the program header table (class and byte order through
 * gelf_*). It works on a compact private copy of just those two (the "header copy"), with the
 * section header fields cleared: the loader never needs sections, and Linux runs programs whose
 * section headers are missing or damaged, which libelf would otherwise refuse. The guest still
 * sees the file's own bytes, since segment contents are copied from the original buffer. */
#include "loader.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define GIB (UINT64_C(1) << 30)
#define MAX_FILE_SIZE GIB	/* a larger program file is refused */
#define MAX_IMAGE_SIZE GIB	/* total page-rounded memory of one image's segments */
#define MAX_PHDR_BYTES 65536	/* the program header table limit Linux applies */
#define MAX_ALIGN GIB		/* larger p_align values are ignored when placing ET_DYN */
#define PATH_MAX_GUEST 4096	/* Linux's PATH_MAX, which bounds PT_INTERP */

static enum load_error fail(char *err, size_t errlen, enum load_error code, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static enum load_error fail(char *err, size_t errlen, enum load_error code, const char *fmt, ...)
{
	if (err && errlen) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return code;
}

/* [start, start+len) lies below limit, without overflow. */
static bool fits_below(uint64_t start, uint64_t len, uint64_t limit)
{
	return len <= limit && start <= limit - len;
}

/* [off, off+len) lies inside a file of size bytes. */
static bool in_file(uint64_t off, uint64_t len, uint64_t size)
{
	return off <= size && len <= size - off;
}

/* ---- Reading files ---------------------------------------------------------------------- */

/* Opens path for reading as execve would see it: ENOENT is "not found", a directory or any
 * other non-regular file "not executable". O_NONBLOCK keeps a FIFO from blocking the open. */
static enum load_error open_regular(const char *path, int *fd_out, uint64_t *size_out,
				    char *err, size_t errlen)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0) {
		int e = errno;
		return fail(err, errlen, e == ENOENT || e == ENOTDIR ? LOAD_NOT_FOUND : LOAD_NOT_EXECUTABLE,
			    "%s", strerror(e));
	}
	struct stat st;
	if (fstat(fd, &st) < 0) {
		int e = errno;
		close(fd);
		return fail(err, errlen, LOAD_NOT_EXECUTABLE, "%s", strerror(e));
	}
	if (S_ISDIR(st.st_mode)) {
		close(fd);
		return fail(err, errlen, LOAD_NOT_EXECUTABLE, "is a directory");
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		return fail(err, errlen, LOAD_NOT_EXECUTABLE, "not a regular file");
	}
	*fd_out = fd;
	*size_out = (uint64_t)st.st_size;
	return LOAD_OK;
}

/* Reads up to len bytes at off; returns the count read (short at end of file) or -1. */
static long long pread_full(int fd, void *dst, size_t len, uint64_t off)
{
	size_t done = 0;
	while (done < len) {
		ssize_t n = pread(fd, (uint8_t *)dst + done, len - done, (off_t)(off + done));
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		if (n == 0)
			break;
		done += (size_t)n;
	}
	return (long long)done;
}

enum load_error elf_read_file(const char *path, uint8_t **data, size_t *size, char *err, size_t errlen)
{
	int fd = -1;
	uint64_t fsize = 0;
	enum load_error r = open_regular(path, &fd, &fsize, err, errlen);
	if (r != LOAD_OK)
		return r;
	if (fsize > MAX_FILE_SIZE) {
		close(fd);
		return fail(err, errlen, LOAD_NOT_EXECUTABLE, "file too large");
	}
	uint8_t *buf = malloc(fsize ? (size_t)fsize : 1);
	if (!buf) {
		close(fd);
		return fail(err, errlen, LOAD_NO_MEMORY, "out of memory reading the file");
	}
	/* A file that shrinks while we read simply ends early; the checks see the bytes read. */
	long long n = pread_full(fd, buf, (size_t)fsize, 0);
	int e = errno;
	close(fd);
	if (n < 0) {
		free(buf);
		return fail(err, errlen, LOAD_NOT_EXECUTABLE, "%s", strerror(e));
	}
	*data = buf;
	*size = (size_t)n;
	return LOAD_OK;
}

/* ---- The ELF header and program headers ---------------------------------------------- */

/* Where the bytes come from: a buffer in memory, or a file read piecewise (elf_probe_file
 * need not read a whole program to check its headers). */
struct elf_source {
	const uint8_t *data;	/* NULL: read fd */
	int fd;
	uint64_t size;
};

static bool source_read(const struct elf_source *s, uint64_t off, void *dst, size_t len)
{
	if (!in_file(off, len, s->size))
		return false;
	if (s->data) {
		memcpy(dst, s->data + off, len);
		return true;
	}
	return pread_full(s->fd, dst, len, off) == (long long)len;
}

struct elf_headers {
	Elf *elf;		/* over hdr */
	uint8_t *hdr;		/* the header copy: ELF header then the program header table */
	GElf_Ehdr eh;
	uint64_t phoff;		/* the file's own e_phoff (the copy's differs) */
	size_t phnum;
	struct elf_probe probe;
};

static void headers_free(struct elf_headers *h)
{
	if (h->elf)
		elf_end(h->elf);
	free(h->hdr);
	memset(h, 0, sizeof(*h));
}

static const char *machine_name(unsigned m)
{
	switch (m) {
	case EM_NONE: return "EM_NONE";
	case EM_SPARC: return "EM_SPARC";
	case EM_68K: return "EM_68K";
	case EM_MIPS: return "EM_MIPS";
	case EM_PPC: return "EM_PPC";
	case EM_PPC64: return "EM_PPC64";
	case EM_S390: return "EM_S390";
	case EM_ARM: return "EM_ARM";
	case EM_SH: return "EM_SH";
	case EM_SPARCV9: return "EM_SPARCV9";
	case EM_ALPHA: return "EM_ALPHA";
	case EM_AARCH64: return "EM_AARCH64";
	case EM_RISCV: return "EM_RISCV";
	case EM_LOONGARCH: return "EM_LOONGARCH";
	case EM_X86_64: return "EM_X86_64";
	case EM_386: return "EM_386";
	case EM_PARISC: return "EM_PARISC";
	case EM_IA_64: return "EM_IA_64";
	}
	return NULL;
}

/* The architecture for a machine, class and byte order; false if we do not run it. */
static bool machine_arch(unsigned machine, int cls, int data, enum cpu_arch *arch)
{
	struct { unsigned machine; int cls, data; enum cpu_arch arch; } const known[] = {
		{ EM_X86_64, ELFCLASS64, ELFDATA2LSB, CPU_ARCH_X86_64 },
		{ EM_386, ELFCLASS32, ELFDATA2LSB, CPU_ARCH_I386 },
		{ EM_PARISC, ELFCLASS32, ELFDATA2MSB, CPU_ARCH_HPPA },
		{ EM_IA_64, ELFCLASS64, ELFDATA2LSB, CPU_ARCH_IA64 },
	};
	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
		if (known[i].machine == machine && known[i].cls == cls && known[i].data == data) {
			*arch = known[i].arch;
			return true;
		}
	}
	return false;
}

static enum load_error unsupported_machine(unsigned m, int cls, bool be, char *err, size_t errlen)
{
	const char *name = machine_name(m);
	if (name && (m == EM_X86_64 || m == EM_386 || m == EM_PARISC || m == EM_IA_64))
		return fail(err, errlen, LOAD_NOT_EXECUTABLE, "unsupported machine %s (%s %s-endian)",
			    name, cls == ELFCLASS32 ? "32-bit" : "64-bit", be ? "big" : "little");
	if (name)
		return fail(err, errlen, LOAD_NOT_EXECUTABLE, "unsupported machine %s", name);
	return fail(err, errlen, LOAD_NOT_EXECUTABLE, "unsupported machine %u", m);
}

/* Field offsets in the ELF header that the header copy rewrites (they differ by class). */
struct ehdr_layout {
	unsigned ehsize, phentsize;
	unsigned phoff_at, phoff_width, shoff_at, shoff_width;
	unsigned phentsize_at, phnum_at, shnum_at, shstrndx_at;
};

static const struct ehdr_layout ehdr32 = { 52, 32, 28, 4, 32, 4, 42, 44, 48, 50 };
static const struct ehdr_layout ehdr64 = { 64, 56, 32, 8, 40, 8, 54, 56, 60, 62 };

/* Reads and checks the ELF header and program header table from src into h. */
static enum load_error read_headers(const struct elf_source *src, struct elf_headers *h,
				    char *err, size_t errlen)
{
	memset(h, 0, sizeof(*h));
	uint8_t ident[EI_NIDENT];
	if (src->size < SELFMAG || !source_read(src, 0, ident, SELFMAG) ||
	    memcmp(ident, ELFMAG, SELFMAG) != 0)
		return fail(err, errlen, LOAD_NOT_EXECUTABLE, "not an ELF file");
	if (!source_read(src, 0, ident, EI_NIDENT))
		return fail(err, errlen, LOAD_NOT_EXECUTABLE, "truncated ELF file");
	int cls = ident[EI_CLASS], data = ident[EI_DATA];
	if ((cls != ELFCLASS32 && cls != ELFCLASS64) || (data != ELFDATA2LSB && data != ELFDATA2MSB) ||
	    ident[EI_VERSION] != EV_CURRENT)
		return fail(err, errlen, LOAD_NOT_EXECUTABLE, "corrupt ELF header");
	const struct ehdr_layout *L = cls == ELFCLASS32 ? &ehdr32 : &ehdr64;
	bool be = data == ELFDATA2MSB;

	uint8_t ehdr[64];
	if (!source_read(src, 0, ehdr, L->ehsize))
		return fail(err, errlen, LOAD_NOT_EXECUTABLE, "truncated ELF file");
	/* What it is before how it is laid out, as Linux checks: an object file or a core dump
	 * is "not an executable" even though it has no program headers. */
	unsigned type = bo_get16(ehdr + 16, be), machine = bo_get16(ehdr + 18, be);
	if (type != ET_EXEC && type != ET_DYN)
		return fail(err, errlen, LOAD_NOT_EXECUTABLE, "not an executable");
	if (!machine_arch(machine, cls, data, &h->probe.arch))
		return unsupported_machine(machine, cls, be, err, errlen);

	uint64_t phoff = bo_get(ehdr + L->phoff_at, L->phoff_width, be);
	uint64_t phentsize = bo_get16(ehdr + L->phentsize_at, be);
	uint64_t phnum = bo_get16(ehdr + L->phnum_at, be);
	if (phnum == 0)
		return fail(err, errlen, LOAD_NOT_EXECUTABLE, "no program headers");
	if (phentsize != L->phentsize)
		return fail(err, errlen, LOAD_NOT_EXECUTABLE, "corrupt program header size");
	uint64_t phbytes = phnum * phentsize;
	if (phbytes > MAX_PHDR_BYTES)
		return fail(err, errlen, LOAD_NOT_EXECUTABLE, "too many program headers");
	if (!in_file(phoff, phbytes, src->size))
		return fail(err, errlen, LOAD_NOT_EXECUTABLE, "truncated ELF file");

	/* The header copy: program headers right after the ELF header, no section headers. */
	size_t copy_len = L->ehsize + (size_t)phbytes;
	h->hdr = malloc(copy_len);
	if (!h->hdr)
		return fail(err, errlen, LOAD_NO_MEMORY, "out of memory");
	memcpy(h->hdr, ehdr, L->ehsize);
	if (!source_read(src, phoff, h->hdr + L->ehsize, (size_t)phbytes)) {
		headers_free(h);
		return fail(err, errlen, LOAD_NOT_EXECUTABLE, "truncated ELF file");
	}
	bo_put(h->hdr + L->phoff_at, L->ehsize, L->phoff_width, be);
	bo_put(h->hdr + L->shoff_at, 0, L->shoff_width, be);
	bo_put16(h->hdr + L->shnum_at, 0, be);
	bo_put16(h->hdr + L->shstrndx_at, 0, be);

	elf_version(EV_CURRENT);
	h->elf = elf_memory((char *)h->hdr, copy_len);
	if (!h->elf || elf_kind(h->elf) != ELF_K_ELF || !gelf_getehdr(h->elf, &h->eh)) {
		headers_free(h);
		return fail(err, errlen, LOAD_NOT_EXECUTABLE, "corrupt ELF header");
	}
	h->phoff = phoff;
	h->phnum = (size_t)phnum;

	h->probe.big_endian = be;
	h->probe.word_size = cls == ELFCLASS32 ? 4 : 8;
	return LOAD_OK;
}

enum load_error elf_probe_buffer(const void *data, size_t size, struct elf_probe *out,
				 char *err, size_t errlen)
{
	struct elf_source src = { .data = data, .fd = -1, .size = data ? size : 0 };
	struct elf_headers h;
	enum load_error r = read_headers(&src, &h, err, errlen);
	if (r == LOAD_OK) {
		*out = h.probe;
		headers_free(&h);
	}
	return r;
}

enum load_error elf_probe_file(const char *path, struct elf_probe *out, char *err, size_t errlen)
{
	struct elf_source src = { .data = NULL, .fd = -1, .size = 0 };
	enum load_error r = open_regular(path, &src.fd, &src.size, err, errlen);
	if (r != LOAD_OK)
		return r;
	struct elf_headers h;
	r = read_headers(&src, &h, err, errlen);
	close(src.fd);
	if (r == LOAD_OK) {
		*out = h.probe;
		headers_free(&h);
	}
	return r;
}

/* ---- Mapping one image ------------------------------------------------------------------ */

struct segment {
	uint64_t vaddr, memsz, offset, filesz;	/* as in the file */
	uint64_t addr;				/* biased guest address */
	int prot;
};

/* A run of pages with one protection: the union of the protections of every segment that
 * touches them (two segments may share a page, e.g. the end of .text and the start of .data). */
struct page_run {
	uint64_t start, end;
	int prot;
};

struct run_edge {
	uint64_t at;
	int prot;
	int delta;	/* +1 a segment starts, -1 it ends */
};

static int edge_cmp(const void *a, const void *b)
{
	const struct run_edge *x = a, *y = b;
	return x->at < y->at ? -1 : x->at > y->at;
}

/* Sweeps the segments' page ranges into disjoint runs. Returns the run count or -1 (no memory). */
static long build_runs(const struct guest_mem *gm, const struct segment *segs, size_t n,
		       struct page_run **out)
{
	struct run_edge *edges = malloc(2 * n * sizeof(*edges));
	struct page_run *runs = malloc(2 * n * sizeof(*runs));
	if (!edges || !runs) {
		free(edges);
		free(runs);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		edges[2 * i] = (struct run_edge){ gm_page_down(gm, segs[i].addr), segs[i].prot, 1 };
		edges[2 * i + 1] = (struct run_edge){ gm_page_up(gm, segs[i].addr + segs[i].memsz),
						     segs[i].prot, -1 };
	}
	qsort(edges, 2 * n, sizeof(*edges), edge_cmp);
	/* How many open segments have each protection bit, and how many are open at all. */
	long bits[3] = { 0, 0, 0 }, open_count = 0;
	size_t nruns = 0;
	for (size_t i = 0; i < 2 * n;) {
		uint64_t at = edges[i].at;
		for (; i < 2 * n && edges[i].at == at; i++) {
			open_count += edges[i].delta;
			for (int b = 0; b < 3; b++)
				if (edges[i].prot & (1 << b))
					bits[b] += edges[i].delta;
		}
		if (i == 2 * n || open_count == 0)
			continue;
		int prot = (bits[0] ? 1 : 0) | (bits[1] ? 2 : 0) | (bits[2] ? 4 : 0);
		uint64_t next = edges[i].at;
		if (nruns && runs[nruns - 1].end == at && runs[nruns - 1].prot == prot)
			runs[nruns - 1].end = next;
		else
			runs[nruns++] = (struct page_run){ at, next, prot };
	}
	free(edges);
	*out = runs;
	return (long)nruns;
}

static int segment_prot(uint32_t flags)
{
	return (flags & PF_R ? GM_PROT_READ : 0) | (flags & PF_W ? GM_PROT_WRITE : 0) |
	       (flags & PF_X ? GM_PROT_EXEC : 0);
}

/* What mapping one image yields. */
struct image_info {
	uint64_t bias, entry, phdr, phnum, brk, text_lo, text_hi;
	bool stack_exec;
	uint64_t interp_off, interp_len;	/* PT_INTERP in the file; len 0 if none */
};

/* Checks every PT_LOAD and notes PT_INTERP, PT_PHDR and PT_GNU_STACK. Fills segs (phnum
 * entries of room) and returns how many there are, or -1 with err set. */
static long collect_segments(const struct elf_headers *h, uint64_t file_size, struct segment *segs,
			     uint64_t *max_align, struct image_info *info, uint64_t *phdr_vaddr,
			     bool *has_phdr, char *err, size_t errlen)
{
	size_t n = 0;
	uint64_t total = 0;
	bool gnu_stack = false;
	*max_align = 0;
	*has_phdr = false;
	for (size_t i = 0; i < h->phnum; i++) {
		GElf_Phdr ph;
		if (!gelf_getphdr(h->elf, (int)i, &ph)) {
			fail(err, errlen, LOAD_NOT_EXECUTABLE, "corrupt program header");
			return -1;
		}
		switch (ph.p_type) {
		case PT_INTERP:
			if (info->interp_len)
				break;	/* Linux uses the first */
			if (ph.p_filesz < 2 || ph.p_filesz > PATH_MAX_GUEST ||
			    !in_file(ph.p_offset, ph.p_filesz, file_size)) {
				fail(err, errlen, LOAD_NOT_EXECUTABLE, "corrupt interpreter path");
				return -1;
			}
			info->interp_off = ph.p_offset;
			info->interp_len = ph.p_filesz;
			break;
		case PT_PHDR:
			if (!*has_phdr) {
				*has_phdr = true;
				*phdr_vaddr = ph.p_vaddr;
			}
			break;
		case PT_GNU_STACK:
			gnu_stack = true;
			info->stack_exec = (ph.p_flags & PF_X) != 0;
			break;
		case PT_LOAD:
			if (ph.p_filesz > ph.p_memsz) {
				fail(err, errlen, LOAD_NOT_EXECUTABLE, "corrupt segment: file size above memory size");
				return -1;
			}
			if (!in_file(ph.p_offset, ph.p_filesz, file_size)) {
				fail(err, errlen, LOAD_NOT_EXECUTABLE, "truncated ELF file: segment beyond end of file");
				return -1;
			}
			if (ph.p_memsz > MAX_IMAGE_SIZE || ph.p_vaddr > UINT64_MAX - ph.p_memsz) {
				fail(err, errlen, LOAD_NOT_EXECUTABLE, "segment too large");
				return -1;
			}
			if (ph.p_memsz == 0)
				break;	/* nothing to map */
			total += ph.p_memsz;
			if (total > MAX_IMAGE_SIZE) {
				fail(err, errlen, LOAD_NOT_EXECUTABLE, "segments too large");
				return -1;
			}
			if (ph.p_align > *max_align && ph.p_align <= MAX_ALIGN &&
			    (ph.p_align & (ph.p_align - 1)) == 0)
				*max_align = ph.p_align;
			segs[n++] = (struct segment){ .vaddr = ph.p_vaddr, .memsz = ph.p_memsz,
				.offset = ph.p_offset, .filesz = ph.p_filesz,
				.prot = segment_prot(ph.p_flags) };
			break;
		}
	}
	if (n == 0) {
		fail(err, errlen, LOAD_NOT_EXECUTABLE, "no loadable segments");
		return -1;
	}
	/* i386 programs without PT_GNU_STACK predate non-executable stacks: Linux gives them an
	 * executable one (READ_IMPLIES_EXEC); 64-bit programs never get one by default. */
	if (!gnu_stack)
		info->stack_exec = h->probe.word_size == 4 && h->probe.arch == CPU_ARCH_I386;
	return (long)n;
}

/* Maps one image from data[0, size). base is where an ET_DYN image's lowest page goes
 * (ET_EXEC images go at their link addresses). want is the probe the image must match
 * (the program's, for its interpreter), or NULL to match gm only. */
static enum load_error map_image(struct guest_mem *gm, const struct addr_layout *layout,
				 const uint8_t *data, size_t size, uint64_t base,
				 const struct elf_probe *want, struct image_info *info,
				 struct elf_probe *probe_out, char *err, size_t errlen)
{
	memset(info, 0, sizeof(*info));
	struct elf_source src = { .data = data, .fd = -1, .size = size };
	struct elf_headers h;
	enum load_error r = read_headers(&src, &h, err, errlen);
	if (r != LOAD_OK)
		return r;
	if (probe_out)
		*probe_out = h.probe;
	if (h.probe.word_size != gm->word_size || h.probe.big_endian != gm->big_endian ||
	    (want && want->arch != h.probe.arch)) {
		headers_free(&h);
		return fail(err, errlen, LOAD_NOT_EXECUTABLE, "wrong architecture for this guest");
	}

	struct segment *segs = malloc(h.phnum * sizeof(*segs));
	struct page_run *runs = NULL;
	if (!segs) {
		headers_free(&h);
		return fail(err, errlen, LOAD_NO_MEMORY, "out of memory");
	}
	uint64_t max_align, phdr_vaddr = 0;
	bool has_phdr;
	long n = collect_segments(&h, size, segs, &max_align, info, &phdr_vaddr, &has_phdr, err, errlen);
	if (n < 0) {
		r = LOAD_NOT_EXECUTABLE;
		goto out;
	}

	/* Where the lowest page goes. An ET_DYN image is aligned down to its largest p_align, as
	 * Linux does, so that 2 MiB-aligned programs keep their alignment. */
	uint64_t low = UINT64_MAX;
	for (long i = 0; i < n; i++)
		if (gm_page_down(gm, segs[i].vaddr) < low)
			low = gm_page_down(gm, segs[i].vaddr);
	uint64_t start = low;
	if (h.eh.e_type == ET_DYN) {
		start = gm_page_down(gm, base);
		if (max_align > gm->page_size)
			start &= ~(max_align - 1);
	}
	info->bias = start - low;	/* modulo 2^64: "negative" biases work too */

	uint64_t limit = layout->addr_limit < gm->addr_limit ? layout->addr_limit : gm->addr_limit;
	uint64_t end = 0;
	info->text_lo = UINT64_MAX;
	/* The text is the executable segments that are not writable: a writable executable one is
	 * data the ABI marks executable (hppa's dynamic programs: .plt and .got, RWE), counted only
	 * for a program whose every executable segment is writable. */
	uint64_t wx_lo = UINT64_MAX, wx_hi = 0;
	for (long i = 0; i < n; i++) {
		uint64_t rel = segs[i].vaddr - low;
		if (!fits_below(start, rel, limit) || !fits_below(start + rel, segs[i].memsz, limit) ||
		    start + rel < gm->page_size) {
			r = fail(err, errlen, LOAD_NOT_EXECUTABLE, "segment outside the address space");
			goto out;
		}
		segs[i].addr = start + rel;
		uint64_t seg_end = segs[i].addr + segs[i].memsz;
		if (seg_end > end)
			end = seg_end;
		if ((segs[i].prot & GM_PROT_EXEC) && (segs[i].prot & GM_PROT_WRITE)) {
			if (segs[i].addr < wx_lo)
				wx_lo = segs[i].addr;
			if (seg_end > wx_hi)
				wx_hi = seg_end;
		} else if (segs[i].prot & GM_PROT_EXEC) {
			if (segs[i].addr < info->text_lo)
				info->text_lo = segs[i].addr;
			if (seg_end > info->text_hi)
				info->text_hi = seg_end;
		}
	}
	if (info->text_lo == UINT64_MAX) {
		info->text_lo = wx_lo == UINT64_MAX ? 0 : wx_lo;
		info->text_hi = wx_hi;
	}

	long nruns = build_runs(gm, segs, (size_t)n, &runs);
	if (nruns < 0) {
		r = fail(err, errlen, LOAD_NO_MEMORY, "out of memory");
		goto out;
	}
	for (long i = 0; i < nruns; i++) {
		if (!gm_is_free(gm, runs[i].start, runs[i].end - runs[i].start)) {
			r = fail(err, errlen, LOAD_NOT_EXECUTABLE, "segment overlaps an existing mapping");
			goto out;
		}
	}
	for (long i = 0; i < nruns; i++) {
		int e = gm_map(gm, runs[i].start, runs[i].end - runs[i].start, runs[i].prot);
		if (e) {
			r = fail(err, errlen, e == -ENOMEM ? LOAD_NO_MEMORY : LOAD_NOT_EXECUTABLE,
				 "cannot map segment at 0x%llx: %s", (unsigned long long)runs[i].start,
				 strerror(-e));
			goto out;
		}
	}
	/* Fresh pages are zero, so the bss (memsz beyond filesz) needs no clearing. */
	for (long i = 0; i < n; i++) {
		if (segs[i].filesz && gm_poke(gm, segs[i].addr, data + segs[i].offset, segs[i].filesz)) {
			r = fail(err, errlen, LOAD_NOT_EXECUTABLE, "cannot write segment");
			goto out;
		}
	}

	uint64_t word_mask = h.probe.word_size == 4 ? UINT32_MAX : UINT64_MAX;
	info->entry = (h.eh.e_entry + info->bias) & word_mask;
	info->brk = gm_page_up(gm, end);
	/* AT_PHDR: PT_PHDR if there is one, else the PT_LOAD whose file bytes hold the table. */
	uint64_t phbytes = h.phnum * h.eh.e_phentsize;
	info->phnum = h.phnum;
	if (has_phdr) {
		info->phdr = (phdr_vaddr + info->bias) & word_mask;
	} else {
		for (long i = 0; i < n; i++) {
			if (segs[i].offset <= h.phoff && h.phoff - segs[i].offset <= segs[i].filesz &&
			    phbytes <= segs[i].filesz - (h.phoff - segs[i].offset)) {
				info->phdr = segs[i].addr + (h.phoff - segs[i].offset);
				break;
			}
		}
	}
	r = LOAD_OK;
out:
	free(runs);
	free(segs);
	headers_free(&h);
	return r;
}

/* ---- Program and interpreter -------------------------------------------------------------- */

/* The host path of the interpreter: sysroot + interp, sysroot NULL, "" or "/" meaning none. */
static bool interp_host_path(const char *sysroot, const char *interp, char *out, size_t outlen)
{
	int n;
	if (!sysroot || !*sysroot || strcmp(sysroot, "/") == 0) {
		n = snprintf(out, outlen, "%s", interp);
	} else {
		size_t len = strlen(sysroot);
		bool slash = sysroot[len - 1] == '/' && interp[0] == '/';
		n = snprintf(out, outlen, "%.*s%s", (int)(slash ? len - 1 : len), sysroot, interp);
	}
	return n >= 0 && (size_t)n < outlen;
}

static enum load_error load_interp(struct guest_mem *gm, const struct addr_layout *layout,
				   const char *sysroot, const struct elf_probe *prog,
				   struct elf_image *out, char *err, size_t errlen)
{
	if (!interp_host_path(sysroot, out->interp, out->interp_host, sizeof(out->interp_host)))
		return fail(err, errlen, LOAD_NOT_FOUND, "interpreter %s: path too long", out->interp);
	uint8_t *data;
	size_t size;
	char why[256], host_why[256];
	enum load_error r = elf_read_file(out->interp_host, &data, &size, why, sizeof(why));
	/* qemu-user's rule: an interpreter missing under the sysroot is the host's own (a failure
	 * names the sysroot's path, which was looked up first). */
	if (r == LOAD_NOT_FOUND && strcmp(out->interp_host, out->interp) != 0 &&
	    elf_read_file(out->interp, &data, &size, host_why, sizeof(host_why)) == LOAD_OK) {
		snprintf(out->interp_host, sizeof(out->interp_host), "%s", out->interp);
		r = LOAD_OK;
	}
	if (r != LOAD_OK)
		return fail(err, errlen, r, "interpreter %s: %s", out->interp_host, why);
	struct image_info info;
	r = map_image(gm, layout, data, size, layout->interp_base, prog, &info, NULL, why, sizeof(why));
	free(data);
	if (r != LOAD_OK)
		return fail(err, errlen, r, "interpreter %s: %s", out->interp_host, why);
	out->entry = info.entry;
	out->interp_base = info.bias;	/* AT_BASE, as Linux: the ET_DYN interpreter's bias */
	return LOAD_OK;
}

/* The shared path of elf_load and elf_load_buffer; with_interp false: do not load an
 * interpreter; sysroot NULL: there is none to load it from. */
static enum load_error load_program(struct guest_mem *gm, const struct addr_layout *layout,
				    const uint8_t *data, size_t size, bool with_interp,
				    const char *sysroot, struct elf_image *out, char *err,
				    size_t errlen)
{
	memset(out, 0, sizeof(*out));
	if (!gm || !layout || !data || layout->page_size != gm->page_size)
		return fail(err, errlen, LOAD_NOT_EXECUTABLE, "bad loader arguments");
	struct image_info info;
	struct elf_probe probe;
	enum load_error r = map_image(gm, layout, data, size, layout->exec_base, NULL, &info, &probe,
				      err, errlen);
	if (r != LOAD_OK)
		return r;
	out->entry = out->prog_entry = info.entry;
	out->load_bias = info.bias;
	out->phdr = info.phdr;
	out->phent = probe.word_size == 4 ? sizeof(Elf32_Phdr) : sizeof(Elf64_Phdr);
	out->phnum = info.phnum;
	out->brk = info.brk;
	out->text_lo = info.text_lo;
	out->text_hi = info.text_hi;
	out->stack_exec = info.stack_exec;
	if (!info.interp_len)
		return LOAD_OK;

	/* The path must end with its NUL inside the segment, as Linux requires. */
	const char *path = (const char *)data + info.interp_off;
	if (path[info.interp_len - 1] != '\0' || path[0] == '\0')
		return fail(err, errlen, LOAD_NOT_EXECUTABLE, "corrupt interpreter path");
	memcpy(out->interp, path, info.interp_len);
	if (!with_interp)
		return LOAD_OK;
	if (!sysroot)
		return fail(err, errlen, LOAD_NOT_EXECUTABLE,
			    "a dynamic program (interpreter %s) needs -L: there is no default sysroot "
			    "for its architecture", out->interp);
	return load_interp(gm, layout, sysroot, &probe, out, err, errlen);
}

enum load_error elf_load(struct guest_mem *gm, const struct addr_layout *layout, const char *path,
			 const char *sysroot, struct elf_image *out, char *err, size_t errlen)
{
	memset(out, 0, sizeof(*out));
	uint8_t *data;
	size_t size;
	enum load_error r = elf_read_file(path, &data, &size, err, errlen);
	if (r != LOAD_OK)
		return r;
	r = load_program(gm, layout, data, size, true, sysroot, out, err, errlen);
	free(data);
	return r;
}

enum load_error elf_load_buffer(struct guest_mem *gm, const struct addr_layout *layout,
				const void *data, size_t size, struct elf_image *out,
				char *err, size_t errlen)
{
	return load_program(gm, layout, data, size, false, NULL, out, err, errlen);
}
