/* Our PA-RISC disassembly against `hppa-linux-gnu-objdump -d`: every instruction of every
 * program guests/hppa/checks builds (static glibc guests at -O0 and -O2, the freestanding
 * self-test) must print exactly as objdump prints it, "<symbol+off>" aside. The test reports
 * the count agreeing and lists the first disagreements; it skips, saying why, without objdump
 * or without the hppa cross compiler that builds the programs. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu/hppa/hppa_disasm.h"

#define CHECK_DIR "../guests/hppa/checks"

/* objdump's line "   10118:\t6b c2 3f d9 \tstw rp,-14(sp)" as address, word and text without
 * any " <symbol+off>". Returns false for other lines. */
static bool parse_line(char *line, uint32_t *addr, uint32_t *word, char **text)
{
	unsigned a, b[4];
	char *tab1 = strchr(line, '\t'), *tab2;
	if (!tab1 || sscanf(line, " %x:", &a) != 1 ||
	    sscanf(tab1 + 1, "%x %x %x %x", &b[0], &b[1], &b[2], &b[3]) != 4)
		return false;
	tab2 = strchr(tab1 + 1, '\t');
	if (!tab2)
		return false;
	*text = tab2 + 1;
	(*text)[strcspn(*text, "\n")] = '\0';
	char *lt = strstr(*text, " <");
	if (lt) {
		char *gt = strchr(lt, '>');
		if (gt)
			memmove(lt, gt + 1, strlen(gt + 1) + 1);
	}
	size_t n = strlen(*text);
	while (n && (*text)[n - 1] == ' ')
		(*text)[--n] = '\0';
	*addr = a;
	*word = (uint32_t)b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3];
	return true;
}

Test(hppa_disasm, matches_objdump_on_every_guest_instruction)
{
	if (system("hppa-linux-gnu-objdump --version >/dev/null 2>&1") != 0)
		cr_skip_test("hppa-linux-gnu-objdump not found: install binutils-hppa-linux-gnu");
	DIR *dir = opendir(CHECK_DIR);
	if (!dir)
		cr_skip_test(CHECK_DIR " missing: hppa-linux-gnu-gcc was not found at configure time");
	long agree = 0, disagree = 0, programs = 0;
	struct dirent *e;
	while ((e = readdir(dir))) {
		char cmd[512], line[1024], ours[256];
		if (e->d_name[0] == '.')
			continue;
		snprintf(cmd, sizeof cmd, "hppa-linux-gnu-objdump -d " CHECK_DIR "/%s", e->d_name);
		FILE *p = popen(cmd, "r");
		cr_assert(p);
		programs++;
		while (fgets(line, sizeof line, p)) {
			uint32_t addr, word;
			char *text;
			if (!parse_line(line, &addr, &word, &text))
				continue;
			hppa_disasm(word, addr, ours, sizeof ours);
			if (strcmp(ours, text) == 0) {
				agree++;
				continue;
			}
			if (disagree++ < 40)
				cr_log_error("%s %x: %08x objdump \"%s\" ours \"%s\"", e->d_name, addr, word,
					     text, ours);
		}
		cr_assert_eq(pclose(p), 0, "%s failed", cmd);
	}
	closedir(dir);
	cr_log_info("%ld programs: %ld instructions agree with objdump, %ld disagree", programs,
		    agree, disagree);
	if (programs == 0)
		cr_skip_test(CHECK_DIR " is empty");
	cr_assert_eq(disagree, 0, "%ld of %ld instructions disagree with objdump", disagree,
		     agree + disagree);
}

Test(hppa_disasm, unknown_words_print_as_objdump_does)
{
	char buf[64];
	hppa_disasm(0xffffff90u, 0x10000, buf, sizeof buf);
	cr_assert_str_eq(buf, "#ffffff90");
	hppa_disasm(0x00000040u, 0x10000, buf, sizeof buf);
	cr_assert_str_eq(buf, "#      40");
	hppa_disasm(0xe8400000u, 0x10000, buf, 8);	/* truncated but terminated */
	cr_assert_eq(strlen(buf), 7);
}
