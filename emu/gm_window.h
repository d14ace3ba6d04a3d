/* The host windows guest memory lives in (gm_window.c), for guest_mem.c and a back end that
 * asks which window holds an address; and the listener's call. */
#ifndef PROFEMU_GM_WINDOW_H
#define PROFEMU_GM_WINDOW_H

#include <stdint.h>

#include "gm_types.h"

/* The window holding addr, or NULL. */
const struct gm_window *gm_window_at(const struct guest_mem *gm, uint64_t addr);
/* Makes sure one window covers [addr, addr+len) (joining windows when needed). 0 or -ENOMEM. */
int gm_window_cover(struct guest_mem *gm, uint64_t addr, uint64_t len);
void gm_windows_free(struct guest_mem *gm);
/* Tells the listener, if there is one, of a change: its answer (0 or a negative errno). */
int gm_notify(struct guest_mem *gm, const struct gm_change *c);

#endif
