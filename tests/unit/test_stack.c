/* The initial stack: built, then read back word by word from guest memory as the guest's
 * start code would, for a 64-bit little-endian, a 32-bit little-endian and a 32-bit
 * big-endian guest. */
#include <criterion/criterion.h>

#include <elf.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "loader/loader.h"

#define MAX_AUX 64

struct parsed_stack {
	uint64_t argc;
	char argv[8][256];
	uint64_t argv_at[8];
	size_t envc;
	char envp[8][256];
	uint64_t envp_at[8];
	uint64_t aux[MAX_AUX][2];
	size_t naux;
};

static uint64_t word_at(struct guest_mem *gm, uint64_t addr)
{
	uint64_t v;
	cr_assert_eq(gm_get_word(gm, addr, &v), 0, "cannot read the word at %#lx", addr);
	return v;
}

static void read_str(struct guest_mem *gm, uint64_t addr, char *dst)
{
	cr_assert(gm_read_str(gm, addr, dst, 256) >= 0, "no string at %#lx", addr);
}

/* Reads argc, argv, envp and auxv back from sp, as a C runtime's _start does. */
static void parse_stack(struct guest_mem *gm, uint64_t sp, struct parsed_stack *ps)
{
	unsigned w = gm->word_size;
	memset(ps, 0, sizeof(*ps));
	ps->argc = word_at(gm, sp);
	cr_assert(ps->argc <= 8);
	uint64_t p = sp + w;
	for (uint64_t i = 0; i < ps->argc; i++, p += w) {
		ps->argv_at[i] = word_at(gm, p);
		read_str(gm, ps->argv_at[i], ps->argv[i]);
	}
	cr_assert_eq(word_at(gm, p), 0, "argv is not NULL-terminated");
	for (p += w; word_at(gm, p); p += w) {
		cr_assert(ps->envc < 8);
		ps->envp_at[ps->envc] = word_at(gm, p);
		read_str(gm, ps->envp_at[ps->envc], ps->envp[ps->envc]);
		ps->envc++;
	}
	for (p += w;; p += 2 * w) {
		cr_assert(ps->naux < MAX_AUX, "auxv without AT_NULL");
		ps->aux[ps->naux][0] = word_at(gm, p);
		ps->aux[ps->naux][1] = word_at(gm, p + w);
		if (ps->aux[ps->naux++][0] == AT_NULL)
			break;
	}
}

/* The value of auxv entry type; fails if absent or repeated. */
static uint64_t aux(const struct parsed_stack *ps, uint64_t type)
{
	int found = -1;
	for (size_t i = 0; i < ps->naux; i++) {
		if (ps->aux[i][0] == type) {
			cr_assert_eq(found, -1, "auxv type %lu twice", type);
			found = (int)i;
		}
	}
	cr_assert_neq(found, -1, "auxv type %lu missing", type);
	return ps->aux[found][1];
}

static bool has_aux(const struct parsed_stack *ps, uint64_t type)
{
	for (size_t i = 0; i < ps->naux; i++)
		if (ps->aux[i][0] == type)
			return true;
	return false;
}

static char *const test_argv[] = { "/bin/prog", "-x", "an argument with spaces", NULL };
static char *const test_envp[] = { "A=1", "HOME=/root", "EMPTY=", NULL };

static struct stack_params params(const char *platform)
{
	struct stack_params sp = {
		.argc = 3, .argv = test_argv, .envp = test_envp,
		.execfn = "/usr/bin/prog", .platform = platform,
		.hwcap = 0x178bfbff, .clktck = 100, .uid = 1000, .gid = 100,
	};
	for (int i = 0; i < 16; i++)
		sp.random[i] = (uint8_t)(0xa0 + i);
	return sp;
}

static const struct elf_image test_image = {
	.entry = 0x7000, .prog_entry = 0x401000, .load_bias = 0, .phdr = 0x400040,
	.phent = 56, .phnum = 10, .interp_base = 0x12345000, .brk = 0x500000,
};

