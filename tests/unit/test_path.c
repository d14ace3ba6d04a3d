/* Guest paths: the -L sysroot rule (an absolute path is taken from the sysroot when it exists
 * there, else from the host), /proc/self/exe naming the guest program, and the handlers that
 * take paths honouring both. */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "syscalls/handlers.h"
#include "syscalls/path.h"

enum { BUF = 0x10000, PATH = 0x11000 };

static struct process proc;
static char root[64];	/* the sysroot: <root>/lib/x.so, <root>/lib/dangling -> /nowhere */
static char exe[PATH_MAX];

static void make_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	cr_assert_not_null(f, "%s", path);
	fputs(text, f);
	fclose(f);
}

static void setup(void)
{
	strcpy(root, "/tmp/profemu-root-XXXXXX");
	cr_assert_not_null(mkdtemp(root));
	char p[PATH_MAX];
	snprintf(p, sizeof p, "%s/lib", root);
	cr_assert_eq(mkdir(p, 0755), 0);
	snprintf(p, sizeof p, "%s/lib/x.so", root);
	make_file(p, "from the sysroot");
	snprintf(p, sizeof p, "%s/lib/dangling", root);
	cr_assert_eq(symlink("/nowhere/at/all", p), 0);
	snprintf(exe, sizeof exe, "%s/guest-program", root);
	make_file(exe, "#!not really an ELF\n");

	memset(&proc, 0, sizeof proc);
	proc.arch = CPU_ARCH_X86_64;
	proc.abi = &sys_abi_x86_64;
	proc.cfg.sysroot = root;
	proc.cfg.pid = 4242;
	snprintf(proc.exe_path, sizeof proc.exe_path, "%s", exe);
	gm_init(&proc.mem, 4096, 1ull << 47, false, 8);
	cr_assert_eq(gm_map(&proc.mem, BUF, 2 * 4096, GM_PROT_READ | GM_PROT_WRITE), 0);
}

static void teardown(void)
{
	gm_destroy(&proc.mem);
	char cmd[PATH_MAX];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
	cr_assert_eq(system(cmd), 0);
}

TestSuite(sys_path, .init = setup, .fini = teardown);

static const char *translate(const char *guest, char *buf)
{
	return sys_path(&proc, guest, buf, PATH_MAX);
}

Test(sys_path, absolute_path_present_in_sysroot_is_taken_from_it)
{
	char buf[PATH_MAX], want[PATH_MAX];
	snprintf(want, sizeof want, "%s/lib/x.so", root);
	cr_assert_str_eq(translate("/lib/x.so", buf), want);
}

Test(sys_path, absolute_path_missing_from_sysroot_is_the_hosts)
{
	char buf[PATH_MAX];
	cr_assert_str_eq(translate("/etc/passwd", buf), "/etc/passwd");
	cr_assert_str_eq(translate("/lib/missing.so", buf), "/lib/missing.so");
}

Test(sys_path, dangling_symlink_in_sysroot_still_counts)
{
	char buf[PATH_MAX], want[PATH_MAX];
	snprintf(want, sizeof want, "%s/lib/dangling", root);
	cr_assert_str_eq(translate("/lib/dangling", buf), want);
}

Test(sys_path, relative_path_is_untouched)
{
	char buf[PATH_MAX];
	cr_assert_str_eq(translate("lib/x.so", buf), "lib/x.so");
	cr_assert_str_eq(translate("", buf), "");
}

Test(sys_path, no_sysroot_means_no_translation)
{
	char buf[PATH_MAX];
	proc.cfg.sysroot = "/";
	cr_assert_str_eq(translate("/lib/x.so", buf), "/lib/x.so");
	proc.cfg.sysroot = NULL;
	cr_assert_str_eq(translate("/lib/x.so", buf), "/lib/x.so");
}

Test(sys_path, sysroot_with_trailing_slash)
{
	char buf[PATH_MAX], slashed[PATH_MAX], want[PATH_MAX];
	snprintf(slashed, sizeof slashed, "%s/", root);
	snprintf(want, sizeof want, "%s/lib/x.so", root);
	proc.cfg.sysroot = slashed;
	cr_assert_str_eq(translate("/lib/x.so", buf), want);
}

Test(sys_path, too_long_for_the_buffer_falls_back)
{
	char small[8];
	cr_assert_str_eq(sys_path(&proc, "/lib/x.so", small, sizeof small), "/lib/x.so");
}

