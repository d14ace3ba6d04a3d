/* The symbolizer on libdwfl: see symbolizer.h. One Dwfl per object, reported offline (at its
 * link-time addresses): an object may be mapped at several places, and a guest address becomes
 * a link-time one through the bias of the range holding it. */
#include "symbols/symbolizer.h"

#include <elfutils/libdwfl.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "symbols/debug_cache.h"
#include "symbols/debug_find.h"
#include "symbols/plt_names.h"
#include "symbols/sym_index.h"

struct load_seg {
	uint64_t offset, vaddr, filesz;
	bool exec;
};

enum obj_state { OBJ_UNOPENED, OBJ_OPEN, OBJ_UNREADABLE };
enum dwarf_state { DWARF_UNKNOWN, DWARF_OK, DWARF_NONE };

struct sym_object {
	enum obj_state state;
	enum dwarf_state dwarf;
	Dwfl *dwfl;
	Dwfl_Module *mod;
	uint64_t dwfl_bias;		/* a Dwfl address is the link-time address plus this */
	struct load_seg *segs;
	size_t nsegs;
	struct sym_index syms;		/* link-time addresses */
	struct symbolizer *owner;	/* for find_debuginfo */
	bool warned_debug;		/* the debug-file mismatch warning was given */
	char **own_strings;		/* strings kept here (symbol names, absolute source
					 * paths), to free */
	size_t nown_strings, own_cap;
	int fd;				/* the object file, to see it shrink (-1: not open) */
	uint64_t size;			/* its size when it was opened */
	uint64_t plt_lo, plt_hi;	/* its .plt section, link-time (empty: none) */
	bool size_checked;		/* checked once after the guest stopped */
	bool lines_asked;		/* a source line of it was asked (its debug file then
					 * comes from the cache, written if missing) */
	bool debug_uncached;		/* its Dwfl holds a separate debug file as it is */
	struct joined_file *joined;	/* JOINED_SLOTS absolute paths of relative line files */
};

/* A relative source file of the line table and its absolute path (kept with the object): the
 * same few files come back for every address of a function, and joining them again at each
 * lookup measured 150 ms of python3's --callgrind (an asprintf per address). */
struct joined_file {
	const char *file, *joined;
};
enum { JOINED_SLOTS = 256 };

struct symbolizer {
	const struct objmap *map;
	uint64_t mask;
	FILE *warn;
	char *debug_path;		/* libdwfl's debuginfo_path string */
	char *debug_dirs[2];		/* sysroot's /usr/lib/debug (or NULL), the host's */
	Dwfl_Callbacks callbacks;
	struct sym_object **objs;	/* by object index of the map; each allocated alone, since
					 * libdwfl keeps its address (the module's userdata) */
	size_t nobjs;
	bool guest_stopped;		/* see symbolizer_guest_stopped */
	bool asking_lines;		/* the lookup under way wants a source line */
	char name[PATH_MAX + 32];	/* the last fallback name */
};

const char *symbolizer_short_name(const char *object)
{
	if (!object)
		return "???";
	const char *slash = strrchr(object, '/');
	return slash && slash[1] ? slash + 1 : object;
}

static void warn(struct symbolizer *s, const char *path, const char *what)
{
	if (s->warn)
		fprintf(s->warn, "profemu: warning: %s: %s\n", path, what);
}

/* libdwfl's search, and a warning when it found nothing but a debug file is there: one whose
 * build-id does not match the object's. Where no file is at any of the places libdwfl looks
 * (debug_find_candidate's, the same) and no debuginfod server is configured, libdwfl is not
 * asked: having found nothing it would load libdebuginfod (and with it libcurl and its TLS
 * libraries) to learn that no server is set, 30 ms of CPU measured on the first object without
 * a debug file, such as a stripped Debian python3 without its -dbgsym package. */
