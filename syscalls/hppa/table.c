/* The 32-bit hppa Linux ABI: its table is the kernel's numbers (numbers.tbl: the "common" and
 * "32" rows of arch/parisc/kernel/syscalls/syscall.tbl) joined with the declared calls
 * (../calls.def, calls.def) at build time by ../gen_tables.py. The calls whose 64-bit offsets
 * parisc passes high word first go through lfs.c. The gateway's light-weight calls (0xb0) are
 * lws.c; its set-thread-pointer entry (0xe0) is the back end's own; signal frames are
 * sigframe.c. */
#include "../../emu/hppa/regs.h"
#include "../abi_flags.h"
#include "../handlers.h"
#include "abi.h"

static const struct sys_entry table[] = {
#include "syscalls/hppa_rows.h"
};

const struct sys_abi sys_abi_hppa = {
	.name = "hppa",
	.table = table,
	.table_len = sizeof(table) / sizeof(table[0]),
	.get_call = hppa_get_call,
	.set_result = hppa_set_result,
	.errno_to_guest = hppa_errno_to_guest,
	.signal_to_guest = hppa_signal_to_guest,
	.signal_to_host = hppa_signal_to_host,
	.fault_code = hppa_fault_code,
	.put_stat = hppa_put_stat,
	.trap_pc_adjust = 0,	/* the back end stops at the gateway: see the report */
	.interrupt = hppa_interrupt,
	.signal_push = hppa_signal_push,
	.stack_reg = HPPA_REG_SP,
	.signal_pop = hppa_signal_pop,
	.flags = &abi_flags_hppa,
	.default_sysroot = "/usr/hppa-linux-gnu",
	.platform = "PARISC",
	.set_entry_state = hppa_set_entry_state,
	.call_args = hppa_call_args,
	.call_redirect = hppa_call_redirect,
	.call_return = hppa_call_return,
	.tls_variant = 1,
	.tls_tcb_size = 8,	/* glibc's hppa tcbhead_t: dtv and a private word */
	.clone_tls = hppa_clone_tls,
	.restart_call = hppa_restart_call,
};
