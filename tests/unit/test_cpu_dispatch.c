/* The dispatch behind emu/cpu.h: every architecture has a name, cpu_create refuses one whose
 * back end is not built in with a message naming it, and a CPU it makes answers through its
 * back end. */
#include <criterion/criterion.h>
#include <string.h>

#include "emu/cpu.h"
#include "emu/cpu_backend.h"
#include "emu/x86/regs.h"

Test(cpu_dispatch, every_architecture_has_its_name)
{
	cr_expect_str_eq(cpu_arch_name(CPU_ARCH_X86_64), "x86_64");
	cr_expect_str_eq(cpu_arch_name(CPU_ARCH_I386), "i386");
	cr_expect_str_eq(cpu_arch_name(CPU_ARCH_I8086), "i8086");
	cr_expect_str_eq(cpu_arch_name(CPU_ARCH_HPPA), "hppa");
	cr_expect_str_eq(cpu_arch_name(CPU_ARCH_IA64), "ia64");
	cr_expect_str_eq(cpu_arch_name((enum cpu_arch)99), "?");
}

/* Whichever back ends this build lacks: the message names the architecture. */
Test(cpu_dispatch, an_architecture_without_back_end_is_refused_by_name)
{
	struct guest_mem gm;
	gm_init(&gm, 4096, 1ull << 32, true, 4);
	for (const struct cpu_backend *b = cpu_backends; b->name; b++) {
		if (b->ops)
			continue;
		struct cpu_config cfg = { .arch = b->arch, .mem = &gm };
		char err[128] = "";
		cr_expect_null(cpu_create(&cfg, err, sizeof(err)), "%s", b->name);
		cr_expect(strstr(err, b->name) != NULL, "message \"%s\" names %s", err, b->name);
	}
	struct cpu_config bad = { .arch = (enum cpu_arch)99, .mem = &gm };
	char err[128] = "";
	cr_expect_null(cpu_create(&bad, err, sizeof(err)));
	cr_expect(err[0] != 0, "a message for an unknown architecture");
	gm_destroy(&gm);
}

Test(cpu_dispatch, a_cpu_answers_through_its_back_end)
{
	struct guest_mem gm;
	gm_init(&gm, 4096, 1ull << 47, false, 8);
	struct cpu_config cfg = { .arch = CPU_ARCH_X86_64, .mem = &gm };
	char err[128];
	struct cpu *cpu = cpu_create(&cfg, err, sizeof(err));
	cr_assert_not_null(cpu, "%s", err);
	cpu_set_pc(cpu, 0x401000);
	cpu_set_reg(cpu, X86_RAX, 42);
	cr_expect_eq(cpu_pc(cpu), 0x401000);
	cr_expect_eq(cpu_reg(cpu, X86_RAX), 42);
	cr_expect_eq(cpu_retired(cpu), 0);
	cpu_destroy(cpu);
	cpu_destroy(NULL);
	gm_destroy(&gm);
}