static int find_debuginfo(Dwfl_Module *mod, void **userdata, const char *modname, Dwarf_Addr base,
			  const char *file_name, const char *debuglink_file, GElf_Word debuglink_crc,
			  char **debuginfo_file_name)
{
	const unsigned char *id;
	GElf_Addr id_at;
	int idlen = dwfl_module_build_id(mod, &id, &id_at);
	struct sym_object *o = *userdata;
	struct symbolizer *s = o ? o->owner : NULL;
	char found[PATH_MAX], link[NAME_MAX + 8];
	/* without a .gnu_debuglink, libdwfl looks for the object's own name + ".debug" */
	if (!debuglink_file && file_name) {
		snprintf(link, sizeof(link), "%s.debug", symbolizer_short_name(file_name));
		debuglink_file = link;
	}
	bool candidate = s && debug_find_candidate(s->debug_dirs, 2, file_name, debuglink_file,
						   idlen > 0 ? id : NULL, idlen > 0 ? (size_t)idlen : 0,
						   found, sizeof(found));
	const char *servers = getenv("DEBUGINFOD_URLS");
	if (s && !candidate && (!servers || !*servers)) {
		errno = ENOENT;
		return -1;
	}
	/* A compressed debug file's uncompressed copy (libdw would inflate it all on every run),
	 * asked before libdwfl, which opens a file it finds by build-id itself. The name given
	 * back is the original's, which a .gnu_debugaltlink is relative to. */
	if (candidate && idlen > 0) {
		/* names alone read the debug file's symbol table, which needs no inflating: the
		 * copy is made when a line is asked (source_line then opens the object again) */
		bool lines = o->lines_asked || s->asking_lines;
		int copy = lines ? debug_cache_open(found, id, (size_t)idlen)
				 : debug_cache_find(found, id, (size_t)idlen);
		if (copy >= 0) {
			*debuginfo_file_name = strdup(found);
			return copy;
		}
		o->debug_uncached = !lines;
	}
	int fd = dwfl_standard_find_debuginfo(mod, userdata, modname, base, file_name,
					      debuglink_file, debuglink_crc, debuginfo_file_name);
	if (fd >= 0)
		return fd;
	if (candidate && !o->warned_debug) {
		char msg[PATH_MAX + 96];
		snprintf(msg, sizeof(msg), "debug file %s does not match it (build-id): no source lines",
			 found);
		warn(s, file_name, msg);
		o->warned_debug = true;
	}
	return fd;
}

struct symbolizer *symbolizer_new(const struct objmap *map, const char *sysroot, uint64_t addr_mask,
				  FILE *warn_to)
{
	struct symbolizer *s = calloc(1, sizeof(*s));
	if (!s)
		return NULL;
	s->map = map;
	s->mask = addr_mask;
	s->warn = warn_to;
	bool foreign = sysroot && *sysroot && strcmp(sysroot, "/") != 0;
	if (foreign && asprintf(&s->debug_dirs[0], "%s/usr/lib/debug", sysroot) < 0)
		s->debug_dirs[0] = NULL;
	s->debug_dirs[1] = strdup("/usr/lib/debug");
	/* The object's own directory, its .debug/, then the debug trees: the sysroot's first. */
	if (!s->debug_dirs[1] || (foreign && !s->debug_dirs[0]) ||
	    asprintf(&s->debug_path, ":.debug:%s%s%s", foreign ? s->debug_dirs[0] : "",
		     foreign ? ":" : "", s->debug_dirs[1]) < 0) {
		s->debug_path = NULL;
		symbolizer_free(s);
		return NULL;
	}
	s->callbacks.find_debuginfo = find_debuginfo;
	s->callbacks.section_address = dwfl_offline_section_address;
	s->callbacks.debuginfo_path = &s->debug_path;
	return s;
}

static void object_free(struct sym_object *o)
{
	if (o->dwfl)
		dwfl_end(o->dwfl);
	if (o->state != OBJ_UNOPENED && o->fd >= 0)
		close(o->fd);
	free(o->segs);
	free(o->joined);
	sym_index_free(&o->syms);
	for (size_t i = 0; i < o->nown_strings; i++)
		free(o->own_strings[i]);
	free(o->own_strings);
}

