/* bzip2 (libbz2): compresses the suite's text with 900k blocks and decompresses it back,
 * ROUNDS times. Use: bzip2_bench [KBYTES [ROUNDS]]. Prints the compressed size and checksums. */
#include <bzlib.h>
#include <stdio.h>

#include "suite_text.h"

int main(int argc, char **argv)
{
	size_t size = suite_arg(argc, argv, 1, 1024) * 1024;
	unsigned long rounds = suite_arg(argc, argv, 2, 1);
	size_t len = 0;
	char *text = suite_text(11, size, &len);
	unsigned cap = (unsigned)(len + len / 100 + 600);
	char *packed = malloc(cap);
	char *back = malloc(len + 1);
	if (!text || !packed || !back)
		return 1;
	uint32_t h = 2166136261u;
	for (unsigned long r = 0; r < rounds; r++) {
		unsigned plen = cap, blen = (unsigned)len + 1;
		int e = BZ2_bzBuffToBuffCompress(packed, &plen, text, (unsigned)len, 9, 0, 0);
		if (e == BZ_OK)
			e = BZ2_bzBuffToBuffDecompress(back, &blen, packed, plen, 0, 0);
		if (e != BZ_OK || blen != len || memcmp(back, text, len) != 0) {
			printf("bzip2: round trip failed (%d)\n", e);
			return 1;
		}
		h = suite_fnv(packed, plen, h);
		if (r == 0)
			printf("%zu -> %u bytes\n", len, plen);
	}
	printf("text fnv %08x packed fnv %08x\n", (unsigned)suite_fnv(text, len, 2166136261u), (unsigned)h);
	return 0;
}
