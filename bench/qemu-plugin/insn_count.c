/* A qemu TCG plugin that counts the guest's retired instructions with code qemu generates
 * inline (no helper call): bench/run.sh's qemu+plugin rows, the peer profemu's counting is
 * measured against. Written for profemu's benchmark.
 *
 *   qemu-x86_64 -plugin build/bench/libinsn_count.so[,mode=insn|tb] PROGRAM ARGS
 *
 * mode=insn (default): each instruction adds 1 as it executes; exact for single-threaded
 *   guests (the add is not atomic: threads running at once may lose counts).
 * mode=tb: each translated block adds its length when it is entered; one add per block, but a
 *   block left early (a fault, a system call that does not return to the block's end,
 *   qemu's own exits) counts instructions that did not run.
 * At exit it prints "insn_count: N instructions (mode)" on stderr. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "qemu_plugin_api.h"

QEMU_PLUGIN_EXPORT int qemu_plugin_version = 1;

static uint64_t count;
static bool per_block;

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	(void)id;
	size_t n = qemu_plugin_tb_n_insns(tb);
	if (per_block) {
		qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64, &count, n);
		return;
	}
	for (size_t i = 0; i < n; i++)
		qemu_plugin_register_vcpu_insn_exec_inline(qemu_plugin_tb_get_insn(tb, i),
							   QEMU_PLUGIN_INLINE_ADD_U64, &count, 1);
}

static void on_exit(qemu_plugin_id_t id, void *userdata)
{
	(void)id;
	(void)userdata;
	/* stderr, not qemu_plugin_outs: qemu-user prints that only under -d plugin */
	fprintf(stderr, "insn_count: %" PRIu64 " instructions (%s)\n", count, per_block ? "tb" : "insn");
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc,
					   char **argv)
{
	(void)info;
	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "mode=tb"))
			per_block = true;
		else if (strcmp(argv[i], "mode=insn") != 0) {
			fprintf(stderr, "insn_count: unknown argument %s (mode=insn or mode=tb)\n", argv[i]);
			return -1;
		}
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
	qemu_plugin_register_atexit_cb(id, on_exit, NULL);
	return 0;
}
