/* PCRE2 (its interpreter, no JIT): counts every match of a handful of patterns over the
 * suite's text, ROUNDS times. Use: pcre2_bench [KBYTES [ROUNDS]]. Prints the counts. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <stdio.h>

#include "suite_text.h"

static const char *const patterns[] = {
	"\\b(\\w+)@(\\w+)\\.org\\b",				/* mail addresses */
	"\\b(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\b",	/* IPv4 addresses */
	"\\b(?:kalo|mine|rusa|tivo)\\w*(?:ing|ment)\\b",	/* alternation, backtracking */
	"^2024-(0[1-6])-\\d\\d (\\d\\d):",			/* anchored at line starts */
	"(\\w\\w)\\1",						/* a back reference */
	"(?i)STA\\w{2,8}QUA",					/* caseless */
	"[aeiou]{2}[^aeiou\\s]{2}[aeiou]",			/* classes */
};
enum { PATTERNS = sizeof(patterns) / sizeof(patterns[0]) };

int main(int argc, char **argv)
{
	size_t size = suite_arg(argc, argv, 1, 512) * 1024;
	unsigned long rounds = suite_arg(argc, argv, 2, 1);
	size_t len = 0;
	char *text = suite_text(13, size, &len);
	if (!text)
		return 1;
	pcre2_code *re[PATTERNS];
	for (int i = 0; i < PATTERNS; i++) {
		int err;
		PCRE2_SIZE at;
		re[i] = pcre2_compile((PCRE2_SPTR)patterns[i], PCRE2_ZERO_TERMINATED, PCRE2_MULTILINE, &err,
				      &at, NULL);
		if (!re[i]) {
			printf("pcre2: pattern %d does not compile (%d at %zu)\n", i, err, (size_t)at);
			return 1;
		}
	}
	pcre2_match_data *md = pcre2_match_data_create(10, NULL);
	unsigned long counts[PATTERNS] = { 0 };
	uint32_t h = 2166136261u;
	for (unsigned long r = 0; r < rounds; r++) {
		for (int i = 0; i < PATTERNS; i++) {
			PCRE2_SIZE start = 0;
			int rc;
			while (start < len &&
			       (rc = pcre2_match(re[i], (PCRE2_SPTR)text, len, start, 0, md, NULL)) > 0) {
				PCRE2_SIZE *ov = pcre2_get_ovector_pointer(md);
				counts[i]++;
				h = suite_fnv(text + ov[0], ov[1] - ov[0], h);
				start = ov[1] > ov[0] ? ov[1] : ov[0] + 1;
			}
		}
	}
	for (int i = 0; i < PATTERNS; i++)
		printf("pattern %d: %lu matches\n", i, counts[i]);
	printf("matched text fnv %08x\n", (unsigned)h);
	return 0;
}
