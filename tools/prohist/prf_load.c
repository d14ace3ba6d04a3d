/* prohist: reading a .PRF file; see prf_load.h. */
#include "prf_load.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "emu/cpu.h"

/* The size the header implies: the DOS layout is 9 + bucket_num 16-bit words; the ELF one a
 * magic, 9 + bucket_num 64-bit words, the arch and path length words and the path. */
static unsigned long long expected_size(const struct prf_data *prf)
{
	if (prf->dos)
		return 18 + 2ull * prf->bucket_num;
	return 8 + 72 + 8ull * prf->bucket_num + 8 + strlen(prf->program ? prf->program : "");
}

int prf_load(const char *path, struct prf_data *prf, char *err, size_t errlen)
{
	struct stat st;
	if (stat(path, &st) != 0) {
		snprintf(err, errlen, "%s", strerror(errno));
		return -1;
	}
	/* A FIFO or a device would block or never end. */
	if (!S_ISREG(st.st_mode)) {
		snprintf(err, errlen, S_ISDIR(st.st_mode) ? "is a directory" : "not a regular file");
		return -1;
	}
	int r = prf_read(path, prf);
	if (r == -EINVAL) {
		snprintf(err, errlen, "not a .PRF file, or truncated");
		return -1;
	}
	if (r < 0) {
		snprintf(err, errlen, "%s", strerror(-r));
		return -1;
	}
	/* prf_read stops after the data it needs: trailing bytes (or a path with a NUL in it)
	 * mean a file of another kind that happened to parse. */
	unsigned long long want = expected_size(prf);
	if ((unsigned long long)st.st_size != want) {
		snprintf(err, errlen, "malformed .PRF: %lld bytes, but its header describes %llu",
			 (long long)st.st_size, want);
		prf_free(prf);
		return -1;
	}
	if (!prf->dos && (prf->arch > CPU_ARCH_IA64 || prf->arch == CPU_ARCH_I8086)) {
		snprintf(err, errlen, "malformed .PRF: unknown architecture %u", (unsigned)prf->arch);
		prf_free(prf);
		return -1;
	}
	return 0;
}