void symbolizer_free(struct symbolizer *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->nobjs; i++) {
		if (s->objs[i])
			object_free(s->objs[i]);
		free(s->objs[i]);
	}
	free(s->objs);
	free(s->debug_path);
	free(s->debug_dirs[0]);
	free(s->debug_dirs[1]);
	free(s);
}

static bool read_segments(struct sym_object *o, Elf *elf)
{
	size_t n;
	if (elf_getphdrnum(elf, &n) != 0)
		return false;
	o->segs = calloc(n ? n : 1, sizeof(*o->segs));
	if (!o->segs)
		return false;
	for (size_t i = 0; i < n; i++) {
		GElf_Phdr ph;
		if (gelf_getphdr(elf, (int)i, &ph) && ph.p_type == PT_LOAD)
			o->segs[o->nsegs++] = (struct load_seg){ ph.p_offset, ph.p_vaddr, ph.p_filesz,
								 (ph.p_flags & PF_X) != 0 };
	}
	return o->nsegs > 0;
}

/* copy (malloc'd, or NULL) kept with the object; NULL (copy freed) if out of memory. */
static const char *keep_string(struct sym_object *o, char *copy)
{
	if (copy && o->nown_strings == o->own_cap) {
		size_t cap = o->own_cap ? 2 * o->own_cap : 64;
		char **p = realloc(o->own_strings, cap * sizeof(*p));
		if (!p) {
			free(copy);
			return NULL;
		}
		o->own_strings = p;
		o->own_cap = cap;
	}
	if (copy)
		o->own_strings[o->nown_strings++] = copy;
	return copy;
}

/* A copy of name without its symbol version ("__libc_start_main@@GLIBC_2.34" is
 * __libc_start_main, as valgrind and perf show it); NULL if out of memory. Copied because
 * libelf's strings live in the file's mapping, which faults (SIGBUS) where the file has
 * shrunk since. */
static const char *unversioned(struct sym_object *o, const char *name)
{
	const char *at = strchr(name, '@');
	return keep_string(o, strndup(name, at && at != name ? (size_t)(at - name) : strlen(name)));
}

/* Code symbols: functions, IFUNC resolvers, processor-specific code symbols (PA-RISC's
 * millicode is STT_PARISC_MILLI) and untyped labels in executable sections (hand-written
 * assembly), from .symtab (the object's or its debug file's), else .dynsym: libdwfl picks. */
static bool read_symbols(struct sym_object *o)
{
	int n = dwfl_module_getsymtab(o->mod);
	for (int i = 1; i < n; i++) {
		GElf_Sym sym;
		GElf_Addr addr;
		GElf_Word shndx;
		Elf *elf;
		Dwarf_Addr bias;
		const char *name = dwfl_module_getsym_info(o->mod, i, &sym, &addr, &shndx, &elf, &bias);
		int type = GELF_ST_TYPE(sym.st_info);
		if (!name || !*name || shndx == SHN_UNDEF || shndx == SHN_ABS || !elf)
			continue;
		GElf_Shdr sh;
		Elf_Scn *scn = elf_getscn(elf, shndx);
		if (!scn || !gelf_getshdr(scn, &sh) || !(sh.sh_flags & SHF_ALLOC))
			continue;
		bool in_exec = (sh.sh_flags & SHF_EXECINSTR) != 0;
		bool code = type == STT_FUNC || type == STT_GNU_IFUNC ||
			    ((type == STT_NOTYPE || (type >= STT_LOPROC && type <= STT_HIPROC)) && in_exec);
		if (!code)
			continue;
		name = unversioned(o, name);
		if (!name)
			return false;
		uint64_t sec_lo = sh.sh_addr + bias - o->dwfl_bias;
		struct sym_index_entry e = {
			.addr = addr - o->dwfl_bias, .size = sym.st_size, .name = name,
			.sec_lo = sec_lo, .sec_hi = sec_lo + sh.sh_size,
			.rank = sym_index_rank(GELF_ST_BIND(sym.st_info), sym.st_size),
		};
		if (!sym_index_add(&o->syms, &e))
			return false;
	}
	return sym_index_finish(&o->syms);
}

