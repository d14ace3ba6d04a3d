/* The initial stack of a new program, laid out as Linux's execve does (fs/exec.c, and
 * create_elf_tables in fs/binfmt_elf.c), in either direction of growth. The layout's data
 * (loader.h) says which, and the few other facts that differ between architectures.
 *
 * A stack that grows down (x86, IA-64), from the top down:
 *
 *   stack_top - word     a zero word
 *                        execfn string (AT_EXECFN)
 *                        envp strings, envp[0] lowest; then argv strings, argv[0] lowest
 *                        (aligned down to strings_align: x86's arch_align_stack)
 *                        platform string (AT_PLATFORM)
 *                        16 random bytes (AT_RANDOM)
 *                        padding, so that argc is 16-byte aligned (STACK_ROUND)
 *   argc ->              argc, argv[0..argc-1], NULL, envp[...], NULL, auxv pairs, AT_NULL pair
 *   sp = argc + sp_offset (IA-64: 16 bytes below argc)
 *
 * A stack that grows up (hppa, CONFIG_STACK_GROWSUP), from the bottom up:
 *
 *   stack_top - size     unused, up to the strings (the kernel builds the strings in the
 *                        top pages of a temporary stack, then moves those pages down to the
 *                        stack's base: setup_arg_pages)
 *                        argv strings, argv[0] lowest; envp strings; execfn string
 *   P - word             a zero word, P being the first page boundary above the strings
 *   P                    platform string, then the 16 random bytes (unaligned: the hppa
 *                        arch_align_stack aligns nothing)
 *                        padding, so that the END of the tables is 16-byte aligned
 *   argc ->              argc, argv[], NULL, envp[], NULL, auxv pairs, AT_NULL pair
 *   E                    (16-aligned)
 *   sp = E rounded up to 64 (parisc start_thread: r30 = (E + 63) & ~63); the frame marker
 *   and argument save area the start code builds lie just below sp, above the tables.
 *
 * Every word is in the guest's width and byte order. There is no AT_SYSINFO(_EHDR): without a
 * vDSO or gate page, glibc falls back to its trap instruction. A vDSO would gain nothing: the
 * guest's clocks are virtual (counted in retired instructions), so its functions could only
 * make the same system call (x86-64 clock_gettime is 19 guest instructions and one system call
 * without it, glibc 2.36 static and dynamic alike). */
#include "loader.h"

#include <elf.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Linux refuses a single argument or environment string longer than 32 pages. */
#define MAX_ARG_STRLEN (32 * 4096)

#define AUXV_PAIRS 18	/* the entries written below, AT_NULL included */

struct stack_writer {
	struct guest_mem *gm;
	uint64_t p;	/* the lowest byte written so far */
	int err;	/* the first error */
};

/* Pushes a NUL-terminated string; returns its guest address. */
static uint64_t push_string(struct stack_writer *w, const char *s)
{
	size_t len = strlen(s) + 1;
	w->p -= len;
	if (!w->err)
		w->err = gm_write(w->gm, w->p, s, len);
	return w->p;
}

static void put_word(struct stack_writer *w, uint64_t at, uint64_t value)
{
	if (!w->err)
		w->err = gm_put_word(w->gm, at, value);
}

/* The kernel's STACK_ALLOC: len bytes at p in the direction of growth; returns their start. */
static uint64_t stack_alloc(const struct addr_layout *L, uint64_t *p, uint64_t len)
{
	if (L->stack_grows_up) {
		*p += len;
		return *p - len;
	}
	*p -= len;
	return *p;
}

/* p aligned to align (a power of two), moving in the direction of growth. */
static uint64_t align_toward_growth(const struct addr_layout *L, uint64_t p, uint64_t align)
{
	if (align <= 1)
		return p;
	return L->stack_grows_up ? (p + align - 1) & ~(align - 1) : p & ~(align - 1);
}

/* The bytes the strings and pointers take, counted as Linux does against a quarter of the stack
 * limit; -1 if a string is too long or the total exceeds limit. */
