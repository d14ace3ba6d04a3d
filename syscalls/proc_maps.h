/* /proc/self/maps, smaps and smaps_rollup as the guest's own (issue 18): its mappings in the
 * kernel's format (proc_maps.c). */
#ifndef PROFEMU_PROC_MAPS_H
#define PROFEMU_PROC_MAPS_H

#include <stdio.h>

struct process;

enum proc_maps_form {
	PROC_MAPS,		/* /proc/self/maps */
	PROC_SMAPS,		/* /proc/self/smaps: each line, then its sizes */
	PROC_SMAPS_ROLLUP,	/* /proc/self/smaps_rollup: the sizes summed up */
};

/* Writes p's guest mappings to out, one "start-end perms offset dev inode path" line each, in
 * address order (with their sizes, or only the sums, as form says): 0 or -errno. */
int proc_maps_write(FILE *out, const struct process *p, enum proc_maps_form form);

#endif
