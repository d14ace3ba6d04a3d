/* fork, vfork and a new process for clone (sys_clone.c), wait4, waitpid and waitid.
 *
 * A guest fork is a host fork of the whole emulator: the child continues from the same
 * instruction with a copy of everything, guest memory, CPU state and profiling state
 * included, so profiling stays on in both and the child counts into its own copy of the
 * buffer (as the seeds require). Children get deterministic pids from the process tree
 * (proc_tree.h), whose table maps them to host pids and back. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "guest_signal.h"
#include "handlers.h"
#include "sys_args.h"
#include "thread.h"

/* wait options and waitid id types: include/uapi/linux/wait.h has no per-architecture
 * variant, so the guest's values are Linux's everywhere and reach the host as they are. */
enum { GUEST_P_PID = 1, GUEST_WNOWAIT = 0x01000000 };

void process_guest_unlock(struct process *p)
{
	if (p->guest_locked) {
		tree_guest_unlock(&p->tree);
		p->guest_locked = false;
	}
}

void process_guest_relock(struct process *p)
{
	if (p->shared_mem && !p->guest_locked && !p->ended) {
		tree_guest_lock(&p->tree);
		p->guest_locked = true;
	}
}

int32_t process_next_pid(struct process *p)
{
	if (!p->next_child_pid)
		p->next_child_pid = p->cfg.pid + 1;
	return tree_next_pid(&p->tree, &p->next_child_pid);
}

int64_t process_fork(struct process *p, uint64_t flags, uint64_t new_sp, uint64_t parent_tid,
		     uint64_t child_tid)
{
	if (clone_makes_thread(flags))
		return -EINVAL;	/* threads are sys_thread.c's */
	if (p->child_count == sizeof(p->children) / sizeof(p->children[0]))
		return -EAGAIN;
	int32_t vpid = process_next_pid(p);
	int slot = tree_fork_prepare(&p->tree, vpid);
	fflush(NULL);
	pid_t host = fork();
	if (host < 0) {
		tree_fork_parent(&p->tree, slot, -1);
		return -errno;
	}
	if (host == 0) {
		p->cfg.pid = vpid;
		p->child_count = 0;
		p->next_child_pid = 0;
		p->forked = true;
		posix_timers_forget(p);	/* timer_create's timers are not inherited */
		p->sigpending = 0;	/* nor pending signals (a signalfd shows the child's own) */
		tree_fork_child(&p->tree, slot);
		sched_forget_others(p);	/* only the calling thread lives on, as in Linux */
		if (flags & GUEST_CLONE_CHILD_SETTID)
			gm_put(&p->mem, child_tid, 4, (uint32_t)vpid);
		if (flags & GUEST_CLONE_CHILD_CLEARTID)
			p->clear_child_tid = child_tid;
		/* vfork-style clones give the child its own stack; memory is a copy anyway. */
		if (new_sp)
			cpu_set_reg(p->cpu, p->abi->stack_reg, new_sp);
		return 0;
	}
	tree_fork_parent(&p->tree, slot, host);
	p->children[p->child_count++] = (struct child_process){ vpid, host };
	if (flags & GUEST_CLONE_PARENT_SETTID)
		gm_put(&p->mem, parent_tid, 4, (uint32_t)vpid);
	return vpid;
}

int64_t sys_fork(struct process *p, const uint64_t *a)
{
	(void)a;
	return process_fork(p, 0, 0, 0, 0);
}

int64_t sys_vfork(struct process *p, const uint64_t *a)
{
	(void)a;
	return process_fork(p, 0, 0, 0, 0);
}

static int host_pid_of(const struct process *p, int64_t vpid)
{
	for (unsigned i = 0; i < p->child_count; i++)
		if (p->children[i].vpid == vpid)
			return p->children[i].host_pid;
	return 0;
}

static int32_t forget_child(struct process *p, int host)
{
	for (unsigned i = 0; i < p->child_count; i++) {
		if (p->children[i].host_pid != host)
			continue;
		int32_t vpid = p->children[i].vpid;
		p->children[i] = p->children[--p->child_count];
		/* The parent waited for the child: its calendar is at least where the child's
		 * ended (a child's sleep is time its waiting parent saw pass). */
		uint64_t end = tree_reaped(&p->tree, vpid), now = process_time_ns(p, CLOCK_REALTIME);
		if (end > now && !p->cfg.host_time)
			p->sleep_ns += end - now;
		return vpid;
	}
	return host;	/* not ours: cannot happen, the host has no other children */
}

/* Which host pid to wait for: a known child, or any (-1; process groups are not kept, so 0
 * and -pgid mean any child too). */