/* Builds a stack in a guest of the given shape and checks every part of it. */
static void check_stack(enum cpu_arch arch, bool big_endian, unsigned word, const char *platform)
{
	const struct addr_layout *L = addr_layout_for(arch);
	struct guest_mem gm;
	gm_init(&gm, L->page_size, L->addr_limit, big_endian, word);
	struct stack_params sp = params(platform);
	uint64_t spv = 0;
	cr_assert_eq(stack_build(&gm, L, &test_image, &sp, &spv), 0);

	cr_expect_eq(spv % 16, 0, "sp %#lx not 16-byte aligned", spv);
	cr_expect(spv < L->stack_top && spv > L->stack_top - L->stack_size);
	cr_expect_eq(gm_region_at(&gm, L->stack_top - L->stack_size)->prot, GM_PROT_READ | GM_PROT_WRITE);
	cr_expect_null(gm_region_at(&gm, L->stack_top));

	struct parsed_stack ps;
	parse_stack(&gm, spv, &ps);
	cr_expect_eq(ps.argc, 3);
	for (int i = 0; i < 3; i++)
		cr_expect_str_eq(ps.argv[i], test_argv[i]);
	cr_expect_eq(ps.envc, 3);
	for (int i = 0; i < 3; i++)
		cr_expect_str_eq(ps.envp[i], test_envp[i]);

	cr_expect_eq(aux(&ps, AT_PHDR), test_image.phdr);
	cr_expect_eq(aux(&ps, AT_PHENT), test_image.phent);
	cr_expect_eq(aux(&ps, AT_PHNUM), test_image.phnum);
	cr_expect_eq(aux(&ps, AT_PAGESZ), L->page_size);
	cr_expect_eq(aux(&ps, AT_BASE), test_image.interp_base);
	cr_expect_eq(aux(&ps, AT_FLAGS), 0);
	cr_expect_eq(aux(&ps, AT_ENTRY), test_image.prog_entry);
	cr_expect_eq(aux(&ps, AT_UID), 1000);
	cr_expect_eq(aux(&ps, AT_EUID), 1000);
	cr_expect_eq(aux(&ps, AT_GID), 100);
	cr_expect_eq(aux(&ps, AT_EGID), 100);
	cr_expect_eq(aux(&ps, AT_CLKTCK), 100);
	cr_expect_eq(aux(&ps, AT_HWCAP), 0x178bfbff);
	cr_expect_eq(aux(&ps, AT_SECURE), 0);
	cr_expect_not(has_aux(&ps, AT_SYSINFO));
	cr_expect_not(has_aux(&ps, AT_SYSINFO_EHDR));
	cr_expect_eq(ps.aux[ps.naux - 1][0], AT_NULL);

	uint8_t random[16];
	cr_assert_eq(gm_read(&gm, aux(&ps, AT_RANDOM), random, 16), 0);
	cr_expect(memcmp(random, sp.random, 16) == 0);
	char s[256];
	uint64_t execfn_at = aux(&ps, AT_EXECFN);
	read_str(&gm, execfn_at, s);
	cr_expect_str_eq(s, "/usr/bin/prog");
	/* As Linux: execfn right under a zero word at the very top. */
	cr_expect_eq(execfn_at + strlen("/usr/bin/prog") + 1, L->stack_top - word);
	cr_expect_eq(word_at(&gm, L->stack_top - word), 0);
	/* The strings in order: argv's, then envp's, then execfn. */
	cr_expect(ps.argv_at[0] < ps.argv_at[1] && ps.argv_at[2] < ps.envp_at[0] &&
		  ps.envp_at[2] < execfn_at);
	cr_expect_eq(ps.argv_at[1], ps.argv_at[0] + strlen(test_argv[0]) + 1);
	if (platform) {
		read_str(&gm, aux(&ps, AT_PLATFORM), s);
		cr_expect_str_eq(s, platform);
	} else {
		cr_expect_not(has_aux(&ps, AT_PLATFORM));
	}
	/* Everything the tables point at lies above the tables. */
	cr_expect(aux(&ps, AT_RANDOM) >= spv + (1 + 3 + 1 + 3 + 1 + 2 * ps.naux) * word);
	gm_destroy(&gm);
}

Test(stack, x86_64)
{
	check_stack(CPU_ARCH_X86_64, false, 8, "x86_64");
}

Test(stack, i386)
{
	check_stack(CPU_ARCH_I386, false, 4, "i686");
}

Test(stack, big_endian_32)
{
	check_stack(CPU_ARCH_HPPA, true, 4, "PARISC");
}

Test(stack, no_platform)
{
	check_stack(CPU_ARCH_X86_64, false, 8, NULL);
}

Test(stack, big_endian_bytes)
{
	const struct addr_layout *L = addr_layout_for(CPU_ARCH_HPPA);
	struct guest_mem gm;
	gm_init(&gm, L->page_size, L->addr_limit, true, 4);
	struct stack_params sp = params("PARISC");
	uint64_t spv;
	cr_assert_eq(stack_build(&gm, L, &test_image, &sp, &spv), 0);
	uint8_t raw[4];
	cr_assert_eq(gm_read(&gm, spv, raw, 4), 0);
	cr_expect(raw[0] == 0 && raw[1] == 0 && raw[2] == 0 && raw[3] == 3, "argc not big-endian");
	gm_destroy(&gm);
}