static long long strings_size(int argc, char *const *argv, size_t envc, char *const *envp,
			      const char *execfn, const char *platform, unsigned word, uint64_t limit)
{
	uint64_t total = strlen(execfn) + 1 + (platform ? strlen(platform) + 1 : 0) + 16;
	total += ((uint64_t)argc + envc + 3) * word;
	for (size_t i = 0; i < (size_t)argc + envc; i++) {
		const char *s = i < (size_t)argc ? argv[i] : envp[i - (size_t)argc];
		size_t len = strnlen(s, MAX_ARG_STRLEN + 1) + 1;
		if (len > MAX_ARG_STRLEN)
			return -1;
		total += len;
		if (total > limit)
			return -1;
	}
	return total > limit ? -1 : (long long)total;
}

/* The argument, environment and execfn strings with the zero word after them. */
static uint64_t strings_bytes(int argc, char *const *argv, size_t envc, char *const *envp,
			      const char *execfn, unsigned word)
{
	uint64_t n = strlen(execfn) + 1 + word;
	for (size_t i = 0; i < (size_t)argc; i++)
		n += strlen(argv[i]) + 1;
	for (size_t i = 0; i < envc; i++)
		n += strlen(envp[i]) + 1;
	return n;
}

static bool layout_is_valid(const struct guest_mem *gm, const struct addr_layout *L)
{
	uint64_t top = L->stack_top, size = L->stack_size;
	bool pow2 = L->strings_align && !(L->strings_align & (L->strings_align - 1)) && L->sp_align &&
		    !(L->sp_align & (L->sp_align - 1));
	return (gm->word_size == 4 || gm->word_size == 8) && size != 0 && size <= top &&
	       !((top | size) & (gm->page_size - 1)) && pow2;
}

int stack_build_at(struct guest_mem *gm, const struct addr_layout *layout,
		   const struct elf_image *img, const struct stack_params *sp,
		   struct initial_stack *out)
{
	if (!gm || !layout || !img || !sp || !out || sp->argc < 0 || (sp->argc && !sp->argv))
		return -EINVAL;
	if (!layout_is_valid(gm, layout))
		return -EINVAL;
	unsigned word = gm->word_size;
	uint64_t top = layout->stack_top, size = layout->stack_size;
	for (int i = 0; i < sp->argc; i++)
		if (!sp->argv[i])
			return -EINVAL;
	size_t envc = 0;
	while (sp->envp && sp->envp[envc])
		envc++;
	const char *execfn = sp->execfn ? sp->execfn : sp->argc ? sp->argv[0] : "";
	if (strings_size(sp->argc, sp->argv, envc, sp->envp, execfn, sp->platform, word, size / 4) < 0)
		return -E2BIG;

	/* The stack must not replace anything: an ET_EXEC program could sit there. */
	uint64_t bottom = top - size;
	if (!gm_is_free(gm, bottom, size))
		return -ENOMEM;
	int prot = GM_PROT_READ | GM_PROT_WRITE | (img->stack_exec ? GM_PROT_EXEC : 0);
	int err = gm_map(gm, bottom, size, prot);
	if (err)
		return err;

	uint64_t *addrs = malloc(((size_t)sp->argc + envc + 1) * sizeof(*addrs));
	if (!addrs)
		return -ENOMEM;
	/* The strings end under a zero word at strings_top: the stack's top, or when the stack
	 * grows up, the first page boundary above them at its bottom. */
	uint64_t strings_top = top;
	if (layout->stack_grows_up)
		strings_top = gm_page_up(gm, bottom + strings_bytes(sp->argc, sp->argv, envc, sp->envp,
								      execfn, word));
	struct stack_writer w = { .gm = gm, .p = strings_top - word };	/* the zero word stays zero */
	uint64_t execfn_at = push_string(&w, execfn);
	/* Linux copies the last string first, so that each array's strings ascend in order. */
	for (size_t i = envc; i-- > 0;)
		addrs[(size_t)sp->argc + i] = push_string(&w, sp->envp[i]);
	for (size_t i = (size_t)sp->argc; i-- > 0;)
		addrs[i] = push_string(&w, sp->argv[i]);
	out->strings_at = w.p;

