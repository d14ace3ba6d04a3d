/* The x86-64 ABI: its table is the kernel's numbers (numbers.tbl) joined with the declared calls
 * (../calls.def, calls.def) at build time by ../gen_tables.py. */
#include "../../emu/x86/regs.h"
#include "../abi_flags.h"
#include "../handlers.h"
#include "../stat_layout.h"
#include "abi.h"

static const struct sys_entry table[] = {
#include "syscalls/x86_64_rows.h"
};

const struct sys_abi sys_abi_x86_64 = {
	.name = "x86_64",
	.table = table,
	.table_len = sizeof(table) / sizeof(table[0]),
	.get_call = x86_64_get_call,
	.set_result = x86_64_set_result,
	.errno_to_guest = x86_same_number,
	.signal_to_guest = x86_same_number,
	.signal_to_host = x86_same_number,
	.put_stat = x86_64_put_stat,
	.trap_pc_adjust = 2,
	.signal_push = x86_64_signal_push,
	.stack_reg = X86_RSP,
	.flags = &abi_flags_linux_x86,
	.default_sysroot = "/",
	.platform = "x86_64",
	.set_entry_state = x86_set_entry_state,
	.call_args = x86_64_call_args,
	.call_redirect = x86_64_call_redirect,
	.call_return = x86_64_call_return,
	.tls_variant = 2,
	.restart_call = x86_restart_call,
	.clone_tls = x86_64_clone_tls,
	.signal_pop = x86_64_signal_pop,
};
