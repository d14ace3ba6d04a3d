/* Splitting a line into words as a POSIX shell would, without any expansion. */
#ifndef PROFEMU_SHELL_WORDS_H
#define PROFEMU_SHELL_WORDS_H

/* Splits line at unquoted blanks; '...' keeps everything literally, "..." keeps all but \" \\
 * \$ \` (backslash-escaped), and an unquoted backslash quotes the next character. Returns a
 * NULL-terminated array of malloc'd words (free with shell_words_free) and the count in *n,
 * or NULL with *n = -1 for an unterminated quote. */
char **shell_words_split(const char *line, int *n);
void shell_words_free(char **words);

#endif
