/* The 32-bit hppa Linux ABI's pieces (struct sys_abi sys_abi_hppa, table.c). */
#ifndef PROFEMU_HPPA_ABI_H
#define PROFEMU_HPPA_ABI_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/stat.h>

#include "../syscall.h"

struct cpu;
struct process;

/* abi.c: the gateway-page trap, the process entry state and the C calling convention */
void hppa_get_call(struct cpu *cpu, uint64_t *nr, uint64_t a[6]);
void hppa_set_result(struct cpu *cpu, int64_t result);
void hppa_set_entry_state(struct process *p, const struct sys_entry_state *e);
int hppa_call_args(struct process *p, uint64_t args[4]);
bool hppa_call_redirect(struct process *p, uint64_t fn, const uint64_t args[5]);
void hppa_call_return(struct process *p, int64_t result);

/* thread.c: threads (sys_abi.clone_tls, restart_call) */
struct thread_tls;
int hppa_clone_tls(struct process *p, uint64_t tls, struct thread_tls *t);
void hppa_restart_call(struct process *p, uint64_t nr);

/* lws.c: the light-weight syscalls of the gateway page (interrupt 0xb0). hppa_lws_run does
 * one on the registers given: 0 with r28's value, or a host errno (r21 gets it negated, in
 * the guest's numbering). */
struct hppa_lws_call {
	uint32_t op;				/* r20 */
	uint32_t r26, r25, r24, r23;
};
int hppa_lws_run(struct process *p, const struct hppa_lws_call *c, uint32_t *r28);
void hppa_interrupt(struct process *p, unsigned vector);

/* sigframe.c: signal frames in the kernel's layout */
struct signal_frame;
int hppa_signal_push(struct process *p, const struct signal_frame *f);
int hppa_signal_pop(struct process *p, bool rt, uint64_t *mask);

/* errno.c, signal.c: parisc's numbers for the host's */
int hppa_errno_to_guest(int host_errno);
int hppa_signal_to_guest(int host_signal);
int hppa_signal_to_host(int guest_signal);
struct cpu_fault;
int32_t hppa_fault_code(const struct cpu_fault *fault);

/* stat_layout.c: struct stat (104 bytes) and struct stat64 (104 bytes), big-endian */
enum { HPPA_STAT_SIZE = 104, HPPA_STAT64_SIZE = 104 };
int hppa_put_stat(struct process *p, uint64_t addr, const struct stat *st, enum stat_layout layout);

/* lfs.c: calls whose 64-bit offset parisc passes as (high, low) */
int64_t hppa_pread64(struct process *p, const uint64_t *a);
int64_t hppa_pwrite64(struct process *p, const uint64_t *a);
int64_t hppa_ftruncate64(struct process *p, const uint64_t *a);
int64_t hppa_fallocate(struct process *p, const uint64_t *a);

#endif
