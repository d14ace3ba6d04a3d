/* setsockopt(fd, level, name, value, len) and getsockopt(fd, level, name, value, lenp).
 *
 * At the guest's SOL_SOCKET level the option names are the ABI's (hppa numbers them as HP-UX
 * does) and translate through abi_flags.sockopt; the values are translated by kind: an int, a
 * struct linger (two ints), a timeout (struct timeval in the ABI's longs, or two 64-bit
 * fields for the _NEW names), a struct ucred (three ints; the peer's pid is the guest's own
 * when the peer is this process). An option profemu does not know at that level is
 * ENOPROTOOPT, as the kernel answers an unknown one. At the other levels (IPPROTO_IP,
 * IPPROTO_TCP, IPPROTO_IPV6, ...) names and layouts are the same on every ABI: a 4-byte value
 * is an int in the guest's byte order, anything else passes as bytes. */
#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "../emu/byteorder.h"
#include "abi_flags.h"
#include "handlers.h"
#include "sys_args.h"

#define OPT_MAX 256	/* the largest value passed through (struct sizes are far smaller) */

enum opt_kind { OPT_INT, OPT_LINGER, OPT_TIMEVAL_LONG, OPT_TIMEVAL_64, OPT_UCRED, OPT_BYTES };

struct opt {
	int level, name;	/* the host's */
	enum opt_kind kind;
};

/* The neutral SOL_SOCKET name as the host's, with its value's kind; -1: not one we know. */
static int host_socket_opt(uint32_t neutral, struct opt *o)
{
	static const struct {
		uint32_t neutral;
		int host;
		enum opt_kind kind;
	} names[] = {
		{ ABI_SO_DEBUG, SO_DEBUG, OPT_INT }, { ABI_SO_REUSEADDR, SO_REUSEADDR, OPT_INT },
		{ ABI_SO_TYPE, SO_TYPE, OPT_INT }, { ABI_SO_ERROR, SO_ERROR, OPT_INT },
		{ ABI_SO_DONTROUTE, SO_DONTROUTE, OPT_INT }, { ABI_SO_BROADCAST, SO_BROADCAST, OPT_INT },
		{ ABI_SO_SNDBUF, SO_SNDBUF, OPT_INT }, { ABI_SO_RCVBUF, SO_RCVBUF, OPT_INT },
		{ ABI_SO_KEEPALIVE, SO_KEEPALIVE, OPT_INT }, { ABI_SO_OOBINLINE, SO_OOBINLINE, OPT_INT },
		{ ABI_SO_NO_CHECK, SO_NO_CHECK, OPT_INT }, { ABI_SO_PRIORITY, SO_PRIORITY, OPT_INT },
		{ ABI_SO_LINGER, SO_LINGER, OPT_LINGER }, { ABI_SO_BSDCOMPAT, SO_BSDCOMPAT, OPT_INT },
		{ ABI_SO_REUSEPORT, SO_REUSEPORT, OPT_INT }, { ABI_SO_PASSCRED, SO_PASSCRED, OPT_INT },
		{ ABI_SO_PEERCRED, SO_PEERCRED, OPT_UCRED }, { ABI_SO_RCVLOWAT, SO_RCVLOWAT, OPT_INT },
		{ ABI_SO_SNDLOWAT, SO_SNDLOWAT, OPT_INT },
		{ ABI_SO_RCVTIMEO_OLD, SO_RCVTIMEO, OPT_TIMEVAL_LONG },
		{ ABI_SO_SNDTIMEO_OLD, SO_SNDTIMEO, OPT_TIMEVAL_LONG },
		{ ABI_SO_RCVTIMEO_NEW, SO_RCVTIMEO, OPT_TIMEVAL_64 },
		{ ABI_SO_SNDTIMEO_NEW, SO_SNDTIMEO, OPT_TIMEVAL_64 },
		{ ABI_SO_ACCEPTCONN, SO_ACCEPTCONN, OPT_INT },
		{ ABI_SO_SNDBUFFORCE, SO_SNDBUFFORCE, OPT_INT },
		{ ABI_SO_RCVBUFFORCE, SO_RCVBUFFORCE, OPT_INT },
		{ ABI_SO_PROTOCOL, SO_PROTOCOL, OPT_INT }, { ABI_SO_DOMAIN, SO_DOMAIN, OPT_INT },
	};
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i].neutral == neutral) {
			*o = (struct opt){ SOL_SOCKET, names[i].host, names[i].kind };
			return 0;
		}
	return -1;
}

static int opt_of(const struct process *p, uint64_t level, uint64_t name, uint64_t len,
		  struct opt *o)
{
	uint32_t neutral;
	if ((uint32_t)level == p->abi->flags->sol_socket) {
		if (!abi_value_to_neutral(&p->abi->flags->sockopt, (uint32_t)name, &neutral) ||
		    host_socket_opt(neutral, o) < 0)
			return -ENOPROTOOPT;
		return 0;
	}
	*o = (struct opt){ (int)(int32_t)level, (int)(int32_t)name, len == 4 ? OPT_INT : OPT_BYTES };
	return 0;
}

/* The guest's size of a value of this kind (OPT_BYTES: 0, any size). */
static unsigned guest_size(const struct process *p, enum opt_kind kind)
{
	switch (kind) {
	case OPT_INT: return 4;
	case OPT_LINGER: return 8;
	case OPT_TIMEVAL_LONG: return 2 * p->mem.word_size;
	case OPT_TIMEVAL_64: return 16;
	case OPT_UCRED: return 12;
	case OPT_BYTES: return 0;
	}
	return 0;
}

