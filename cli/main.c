/* profemu: run a foreign Linux ELF program on an exact, reproducible instruction clock. */
#include "options.h"
#include "run.h"

int main(int argc, char **argv)
{
	struct options o;
	bool done;
	int status = options_parse(&o, argc, argv, &done);
	if (status < 0)
		status = run_program(&o);
	options_free(&o);
	return status;
}
