/* The i386 ABI: its table is the kernel's numbers (numbers.tbl) joined with the declared calls
 * (../calls.def, calls.def) at build time by ../gen_tables.py. */
#include "../../emu/x86/regs.h"
#include "../abi_flags.h"
#include "../handlers.h"
#include "../stat_layout.h"
#include "../x86_64/abi.h"
#include "abi.h"

static const struct sys_entry table[] = {
#include "syscalls/i386_rows.h"
};

const struct sys_abi sys_abi_i386 = {
	.name = "i386",
	.table = table,
	.table_len = sizeof(table) / sizeof(table[0]),
	.get_call = i386_get_call,
	.set_result = i386_set_result,
	.errno_to_guest = x86_same_number,
	.signal_to_guest = x86_same_number,
	.signal_to_host = x86_same_number,
	.put_stat = i386_put_stat,
	.signal_push = i386_signal_push,
	.stack_reg = X86_RSP,
	.flags = &abi_flags_linux_x86,
	.default_sysroot = "/usr/i686-linux-gnu",
	.platform = "i686",
	.set_entry_state = x86_set_entry_state,
	.call_args = i386_call_args,
	.call_redirect = i386_call_redirect,
	.call_return = i386_call_return,
	.tls_variant = 2,
	.restart_call = x86_restart_call,
	.clone_tls = i386_clone_tls,
	.restore_tls = i386_restore_tls,
	.current_tls = i386_current_tls,
	.signal_pop = i386_signal_pop,
};