/* A PLT stub's name ("qsort@plt", ".PLT0"), kept with the object. */
static bool add_plt(void *ctx, uint64_t addr, uint64_t size, const char *name)
{
	struct sym_object *o = ctx;
	const char *copy = keep_string(o, strdup(name));
	if (!copy)
		return false;
	struct sym_index_entry e = { addr, size, copy, addr, addr + size, 0 };
	return sym_index_add(&o->syms, &e);
}

/* Opens object i as it was mapped; on failure it is named by offsets, after one warning. */
static void open_object(struct symbolizer *s, struct sym_object *o, const struct objmap_object *mo)
{
	o->state = OBJ_UNREADABLE;
	o->dwarf = DWARF_NONE;
	o->fd = -1;
	struct stat st;
	if (stat(mo->path, &st) != 0 || (uint64_t)st.st_dev != mo->dev || (uint64_t)st.st_ino != mo->ino) {
		warn(s, mo->path, "deleted or replaced since it was mapped: its code is named by "
				  "file offset");
		return;
	}
	int fd = open(mo->path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		warn(s, mo->path, "cannot be read: its code is named by file offset");
		return;
	}
	o->size = (uint64_t)st.st_size;
	o->fd = dup(fd);
	o->dwfl = dwfl_begin(&s->callbacks);
	if (o->dwfl) {
		dwfl_report_begin(o->dwfl);
		o->mod = dwfl_report_offline(o->dwfl, symbolizer_short_name(mo->path), mo->path, fd);
		dwfl_report_end(o->dwfl, NULL, NULL);
	}
	if (!o->mod) {
		close(fd);	/* consumed only on success */
		warn(s, mo->path, "not a readable ELF object: its code is named by file offset");
		return;
	}
	void **userdata;
	dwfl_module_info(o->mod, &userdata, NULL, NULL, NULL, NULL, NULL, NULL);
	o->owner = s;
	*userdata = o;		/* find_debuginfo's, to warn */
	GElf_Addr bias = 0;
	Elf *elf = dwfl_module_getelf(o->mod, &bias);
	if (!elf || !read_segments(o, elf)) {
		warn(s, mo->path, "not a readable ELF object: its code is named by file offset");
		return;
	}
	o->dwfl_bias = bias;
	o->syms.sized_ends = true;
	o->dwarf = DWARF_UNKNOWN;
	o->state = OBJ_OPEN;
	if (!plt_section(elf, &o->plt_lo, &o->plt_hi))
		o->plt_lo = o->plt_hi = 0;
	if (!plt_names(elf, add_plt, o) || !read_symbols(o))
		sym_index_free(&o->syms);	/* out of memory: offsets only */
}

static struct sym_object *object_at(struct symbolizer *s, uint32_t idx)
{
	if (idx >= s->nobjs) {
		size_t n = s->map->nobjects;
		struct sym_object **p = realloc(s->objs, n * sizeof(*p));
		if (!p)
			return NULL;
		memset(p + s->nobjs, 0, (n - s->nobjs) * sizeof(*p));
		s->objs = p;
		s->nobjs = n;
	}
	if (!s->objs[idx] && !(s->objs[idx] = calloc(1, sizeof(**s->objs))))
		return NULL;
	struct sym_object *o = s->objs[idx];
	if (o->state == OBJ_UNOPENED)
		open_object(s, o, &s->map->objects[idx]);
	return o;
}

/* The bias of range r: from the load segment its file bytes overlap most (an executable one
 * preferred), as the kernel placed it. false if none does. */
