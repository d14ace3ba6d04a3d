/* The CPU back ends built into profemu, one row per architecture (cpu_backend.h).
 *
 * Every architecture of enum cpu_arch has a row, so cpu_arch_name always knows its name; a row
 * whose ops is NULL has no back end yet, and cpu_create says so. To build a back end in:
 *   1. define `const struct cpu_ops <isa>_cpu_ops` in emu/<isa>/, list its sources in
 *      emu/<isa>/meson.build (`emu_src += files(...)`) and uncomment `subdir('<isa>')` in
 *      emu/meson.build;
 *   2. here, uncomment its declaration below and put `&<isa>_cpu_ops` in its row.
 * Each architecture's lines are apart from the others' so that back ends added on separate
 * branches merge without conflict. */
#include "cpu_backend.h"

/* x86-64, i386 and 8086 real mode on Unicorn: emu/x86/. */
extern const struct cpu_ops x86_cpu_ops;

/* PA-RISC 1.1: emu/hppa/. */
extern const struct cpu_ops hppa_cpu_ops;

/* IA-64: emu/ia64/. */
extern const struct cpu_ops ia64_cpu_ops;

const struct cpu_backend cpu_backends[] = {
	{ CPU_ARCH_X86_64, "x86_64", &x86_cpu_ops },
	{ CPU_ARCH_I386, "i386", &x86_cpu_ops },
	{ CPU_ARCH_I8086, "i8086", &x86_cpu_ops },

	{ CPU_ARCH_HPPA, "hppa", &hppa_cpu_ops },

	{ CPU_ARCH_IA64, "ia64", &ia64_cpu_ops },

	{ 0, NULL, NULL },
};
