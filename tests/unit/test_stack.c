/* The initial stack: built, then read back word by word from guest memory as the guest's
 * start code would, for stacks that grow down (x86-64, i386, IA-64: the layout Linux gives
 * them) and for hppa's, which grows up, big-endian, at the addresses hppa Linux would use. */
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

/* Checks what the tables at st->argc_at say, whatever the direction of growth: argc, argv,
 * envp and every auxv entry, and the strings and bytes they point at. */
static void check_tables(struct guest_mem *gm, const struct addr_layout *L,
			 const struct initial_stack *st, const struct stack_params *sp,
			 struct parsed_stack *ps)
{
	parse_stack(gm, st->argc_at, ps);
	unsigned word = gm->word_size;
	cr_expect_eq(st->argv_at, st->argc_at + word);
	cr_expect_eq(st->envp_at, st->argv_at + (ps->argc + 1) * word);
	cr_expect_eq(st->auxv_at, st->envp_at + (ps->envc + 1) * word);
	cr_expect_eq(ps->argc, 3);
	for (int i = 0; i < 3; i++)
		cr_expect_str_eq(ps->argv[i], test_argv[i]);
	cr_expect_eq(ps->envc, 3);
	for (int i = 0; i < 3; i++)
		cr_expect_str_eq(ps->envp[i], test_envp[i]);
	cr_expect_eq(st->strings_at, ps->argv_at[0]);

	cr_expect_eq(aux(ps, AT_PHDR), test_image.phdr);
	cr_expect_eq(aux(ps, AT_PHENT), test_image.phent);
	cr_expect_eq(aux(ps, AT_PHNUM), test_image.phnum);
	cr_expect_eq(aux(ps, AT_PAGESZ), L->page_size);
	cr_expect_eq(aux(ps, AT_BASE), test_image.interp_base);
	cr_expect_eq(aux(ps, AT_FLAGS), 0);
	cr_expect_eq(aux(ps, AT_ENTRY), test_image.prog_entry);
	cr_expect_eq(aux(ps, AT_UID), 1000);
	cr_expect_eq(aux(ps, AT_EUID), 1000);
	cr_expect_eq(aux(ps, AT_GID), 100);
	cr_expect_eq(aux(ps, AT_EGID), 100);
	cr_expect_eq(aux(ps, AT_CLKTCK), 100);
	cr_expect_eq(aux(ps, AT_HWCAP), sp->hwcap);
	cr_expect_eq(aux(ps, AT_SECURE), 0);
	cr_expect_not(has_aux(ps, AT_SYSINFO));
	cr_expect_not(has_aux(ps, AT_SYSINFO_EHDR));
	cr_expect_eq(ps->aux[ps->naux - 1][0], AT_NULL);

	uint8_t random[16];
	cr_assert_eq(gm_read(gm, aux(ps, AT_RANDOM), random, 16), 0);
	cr_expect(memcmp(random, sp->random, 16) == 0);
	char s[256];
	uint64_t execfn_at = aux(ps, AT_EXECFN);
	read_str(gm, execfn_at, s);
	cr_expect_str_eq(s, "/usr/bin/prog");
	/* The strings in order: argv's, then envp's, then execfn, under a zero word. */
	cr_expect(ps->argv_at[0] < ps->argv_at[1] && ps->argv_at[2] < ps->envp_at[0] &&
		  ps->envp_at[2] < execfn_at);
	cr_expect_eq(ps->argv_at[1], ps->argv_at[0] + strlen(test_argv[0]) + 1);
	cr_expect_eq(word_at(gm, execfn_at + strlen("/usr/bin/prog") + 1), 0);
	if (sp->platform) {
		read_str(gm, aux(ps, AT_PLATFORM), s);
		cr_expect_str_eq(s, sp->platform);
	} else {
		cr_expect_not(has_aux(ps, AT_PLATFORM));
	}
}