static bool range_bias(const struct sym_object *o, const struct objmap_range *r, uint64_t *bias)
{
	uint64_t len = r->end - r->start, best = 0;
	const struct load_seg *pick = NULL;
	for (size_t i = 0; i < o->nsegs; i++) {
		const struct load_seg *g = &o->segs[i];
		uint64_t lo = g->offset > r->file_off ? g->offset : r->file_off;
		uint64_t g_end = g->offset + g->filesz, r_end = r->file_off + len;
		uint64_t hi = g_end < r_end ? g_end : r_end;
		uint64_t overlap = hi > lo ? hi - lo : 0;
		if (!overlap)
			continue;
		uint64_t score = overlap + (g->exec ? UINT64_MAX / 2 : 0);
		if (!pick || score > best) {
			pick = g;
			best = score;
		}
	}
	if (!pick)
		return false;
	*bias = r->start + (pick->offset - r->file_off) - pick->vaddr;
	return true;
}

/* Whether the object's file is shorter than when it was opened (truncated in place, as a
 * guest may do to a module it has mapped): libelf's mapping of it then faults (SIGBUS) past
 * the new end, so nothing more is read from it, after one warning. Its names were copied.
 * Once the guest has stopped, checked once per object. */
static bool shrank(struct symbolizer *s, struct sym_object *o, const char *path)
{
	struct stat st;
	if (o->fd < 0 || o->size_checked)
		return false;
	o->size_checked = s->guest_stopped;
	if (fstat(o->fd, &st) != 0 || (uint64_t)st.st_size >= o->size)
		return false;
	warn(s, path, "shrank since it was read: no more source lines");
	o->dwarf = DWARF_NONE;
	return true;
}

/* o's Dwfl made again for its lines, when its debug file was taken as it is for names alone
 * (compressed, libdw would inflate it at every run): find_debuginfo now takes the cached copy,
 * writing it if missing. The symbols read are kept; false if the object cannot be read again
 * at the same place. */
static bool reopen_for_lines(struct symbolizer *s, struct sym_object *o, const char *path)
{
	o->lines_asked = true;
	if (!o->debug_uncached)
		return true;
	o->debug_uncached = false;
	int fd = o->fd >= 0 ? dup(o->fd) : -1;
	Dwfl *dwfl = fd >= 0 ? dwfl_begin(&s->callbacks) : NULL;
	Dwfl_Module *mod = NULL;
	if (dwfl) {
		dwfl_report_begin(dwfl);
		mod = dwfl_report_offline(dwfl, symbolizer_short_name(path), path, fd);
		dwfl_report_end(dwfl, NULL, NULL);
	}
	if (!mod) {
		if (fd >= 0)
			close(fd);	/* consumed only on success */
		if (dwfl)
			dwfl_end(dwfl);
		return false;
	}
	void **userdata;
	dwfl_module_info(mod, &userdata, NULL, NULL, NULL, NULL, NULL, NULL);
	*userdata = o;
	GElf_Addr bias = 0;
	if (!dwfl_module_getelf(mod, &bias) || bias != o->dwfl_bias) {
		dwfl_end(dwfl);
		return false;
	}
	dwfl_end(o->dwfl);
	o->dwfl = dwfl;
	o->mod = mod;
	return true;
}

/* A relative line-table file under its compile unit's directory; file itself when that is
 * not absolute or memory is short. libdw's file strings live as long as the object's Dwfl. */
static const char *absolute_file(struct sym_object *o, Dwfl_Line *line, const char *file)
{
	if (!o->joined && !(o->joined = calloc(JOINED_SLOTS, sizeof(*o->joined))))
		return file;
	struct joined_file *slot = &o->joined[((uintptr_t)file >> 3) % JOINED_SLOTS];
	if (slot->file == file)
		return slot->joined;
	const char *dir = dwfl_line_comp_dir(line);
	char *joined;
	if (!dir || *dir != '/' || asprintf(&joined, "%s/%s", dir, file) < 0 || !keep_string(o, joined))
		return file;
	*slot = (struct joined_file){ file, joined };
	return joined;
}

