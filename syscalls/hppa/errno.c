/* hppa errno numbers. Linux on PA-RISC keeps HP-UX's numbering above 34
 * (arch/parisc/include/uapi/asm/errno.h; 1..34 are asm-generic/errno-base.h, as everywhere).
 * The dispatcher hands over host errno values; the host is x86 or another asm-generic Linux, so
 * the cases below name the host's constants and give parisc's number. */
#include <errno.h>

#include "abi.h"

int hppa_errno_to_guest(int host_errno)
{
	switch (host_errno) {
	case ENOMSG: return 35;
	case EIDRM: return 36;
	case ECHRNG: return 37;
	case EL2NSYNC: return 38;
	case EL3HLT: return 39;
	case EL3RST: return 40;
	case ELNRNG: return 41;
	case EUNATCH: return 42;
	case ENOCSI: return 43;
	case EL2HLT: return 44;
	case EDEADLK: return 45;
	case ENOLCK: return 46;
	case EILSEQ: return 47;
	case ENONET: return 50;
	case ENODATA: return 51;
	case ETIME: return 52;
	case ENOSR: return 53;
	case ENOSTR: return 54;
	case ENOPKG: return 55;
	case ENOLINK: return 57;
	case EADV: return 58;
	case ESRMNT: return 59;
	case ECOMM: return 60;
	case EPROTO: return 61;
	case EMULTIHOP: return 64;
	case EDOTDOT: return 66;
	case EBADMSG: return 67;
	case EUSERS: return 68;
	case EDQUOT: return 69;
	case ESTALE: return 70;
	case EREMOTE: return 71;
	case EOVERFLOW: return 72;
	case EBADE: return 160;
	case EBADR: return 161;
	case EXFULL: return 162;
	case ENOANO: return 163;
	case EBADRQC: return 164;
	case EBADSLT: return 165;
	case EBFONT: return 166;
	case ENOTUNIQ: return 167;
	case EBADFD: return 168;
	case EREMCHG: return 169;
	case ELIBACC: return 170;
	case ELIBBAD: return 171;
	case ELIBSCN: return 172;
	case ELIBMAX: return 173;
	case ELIBEXEC: return 174;
	case ERESTART: return 175;
	case ESTRPIPE: return 176;
	case EUCLEAN: return 177;
	case ENOTNAM: return 178;
	case ENAVAIL: return 179;
	case EISNAM: return 180;
	case EREMOTEIO: return 181;
	case ENOMEDIUM: return 182;
	case EMEDIUMTYPE: return 183;
	case ENOKEY: return 184;
	case EKEYEXPIRED: return 185;
	case EKEYREVOKED: return 186;
	case EKEYREJECTED: return 187;
	case ENOTSOCK: return 216;
	case EDESTADDRREQ: return 217;
	case EMSGSIZE: return 218;
	case EPROTOTYPE: return 219;
	case ENOPROTOOPT: return 220;
	case EPROTONOSUPPORT: return 221;
	case ESOCKTNOSUPPORT: return 222;
	case EOPNOTSUPP: return 223;
	case EPFNOSUPPORT: return 224;
	case EAFNOSUPPORT: return 225;
	case EADDRINUSE: return 226;
	case EADDRNOTAVAIL: return 227;
	case ENETDOWN: return 228;
	case ENETUNREACH: return 229;
	case ENETRESET: return 230;
	case ECONNABORTED: return 231;
	case ECONNRESET: return 232;
	case ENOBUFS: return 233;
	case EISCONN: return 234;
	case ENOTCONN: return 235;
	case ESHUTDOWN: return 236;
	case ETOOMANYREFS: return 237;
	case ETIMEDOUT: return 238;
	case ECONNREFUSED: return 239;
	case EHOSTDOWN: return 241;
	case EHOSTUNREACH: return 242;
	case EALREADY: return 244;
	case EINPROGRESS: return 245;
	case ENOTEMPTY: return 247;
	case ENAMETOOLONG: return 248;
	case ELOOP: return 249;
	case ENOSYS: return 251;
	case EOWNERDEAD: return 254;
	case ENOTRECOVERABLE: return 255;
	case ERFKILL: return 256;
	case EHWPOISON: return 257;
	case ECANCELED: return 253;
	default: return host_errno;	/* errno-base.h: the same everywhere */
	}
}
