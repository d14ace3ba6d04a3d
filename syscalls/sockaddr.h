/* A guest's struct sockaddr in and out (sockaddr.c), for the socket calls of several files. */
#ifndef PROFEMU_SOCKADDR_H
#define PROFEMU_SOCKADDR_H

#include <sys/socket.h>

#include "process.h"

/* The guest's address at addr (len bytes) in host form; 0 or -errno. */
int sys_sockaddr_in(struct process *p, uint64_t addr, uint64_t len, struct sockaddr_storage *out,
		    socklen_t *out_len);
/* The host's address into the guest's buffer at addr, whose size the guest's socklen_t at
 * len_addr gives; that socklen_t then holds the whole address's size. 0 or -errno. */
int sys_sockaddr_out(struct process *p, uint64_t addr, uint64_t len_addr,
		     const struct sockaddr_storage *a, socklen_t a_len);

#endif
