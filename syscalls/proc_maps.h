/* /proc/self/maps as the guest's own (issue 18): its mappings in the kernel's format (proc_maps.c). */
#ifndef PROFEMU_PROC_MAPS_H
#define PROFEMU_PROC_MAPS_H

#include <stdio.h>

struct process;

/* Writes p's guest mappings to out, one "start-end perms offset dev inode path" line each, in
 * address order: 0 or -errno. */
int proc_maps_write(FILE *out, const struct process *p);

#endif
