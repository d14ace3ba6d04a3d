/* The initial stack of a new program, laid out as Linux's execve does (fs/exec.c and
 * create_elf_tables in fs/binfmt_elf.c), from the top down:
 *
 *   stack_top - word     a zero word
 *                        execfn string (AT_EXECFN)
 *                        envp strings, envp[0] lowest; then argv strings, argv[0] lowest
 *                        (aligned down to 16)
 *                        platform string (AT_PLATFORM)
 *                        16 random bytes (AT_RANDOM)
 *                        padding, so that sp is 16-byte aligned
 *   sp ->                argc, argv[0..argc-1], NULL, envp[...], NULL, auxv pairs, AT_NULL pair
 *
 * Every word is in the guest's width and byte order. There is no AT_SYSINFO(_EHDR): without a
 * vDSO, glibc falls back to int 0x80 / syscall. */
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

int stack_build(struct guest_mem *gm, const struct addr_layout *layout, const struct elf_image *img,
		const struct stack_params *sp, uint64_t *sp_out)
{
	if (!gm || !layout || !img || !sp || !sp_out || sp->argc < 0 || (sp->argc && !sp->argv))
		return -EINVAL;
	unsigned word = gm->word_size;
	uint64_t top = layout->stack_top, size = layout->stack_size;
	if ((word != 4 && word != 8) || size == 0 || size > top ||
	    (top | size) & (gm->page_size - 1))
		return -EINVAL;
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
	struct stack_writer w = { .gm = gm, .p = top - word };	/* the zero word stays zero */
	uint64_t execfn_at = push_string(&w, execfn);
	/* Linux copies the last string first, so that each array's strings ascend in order. */
	for (size_t i = envc; i-- > 0;)
		addrs[(size_t)sp->argc + i] = push_string(&w, sp->envp[i]);
	for (size_t i = (size_t)sp->argc; i-- > 0;)
		addrs[i] = push_string(&w, sp->argv[i]);
	w.p &= ~(uint64_t)15;
	uint64_t platform_at = sp->platform ? push_string(&w, sp->platform) : 0;
	w.p -= sizeof(sp->random);
	uint64_t random_at = w.p;
	if (!w.err)
		w.err = gm_write(gm, random_at, sp->random, sizeof(sp->random));

	uint64_t items = (uint64_t)sp->argc + 1 + envc + 1 + 1 + 2 * AUXV_PAIRS;
	uint64_t at = (w.p - items * word) & ~(uint64_t)15;
	uint64_t sp_value = at;
	put_word(&w, at, (uint64_t)sp->argc);
	at += word;
	for (size_t i = 0; i < (size_t)sp->argc; i++, at += word)
		put_word(&w, at, addrs[i]);
	put_word(&w, at, 0);
	at += word;
	for (size_t i = 0; i < envc; i++, at += word)
		put_word(&w, at, addrs[(size_t)sp->argc + i]);
	put_word(&w, at, 0);
	at += word;

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
	for (size_t i = 0; i < AUXV_PAIRS; i++) {
		if (auxv[i][0] == AT_PLATFORM && !sp->platform)
			continue;	/* no platform string, no entry, as Linux */
		put_word(&w, at, auxv[i][0]);
		put_word(&w, at + word, auxv[i][1]);
		at += 2 * word;
	}
	free(addrs);
	if (w.err)
		return w.err;
	*sp_out = sp_value;
	return 0;
}
