/* Unit tests of the hppa back end run PA-RISC snippets assembled when the test runs, by
 * hppa-linux-gnu-as (a test skips with a message without it). */
#ifndef PROFEMU_TEST_HPPA_ASM_H
#define PROFEMU_TEST_HPPA_ASM_H

#include <criterion/criterion.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "emu/cpu.h"

static inline bool have_as(void)
{
	return system("hppa-linux-gnu-as --version >/dev/null 2>&1") == 0;
}

/* Assembles `src` and returns its .text bytes (malloc'd) and length. */
static inline uint8_t *assemble(const char *src, size_t *len)
{
	char dir[] = "/tmp/hppa_snippet_XXXXXX", path[256], cmd[1024];
	cr_assert(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/s.s", dir);
	FILE *f = fopen(path, "w");
	cr_assert(f);
	fprintf(f, "\t.text\n%s\n\tbreak 0,0\n", src);
	fclose(f);
	snprintf(cmd, sizeof cmd,
		 "cd %s && hppa-linux-gnu-as -o s.o s.s && hppa-linux-gnu-objcopy -O binary -j .text s.o s.bin",
		 dir);
	cr_assert_eq(system(cmd), 0, "assembling failed:\n%s", src);
	snprintf(path, sizeof path, "%s/s.bin", dir);
	f = fopen(path, "rb");
	cr_assert(f);
	uint8_t *buf = malloc(65536);
	*len = fread(buf, 1, 65536, f);
	fclose(f);
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	cr_assert_eq(system(cmd), 0);
	return buf;
}

/* A snippet ends at its final `break 0,0`: a trap at the word after its `ninsns` words from
 * `code`. What each rig's expect_break asserts. */
static inline void expect_break_at(enum cpu_stop stop, const struct cpu_fault *f, uint64_t code,
				   uint32_t ninsns)
{
	cr_assert_eq(stop, CPU_STOP_FAULT);
	cr_assert_eq(f->kind, CPU_FAULT_TRAP, "fault %d at %#llx: %s", f->kind,
		     (unsigned long long)f->pc, f->detail);
	cr_assert_eq(f->pc, code + 4 * ninsns, "stopped at %#llx", (unsigned long long)f->pc);
}

#endif
