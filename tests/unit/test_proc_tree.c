/* The process tree's table (syscalls/proc_tree.c): guest pids map to host pids and back for
 * every process of the tree, an execve'd process finds its row by the file's name, a reaped
 * child's row goes with its end time, and the first process removes the file. */
#include <criterion/criterion.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../syscalls/proc_tree.h"

static char *const argv_sh[] = { "/bin/sh", "-c", "true", NULL };

/* A host child that waits to be killed: a real pid for the table. */
static pid_t sleeper(void)
{
	pid_t pid = fork();
	cr_assert(pid >= 0);
	if (pid == 0) {
		pause();
		_exit(0);
	}
	return pid;
}

Test(proc_tree, first_process_and_a_child_both_ways)
{
	struct proc_tree t;
	tree_attach(&t, NULL, 1000, argv_sh, 3);
	cr_assert_not_null(t.map, "no table could be made (/dev/shm, $TMPDIR, /tmp)");
	cr_assert(t.owner);
	cr_assert_eq(access(t.path, F_OK), 0);

	cr_assert_eq(tree_host_pid(&t, 1000, 1000), getpid());
	cr_assert_eq(tree_guest_pid(&t, getpid(), 1000), 1000);
	/* the first process's parent is its pid - 1, both ways */
	cr_assert_eq(tree_guest_pid(&t, getppid(), 1000), 999);
	cr_assert_eq(tree_host_pid(&t, 999, 1000), getppid());

	int32_t fallback = 0;
	int32_t pid = tree_next_pid(&t, &fallback);
	cr_assert_eq(pid, 1001);
	int slot = tree_fork_prepare(&t, pid);
	cr_assert(slot >= 0);
	pid_t host = sleeper();
	tree_fork_parent(&t, slot, host);
	cr_assert_eq(tree_host_pid(&t, 1001, 1000), host);
	cr_assert_eq(tree_guest_pid(&t, host, 1000), 1001);
	cr_assert(tree_has_host_pid(&t, host));

	struct tree_info info;
	cr_assert(tree_lookup(&t, 1001, &info));
	cr_assert_eq(info.ppid, 1000);
	cr_assert_str_eq(info.comm, "sh", "a child starts with its parent's name");
	struct tree_info all[4];
	cr_assert_eq(tree_list(&t, all, 4), 2);
	cr_assert_eq(all[0].pid, 1000);
	cr_assert_eq(all[1].pid, 1001);

	/* another pid passes as it is; the next pid is the tree's */
	cr_assert_eq(tree_host_pid(&t, 1, 1000), 1);
	cr_assert_eq(tree_next_pid(&t, &fallback), 1002);

	kill(host, SIGKILL);
	waitpid(host, NULL, 0);
	cr_assert_eq(tree_reaped(&t, 1001), 0, "the row never said it ended");
	cr_assert_not(tree_lookup(&t, 1001, &info));
	cr_assert_eq(tree_host_pid(&t, 1001, 1000), 1001, "gone: no longer a tree process");

	char path[sizeof t.path];
	memcpy(path, t.path, sizeof path);
	tree_detach(&t, 123);
	cr_assert_neq(access(path, F_OK), 0, "the first process removes the file");
}

Test(proc_tree, an_exec_joins_by_name_and_a_reap_gives_the_end_time)
{
	struct proc_tree first, child;
	tree_attach(&first, NULL, 1000, argv_sh, 3);
	cr_assert_not_null(first.map);
	int32_t fallback = 0;
	int32_t pid = tree_next_pid(&first, &fallback);
	int slot = tree_fork_prepare(&first, pid);
	pid_t host = fork();
	cr_assert(host >= 0);
	if (host == 0) {
		/* the child: takes its row, then "execs" (joins again by the name) as ls */
		tree_fork_child(&first, slot);
		char *const argv_ls[] = { "/bin/ls", "-l", NULL };
		tree_attach(&child, first.path, pid, argv_ls, 2);
		int ok = child.map && !child.owner && child.slot == slot;
		struct tree_info info;
		ok = ok && tree_lookup(&child, pid, &info) && strcmp(info.comm, "ls") == 0 &&
		     info.cmdline_len == 11 && memcmp(info.cmdline, "/bin/ls\0-l", 11) == 0;
		ok = ok && tree_guest_pid(&child, getppid(), pid) == 1000;
		tree_detach(&child, 5000000000ull);
		_exit(ok ? 0 : 1);
	}
	tree_fork_parent(&first, slot, host);
	int status;
	cr_assert_eq(waitpid(host, &status, 0), host);
	cr_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the child's checks failed");
	cr_assert_eq(tree_reaped(&first, pid), 5000000000ull);
	tree_detach(&first, 0);
}

Test(proc_tree, without_a_table_only_the_process_itself_is_known)
{
	struct proc_tree t;
	memset(&t, 0, sizeof t);
	t.slot = -1;
	cr_assert_eq(tree_host_pid(&t, 1000, 1000), getpid());
	cr_assert_eq(tree_host_pid(&t, 999, 1000), -1);
	cr_assert_eq(tree_host_pid(&t, 1, 1000), -1);
	int32_t fallback = 1001;
	cr_assert_eq(tree_next_pid(&t, &fallback), 1001);
	cr_assert_eq(tree_next_pid(&t, &fallback), 1002);
	cr_assert_eq(tree_fork_prepare(&t, 1003), -1);
}
