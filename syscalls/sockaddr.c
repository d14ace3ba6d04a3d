/* A guest's struct sockaddr in and out (sockaddr.h): copied as bytes with its sa_family (a
 * short in the guest's byte order) rewritten in the host's. */
#include <errno.h>
#include <string.h>

#include "sockaddr.h"

#define SOCKADDR_MAX ((uint32_t)sizeof(struct sockaddr_storage))

/* The guest's address at addr (len bytes) in host form; 0 or -errno. */
int sys_sockaddr_in(struct process *p, uint64_t addr, uint64_t len, struct sockaddr_storage *out,
		   socklen_t *out_len)
{
	if (len > SOCKADDR_MAX)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	if (len && gm_read(&p->mem, addr, out, len) < 0)
		return -EFAULT;
	if (len >= 2) {
		uint64_t family;
		if (gm_get(&p->mem, addr, 2, &family) < 0)
			return -EFAULT;
		out->ss_family = (sa_family_t)family;
	}
	*out_len = (socklen_t)len;
	return 0;
}

/* The host's address into the guest's buffer at addr, whose size the guest's socklen_t at
 * len_addr gives; that socklen_t then holds the whole address's size (it may have been cut),
 * as the kernel does. Nothing when addr is NULL. 0 or -errno. */
int sys_sockaddr_out(struct process *p, uint64_t addr, uint64_t len_addr,
		    const struct sockaddr_storage *a, socklen_t a_len)
{
	if (!addr)
		return 0;
	uint64_t room;
	if (gm_get(&p->mem, len_addr, 4, &room) < 0)
		return -EFAULT;
	if ((int32_t)room < 0)
		return -EINVAL;
	uint64_t n = room < a_len ? room : a_len;
	if (n && gm_write(&p->mem, addr, a, n) < 0)
		return -EFAULT;
	if (n >= 2 && gm_put(&p->mem, addr, 2, a->ss_family) < 0)
		return -EFAULT;
	return gm_put(&p->mem, len_addr, 4, a_len) < 0 ? -EFAULT : 0;
}
