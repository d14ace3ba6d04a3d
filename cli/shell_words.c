/* Shell-like word splitting for the PROFIL program's "parameters" prompt: see shell_words.h. */
#include "shell_words.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static bool push(char ***words, int *n, char *word)
{
	char **grown = realloc(*words, (size_t)(*n + 2) * sizeof(char *));
	if (!grown)
		return false;
	*words = grown;
	grown[(*n)++] = word;
	grown[*n] = NULL;
	return true;
}

char **shell_words_split(const char *line, int *n)
{
	char **words = calloc(1, sizeof(char *));
	char *word = malloc(strlen(line) + 1);
	*n = 0;
	if (!words || !word)
		goto fail;
	size_t len = 0;
	bool in_word = false;
	for (const char *s = line; *s; s++) {
		char c = *s;
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
			if (in_word) {
				word[len] = 0;
				char *w = strdup(word);
				if (!w || !push(&words, n, w))
					goto fail;
				len = 0;
				in_word = false;
			}
			continue;
		}
		in_word = true;
		if (c == '\\') {
			if (s[1])
				word[len++] = *++s;
		} else if (c == '\'') {
			const char *end = strchr(s + 1, '\'');
			if (!end)
				goto unterminated;
			memcpy(word + len, s + 1, (size_t)(end - s - 1));
			len += (size_t)(end - s - 1);
			s = end;
		} else if (c == '"') {
			for (s++; *s != '"'; s++) {
				if (!*s)
					goto unterminated;
				if (*s == '\\' && s[1] && strchr("\"\\$`", s[1]))
					s++;
				word[len++] = *s;
			}
		} else {
			word[len++] = c;
		}
	}
	if (in_word) {
		word[len] = 0;
		char *w = strdup(word);
		if (!w || !push(&words, n, w))
			goto fail;
	}
	free(word);
	return words;
unterminated:
	*n = -1;
fail:
	free(word);
	shell_words_free(words);
	if (*n != -1)
		*n = -1;
	return NULL;
}

void shell_words_free(char **words)
{
	for (size_t i = 0; words && words[i]; i++)
		free(words[i]);
	free(words);
}
