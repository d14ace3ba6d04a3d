/* prctl(option, arg2, ...): the options programs ask of themselves. PR_SET_NAME and
 * PR_GET_NAME keep the guest's own name (16 bytes with the NUL; until it is set, the file name
 * of the program, as the kernel's comm is, not the emulator's); the parent-death signal is the
 * host's with the guest's signal number translated; dumpable, no_new_privs and the timer
 * slack pass to the host. The option numbers are the same on every ABI; the others are
 * EINVAL, as an unknown option. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>

#include "guest_signal.h"
#include "handlers.h"
#include "sys_args.h"

enum {
	OPT_SET_PDEATHSIG = 1, OPT_GET_PDEATHSIG = 2, OPT_GET_DUMPABLE = 3, OPT_SET_DUMPABLE = 4,
	OPT_SET_NAME = 15, OPT_GET_NAME = 16, OPT_SET_TIMERSLACK = 29, OPT_GET_TIMERSLACK = 30,
	OPT_SET_NO_NEW_PRIVS = 38, OPT_GET_NO_NEW_PRIVS = 39,
};

static const char *own_name(struct process *p)
{
	if (!p->comm[0]) {
		const char *path = p->exe_guest_path[0] ? p->exe_guest_path : p->exe_path;
		const char *slash = strrchr(path, '/');
		const char *base = slash ? slash + 1 : path;
		size_t n = strnlen(base, sizeof(p->comm) - 1);	/* the kernel keeps 15 bytes */
		memcpy(p->comm, base, n);
		p->comm[n] = '\0';
	}
	return p->comm;
}

static int64_t result(int r)
{
	return r < 0 ? -errno : r;
}

int64_t sys_prctl(struct process *p, const uint64_t *a)
{
	switch (sys_arg_int(a[0])) {
	case OPT_SET_NAME: {
		char name[sizeof(p->comm)];
		uint8_t byte = 1;
		size_t n = 0;
		/* at most 15 bytes are kept; the name need not end within them */
		for (; n < sizeof(name) - 1 && byte; n++) {
			if (gm_read(&p->mem, a[1] + n, &byte, 1) < 0)
				return -EFAULT;
			name[n] = (char)byte;
		}
		name[n] = '\0';
		memcpy(p->comm, name, sizeof(name));
		return 0;
	}
	case OPT_GET_NAME: {
		char name[sizeof(p->comm)] = { 0 };
		memcpy(name, own_name(p), strnlen(own_name(p), sizeof(name) - 1));
		return gm_write(&p->mem, a[1], name, sizeof(name)) < 0 ? -EFAULT : 0;
	}
	case OPT_SET_PDEATHSIG: {
		int sig = sys_arg_int(a[1]);
		if (sig < 0 || sig >= GUEST_NSIG)
			return -EINVAL;
		return result(prctl(PR_SET_PDEATHSIG, sig ? host_sig(p, sig) : 0));
	}
	case OPT_GET_PDEATHSIG: {
		int sig = 0;
		if (prctl(PR_GET_PDEATHSIG, &sig) < 0)
			return -errno;
		return gm_put(&p->mem, a[1], 4, sig ? (uint32_t)guest_sig(p, sig) : 0) < 0 ? -EFAULT : 0;
	}
	case OPT_GET_DUMPABLE: return result(prctl(PR_GET_DUMPABLE));
	case OPT_SET_DUMPABLE: return result(prctl(PR_SET_DUMPABLE, (unsigned long)a[1]));
	case OPT_GET_TIMERSLACK: return result(prctl(PR_GET_TIMERSLACK));
	case OPT_SET_TIMERSLACK: return result(prctl(PR_SET_TIMERSLACK, (unsigned long)a[1]));
	case OPT_GET_NO_NEW_PRIVS: return result(prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0));
	case OPT_SET_NO_NEW_PRIVS:
		return result(prctl(PR_SET_NO_NEW_PRIVS, (unsigned long)a[1], (unsigned long)a[2],
				    (unsigned long)a[3], (unsigned long)a[4]));
	default:
		return -EINVAL;
	}
}
