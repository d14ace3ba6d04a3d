/* The PROFIL program's parameter line is split as a shell would, with no expansion. */
#include <criterion/criterion.h>

#include "cli/shell_words.h"

static void expect(const char *line, int count, const char *const *want)
{
	int n;
	char **w = shell_words_split(line, &n);
	cr_assert_not_null(w, "%s", line);
	cr_assert_eq(n, count, "%s: %d words", line, n);
	for (int i = 0; i < count; i++)
		cr_assert_str_eq(w[i], want[i], "%s: word %d", line, i);
	cr_assert_null(w[count]);
	shell_words_free(w);
}

Test(shell_words, blanks_separate_words)
{
	expect("  a  bb\tccc ", 3, (const char *const[]){ "a", "bb", "ccc" });
	expect("", 0, (const char *const[]){ NULL });
}

Test(shell_words, quotes_keep_blanks_and_join_adjacent_parts)
{
	expect("'a b' \"c d\" e'f g'h", 3, (const char *const[]){ "a b", "c d", "ef gh" });
	expect("\"say \\\"hi\\\" \\n\"", 1, (const char *const[]){ "say \"hi\" \\n" });
	expect("a\\ b \\'c", 2, (const char *const[]){ "a b", "'c" });
	expect("'$HOME' \"$HOME\"", 2, (const char *const[]){ "$HOME", "$HOME" });
}

Test(shell_words, unterminated_quote_is_an_error)
{
	int n;
	cr_assert_null(shell_words_split("a 'b", &n));
	cr_assert_eq(n, -1);
	cr_assert_null(shell_words_split("\"x", &n));
}
