/* The four personalities' names, as --personality spells them. */
#include <string.h>

#include "profil/profil.h"

static const char *const names[] = {
	[PROF_PERSONALITY_SVR4] = "svr4",
	[PROF_PERSONALITY_BSD] = "bsd",
	[PROF_PERSONALITY_LINUX] = "linux",
	[PROF_PERSONALITY_HPUX] = "hpux",
};

int prof_personality_parse(const char *name)
{
	if (!name)
		return -1;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(name, names[i]) == 0)
			return (int)i;
	return -1;
}

const char *prof_personality_name(enum prof_personality p)
{
	if ((unsigned)p >= sizeof(names) / sizeof(names[0]))
		return "unknown";
	return names[p];
}
