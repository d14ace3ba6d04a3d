/* Credentials: the set*id family, getres*id, getgroups/setgroups and capget/capset. They act on
 * the host process that runs the guest (its files are the host's: an id the guest takes is the
 * one the host checks), as qemu-user does. The get*id calls are in sys_proc.c.
 *
 * Ids are 32 bits on every ABI; i386 also has the original 16-bit forms (syscalls/i386/
 * calls.def), where (uint16_t)-1 means "unchanged" and an id over 65535 reads as the kernel's
 * overflow id, 65534. */
#include <errno.h>
#include <grp.h>
#include <linux/capability.h>
#include <stdlib.h>
#include <sys/fsuid.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "handlers.h"
#include "sys_args.h"

#define OVERFLOW_ID 65534u
/* The kernel's NGROUPS_MAX: no list is longer. */
#define GROUPS_MAX 65536

/* An id argument of width bytes (2 or 4): -1 in that width is -1. */
static uint32_t id_arg(uint64_t v, unsigned width)
{
	if (width == 2)
		return (uint16_t)v == 0xffffu ? (uint32_t)-1 : (uint16_t)v;
	return (uint32_t)v;
}

static uint64_t id_out(uint32_t id, unsigned width)
{
	return width == 2 && id > 0xffffu ? OVERFLOW_ID : id;
}

static int64_t result(int r)
{
	return r < 0 ? -errno : 0;
}

static int64_t set_res(const uint64_t *a, unsigned width, bool user)
{
	uint32_t r = id_arg(a[0], width), e = id_arg(a[1], width), s = id_arg(a[2], width);
	return result(user ? setresuid(r, e, s) : setresgid(r, e, s));
}

static int64_t get_res(struct process *p, const uint64_t *a, unsigned width, bool user)
{
	uint32_t ids[3];
	int r = user ? getresuid(&ids[0], &ids[1], &ids[2]) : getresgid(&ids[0], &ids[1], &ids[2]);
	if (r < 0)
		return -errno;
	for (int i = 0; i < 3; i++)
		if (gm_put(&p->mem, a[i], width, id_out(ids[i], width)) < 0)
			return -EFAULT;
	return 0;
}

static int64_t set_re(const uint64_t *a, unsigned width, bool user)
{
	uint32_t r = id_arg(a[0], width), e = id_arg(a[1], width);
	return result(user ? setreuid(r, e) : setregid(r, e));
}

/* setfsuid/setfsgid answer the previous id, never an error. */
static int64_t set_fs(const uint64_t *a, unsigned width, bool user)
{
	uint32_t id = id_arg(a[0], width);
	return (int64_t)id_out((uint32_t)(user ? setfsuid(id) : setfsgid(id)), width);
}

static int64_t get_groups(struct process *p, const uint64_t *a, unsigned width)
{
	int size = sys_arg_int(a[0]);
	if (size < 0)
		return -EINVAL;
	gid_t *list = malloc(GROUPS_MAX * sizeof *list);
	if (!list)
		return -ENOMEM;
	int n = getgroups(GROUPS_MAX, list);
	int64_t r = n < 0 ? -errno : n;
	if (n > 0 && size > 0) {
		if (n > size)
			r = -EINVAL;
		for (int i = 0; r >= 0 && i < n; i++)
			if (gm_put(&p->mem, a[1] + (uint64_t)i * width, width, id_out(list[i], width)) < 0)
				r = -EFAULT;
	}
	free(list);
	return r;
}

static int64_t set_groups(struct process *p, const uint64_t *a, unsigned width)
{
	int size = sys_arg_int(a[0]);
	if (size < 0 || size > GROUPS_MAX)
		return -EINVAL;
	gid_t *list = malloc((size_t)(size ? size : 1) * sizeof *list);
	if (!list)
		return -ENOMEM;
	int64_t r = 0;
	for (int i = 0; r == 0 && i < size; i++) {
		uint64_t v;
		if (gm_get(&p->mem, a[1] + (uint64_t)i * width, width, &v) < 0)
			r = -EFAULT;
		list[i] = (gid_t)v;
	}
	if (r == 0)
		r = result(setgroups((size_t)size, list));
	free(list);
	return r;
}

/* The identity calls, once for each id width: i386 keeps its old 16-bit forms beside the 32-bit
 * ones (the names ending in 16); every other ABI has the 32-bit ones only. */