/* Guest bytes (len of them) -> the host's value in host, its size in *host_len. */
static void value_to_host(const struct process *p, enum opt_kind kind, const uint8_t *g,
			  unsigned len, uint8_t *host, socklen_t *host_len)
{
	bool be = p->mem.big_endian;
	unsigned w = p->mem.word_size;
	switch (kind) {
	case OPT_INT: {
		int v = (int)(int32_t)bo_get32(g, be);
		memcpy(host, &v, sizeof(v));
		*host_len = sizeof(v);
		return;
	}
	case OPT_LINGER: {
		struct linger l = { (int)(int32_t)bo_get32(g, be), (int)(int32_t)bo_get32(g + 4, be) };
		memcpy(host, &l, sizeof(l));
		*host_len = sizeof(l);
		return;
	}
	case OPT_TIMEVAL_LONG:
	case OPT_TIMEVAL_64: {
		unsigned f = kind == OPT_TIMEVAL_64 ? 8 : w;
		int64_t sec = f == 8 ? (int64_t)bo_get64(g, be) : (int32_t)bo_get32(g, be);
		int64_t usec = f == 8 ? (int64_t)bo_get64(g + f, be) : (int32_t)bo_get32(g + f, be);
		struct timeval tv = { .tv_sec = (time_t)sec, .tv_usec = (suseconds_t)usec };
		memcpy(host, &tv, sizeof(tv));
		*host_len = sizeof(tv);
		return;
	}
	case OPT_UCRED:
	case OPT_BYTES:
		memcpy(host, g, len);
		*host_len = len;
		return;
	}
}

/* The host's value -> guest bytes; their number. */
static unsigned value_to_guest(const struct process *p, enum opt_kind kind, const uint8_t *host,
			       socklen_t host_len, uint8_t *g)
{
	bool be = p->mem.big_endian;
	unsigned w = p->mem.word_size;
	switch (kind) {
	case OPT_INT: {
		int v = 0;
		memcpy(&v, host, host_len < sizeof(v) ? host_len : sizeof(v));
		bo_put32(g, (uint32_t)v, be);
		return 4;
	}
	case OPT_LINGER: {
		struct linger l;
		memcpy(&l, host, sizeof(l));
		bo_put32(g, (uint32_t)l.l_onoff, be);
		bo_put32(g + 4, (uint32_t)l.l_linger, be);
		return 8;
	}
	case OPT_TIMEVAL_LONG:
	case OPT_TIMEVAL_64: {
		struct timeval tv;
		memcpy(&tv, host, sizeof(tv));
		unsigned f = kind == OPT_TIMEVAL_64 ? 8 : w;
		bo_put(g, (uint64_t)tv.tv_sec, f, be);
		bo_put(g + f, (uint64_t)tv.tv_usec, f, be);
		return 2 * f;
	}
	case OPT_UCRED: {
		struct ucred c;
		memcpy(&c, host, sizeof(c));
		/* the peer is this very process (a socketpair, say): the pid it knows itself by */
		uint32_t pid = c.pid == getpid() && p->cfg.pid ? (uint32_t)p->cfg.pid : (uint32_t)c.pid;
		bo_put32(g, pid, be);
		bo_put32(g + 4, c.uid, be);
		bo_put32(g + 8, c.gid, be);
		return 12;
	}
	case OPT_BYTES:
		memcpy(g, host, host_len);
		return host_len;
	}
	return 0;
}

int64_t sys_setsockopt(struct process *p, const uint64_t *a)
{
	uint64_t len = (uint32_t)a[4];
	struct opt o;
	int r = opt_of(p, a[1], a[2], len, &o);
	if (r)
		return r;
	unsigned need = guest_size(p, o.kind);
	if ((int32_t)len < 0 || len < need || (o.kind == OPT_BYTES && len > OPT_MAX))
		return -EINVAL;
	uint8_t g[OPT_MAX], host[OPT_MAX];
	unsigned take = need ? need : (unsigned)len;
	if (take && gm_read(&p->mem, a[3], g, take) < 0)
		return -EFAULT;
	socklen_t host_len = 0;
	value_to_host(p, o.kind, g, take, host, &host_len);
	return setsockopt(sys_arg_int(a[0]), o.level, o.name, host, host_len) < 0 ? -errno : 0;
}

int64_t sys_getsockopt(struct process *p, const uint64_t *a)
{
	uint64_t room;
	if (gm_get(&p->mem, a[4], 4, &room) < 0)
		return -EFAULT;
	if ((int32_t)room < 0)
		return -EINVAL;
	struct opt o;
	int r = opt_of(p, a[1], a[2], 4, &o);	/* other levels: an int unless it is longer */
	if (r)
		return r;
	uint8_t host[OPT_MAX], g[OPT_MAX];
	socklen_t host_len = sizeof(host);
	if (getsockopt(sys_arg_int(a[0]), o.level, o.name, host, &host_len) < 0)
		return -errno;
	if (o.kind == OPT_INT && host_len != sizeof(int))
		o.kind = OPT_BYTES;
	unsigned n = value_to_guest(p, o.kind, host, host_len, g);
	if (n > room)
		n = (unsigned)room;	/* cut, as the kernel does */
	if (n && gm_write(&p->mem, a[3], g, n) < 0)
		return -EFAULT;
	return gm_put(&p->mem, a[4], 4, n) < 0 ? -EFAULT : 0;
}
