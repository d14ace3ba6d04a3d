/* Descriptors whose reads give binary records in the host's byte order (a timerfd's 64-bit
 * count, an eventfd's counter, inotify's events): for a guest of the other byte order the
 * records are swapped after each read (and an eventfd's 8-byte writes before the write). The host's descriptor is the guest's, and read does not otherwise know what it
 * reads: the creating call marks the descriptor (fd_records_mark), and a read of a marked one
 * checks that it still is what was marked (a closed and reused number is not swapped). */
#ifndef PROFEMU_FD_RECORDS_H
#define PROFEMU_FD_RECORDS_H

#include "process.h"

enum fd_records_kind {
	FD_RECORDS_NONE,
	FD_RECORDS_COUNTER,	/* timerfd: one 64-bit count */
	FD_RECORDS_INOTIFY,	/* struct inotify_event records */
	FD_RECORDS_EVENTFD,	/* one 64-bit counter, read and written */
};

/* For a guest of the other byte order, marks fd; fd, or -EMFILE (fd closed) when it is beyond
 * the marks' table. For a guest of the host's order, fd. */
int64_t fd_records_mark(struct process *p, int fd, enum fd_records_kind kind);
/* After n bytes were read from fd into the guest at addr: swaps them if fd is marked. */
void fd_records_after_read(struct process *p, int fd, uint64_t addr, int64_t n);
/* A write of count bytes at addr to fd: true if fd is a marked eventfd, the write then done
 * with the counter swapped and its result in *result. */
bool fd_records_write(struct process *p, int fd, uint64_t addr, uint64_t count, int64_t *result);

#endif
