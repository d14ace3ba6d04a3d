/* Extended attributes: getxattr, setxattr, listxattr, removexattr and their l* (the link
 * itself) and f* (an open file) forms. They act on the host's files, which are the guest's
 * (paths through sys_path, the -L rule). A value is bytes the kernel does not interpret, and a
 * list is NUL-separated names: both pass unchanged to guests of either byte order. The
 * XATTR_CREATE/REPLACE flags are 1 and 2 on every ABI. */
#include <errno.h>
#include <stdlib.h>
#include <sys/xattr.h>

#include "handlers.h"
#include "path.h"
#include "sys_args.h"

/* The kernel's XATTR_NAME_MAX + 1 and XATTR_SIZE_MAX: no name or value is longer. */
#define XATTR_NAME_LEN 256
#define XATTR_VALUE_MAX 65536u

enum xattr_target { BY_PATH, BY_LINK, BY_FD };

/* A call's file and attribute name, read from the guest. */
struct xattr_args {
	struct sys_path_buf path;
	const char *host;		/* BY_PATH, BY_LINK */
	int fd;				/* BY_FD */
	char name[XATTR_NAME_LEN];
};

static int read_args(struct process *p, enum xattr_target t, const uint64_t *a, bool named,
		     struct xattr_args *x)
{
	if (t == BY_FD) {
		x->fd = sys_arg_int(a[0]);
	} else {
		int err = sys_read_path(p, a[0], &x->path, &x->host);
		if (err)
			return err;
	}
	if (!named)
		return 0;
	long n = gm_read_str(&p->mem, a[1], x->name, sizeof x->name);
	if (n == -ENAMETOOLONG)
		return -ERANGE;	/* the kernel's answer for a name over XATTR_NAME_MAX */
	return n < 0 ? (int)n : 0;
}

/* The kernel caps a size at XATTR_SIZE_MAX (a larger buffer is fine, a value never is). */
static size_t capped(const struct process *p, uint64_t size)
{
	uint64_t n = sys_arg_size(p, size);
	return n > XATTR_VALUE_MAX ? XATTR_VALUE_MAX : (size_t)n;
}

/* Hands the host's answer (r bytes in buf, or -1) to the guest at addr. */
static int64_t put_bytes(struct process *p, ssize_t r, const void *buf, uint64_t addr)
{
	if (r < 0)
		return -errno;
	if (r > 0 && buf && gm_write(&p->mem, addr, buf, (uint64_t)r) < 0)
		return -EFAULT;
	return r;
}

/* getxattr (named: path, name, value, size) and listxattr (path, list, size): the host's
 * bytes copied to the guest's buffer; size 0 asks for the length only. */
static ssize_t host_fetch(enum xattr_target t, bool named, const struct xattr_args *x, void *buf,
			  size_t size)
{
	if (named)
		return t == BY_FD ? fgetxattr(x->fd, x->name, buf, size)
		     : t == BY_LINK ? lgetxattr(x->host, x->name, buf, size)
		     : getxattr(x->host, x->name, buf, size);
	return t == BY_FD ? flistxattr(x->fd, buf, size)
	     : t == BY_LINK ? llistxattr(x->host, buf, size)
	     : listxattr(x->host, buf, size);
}

static int64_t fetch(struct process *p, enum xattr_target t, bool named, const uint64_t *a)
{
	struct xattr_args x;
	int err = read_args(p, t, a, named, &x);
	if (err)
		return err;
	uint64_t dest = named ? a[2] : a[1];
	size_t size = capped(p, named ? a[3] : a[2]);
	char *buf = size ? malloc(size) : NULL;
	if (size && !buf)
		return -ENOMEM;
	int64_t res = put_bytes(p, host_fetch(t, named, &x, buf, size), buf, dest);
	free(buf);
	return res;
}

static int64_t set_attr(struct process *p, enum xattr_target t, const uint64_t *a)
{
	struct xattr_args x;
	int err = read_args(p, t, a, true, &x);
	if (err)
		return err;
	uint64_t size = sys_arg_size(p, a[3]);
	if (size > XATTR_VALUE_MAX)
		return -E2BIG;
	char *value = malloc(size ? size : 1);
	if (!value)
		return -ENOMEM;
	int flags = sys_arg_int(a[4]), r;
	if (size && gm_read(&p->mem, a[2], value, size) < 0)
		r = -EFAULT;
	else if (t == BY_FD)
		r = fsetxattr(x.fd, x.name, value, size, flags) < 0 ? -errno : 0;
	else if (t == BY_LINK)
		r = lsetxattr(x.host, x.name, value, size, flags) < 0 ? -errno : 0;
	else
		r = setxattr(x.host, x.name, value, size, flags) < 0 ? -errno : 0;
	free(value);
	return r;
}

static int64_t remove_attr(struct process *p, enum xattr_target t, const uint64_t *a)
{
	struct xattr_args x;
	int err = read_args(p, t, a, true, &x);
	if (err)
		return err;
	int r = t == BY_FD ? fremovexattr(x.fd, x.name)
	      : t == BY_LINK ? lremovexattr(x.host, x.name)
	      : removexattr(x.host, x.name);
	return r < 0 ? -errno : 0;
}

int64_t sys_getxattr(struct process *p, const uint64_t *a) { return fetch(p, BY_PATH, true, a); }
int64_t sys_lgetxattr(struct process *p, const uint64_t *a) { return fetch(p, BY_LINK, true, a); }
int64_t sys_fgetxattr(struct process *p, const uint64_t *a) { return fetch(p, BY_FD, true, a); }
int64_t sys_listxattr(struct process *p, const uint64_t *a) { return fetch(p, BY_PATH, false, a); }
int64_t sys_llistxattr(struct process *p, const uint64_t *a) { return fetch(p, BY_LINK, false, a); }
int64_t sys_flistxattr(struct process *p, const uint64_t *a) { return fetch(p, BY_FD, false, a); }
int64_t sys_setxattr(struct process *p, const uint64_t *a) { return set_attr(p, BY_PATH, a); }
int64_t sys_lsetxattr(struct process *p, const uint64_t *a) { return set_attr(p, BY_LINK, a); }
int64_t sys_fsetxattr(struct process *p, const uint64_t *a) { return set_attr(p, BY_FD, a); }
int64_t sys_removexattr(struct process *p, const uint64_t *a) { return remove_attr(p, BY_PATH, a); }
int64_t sys_lremovexattr(struct process *p, const uint64_t *a) { return remove_attr(p, BY_LINK, a); }
int64_t sys_fremovexattr(struct process *p, const uint64_t *a) { return remove_attr(p, BY_FD, a); }