Test(stack, empty_argv_and_envp)
{
	const struct addr_layout *L = addr_layout_for(CPU_ARCH_X86_64);
	struct guest_mem gm;
	gm_init(&gm, L->page_size, L->addr_limit, false, 8);
	struct stack_params sp = { .argc = 0, .argv = NULL, .envp = NULL, .execfn = NULL };
	uint64_t spv;
	cr_assert_eq(stack_build(&gm, L, &test_image, &sp, &spv), 0);
	cr_expect_eq(spv % 16, 0);
	struct parsed_stack ps;
	parse_stack(&gm, spv, &ps);
	cr_expect_eq(ps.argc, 0);
	cr_expect_eq(ps.envc, 0);
	char s[256];
	read_str(&gm, aux(&ps, AT_EXECFN), s);
	cr_expect_str_eq(s, "");
	gm_destroy(&gm);
}

Test(stack, executable_when_asked)
{
	const struct addr_layout *L = addr_layout_for(CPU_ARCH_I386);
	struct guest_mem gm;
	gm_init(&gm, L->page_size, L->addr_limit, false, 4);
	struct elf_image img = test_image;
	img.stack_exec = true;
	struct stack_params sp = params("i686");
	uint64_t spv;
	cr_assert_eq(stack_build(&gm, L, &img, &sp, &spv), 0);
	cr_expect_eq(gm_region_at(&gm, spv)->prot, GM_PROT_READ | GM_PROT_WRITE | GM_PROT_EXEC);
	gm_destroy(&gm);
}

/* Sp alignment must hold whatever the string lengths: try every length mod 16. */
Test(stack, alignment_for_all_lengths)
{
	char arg[40];
	for (int len = 0; len < 32; len++) {
		for (int argc = 1; argc <= 3; argc++) {
			memset(arg, 'a', (size_t)len);
			arg[len] = '\0';
			char *argv[] = { arg, arg, arg, NULL };
			unsigned word = argc == 2 ? 4 : 8;
			const struct addr_layout *L =
				addr_layout_for(word == 4 ? CPU_ARCH_I386 : CPU_ARCH_X86_64);
			struct guest_mem gm;
			gm_init(&gm, L->page_size, L->addr_limit, false, word);
			struct stack_params sp = params("x");
			sp.argc = argc;
			sp.argv = argv;
			uint64_t spv;
			cr_assert_eq(stack_build(&gm, L, &test_image, &sp, &spv), 0);
			cr_assert_eq(spv % 16, 0, "len %d argc %d", len, argc);
			struct parsed_stack ps;
			parse_stack(&gm, spv, &ps);
			cr_assert_eq(ps.argc, (uint64_t)argc);
			cr_assert_str_eq(ps.argv[argc - 1], arg);
			gm_destroy(&gm);
		}
	}
}

Test(stack, too_big)
{
	const struct addr_layout *L = addr_layout_for(CPU_ARCH_X86_64);
	struct guest_mem gm;
	gm_init(&gm, L->page_size, L->addr_limit, false, 8);
	uint64_t spv;

	/* One string over Linux's 128 KiB limit. */
	char *big = malloc(200 * 1024);
	memset(big, 'x', 200 * 1024 - 1);
	big[200 * 1024 - 1] = '\0';
	char *argv1[] = { "prog", big, NULL };
	struct stack_params sp = params("x86_64");
	sp.argc = 2;
	sp.argv = argv1;
	cr_expect_eq(stack_build(&gm, L, &test_image, &sp, &spv), -E2BIG);

	/* Many strings over a quarter of the stack. */
	big[100 * 1024] = '\0';
	char *many[40];
	for (int i = 0; i < 39; i++)
		many[i] = big;
	many[39] = NULL;
	sp.argc = 39;
	sp.argv = many;
	cr_expect_eq(stack_build(&gm, L, &test_image, &sp, &spv), -E2BIG);
	cr_expect_eq(gm.count, 0, "nothing may be mapped after -E2BIG");

	/* Just under the limit is fine. */
	sp.argc = 15;
	cr_expect_eq(stack_build(&gm, L, &test_image, &sp, &spv), 0);
	free(big);
	gm_destroy(&gm);
}

Test(stack, bad_arguments)
{
	const struct addr_layout *L = addr_layout_for(CPU_ARCH_X86_64);
	struct guest_mem gm;
	gm_init(&gm, L->page_size, L->addr_limit, false, 8);
	uint64_t spv;
	struct stack_params sp = params("x86_64");
	sp.argc = -1;
	cr_expect_eq(stack_build(&gm, L, &test_image, &sp, &spv), -EINVAL);
	sp.argc = 4;	/* argv[3] is NULL */
	cr_expect_eq(stack_build(&gm, L, &test_image, &sp, &spv), -EINVAL);
	/* The stack's place already taken. */
	sp.argc = 3;
	cr_assert_eq(gm_map(&gm, L->stack_top - 0x1000, 0x1000, GM_PROT_READ), 0);
	cr_expect_eq(stack_build(&gm, L, &test_image, &sp, &spv), -ENOMEM);
	gm_destroy(&gm);
}
