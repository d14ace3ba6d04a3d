/* libFuzzer harness for everything that reads an untrusted ELF file: the loader
 * (elf_probe_buffer, elf_load_buffer), the initial stack built from what it returns, and the
 * symbol table reader. Any crash, sanitizer report, leak, or broken invariant is a bug.
 *
 * The guest's shape comes from the input's own header when it has a valid one, so that 32-bit,
 * big-endian and IA-64 inputs get past the "wrong architecture" check; otherwise an x86-64
 * guest still runs the loader's error paths. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "loader/loader.h"

/* symtab_load reads a path: the input goes to an in-memory file, read via /proc/self/fd. */
static void fuzz_symbols(const uint8_t *data, size_t size, uint64_t bias)
{
	static int fd = -1;
	if (fd < 0)
		fd = memfd_create("fuzz_elf", MFD_CLOEXEC);
	if (fd < 0 || ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != (ssize_t)size)
		return;
	char path[64];
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	struct symtab *st = symtab_load(path, bias);
	if (!st)
		return;
	uint64_t off;
	for (uint64_t a = bias; a < bias + 0x3000; a += 0x1f)
		symtab_lookup(st, a, &off);
	symtab_lookup(st, UINT64_MAX, &off);
	symtab_find(st, "main");
	symtab_find(st, "__profil");
	symtab_free(st);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct elf_probe probe = { .arch = CPU_ARCH_X86_64, .big_endian = false, .word_size = 8 };
	char err[256] = "";
	if (elf_probe_buffer(data, size, &probe, err, sizeof(err)) != LOAD_OK && !err[0])
		__builtin_trap();	/* every failure has a reason */
	const struct addr_layout *L = addr_layout_for(probe.arch);
	struct guest_mem gm;
	gm_init(&gm, L->page_size, L->addr_limit, probe.big_endian, probe.word_size);

	struct elf_image img;
	err[0] = '\0';
	enum load_error r = elf_load_buffer(&gm, L, data, size, &img, err, sizeof(err));
	if (r != LOAD_OK && !err[0])
		__builtin_trap();
	if (r == LOAD_OK) {
		/* Everything mapped lies inside the guest's space, and brk above the program. */
		for (const struct gm_region *m = gm_region_next(&gm, 0); m; m = gm_region_next(&gm, m->end))
			if (m->end > L->addr_limit || m->start >= m->end)
				__builtin_trap();
		if (img.brk > L->addr_limit || img.brk % L->page_size || !gm_region_count(&gm))
			__builtin_trap();
		char *argv[] = { "/bin/fuzzed", "-v", NULL };
		char *envp[] = { "PATH=/bin", "LANG=C", NULL };
		struct stack_params sp = {
			.argc = 2, .argv = argv, .envp = envp, .execfn = "/bin/fuzzed",
			.platform = "x86_64", .hwcap = 0, .clktck = 100, .uid = 0, .gid = 0,
		};
		memset(sp.random, 0x5a, sizeof(sp.random));
		struct initial_stack st;
		int e = stack_build_at(&gm, L, &img, &sp, &st);
		if (e == 0) {
			/* argc sits where the layout says, whichever way the stack grows. */
			uint64_t argc = 0;
			if (st.argc_at % 4 || gm_get_word(&gm, st.argc_at, &argc) || argc != 2)
				__builtin_trap();
		}
	}
	gm_destroy(&gm);
	fuzz_symbols(data, size, r == LOAD_OK ? img.load_bias : 0);
	return 0;
}
