/* zlib: compresses the suite's text at three levels and inflates it back, ROUNDS times.
 * Use: zlib_bench [KBYTES [ROUNDS]]. Prints the compressed sizes and checksums. */
#include <stdio.h>
#include <zlib.h>

#include "suite_text.h"

int main(int argc, char **argv)
{
	size_t size = suite_arg(argc, argv, 1, 2048) * 1024;
	unsigned long rounds = suite_arg(argc, argv, 2, 1);
	size_t len = 0;
	char *text = suite_text(7, size, &len);
	uLongf cap = compressBound(len);
	Bytef *packed = malloc(cap);
	Bytef *back = malloc(len + 1);
	if (!text || !packed || !back)
		return 1;
	static const int levels[] = { 1, 6, 9 };
	uint32_t h = 2166136261u;
	for (unsigned long r = 0; r < rounds; r++) {
		for (int i = 0; i < 3; i++) {
			uLongf plen = cap, blen = len + 1;
			if (compress2(packed, &plen, (const Bytef *)text, len, levels[i]) != Z_OK ||
			    uncompress(back, &blen, packed, plen) != Z_OK || blen != len ||
			    memcmp(back, text, len) != 0) {
				printf("zlib: round trip failed at level %d\n", levels[i]);
				return 1;
			}
			h = suite_fnv(packed, plen, h);
			if (r == 0)
				printf("level %d: %zu -> %lu bytes\n", levels[i], len, (unsigned long)plen);
		}
	}
	printf("adler32 %08lx crc32 %08lx packed fnv %08x\n", adler32(1, (const Bytef *)text, len),
	       crc32(0, (const Bytef *)text, len), (unsigned)h);
	return 0;
}
