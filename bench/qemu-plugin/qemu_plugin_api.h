/* The part of qemu's TCG plugin interface (API version 1: qemu 7.0 to 7.2, Debian 12's
 * qemu-user) that the counting plugin uses. Debian 12 ships no development header for it
 * (qemu's own include/qemu/qemu-plugin.h comes only with `apt-get source qemu`), so the few
 * declarations are written here from the interface's documentation; qemu resolves them in its
 * own executable when it loads the plugin, and refuses a plugin whose qemu_plugin_version is
 * outside what it supports. */
#ifndef PROFEMU_QEMU_PLUGIN_API_H
#define PROFEMU_QEMU_PLUGIN_API_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define QEMU_PLUGIN_EXPORT __attribute__((visibility("default")))

typedef uint64_t qemu_plugin_id_t;

/* What qemu tells the plugin at install time (only valid during qemu_plugin_install). */
typedef struct qemu_info_t {
	const char *target_name;
	struct {
		int min, cur;
	} version;
	bool system_emulation;
	union {
		struct {
			int smp_vcpus, max_vcpus;
		} system;
	};
} qemu_info_t;

struct qemu_plugin_tb;		/* a block being translated */
struct qemu_plugin_insn;	/* one of its instructions */

/* the only inline operation of API version 1: add an immediate to a 64-bit word in memory */
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };

typedef void (*qemu_plugin_simple_cb_t)(qemu_plugin_id_t id);
typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb, enum qemu_plugin_op op,
					      void *ptr, uint64_t imm);
void qemu_plugin_register_vcpu_insn_exec_inline(struct qemu_plugin_insn *insn, enum qemu_plugin_op op,
						void *ptr, uint64_t imm);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb, size_t idx);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, qemu_plugin_udata_cb_t cb, void *userdata);

#endif