/* Source file and line of a link-time address, after one warning if the DWARF is unusable. */
static void source_line(struct symbolizer *s, struct sym_object *o, const char *path, uint64_t link,
			struct sym_loc *out)
{
	if (o->dwarf == DWARF_NONE || shrank(s, o, path))
		return;
	if (o->dwarf == DWARF_UNKNOWN) {
		Dwarf_Addr b;
		o->dwarf = reopen_for_lines(s, o, path) && dwfl_module_getdwarf(o->mod, &b) ? DWARF_OK
											: DWARF_NONE;
		if (o->dwarf == DWARF_NONE) {
			const char *why = dwfl_errmsg(-1);
			if (!strstr(why, "No DWARF")) {
				char msg[256];
				snprintf(msg, sizeof(msg), "unusable DWARF (%s): no source lines", why);
				warn(s, path, msg);
			}
			return;
		}
	}
	Dwfl_Line *line = dwfl_module_getsrc(o->mod, link + o->dwfl_bias);
	if (!line) {
		const char *why = dwfl_errmsg(-1);
		/* An address outside every compile unit (assembly, a PLT) is no fault of the DWARF. */
		if (!strstr(why, "no matching address range") && !strstr(why, "address out of range") &&
		    !strstr(why, "No DWARF")) {
			char msg[256];
			snprintf(msg, sizeof(msg), "unusable DWARF (%s): no more source lines", why);
			warn(s, path, msg);
			o->dwarf = DWARF_NONE;
		}
		return;
	}
	int lineno = 0;
	const char *file = dwfl_lineinfo(line, NULL, &lineno, NULL, NULL, NULL);
	if (!file || lineno <= 0)
		return;
	if (file[0] != '/')
		file = absolute_file(o, line, file);
	out->file = file;
	out->line = (unsigned)lineno;
}

static void lookup(struct symbolizer *s, uint64_t addr, struct sym_loc *out, bool lines)
{
	addr &= s->mask;
	*out = (struct sym_loc){ .func = s->name, .func_start = addr };
	const struct objmap_range *r = s->map ? objmap_find(s->map, addr) : NULL;
	if (!r) {
		snprintf(s->name, sizeof(s->name), "0x%" PRIx64, addr);
		return;
	}
	const char *path = s->map->objects[r->object].path;
	out->object = path;
	s->asking_lines = lines;
	struct sym_object *o = object_at(s, r->object);
	uint64_t bias;
	if (!o || o->state != OBJ_OPEN || !range_bias(o, r, &bias)) {
		snprintf(s->name, sizeof(s->name), "%s+0x%" PRIx64, symbolizer_short_name(path),
			 r->file_off + (addr - r->start));
		return;
	}
	uint64_t link = (addr - bias) & s->mask;
	out->has_link = true;
	out->link = link;
	out->in_plt = link >= o->plt_lo && link < o->plt_hi;
	const struct sym_index_entry *e = sym_index_lookup(&o->syms, link);
	if (e) {
		out->func = e->name;
		out->named = true;
		out->func_start = (e->addr + bias) & s->mask;
	} else {
		snprintf(s->name, sizeof(s->name), "%s+0x%" PRIx64, symbolizer_short_name(path), link);
	}
	if (lines)
		source_line(s, o, path, link, out);
}

void symbolizer_guest_stopped(struct symbolizer *s)
{
	if (s)
		s->guest_stopped = true;
}

void symbolizer_lookup(struct symbolizer *s, uint64_t addr, struct sym_loc *out)
{
	lookup(s, addr, out, true);
}

void symbolizer_function(struct symbolizer *s, uint64_t addr, struct sym_loc *out)
{
	lookup(s, addr, out, false);
}

int symbolizer_describe(struct symbolizer *s, uint64_t addr, char *buf, size_t len)
{
	struct sym_loc loc;
	if (!s) {
		return snprintf(buf, len, "0x%" PRIx64, addr);
	}
	symbolizer_lookup(s, addr, &loc);
	int n;
	if (loc.named)
		n = snprintf(buf, len, "%s+0x%" PRIx64 " in %s", loc.func, (addr & s->mask) - loc.func_start,
			     symbolizer_short_name(loc.object));
	else
		n = snprintf(buf, len, "%s", loc.func);
	if (loc.file && n >= 0 && (size_t)n < len)
		n += snprintf(buf + n, len - (size_t)n, " at %s:%u", loc.file, loc.line);
	return n;
}
