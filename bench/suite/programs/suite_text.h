/* The suite's input text: a deterministic pseudo-random log of words, numbers, addresses and
 * dates, the same on every architecture (32- and 64-bit, either byte order), so that each
 * program's output can be compared across ISAs as well as against its reference runner.
 * Text compresses like real prose (about 3:1) and gives a regex engine something to find. */
#ifndef SUITE_TEXT_H
#define SUITE_TEXT_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct suite_rng {
	uint32_t s;
};

/* xorshift32: the same sequence everywhere (only 32-bit unsigned arithmetic) */
static inline uint32_t suite_next(struct suite_rng *r)
{
	uint32_t x = r->s;
	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return r->s = x;
}

static const char *const suite_syllables[] = {
	"ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "an", "el", "or", "is", "ul", "tra", "pre",
	"con", "der", "ing", "ment", "ous", "ble", "sta", "qua", "zen",
};
enum { SUITE_SYLLABLES = sizeof(suite_syllables) / sizeof(suite_syllables[0]) };

/* Appends one line of the log to buf (at most 200 bytes); returns the new length. */
static inline size_t suite_line(struct suite_rng *r, char *buf, size_t len)
{
	char *p = buf + len;
	uint32_t v = suite_next(r);
	/* a date and a time */
	p += sprintf(p, "2024-%02u-%02u %02u:%02u:%02u ", 1 + v % 12, 1 + (v >> 4) % 28, (v >> 9) % 24,
		     (v >> 14) % 60, (v >> 20) % 60);
	unsigned words = 4 + suite_next(r) % 9;
	for (unsigned w = 0; w < words; w++) {
		uint32_t k = suite_next(r);
		switch (k % 16) {
		case 0: /* an address */
			p += sprintf(p, "%u.%u.%u.%u ", (k >> 4) & 255, (k >> 12) & 255, (k >> 20) & 255,
				     suite_next(r) & 255);
			break;
		case 1: /* a number */
			p += sprintf(p, "%u ", suite_next(r) % 100000);
			break;
		case 2: { /* a mail address */
			uint32_t a = suite_next(r);
			p += sprintf(p, "%s%s@%s%s.org ", suite_syllables[a % SUITE_SYLLABLES],
				     suite_syllables[(a >> 5) % SUITE_SYLLABLES],
				     suite_syllables[(a >> 10) % SUITE_SYLLABLES],
				     suite_syllables[(a >> 15) % SUITE_SYLLABLES]);
			break;
		}
		default: { /* a word of 1 to 4 syllables; common words are frequent */
			unsigned n = 1 + (k >> 4) % 4;
			uint32_t s = (k >> 8) % 64 < 40 ? (k >> 14) % 6 : k >> 14;
			for (unsigned i = 0; i < n; i++, s /= 7)
				p += sprintf(p, "%s", suite_syllables[(s + i * 5) % SUITE_SYLLABLES]);
			*p++ = ' ';
		}
		}
	}
	p[-1] = '\n';
	*p = 0;
	return (size_t)(p - buf);
}

/* size bytes (or a little less: whole lines) of text, NUL-terminated; *len its length. */
static inline char *suite_text(uint32_t seed, size_t size, size_t *len)
{
	struct suite_rng r = { seed ? seed : 1 };
	char *buf = malloc(size + 256);
	if (!buf)
		return NULL;
	size_t n = 0;
	buf[0] = 0;
	while (n + 200 < size)
		n = suite_line(&r, buf, n);
	*len = n;
	return buf;
}

/* FNV-1a over bytes: the programs print it so that a wrong result shows. */
static inline uint32_t suite_fnv(const void *data, size_t len, uint32_t h)
{
	const unsigned char *p = data;
	for (size_t i = 0; i < len; i++)
		h = (h ^ p[i]) * 16777619u;
	return h;
}

/* argv[1] as a positive count, or def */
static inline unsigned long suite_arg(int argc, char **argv, int i, unsigned long def)
{
	if (argc <= i)
		return def;
	unsigned long v = strtoul(argv[i], NULL, 10);
	return v ? v : def;
}

#endif