Test(sys_path, proc_self_exe_is_the_guest_program)
{
	char buf[PATH_MAX];
	cr_assert_str_eq(translate("/proc/self/exe", buf), exe);
	cr_assert_str_eq(translate("/proc/4242/exe", buf), exe, "by the guest's own pid");
	cr_assert_str_eq(translate("/proc/1/exe", buf), "/proc/1/exe", "another process");
	/* the rest of the guest's /proc directory is the host process's that runs it */
	char host[64];
	snprintf(host, sizeof host, "/proc/%d/exe/x", (int)getpid());
	cr_assert_str_eq(translate("/proc/self/exe/x", buf), host);
	snprintf(host, sizeof host, "/proc/%d/fd", (int)getpid());
	cr_assert_str_eq(translate("/proc/4242/fd", buf), host, "by the guest's own pid");
	cr_assert_str_eq(translate("/proc/1/fd", buf), "/proc/1/fd", "another process");
}

/* ---- handlers ------------------------------------------------------------------------------- */

/* Puts s at PATH (each call replaces the last string) and returns its guest address. */
static uint64_t guest_str(const char *s)
{
	cr_assert_eq(gm_write(&proc.mem, PATH, s, strlen(s) + 1), 0);
	return PATH;
}

static void read_back(int fd, const char *want)
{
	char got[64] = { 0 };
	cr_assert_gt(read(fd, got, sizeof got - 1), 0);
	cr_assert_str_eq(got, want);
}

Test(sys_path, open_and_openat_read_the_sysroot_copy)
{
	uint64_t a[6] = { guest_str("/lib/x.so"), O_RDONLY, 0 };
	int64_t fd = sys_open(&proc, a);
	cr_assert_geq(fd, 0);
	read_back((int)fd, "from the sysroot");
	close((int)fd);

	/* openat: a dirfd with a relative name resolves under that directory, untranslated. */
	char lib[PATH_MAX];
	snprintf(lib, sizeof lib, "%s/lib", root);
	int dir = open(lib, O_RDONLY | O_DIRECTORY);
	cr_assert_geq(dir, 0);
	uint64_t b[6] = { (uint64_t)dir, guest_str("x.so"), O_RDONLY, 0 };
	fd = sys_openat(&proc, b);
	cr_assert_geq(fd, 0);
	read_back((int)fd, "from the sysroot");
	close((int)fd);
	close(dir);

	uint64_t c[6] = { guest_str("/lib/none.so"), O_RDONLY, 0 };
	cr_assert_eq(sys_open(&proc, c), -ENOENT);
}

Test(sys_path, open_creates_with_guest_flags_and_mode)
{
	char name[PATH_MAX];
	snprintf(name, sizeof name, "%s/new-file", root);
	/* x86 O_WRONLY|O_CREAT|O_EXCL|O_CLOEXEC, as the guest spells them. */
	uint64_t a[6] = { guest_str(name), 01 | 0100 | 0200 | 02000000, 0640 };
	mode_t old_umask = umask(022);
	int64_t fd = sys_open(&proc, a);
	umask(old_umask);
	cr_assert_geq(fd, 0);
	cr_assert_eq(fcntl((int)fd, F_GETFD) & FD_CLOEXEC, FD_CLOEXEC);
	struct stat st;
	cr_assert_eq(fstat((int)fd, &st), 0);
	cr_assert_eq(st.st_mode & 0777, 0640);
	close((int)fd);
	cr_assert_eq(sys_open(&proc, a), -EEXIST, "O_EXCL reached the host");
}

Test(sys_path, bad_or_overlong_path_is_refused)
{
	uint64_t a[6] = { 0x90000, O_RDONLY, 0 };
	cr_assert_eq(sys_open(&proc, a), -EFAULT);
	char *longpath = malloc(PATH_MAX + 10);
	memset(longpath, 'a', PATH_MAX + 9);
	longpath[0] = '/';
	longpath[PATH_MAX + 9] = 0;
	cr_assert_eq(gm_write(&proc.mem, BUF, longpath, PATH_MAX + 10), 0);
	free(longpath);
	uint64_t b[6] = { BUF, O_RDONLY, 0 };
	cr_assert_eq(sys_open(&proc, b), -ENAMETOOLONG);
}