/* Builds a stack that grows down in a guest of the given shape and checks every part of it. */
static void check_stack(enum cpu_arch arch, bool big_endian, unsigned word, const char *platform)
{
	const struct addr_layout *L = addr_layout_for(arch);
	cr_assert_not(L->stack_grows_up);
	struct guest_mem gm;
	gm_init(&gm, L->page_size, L->addr_limit, big_endian, word);
	struct stack_params sp = params(platform);
	struct initial_stack st;
	cr_assert_eq(stack_build_at(&gm, L, &test_image, &sp, &st), 0);
	uint64_t spv = 0;
	struct guest_mem gm2;
	gm_init(&gm2, L->page_size, L->addr_limit, big_endian, word);
	cr_assert_eq(stack_build(&gm2, L, &test_image, &sp, &spv), 0);
	cr_expect_eq(spv, st.sp, "stack_build and stack_build_at agree");
	gm_destroy(&gm2);

	cr_expect_eq(st.argc_at % 16, 0, "argc at %#lx not 16-byte aligned", st.argc_at);
	cr_expect_eq(st.sp, st.argc_at + (uint64_t)(int64_t)L->sp_offset);
	cr_expect(spv < L->stack_top && spv > L->stack_top - L->stack_size);
	cr_expect_eq(gm_region_at(&gm, L->stack_top - L->stack_size)->prot, GM_PROT_READ | GM_PROT_WRITE);
	cr_expect_null(gm_region_at(&gm, L->stack_top));

	struct parsed_stack ps;
	check_tables(&gm, L, &st, &sp, &ps);
	/* As Linux: execfn right under a zero word at the very top. */
	uint64_t execfn_at = aux(&ps, AT_EXECFN);
	cr_expect_eq(execfn_at + strlen("/usr/bin/prog") + 1, L->stack_top - word);
	cr_expect_eq(word_at(&gm, L->stack_top - word), 0);
	/* Everything the tables point at lies above the tables. */
	cr_expect(aux(&ps, AT_RANDOM) >= st.argc_at + (1 + 3 + 1 + 3 + 1 + 2 * ps.naux) * word);
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

Test(stack, no_platform)
{
	check_stack(CPU_ARCH_X86_64, false, 8, NULL);
}

/* IA-64 (arch/ia64): the stack grows down as on x86, but start_thread sets r12 16 bytes below
 * argc (a scratch area the calling convention reserves), ELF_PLATFORM is NULL (no AT_PLATFORM)
 * and pages are 4 KiB (AT_PAGESZ), as in Ski, the oracle of the IA-64 guests (loader/layout.c). */
Test(stack, ia64)
{
	const struct addr_layout *L = addr_layout_for(CPU_ARCH_IA64);
	check_stack(CPU_ARCH_IA64, false, 8, NULL);
	struct guest_mem gm;
	gm_init(&gm, L->page_size, L->addr_limit, false, 8);
	struct stack_params sp = params(NULL);
	struct initial_stack st;
	cr_assert_eq(stack_build_at(&gm, L, &test_image, &sp, &st), 0);
	cr_expect_eq(st.sp, st.argc_at - 16);
	cr_expect_eq(L->page_size, 4096);
	gm_destroy(&gm);
}

/* hppa grows up (CONFIG_STACK_GROWSUP). The addresses below are what Linux's exec gives this
 * argv, envp and execfn (fs/exec.c setup_arg_pages; fs/binfmt_elf.c create_elf_tables with its
 * growing-up STACK_ALLOC and STACK_ROUND; arch/parisc's arch_align_stack, which aligns nothing,
 * and its start_thread):
 *  - the strings, argv's then envp's then execfn, end under a zero word at the first page
 *    boundary above them, P = stack bottom + 0x1000 (77 bytes of strings and zero word);
 *  - "PARISC" at P, then the 16 random bytes at P + 7;
 *  - argc, argv[3], NULL, envp[3], NULL and 18 auxv pairs (45 words) end at the first 16-byte
 *    boundary at or after P + 23 + 180, P + 0xd0, so argc is at P + 0x1c;
 *  - sp (r30) = that end rounded up to 64; r25 = argc = the word before argv, r24 = argv. */
Test(stack, hppa_grows_up_as_linux)
{
	const struct addr_layout *L = addr_layout_for(CPU_ARCH_HPPA);
	cr_assert(L->stack_grows_up);
	struct guest_mem gm;
	gm_init(&gm, L->page_size, L->addr_limit, true, 4);
	struct stack_params sp = params("PARISC");	/* parisc's ELF_PLATFORM */
	sp.hwcap = 0;	/* parisc's ELF_HWCAP */
	struct initial_stack st;
	cr_assert_eq(stack_build_at(&gm, L, &test_image, &sp, &st), 0);
	uint64_t bottom = L->stack_top - L->stack_size, P = bottom + 0x1000;
	cr_expect_eq(bottom, 0xc0000000);

	struct parsed_stack ps;
	check_tables(&gm, L, &st, &sp, &ps);
	cr_expect_eq(ps.naux, 18);
	cr_expect_eq(word_at(&gm, P - 4), 0);
	cr_expect_eq(aux(&ps, AT_EXECFN), P - 4 - 14);
	cr_expect_eq(ps.envp_at[2], P - 4 - 14 - 7);		/* "EMPTY=" */
	cr_expect_eq(ps.argv_at[0], P - 4 - 14 - 22 - 37);	/* "/bin/prog" */
	cr_expect_eq(st.strings_at, P - 77);
	cr_expect_eq(aux(&ps, AT_PLATFORM), P);
	cr_expect_eq(aux(&ps, AT_RANDOM), P + 7);
	cr_expect_eq(st.argc_at, P + 0x1c);
	cr_expect_eq(st.argv_at, P + 0x20);
	cr_expect_eq(st.envp_at, P + 0x30);
	cr_expect_eq(st.auxv_at, P + 0x40);
	uint64_t end = st.auxv_at + 2 * 4 * ps.naux;
	cr_expect_eq(end, P + 0xd0, "the tables end on a 16-byte boundary");
	/* the tables' end rounded up to 64, then a 64-byte linkage area (see loader/layout.c) */
	cr_expect_eq(st.sp, P + 0x140);
	/* Big-endian words: argc as the hppa start code reads it. */
	uint8_t raw[4];
	cr_assert_eq(gm_read(&gm, st.argc_at, raw, 4), 0);
	cr_expect(raw[0] == 0 && raw[1] == 0 && raw[2] == 0 && raw[3] == 3, "argc not big-endian");
	/* The whole region is mapped: sp grows toward its top. */
	cr_expect_eq(gm_region_at(&gm, bottom)->prot, GM_PROT_READ | GM_PROT_WRITE);
	cr_expect_eq(gm_region_at(&gm, L->stack_top - 1), gm_region_at(&gm, bottom));
	cr_expect_null(gm_region_at(&gm, L->stack_top));
	gm_destroy(&gm);
}

/* Growing up, whatever the string lengths: the strings end under a zero word at a page
 * boundary, the tables end on a 16-byte boundary, sp is 64-byte aligned just above them. */
Test(stack, hppa_alignment_for_all_lengths)
{
	const struct addr_layout *L = addr_layout_for(CPU_ARCH_HPPA);
	static char arg[5000];
	for (int len = 0; len < 4200; len += len < 40 ? 1 : 97) {
		memset(arg, 'a', (size_t)len);
		arg[len] = '\0';
		char *argv[] = { arg, NULL };
		struct guest_mem gm;
		gm_init(&gm, L->page_size, L->addr_limit, true, 4);
		struct stack_params sp = params("PARISC");
		sp.argc = 1;
		sp.argv = argv;
		struct initial_stack st;
		cr_assert_eq(stack_build_at(&gm, L, &test_image, &sp, &st), 0);
		/* Read by hand: the strings are longer than parse_stack's buffers. */
		cr_assert_eq(word_at(&gm, st.argc_at), 1);
		cr_assert_eq(word_at(&gm, st.argv_at), st.strings_at);
		uint64_t end = st.auxv_at, P = 0;
		for (; word_at(&gm, end) != AT_NULL; end += 8)
			if (word_at(&gm, end) == AT_PLATFORM)
				P = word_at(&gm, end + 4);
		end += 8;
		cr_assert_eq(P % 4096, 0, "len %d", len);
		cr_assert_eq(word_at(&gm, P - 4), 0);
		cr_assert(st.strings_at < P && P - st.strings_at <= 4096 + (uint64_t)len, "len %d", len);
		cr_assert_eq(end % 16, 0, "len %d", len);
		cr_assert(st.argc_at >= P + 7 + 16 && st.argc_at < P + 7 + 16 + 16, "len %d", len);
		cr_assert_eq(st.sp % 64, 0, "len %d", len);
		cr_assert(st.sp >= end + 64 && st.sp < end + 128, "len %d: a linkage area above the tables", len);
		gm_destroy(&gm);
	}
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
	cr_expect_eq(gm_region_count(&gm), 0, "nothing may be mapped after -E2BIG");

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
