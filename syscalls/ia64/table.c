/* The IA-64 Linux ABI: its table is the kernel's numbers (numbers.tbl: 1024 + the row of
 * arch/ia64/kernel/syscalls/syscall.tbl) joined with the declared calls (../calls.def,
 * calls.def) at build time by ../gen_tables.py. IA-64 has no alarm, pause, time, fork or vfork
 * calls (glibc builds them on others). */
#include "../../emu/ia64/regs.h"
#include "../abi_flags.h"
#include "../handlers.h"
#include "abi.h"

static const struct sys_entry table[] = {
#include "syscalls/ia64_rows.h"
};

const struct sys_abi sys_abi_ia64 = {
	.name = "ia64",
	.table = table,
	.table_len = sizeof(table) / sizeof(table[0]),
	.get_call = ia64_get_call,
	.set_result = ia64_set_result,
	.errno_to_guest = ia64_same_number,
	.signal_to_guest = ia64_same_number,
	.signal_to_host = ia64_same_number,
	.put_stat = ia64_put_stat,
	.trap_pc_adjust = 0,	/* the back end reports the slot after the break */
	.signal_push = ia64_signal_push,
	.stack_reg = IA64_GR(12),
	.signal_pop = ia64_signal_pop,
	.flags = &abi_flags_ia64,
	.default_sysroot = "/usr/ia64-linux-gnu",
	.platform = NULL,	/* Linux ia64 has no ELF_PLATFORM: no AT_PLATFORM */
	.set_entry_state = ia64_set_entry_state,
	.call_args = ia64_call_args,
	.call_redirect = ia64_call_redirect,
	.call_return = ia64_call_return,
	.tls_variant = 1,
	.tls_tcb_size = 16,	/* glibc's ia64 tcbhead_t: dtv and a private pointer */
	.clone_stack = ia64_clone_stack,
	.clone_tls = ia64_clone_tls,
	.restart_call = ia64_restart_call,
};