#define ID_CALLS(SUFFIX, BYTES)                                                                   \
	int64_t sys_setuid##SUFFIX(struct process *p, const uint64_t *a)                          \
	{ (void)p; return result(setuid(id_arg(a[0], BYTES))); }                                  \
	int64_t sys_setgid##SUFFIX(struct process *p, const uint64_t *a)                          \
	{ (void)p; return result(setgid(id_arg(a[0], BYTES))); }                                  \
	int64_t sys_setreuid##SUFFIX(struct process *p, const uint64_t *a)                        \
	{ (void)p; return set_re(a, BYTES, true); }                                               \
	int64_t sys_setregid##SUFFIX(struct process *p, const uint64_t *a)                        \
	{ (void)p; return set_re(a, BYTES, false); }                                              \
	int64_t sys_setresuid##SUFFIX(struct process *p, const uint64_t *a)                       \
	{ (void)p; return set_res(a, BYTES, true); }                                              \
	int64_t sys_setresgid##SUFFIX(struct process *p, const uint64_t *a)                       \
	{ (void)p; return set_res(a, BYTES, false); }                                             \
	int64_t sys_getresuid##SUFFIX(struct process *p, const uint64_t *a)                       \
	{ return get_res(p, a, BYTES, true); }                                                    \
	int64_t sys_getresgid##SUFFIX(struct process *p, const uint64_t *a)                       \
	{ return get_res(p, a, BYTES, false); }                                                   \
	int64_t sys_setfsuid##SUFFIX(struct process *p, const uint64_t *a)                        \
	{ (void)p; return set_fs(a, BYTES, true); }                                               \
	int64_t sys_setfsgid##SUFFIX(struct process *p, const uint64_t *a)                        \
	{ (void)p; return set_fs(a, BYTES, false); }                                              \
	int64_t sys_getgroups##SUFFIX(struct process *p, const uint64_t *a)                       \
	{ return get_groups(p, a, BYTES); }                                                       \
	int64_t sys_setgroups##SUFFIX(struct process *p, const uint64_t *a)                       \
	{ return set_groups(p, a, BYTES); }

ID_CALLS(, 4)
ID_CALLS(16, 2)

int64_t sys_getuid16(struct process *p, const uint64_t *a) { (void)p, (void)a; return (int64_t)id_out(getuid(), 2); }
int64_t sys_geteuid16(struct process *p, const uint64_t *a) { (void)p, (void)a; return (int64_t)id_out(geteuid(), 2); }
int64_t sys_getgid16(struct process *p, const uint64_t *a) { (void)p, (void)a; return (int64_t)id_out(getgid(), 2); }
int64_t sys_getegid16(struct process *p, const uint64_t *a) { (void)p, (void)a; return (int64_t)id_out(getegid(), 2); }

/* capget/capset(header, data): the header {version, pid}, then one set of {effective,
 * permitted, inheritable} words per 32 capabilities: one for version 1, two after. An unknown
 * version is EINVAL with the kernel's preferred version written back (how libcap asks it). The
 * pid is a guest pid (0: the caller). */
static uint32_t *cap_word(struct __user_cap_data_struct *data, int i)
{
	struct __user_cap_data_struct *d = &data[i / 3];
	return i % 3 == 0 ? &d->effective : i % 3 == 1 ? &d->permitted : &d->inheritable;
}

static int64_t cap_call(struct process *p, const uint64_t *a, bool set)
{
	uint64_t version, pid;
	if (gm_get(&p->mem, a[0], 4, &version) < 0 || gm_get(&p->mem, a[0] + 4, 4, &pid) < 0)
		return -EFAULT;
	struct __user_cap_header_struct hdr = { (uint32_t)version, 0 };
	int32_t gpid = (int32_t)pid;
	if (gpid != 0 && gpid != p->cfg.pid) {
		hdr.pid = gpid < 0 ? -1 : tree_host_pid(&p->tree, gpid, p->cfg.pid);
		if (hdr.pid <= 0)
			return gpid < 0 ? -EINVAL : -ESRCH;
	}
	int sets = version == _LINUX_CAPABILITY_VERSION_1 ? 1 : 2;
	struct __user_cap_data_struct data[2] = { { 0, 0, 0 }, { 0, 0, 0 } };
	if (set && a[1]) {
		for (int i = 0; i < sets * 3; i++) {
			uint64_t v;
			if (gm_get(&p->mem, a[1] + 4 * (uint64_t)i, 4, &v) < 0)
				return -EFAULT;
			*cap_word(data, i) = (uint32_t)v;
		}
	}
	long r = syscall(set ? SYS_capset : SYS_capget, &hdr, a[1] ? data : NULL);
	int err = errno;
	if (r < 0 && err == EINVAL && hdr.version != (uint32_t)version) {
		gm_put(&p->mem, a[0], 4, hdr.version);
		return -EINVAL;
	}
	if (r < 0)
		return -err;
	if (!set && a[1]) {
		for (int i = 0; i < sets * 3; i++) {
			if (gm_put(&p->mem, a[1] + 4 * (uint64_t)i, 4, *cap_word(data, i)) < 0)
				return -EFAULT;
		}
	}
	return 0;
}

int64_t sys_capget(struct process *p, const uint64_t *a) { return cap_call(p, a, false); }
int64_t sys_capset(struct process *p, const uint64_t *a) { return cap_call(p, a, true); }