static int64_t wait_target(const struct process *p, int64_t vpid, pid_t *host)
{
	if (vpid > 0) {
		*host = host_pid_of(p, vpid);
		return *host ? 0 : -ECHILD;
	}
	if (p->child_count == 0)
		return -ECHILD;
	*host = -1;
	return 0;
}

/* A host wait status with the guest's signal numbers in it (the encoding itself is the same
 * in every Linux ABI: termination signal in bits 0-6, a stop signal in bits 8-15). */
static uint32_t wait_status_to_guest(const struct process *p, int status)
{
	if (WIFSIGNALED(status))
		return ((uint32_t)status & ~0x7fu) | (uint32_t)guest_sig(p, WTERMSIG(status));
	if (WIFSTOPPED(status))
		return ((uint32_t)status & ~0xff00u) | (uint32_t)guest_sig(p, WSTOPSIG(status)) << 8;
	return (uint32_t)status;
}

int64_t sys_wait4(struct process *p, const uint64_t *a)
{
	pid_t host;
	int64_t err = wait_target(p, sys_arg_int(a[0]), &host);
	if (err)
		return err;
	/* With threads, a wait for a child still running waits in its thread only. */
	if (!(sys_arg_int(a[2]) & WNOHANG) && sched_would_block_child(p, host))
		return sched_block_child(p, host);
	int status;
	pid_t got = wait4(host, &status, sys_arg_int(a[2]), NULL);
	if (got < 0)
		return -errno;
	if (got == 0)
		return 0;
	int32_t vpid = forget_child(p, got);
	if (a[1] && gm_put(&p->mem, a[1], 4, wait_status_to_guest(p, status)) != 0)
		return -EFAULT;
	if (a[3]) {
		/* struct rusage: 2 timevals and 14 longs; the child's use is not reported */
		uint64_t size = 18 * (uint64_t)p->mem.word_size;
		for (uint64_t off = 0; off < size; off += p->mem.word_size)
			if (gm_put_word(&p->mem, a[3] + off, 0) != 0)
				return -EFAULT;
	}
	return vpid;
}

/* i386 waitpid(pid, status, options) = wait4(pid, status, options, NULL) */
int64_t sys_waitpid(struct process *p, const uint64_t *a)
{
	uint64_t args[6] = { a[0], a[1], a[2], 0 };
	return sys_wait4(p, args);
}

/* waitid(idtype, id, infop, options, rusage). siginfo: signo, errno, code, then (after
 * padding to the word size on 64-bit) pid, uid, status. */
int64_t sys_waitid(struct process *p, const uint64_t *a)
{
	int idtype = sys_arg_int(a[0]);
	pid_t host = 0;
	if (idtype == GUEST_P_PID) {
		host = host_pid_of(p, sys_arg_int(a[1]));
		if (!host)
			return -ECHILD;
	} else if (p->child_count == 0) {
		return -ECHILD;
	}
	/* With threads, a wait for a child's exit that has not come waits in its thread only
	 * (stops and continues are not waited for that way: the host wait watches exits). */
	int opts = sys_arg_int(a[3]);
	if ((opts & (WEXITED | WNOHANG | WSTOPPED | WCONTINUED)) == WEXITED &&
	    sched_would_block_child(p, idtype == GUEST_P_PID ? host : -1))
		return sched_block_child(p, idtype == GUEST_P_PID ? host : -1);
	siginfo_t info = { 0 };
	if (waitid(idtype == GUEST_P_PID ? P_PID : P_ALL, (id_t)host, &info, opts) < 0)
		return -errno;
	if (!a[2])
		return 0;
	uint64_t u = p->mem.word_size == 8 ? 16 : 12;
	int32_t vpid = 0;
	if (info.si_pid) {
		vpid = (a[3] & GUEST_WNOWAIT) ? (int32_t)info.si_pid : forget_child(p, info.si_pid);
		if (a[3] & GUEST_WNOWAIT)
			for (unsigned i = 0; i < p->child_count; i++)
				if (p->children[i].host_pid == info.si_pid)
					vpid = p->children[i].vpid;
	}
	/* si_status is a signal number unless the child exited. */
	int status = info.si_code == CLD_EXITED ? info.si_status : guest_sig(p, info.si_status);
	uint32_t fields[][2] = { { 0, (uint32_t)guest_sig(p, info.si_signo) }, { 4, 0 }, { 8, (uint32_t)info.si_code },
				 { (uint32_t)u, (uint32_t)vpid }, { (uint32_t)u + 4, (uint32_t)info.si_uid },
				 { (uint32_t)u + 8, (uint32_t)status } };
	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++)
		if (gm_put(&p->mem, a[2] + fields[i][0], 4, fields[i][1]) != 0)
			return -EFAULT;
	return 0;
}