	/* create_elf_tables: from the strings' far end, in the direction of growth. */
	uint64_t p = layout->stack_grows_up ? strings_top : w.p;
	p = align_toward_growth(layout, p, layout->strings_align);
	uint64_t platform_at = 0;
	if (sp->platform) {
		platform_at = stack_alloc(layout, &p, strlen(sp->platform) + 1);
		if (!w.err)
			w.err = gm_write(gm, platform_at, sp->platform, strlen(sp->platform) + 1);
	}
	uint64_t random_at = stack_alloc(layout, &p, sizeof(sp->random));
	if (!w.err)
		w.err = gm_write(gm, random_at, sp->random, sizeof(sp->random));

	const uint64_t auxv[AUXV_PAIRS][2] = {
		{ AT_PHDR, img->phdr },
		{ AT_PHENT, img->phent },
		{ AT_PHNUM, img->phnum },
		{ AT_PAGESZ, gm->page_size },
		{ AT_BASE, img->interp_base },
		{ AT_FLAGS, 0 },
		{ AT_ENTRY, img->prog_entry },
		{ AT_UID, sp->uid },
		{ AT_EUID, sp->uid },
		{ AT_GID, sp->gid },
		{ AT_EGID, sp->gid },
		{ AT_CLKTCK, sp->clktck },
		{ AT_RANDOM, random_at },
		{ AT_HWCAP, sp->hwcap },
		{ AT_PLATFORM, platform_at },
		{ AT_EXECFN, execfn_at },
		{ AT_SECURE, 0 },
		{ AT_NULL, 0 },
	};
	size_t pairs = sp->platform ? AUXV_PAIRS : AUXV_PAIRS - 1;	/* no string, no entry */
	uint64_t table = ((uint64_t)sp->argc + 1 + envc + 1 + 1 + 2 * pairs) * word;
	/* STACK_ROUND: the end of the tables nearest the strings is 16-byte aligned. */
	uint64_t at = layout->stack_grows_up ? align_toward_growth(layout, p + table, 16) - table
					      : align_toward_growth(layout, p - table, 16);
	uint64_t anchor = layout->stack_grows_up ? at + table : at;
	uint64_t sp_value = align_toward_growth(layout, anchor, layout->sp_align) +
			    (uint64_t)(int64_t)layout->sp_offset;
	if (at < bottom || at + table > top || sp_value < bottom || sp_value >= top) {
		free(addrs);
		return -E2BIG;
	}

	out->argc_at = at;
	put_word(&w, at, (uint64_t)sp->argc);
	at += word;
	out->argv_at = at;
	for (size_t i = 0; i < (size_t)sp->argc; i++, at += word)
		put_word(&w, at, addrs[i]);
	put_word(&w, at, 0);
	at += word;
	out->envp_at = at;
	for (size_t i = 0; i < envc; i++, at += word)
		put_word(&w, at, addrs[(size_t)sp->argc + i]);
	put_word(&w, at, 0);
	at += word;
	out->auxv_at = at;
	for (size_t i = 0; i < AUXV_PAIRS; i++) {
		if (auxv[i][0] == AT_PLATFORM && !sp->platform)
			continue;
		put_word(&w, at, auxv[i][0]);
		put_word(&w, at + word, auxv[i][1]);
		at += 2 * word;
	}
	free(addrs);
	if (w.err)
		return w.err;
	out->sp = sp_value;
	return 0;
}

int stack_build(struct guest_mem *gm, const struct addr_layout *layout, const struct elf_image *img,
		const struct stack_params *sp, uint64_t *sp_out)
{
	struct initial_stack st;
	if (!sp_out)
		return -EINVAL;
	int err = stack_build_at(gm, layout, img, sp, &st);
	if (!err)
		*sp_out = st.sp;
	return err;
}
