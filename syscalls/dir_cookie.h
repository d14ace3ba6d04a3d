/* Directory offsets as a 32-bit guest must see them (see dir_cookie.c). */
#ifndef PROFEMU_DIR_COOKIE_H
#define PROFEMU_DIR_COOKIE_H

#include <stddef.h>
#include <stdint.h>

/* Rewrites the d_off of the host-order linux_dirent64 records in buf[0..len) into the
 * cookies a 32-bit caller gets from the kernel. */
void dir_cookies_to_guest32(uint8_t *buf, size_t len);

/* lseek for a 32-bit guest: on a directory read with 64-bit hash cookies the offset and the
 * result are the 32-bit cookies; anything else is a plain host lseek (whose result may still
 * be too big for a 32-bit off_t: the caller decides). Result or -errno. */
int64_t dir_cookie_lseek32(int fd, int64_t offset, int whence);

#endif
