/* PA-RISC 1.1 decoder: the instruction forms gcc and glibc emit for 32-bit hppa Linux, as
 * hppa.decode lists them (the decoder itself is generated from it into hppa_decode_table.c).
 * PA 2.0-only encodings (doubleword arithmetic, wide branches) decode as HOP_ILLEGAL, and the
 * system-control instructions a user program may not run as HOP_PRIV. */
#include "hppa_decode.h"

#include "hppa_decode_table.h"

void hppa_decode(uint32_t w, struct hppa_insn *o)
{
	hppa_decode_pattern(w, o);
}
