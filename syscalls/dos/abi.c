/* DOS error codes. Handlers return a negative host errno, as the Linux handlers do (so
 * --strace names it); each DOS error a service can give has one errno standing for it:
 *
 *   1 invalid function        ENOSYS (also a bad seek origin)
 *   2 file not found          ENOENT
 *   3 path not found          ENOTDIR, ENAMETOOLONG
 *   4 too many open files     EMFILE, ENFILE
 *   5 access denied           EACCES, EPERM, EROFS, EISDIR, EEXIST, ETXTBSY
 *   6 invalid handle          EBADF
 *   7 memory blocks destroyed EUCLEAN (the MCB chain is broken)
 *   8 insufficient memory     ENOMEM
 *   9 invalid memory block    EFAULT (also a buffer outside memory)
 *  0Ch invalid access code    EINVAL (open mode)
 *  19h seek error             ESPIPE (a seek before the start of the file)
 *  1Fh general failure        anything else (EIO, ENOSPC...) */
#include <errno.h>

#include "dos.h"

int dos_error_code(int host_errno)
{
	switch (host_errno) {
	case ENOSYS: return 0x01;
	case ENOENT: return 0x02;
	case ENOTDIR:
	case ENAMETOOLONG: return 0x03;
	case EMFILE:
	case ENFILE: return 0x04;
	case EACCES:
	case EPERM:
	case EROFS:
	case EISDIR:
	case EEXIST:
	case ETXTBSY: return 0x05;
	case EBADF: return 0x06;
	case EUCLEAN: return 0x07;
	case ENOMEM: return 0x08;
	case EFAULT: return 0x09;
	case EINVAL: return 0x0c;
	case ESPIPE: return 0x19;
	default: return 0x1f;
	}
}