Test(sys_path, readlink_of_proc_self_exe_names_the_guest_program)
{
	uint64_t a[6] = { guest_str("/proc/self/exe"), BUF, 4096 };
	int64_t n = sys_readlink(&proc, a);
	cr_assert_eq(n, (int64_t)strlen(exe));
	char got[PATH_MAX] = { 0 };
	cr_assert_eq(gm_read(&proc.mem, BUF, got, (uint64_t)n), 0);
	cr_assert_str_eq(got, exe);

	/* readlinkat(AT_FDCWD, ...), with a buffer too small: truncated, no NUL. */
	cr_assert_eq(gm_write(&proc.mem, BUF, "########", 8), 0);
	uint64_t b[6] = { (uint64_t)(int64_t)AT_FDCWD, guest_str("/proc/self/exe"), BUF, 5 };
	cr_assert_eq(sys_readlinkat(&proc, b), 5);
	cr_assert_eq(gm_read(&proc.mem, BUF, got, 8), 0);
	cr_assert_eq(memcmp(got, exe, 5), 0);
	cr_assert_eq(got[5], '#', "nothing past bufsiz");
}

Test(sys_path, readlink_inside_the_sysroot)
{
	uint64_t a[6] = { guest_str("/lib/dangling"), BUF, 4096 };
	int64_t n = sys_readlink(&proc, a);
	cr_assert_eq(n, (int64_t)strlen("/nowhere/at/all"));
	char got[32] = { 0 };
	cr_assert_eq(gm_read(&proc.mem, BUF, got, (uint64_t)n), 0);
	cr_assert_str_eq(got, "/nowhere/at/all", "the link's text, as the guest wrote it");
	uint64_t b[6] = { guest_str("/lib/x.so"), BUF, 4096 };
	cr_assert_eq(sys_readlink(&proc, b), -EINVAL, "not a link");
}

Test(sys_path, stat_of_proc_self_exe_is_the_program)
{
	uint64_t a[6] = { guest_str("/proc/self/exe"), BUF };
	cr_assert_eq(sys_stat(&proc, a), 0);
	uint64_t size;
	cr_assert_eq(gm_get(&proc.mem, BUF + 48, 8, &size), 0);
	cr_assert_eq(size, strlen("#!not really an ELF\n"));
}

Test(sys_path, getcwd_counts_the_nul)
{
	char cwd[PATH_MAX];
	cr_assert_not_null(getcwd(cwd, sizeof cwd));
	uint64_t a[6] = { BUF, 4096 };
	cr_assert_eq(sys_getcwd(&proc, a), (int64_t)strlen(cwd) + 1);
	char got[PATH_MAX];
	cr_assert_eq(gm_read(&proc.mem, BUF, got, strlen(cwd) + 1), 0);
	cr_assert_str_eq(got, cwd);
	uint64_t b[6] = { BUF, strlen(cwd) };
	cr_assert_eq(sys_getcwd(&proc, b), -ERANGE);
}

Test(sys_path, mkdir_rename_unlink_rmdir_by_guest_paths)
{
	char d[PATH_MAX], f1[PATH_MAX], f2[PATH_MAX];
	snprintf(d, sizeof d, "%s/dir", root);
	snprintf(f1, sizeof f1, "%s/dir/a", root);
	snprintf(f2, sizeof f2, "%s/dir/b", root);
	uint64_t mk[6] = { guest_str(d), 0755 };
	cr_assert_eq(sys_mkdir(&proc, mk), 0);
	make_file(f1, "x");
	cr_assert_eq(gm_write(&proc.mem, BUF, f1, strlen(f1) + 1), 0);
	uint64_t mv[6] = { BUF, guest_str(f2) };
	cr_assert_eq(sys_rename(&proc, mv), 0);
	uint64_t acc[6] = { guest_str(f2), R_OK };
	cr_assert_eq(sys_access(&proc, acc), 0);
	uint64_t acc1[6] = { guest_str(f1), F_OK };
	cr_assert_eq(sys_access(&proc, acc1), -ENOENT);
	uint64_t rm[6] = { guest_str(d) };
	cr_assert_eq(sys_rmdir(&proc, rm), -ENOTEMPTY);
	uint64_t ul[6] = { guest_str(f2) };
	cr_assert_eq(sys_unlink(&proc, ul), 0);
	rm[0] = guest_str(d);
	cr_assert_eq(sys_rmdir(&proc, rm), 0);
}

Test(sys_path, x86_open_flags_reach_the_host_unchanged)
{
	int flags = O_RDWR | O_CREAT | O_TRUNC | O_APPEND | O_NONBLOCK | O_DIRECTORY |
		    O_NOFOLLOW | O_CLOEXEC | O_SYNC | O_PATH;
	cr_assert_eq(sys_open_flags_to_host(&proc, (uint64_t)flags), flags);
	cr_assert_eq(sys_open_flags_to_guest(&proc, flags), (uint64_t)flags);
	/* The guest's octal values, as its headers define them. */
	cr_assert_eq(sys_open_flags_to_host(&proc, 02000000 | 0100 | 02), O_CLOEXEC | O_CREAT | O_RDWR);
}
