/* profemu's IA-64 gate page (syscalls/ia64/gate.c): its code words must be the bundles its
 * comment shows (what ia64-linux-gnu-as made of them), since signal handlers are entered and
 * left through them and glibc's profil returns through them; checked with our disassembler,
 * which agrees with objdump on every slot of the guests (test_ia64_disasm). Also the FP
 * registers the signal frames save and restore through cpu_reg. */
#include <criterion/criterion.h>
#include <string.h>

#include "emu/byteorder.h"
#include "emu/cpu.h"
#include "emu/ia64/ia64_decode.h"
#include "emu/ia64/ia64_disasm.h"
#include "emu/ia64/regs.h"
#include "syscalls/ia64/abi.h"

Test(ia64_gate, code_is_the_documented_bundles)
{
	static const char *const want[4][3] = {
		{ "nop.m 0x0", "nop.i 0x0", "br.call.sptk.many b0=b6;;" },
		{ "nop.m 0x0", "adds r15=1181,r0", "nop.i 0x0;;" },
		{ "break.m 0x100000", "nop.i 0x0", "nop.i 0x0;;" },
		{ "nop.m 0x0", "nop.i 0x0", "br.ret.sptk.many b0;;" },
	};
	static const char *const templates[4] = { "MIB", "MII", "MII", "MIB" };
	cr_assert_eq(IA64_GATE_SIGRETURN, 0x10);
	cr_assert_eq(IA64_GATE_CALLRET, 0x30);
	for (unsigned k = 0; k < 4; k++) {
		uint8_t bytes[16];
		bo_put64(bytes, ia64_gate_code[2 * k], BO_LITTLE);
		bo_put64(bytes + 8, ia64_gate_code[2 * k + 1], BO_LITTLE);
		struct ia64_bundle b;
		ia64_decode_bundle(&b, bytes);
		cr_expect_str_eq(ia64_template_name(b.template_code), templates[k], "bundle %u", k);
		for (unsigned s = 0; s < 3; s++) {
			char text[128];
			ia64_disasm_slot(text, sizeof text, &b, s, IA64_GATE_PAGE + 16 * k);
			cr_expect_str_eq(text, want[k][s], "bundle %u slot %u", k, s);
		}
	}
}

Test(ia64_gate, fp_registers_round_trip_through_cpu_reg)
{
	struct guest_mem mem;
	gm_init(&mem, 4096, UINT64_C(0x8000000000000000), false, 8);
	struct cpu_config cfg = { .arch = CPU_ARCH_IA64, .mem = &mem };
	char err[128];
	struct cpu *cpu = cpu_create(&cfg, err, sizeof err);
	cr_assert_not_null(cpu, "%s", err);
	cpu_set_reg(cpu, IA64_FR_SIG(9), 0xc000000000000000ULL);
	cpu_set_reg(cpu, IA64_FR_SE(9), 1ULL << 17 | 0x10000);	/* -3.0 */
	cpu_set_reg(cpu, IA64_FR_SIG(1), 5);			/* f1 is fixed: ignored */
	cr_expect_eq(cpu_reg(cpu, IA64_FR_SIG(9)), 0xc000000000000000ULL);
	cr_expect_eq(cpu_reg(cpu, IA64_FR_SE(9)), 1ULL << 17 | 0x10000);
	cr_expect_neq(cpu_reg(cpu, IA64_FR_SIG(1)), 5);
	cpu_destroy(cpu);
	gm_destroy(&mem);
}
